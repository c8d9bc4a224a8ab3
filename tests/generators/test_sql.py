"""The sql tasks: the sandbox against hostile SQL, the result comparison, every task's reference
query against an independent brute-force solver, and accepted and rejected answers."""
import pytest

import procgym
from procgym.generators.sql._sandbox import MAX_ROWS, QueryRefused, run_query
from procgym.generators.sql._task import compare

NAMES = procgym.tasks("sql/*")

DB = {"tables": [
    {"name": "t", "role": "A", "columns": [["id", "INTEGER", ""], ["name", "TEXT", ""], ["x", "INTEGER", ""]],
     "rows": [[i, f"n{i}", i % 7 if i % 5 else None] for i in range(1, 61)]},
    {"name": "u", "role": "F", "columns": [["id", "INTEGER", ""], ["t_id", "INTEGER", "t"]],
     "rows": [[1000 + i, i % 60 + 1] for i in range(1, 61)]},
]}


def refusal(query, db=DB):
    with pytest.raises(QueryRefused) as info:
        run_query(db, query)
    return str(info.value)


# ------------------------------------------------------------------ the sandbox

def test_plain_queries_run():
    assert run_query(DB, "SELECT name FROM t WHERE x = 3 ORDER BY id") == (1, [("n3",), ("n17",), ("n24",), ("n31",),
                                                                             ("n38",), ("n52",), ("n59",)])
    assert run_query(DB, "select count(*), count(x) from t;") == (2, [(60, 48)])
    assert run_query(DB, "WITH c AS (SELECT x, COUNT(*) AS n FROM t GROUP BY x) "
                         "SELECT x, RANK() OVER (ORDER BY n DESC, x) FROM c WHERE x IS NOT NULL LIMIT 2") \
        == (2, [(2, 1), (0, 2)])  # x = 2 has 8 rows; x = 0, 1, 3, 4 have 7 each


@pytest.mark.parametrize("query,reason", [
    ("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r) SELECT x FROM r", "recursive WITH"),
    ("SELECT COUNT(*) FROM t a, t b, t c, t d", "ran too long"),
    ("SELECT a.name FROM t a, t b, t c, t d ORDER BY a.x, b.name", "ran too long"),
    ("SELECT 1 " + "-- padding\n" * 100_000, "longer than 10000 characters"),
    ("ATTACH DATABASE 'other.db' AS other", "starting with SELECT or WITH"),
    ("SELECT 1; ATTACH DATABASE 'other.db' AS other", "one statement at a time"),
    ("PRAGMA table_info(t)", "starting with SELECT or WITH"),
    ("SELECT * FROM pragma_table_info('t')", "does not allow"),
    ("INSERT INTO t VALUES (100, 'a', 1)", "starting with SELECT or WITH"),
    ("WITH a AS (SELECT 1) INSERT INTO t VALUES (100, 'a', 1)", "does not allow the operation insert"),
    ("DROP TABLE t", "starting with SELECT or WITH"),
    ("SELECT 1; DROP TABLE t", "one statement at a time"),
    ("SELECT name FROM t; SELECT x FROM t", "one statement at a time"),
    ("SELECT load_extension('libevil')", "the function load_extension"),
    ("SELECT * FROM sqlite_master", "reading sqlite_master"),
    ("SELECT name FROM sqlite_schema", "reading sqlite_master"),
    ("SELECT randomblob(1e9)", "the function randomblob"),
    ("SELECT zeroblob(1000000000)", "the function zeroblob"),
    ("SELECT printf('%.*c', 1000000, 'x')", "the function printf"),
    ("SELECT group_concat(a.name || b.name || c.name) FROM t a, t b, t c", "too big"),
    ("SELECT a.id FROM t a, t b", f"more than {MAX_ROWS} rows"),
    # slow instructions rather than many: LIKE on long strings, once per row of a cross join
    ("SELECT COUNT(*) FROM t a, t b, t c WHERE (a.name || b.name || c.name || '" + "a" * 900 + "') LIKE '%"
     + "a" * 90 + "c'", "ran too long"),
    ("SELECT '" + "a" * 2000 + "'", "too big"),
    ("SELECT * FROM t WHERE name = ?", "too many SQL variables"),
    ("SELECT name FROM t I think", "syntax error"),
    ("SELECT name FROM missing_table", "no such table"),
    ("SELECT 1\x00", "NUL"),
    ("", "not an SQL query"),
    ("VALUES (1)", "starting with SELECT or WITH"),
    ("-- a label\nINSERT INTO t VALUES (100, 'a', 1)", "starting with SELECT or WITH"),
    ("/**/" * 2400 + "x", "starting with SELECT or WITH"),
])
def test_hostile_queries_are_refused_with_a_reason(query, reason):
    assert reason in refusal(query)


