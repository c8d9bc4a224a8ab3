"""Generated relational databases for the sql tasks: themes, random tables and their rendering.

Every theme has the same shape under its own names, so one question template serves all of them:

    people  A (id, name, a_cat, a_num, extras...)            e.g. customers (id, name, city, age)
    items   B (id, name, b_cat, b_num, c_id -> C, extras...)  e.g. products (id, name, category, price, supplier_id)
    lookup  C (id, name, c_cat, extras...)                    e.g. suppliers (id, name, country)
    facts   F (id, a_id -> A, b_id -> B, f_num, year, extras) e.g. orders (id, customer_id, product_id, quantity, year)
    other   D (id, name, d_cat, d_num)                        a distractor table no question needs

    db = make_db(rng, THEMES["shop"], rows=12, extras=1, tables="ABCF", null_rate=0.1)
    db["tables"]  # JSON: [{"name", "columns": [[name, type, references]], "rows": [[...]]}]

Ids live in disjoint ranges per table (A from 1, C from 51, B from 101, D from 301, F from 1001),
so a join on the wrong column finds nothing rather than something plausible.
"""
from __future__ import annotations

from dataclasses import dataclass

from ._sandbox import create_statements

FIRST = ("Ana", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo", "Nora",
         "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tara", "Uma", "Vic", "Wes", "Xena", "Yara", "Zed", "Abel", "Bea",
         "Cruz", "Dina", "Emil", "Flor", "Gina", "Hugo", "Iris", "Joel", "Kira", "Liam", "Maya", "Nils", "Olga",
         "Paul", "Rhea", "Saul", "Tess", "Ugo", "Vera", "Will", "Yves", "Zoe", "Ada", "Bo", "Cy", "Dot", "Ed",
         "Flo", "Guy", "Ike", "Jo", "Kit")
CITIES = ("Lyon", "Oslo", "Rome", "Lima", "Kyiv", "Pune", "Cork", "Bern", "Gent", "Nice")
COUNTRIES = ("Peru", "Chad", "Fiji", "Iran", "Mali", "Oman", "Laos", "Togo")


def _combo(left, right):
    return tuple(f"{a} {b}" for b in right for a in left)


@dataclass(frozen=True)
class Col:
    name: str
    kind: str  # "pk", "name", "cat", "num", "fk"
    pool: tuple = ()  # values of a name or cat column
    lo: int = 0
    hi: int = 0  # range of a num column
    ref: str = ""  # role of the table an fk column references ("A", "B", "C")

    @property
    def sql_type(self) -> str:
        return "TEXT" if self.kind in ("name", "cat") else "INTEGER"


@dataclass(frozen=True)
class Table:
    name: str
    noun: str  # one row, singular: "customer"
    cols: tuple[Col, ...]  # the columns questions use, by role: see the module doc
    extras: tuple[Col, ...] = ()  # distractor columns added at higher levels

    def col(self, kind: str, index: int = 0) -> Col:
        return [c for c in self.cols if c.kind == kind][index]


@dataclass(frozen=True)
class Theme:
    name: str
    A: Table
    B: Table
    C: Table
    F: Table
    D: Table

    def table(self, role: str) -> Table:
        return getattr(self, role)


def _people(name, noun, cat, cat_pool, num, lo, hi, extras):
    return Table(name, noun, (Col("id", "pk"), Col("name", "name", FIRST), Col(cat, "cat", cat_pool),
                              Col(num, "num", lo=lo, hi=hi)), extras)


def _items(name, noun, names, cat, cat_pool, num, lo, hi, fk, extras):
    return Table(name, noun, (Col("id", "pk"), Col("name", "name", names), Col(cat, "cat", cat_pool),
                              Col(num, "num", lo=lo, hi=hi), Col(fk, "fk", ref="C")), extras)


def _lookup(name, noun, names, cat, cat_pool, extras):
    return Table(name, noun, (Col("id", "pk"), Col("name", "name", names), Col(cat, "cat", cat_pool)), extras)


def _facts(name, noun, a_fk, b_fk, num, lo, hi, extras):
    return Table(name, noun, (Col("id", "pk"), Col(a_fk, "fk", ref="A"), Col(b_fk, "fk", ref="B"),
                              Col(num, "num", lo=lo, hi=hi), Col("year", "num", lo=2020, hi=2023)), extras)


def _other(name, noun, names, cat, cat_pool, num, lo, hi):
    return Table(name, noun, (Col("id", "pk"), Col("name", "name", names), Col(cat, "cat", cat_pool),
                              Col(num, "num", lo=lo, hi=hi)))


