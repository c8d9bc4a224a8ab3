"""Tables for the data tasks: themed random rows, row filters and their wording, table rendering,
and the theme and format knobs.

    theme = THEMES["sales"]
    rows = make_rows(rng, theme, 12, n_values=4)   # list of dicts, one per row
    cond = random_condition(rng, theme, rows, ("is", ">"))
    text = render_table(theme.columns, rows, "markdown")
"""
from __future__ import annotations

from dataclasses import dataclass

from procgym.kit import read_choice
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

FORMATS = ("csv", "markdown")


@dataclass(frozen=True)
class Theme:
    """A kind of table: an id column, categorical columns with their value pools, and integer
    columns with their ranges. `product` names a derived column (the product of two integer
    columns, e.g. revenue = units * unit_price) that harder questions aggregate."""

    name: str
    noun: str  # what one row is, plural: "sales records"
    key: str  # the id column
    prefix: str  # id prefix, e.g. "S"
    cats: tuple[tuple[str, tuple[str, ...]], ...]
    nums: tuple[tuple[str, int, int], ...]
    product: tuple[str, str, str]  # (derived name, factor column, factor column)

    @property
    def columns(self) -> list[str]:
        return [self.key] + [c for c, _ in self.cats] + [c for c, _, _ in self.nums]

    @property
    def cat_names(self) -> list[str]:
        return [c for c, _ in self.cats]

    @property
    def num_names(self) -> list[str]:
        return [c for c, _, _ in self.nums]

    def pool(self, col: str) -> tuple[str, ...]:
        return dict(self.cats)[col]


