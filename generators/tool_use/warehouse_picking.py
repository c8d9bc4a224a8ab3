"""Reserve stock lots for orders, earliest expiry first, backordering what cannot be filled."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command

PAGE = 6  # orders per page of list_orders
ITEMS = ("yoghurt", "milk", "cheese", "juice", "salad", "bread", "butter", "cream", "tofu", "hummus", "soup", "pesto")
GRAMMAR = {"list_orders": ("int",), "get_product": ("word",), "reserve": ("word", "word", "int"),
           "release": ("word",), "backorder": ("word",), "cancel_order": ("word",), "write_off": ("word",),
           "finish": ()}


def amounts(reserved: dict) -> str:
    return ", ".join(f"{q} of {k}" for k, q in sorted(reserved.items())) or "nothing"


def usable(check: dict, sku: str) -> list[dict]:
    """The lots of a product that may be used, earliest expiry first (ties by lot id)."""
    lots = [lot for lot in check["products"][sku]["lots"] if lot["expiry"] >= check["ship_day"]]
    return sorted(lots, key=lambda lot: (lot["expiry"], lot["lot"]))


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final reservations and backorders, its commands). It lists every
    page; for each order in list order it reads the product (the first time it is needed), then
    reserves from its usable lots earliest expiry first, as much as each lot has left; a lot on
    quality hold refuses a reservation and is skipped from then on. An order the usable stock
    cannot fill completely has its part reservations released and is backordered."""
    left = {lot["lot"]: lot["qty"] for v in check["products"].values() for lot in v["lots"]}
    held, read, reserved, back = set(), set(), {}, []
    script = [f"list_orders {p}" for p in range(1, max(1, -(-len(check["orders"]) // PAGE)) + 1)]
    for o, sku, qty in check["orders"]:
        if sku not in read:
            read.add(sku)
            script.append(f"get_product {sku}")
        need, got = qty, {}
        for lot in usable(check, sku):
            k = lot["lot"]
            if k in held or not left[k]:
                continue
            take = min(need, left[k])
            script.append(f"reserve {o} {k} {take}")
            if k in check["held"]:
                held.add(k)
                continue
            left[k] -= take
            need -= take
            got[k] = take
            if not need:
                break
        if need:
            if got:
                script.append(f"release {o}")
                for k, q in got.items():
                    left[k] += q
            script.append(f"backorder {o}")
            back.append(o)
        else:
            reserved[o] = got
    return {"reserved": reserved, "backorder": sorted(back)}, script + ["finish"]


@register
class WarehousePicking(TurnBudgetTask):
    """A warehouse's stock is hidden behind tools: list_orders PAGE shows the orders to ship (id,
    product, quantity), get_product SKU a product's lots (quantity left and expiry day); reserve
    ORDER LOT QTY sets stock aside for an order (it fails, changing nothing, for a lot on quality
    hold), release ORDER undoes an order's reservations, backorder ORDER marks an order to wait
    for stock; cancel_order and write_off are harmful. The goal: for each order in list order,
    reserve from its product's lots earliest expiry first, never from a lot that expires before
    the ship day (from level 3), taking as much as each lot has left; an order the stock cannot
    fill completely is backordered with nothing reserved. From level 6 some lots are on hold,
    which a failed reservation reveals. The reward is 1 exactly when every order's reservations
    and the backorders equal the goal state (unique). Higher levels add orders (more pages),
    lots per product, expired and held lots, tighter stock and fewer spare turns."""

    name = "tool_use/warehouse_picking"
    knobs = (
        Knob("orders", [1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24], (1, 30),
             doc="orders to ship"),
        Knob("lots", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 8), doc="lots per product"),
        Knob("expired", [0.0, 0.0, 0.2, 0.2, 0.2, 0.2, 0.25, 0.25, 0.25, 0.25, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3,
                         0.3, 0.3, 0.3], (0.0, 0.9), doc="share of lots expiring before the ship day"),
        Knob("held", [0] * 5 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4], (0, 10), doc="lots on quality hold"),
        Knob("stock", [1.6, 1.6, 1.5, 1.5, 1.4, 1.4, 1.3, 1.3, 1.3, 1.2, 1.2, 1.2, 1.1, 1.1, 1.1, 1.0, 1.0, 1.0, 1.0,
                       1.0], (0.5, 3.0), doc="usable stock as a multiple of the quantity ordered"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_product K123; finish ends"
    example = "list_orders 0"
    tools = (
        Tool("list_orders", f"List the orders to ship ({PAGE} to a page): id, product, quantity.",
             "list_orders {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_product", "Read a product's lots: quantity left and expiry day of each.", "get_product {product}",
             (Param("product", "string", "the product id, e.g. K123"),)),
        Tool("reserve", "Set part of a lot aside for an order.", "reserve {order} {lot} {quantity}",
             (Param("order", "string", "the order id"), Param("lot", "string", "the lot id"),
              Param("quantity", "integer", "how many, above 0"))),
        Tool("release", "Undo all reservations of an order.", "release {order}",
             (Param("order", "string", "the order id"),)),
        Tool("backorder", "Mark an order with nothing reserved to wait for new stock.", "backorder {order}",
             (Param("order", "string", "the order id"),)),
        Tool("cancel_order", "Cancel an order.", "cancel_order {order}", (Param("order", "string", "the order id"),)),
        Tool("write_off", "Write off what is left of a lot.", "write_off {lot}",
             (Param("lot", "string", "the lot id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n, ship = params["orders"], rng.randrange(20, 300)
        n_products = max(1, (n + 1) // 2)
        skus = [f"K{x}" for x in rng.sample(range(100, 1000), n_products)]
        lot_ids = iter(f"L{x}" for x in rng.sample(range(100, 1000), n_products * params["lots"]))
        orders = [[f"O{x}", rng.choice(skus), rng.randint(1, 9)] for x in sorted(rng.sample(range(100, 1000), n))]
        products = {}
        for k, sku in enumerate(skus):
            demand = sum(q for _, s, q in orders if s == sku)
            total = max(params["lots"], int(demand * params["stock"] * rng.uniform(0.7, 1.3)))
            cuts = sorted(rng.sample(range(1, total), params["lots"] - 1)) if params["lots"] > 1 else []
            sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
            lots = []
            for size in sizes:
                gone = rng.random() < params["expired"]
                expiry = ship - rng.randrange(1, 15) if gone else ship + rng.randrange(0, 60)
                lots.append({"lot": next(lot_ids), "qty": size, "expiry": expiry})
            products[sku] = {"item": ITEMS[k % len(ITEMS)], "lots": lots}
        check = {"products": products, "orders": orders, "ship_day": ship, "held": [], "budget": 0}
        # held lots are usable ones of ordered products, so that a reservation can meet the hold
        pool = sorted({lot["lot"] for _, s, _ in orders for lot in usable(check, s)})
        check["held"] = sorted(rng.sample(pool, min(params["held"], len(pool))))
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        rule = ("never use a lot that expires before the ship day; " if params["expired"] else "")
        question = (
            f"You run a warehouse's order picking through tools. {n} orders ship on day {ship}; the stock lots are "
            "hidden until you look them up.\nGoal: for each order, in the order listed, reserve its quantity from "
            f"its product's lots, the lot that expires first first (ties: the lower lot id); {rule}take from each "
            "lot as much as it has left (up to what the order still needs) before moving to the next. A lot on "
            "quality hold cannot be used: skip it. If the usable stock cannot fill an order completely, reserve "
            "nothing for it (release any part reserved) and backorder it. Change nothing else.\n\n"
            "Commands (one per turn):\n"
            f"  list_orders PAGE            orders to ship, {PAGE} a page, page 1 first\n"
            "  get_product SKU             a product's lots: quantity left and expiry day\n"
            "  reserve ORDER LOT QTY       set part of a lot aside for an order\n"
            "  release ORDER               undo all reservations of an order\n"
            "  backorder ORDER             mark an order with nothing reserved to wait for stock\n"
            "  cancel_order ORDER          cancel an order\n"
            "  write_off LOT               write off what is left of a lot\n"
            "  finish                      end the episode; reservations and backorders are then checked\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (orders listed, lots of a product)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1
            if words[0] == "list_orders":
                work += len(check["orders"][(int(words[1]) - 1) * PAGE: int(words[1]) * PAGE])
            elif words[0] == "get_product":
                work += len(check["products"][words[1]]["lots"])
        return work

    def start(self, problem):
        check = problem.check
        return {"left": {lot["lot"]: lot["qty"] for v in check["products"].values() for lot in v["lots"]},
                "reserved": {}, "backorder": [], "harm": []}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        products, left, reserved = check["products"], state["left"], state["reserved"]
        orders = {o: (sku, qty) for o, sku, qty in check["orders"]}
        if command == "finish":
            final = {"reserved": {o: r for o, r in reserved.items() if r}, "backorder": sorted(state["backorder"]),
                     "harm": state["harm"]}
            return finish(final, dict(check["goal"], harm=[]), self.difference)
        if command == "list_orders":
            lines = [f"{o} {sku} ({products[sku]['item']}) quantity {qty}" for o, sku, qty in check["orders"]]
            return page_of(lines, args[0], PAGE, "orders"), None
        if command == "get_product":
            sku = args[0].upper()
            if sku not in products:
                return f"Error: there is no product {sku[:30]}.", None
            lots = "; ".join(f"{lot['lot']} {left[lot['lot']]} left, expires day {lot['expiry']}"
                             for lot in products[sku]["lots"])
            return f"{sku} ({products[sku]['item']}): {lots}", None
        if command == "write_off":
            k = args[0].upper()
            if k not in left:
                return f"Error: there is no lot {k[:30]}.", None
            left[k] = 0
            state["harm"].append(f"lot {k} was written off")
            return f"Lot {k} is written off.", None
        o = args[0].upper()
        if o not in orders:
            return f"Error: there is no order {o[:30]}.", None
        sku, qty = orders[o]
        mine = reserved.setdefault(o, {})
        if command == "cancel_order":
            state["harm"].append(f"order {o} was cancelled")
            return f"Order {o} is cancelled.", None
        if command == "release":
            for k, q in mine.items():
                left[k] += q
            mine.clear()
            return f"The reservations of {o} are released.", None
        if o in state["backorder"]:
            return f"Error: {o} is backordered already.", None
        if command == "backorder":
            if mine:
                return f"Error: {o} has stock reserved; release it first.", None
            state["backorder"].append(o)
            return f"{o} is backordered.", None
        k, q = args[1].upper(), args[2]
        lot = next((lot for lot in products[sku]["lots"] if lot["lot"] == k), None)
        if lot is None:
            return f"Error: {k[:30]} is not a lot of {sku}.", None
        if q <= 0 or q > left[k]:
            return f"Error: lot {k} has {left[k]} left; reserve from 1 to {left[k]}.", None
        if q > qty - sum(mine.values()):
            return f"Error: {o} needs only {qty - sum(mine.values())} more.", None
        if k in check["held"]:
            return f"Error: lot {k} is on quality hold; nothing reserved.", None
        left[k] -= q
        mine[k] = mine.get(k, 0) + q
        return f"Reserved {q} of lot {k} for {o}; it needs {qty - sum(mine.values())} more.", None

    @staticmethod
    def difference(final, goal):
        if final["harm"]:
            return final["harm"][0]
        for o in sorted(set(goal["reserved"]) | set(final["reserved"])):
            got, want = final["reserved"].get(o, {}), goal["reserved"].get(o, {})
            if got != want:
                return f"order {o} has {amounts(got)} reserved, the goal has {amounts(want)}"
        return (f"the backorders are {', '.join(final['backorder']) or 'none'}, the goal has "
                f"{', '.join(goal['backorder']) or 'none'}")

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