THEMES = {
    "shop": Theme(
        "shop",
        _people("customers", "customer", "city", CITIES, "age", 18, 70,
                (Col("segment", "cat", ("retail", "trade", "staff")), Col("visits", "num", lo=0, hi=40))),
        _items("products", "product", _combo(("Red", "Blue", "Gold", "Iron", "Oak", "Jade", "Tiny"),
                                             ("Lamp", "Mug", "Desk", "Kite", "Vase", "Fan", "Clock", "Rug")),
               "category", ("home", "toys", "garden", "office", "kitchen"), "price", 2, 90, "supplier_id",
               (Col("stock", "num", lo=0, hi=300), Col("color", "cat", ("black", "white", "green")))),
        _lookup("suppliers", "supplier", _combo(("Acme", "Zenith", "Nordic", "Delta", "Apex", "Vista"), ("Ltd", "Co")),
                "country", COUNTRIES, (Col("rating", "num", lo=1, hi=5),)),
        _facts("orders", "order", "customer_id", "product_id", "quantity", 1, 9,
               (Col("status", "cat", ("paid", "open", "sent")), Col("discount", "num", lo=0, hi=30))),
        _other("stores", "store", _combo(("North", "South", "East", "West"), ("Mall", "Depot")), "city", CITIES,
               "floors", 1, 6),
    ),
    "school": Theme(
        "school",
        _people("students", "student", "house", ("Ash", "Elm", "Fir", "Oak", "Yew"), "age", 11, 18,
                (Col("club", "cat", ("chess", "drama", "band")), Col("absences", "num", lo=0, hi=20))),
        _items("courses", "course", _combo(("Intro", "Applied", "Modern", "Basic", "Honors", "Global", "Early"),
                                           ("Maths", "Art", "Music", "Biology", "History", "Drama", "Coding", "Latin")),
               "subject", ("science", "arts", "humanities", "languages"), "credits", 1, 8, "teacher_id",
               (Col("room", "num", lo=100, hi=400), Col("level", "cat", ("core", "elective")))),
        _lookup("teachers", "teacher", _combo(("Ms", "Mr", "Dr"), ("Hale", "Stone", "Moss", "Reed", "Park")),
                "department", ("STEM", "Arts", "Humanities"), (Col("years", "num", lo=1, hi=30),)),
        _facts("enrollments", "enrollment", "student_id", "course_id", "score", 40, 100,
               (Col("term", "cat", ("fall", "spring")), Col("attempt", "num", lo=1, hi=3))),
        _other("rooms", "room", _combo(("Lab", "Hall", "Studio"), ("A", "B", "C")), "building",
               ("main", "annex"), "capacity", 10, 60),
    ),
    "library": Theme(
        "library",
        _people("members", "member", "city", CITIES, "age", 16, 80,
                (Col("plan", "cat", ("basic", "plus", "family")), Col("fines", "num", lo=0, hi=25))),
        _items("books", "book", _combo(("Dark", "Lost", "Silent", "Last", "Green", "Hidden", "Broken"),
                                       ("River", "Crown", "Garden", "Tower", "Winter", "Mirror", "Road", "Island")),
               "genre", ("mystery", "fantasy", "history", "poetry", "science"), "pages", 80, 900, "author_id",
               (Col("copies", "num", lo=1, hi=9), Col("format", "cat", ("paper", "hardback", "audio")))),
        _lookup("authors", "author", _combo(("A.", "B.", "C.", "D.", "E."), ("Lund", "Okoro")),
                "country", COUNTRIES, (Col("born", "num", lo=1930, hi=1995),)),
        _facts("loans", "loan", "member_id", "book_id", "days", 1, 30,
               (Col("branch", "cat", ("central", "east", "west")), Col("renewals", "num", lo=0, hi=3))),
        _other("branches", "branch", _combo(("Central", "Harbor", "Hill"), ("Library", "Annex")), "city", CITIES,
               "floors", 1, 5),
    ),
    "flights": Theme(
        "flights",
        _people("passengers", "passenger", "nationality", COUNTRIES, "age", 2, 90,
                (Col("tier", "cat", ("none", "silver", "gold")), Col("bags", "num", lo=0, hi=3))),
        _items("flights", "flight", tuple(f"FL{n}" for n in range(100, 160)), "destination", CITIES, "duration",
               40, 600, "airline_id",
               (Col("gate", "num", lo=1, hi=40), Col("aircraft", "cat", ("A320", "B737", "E190")))),
        _lookup("airlines", "airline", _combo(("Sky", "Blue", "Aero", "Star", "Sun"), ("Air", "Jet")), "country",
                COUNTRIES, (Col("fleet", "num", lo=5, hi=200),)),
        _facts("bookings", "booking", "passenger_id", "flight_id", "price", 40, 900,
               (Col("class", "cat", ("economy", "business")), Col("seat_row", "num", lo=1, hi=40))),
        _other("airports", "airport", _combo(("Port", "Field", "Bay"), ("One", "Two", "Three")), "city", CITIES,
               "runways", 1, 4),
    ),
    "hospital": Theme(
        "hospital",
        _people("patients", "patient", "city", CITIES, "age", 1, 95,
                (Col("blood", "cat", ("A", "B", "AB", "O")), Col("height", "num", lo=50, hi=200))),
        _items("doctors", "doctor", _combo(("Dr Ames", "Dr Bell", "Dr Cole", "Dr Diaz", "Dr Egan", "Dr Ford",
                                            "Dr Gray"), ("Jr", "Sr", "II", "III", "IV", "V", "VI", "VII")),
               "specialty", ("cardio", "neuro", "ortho", "derma", "pediatrics"), "experience", 1, 40, "clinic_id",
               (Col("shifts", "num", lo=1, hi=7), Col("grade", "cat", ("junior", "senior")))),
        _lookup("clinics", "clinic", _combo(("St Ann", "Mercy", "Union", "Valley", "Lakeside"), ("West", "East")),
                "city", CITIES, (Col("beds", "num", lo=20, hi=400),)),
        _facts("visits", "visit", "patient_id", "doctor_id", "cost", 20, 500,
               (Col("kind", "cat", ("checkup", "urgent", "follow-up")), Col("minutes", "num", lo=5, hi=90))),
        _other("wards", "ward", _combo(("Ward", "Unit"), ("1", "2", "3", "4")), "wing", ("north", "south"),
               "floor", 1, 9),
    ),
}
THEME_NAMES = tuple(THEMES)
ID_START = {"A": 1, "C": 51, "B": 101, "D": 301, "F": 1001}
ROLE_ORDER = "ACBFD"  # tables referenced before the tables that reference them