def test_a_tampered_record_is_refused_not_run():
    bad = {"tables": [{"name": "t (id INTEGER); ATTACH DATABASE 'x.db' AS y; --", "columns": [["id", "INTEGER", ""]],
                       "rows": []}]}
    assert "malformed" in refusal("SELECT 1", bad)
    p = procgym.generate("sql/filter_select", seed=0, difficulty=3).to_dict()
    p["check"]["db"]["tables"][0]["columns"][0][1] = "INTEGER); DROP TABLE x; --"
    verdict = procgym.verify(p, f"<answer>{p['answer']}</answer>")
    assert not verdict.correct and "malformed" in verdict.feedback


def test_comments_before_the_query_are_allowed():
    assert run_query(DB, "-- the answer\nSELECT COUNT(*) FROM t") == (1, [(60,)])
    assert run_query(DB, "/* counting */ select count(*) from t; -- done") == (1, [(60,)])


def test_nothing_written_survives_and_tables_are_unchanged():
    for query in ("WITH a AS (SELECT 1) DELETE FROM t", "WITH a AS (SELECT 1) UPDATE t SET x = 0"):
        refusal(query)
    assert run_query(DB, "SELECT COUNT(*), SUM(x) FROM t") == (2, [(60, sum(i % 7 for i in range(1, 61) if i % 5))])


def test_hostile_answers_get_a_verdict_never_an_exception():
    p = procgym.generate("sql/filter_select", seed=0, difficulty=5)
    for query in ("ATTACH DATABASE 'x.db' AS y", "SELECT * FROM sqlite_master", "SELECT 1; DROP TABLE customers",
                  "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r) SELECT x FROM r"):
        verdict = procgym.verify(p, f"<answer>{query}</answer>")
        assert not verdict.correct and verdict.feedback.startswith("Not an answer")


# ------------------------------------------------------------------ the comparison

def test_compare_multisets_numbers_and_order():
    assert compare((2, [("a", 3), ("b", 1)]), (2, [("b", 1.0), ("a", 3)]), False, ["n", "v"]).correct
    assert compare((1, [(2 / 3,)]), (1, [(0.6666666667,)]), False, ["avg"]).correct
    assert not compare((1, [(2 / 3,)]), (1, [(0.67,)]), False, ["avg"]).correct  # rounded averages fail
    assert not compare((1, [("a",), ("a",)]), (1, [("a",)]), False, ["n"]).correct  # duplicates count
    assert not compare((1, [(None,)]), (1, [(0,)]), False, ["n"]).correct  # NULL is not 0
    assert not compare((1, [("3",)]), (1, [(3,)]), False, ["n"]).correct  # text is not a number
    assert not compare((2, [("a", 1)]), (3, [("a", 1, 1)]), False, ["n", "v"]).correct
    assert compare((1, [("a",), ("b",)]), (1, [("a",), ("b",)]), True, ["n"]).correct
    verdict = compare((1, [("a",), ("b",)]), (1, [("b",), ("a",)]), True, ["n"])
    assert not verdict.correct and "order" in verdict.feedback


# ------------------------------------------------------------------ independent solvers

def rows_of(p, role):
    t = next(t for t in p.check["db"]["tables"] if t["role"] == role)
    names = [c[0] for c in t["columns"]]
    return [dict(zip(names, r)) for r in t["rows"]]


def key_to(p, child, parent):
    t = next(t for t in p.check["db"]["tables"] if t["role"] == child)
    target = next(t for t in p.check["db"]["tables"] if t["role"] == parent)["name"]
    return next(c[0] for c in t["columns"] if c[2] == target)


