"""The sql tasks self_join, case_buckets and date_ranges: every reference query against an
independent brute-force solver, fixed values, and accepted and rejected answers."""
import pytest

import procgym
from procgym.generators.sql._sandbox import run_query

NAMES = ["sql/case_buckets", "sql/date_ranges", "sql/self_join"]
LEVELS = [1, 3, 6, 9, 12, 16, 20]


def rows_of(p, role):
    t = next(t for t in p.check["db"]["tables"] if t["role"] == role)
    cols = [c[0] for c in t["columns"]]
    return [dict(zip(cols, r)) for r in t["rows"]]


def ok(cond, row):
    v = row[cond["col"]]
    if v is None:
        return False
    op, w = cond["op"], cond["value"]
    return {"in": lambda: v in w, "between": lambda: w[0] <= v <= w[1], "=": lambda: v == w, "<>": lambda: v != w,
            ">": lambda: v > w, "<": lambda: v < w, ">=": lambda: v >= w, "<=": lambda: v <= w}[op]()


def solve_self_join(p, s):
    people = [r for r in rows_of(p, "A") if all(ok(c, r) for c in s["conditions"])]
    out = []
    for x in people:
        for y in people:
            if x["id"] == y["id"] or None in (x[s["same"]], y[s["same"]], x[s["num"]], y[s["num"]]):
                continue
            if x[s["same"]] != y[s["same"]]:
                continue
            if s["differ"] and (None in (x[s["differ"]], y[s["differ"]]) or x[s["differ"]] == y[s["differ"]]):
                continue
            if s["kind"] == "close":
                hit = x["id"] < y["id"] and abs(x[s["num"]] - y[s["num"]]) <= s["amount"]
            else:
                hit = x[s["num"]] - y[s["num"]] >= s["amount"]
            if hit:
                out.append((x["name"], y["name"]))
    return out


def bucket(s, v):
    if v is None:
        return "unknown"
    for t, label in zip(s["bounds"], s["labels"]):
        if (v <= t) if s["closed"] else (v < t):
            return label
    return s["labels"][-1]


def solve_case_buckets(p, s):
    groups = {}
    for r in rows_of(p, "B"):
        if not all(ok(c, r) for c in s["conditions"]) or (s["group"] and r[s["group"]] is None):
            continue
        key = ((r[s["group"]],) if s["group"] else ()) + (bucket(s, r[s["num"]]),)
        groups.setdefault(key, []).append(r)
    out = []
    for key, rows in groups.items():
        if s["kind"] == "count":
            value = len(rows)
        else:
            known = [r[s["col"]] for r in rows if r[s["col"]] is not None]
            value = (sum(known) if s["kind"] == "sum" else max(known)) if known else None
        out.append(key + (value,))
    return out


def solve_date_ranges(p, s):
    kept = []
    for r in rows_of(p, "F"):
        d = r[s["date"]]
        if d is None or not all(ok(c, r) for c in s["conditions"]):
            continue
        if s["period"] and not (s["period"][0] <= d <= s["period"][1]):
            continue
        kept.append(r)
    if s["kind"] == "period":
        return [(r["id"],) for r in kept]
    groups = {}
    for r in kept:
        d = r[s["date"]]
        key = int(d[5:7]) if s["kind"] == "calendar_month" else d[:7]
        groups.setdefault(key, []).append(r[s["num"]])
    if s["kind"] == "month_sum":
        return [(k, sum(v for v in vs if v is not None) if any(v is not None for v in vs) else None)
                for k, vs in groups.items()]
    return [(k, len(vs)) for k, vs in groups.items()]


SOLVERS = {"sql/self_join": solve_self_join, "sql/case_buckets": solve_case_buckets,
           "sql/date_ranges": solve_date_ranges}


def canonical(rows):
    return sorted((tuple(round(float(v), 6) if isinstance(v, (int, float)) else v for v in r) for r in rows),
                  key=repr)