def make_db(rng, theme: Theme, rows: int, extras: int, roles: str, null_rate: float = 0.0,
            nullable=("cat", "num"), num_span: int | None = None) -> dict:
    """A random database with the tables of `roles` (a subset of "ABCFD"), each with its question
    columns and `extras` distractor columns. A has `rows` rows, B about as many, C a few, F about
    twice as many. Values of the kinds in `nullable` are NULL with probability `null_rate` (never
    ids, names or foreign keys). `num_span` narrows the num columns (so ties occur)."""
    sizes = {"A": rows, "B": max(3, rows * 3 // 4), "C": max(3, min(8, rows // 3)), "F": rows * 2,
             "D": max(3, rows // 2)}
    tables, ids = [], {}
    for role in ROLE_ORDER:
        if role not in roles:
            continue
        spec = theme.table(role)
        n = sizes[role]
        # a key to a table that is not in this database is left out: no dangling REFERENCES
        cols = [c for c in list(spec.cols) + list(spec.extras[:extras]) if c.kind != "fk" or c.ref in roles]
        start = ID_START[role]
        ids[role] = list(range(start, start + n))
        # one value maker per column; rng.random() arithmetic rather than choice/randint, which
        # cost several times more and this loop fills every cell of every table
        random = rng.random
        makers = []
        for col in cols:
            if col.kind == "pk":
                makers.append(("id", None))
            elif col.kind == "name":
                pool = list(col.pool) if n <= len(col.pool) else \
                    [f"{p} {i}" for i, p in enumerate(col.pool * (n // len(col.pool) + 1))]
                makers.append(("list", rng.sample(pool, n)))
            elif col.kind == "fk":
                makers.append(("pick", (ids[col.ref], False)))
            elif col.kind == "cat":
                makers.append(("pick", (col.pool, col.kind in nullable)))
            else:
                hi = col.hi if num_span is None or col.name == "year" else min(col.hi, col.lo + num_span)
                makers.append(("num", (col.lo, hi - col.lo + 1, col.kind in nullable)))
        body = []
        for i in range(n):
            row = []
            for how, arg in makers:
                if how == "id":
                    row.append(ids[role][i])
                elif how == "list":
                    row.append(arg[i])
                elif how == "pick":
                    pool, can_null = arg
                    if can_null and null_rate and random() < null_rate:
                        row.append(None)
                    else:
                        row.append(pool[int(random() * len(pool))])
                else:
                    lo, span, can_null = arg
                    if can_null and null_rate and random() < null_rate:
                        row.append(None)
                    else:
                        row.append(lo + int(random() * span))
            body.append(row)
        tables.append({"name": spec.name, "role": role,
                       "columns": [[c.name, c.sql_type, theme.table(c.ref).name if c.kind == "fk" else ""]
                                   for c in cols],
                       "rows": body})
    return {"tables": tables}


def table_of(db: dict, role: str) -> dict:
    return next(t for t in db["tables"] if t["role"] == role)


def column(db: dict, role: str, name: str) -> list:
    """The values of one column of the table with that role."""
    t = table_of(db, role)
    i = [c[0] for c in t["columns"]].index(name)
    return [r[i] for r in t["rows"]]


def cell_text(v) -> str:
    return "NULL" if v is None else str(v)


def render_db(db: dict) -> str:
    """The schema as CREATE TABLE lines, then every table's rows as a pipe-separated table."""
    parts = ["The SQLite database has these tables:", "", *create_statements(db)]
    has_null = False
    for t in db["tables"]:
        parts += ["", f"Table {t['name']}:", " | ".join(c[0] for c in t["columns"])]
        for row in t["rows"]:
            has_null = has_null or None in row
            parts.append(" | ".join(cell_text(v) for v in row))
    if has_null:
        parts += ["", "NULL marks a missing value (SQL NULL)."]
    return "\n".join(parts)


def sql_value(v) -> str:
    return f"'{v}'" if isinstance(v, str) else str(v)


def db_rows(db: dict) -> int:
    return sum(len(t["rows"]) for t in db["tables"])
