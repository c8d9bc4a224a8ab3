"""Joining tables: follow foreign keys from one row to a value several tables away, and aggregate
order rows filtered by attributes of the rows they join to.

The world has five tables linked by ids: orders -> customers -> reps -> offices, and
orders -> products.
"""
from __future__ import annotations

from procgym import Draft, Knob, Task, register

from .._amounts import grade_amount
from ._tables import format_knob, grade_name, render_table

CITIES = ("Austin", "Boston", "Denver", "Seattle", "Miami", "Tulsa", "Omaha", "Reno")
PEOPLE = ("Ava", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo", "Nia",
          "Omar", "Pia", "Quin", "Rosa", "Sam", "Tia", "Uma", "Vic", "Wes", "Yara", "Zed")
SEGMENTS = ("Retail", "Wholesale", "Online", "Public", "Export")
CATEGORIES = ("Tools", "Garden", "Kitchen", "Office", "Toys", "Sports")
ITEMS = ("Anvil", "Bucket", "Clamp", "Drill", "Easel", "Funnel", "Grater", "Hammer", "Ink", "Jigsaw", "Kettle",
         "Ladder", "Mallet", "Nozzle", "Oven", "Pliers", "Quill", "Rake", "Saw", "Trowel")

TABLE_COLUMNS = {
    "orders": ["order", "customer", "product", "qty"],
    "customers": ["customer", "name", "segment", "rep"],
    "reps": ["rep", "name", "office"],
    "offices": ["office", "city", "manager"],
    "products": ["product", "item", "category", "price"],
}


def _ids(rng, prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i}" for i in sorted(rng.sample(range(10, 100), n))]


def make_world(rng, n_orders: int, n_customers: int, n_products: int, n_reps: int, n_offices: int,
               n_categories: int, n_segments: int) -> dict[str, list[dict]]:
    """Five linked tables with random foreign keys (every key refers to an existing row)."""
    offices = [{"office": o, "city": c, "manager": m} for o, c, m in
               zip(_ids(rng, "O", n_offices), rng.sample(CITIES, n_offices), rng.sample(PEOPLE, n_offices))]
    reps = [{"rep": r, "name": nm, "office": rng.choice(offices)["office"]} for r, nm in
            zip(_ids(rng, "R", n_reps), rng.sample(PEOPLE, n_reps))]
    segments = rng.sample(SEGMENTS, n_segments)
    customers = [{"customer": c, "name": nm, "segment": rng.choice(segments), "rep": rng.choice(reps)["rep"]}
                 for c, nm in zip(_ids(rng, "C", n_customers), rng.sample(PEOPLE, n_customers))]
    categories = rng.sample(CATEGORIES, n_categories)
    products = [{"product": p, "item": it, "category": rng.choice(categories), "price": rng.randint(2, 30)}
                for p, it in zip(_ids(rng, "P", n_products), rng.sample(ITEMS, n_products))]
    orders = [{"order": o, "customer": rng.choice(customers)["customer"], "product": rng.choice(products)["product"],
               "qty": rng.randint(1, 20)} for o in _ids(rng, "S", n_orders)]
    return {"orders": orders, "customers": customers, "reps": reps, "offices": offices, "products": products}


def index(world, table: str) -> dict[str, dict]:
    key = TABLE_COLUMNS[table][0]
    return {r[key]: r for r in world[table]}


def render_world(world, tables, fmt) -> str:
    parts = []
    for t in tables:
        rows = sorted(world[t], key=lambda r: r[TABLE_COLUMNS[t][0]]) if t != "orders" else world[t]
        parts.append(f"Table {t}:\n{render_table(TABLE_COLUMNS[t], rows, fmt)}")
    return "\n\n".join(parts)


LINKS = (("orders", "customers", "orders.customer is a customers.customer id"),
         ("orders", "products", "orders.product is a products.product id"),
         ("customers", "reps", "customers.rep is a reps.rep id"),
         ("reps", "offices", "reps.office is an offices.office id"))


def _schema_note(tables) -> str:
    said = [text for a, b, text in LINKS if a in tables and b in tables]
    return ("Ids link the tables: " + "; ".join(said) + ".") if said else ""


def _given(fmt: str) -> str:
    return "These tables are given in CSV (the first line of each is its header)." if fmt == "csv" else \
        "These tables are given as Markdown tables."