def ok(cond, row):
    v = row[cond["col"]]
    if v is None:
        return False
    op, w = cond["op"], cond["value"]
    return {"in": lambda: v in w, "between": lambda: w[0] <= v <= w[1], "=": lambda: v == w, "<>": lambda: v != w,
            ">": lambda: v > w, "<": lambda: v < w, ">=": lambda: v >= w, "<=": lambda: v <= w}[op]()


def agg(kind, values):
    known = [v for v in values if v is not None]
    if kind == "count":
        return len(values)
    if not known:
        return None
    return {"sum": sum, "min": min, "max": max, "avg": lambda k: sum(k) / len(k)}[kind](known)


def rank(value, others, dense=False):
    larger = [o for o in others if o > value]
    return 1 + (len(set(larger)) if dense else len(larger))


def solve_filter_select(p, s):
    rows = []
    for r in rows_of(p, "A"):
        c = s["conditions"]
        if all(ok(x, r) for x in c) if s["logic"] == "and" else ok(c[0], r) and any(ok(x, r) for x in c[1:]):
            rows.append(r)
    if s["order"]:
        rows.sort(key=lambda r: r["name"])
        rows.sort(key=lambda r: (r[s["order"]] is not None, r[s["order"]] or 0), reverse=True)
    return [tuple(r[c] for c in s["shown"]) for r in rows]


def solve_aggregate_group_by(p, s):
    groups = {}
    for r in rows_of(p, s["role"]):
        if all(ok(x, r) for x in s["conditions"]):
            groups.setdefault(r[s["group"]], []).append(r)
    return [(g,) + tuple(agg(k, [r[c] if c else 1 for r in rs]) for k, c in s["aggregates"])
            for g, rs in groups.items()]


def solve_join_two_tables(p, s):
    parents = {r["id"]: r for r in rows_of(p, s["parent"])}
    out = []
    for r in rows_of(p, s["child"]):
        q = parents[r[s["key"]]]
        if all(ok(x, r if x["role"] == s["child"] else q) for x in s["conditions"]):
            out.append((r["id"], q["name"], r[s["shown"]]))
    return sorted(out, key=lambda t: (t[1], -t[0])) if s["ordered"] else out


def solve_having_filter(p, s):
    groups = {}
    for f in rows_of(p, "F"):
        if all(ok(x, f) for x in s["conditions"]):
            groups.setdefault(f[s["key"]], []).append(f)
    names = {r["id"]: r["name"] for r in rows_of(p, s["parent"])}
    out = []
    for pid, fs in groups.items():
        if all((v := agg(k, [f[c] if c else 1 for f in fs])) is not None
               and {">": v > t, ">=": v >= t, "<": v < t, "<=": v <= t}[op] for k, c, op, t in s["measures"]):
            out.append((names[pid],))
    return out


def solve_subquery(p, s):
    kind, num, cat = s["kind"], s["num"], s["cat"]
    if kind in ("has_fact", "no_fact"):
        fk_a, fk_b = key_to(p, "F", "A"), key_to(p, "F", "B")
        items = {r["id"]: r for r in rows_of(p, "B")}
        out = []
        for a in rows_of(p, "A"):
            hit = any(f[fk_a] == a["id"] and ok(s["fact_condition"], f) and ok(s["item_condition"], items[f[fk_b]])
                      for f in rows_of(p, "F"))
            if hit == (kind == "has_fact") and all(ok(x, a) for x in s["conditions"]):
                out.append((a["name"],))
        return out
    items = rows_of(p, "B")
    out = []
    for b in items:
        same = [i[num] for i in items if i[num] is not None and (kind == "above_avg" or
                                                                 (b[cat] is not None and i[cat] == b[cat]))]
        if b[num] is None or not same or not all(ok(x, b) for x in s["conditions"]):
            continue
        if kind == "group_max" and b[num] == max(same) or kind != "group_max" and b[num] > sum(same) / len(same):
            out.append((b["name"],))
    return out


