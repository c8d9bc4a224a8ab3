"""Inventory simulations: stock levels after a log of receipts, sales, returns, transfers and
counts; and a reorder-point policy run day by day with a delivery lead time."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register

from procgym.kit import grade_int

ITEMS = ("bolts", "nails", "hinges", "valves", "gaskets", "washers", "springs", "pulleys")
SITES = ("Depot A", "Depot B", "Depot C", "Depot D")
EVENTS = ("receive", "sell", "return", "damaged", "transfer", "count")
EVENT_LEVELS = {
    "basic": ("receive", "sell"),
    "returns": ("receive", "sell", "return", "damaged"),
    "all": EVENTS,
}


def run_log(start: dict, log: list[tuple]) -> tuple[dict, dict]:
    """Apply the log to starting stock {(item, site): units}. A sale or transfer of more than is
    on hand moves only what is there; the rest of a sale is lost. Returns (stock, lost units per
    item)."""
    stock = dict(start)
    lost: dict[str, int] = {}
    for kind, item, site, qty, other in log:
        have = stock.get((item, site), 0)
        if kind == "receive" or kind == "return":
            stock[(item, site)] = have + qty
        elif kind == "sell":
            shipped = min(have, qty)
            stock[(item, site)] = have - shipped
            lost[item] = lost.get(item, 0) + qty - shipped
        elif kind == "transfer":
            moved = min(have, qty)
            stock[(item, site)] = have - moved
            stock[(item, other)] = stock.get((item, other), 0) + moved
        elif kind == "count":
            stock[(item, site)] = qty
        # "damaged" returns are written off: stock does not change
    return stock, lost


def event_text(step: int, event: tuple) -> str:
    kind, item, site, qty, other = event
    return {
        "receive": f"{step}. {site} receives {qty} {item} from a supplier.",
        "sell": f"{step}. A customer orders {qty} {item} from {site}.",
        "return": f"{step}. A customer returns {qty} {item} to {site} in good condition.",
        "damaged": f"{step}. A customer returns {qty} {item} to {site}, damaged.",
        "transfer": f"{step}. {site} sends {qty} {item} to {other}.",
        "count": f"{step}. A stock count at {site} finds exactly {qty} {item}.",
    }[kind]


INV_ASKS = ("site_stock", "item_total", "lost")


@register
class InventorySimulation(Task):
    """Track stock through a log of receipts, sales, returns (restockable or damaged), transfers
    between sites and physical counts that overwrite the books. Sales and transfers larger than
    the stock move only what is on hand. Ask the final stock of an item at one site, across all
    sites, or the units of an item that could not be sold. Higher levels add items, sites,
    events and event kinds."""

    name = "data/inventory_simulation"
    knobs = (
        Knob("n_items", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (1, 8), doc="distinct items"),
        Knob("n_sites", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4] + [4] * 10, (1, 4), doc="sites (warehouses)"),
        Knob("n_events", [3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 29, 32, 36, 40, 44, 48, 53, 58], (1, 200),
             doc="events in the log"),
        Knob("events", ["basic", "basic", "returns", "returns"] + ["all"] * 16,
             choices=tuple(EVENT_LEVELS), doc="event kinds used"),
        Knob("asks", ["site_stock", "site_stock", "site_stock", ["site_stock", "lost"]] + [list(INV_ASKS)] * 16,
             choices=INV_ASKS, doc="question kind (a list: one drawn per problem)"),
    )
    answer_format = "a whole number of units"
    example = "-37"  # stock and lost units are never negative: never the answer

    def build(self, rng, params):
        items = sorted(rng.sample(ITEMS, params["n_items"]))
        sites = list(SITES[:params["n_sites"]])
        start = {(i, s): rng.randint(10, 50) for i in items for s in sites}
        kinds = [k for k in EVENT_LEVELS[params["events"]] if k != "transfer" or len(sites) > 1]
        log = []
        for _ in range(params["n_events"]):
            kind = rng.choice(kinds + ["sell"])  # sales are the most common event
            item, site = rng.choice(items), rng.choice(sites)
            other = rng.choice([s for s in sites if s != site]) if kind == "transfer" else ""
            qty = {"sell": rng.randint(1, 20), "receive": rng.randint(5, 40), "count": rng.randint(0, 40)}.get(
                kind, rng.randint(1, 15))
            log.append((kind, item, site, qty, other))
        stock, lost = run_log(start, log)
        ask = params["asks"]
        short = sorted(i for i in items if lost.get(i))
        if ask == "lost" and not short:
            ask = "item_total"  # nothing was lost: a question whose answer is 0 would be a giveaway
        item = rng.choice(short) if ask == "lost" else rng.choice(log)[1]  # an item the log touches
        touched = sorted({e[2] for e in log if e[1] == item} | {e[4] for e in log if e[1] == item and e[4]})
        opening = "\n".join(f"- {s}: " + ", ".join(f"{start[(i, s)]} {i}" for i in items) for s in sites)
        rules = ("Events happen in order. If a customer orders more than the site has, the site ships all it has and "
                 "the rest of the order is lost (not kept for later). A transfer of more than the site has sends "
                 "only what it has. Damaged returns are thrown away and do not add to stock. A stock count "
                 "replaces the recorded stock with the counted number.")
        if ask == "site_stock":
            site = rng.choice(touched)
            value, q = stock[(item, site)], f"How many {item} are at {site} after the last event?"
        elif ask == "item_total":
            value = sum(stock[(item, s)] for s in sites)
            q = f"How many {item} are there in total across all sites after the last event?"
        else:
            value = lost.get(item, 0)
            q = f"In total, how many units of {item} were ordered by customers but not shipped?"
        question = f"Opening stock:\n{opening}\n\nEvents:\n" + "\n".join(
            event_text(i + 1, e) for i, e in enumerate(log)) + f"\n\n{rules}\n{q}"
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # the opening stock of every item at every site, then one update per logged event
        params = problem.params
        return params["n_items"] * params["n_sites"] + params["n_events"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the number of units")


REORDER_ASKS = ("final_stock", "orders", "lost", "first_stockout")


def run_policy(stock: int, demand: list[int], reorder_point: int, order_qty: int, lead: int,
               position: bool, review: int, tally: list[int] | None = None) -> dict:
    """Simulate days 1..n. Each day: deliveries due that morning arrive, then demand is served
    from stock (unmet demand is lost). At the end of day d, if d is a review day (d % review == 0)
    and the stock level (plus units on order when `position`) is at or below the reorder point,
    order `order_qty`, arriving at the start of day d + lead. `tally[0]`, when given, counts the
    simulation's steps: each day a delivery looked up, the demand served and the review rule
    applied; each reorder check one comparison more, plus the orders in transit it adds up; and
    each order placed."""
    arrivals: dict[int, int] = {}
    orders = lost = 0
    first_stockout = 0
    tally = [0] if tally is None else tally
    for day, want in enumerate(demand, start=1):
        tally[0] += 3
        stock += arrivals.pop(day, 0)
        served = min(stock, want)
        stock -= served
        lost += want - served
        if want > served and not first_stockout:
            first_stockout = day
        level = stock + (sum(arrivals.values()) if position else 0)
        if day % review == 0:
            tally[0] += 1 + (len(arrivals) if position else 0)
        if day % review == 0 and level <= reorder_point:
            arrivals[day + lead] = arrivals.get(day + lead, 0) + order_qty
            orders += 1
            tally[0] += 1
    return {"final_stock": stock, "orders": orders, "lost": lost, "first_stockout": first_stockout}


# the policy's numbers, as the prompt states them
_OPENING = re.compile(r"starts day 1 with (\d+) ")
_RULE = re.compile(r"if that is (\d+) or less, it orders (\d+) ")
_DEMAND = re.compile(r"day \d+: (\d+)")


@register
class ReorderSimulation(Task):
    """A reorder-point inventory policy run day by day: deliveries arrive in the morning, demand is
    served (unmet demand is lost), and at the end of a review day an order is placed when the
    stock is at or below the reorder point; it arrives after a lead time. Ask the final stock,
    the number of orders, the lost units, or the first day with a stockout. Higher levels add
    days, longer lead times (several orders in transit), counting units on order toward the
    reorder check, and periodic review days."""

    name = "data/reorder_simulation"
    knobs = (
        Knob("n_days", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 23, 26, 29, 32, 35, 38, 42, 46, 50, 55], (1, 100),
             doc="days simulated"),
        Knob("lead", [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7], (1, 10),
             doc="days from ordering to delivery"),
        Knob("position", [False] * 5 + [True] * 15, doc="count units already on order in the reorder check"),
        Knob("review", [1, 1, 1, 1, 1, 1, 1, [1, 2]] + [[2, 3]] * 12, (1, 7),
             doc="stock is checked only at the end of days divisible by this"),
        Knob("asks", ["final_stock", "final_stock", ["final_stock", "orders"], ["final_stock", "orders", "lost"]]
             + [list(REORDER_ASKS)] * 16, choices=REORDER_ASKS, doc="question kind (a list: one drawn per problem)"),
    )
    answer_format = "a whole number"
    example = "-12"  # stock, orders, lost units and day numbers are never negative: never the answer

    def build(self, rng, params):
        n, lead, review = params["n_days"], params["lead"], params["review"]
        ask = params["asks"]
        for _attempt in range(30):
            demand = [rng.randint(0, 12) for _ in range(n)]
            stock = rng.randint(10, 40)
            reorder_point = rng.randint(5, 20)
            order_qty = rng.randint(10, 40)
            result = run_policy(stock, demand, reorder_point, order_qty, lead, params["position"], review)
            if ask != "first_stockout" or result["first_stockout"]:
                break
        else:
            ask = "final_stock"
        item = rng.choice(ITEMS)
        check = ("At the end of each day" if review == 1 else
                 f"At the end of every day whose number is a multiple of {review} (days {review}, {2 * review}, ...)")
        level = ("the stock on hand plus all units already ordered but not yet delivered" if params["position"]
                 else "the stock on hand (units already ordered do not count)")
        rules = (f"A shop starts day 1 with {stock} {item} in stock. Each day, first any delivery due that day arrives "
                 f"and is added to stock, then customers demand the day's units; demand beyond the stock is lost. "
                 f"{check}, the shop looks at {level}; if that is {reorder_point} or less, it orders {order_qty} "
                 f"{item}, which arrive at the start of the day {lead} day{'s' if lead > 1 else ''} later (an order "
                 f"placed at the end of day d arrives at the start of day d+{lead}).")
        days = ", ".join(f"day {i + 1}: {d}" for i, d in enumerate(demand))
        q = {"final_stock": f"How many {item} are in stock at the end of day {n}?",
             "orders": f"How many orders does the shop place during days 1 to {n}?",
             "lost": f"How many units of demand are lost in total during days 1 to {n}?",
             "first_stockout": "On which day is demand first not fully met? Give the day number."}[ask]
        value = result[ask]
        return Draft(f"{rules}\nDaily demand: {days}.\n{q}", str(value), {"value": value})

    def effort(self, problem):
        # the policy replayed day by day from the prompt's numbers, counting its steps
        prompt, params = problem.prompt, problem.params
        stock = int(_OPENING.search(prompt).group(1))
        reorder_point, order_qty = map(int, _RULE.search(prompt).groups())
        demand = [int(units) for units in _DEMAND.findall(prompt)]
        tally = [0]
        run_policy(stock, demand, reorder_point, order_qty, params["lead"], params["position"], params["review"], tally)
        return tally[0]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the right number")