# (hops, target table, column, wording) for a lookup that starts at an order
LOOKUPS = (
    (1, "products", "item", "the item name of the product"),
    (1, "products", "category", "the category of the product"),
    (1, "customers", "name", "the name of the customer"),
    (1, "customers", "segment", "the segment of the customer"),
    (2, "reps", "name", "the name of the rep who serves the customer"),
    (3, "offices", "city", "the city of the office of the rep who serves the customer"),
    (3, "offices", "manager", "the manager of the office of the rep who serves the customer"),
)


def follow(world, order: dict, target: str, column: str):
    """The value reached from an order row by following ids to `target` and reading `column`."""
    if target == "products":
        return index(world, "products")[order["product"]][column]
    customer = index(world, "customers")[order["customer"]]
    if target == "customers":
        return customer[column]
    rep = index(world, "reps")[customer["rep"]]
    if target == "reps":
        return rep[column]
    return index(world, "offices")[rep["office"]][column]


def _path(target: str) -> list[str]:
    return {"products": ["orders", "products"], "customers": ["orders", "customers"],
            "reps": ["orders", "customers", "reps"], "offices": ["orders", "customers", "reps", "offices"]}[target]


@register
class JoinLookup(Task):
    """Follow ids across tables: from an order to its product, customer, the customer's rep, and the
    rep's office, and read one value. Higher levels follow more links (up to three joins), name
    the starting order by a condition instead of its id (the largest quantity of a named item,
    which needs another join to find), show every table (distractors) and add rows."""

    name = "data/join_lookup"
    knobs = (
        format_knob(),
        Knob("max_hops", [1, 1, 2, 2] + [3] * 16, (1, 3), doc="largest number of joins to follow"),
        Knob("n_orders", [4, 5, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 45, 50, 55, 60, 70, 80], (2, 80),
             doc="rows in the orders table"),
        Knob("n_customers", [3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (2, 25),
             doc="rows in the customers table"),
        Knob("by_condition", [False] * 5 + [True] * 15,
             doc="whether the starting order is named by a condition instead of its id"),
        Knob("all_tables", [False] * 3 + [True] * 17, doc="whether every table is shown, not only those on the path"),
    )
    answer_format = "the value exactly as it appears in the table"
    example = "Lisbon"  # in none of the word lists the tables draw from, so never the answer

    def build(self, rng, params):
        for _attempt in range(40):
            world = make_world(rng, params["n_orders"], params["n_customers"], 5, 4, 3, 3, 3)
            hops, target, column, words = rng.choice([x for x in LOOKUPS if x[0] <= params["max_hops"]])
            if params["by_condition"]:
                products = index(world, "products")
                item = products[rng.choice(world["orders"])["product"]]["item"]
                mine = sorted((o for o in world["orders"] if products[o["product"]]["item"] == item),
                              key=lambda o: -o["qty"])
                if len(mine) < 2 or mine[0]["qty"] == mine[1]["qty"]:
                    continue  # no unique largest order of that item: draw again
                order = mine[0]
                start = f"the order of item {item} with the largest qty (exactly one such order exists)"
            else:
                order = rng.choice(world["orders"])
                start = f"order {order['order']}"
            break
        else:
            raise ValueError("could not draw a unique starting order; raise n_orders")
        value = follow(world, order, target, column)
        tables = list(TABLE_COLUMNS) if params["all_tables"] else _path(target)
        if params["by_condition"] and "products" not in tables:
            tables.append("products")
        text = render_world(world, tables, params["fmt"])
        question = (f"{_given(params['fmt'])}\n\n{text}\n\n{_schema_note(tables)}\n"
                    f"For {start}, what is {words}?")
        options = sorted({str(v) for t in tables for r in world[t] for v in r.values()})
        return Draft(question, str(value), {"value": str(value), "options": options})

    def effort(self, problem):
        # rows looked through: the orders (each with its product's item when the order is named
        # by a condition), then the table of every join on the way to the value
        params = problem.params
        target = next(target for _, target, _, words in LOOKUPS if f"what is {words}?" in problem.prompt)
        sizes = {"products": 5, "customers": params["n_customers"], "reps": 4, "offices": 3}
        orders = params["n_orders"] * (2 if params["by_condition"] else 1)
        return orders + sum(sizes[t] for t in _path(target)[1:])

    def grade(self, answer, problem):
        return grade_name(answer, problem.check["value"], problem.check["options"], "the value the ids lead to",
                          unknown="That is not a value from the tables.")


METRICS = ("qty", "revenue", "orders", "customers")


@register
class JoinAggregate(Task):
    """Aggregate orders filtered by attributes of joined rows: total quantity, total revenue
    (qty times the product's price), number of orders, or number of distinct customers, over the
    orders whose customer, product, rep or office match conditions. Higher levels join more
    tables (customer segment, product category, the rep's office city), combine conditions, use
    revenue and distinct counts, and add rows."""

    name = "data/join_aggregate"
    knobs = (
        format_knob(),
        Knob("n_conditions", [1, 1, 1, 2, 2, 2] + [3] * 14, (1, 3), doc="conditions on joined attributes"),
        Knob("deep", [False] * 5 + [True] * 15, doc="whether a condition may be on the office city (three joins away)"),
        Knob("metrics", ["qty", "qty", ["qty", "orders"], ["qty", "revenue"], ["qty", "revenue", "orders"]]
             + [list(METRICS)] * 15, choices=METRICS, doc="what is aggregated (a list: one drawn per problem)"),
        Knob("n_orders", [5, 6, 8, 10, 12, 14, 16, 20, 24, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72, 80], (2, 80),
             doc="rows in the orders table"),
        Knob("n_customers", [3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (2, 25),
             doc="rows in the customers table"),
        Knob("qty_filter", [False] * 6 + [True] * 14, doc="whether orders must also meet a quantity threshold"),
    )
    answer_format = "a whole number"
    example = "-57"  # quantities, revenues and counts are never negative: never the answer

    def build(self, rng, params):
        for _attempt in range(40):
            world = make_world(rng, params["n_orders"], params["n_customers"], 6, 4, 3, 3, 3)
            customers, products = index(world, "customers"), index(world, "products")
            reps, offices = index(world, "reps"), index(world, "offices")

            def attrs(o):
                c = customers[o["customer"]]
                return {"segment": c["segment"], "category": products[o["product"]]["category"],
                        "city": offices[reps[c["rep"]]["office"]]["city"]}
            kinds = ["segment", "category"] + (["city"] if params["deep"] else [])
            chosen = rng.sample(kinds, min(params["n_conditions"], len(kinds)))
            if params["deep"] and "city" not in chosen and rng.random() < 0.6:
                chosen[-1] = "city"
            sample = rng.choice(world["orders"])
            conds = {k: attrs(sample)[k] for k in chosen}
            threshold = rng.randint(3, 15) if params["qty_filter"] else None
            kept = [o for o in world["orders"] if all(attrs(o)[k] == v for k, v in conds.items())
                    and (threshold is None or o["qty"] >= threshold)]
            if len(kept) >= 2 and len({o["customer"] for o in kept}) >= 2 or kept and _attempt >= 30:
                break  # several matching orders, from several customers, unless that proves rare
        metric = params["metrics"]
        value = aggregate_orders(kept, metric, products)
        needed = ["orders", "customers", "products"]
        if "city" in conds:
            needed = ["orders", "customers", "reps", "offices", "products"]
        words = {"segment": lambda v: f"the customer's segment is {v}",
                 "category": lambda v: f"the product's category is {v}",
                 "city": lambda v: f"the customer's rep works at the office in {v}"}
        rules = [words[k](v) for k, v in conds.items()] + ([f"qty is at least {threshold}"] if threshold else [])
        ask = {"qty": "What is the total qty of these orders?",
               "revenue": "What is the total revenue of these orders, where an order's revenue is its qty times "
                          "its product's price?",
               "orders": "How many such orders are there?",
               "customers": "How many different customers placed at least one such order?"}[metric]
        question = (f"{_given(params['fmt'])}\n\n"
                    f"{render_world(world, needed, params['fmt'])}\n\n{_schema_note(needed)}\n"
                    f"Consider the orders for which all of these hold: {'; '.join(rules)}. {ask}")
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # every order is joined to what its conditions name (a segment or a category one join
        # away, an office city three) and tested; the metric then reads one value per order
        # (a revenue joins the price too)
        params, prompt = problem.params, problem.prompt
        joins = sum(hops for phrase, hops in _CONDITION_JOINS if phrase in prompt)
        tests = params["n_conditions"] + params["qty_filter"]
        metric = 2 if params["metrics"] == "revenue" else 1
        return params["n_orders"] * (joins + tests + metric)

    def grade(self, answer, problem):
        return grade_amount(answer, problem.check["value"], "the requested total")


# how a condition reads in the question, and the joins it needs from an order row
_CONDITION_JOINS = (("the customer's segment is", 1), ("the product's category is", 1),
                    ("the customer's rep works at the office in", 3))


def aggregate_orders(orders, metric: str, products: dict) -> int:
    if metric == "qty":
        return sum(o["qty"] for o in orders)
    if metric == "revenue":
        return sum(o["qty"] * products[o["product"]]["price"] for o in orders)
    if metric == "orders":
        return len(orders)
    return len({o["customer"] for o in orders})