def solve_null_handling(p, s):
    kind, group, num = s["kind"], s["group"], s["num"]
    if kind in ("left_count", "left_sum"):
        fk = key_to(p, "F", "A")
        out = []
        for a in rows_of(p, "A"):
            fs = [f for f in rows_of(p, "F") if f[fk] == a["id"] and all(ok(x, f) for x in s["conditions"])]
            if kind == "left_count":
                out.append((a["name"], len(fs)))
            else:
                out.append((a["name"], sum(f[s["fact_num"]] for f in fs if f[s["fact_num"]] is not None)))
        return out
    rows = [r for r in rows_of(p, "A") if all(ok(x, r) for x in s["conditions"])]
    if kind == "missing_as":
        return [(r["name"], s["default"] if r[num] is None else r[num]) for r in rows
                if (s["default"] if r[num] is None else r[num]) <= s["limit"]]
    groups = {}
    for r in rows:
        groups.setdefault(r[group], []).append(r[num])
    if kind == "count_known":
        return [(g, len(v), sum(x is not None for x in v)) for g, v in groups.items()]
    return [(g, m) for g, v in groups.items() if (m := sum(x is None for x in v))]


def solve_distinct_count(p, s):
    fk_a, fk_b, bcat = s["fk_a"], s["fk_b"], s["bcat"]
    people = {r["id"]: r for r in rows_of(p, "A")}
    items = {r["id"]: r for r in rows_of(p, "B")}
    if s["kind"] == "distinct_list":
        return [(v,) for v in {items[f[fk_b]][bcat] for f in rows_of(p, "F")
                               if all(ok(x, people[f[fk_a]]) for x in s["conditions"])} - {None}]
    facts = [f for f in rows_of(p, "F") if all(ok(x, f) for x in s["conditions"])]
    if s["kind"] == "overall":
        return [(len({f[fk_a] for f in facts}),)]
    out = {}
    for f in facts:
        value = f[fk_b] if s["kind"] == "per_person" else items[f[fk_b]][bcat]
        out.setdefault(f[fk_a], set()).add(value)
    return [(people[a]["name"], len(v - {None})) for a, v in out.items()]


def solve_window_rank(p, s):
    kind, num = s["kind"], s["num"]
    if kind in ("rank_all", "rank_in_group", "dense_in_group"):
        cat = s["cat"]
        rows = [r for r in rows_of(p, "B") if r[num] is not None and (kind == "rank_all" or r[cat] is not None)
                and all(ok(x, r) for x in s["conditions"])]
        if kind == "rank_all":
            return [(r["name"], rank(r[num], [o[num] for o in rows])) for r in rows]
        return [(r["name"], r[cat], rank(r[num], [o[num] for o in rows if o[cat] == r[cat]], kind == "dense_in_group"))
                for r in rows]
    facts = [f for f in rows_of(p, "F") if f[num] is not None and all(ok(x, f) for x in s["conditions"])]
    if kind == "running_total":
        return [(f["id"], sum(g[num] for g in facts if g[s["key"]] == f[s["key"]] and g["id"] <= f["id"]))
                for f in facts]
    totals = {}
    for f in facts:
        totals[f[s["key"]]] = totals.get(f[s["key"]], 0) + f[num]
    names = {r["id"]: r["name"] for r in rows_of(p, "A")}
    return [(names[a], rank(t, list(totals.values()))) for a, t in totals.items()]


def solve_top_k_per_group(p, s):
    cat, k = s["cat"], s["k"]
    items = [b for b in rows_of(p, "B") if b[cat] is not None and all(ok(x, b) for x in s["conditions"])]
    if s["totals"]:
        values = {}
        for f in rows_of(p, "F"):
            if f[s["fnum"]] is not None:
                values[f[s["key"]]] = values.get(f[s["key"]], 0) + f[s["fnum"]]
        scored = [(b[cat], b["name"], values[b["id"]]) for b in items if b["id"] in values]
    else:
        scored = [(b[cat], b["name"], b[s["num"]]) for b in items if b[s["num"]] is not None]
    out = []
    for g in sorted({t[0] for t in scored}):
        best = sorted((t for t in scored if t[0] == g), key=lambda t: (-t[2], t[1]))[:k]
        out += best  # already in the asked order: group, value down, name
    return out


