"""Per-task tests for strings/*, time/date_arithmetic, logic/knights_knaves and logic/sat:
exact values, accepted alternative forms and rejected near misses."""
import calendar
import datetime as dt
import itertools
import random
import re

import pytest

import procgym
from procgym import Problem
from procgym.generators.logic.knights_knaves import evaluate, render, solutions
from procgym.generators.logic.knights_knaves import truth_table as table
from procgym.generators.logic.sat import brute_force, dpll, satisfies
from procgym.generators.strings.anagrams import group_anagrams
from procgym.generators.strings.run_length import decode, encode
from procgym.generators.strings.sorting import sort_words
from procgym.generators.time.dates import add_months
from answer_helpers import ok, tag

NAMES = ["strings/sort_words", "strings/anagram_groups", "strings/run_length", "time/date_arithmetic",
         "logic/knights_knaves", "logic/sat"]


# --------------------------------------------------------------------------- all six

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert p.prompt.isascii() and all(c.isprintable() or c in "\n\t" for c in p.prompt)
            assert ok(p, p.answer), (level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


# --------------------------------------------------------------------------- strings/sort_words

def test_sort_words_exact_orders():
    abc = "abcdefghijklmnopqrstuvwxyz"
    words = ["pear", "fig", "apple", "app", "kiwi"]
    assert sort_words(words, [("alpha", False, None)], abc) == ["app", "apple", "fig", "kiwi", "pear"]
    assert sort_words(words, [("alpha", True, None)], abc) == ["pear", "kiwi", "fig", "apple", "app"]
    assert sort_words(words, [("length", False, None), ("alpha", False, None)], abc) == \
        ["app", "fig", "kiwi", "pear", "apple"]
    # last letter: e(apple) g(fig) i(kiwi) p(app) r(pear)
    assert sort_words(words, [("last", False, None), ("alpha", False, None)], abc) == \
        ["apple", "fig", "kiwi", "app", "pear"]
    # a custom alphabet that starts with p, k, f
    custom = "pkf" + "".join(c for c in abc if c not in "pkf")
    assert sort_words(words, [("alpha", False, None)], custom) == ["pear", "kiwi", "fig", "app", "apple"]
    # vowels, largest first, then alphabetical: apple 2, kiwi 2, pear 2, app 1, fig 1
    assert sort_words(words, [("vowels", True, None), ("alpha", False, None)], abc) == \
        ["apple", "kiwi", "pear", "app", "fig"]


def test_sort_words_forms_and_near_misses():
    p = procgym.generate("strings/sort_words", seed=4, difficulty=6)
    order = p.check["order"]
    assert ok(p, ", ".join(order))
    assert ok(p, ",".join(w.upper() for w in order))
    assert ok(p, "[" + ", ".join(f'"{w}"' for w in order) + "]")
    assert ok(p, " ".join(order))
    swapped = order[:]
    swapped[1], swapped[2] = swapped[2], swapped[1]
    assert not ok(p, ",".join(swapped))
    assert not ok(p, ",".join(order[:-1]))
    assert not ok(p, ",".join(order + order[-1:]))
    assert not ok(p, ",".join(list(reversed(order))))
    assert not ok(p, ",".join(order[:-1] + [order[-1] + "s"]))


def test_sort_words_high_levels_have_near_duplicates_and_custom_alphabet():
    p = procgym.generate("strings/sort_words", seed=1, difficulty=10)
    assert "custom alphabet" in p.prompt
    assert p.prompt.count("\n1. ") == 1 and "\n4. " in p.prompt


# --------------------------------------------------------------------------- strings/anagram_groups

def test_anagram_grouping_exact():
    assert group_anagrams(["eat", "tea", "tan", "ate", "nat", "bat"]) == [["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]
    # the same letters with different counts are not anagrams
    assert group_anagrams(["aab", "abb", "bab"]) == [["aab"], ["abb", "bab"]]


def _anagram_problem():
    groups = [["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]
    return Problem("strings/anagram_groups", 0, 1, {}, "prompt", "[ate,eat,tea],[bat],[nat,tan]", {"groups": groups})


@pytest.mark.parametrize("text", [
    "[ate,eat,tea],[bat],[nat,tan]",
    "[tan, nat], [bat], [tea, ate, eat]",
    "[[ate,eat,tea],[bat],[nat,tan]]",
    "(ATE, EAT, TEA), (BAT), (NAT, TAN)",
    "{ate eat tea} {bat} {nat tan}",
    "ate, eat, tea; bat; nat, tan",
    "ate eat tea\nbat\nnat tan",
])
def test_anagram_groups_accepts(text):
    assert ok(_anagram_problem(), text)


@pytest.mark.parametrize("text", [
    "[ate,eat],[tea,bat],[nat,tan]",  # a word in the wrong group
    "[ate,eat,tea],[nat,tan]",  # a word missing
    "[ate,eat,tea],[bat],[nat,tan],[tan]",  # a word twice
    "[ate,eat,tea],[bat],[nat,tan],[ant]",  # an extra word
    "[ate,eat,tea,bat],[nat,tan]",  # two groups merged
    "[ate,eat,tea],[bat],[nat],[tan]",  # a group split
    "[ate,eat,tea],bat,[nat,tan]",  # a group outside brackets
    "ate,eat,tea,bat,nat,tan",  # no grouping at all
])
def test_anagram_groups_rejects(text):
    assert not ok(_anagram_problem(), text)


def test_anagram_generated_groups_are_true_classes():
    for seed in range(20):
        p = procgym.generate("strings/anagram_groups", seed=seed, difficulty=8)
        words = re.search(r"Words: (.*)", p.prompt).group(1).split(", ")
        groups = p.check["groups"]
        assert sorted(w for g in groups for w in g) == sorted(words)
        keys = ["".join(sorted(g[0])) for g in groups]
        assert len(set(keys)) == len(keys)
        assert all("".join(sorted(w)) == k for g, k in zip(groups, keys) for w in g)
        shuffled = [list(reversed(g)) for g in reversed(groups)]
        assert ok(p, ",".join("[" + ",".join(g) + "]" for g in shuffled))


# --------------------------------------------------------------------------- strings/run_length

def test_run_length_exact():
    assert encode("aaabccdddd") == "3a1b2c4d"
    assert encode("ab") == "1a1b"
    assert encode("aaaaaaaaaaaaB") == "12a1B"
    assert decode("12a1B") == "a" * 12 + "B"
    assert decode(encode("xyyzzzZ")) == "xyyzzzZ"


def _rle_problem(mode, answer):
    return Problem("strings/run_length", 0, 1, {}, "prompt", answer, {"mode": mode, "answer": answer})


def test_run_length_forms_and_near_misses():
    p = _rle_problem("encode", "3a1b12c")
    assert ok(p, "3a1b12c") and ok(p, "3a 1b 12c") and ok(p, "'3a1b12c'") and ok(p, "3a,1b,12c")
    assert not ok(p, "3ab12c")  # a count of 1 left out
    assert not ok(p, "2a1a1b12c")  # runs not maximal
    assert not ok(p, "3a1b21c")
    assert not ok(p, "3A1B12C")  # case-sensitive
    assert not ok(p, "aaabcccccccccccc")  # the decoded string, not the code
    assert "maximal" in procgym.verify(p, tag("2a1a1b12c")).feedback
    d = _rle_problem("decode", "aaBBb")
    assert ok(d, "aaBBb") and ok(d, "aa BBb")
    assert not ok(d, "aabbb") and not ok(d, "aaBBbb")


def test_run_length_merging_modes_recomputed_from_the_prompt():
    for seed in range(30):
        p = procgym.generate("strings/run_length", seed=seed, difficulty=8, mode="delete")
        code, gone = re.search(r"Decode the code (\w+), delete every '(\w)'", p.prompt).groups()
        assert p.answer == encode(decode(code).replace(gone, ""))
        q = procgym.generate("strings/run_length", seed=seed, difficulty=9, mode="concat")
        codes = re.findall(r"[PQR] has code (\w+)", q.prompt)
        assert len(codes) >= 2 and q.answer == encode("".join(decode(c) for c in codes))
        naive = "".join(codes)  # just gluing the codes is wrong whenever a seam merges
        if naive != q.answer:
            assert not ok(q, naive)


# --------------------------------------------------------------------------- time/date_arithmetic

def test_add_months_clamps_to_month_end():
    d = dt.date
    assert add_months(d(2023, 1, 31), 1) == d(2023, 2, 28)
    assert add_months(d(2024, 1, 31), 1) == d(2024, 2, 29)
    assert add_months(d(2024, 2, 29), 12) == d(2025, 2, 28)
    assert add_months(d(2024, 2, 29), 48) == d(2028, 2, 29)
    assert add_months(d(2024, 3, 31), -1) == d(2024, 2, 29)
    assert add_months(d(2000, 1, 31), 1) == d(2000, 2, 29)  # 2000 is a leap year
    assert add_months(d(1900, 1, 31), 1) == d(1900, 2, 28)  # 1900 is not
    assert add_months(d(2023, 12, 15), 1) == d(2024, 1, 15)
    assert add_months(d(2024, 1, 15), -13) == d(2022, 12, 15)
    # clamping happens at each step, so two +1 month steps differ from one +2
    assert add_months(add_months(d(2023, 1, 31), 1), 1) == d(2023, 3, 28)
    assert add_months(d(2023, 1, 31), 2) == d(2023, 3, 31)


def _date_problem(kind, value):
    return Problem("time/date_arithmetic", 0, 1, {}, "prompt", str(value), {"type": kind, "value": value})


def test_date_answers_forms_and_near_misses():
    p = _date_problem("date", "2024-02-29")
    for text in ("2024-02-29", "2024-2-29", "2024/02/29", " 2024-02-29. ", "2024 - 02 - 29"):
        assert ok(p, text), text
    for text in ("2024-02-28", "2024-03-01", "29/02/2024", "2024-02-30", "February 29, 2024", "2024-02-29T00:00"):
        assert not ok(p, text), text
    w = _date_problem("weekday", 0)
    for text in ("Monday", "monday", "MONDAY", "Mon", "Monday."):
        assert ok(w, text), text
    for text in ("Tuesday", "Mo", "Mondays", "0"):
        assert not ok(w, text), text
    n = _date_problem("days", -366)
    for text in ("-366", "-366 days", "-366 Days.", "\u2212366 days"):
        assert ok(n, text), text
    for text in ("366", "-365", "-366.5"):
        assert not ok(n, text), text
    # hedges, second candidates and leftover words are not answers
    for text in ("2024-02-29 or 2024-03-01", "not 2024-02-29", "2024-02-29, 2024-03-01", "2024-02-29 I think"):
        assert not ok(p, text), text
    for text in ("Monday or Tuesday", "not Monday", "Monday, Tuesday", "Monday I think"):
        assert not ok(w, text), text
    for text in ("-366 or -365", "0, -366", "-3 66", "days != -366", "-366 days I think"):
        assert not ok(n, text), text


def test_date_arithmetic_example_is_never_the_answer():
    """Any date, weekday or count of days may be an answer: each problem draws its example from its
    kind's list less its answer, so the example varies and tells only that it is not the answer."""
    from procgym.contract import prompt_example

    p = procgym.generate("time/date_arithmetic", seed=3, difficulty=2)  # its answer was the weekday example
    assert p.answer == "Friday" and prompt_example(p.prompt) in ("Monday", "Tuesday", "Wednesday", "Thursday",
                                                                  "Saturday", "Sunday")
    shown = set()
    for seed in range(40):
        q = procgym.generate("time/date_arithmetic", seed=seed, difficulty=3)
        assert not ok(q, prompt_example(q.prompt))
        shown.add(prompt_example(q.prompt))
    assert len(shown) > 8


def test_known_calendar_facts_through_the_task():
    # leap-year day counts and weekdays, computed by the same datetime reference the task uses
    assert (dt.date(2024, 12, 31) - dt.date(2023, 12, 31)).days == 366
    assert (dt.date(1900, 3, 1) - dt.date(1900, 2, 28)).days == 1
    assert (dt.date(2000, 3, 1) - dt.date(2000, 2, 28)).days == 2
    assert dt.date(2024, 1, 1).weekday() == 0 and dt.date(2000, 1, 1).weekday() == 5


_STEP = re.compile(r"(add|subtract) (\d+) (day|week|month|year)s?", re.IGNORECASE)


def _independent_add(date, amount, unit):
    if unit == "day":
        return date + dt.timedelta(days=amount)
    if unit == "week":
        return date + dt.timedelta(days=7 * amount)
    months = amount * (12 if unit == "year" else 1)
    y, m = date.year, date.month + months
    while m > 12:
        y, m = y + 1, m - 12
    while m < 1:
        y, m = y - 1, m + 12
    return dt.date(y, m, min(date.day, calendar.monthrange(y, m)[1]))


def test_generated_dates_recomputed_from_the_prompt():
    for level in range(1, 11):
        for seed in range(15):
            p = procgym.generate("time/date_arithmetic", seed=seed, difficulty=level)
            if p.check["type"] != "date":
                continue
            body = p.prompt.split("\n\n")[1]
            start = dt.date.fromisoformat(re.search(r"Start from (\d{4}-\d\d-\d\d)", body).group(1))
            for sign, amount, unit in _STEP.findall(body):
                start = _independent_add(start, int(amount) * (1 if sign.lower() == "add" else -1), unit)
            assert p.answer == start.isoformat(), (level, seed)


def test_weekday_and_between_kinds_are_consistent():
    for seed in range(20):
        p = procgym.generate("time/date_arithmetic", seed=seed, difficulty=3, kind="weekday")
        first, name = re.search(r"(\d{4}-\d\d-\d\d) is a (\w+)\.", p.prompt).groups()
        assert dt.date.fromisoformat(first).strftime("%A") == name
        target = re.search(r"What day of the week is (\d{4}-\d\d-\d\d)\?", p.prompt)
        if target:
            assert dt.date.fromisoformat(target.group(1)).strftime("%A") == p.answer
        q = procgym.generate("time/date_arithmetic", seed=seed, difficulty=3, kind="between", n_steps=1)
        a, b = re.search(r"from (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)\?", q.prompt).groups()
        assert int(q.answer) == (dt.date.fromisoformat(b) - dt.date.fromisoformat(a)).days


# --------------------------------------------------------------------------- logic/knights_knaves

def test_truth_tables_match_direct_evaluation():
    from procgym.generators.logic.knights_knaves import _statement

    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(2, 5)
        s = _statement(rng, n, rng.randrange(n), "all", "all", 3)
        t = table(s, n)
        for a in range(1 << n):
            assert bool(t >> a & 1) == evaluate(s, [bool(a >> i & 1) for i in range(n)]), s


def test_classic_puzzle_solution():
    # A: "I am a knave or B is a knight."  The only consistent world: both are knights.
    statements = {0: ("or", ("role", 0, False), ("role", 1, True))}
    assert solutions(statements, 2) == 1 << 0b11
    # A: "B and I are the same type."  B: "A is a knave."  -> A knave, B knight.
    statements = {0: ("same", 0, 1, True), 1: ("role", 0, False)}
    assert solutions(statements, 2) == 1 << 0b10
    assert render(("same", 0, 1, True), 0, ["A", "B"]) == "I am the same type as B"
    assert render(("count", True, 1, False), 0, ["A", "B"]) == "exactly 1 of us is a knave"


def _to_tuples(s):
    return tuple(_to_tuples(x) if isinstance(x, list) else x for x in s)


def test_generated_puzzles_have_exactly_one_solution():
    for level in range(1, 11):
        for seed in range(5):
            p = procgym.generate("logic/knights_knaves", seed=seed, difficulty=level)
            names = sorted(p.check["solution"])
            stmts = {names.index(k): _to_tuples(v) for k, v in p.check["statements"].items()}
            worlds = [w for w in itertools.product([False, True], repeat=len(names))
                      if all(w[i] == evaluate(s, w) for i, s in stmts.items())]
            assert len(worlds) == 1
            assert {n: "knight" if w else "knave" for n, w in zip(names, worlds[0])} == p.check["solution"]


def test_knights_knaves_forms_and_near_misses():
    p = procgym.generate("logic/knights_knaves", seed=2, difficulty=6)
    sol = p.check["solution"]
    items = list(sol.items())
    assert ok(p, ",".join(f"{k}={v}" for k, v in reversed(items)))
    assert ok(p, ", ".join(f"{k.lower()} = {v.upper()}" for k, v in items))
    assert ok(p, "; ".join(f"{k}: {v}" for k, v in items))
    assert ok(p, "\n".join(f"{k} is a {v}" for k, v in items))
    assert ok(p, " and ".join(f"{k} is a {v}" for k, v in items))
    flip = {"knight": "knave", "knave": "knight"}
    for i in range(len(items)):
        flipped = [(k, flip[v] if j == i else v) for j, (k, v) in enumerate(items)]
        assert not ok(p, ",".join(f"{k}={v}" for k, v in flipped))
    assert not ok(p, ",".join(f"{k}={v}" for k, v in items[:-1]))  # one missing
    assert not ok(p, ",".join(f"{k}={v[0]}" for k, v in items))  # abbreviations are not accepted
    assert not ok(p, ",".join(f"{k}={v}" for k, v in items) + ",Z=knight")  # an unknown islander
    k0, v0 = items[0]
    assert not ok(p, ",".join(f"{k}={v}" for k, v in items) + f",{k0}={flip[v0]}")  # two roles for one


# --------------------------------------------------------------------------- logic/sat

def test_dpll_agrees_with_brute_force():
    rng = random.Random(5)
    for _ in range(400):
        n = rng.randint(1, 9)
        k = rng.randint(1, min(3, n))
        clauses = [[v if rng.random() < 0.5 else -v for v in sorted(rng.sample(range(1, n + 1), k))]
                   for _ in range(rng.randint(1, 6 * n))]
        truth = any(satisfies(clauses, dict(zip(range(1, n + 1), w))) is None
                    for w in itertools.product([False, True], repeat=n))
        for solver in (dpll, brute_force):
            model = solver(clauses, n)
            assert (model is not None) == truth
            if model is not None:
                assert satisfies(clauses, model) is None and set(model) == set(range(1, n + 1))


def test_known_formulas():
    every_clause = [[a * 1, b * 2, c * 3] for a in (1, -1) for b in (1, -1) for c in (1, -1)]
    assert dpll(every_clause, 3) is None and brute_force(every_clause, 3) is None
    assert dpll(every_clause[:-1], 3) == {1: True, 2: True, 3: True}
    assert brute_force([[1], [-2]], 2) == {1: True, 2: False}


def _sat_problem(clauses, n, satisfiable):
    return Problem("logic/sat", 0, 1, {}, "prompt", "x", {"n_vars": n, "clauses": clauses, "satisfiable": satisfiable})


def test_sat_forms_and_near_misses():
    p = _sat_problem([[1, -2], [2, 3], [-1, -3]], 3, True)  # x1=T,x2=T,x3=F works; so does x1=F,x2=F,x3=T
    for text in ("x1=T,x2=T,x3=F", "x1=F,x2=F,x3=T", "x1=true, x2=true, x3=false", "x1=1 x2=1 x3=0",
                 "X1 = T; X2 = T; X3 = F", "x3=F\nx1=T\nx2=T", "x1: T, x2: T, x3: F", "x1 is T, x2 is T, x3 is F",
                 "[x1=T, x2=T, x3=F]"):
        assert ok(p, text), text
    partial = _sat_problem([[1, 2], [1, -3], [-2, 3, 1]], 3, True)
    # the prompt asks for every variable: a partial assignment is refused even where the values
    # given already satisfy every clause (it used to pass: audit FP11)
    assert not ok(partial, "x1=T") and ok(partial, "x1=T,x2=F,x3=F")
    assert not ok(partial, "x2=T")
    for text in ("x1=T,x2=F,x3=F",  # violates clause 1
                 "x1=T,x2=T,x3=T",  # violates clause 3
                 "UNSAT", "x1=T", "x1=T,x2=T", "x1=T,x2=T,x3=F,x4=T", "x1=T,x2=T,x3=F,x1=F", "x1=yes,x2=yes,x3=no",
                 "x1=T,x2=T,x3=F?", "T,T,F", "x1=T,x2=T,x3=F,x1=T",  # a variable given twice
                 "x1=T,x2=T,x3=F or x1=F,x2=F,x3=T", "not x1=T,x2=T,x3=F", "x1=T,x2=T,x3!=T"):
        assert not ok(p, text), text
    u = _sat_problem([[1], [-1]], 1, False)
    for text in ("UNSAT", "unsat", "Unsatisfiable.", "UNSAT."):
        assert ok(u, text), text
    assert not ok(u, "x1=T") and not ok(u, "SAT")


def test_generated_sat_problems():
    unsat = 0
    for seed in range(30):
        p = procgym.generate("logic/sat", seed=seed, difficulty=10)
        clauses, n = p.check["clauses"], p.check["n_vars"]
        assert len(clauses) == round(4.26 * n) and all(len(c) == 3 for c in clauses)
        assert (dpll(clauses, n) is not None) == p.check["satisfiable"]
        if not p.check["satisfiable"]:
            unsat += 1
            assert p.answer == "UNSAT" and not ok(p, "x" + ",x".join(f"{v}=T" for v in range(1, n + 1)))
            continue
        assert not ok(p, "UNSAT")
        values = {int(v): t == "T" for v, t in re.findall(r"x(\d+)=([TF])", p.answer)}
        for v in range(1, n + 1):  # flipping a variable that some clause depends on must fail
            flipped = {**values, v: not values[v]}
            text = ",".join(f"x{i}={'T' if b else 'F'}" for i, b in flipped.items())
            assert ok(p, text) == (satisfies(clauses, flipped) is None)
    assert 5 <= unsat <= 25
    assert all(procgym.generate("logic/sat", seed=s, difficulty=2).answer != "UNSAT" for s in range(20))
