"""Per-task tests for data/*: exact values of the solvers on hand-checked instances, prompts
re-read and re-solved independently (tables parsed back from the CSV text), accepted
alternative forms and rejected near misses."""
import re
from collections import Counter
from fractions import Fraction

import pytest

import procgym
from procgym import Problem
from procgym.generators.data import grouping, inventory, joins, ledgers, query
from procgym.generators._amounts import read_amount as parse_value
from procgym.generators.data._tables import THEMES, holds
from procgym.kit import money_text, number_text
from answer_helpers import ok

NAMES = ["data/filter_count", "data/sort_top_k", "data/column_stats", "data/group_aggregate", "data/group_argmax",
         "data/pivot_cell", "data/join_lookup", "data/join_aggregate", "data/running_balance", "data/ledger_error",
         "data/journal_missing_amount", "data/inventory_simulation", "data/reorder_simulation"]


def record(name, check, answer="x"):
    return Problem(name, 0, 5, {}, "(test)", answer, check)


# --------------------------------------------------------------------------- all tasks

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in procgym.get(name).levels:
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_consecutive_levels_differ_and_level_five_varies(name):
    task = procgym.get(name)
    knobs = task.knobs
    for level in range(1, task.max_level):
        assert [k.levels[level - 1] for k in knobs] != [k.levels[level] for k in knobs], (name, level)
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=6)
    doubled = [p.answer + p.answer] if set(p.answer) != {"0"} else []  # "00" is a fair way to write 0
    for text in ["", "banana", "-", "$", "1/0", "nan"] + doubled:
        assert not ok(p, text), text


# --------------------------------------------------------------------------- reading prompts back

def csv_rows(prompt):
    """The first CSV table in a prompt as a list of dicts (numbers as ints)."""
    lines = prompt.split("\n\n")[1].splitlines()
    header = lines[0].split(",")
    out = []
    for line in lines[1:]:
        out.append({h: int(v) if v.lstrip("-").isdigit() else v for h, v in zip(header, line.split(","))})
    return out


WORDS = {"greater than": lambda v, x: v > x, "at least": lambda v, x: v >= x, "less than": lambda v, x: v < x,
         "at most": lambda v, x: v <= x}


def parse_cond(text):
    """A predicate on a row dict from the prompt's wording of one condition."""
    text = text.strip()
    m = re.fullmatch(r"(\w+) is between (\d+) and (\d+) \(inclusive\)", text)
    if m:
        col, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        return lambda r: lo <= r[col] <= hi
    for words, op in WORDS.items():
        m = re.fullmatch(rf"(\w+) is {words} (\d+)", text)
        if m:
            col, x = m.group(1), int(m.group(2))
            return lambda r, col=col, x=x, op=op: op(r[col], x)
    m = re.fullmatch(r"(\w+) is one of (.+)", text)
    if m:
        col, options = m.group(1), {o.strip() for o in m.group(2).split(",")}
        return lambda r: r[col] in options
    m = re.fullmatch(r"(\w+) is not (\w+)", text)
    if m:
        return lambda r, col=m.group(1), v=m.group(2): str(r[col]) != v
    m = re.fullmatch(r"(\w+) is (\w+)", text)
    assert m, text
    return lambda r, col=m.group(1), v=m.group(2): str(r[col]) == v


def split_conds(text):
    """Conditions joined by '; ' (a 'one of' list uses ', ' inside, which is kept)."""
    return [parse_cond(c) for c in text.split("; ")]


def with_derived(rows, theme):
    name, a, b = theme.product
    for r in rows:
        r[name] = r[a] * r[b]
    return rows


def test_filter_count_matches_an_independent_reading_of_the_prompt():
    checked = 0
    for level in (1, 4, 7, 9, 10):
        for seed in range(15):
            p = procgym.generate("data/filter_count", seed=seed, difficulty=level, fmt="csv")
            rows = csv_rows(p.prompt)
            if "AND at least one" in p.prompt:
                first = parse_cond(re.search(r"First condition: (.+)", p.prompt).group(1))
                rest = [parse_cond(c) for c in re.findall(r"^- (.+)$", p.prompt.split("Remaining")[1], re.M)]
                count = sum(1 for r in rows if first(r) and any(c(r) for c in rest))
            else:
                conds = [parse_cond(c) for c in re.findall(r"^- (.+)$", p.prompt, re.M)]
                count = sum(1 for r in rows if all(c(r) for c in conds))
            assert count == p.check["value"], (level, seed)
            checked += 1
    assert checked == 75


