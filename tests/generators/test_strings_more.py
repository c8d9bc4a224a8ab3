"""Per-task tests for strings/palindromic_substrings, bracket_repair, regex_match and
longest_repeated_substring: exact values, accepted alternatives, rejected near misses."""
import itertools
import random
import re

import procgym
from procgym.generators._regex import parse_regex, search
from procgym.generators.strings._brackets import is_balanced, min_insertions
from procgym.generators.strings._substrings import longest_repeated, palindromic_substrings
from procgym.generators.strings.brackets import repair
from answer_helpers import ok

NAMES = ["strings/palindromic_substrings", "strings/bracket_repair", "strings/regex_match",
         "strings/longest_repeated_substring"]


def regex_search(pattern, text):
    return search(parse_regex(pattern), text)


def first(name, level, pred, seeds=range(300)):
    for seed in seeds:
        p = procgym.generate(name, seed=seed, difficulty=level)
        if pred(p):
            return p
    raise AssertionError(f"no {name} problem matched")


# ------------------------------------------------------------------ regex
def test_regex_matcher_agrees_with_re_on_generated_patterns():
    r = random.Random(7)
    for _ in range(2000):
        pat = "".join(r.choice(["a", "b", ".", "[ab]", "[^a]", "[a-c]"]) + r.choice(["", "*", "+", "?"])
                      for _ in range(r.randint(1, 5)))
        pat = ("^" if r.random() < 0.3 else "") + pat + ("$" if r.random() < 0.3 else "")
        t = "".join(r.choice("abcd") for _ in range(r.randint(0, 8)))
        assert regex_search(pat, t) == bool(re.search(pat, t)), (pat, t)


def test_regex_known():
    assert regex_search("^a+b$", "aaab")
    assert not regex_search("^a+b$", "aaabb")
    assert regex_search("c.d", "xxcadxx")
    assert not regex_search("[^ab]x", "ax")


def test_regex_task_forms():
    p = first("strings/regex_match", 5, lambda p: len(p.check["matches"]) >= 2)
    m = p.check["matches"]
    assert ok(p, ",".join(m))
    assert ok(p, ", ".join(reversed(m)).lower())
    assert ok(p, "[" + ", ".join(m) + "]")
    assert not ok(p, ",".join(m[:-1]))
    extra = next(lab for lab in "ABCDEFGHIJ" if lab not in m)
    assert not ok(p, ",".join(m + [extra]))
    assert not ok(p, ",".join(m + [m[0]]))


def test_regex_task_answers_by_matcher():
    for seed in range(10):
        p = procgym.generate("strings/regex_match", seed=seed, difficulty=7)
        pat = re.search(r"Pattern: (\S+)", p.prompt).group(1)
        strings = re.findall(r"^([A-Z])\. (\w+)$", p.prompt, re.M)
        assert [lab for lab, s in strings if re.search(pat, s)] == p.check["matches"]


# ------------------------------------------------------------------ palindromes
def test_palindrome_counts():
    spans = [(a, b) for a, b in palindromic_substrings("aaba") if b - a >= 2]
    assert sorted("aaba"[a:b] for a, b in spans) == ["aa", "aba"]
    assert len([1 for a, b in palindromic_substrings("aaa") if b - a >= 2]) == 3  # aa, aa, aaa


def test_palindrome_longest_accepts_any_maximal():
    p = first("strings/palindromic_substrings", 1,
              lambda p: p.check["mode"] == "longest" and len({p.check["s"][a:b] for a, b in
                                                              palindromic_substrings(p.check["s"])
                                                              if b - a == p.check["best"]}) >= 2)
    s, best = p.check["s"], p.check["best"]
    for sub in {s[a:b] for a, b in palindromic_substrings(s) if b - a == best}:
        assert ok(p, sub)
        assert ok(p, sub.upper())
    shorter = next((s[a:b] for a, b in palindromic_substrings(s) if 2 <= b - a < best), None)
    if shorter:
        assert not ok(p, shorter)
    assert not ok(p, s[:best] if s[:best] != s[:best][::-1] else s[:best + 1])


def test_palindrome_count_forms():
    p = first("strings/palindromic_substrings", 2, lambda p: p.check["mode"] == "count")
    v = p.check["value"]
    assert ok(p, str(v)) and ok(p, f"{v}.")
    assert not ok(p, str(v + 1)) and not ok(p, str(v - 1))