THEMES = {
    "sales": Theme(
        "sales", "sales records", "order", "S",
        (("region", ("North", "South", "East", "West", "Central", "Coast", "Valley")),
         ("product", ("Widget", "Gadget", "Gizmo", "Sprocket", "Bracket", "Valve", "Hinge")),
         ("rep", ("Ava", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus"))),
        (("units", 1, 60), ("unit_price", 2, 40)),
        ("revenue", "units", "unit_price")),
    "staff": Theme(
        "staff", "employee records", "emp", "E",
        (("dept", ("Sales", "Support", "Finance", "Legal", "Design", "Research", "Ops")),
         ("city", ("Austin", "Boston", "Denver", "Seattle", "Miami", "Tulsa", "Omaha")),
         ("grade", ("Junior", "Mid", "Senior", "Lead", "Staff", "Intern", "Fellow"))),
        (("hours", 10, 48), ("rate", 12, 70)),
        ("pay", "hours", "rate")),
    "school": Theme(
        "school", "exam results", "id", "P",
        (("class", ("7A", "7B", "8A", "8B", "9A", "9B", "9C")),
         ("subject", ("Math", "Physics", "History", "Art", "Biology", "Music", "French")),
         ("term", ("Fall", "Spring", "Summer", "Winter", "Autumn", "Early", "Late"))),
        (("score", 30, 100), ("weight", 1, 5)),
        ("points", "score", "weight")),
    "freight": Theme(
        "freight", "shipment records", "ship", "F",
        (("carrier", ("Acme", "Bolt", "Crane", "Delta", "Echo", "Falcon", "Giant")),
         ("origin", ("Lyon", "Oslo", "Porto", "Riga", "Turin", "Vigo", "Ghent")),
         ("mode", ("Road", "Rail", "Sea", "Air", "Barge", "Van", "Drone"))),
        (("crates", 1, 40), ("kg_per_crate", 5, 60)),
        ("total_kg", "crates", "kg_per_crate")),
}
THEME_NAMES = tuple(sorted(THEMES))


def make_rows(rng, theme: Theme, n: int, n_values: int, num_hi: int | None = None) -> list[dict]:
    """`n` rows with unique ids; each categorical column draws from the first `n_values` values
    of its pool (shuffled per table), each integer column from its range (capped by `num_hi`)."""
    pools = {}
    for col, pool in theme.cats:
        values = list(pool)
        rng.shuffle(values)
        pools[col] = sorted(values[:max(1, min(n_values, len(values)))])
    ids = rng.sample(range(100, 1000), n)
    spans = [(col, lo, (hi if num_hi is None else max(lo, min(hi, lo + num_hi))) - lo + 1) for col, lo, hi in theme.nums]
    cat_pools = [(col, pools[col], len(pools[col])) for col, _ in theme.cats]
    rand = rng.random  # one float per cell: several times faster than choice/randint, and as seeded
    rows = []
    for i in range(n):
        row = {theme.key: f"{theme.prefix}{ids[i]}"}
        for col, pool, k in cat_pools:
            row[col] = pool[int(rand() * k)]
        for col, lo, width in spans:
            row[col] = lo + int(rand() * width)
        rows.append(row)
    return rows


def value_of(row: dict, col: str, theme: Theme) -> int | str:
    """A column's value in a row, including the derived product column."""
    if col == theme.product[0]:
        return row[theme.product[1]] * row[theme.product[2]]
    return row[col]


def values_in(rows: list[dict], col: str) -> list:
    return sorted({r[col] for r in rows})


# ---------------------------------------------------------------- conditions

CAT_OPS = ("is", "is not", "one of")
NUM_OPS = (">", ">=", "<", "<=", "between")
OP_LEVELS = {  # which operators a level's "ops" knob allows
    "equals": ("is",),
    "compare": ("is", ">", "<"),
    "all": CAT_OPS + NUM_OPS,
}


def holds(cond: tuple, row: dict, theme: Theme) -> bool:
    """Whether a row satisfies a condition (col, op, value)."""
    col, op, value = cond
    v = value_of(row, col, theme)
    if op == "is":
        return v == value
    if op == "is not":
        return v != value
    if op == "one of":
        return v in value
    if op == ">":
        return v > value
    if op == ">=":
        return v >= value
    if op == "<":
        return v < value
    if op == "<=":
        return v <= value
    lo, hi = value
    return lo <= v <= hi


def cond_text(cond: tuple) -> str:
    col, op, value = cond
    if op == "is":
        return f"{col} is {value}"
    if op == "is not":
        return f"{col} is not {value}"
    if op == "one of":
        return f"{col} is one of {', '.join(value)}"
    words = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most"}
    if op in words:
        return f"{col} is {words[op]} {value}"
    return f"{col} is between {value[0]} and {value[1]} (inclusive)"


def random_condition(rng, theme: Theme, rows: list[dict], ops: tuple[str, ...], cols=None) -> tuple:
    """A condition on a random column whose value or threshold is taken from the rows, so it
    selects some rows but rarely all of them."""
    cat_ops = [o for o in ops if o in CAT_OPS]
    num_ops = [o for o in ops if o in NUM_OPS]
    candidates = cols or (theme.cat_names if cat_ops else []) + (theme.num_names if num_ops else [])
    col = rng.choice(candidates)
    if col in theme.cat_names:
        op = rng.choice(cat_ops or ["is"])
        present = values_in(rows, col)
        if op == "one of" and len(present) >= 3:
            return col, op, tuple(sorted(rng.sample(present, 2)))
        return col, "is" if op == "one of" else op, rng.choice(present)
    op = rng.choice(num_ops or [">"])
    seen = sorted({r[col] for r in rows})
    if op == "between":
        a, b = sorted(rng.sample(seen, 2)) if len(seen) >= 2 else (seen[0], seen[0])
        return col, op, (a, b)
    return col, op, seen[len(seen) // 4 + rng.randrange(max(1, len(seen) // 2))]


def random_conditions(rng, theme: Theme, rows: list[dict], ops: tuple[str, ...], n: int, cols=None) -> list[tuple]:
    """`n` conditions, no two on the same column with the same operator (repeats read as
    mistakes, and an exact repeat adds nothing)."""
    out, seen = [], set()
    for _ in range(n):
        for _attempt in range(10):
            cond = random_condition(rng, theme, rows, ops, cols)
            if cond[:2] not in seen:
                break
        seen.add(cond[:2])
        out.append(cond)
    return out


def filters_text(conds: list[tuple]) -> str:
    return "; ".join(cond_text(c) for c in conds)


# ---------------------------------------------------------------- rendering

def render_table(columns: list[str], rows: list[dict], fmt: str) -> str:
    """A table as CSV (header line first) or as a Markdown pipe table."""
    cells = [[str(r[c]) for c in columns] for r in rows]
    if fmt == "csv":
        return "\n".join([",".join(columns)] + [",".join(line) for line in cells])
    widths = [max(len(c), *(len(line[i]) for line in cells)) if cells else len(c) for i, c in enumerate(columns)]
    def line(items):
        return "| " + " | ".join(s.ljust(w) for s, w in zip(items, widths)) + " |"
    return "\n".join([line(columns), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(c) for c in cells])


def table_intro(fmt: str) -> str:
    return "CSV (the first line is the header)" if fmt == "csv" else "a Markdown table"


# ---------------------------------------------------------------- effort

def row_work(n_rows: int, n_conditions: int, reads: int, prompt: str) -> int:
    """Cells a solver handles going once through a table: each row is checked against every
    condition and has `reads` values read, and one multiplication more where the prompt's
    question uses the derived product column."""
    derived = "multiplied by its" in prompt  # the derived column's note, as the questions state it
    return n_rows * (n_conditions + reads + derived)


def sorting_work(n: int) -> int:
    """About n log n comparisons: a sort of n values."""
    return n * max(1, (n - 1).bit_length())


# ---------------------------------------------------------------- answers

def grade_name(answer: str, expected: str, options, what: str = "the answer",
               unknown: str = "Give exactly one of the names in the table.") -> Verdict:
    """One value from the table (`options`), in any case, compared with the expected one; a text
    that is not one of the options (two names, leftover words) is refused with `unknown`."""
    try:
        given = read_choice(answer, options)
    except ParseError:
        return wrong(unknown)
    return right() if given == expected else wrong(f"That is not {what}.")


# ---------------------------------------------------------------- shared knobs

def theme_knob(levels: int = 20):
    """The table theme, drawn per problem (all themes at every level: only the wording changes)."""
    from procgym import Knob
    return Knob("theme", [list(THEME_NAMES)] * levels, choices=THEME_NAMES,
                doc="table theme (a list: one drawn per problem)")


def format_knob(levels: int = 20):
    """The table format, drawn per problem (both formats at every level)."""
    from procgym import Knob
    return Knob("fmt", [list(FORMATS)] * levels, choices=FORMATS, doc="table format (a list: one drawn per problem)")