def test_sort_top_k_matches_a_composite_key_sort():
    for level in (1, 3, 6, 9, 10):
        for seed in range(12):
            p = procgym.generate("data/sort_top_k", seed=seed, difficulty=level, fmt="csv")
            theme = THEMES[p.params["theme"]]
            rows = with_derived(csv_rows(p.prompt), theme)
            m = re.search(r"satisfy all of: (.+)\.\n", p.prompt)
            if m:
                conds = split_conds(m.group(1))
                rows = [r for r in rows if all(c(r) for c in conds)]
            spec = re.search(r"Sort the rows by (.+?); rows", p.prompt).group(1)
            keys = [(part.split()[0], "descending" in part) for part in spec.split(", then ")]

            def key(r):
                out = []
                for col, desc in keys:
                    v = r[col]
                    if isinstance(v, int):
                        out.append(-v if desc else v)
                    else:  # strings descending: invert each character's code
                        out.append(tuple(-ord(ch) for ch in v) + (1,) if desc else tuple(ord(ch) for ch in v) + (0,))
                return out + [r[theme.key]]
            expected = [r[theme.key] for r in sorted(rows, key=key)][:p.params["k"]]
            assert expected == p.check["ids"], (level, seed)


def test_column_stats_matches_the_statistics_module():
    import statistics
    for level in (1, 4, 6, 9, 10):
        for seed in range(12):
            p = procgym.generate("data/column_stats", seed=seed, difficulty=level, fmt="csv")
            theme = THEMES[p.params["theme"]]
            rows = with_derived(csv_rows(p.prompt), theme)
            col = re.search(r"Consider the (\w+) values of", p.prompt).group(1)
            m = re.search(r"satisfy all of: (.+)\. What is", p.prompt)
            if m:
                conds = split_conds(m.group(1))
                rows = [r for r in rows if all(c(r) for c in conds)]
            values = [Fraction(r[col]) for r in rows]
            stat = p.check["stat"]
            expected = {"median": lambda: statistics.median(values), "mode": lambda: statistics.mode(values),
                        "range": lambda: max(values) - min(values), "mean": lambda: statistics.mean(values)}[stat]()
            assert Fraction(*p.check["value"]) == expected, (level, seed, stat)


# --------------------------------------------------------------------------- query solvers

def test_filter_and_sort_solvers_on_a_hand_made_table():
    theme = THEMES["sales"]
    rows = [{"order": "S1", "region": "North", "product": "Gizmo", "rep": "Ava", "units": 5, "unit_price": 3},
            {"order": "S2", "region": "South", "product": "Gizmo", "rep": "Ben", "units": 5, "unit_price": 4},
            {"order": "S3", "region": "North", "product": "Valve", "rep": "Ava", "units": 9, "unit_price": 1}]
    conds = [("region", "is", "North"), ("units", ">", 4), ("revenue", "between", (10, 15))]
    assert [query.FilterCount.selected(r, conds, "and", theme) for r in rows] == [True, False, False]
    assert [query.FilterCount.selected(r, conds, "mixed", theme) for r in rows] == [True, False, True]
    assert holds(("product", "one of", ("Gizmo", "Hinge")), rows[1], theme)
    order = query.sort_rows(rows, [("units", True), ("revenue", False)], theme)
    assert [r["order"] for r in order] == ["S3", "S1", "S2"]  # 9 units first; then revenue 15 < 20
    order = query.sort_rows(rows, [("region", False), ("rep", True)], theme)
    assert [r["order"] for r in order] == ["S1", "S3", "S2"]  # North before South; tie broken by id