def solve_set_operations(p, s):
    fk_a, fk_b = key_to(p, "F", "A"), key_to(p, "F", "B")
    items = {r["id"]: r for r in rows_of(p, "B")}
    sets = []
    for source, conds in zip(s["sources"], s["sets"]):
        if source == "own":
            sets.append({a["name"] for a in rows_of(p, "A") if all(ok(x, a) for x in conds)})
        else:
            ids = {f[fk_a] for f in rows_of(p, "F")
                   if all(ok(x, f if source == "fact" else items[f[fk_b]]) for x in conds)}
            sets.append({a["name"] for a in rows_of(p, "A") if a["id"] in ids})
    one, two = sets
    result = {"union": one | two, "except": one - two, "intersect": one & two, "exactly_one": one ^ two}[s["op"]]
    return [(n,) for n in result]


def solve_multi_join(p, s):
    people = {r["id"]: r for r in rows_of(p, "A")}
    items = {r["id"]: r for r in rows_of(p, "B")}
    lookups = {r["id"]: r for r in rows_of(p, "C")}
    fk_a, fk_b, fk_c = key_to(p, "F", "A"), key_to(p, "F", "B"), key_to(p, "B", "C")
    out, groups = [], {}
    for f in rows_of(p, "F"):
        a, b = people[f[fk_a]], items[f[fk_b]]
        c = lookups[b[fk_c]]
        if not all(ok(x, {"F": f, "A": a, "B": b, "C": c}[x["role"]]) for x in s["conditions"]):
            continue
        fnum = f[s["fnum"]]
        if s["kind"] == "list3":
            out.append((f["id"], a["name"], b["name"], fnum))
        elif s["kind"] == "list4":
            out.append((f["id"], a["name"], c["name"], fnum))
        elif s["kind"] == "total_by_lookup":
            groups.setdefault((c["id"], c["name"]), []).append(fnum)
        else:
            bnum = b[s["bnum"]]
            groups.setdefault(a[s["acat"]], []).append(None if fnum is None or bnum is None else fnum * bnum)
    if s["kind"] == "total_by_lookup":
        return [(name, agg("sum", v)) for (_, name), v in groups.items()]
    if s["kind"] == "product_by_group":
        return [(g, agg("sum", v)) for g, v in groups.items()]
    return out


SOLVERS = {f"sql/{name[6:]}": fn for name, fn in globals().items() if name.startswith("solve_")}
# tasks whose brute-force solvers live in test_sql_more.py
MORE = ("sql/case_buckets", "sql/date_ranges", "sql/self_join")


def canonical(rows):
    return [tuple(round(float(v), 6) if isinstance(v, (int, float)) else v for v in r) for r in rows]


def test_every_task_has_a_solver():
    assert sorted([*SOLVERS, *MORE]) == NAMES


@pytest.mark.parametrize("name", sorted(SOLVERS))
@pytest.mark.parametrize("level", [1, 4, 7, 10, 15, 20])
def test_reference_query_matches_the_brute_force_solver(name, level):
    for seed in range(4):
        p = procgym.generate(name, seed=seed, difficulty=level)
        expected = canonical(SOLVERS[name](p, p.check["spec"]))
        _, got = run_query(p.check["db"], p.answer)
        got = canonical(got)
        assert expected, f"{name} level {level} seed {seed}: the answer is empty"
        if p.check["ordered"]:
            assert got == expected, (name, level, seed, p.answer)
        else:
            assert sorted(got, key=repr) == sorted(expected, key=repr), (name, level, seed, p.answer)


def test_fixed_values():
    # literal results, read off the printed tables by hand
    p = procgym.generate("sql/distinct_count", seed=0, difficulty=1)
    assert p.answer == "SELECT COUNT(DISTINCT f.passenger_id) FROM bookings f WHERE f.year >= 2020"
    assert [f["passenger_id"] for f in rows_of(p, "F")] == [3, 3, 2, 1, 5, 4, 3, 3, 2, 2]
    assert run_query(p.check["db"], p.answer) == (1, [(5,)])
    p = procgym.generate("sql/filter_select", seed=0, difficulty=2)
    assert [(r["name"], r["house"]) for r in rows_of(p, "A")] == [
        ("Paul", "Oak"), ("Rosa", "Elm"), ("Dev", "Elm"), ("Nora", "Elm"), ("Liam", "Fir"), ("Zed", "Yew"),
        ("Ike", "Yew")]
    assert "house is 'Fir'" in p.prompt and run_query(p.check["db"], p.answer) == (1, [("Liam",)])
    assert accepted(p, "SELECT 'Liam'")  # any query with the right result is an answer
    assert not accepted(p, "SELECT name FROM students WHERE house = 'Elm'")
    p = procgym.generate("sql/aggregate_group_by", seed=0, difficulty=1)
    assert sorted(run_query(p.check["db"], p.answer)[1]) == [("Chad", 1), ("Fiji", 1), ("Iran", 1), ("Laos", 1),
                                                             ("Togo", 2)]