# ------------------------------------------------------------------ brackets
def _brute_min(s, limit=4):
    for k in range(limit + 1):
        for ins in itertools.product("()[]", repeat=k):
            for pos in itertools.combinations_with_replacement(range(len(s) + 1), k):
                t = list(s)
                for off, (p, c) in enumerate(zip(pos, ins)):
                    t.insert(p + off, c)
                if is_balanced("".join(t)):
                    return k
    return None


def test_min_insertions_brute_force():
    r = random.Random(3)
    for _ in range(60):
        s = "".join(r.choice("()[]") for _ in range(r.randint(1, 5)))
        k = min_insertions(s)
        if k <= 3:
            assert _brute_min(s, 3) == k, s
        fixed = repair(s)
        assert is_balanced(fixed) and len(fixed) == len(s) + k


def test_bracket_repair_forms():
    p = procgym.generate("strings/bracket_repair", seed=2, difficulty=5)
    s, k = p.check["s"], p.check["k"]
    fixed = repair(s)
    assert ok(p, f"{k}; {fixed}")
    assert ok(p, f"{k}\n{fixed}")
    assert ok(p, f"{k};{' '.join(fixed)}")
    assert not ok(p, f"{k + 1}; {fixed}")
    assert not ok(p, f"{k}; {fixed}()")  # balanced but not minimal
    assert not ok(p, f"{k}; {'()' * (len(fixed) // 2)}" if not set(s) <= set("()") else f"{k}; {fixed[1:]}")


def test_bracket_repair_other_optimum_accepted():
    from procgym import Problem
    p = procgym.generate("strings/bracket_repair", seed=0, difficulty=1)
    q = Problem.from_dict({**p.to_dict(), "check": {"s": "(()", "k": 1}})
    assert ok(q, "1; (())") and ok(q, "1; ()()")
    assert not ok(q, "1; (()")


# ------------------------------------------------------------------ longest repeated substring
def test_longest_repeated_known():
    assert longest_repeated("banana") == (3, ["ana"])
    assert longest_repeated("aaaa", 3) == (2, ["aa"])


def test_longest_repeated_forms():
    p = procgym.generate("strings/longest_repeated_substring", seed=1, difficulty=5)
    s, best, times = p.check["s"], p.check["best"], p.check["times"]
    _, hits = longest_repeated(s, times)
    for h in hits:
        assert ok(p, h) and ok(p, h.upper())
    assert not ok(p, hits[0][:-1])
    assert not ok(p, s[:best + 1])


# ------------------------------------------------------------------ answer reading (issue 17)
def test_regex_task_none_and_hedges():
    from procgym import Problem
    base = procgym.generate("strings/regex_match", seed=0, difficulty=6)
    p = Problem.from_dict({**base.to_dict(), "answer": "none", "check": {"matches": [], "n": base.check["n"]}})
    assert ok(p, "none") and ok(p, "None.") and not ok(p, "A") and not ok(p, "")
    q = first("strings/regex_match", 5, lambda p: len(p.check["matches"]) >= 2)
    m = q.check["matches"]
    assert ok(q, " ".join(m))
    for text in (",".join(m) + " or none", "not " + ",".join(m), ",".join(m) + ", none", ",".join(m) + "?"):
        assert not ok(q, text), text


def test_examples_are_never_an_answer():
    # one example per kind of answer (it can never be right), or one drawn among fixed wrong values:
    # either way it says nothing about the answer
    expected = {"strings/regex_match": {"A,C,D", "B,D", "A,B", "C,D"}, "strings/palindromic_substrings": {"-1", "abcab"},
                "strings/longest_repeated_substring": {"abca", "bcab", "cab", "bac", "abcab", "cabca"}}
    for name in ("strings/regex_match", "strings/palindromic_substrings", "strings/longest_repeated_substring",
                 "strings/anagram_groups", "strings/bracket_repair", "strings/run_length", "strings/sort_words"):
        shown = set()
        for level in range(1, 11):
            for seed in range(40):
                p = procgym.generate(name, seed=seed, difficulty=level)
                example = p.prompt.rsplit("for example <answer>", 1)[1].split("</answer>")[0]
                assert not ok(p, example), (name, level, seed, example)
                shown.add(example)
        assert shown == expected.get(name, {procgym.get(name).example}), (name, shown)