def test_median_and_number_text():
    assert query.median([4, 1, 3, 2]) == Fraction(5, 2)
    assert query.median([7, 1, 3]) == 3
    assert query.ColumnStats.statistic("mode", [2, 5, 5, 1]) == 5
    assert number_text(Fraction(5, 2)) == "2.5" and number_text(Fraction(1, 3)) == "1/3"
    assert number_text(Fraction(-7, 8)) == "-0.875" and number_text(12) == "12"


def test_count_forms():
    p = record("data/filter_count", {"value": 1234})
    for text in ("1234", "1,234", "1234.", " 1234 "):
        assert ok(p, text), text
    for text in ("1233", "1235", "-1234", "12 34"):
        assert not ok(p, text), text


def test_sort_top_k_forms():
    p = record("data/sort_top_k", {"ids": ["S104", "S388"], "all": ["S104", "S122", "S388"]})
    for text in ("S104,S388", "s104, s388", "[S104; S388]"):
        assert ok(p, text), text
    for text in ("S388,S104", "S104", "S104,S388,S122", "S104,S999"):
        assert not ok(p, text), text


def test_value_forms():
    p = record("data/column_stats", {"value": [5, 2], "stat": "median"})
    for text in ("2.5", "5/2", "10/4", "2.50", "$2.50", "+2.5"):
        assert ok(p, text), text
    for text in ("2", "3", "-2.5", "2.49", "25/100"):
        assert not ok(p, text), text
    big = record("data/group_aggregate", {"value": [1234567, 1]})
    for text in ("1234567", "1,234,567", "1,234,567.00"):
        assert ok(big, text), text
    for text in ("1234566", "12,34,567", "1.234.567"):
        assert not ok(big, text), text
    assert parse_value("-$1,234.50") == Fraction(-246900, 200)


# --------------------------------------------------------------------------- grouping

def test_group_solvers():
    theme = THEMES["sales"]
    rows = [{"order": "S1", "region": "North", "product": "Gizmo", "units": 5, "unit_price": 3},
            {"order": "S2", "region": "South", "product": "Gizmo", "units": 4, "unit_price": 4},
            {"order": "S3", "region": "North", "product": "Valve", "units": 9, "unit_price": 1},
            {"order": "S4", "region": "North", "product": "Gizmo", "units": 2, "unit_price": 10}]
    groups = grouping.group_values(rows, "region", "units", theme)
    assert groups == {"North": [5, 9, 2], "South": [4]}
    assert grouping.aggregate("mean", groups["North"]) == Fraction(16, 3)
    assert grouping.aggregate("count", []) == 0 and grouping.aggregate("max", []) is None
    table = grouping.pivot(rows, "region", "product", "revenue", "sum", theme)
    assert table == {("North", "Gizmo"): 35, ("North", "Valve"): 9, ("South", "Gizmo"): 16, ("South", "Valve"): None}


def test_group_argmax_is_unique_and_correct():
    for level in (3, 6, 10):
        for seed in range(10):
            p = procgym.generate("data/group_argmax", seed=seed, difficulty=level, fmt="csv")
            assert p.answer in p.check["options"]
    p = record("data/group_argmax", {"value": "North", "options": ["East", "North", "South"]})
    for text in ("North", "north", " NORTH. ", "'North'"):
        assert ok(p, text), text
    for text in ("South", "Nort", "North, South"):
        assert not ok(p, text), text


def test_pivot_forms():
    pair = record("data/pivot_cell", {"kind": "max_cell", "pair": ["North", "Gizmo"], "rows": ["North", "South"],
                                      "cols": ["Gizmo", "Valve"]})
    for text in ("North, Gizmo", "north,gizmo", "(North, Gizmo)", "Gizmo, North"):
        assert ok(pair, text), text
    for text in ("North, Valve", "South, Gizmo", "North", "North, Gizmo, Valve"):
        assert not ok(pair, text), text
    cell = record("data/pivot_cell", {"kind": "cell", "value": [35, 1]})
    assert ok(cell, "35") and ok(cell, "35.0") and not ok(cell, "36")
    count = record("data/pivot_cell", {"kind": "count_above", "count": 3})
    assert ok(count, "3") and not ok(count, "4") and not ok(count, "3.5")