# ------------------------------------------------------------------ accepted and rejected answers

def first(name, level, kind=None, ordered=None):
    for seed in range(200):
        p = procgym.generate(name, seed=seed, difficulty=level)
        s = p.check["spec"]
        if (kind is None or s.get("kind") == kind) and (ordered is None or p.check["ordered"] == ordered) \
                and p.check["rows"] >= 2:
            return p
    raise AssertionError(f"no {name} problem of kind {kind}")


def accepted(p, query):
    return procgym.verify(p, f"<answer>{query}</answer>").correct


@pytest.mark.parametrize("name", NAMES)
def test_equivalent_forms_pass_and_near_misses_fail(name):
    p = first(name, 6)
    ref = p.answer
    assert accepted(p, ref + ";")
    assert accepted(p, f"```sql\n{ref}\n```")
    assert procgym.verify(p, f"I worked it out.\n<answer>{ref}</answer>").correct
    if not p.check["ordered"]:
        assert accepted(p, f"SELECT * FROM ({ref})")
        assert accepted(p, f"WITH answer_rows AS ({ref}) SELECT * FROM answer_rows")
    assert not accepted(p, f"SELECT * FROM ({ref}) LIMIT {p.check['rows'] - 1}")  # a row short
    assert not accepted(p, f"SELECT *, 1 FROM ({ref})")  # an extra column
    assert not accepted(p, f"SELECT * FROM ({ref}) UNION ALL SELECT * FROM ({ref})")  # every row twice
    assert not accepted(p, f"{ref} -- or maybe not\nSELECT 1")
    assert not accepted(p, f"{ref}\nThis query lists the rows asked for.")


def result(p, query):
    return run_query(p.check["db"], query)[1]


def find(name, level, wanted):
    """The first problem (seeds 0-199) for which `wanted(p)` gives a near miss whose result
    differs from the reference's, with that near miss."""
    for seed in range(200):
        p = procgym.generate(name, seed=seed, difficulty=level)
        miss = wanted(p)
        if miss and sorted(result(p, miss), key=repr) != sorted(result(p, p.answer), key=repr):
            return p, miss
    raise AssertionError(f"no {name} problem with such a near miss")


def test_filter_select_alternatives_and_a_dropped_condition():
    p = first("sql/filter_select", 3)
    conds = p.answer.split(" WHERE ")[1].split(" AND ")
    table = p.answer.split(" FROM ")[1].split(" WHERE ")[0]
    cols = p.answer.split("SELECT ")[1].split(" FROM ")[0]
    assert accepted(p, f"SELECT {cols} FROM {table} WHERE {' AND '.join(reversed(conds))}")
    assert accepted(p, f"select {cols} from {table} as q where " + " and ".join(f"q.{c}" for c in conds))
    p, miss = find("sql/filter_select", 3, lambda p: " AND " in p.answer and p.answer.rsplit(" AND ", 1)[0])
    assert not accepted(p, miss)


def test_ordered_answers_need_the_order():
    def reordered(p):
        if not p.check["ordered"]:
            return None
        base = p.answer.split(" ORDER BY ")[0]
        miss = f"{base} ORDER BY name DESC"
        return miss if result(p, miss) != result(p, p.answer) else None
    for seed in range(200):
        p = procgym.generate("sql/filter_select", seed=seed, difficulty=8)
        miss = reordered(p)
        if miss:
            break
    verdict = procgym.verify(p, f"<answer>{miss}</answer>")
    assert not verdict.correct and "order" in verdict.feedback