def test_the_tasks_are_registered():
    assert all(n in procgym.tasks("sql/*") for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_reference_query_matches_the_brute_force_solver(name, level):
    for seed in range(5):
        p = procgym.generate(name, seed=seed, difficulty=level)
        expected = canonical(SOLVERS[name](p, p.check["spec"]))
        assert expected, (name, level, seed)
        assert canonical(run_query(p.check["db"], p.answer)[1]) == expected, (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_determinism(name):
    a, b = procgym.generate(name, seed=7, difficulty=8), procgym.generate(name, seed=7, difficulty=8)
    assert a.prompt == b.prompt and a.answer == b.answer


def accepted(p, query):
    return procgym.verify(p, f"<answer>{query}</answer>").correct


def result(p, query):
    return canonical(run_query(p.check["db"], query)[1])


def find(name, level, wanted, miss_for):
    """The first problem (seeds 0-199) meeting `wanted` whose near miss `miss_for(p)` changes the result."""
    for seed in range(200):
        p = procgym.generate(name, seed=seed, difficulty=level)
        if not wanted(p):
            continue
        miss = miss_for(p)
        if miss and result(p, miss) != result(p, p.answer):
            return p, miss
    raise AssertionError(f"no {name} problem with such a near miss")


@pytest.mark.parametrize("name", NAMES)
def test_equivalent_wrappings_pass_and_broken_ones_fail(name):
    p = next(q for q in (procgym.generate(name, seed=s, difficulty=6) for s in range(50)) if q.check["rows"] >= 2)
    ref = p.answer
    assert accepted(p, ref + ";")
    assert accepted(p, f"SELECT * FROM ({ref})")
    assert accepted(p, f"WITH answer_rows AS ({ref}) SELECT * FROM answer_rows")
    assert not accepted(p, f"SELECT * FROM ({ref}) LIMIT {p.check['rows'] - 1}")
    assert not accepted(p, f"SELECT *, 1 FROM ({ref})")
    assert not accepted(p, f"SELECT * FROM ({ref}) UNION ALL SELECT * FROM ({ref})")
    assert not accepted(p, f"{ref}\nThis query lists the rows asked for.")
    assert not accepted(p, "")


def test_self_join_alternatives_and_near_misses():
    # a WHERE in place of ON, and the pair written the other way round with the names swapped
    p, miss = find("sql/self_join", 3, lambda p: p.check["spec"]["kind"] == "close",
                   lambda p: p.answer.replace("x.id < y.id", "x.id <> y.id"))  # each pair twice
    s, t = p.check["spec"], next(t["name"] for t in p.check["db"]["tables"] if t["role"] == "A")
    alt = (f"SELECT b.name, a.name FROM {t} a, {t} b WHERE a.{s['same']} = b.{s['same']} AND b.id < a.id "
           f"AND a.{s['num']} BETWEEN b.{s['num']} - {s['amount']} AND b.{s['num']} + {s['amount']}")
    assert accepted(p, alt) and not accepted(p, miss)
    p, miss = find("sql/self_join", 5, lambda p: p.check["spec"]["kind"] == "ahead",
                   lambda p: p.answer.replace(">=", ">", 1))  # strictly more than the amount
    assert not accepted(p, miss)
    swapped = p.answer.replace("SELECT x.name, y.name", "SELECT y.name, x.name")
    assert result(p, swapped) != result(p, p.answer) and not accepted(p, swapped)


def test_case_buckets_alternatives_and_near_misses():
    p, miss = find("sql/case_buckets", 8, lambda p: p.check["spec"]["closed"],
                   lambda p: p.answer.replace("<=", "<"))  # boundaries in the upper bucket
    assert not accepted(p, miss)
    # the same buckets through a subquery, and a count per label as a sum of CASE flags
    p, miss = find("sql/case_buckets", 8, lambda p: p.check["spec"]["kind"] == "count" and not p.check["spec"]["group"],
                   lambda p: p.answer.replace("COUNT(*)", f"COUNT({p.check['spec']['num']})"))  # 'unknown' counts 0
    case, rest = p.answer[len("SELECT "):].split(" AS bucket, COUNT(*) FROM ")
    rest = rest.rsplit(" GROUP BY ", 1)[0]
    assert accepted(p, f"SELECT b, COUNT(*) FROM (SELECT {case} AS b FROM {rest}) t GROUP BY b")
    assert accepted(p, f"SELECT b, SUM(1) FROM (SELECT {case} AS b FROM {rest}) GROUP BY 1")
    assert not accepted(p, miss)
    p, miss = find("sql/case_buckets", 6, lambda p: "IS NULL THEN 'unknown'" in p.answer,
                   lambda p: p.answer.replace(" WHEN ", " WHEN 0 AND ", 1))  # NULLs land in the top bucket
    assert not accepted(p, miss)


def test_date_ranges_alternatives_and_near_misses():
    p, miss = find("sql/date_ranges", 2, lambda p: p.check["spec"]["kind"] == "period",
                   lambda p: p.answer.replace("BETWEEN '", "> '", 1).replace("' AND '", "' AND {d} <= '", 1)
                   .format(d=p.check["spec"]["date"]))  # the first day left out
    s = p.check["spec"]
    lo, hi = s["period"]
    alt = p.answer.replace(f"BETWEEN '{lo}' AND '{hi}'", f">= '{lo}' AND {s['date']} < '{hi}~'")
    assert accepted(p, alt) and not accepted(p, miss)
    p, miss = find("sql/date_ranges", 7, lambda p: p.check["spec"]["kind"] == "month_count",
                   lambda p: p.answer.replace("substr(", "substr(", 1).replace(", 1, 7)", ", 6, 2)", 1))
    assert not accepted(p, miss)  # months of different years merged
    alt = p.answer.replace(", 1, 7)", ", 1, 4) || '-' || substr(" + p.check["spec"]["date"] + ", 6, 2)", 1)
    assert accepted(p, alt)
    p, miss = find("sql/date_ranges", 8, lambda p: p.check["spec"]["kind"] == "calendar_month",
                   lambda p: p.answer.replace("CAST(substr(", "(substr(", 1).replace(", 6, 2) AS INTEGER)", ", 6, 2))", 1))
    assert not accepted(p, miss)  # '03' is text, not the number 3


def test_fixed_values():
    # read off the printed tables by hand
    p = procgym.generate("sql/self_join", seed=0, difficulty=1)
    assert [(r["name"], r["city"], r["age"]) for r in rows_of(p, "A")] == [
        ("Dev", "Lima", 62), ("Tara", "Gent", 42), ("Olga", "Kyiv", 70), ("Dina", "Kyiv", 44), ("Lena", "Lima", 56)]
    assert "differ by at most 6" in p.prompt  # Dev and Lena: 6 apart; Olga and Dina: 26 apart
    assert run_query(p.check["db"], p.answer)[1] == [("Dev", "Lena")]
    assert accepted(p, "SELECT 'Dev', 'Lena'") and not accepted(p, "SELECT 'Lena', 'Dev'")
    p = procgym.generate("sql/case_buckets", seed=0, difficulty=1)
    assert [r["pages"] for r in rows_of(p, "B")] == [485, 535, 835, 437]
    assert "'low' if pages is less than 485; 'high' if pages is at least 485" in p.prompt
    assert accepted(p, "SELECT 'high', 3 UNION ALL SELECT 'low', 1")
    assert not accepted(p, "SELECT 'high', 2 UNION ALL SELECT 'low', 2")  # 485 in the low bucket
    p = procgym.generate("sql/date_ranges", seed=0, difficulty=1)
    assert [r["enrollment_date"] for r in rows_of(p, "F")] == [
        "2023-08-11", "2023-09-24", "2023-03-16", "2023-09-24", "2022-12-14", "2021-07-18", "2020-07-06", "2020-06-07"]
    assert "from 2022-12-14 to 2023-03-16 (both days included)" in p.prompt
    assert accepted(p, "SELECT 1003 UNION SELECT 1005") and not accepted(p, "SELECT 1003")