# --------------------------------------------------------------------------- joins

WORLD = {
    "offices": [{"office": "O1", "city": "Reno", "manager": "Kai"}, {"office": "O2", "city": "Omaha", "manager": "Lena"}],
    "reps": [{"rep": "R1", "name": "Ava", "office": "O2"}, {"rep": "R2", "name": "Ben", "office": "O1"}],
    "customers": [{"customer": "C1", "name": "Cara", "segment": "Retail", "rep": "R1"},
                  {"customer": "C2", "name": "Dev", "segment": "Online", "rep": "R2"}],
    "products": [{"product": "P1", "item": "Saw", "category": "Tools", "price": 7},
                 {"product": "P2", "item": "Rake", "category": "Garden", "price": 3}],
    "orders": [{"order": "S1", "customer": "C1", "product": "P2", "qty": 4},
               {"order": "S2", "customer": "C2", "product": "P1", "qty": 2},
               {"order": "S3", "customer": "C1", "product": "P1", "qty": 5}],
}


def test_join_solvers_on_a_hand_made_world():
    order = WORLD["orders"][1]
    assert joins.follow(WORLD, order, "products", "item") == "Saw"
    assert joins.follow(WORLD, order, "reps", "name") == "Ben"
    assert joins.follow(WORLD, order, "offices", "city") == "Reno"
    assert joins.follow(WORLD, WORLD["orders"][0], "offices", "manager") == "Lena"
    products = joins.index(WORLD, "products")
    tools = [o for o in WORLD["orders"] if products[o["product"]]["category"] == "Tools"]
    assert joins.aggregate_orders(tools, "qty", products) == 7
    assert joins.aggregate_orders(tools, "revenue", products) == 49
    assert joins.aggregate_orders(WORLD["orders"], "customers", products) == 2


