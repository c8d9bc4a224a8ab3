"""Helpers for the second set of logic families (clauses, circuits, grids, families, finite
models): bit-parallel truth tables, clause rendering, and strict answer readers.

Truth tables are bit sets over all 2^n assignments: bit a is the assignment in which variable i
(0-based) is true exactly when bit i of a is set. `var_tables(n)[1][i]` is the set where variable
i is true, so a clause or a whole formula is evaluated on every assignment at once with a few
big-integer operations.

The readers are strict: they tolerate whitespace, case and outer brackets, but nothing that
changes meaning, and they raise ValueError with one sentence saying what is wrong.
"""
from __future__ import annotations

import re
from functools import lru_cache

# ---------------------------------------------------------------- truth tables


@lru_cache(maxsize=64)
def var_tables(n: int) -> tuple[int, tuple[int, ...]]:
    """(all 2^n assignments, the bit set where variable i is true, for each i)."""
    size = 1 << n
    tables = []
    for i in range(n):
        pattern = ((1 << (1 << i)) - 1) << (1 << i)  # 2^i zeros then 2^i ones
        length = 1 << (i + 1)
        while length < size:  # repeat by doubling
            pattern |= pattern << length
            length *= 2
        tables.append(pattern)
    return (1 << size) - 1, tuple(tables)


def clause_table(clause, n: int) -> int:
    """The assignments (bit set over n variables) satisfying a clause of nonzero ints (-v is NOT xv)."""
    full, var = var_tables(n)
    t = 0
    for x in clause:
        t |= var[x - 1] if x > 0 else full ^ var[-x - 1]
    return t


def cnf_table(clauses, n: int) -> int:
    full, _ = var_tables(n)
    t = full
    for c in clauses:
        t &= clause_table(c, n)
        if not t:
            break
    return t


def decode(a: int, n: int) -> list[bool]:
    """The assignment with index a: values[i] is variable i's value."""
    return [bool(a >> i & 1) for i in range(n)]


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def popcount(mask: int) -> int:
    return mask.bit_count()


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---------------------------------------------------------------- clauses

def render_literal(x: int, prefix: str = "x") -> str:
    return f"{prefix}{x}" if x > 0 else f"NOT {prefix}{-x}"


def render_clause(clause, prefix: str = "x") -> str:
    return " OR ".join(render_literal(x, prefix) for x in clause)


def clause_holds(clause, values: dict[int, bool]) -> bool:
    return any(values[abs(x)] == (x > 0) for x in clause)


# ---------------------------------------------------------------- strict readers

_STRIP = "'\"`.!* \t\n"
_TRUE = {"t", "true", "1"}
_FALSE = {"f", "false", "0"}


def clean(text: str) -> str:
    """Lowercase, outer quotes/periods/markdown stars stripped, inner whitespace collapsed."""
    return re.sub(r"\s+", " ", text.strip().strip(_STRIP).strip().lower())


def strip_brackets(text: str) -> str:
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1].strip()
    return s


_ASSIGN = re.compile(r"([a-z][a-z0-9_]{0,7})\s*(?:=|:)\s*([a-z0-9]+)")


def parse_assignment(text: str, names, what: str = "variable") -> dict[str, bool]:
    """{name: value} for every name in `names`, from "x1=T, x2=F" (T/F, true/false, 1/0; case
    and spacing free; commas, semicolons or new lines between items). Every name must get
    exactly one value; ValueError says what is wrong."""
    known = {n.lower(): n for n in names}
    values: dict[str, bool] = {}
    s = strip_brackets(text.strip().strip(_STRIP))
    for raw in re.split(r"[,;\n]", s):
        item = raw.strip().strip(_STRIP).lower()
        if not item:
            continue
        m = _ASSIGN.fullmatch(item)
        if not m:
            raise ValueError(f"Could not read {raw.strip()[:30]!r}: write each {what} as name=T or name=F.")
        name, word = m.groups()
        if name not in known:
            raise ValueError(f"There is no {what} called {name[:10]!r}.")
        if word in _TRUE:
            value = True
        elif word in _FALSE:
            value = False
        else:
            raise ValueError(f"Could not read {word[:10]!r} as a value: write T/F, true/false or 1/0.")
        if known[name] in values:
            raise ValueError(f"{known[name]} is given a value more than once.")
        values[known[name]] = value
    missing = [n for n in names if n not in values]
    if not values:
        raise ValueError(f"Give a value for every {what}, e.g. {names[0]}=T.")
    if missing:
        raise ValueError(f"Every {what} needs a value; {missing[0]} has none.")
    return values


NONE_WORDS = ("none", "nobody", "no one", "empty", "{}", "[]")


def parse_name_set(text: str, names, what: str = "name", allow_none: bool = True) -> set[str]:
    """A set of names from a comma-separated list (case and spacing free; outer brackets allowed;
    "none" for the empty set when `allow_none`). Unknown and repeated names raise ValueError."""
    known = {n.lower(): n for n in names}
    s = clean(text)
    if allow_none and s in NONE_WORDS:
        return set()
    s = strip_brackets(s)
    if not s:
        raise ValueError(f"The list is empty: write {'none' if allow_none else 'at least one ' + what}.")
    out: set[str] = set()
    for raw in s.split(","):
        item = raw.strip().strip(_STRIP)
        if not item:
            raise ValueError("The list has an empty item: separate names with single commas.")
        if item in ("none", "nobody"):
            raise ValueError("Write none alone, not inside a list.")
        if item not in known:
            raise ValueError(f"There is no {what} called {raw.strip()[:20]!r}.")
        if known[item] in out:
            raise ValueError(f"{known[item]} is listed twice.")
        out.add(known[item])
    return out


def parse_int_set(text: str, lo: int, hi: int, what: str = "number") -> list[int]:
    """Distinct integers in lo..hi from a comma-separated list (spaces and outer brackets free)."""
    s = strip_brackets(clean(text))
    if not s:
        raise ValueError(f"Give at least one {what}.")
    out: list[int] = []
    for raw in s.split(","):
        item = raw.strip()
        if not re.fullmatch(r"\d{1,4}", item):
            raise ValueError(f"Could not read {raw.strip()[:20]!r} as a {what}: write whole numbers separated by "
                             "commas.")
        k = int(item)
        if not lo <= k <= hi:
            raise ValueError(f"There is no {what} {k}: they run from {lo} to {hi}.")
        if k in out:
            raise ValueError(f"{what.capitalize()} {k} is listed twice.")
        out.append(k)
    return out


def names_list(items) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
