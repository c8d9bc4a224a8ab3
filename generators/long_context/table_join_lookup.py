"""Joins over long tables in text: total the quantity ordered by customers of one city for one
product category (and one order status), joining orders to customers and products by id."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._haystack import CITIES, below, budget, density_knob, people, tokens_knob

CATEGORIES = ("hardware", "garden", "kitchen", "office", "toys", "sports", "lighting", "audio", "bath", "pets")
MATERIALS = ("steel", "oak", "brass", "nylon", "glass", "cotton", "copper", "bamboo", "ceramic", "rubber",
             "walnut", "linen", "marble", "canvas", "silver", "wool")
ITEMS = ("hinge", "lamp", "bowl", "rake", "clock", "basket", "kettle", "stool", "mat", "tray", "hook", "jar",
         "brush", "shelf", "speaker", "ball", "leash", "mirror", "planter", "frame")
STATUSES = ("shipped", "pending", "cancelled", "returned")
ROW_CHARS = {"orders": 40, "customers": 32, "products": 30}  # mean row lengths, for sizing the tables


def join_total(orders, customers, products, query) -> tuple[int, int]:
    """(total quantity, matching orders): orders joined to their customer's city and their
    product's category, kept when every asked condition holds."""
    city = {cid: c for cid, _, c in customers}
    category = {pid: c for pid, _, c in products}
    hits = [qty for _, cid, pid, qty, status in orders
            if city[cid] == query["city"] and category[pid] == query["category"]
            and query.get("status", status) == status]
    return sum(hits), len(hits)


@register
class TableJoinLookup(Task):
    """Three long tables in text (customers with their city, products with their category, and
    orders naming a customer id, a product id, a quantity and a status). Give the total quantity
    of the orders whose customer lives in a given city and whose product is in a given category
    (and, from level 4, whose status is shipped). Near-miss orders meet every condition but one.
    Levels grow the tables from about 1,000 tokens to 32,000 at level 10 (46,000 at 20), add the
    status condition, and raise the share of near misses.

    Generation: about 1,000 problems/s at level 5 and 220 at level 10 on one shared core. A level-5 prompt
    is about 28,000 characters, some 750 table rows each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/table_join_lookup"
    knobs = (
        tokens_knob(),
        Knob("conditions", [2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (2, 3),
             doc="conditions to join on: the customer's city and the product's category, then the status"),
        density_knob("percent of the orders that are near misses (every condition but one holds)"),
    )
    answer_format = "an integer, the total quantity"
    example = "-1"  # a total of quantities is never negative

    def build(self, rng, params):
        chars = budget(params)
        n_orders = max(8, int(chars * 0.7) // ROW_CHARS["orders"])
        n_customers = max(6, int(chars * 0.22) // ROW_CHARS["customers"])
        n_products = max(6, min(len(MATERIALS) * len(ITEMS), int(chars * 0.08) // ROW_CHARS["products"]))
        cities = CITIES[:max(4, min(len(CITIES), n_customers // 6))]
        customers = [(f"C{i + 1:04d}", name, cities[below(rng, len(cities))])
                     for i, name in enumerate(people(rng, n_customers))]
        names = rng.sample(range(len(MATERIALS) * len(ITEMS)), n_products)
        products = [(f"P{i + 1:03d}", f"{MATERIALS[k // len(ITEMS)]} {ITEMS[k % len(ITEMS)]}",
                     CATEGORIES[below(rng, len(CATEGORIES))]) for i, k in enumerate(names)]
        city = customers[below(rng, n_customers)][2]
        category = products[below(rng, n_products)][2]
        query = {"city": city, "category": category}
        if params["conditions"] == 3:
            query["status"] = "shipped"
        by_city = {True: [c[0] for c in customers if c[2] == city], False: [c[0] for c in customers if c[2] != city]}
        by_cat = {True: [p[0] for p in products if p[2] == category],
                  False: [p[0] for p in products if p[2] != category]}
        share, p_match = params["distractor_pct"] / 100, min(0.3, max(0.02, 5 / n_orders))
        rand = rng.random  # draws inlined as int(rand() * n): a level-10 table has 2,000 orders
        keys = list(query)
        orders = []
        for i in range(n_orders):
            x = rand()
            if x < share + p_match:
                good = [True, True, True]  # city, category, status
                if x < share:  # a near miss: one condition fails
                    good[int(rand() * len(keys))] = False
            else:
                good = [rand() < 0.2, rand() < 0.2, rand() < 0.5]
            custs = by_city[good[0]] or by_city[not good[0]]
            prods = by_cat[good[1]] or by_cat[not good[1]]
            status = "shipped" if good[2] else STATUSES[1 + int(rand() * 3)]
            orders.append((f"O{i + 1:05d}", custs[int(rand() * len(custs))], prods[int(rand() * len(prods))],
                           1 + int(rand() * 20), status))
        value, hits = join_total(orders, customers, products, query)
        cond = f"customer lives in {city} and whose product is in the category {category}"
        if "status" in query:
            cond += " and whose status is shipped"
        # fixed-width rows written directly: the ids have fixed widths, and a 1,000-row table
        # costs one format per row
        parts = ["Three tables follow: customers, products and orders. Each order names a customer id and a "
                 "product id.\n\nCustomers:\nid     name             city"]
        parts += [f"{c[0]}  {c[1]:<15}  {c[2]}" for c in customers]
        parts.append("\nProducts:\nid    name            category")
        parts += [f"{p[0]}  {p[1]:<14}  {p[2]}" for p in products]
        parts.append("\nOrders:\nid      customer  product  qty  status")
        parts += [f"{o[0]}  {o[1]}     {o[2]}     {o[3]:>3}  {o[4]}" for o in orders]
        question = ("\n".join(parts) +
                    f"\n\nWhat is the total quantity (sum of qty) of the orders whose {cond}? "
                    "Answer 0 if no order matches.")
        rows = n_orders + n_customers + n_products
        return Draft(question, str(value), {"value": value, "rows": rows, "hits": hits})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the total quantity")

    def effort(self, problem):
        # every row of every table is read to build the joins; each matching order is added up
        return problem.check["rows"] + problem.check["hits"] * problem.params["conditions"]