def test_join_lookup_forms():
    p = record("data/join_lookup", {"value": "Reno", "options": ["Kai", "Omaha", "Reno"]})
    for text in ("Reno", "reno", "Reno."):
        assert ok(p, text), text
    for text in ("Omaha", "Kai", "Renoo", "O1"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- ledgers

def test_running_balance_simulation_with_fee():
    txs = [{"ref": 1, "date": "2025-01-02", "amount": -5000, "pending": False},
           {"ref": 2, "date": "2025-01-01", "amount": 2000, "pending": False},
           {"ref": 3, "date": "2025-01-02", "amount": -900, "pending": True},
           {"ref": 4, "date": "2025-01-03", "amount": 10000, "pending": False}]
    trail = ledgers.simulate(1000, txs, fee=2500)
    # 1000 +2000 (Jan 1) -> 3000; -5000 (Jan 2) -> -2000, fee -> -4500; +10000 -> 5500
    assert trail == [("2025-01-01", 3000), ("2025-01-02", -2000), ("2025-01-02", -4500), ("2025-01-03", 5500)]
    assert ledgers.simulate(1000, txs, fee=None)[-1][1] == 8000


def test_running_balance_closing_matches_a_reading_of_the_statement():
    for seed in range(30):
        p = procgym.generate("data/running_balance", seed=seed, difficulty=6, fmt="csv", asks="closing",
                             overdraft_fee=False)
        opening = parse_value(re.search(r"balance of (-?[\d.]+)\.", p.prompt).group(1))
        lines = p.prompt.split("\n\n")[1].splitlines()[1:]
        total = sum(parse_value(line.split(",")[-1]) for line in lines if "PENDING" not in line)
        assert (opening + total) * 100 == p.check["cents"], seed


def test_money_forms():
    p = record("data/running_balance", {"cents": 152075})
    for text in ("1520.75", "1,520.75", "$1520.75", "1520.750"):
        assert ok(p, text), text
    for text in ("1520.70", "1520.76", "-1520.75", "152075", "1520,75"):
        assert not ok(p, text), text
    neg = record("data/running_balance", {"cents": -7355})
    assert ok(neg, "-73.55") and ok(neg, "-$73.55") and not ok(neg, "73.55")
    date = record("data/running_balance", {"date": "2025-03-14"})
    assert ok(date, "2025-03-14") and not ok(date, "2025-03-13") and not ok(date, "14/03/2025")


def test_ledger_single_fixes():
    amounts, balances = [1000, -500, 2000], [11000, 10500, 12500]
    assert ledgers.single_fixes(10000, amounts, balances) == []
    assert ledgers.single_fixes(10000, amounts, [11000, 15000, 12500]) == [(1, "balance", 10500)]
    assert ledgers.single_fixes(10000, [1000, -5000, 2000], balances) == [(1, "amount", -500)]
    # the last row: a wrong balance and a wrong amount explain it equally well
    assert ledgers.single_fixes(10000, amounts, [11000, 10500, 12900]) == [(2, "amount", 2400), (2, "balance", 12500)]


def test_ledger_error_row_is_the_first_broken_row():
    for level in procgym.get("data/ledger_error").levels:
        for seed in range(6):
            p = procgym.generate("data/ledger_error", seed=seed, difficulty=level, fmt="csv")
            opening = parse_value(re.search(r"balance of (-?[\d.]+)\.", p.prompt).group(1))
            lines = p.prompt.split("\n\n")[1].splitlines()
            header = lines[0].split(",")
            prev, broken = opening, []
            for line in lines[1:]:
                cells = dict(zip(header, line.split(",")))
                if "amount" in cells:
                    change = parse_value(cells["amount"])
                else:
                    change = parse_value(cells["credit"] or "0") - parse_value(cells["debit"] or "0")
                bal = parse_value(cells["balance"])
                if bal != prev + change:
                    broken.append(int(cells["row"]))
                prev = bal
            assert 1 <= len(broken) <= 2 and (len(broken) == 1 or broken[1] == broken[0] + 1), broken
            assert p.check["row"] == broken[0], (level, seed)


def test_ledger_row_forms():
    p = record("data/ledger_error", {"row": 4})
    for text in ("4", "row 4", "Row #4"):
        assert ok(p, text), text
    for text in ("3", "5", "row 5", "four"):
        assert not ok(p, text), text


def test_journal_missing_amount_balances_each_entry():
    lines = [[1, "Cash", 5000, 0], [1, "Sales", 0, 3000], [1, "Loan", 0, 2000], [2, "Rent", 700, 0], [2, "Cash", 0, 700]]
    assert ledgers.solve_missing(lines, 0) == 5000
    assert ledgers.solve_missing(lines, 2) == 2000
    for seed in range(20):
        p = procgym.generate("data/journal_missing_amount", seed=seed, difficulty=3, fmt="csv")
        table = p.prompt.split("\n\n")[1].splitlines()[1:]
        debit, credit = Counter(), Counter()
        for line in table:
            entry, _, d, c = line.split(",")
            d = p.check["cents"] if d == "?" else (parse_value(d) * 100 if d else 0)
            c = p.check["cents"] if c == "?" else (parse_value(c) * 100 if c else 0)
            debit[entry] += d
            credit[entry] += c
        assert debit == credit, seed


def test_split_amount_parts_are_positive_and_sum():
    import random
    rng = random.Random(3)
    for cents in (True, False):
        for _ in range(50):
            total = rng.randint(10, 900) * 100
            parts = ledgers.split_amount(rng, total, rng.randint(1, 4), cents)
            assert sum(parts) == total and all(p > 0 for p in parts)
            if not cents:
                assert all(p % 100 == 0 for p in parts)


# --------------------------------------------------------------------------- inventory

def test_inventory_log():
    start = {("bolts", "A"): 5, ("bolts", "B"): 0}
    log = [("sell", "bolts", "A", 8, ""),  # ships 5, loses 3
           ("receive", "bolts", "A", 10, ""),
           ("transfer", "bolts", "A", 12, "B"),  # only 10 move
           ("damaged", "bolts", "B", 4, ""),
           ("return", "bolts", "A", 2, ""),
           ("count", "bolts", "B", 7, ""),
           ("sell", "bolts", "B", 3, "")]
    stock, lost = inventory.run_log(start, log)
    assert stock == {("bolts", "A"): 2, ("bolts", "B"): 4}
    assert lost == {"bolts": 3}


def test_reorder_policy():
    # stock 10, reorder at <= 4, order 6, lead 2
    r = inventory.run_policy(10, [3, 4, 5, 2, 1], 4, 6, 2, position=False, review=1)
    # day1 7; day2 3 -> order (arrives day 4); day3 0 (lost 2) -> order again (on-hand only; arrives day 5);
    # day4 +6 -> 4 -> order; day5 +6 -> 10, -1 -> 9
    assert r == {"final_stock": 9, "orders": 3, "lost": 2, "first_stockout": 3}
    r = inventory.run_policy(10, [3, 4, 5, 2, 1], 4, 6, 2, position=True, review=1)
    # day3: on hand 0 + 6 on order = 6 > 4: no second order; day4: 6-2 = 4 -> order (arrives day 6)
    assert r == {"final_stock": 3, "orders": 2, "lost": 2, "first_stockout": 3}
    r = inventory.run_policy(10, [3, 4, 5, 2, 1], 4, 6, 2, position=False, review=2)
    # checks only at the end of days 2 and 4: order on day 2 (arrives 4), day 4 stock 4 -> order (arrives 6)
    assert r["orders"] == 2 and r["lost"] == 2 and r["final_stock"] == 3


def test_unit_forms():
    p = record("data/inventory_simulation", {"value": 37})
    assert ok(p, "37") and ok(p, "37.0") and not ok(p, "36") and not ok(p, "38")


# --------------------------------------------------------------------------- answers read with the kit

def test_values_refuse_lists_hedges_and_leftovers():
    p = record("data/column_stats", {"value": [5, 2], "stat": "median"})
    for text in ("2.5.", "$2.5$", "\\frac{5}{2}", "$\\frac{5}{2}$"):
        assert ok(p, text), text
    for text in ("0, 2.5", "2 5", "2.5 or 3", "median != 2.5", "2.5 I think", "-$-2.5", "2.5, 2.5"):
        assert not ok(p, text), text
    count = record("data/filter_count", {"value": 10})
    for text in ("2 5", "2\n5", "0, 10", "10 or 11", "x != 10", "3x + 1 = 10", "ten"):
        assert not ok(count, text), text


def test_names_and_pairs_refuse_hedges():
    p = record("data/group_argmax", {"value": "North", "options": ["East", "North", "South"]})
    for text in ("North or South", "not North", "North I think", "North, North"):
        assert not ok(p, text), text
    pair = record("data/pivot_cell", {"kind": "max_cell", "pair": ["North", "Gizmo"], "rows": ["North", "South"],
                                      "cols": ["Gizmo", "Valve"]})
    for text in ("North, Gizmo or South, Valve", "not North, Gizmo", "North, Gizmo,", "North,, Gizmo", "North Gizmo"):
        assert not ok(pair, text), text
    ids = record("data/sort_top_k", {"ids": ["S104", "S388"], "all": ["S104", "S122", "S388"]})
    for text in ("S104, S388 or S388, S104", "S104, S388 (not sure)", "S104,,S388", "not S104, S388"):
        assert not ok(ids, text), text
    join = record("data/join_lookup", {"value": "Reno", "options": ["Kai", "Omaha", "Reno"]})
    for text in ("Reno or Omaha", "Reno, Omaha", "not Reno", "Reno I think"):
        assert not ok(join, text), text


def test_money_and_dates_refuse_hedges():
    p = record("data/running_balance", {"cents": 152075})
    assert ok(p, "$1,520.75") and ok(p, "1520.75.")
    for text in ("1520.75 or 1520.76", "0, 1520.75", "1520 75", "balance != 1520.75", "1520.75 USD?"):
        assert not ok(p, text), text
    date = record("data/running_balance", {"date": "2025-03-14"})
    assert ok(date, "2025/03/14") and ok(date, "2025-3-14.")
    for text in ("2025-03-14 or 2025-03-15", "2025-03/14", "not 2025-03-14", "2025-03-14 I think"):
        assert not ok(date, text), text
    row = record("data/ledger_error", {"row": 4})
    assert ok(row, "Row: 4") and not ok(row, "row 4 or 5") and not ok(row, "rows 4") and not ok(row, "row 4, row 5")


# problems whose answer was the previous example: the example shown is one that no problem has as
# its answer (a negative count or statistic, a name no table uses, row 0), the same for every problem
# of the kind
EXAMPLE_FIXED = [("data/column_stats", 5, 10, "23.5", "-23.5"), ("data/filter_count", 5, 3, "7", "-7"),
                 ("data/group_argmax", 2, 12, "North", "Midwest"), ("data/inventory_simulation", 2, 16, "37", "-37"),
                 ("data/join_lookup", 7, 10, "Denver", "Lisbon"), ("data/ledger_error", 1, 2, "4", "0"),
                 ("data/pivot_cell", 8, 5, "3", "-3"), ("data/reorder_simulation", 1, 6, "12", "-12")]


@pytest.mark.parametrize("name,level,seed,answer,example", EXAMPLE_FIXED)
def test_prompt_example_is_never_the_answer(name, level, seed, answer, example):
    from procgym.contract import prompt_example

    p = procgym.generate(name, seed=seed, difficulty=level)
    assert p.answer == answer and prompt_example(p.prompt) == example and not ok(p, example)
    for s in range(30):
        q = procgym.generate(name, seed=s, difficulty=level)
        assert not ok(q, prompt_example(q.prompt))


@pytest.mark.parametrize("name", ["data/running_balance", "data/ledger_error", "data/journal_missing_amount"])
def test_an_amount_example_is_drawn_less_the_answer(name):
    """An amount may be any number of cents of either sign: a problem asking one draws its example
    from a fixed list less its answer (and the format quotes it); other questions show a fixed
    example that is never an answer (a date in 2099, row 0)."""
    from procgym.contract import prompt_example

    amounts = set()
    for level in (1, 5, 10):
        for seed in range(30):
            p = procgym.generate(name, seed=seed, difficulty=level)
            example = prompt_example(p.prompt)
            assert example != p.answer and not ok(p, example)
            if "cents" in p.check:
                assert f"such as {example} (negative" in p.prompt
                amounts.add(example)
            else:
                assert example == ("2099-03-14" if "date" in p.check else "0")
    assert len(amounts) >= 3


# --------------------------------------------------------------------------- levels past 10

def test_pivot_cell_falls_back_to_a_cell_when_no_unique_answer_exists():
    for seed in range(3):  # one value per category column: a row never has two cells to compare
        p = procgym.generate("data/pivot_cell", seed=seed, difficulty=3, kinds="row_argmax", n_values=1)
        assert p.check["kind"] == "cell" and ok(p, p.answer)


def test_column_stats_falls_back_to_the_unfiltered_table():
    for seed in range(3):  # two rows under six conditions: no draw keeps two of them
        p = procgym.generate("data/column_stats", seed=seed, difficulty=20, n_rows=2, n_filters=6, stats="mode")
        assert "satisfy all of" not in p.prompt and p.check["stat"] in ("mode", "median") and ok(p, p.answer)


def test_reorder_policy_counts_its_steps():
    # day 1: 10 in stock, 5 sold, 5 <= 5 so 10 are ordered; day 2: they arrive, 5 sold, 10 > 5
    tally = [0]
    result = inventory.run_policy(10, [5, 5], 5, 10, 1, False, 1, tally)
    assert result["final_stock"] == 10 and result["orders"] == 1 and tally[0] == 3 + 1 + 1 + 3 + 1


def test_data_tasks_reach_level_twenty():
    for name in NAMES:
        task = procgym.get(name)
        assert task.max_level == 20
        p = task.generate(seed=0, difficulty=20)
        assert ok(p, p.answer) and task.effort(p) > task.effort(task.generate(seed=0, difficulty=1))
