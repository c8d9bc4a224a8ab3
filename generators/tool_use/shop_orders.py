"""Fulfil a hidden shop's pending orders oldest first from the stock, cancelling the ones it
cannot cover."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # orders per page of list_orders
PRODUCTS = ("lamp", "chair", "desk", "shelf", "rug", "mirror", "stool", "vase", "clock", "sofa", "bench",
            "mug", "kettle", "pillow", "easel", "crate")
GRAMMAR = {"list_orders": ("int",), "get_order": ("word",), "get_stock": ("word",), "ship_order": ("word",),
           "cancel_order": ("word",), "restock": ("word", "int"), "email_customer": ("word",), "finish": ()}


def placed_text(minute: int) -> str:
    return f"day {minute // 1440 + 1} {minute % 1440 // 60:02d}:{minute % 60:02d}"


def solve(check: dict) -> tuple[dict, dict, list[str]]:
    """The reference solver: (final statuses, final stock, its commands). It lists every page
    (any page may hold a pending order), then takes pending orders by time placed; for each one it
    reads the order, reads the stock of products it has not seen yet, and ships the order when the
    stock covers every line, else cancels it (or leaves it pending where the goal says so). Orders
    of customers on hold are left alone."""
    orders, script = check["orders"], []
    script += [f"list_orders {p}" for p in range(1, -(-len(check["order"]) // PAGE) + 1)]
    status = {i: o["status"] for i, o in orders.items()}
    stock, known = dict(check["stock"]), set()
    pending = sorted((i for i, o in orders.items() if o["status"] == "pending" and o["customer"] not in check["hold"]),
                     key=lambda i: orders[i]["placed"])
    for i in pending:
        script.append(f"get_order {i}")
        for product, _ in orders[i]["lines"]:
            if product not in known:
                known.add(product)
                script.append(f"get_stock {product}")
        if all(stock[p] >= q for p, q in orders[i]["lines"]):
            for p, q in orders[i]["lines"]:
                stock[p] -= q
            status[i] = "shipped"
            script.append(f"ship_order {i}")
        elif check["cancel_rest"]:
            status[i] = "cancelled"
            script.append(f"cancel_order {i}")
    return status, stock, script + ["finish"]


@register
class ShopOrders(TurnBudgetTask):
    """A shop's orders and stock are hidden behind tools: list_orders PAGE shows order ids,
    customers, times placed and statuses, get_order ID the lines of one order, get_stock PRODUCT
    the units in stock; ship_order fails (changing nothing) when the stock does not cover every
    line; cancel_order cancels; restock and email_customer are harmful and irrelevant
    distractors. The goal: take the pending orders oldest first and ship each one that the stock
    left at that point covers in full; from level 3 the others are cancelled, and from level 8
    the orders of named customers are on hold and must stay pending. The reward is 1 exactly when
    every order's status and every product's stock equal the goal state (unique: the order of
    fulfilment is fixed by the times). Higher levels add orders (more pages, shipped and cancelled
    ones among them), products and lines per order, customers on hold and fewer spare turns."""

    name = "tool_use/shop_orders"
    knobs = (
        Knob("orders", [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 30], (1, 60),
             doc="orders in the shop (pending and done)"),
        Knob("products", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12, 14, 16], (1, len(PRODUCTS)),
             doc="products the orders draw from"),
        Knob("lines", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5], (1, 6),
             doc="most lines in one order"),
        Knob("done_share", [0.0, 0.0, 0.1, 0.1, 0.15, 0.15, 0.2, 0.2, 0.2, 0.2, 0.25, 0.25, 0.25, 0.25, 0.3, 0.3,
                            0.3, 0.3, 0.3, 0.3], (0.0, 0.5), doc="share of orders already shipped or cancelled"),
        Knob("cancel_rest", [False, False] + [True] * 18, doc="whether orders the stock cannot cover are cancelled"),
        Knob("holds", [0] * 7 + [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3], (0, 5),
             doc="customers whose orders are on hold"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_order O123; finish ends"
    example = "list_orders 1"
    tools = (
        Tool("list_orders", f"List the orders ({PAGE} to a page): id, customer, time placed, status.",
             "list_orders {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_order", "Read the lines (product and units) of one order.", "get_order {order}",
             (Param("order", "string", "the order id, e.g. O123"),)),
        Tool("get_stock", "Read the units of a product in stock.", "get_stock {product}",
             (Param("product", "string", "the product name, e.g. lamp"),)),
        Tool("ship_order", "Ship a pending order, taking its units from stock; fails if the stock does not cover "
                           "it.", "ship_order {order}", (Param("order", "string", "the order id"),)),
        Tool("cancel_order", "Cancel a pending order.", "cancel_order {order}",
             (Param("order", "string", "the order id"),)),
        Tool("restock", "Add units of a product to the stock (a purchase).", "restock {product} {units}",
             (Param("product", "string", "the product name"), Param("units", "integer", "units to add"))),
        Tool("email_customer", "Send the customer of an order a status e-mail.", "email_customer {order}",
             (Param("order", "string", "the order id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n = params["orders"]
        products = sorted(rng.sample(PRODUCTS, params["products"]))
        customers = rng.sample(PEOPLE, min(len(PEOPLE), max(3, n // 2 + 1)))
        hold = sorted(rng.sample(customers, min(params["holds"], len(customers) - 1)))
        ids = [f"O{x}" for x in rng.sample(range(100, 1000), n)]
        times = rng.sample(range(0, 5 * 1440, 7), n)
        orders = {}
        for i, t in zip(ids, times):
            lines = rng.sample(products, rng.randint(1, min(params["lines"], len(products))))
            status = "pending"
            if rng.random() < params["done_share"]:
                status = rng.choice(("shipped", "cancelled"))
            orders[i] = {"customer": rng.choice(customers), "placed": t, "status": status,
                         "lines": [[p, rng.randint(1, 4)] for p in sorted(lines)]}
        active = [i for i in ids if orders[i]["status"] == "pending" and orders[i]["customer"] not in hold]
        if not active:  # the goal must ask for a change: make the earliest order pending, off hold
            first = min(ids, key=lambda i: orders[i]["placed"])
            orders[first]["status"] = "pending"
            orders[first]["customer"] = next(c for c in customers if c not in hold)
        demand = {p: sum(q for o in orders.values() if o["status"] == "pending" for pp, q in o["lines"] if pp == p)
                  for p in products}
        # stock covers about two thirds of the pending demand, so some orders ship and some do not
        stock = {p: rng.randint(0, max(1, demand[p] * 2 // 3 + 1)) for p in products}
        check = {"orders": orders, "order": sorted(ids), "stock": stock, "hold": hold,
                 "cancel_rest": params["cancel_rest"], "budget": 0}
        status, final_stock, script = solve(check)
        check["goal"] = {"status": status, "stock": final_stock}
        check["budget"] = len(script) + params["slack"]
        rest = ("cancel each order that it does not cover" if params["cancel_rest"]
                else "leave the orders that it does not cover pending")
        hold_text = (f" Orders of {', '.join(hold)} are on hold: leave them exactly as they are." if hold else "")
        question = (
            f"You run a shop's order system through tools. It holds {n} orders, and stock of these products: "
            f"{', '.join(products)}; the orders' lines and the stock are hidden until you look them up.\n"
            "Goal: go through the pending orders from the oldest (earliest placed) to the newest. Ship each one "
            f"that the stock left at that point covers in full (every line), and {rest}.{hold_text} Orders that "
            "are already shipped or cancelled stay as they are, and the stock must change only by what you ship.\n\n"
            "Commands (one per turn):\n"
            f"  list_orders PAGE         id, customer, time placed and status, {PAGE} orders a page, page 1 first\n"
            "  get_order ID             the lines of an order (product and units)\n"
            "  get_stock PRODUCT        units in stock\n"
            "  ship_order ID            ship a pending order (fails, changing nothing, if stock is short)\n"
            "  cancel_order ID          cancel a pending order\n"
            "  restock PRODUCT UNITS    buy more units of a product\n"
            "  email_customer ID        e-mail the order's customer its status\n"
            "  finish                   end the episode; orders and stock are then checked against the goal\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (orders listed, order lines, stock)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            command, _, arg = line.partition(" ")
            work += 1
            if command == "list_orders":
                work += len(check["order"][(int(arg) - 1) * PAGE: int(arg) * PAGE])
            elif command == "get_order":
                work += len(check["orders"][arg]["lines"])
            elif command == "get_stock":
                work += 1
        return work

    def start(self, problem):
        check = problem.check
        return {"status": {i: o["status"] for i, o in check["orders"].items()}, "stock": dict(check["stock"])}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        orders, stock, status = check["orders"], state["stock"], state["status"]
        if command == "finish":
            return finish({"status": status, "stock": stock},
                          {"status": check["goal"]["status"], "stock": check["goal"]["stock"]},
                          self.difference)
        if command == "list_orders":
            lines = [f"{i} {orders[i]['customer']} placed {placed_text(orders[i]['placed'])} {status[i]}"
                     for i in check["order"]]
            return page_of(lines, args[0], PAGE, "orders"), None
        if command in ("get_stock", "restock"):
            product = args[0].lower()
            if product not in stock:
                return f"Error: the shop sells no {product[:30]}.", None
            if command == "get_stock":
                return f"{product}: {stock[product]} in stock", None
            if args[1] <= 0:
                return "Error: restock at least 1 unit.", None
            stock[product] += args[1]
            return f"Bought {args[1]} {product}; {stock[product]} in stock.", None
        oid = args[0].upper()
        if oid not in orders:
            return f"Error: there is no order {oid[:30]}.", None
        if command == "get_order":
            lines = ", ".join(f"{p} x{q}" for p, q in orders[oid]["lines"])
            return f"{oid} ({status[oid]}): {lines}", None
        if command == "email_customer":
            return f"E-mailed {orders[oid]['customer']} about {oid}.", None
        if status[oid] != "pending":
            return f"Error: order {oid} is {status[oid]}, not pending.", None
        if command == "cancel_order":
            status[oid] = "cancelled"
            return f"Order {oid} is cancelled.", None
        short = [(p, q) for p, q in orders[oid]["lines"] if stock[p] < q]
        if short:
            p, q = short[0]
            return f"Error: not enough {p} for {oid} (needs {q}, {stock[p]} in stock); nothing shipped.", None
        for p, q in orders[oid]["lines"]:
            stock[p] -= q
        status[oid] = "shipped"
        return f"Order {oid} is shipped.", None

    @staticmethod
    def difference(final, goal):
        for i in sorted(goal["status"]):
            if final["status"][i] != goal["status"][i]:
                return f"order {i} is {final['status'][i]}, the goal needs it {goal['status'][i]}"
        p = next(p for p in sorted(goal["stock"]) if final["stock"][p] != goal["stock"][p])
        return f"{final['stock'][p]} {p} in stock, the goal leaves {goal['stock'][p]}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[2]
        return script[min(state["turn"], len(script) - 1)]