def test_join_as_implicit_join():
    p = first("sql/join_two_tables", 3)
    select, rest = p.answer.split(" FROM ")
    child, join = rest.split(" JOIN ")
    parent, on = join.split(" ON ")
    on, *where = on.split(" WHERE ")
    assert accepted(p, f"{select} FROM {child}, {parent} WHERE {on}" + (f" AND {where[0]}" if where else ""))


def test_window_rank_as_correlated_count_and_dense_is_not_rank():
    p = first("sql/window_rank", 10, kind="rank_in_group")
    s, table = p.check["spec"], p.check["spec"]["table"]
    where = p.answer.split(" WHERE ")[1]
    inner = where.replace(s["num"], f"i.{s['num']}").replace(s["cat"], f"i.{s['cat']}")
    outer = where.replace(s["num"], f"o.{s['num']}").replace(s["cat"], f"o.{s['cat']}")
    alt = (f"SELECT o.name, o.{s['cat']}, 1 + (SELECT COUNT(*) FROM {table} i WHERE {inner} AND i.{s['cat']} = "
           f"o.{s['cat']} AND i.{s['num']} > o.{s['num']}) FROM {table} o WHERE {outer}")
    assert accepted(p, alt), alt
    p, miss = find("sql/window_rank", 10, lambda p: p.check["spec"]["kind"] == "rank_in_group"
                   and p.answer.replace("RANK()", "DENSE_RANK()"))
    assert not accepted(p, miss)


def test_averages_are_exact_not_rounded():
    def rounded(p):
        s = p.check["spec"]
        avg = next((c for k, c in s["aggregates"] if k == "avg"), None)
        return avg and p.answer.replace(f"AVG({avg})", f"ROUND(AVG({avg}), 2)")
    p, miss = find("sql/aggregate_group_by", 12, rounded)
    assert not accepted(p, miss)
    avg = next(c for k, c in p.check["spec"]["aggregates"] if k == "avg")
    assert accepted(p, p.answer.replace(f"AVG({avg})", f"SUM({avg}) * 1.0 / COUNT({avg})"))


def test_outer_join_needs_the_rows_without_facts():
    p, miss = find("sql/null_handling", 8, lambda p: p.check["spec"]["kind"] == "left_count"
                   and p.answer.replace(" LEFT JOIN ", " JOIN "))
    assert not accepted(p, miss)
    assert not accepted(p, p.answer.replace("COUNT(f.id)", "COUNT(*)"))  # a row without facts counts 1
    assert accepted(p, p.answer.replace("COUNT(f.id)", "SUM(f.id IS NOT NULL)"))


def test_set_operations_need_each_name_once():
    def duplicates(p):
        if p.check["spec"]["op"] != "except":
            return None
        one, two = p.answer.split(" EXCEPT ")
        return f"SELECT name FROM ({one}) WHERE name NOT IN ({two})"
    p, miss = find("sql/set_operations", 9, duplicates)
    assert not accepted(p, miss)  # a name reached through two facts comes twice
    assert accepted(p, miss.replace("SELECT name FROM", "SELECT DISTINCT name FROM", 1))


def test_top_k_tie_break_matters():
    p, miss = find("sql/top_k_per_group", 12, lambda p: p.answer.replace("ROW_NUMBER()", "RANK()")
                   .replace(", name ASC) AS pos", ") AS pos"))
    assert not accepted(p, miss)


def test_determinism_and_distinct_seeds():
    for name in NAMES:
        a = procgym.generate(name, seed=3, difficulty=7).to_dict()
        assert a == procgym.generate(name, seed=3, difficulty=7).to_dict()
        assert a["prompt"] != procgym.generate(name, seed=4, difficulty=7).prompt


def test_prompt_shows_schema_and_rows():
    p = procgym.generate("sql/multi_join", seed=2, difficulty=9)
    assert "CREATE TABLE" in p.prompt and "REFERENCES" in p.prompt
    for t in p.check["db"]["tables"]:
        assert f"Table {t['name']}:" in p.prompt
        assert " | ".join("NULL" if v is None else str(v) for v in t["rows"][0]) in p.prompt
