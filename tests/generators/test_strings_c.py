"""Per-task tests for strings/rotation_check, minimal_rotation, interleaving,
longest_common_substring, shortest_common_supersequence and segment_operations: exact values,
accepted alternatives and rejected near misses."""
import itertools
import random

import procgym
from procgym.generators.strings._rotations import least_rotation, rotate, rotation_offsets
from procgym.generators.strings._subsequences import (apply_witness, interleaving_witness, is_subsequence,
                                                      shortest_supersequence)
from procgym.generators.strings._substrings import longest_common_substrings
from procgym.generators.strings.segment_operations import apply_op
from answer_helpers import ok

NAMES = ["strings/rotation_check", "strings/minimal_rotation", "strings/interleaving",
         "strings/longest_common_substring", "strings/shortest_common_supersequence", "strings/segment_operations"]


def first(name, level, pred=lambda p: True, seeds=range(300)):
    for seed in seeds:
        p = procgym.generate(name, seed=seed, difficulty=level)
        if pred(p):
            return p
    raise AssertionError(f"no {name} problem matched")


def test_all_registered():
    assert set(NAMES) <= set(procgym.tasks("strings/*"))


# ------------------------------------------------------------------ rotations
def test_rotation_helpers_exact():
    assert rotate("abcde", 2) == "cdeab"
    assert rotation_offsets("abcabc", "cabcab") == [2, 5]
    assert rotation_offsets("abc", "acb") == []
    assert least_rotation("bca") == 2
    r = random.Random(5)
    for _ in range(500):
        s = "".join(r.choice("ab") for _ in range(r.randint(1, 12)))
        rots = [rotate(s, i) for i in range(len(s))]
        assert rotate(s, least_rotation(s)) == min(rots)
        assert least_rotation(s) == rots.index(min(rots))


def test_rotation_check_answers_are_brute_force_right_and_forms():
    for seed in range(30):
        p = procgym.generate("strings/rotation_check", seed=seed, difficulty=7)
        lines = p.prompt.split("\n")
        a = next(x for x in lines if x.startswith("String: "))[8:]
        cands = [x.split(". ", 1)[1] for x in lines if len(x) > 3 and x[1:3] == ". "]
        brute = [next((str(k) for k in range(len(a)) if a[k:] + a[:k] == b), "no") for b in cands]
        assert brute == p.check["answers"]
    p = first("strings/rotation_check", 7, lambda p: "no" in p.check["answers"] and
              any(x != "no" for x in p.check["answers"]))
    ans = p.check["answers"]
    labels = "ABCDEFGHIJ"
    assert ok(p, "; ".join(x.upper() for x in ans))
    assert ok(p, ", ".join(f"{labels[i]}: {x}" for i, x in enumerate(ans)))
    assert ok(p, "[" + ", ".join("none" if x == "no" else x for x in ans) + "]")
    n = len(p.prompt.split("String: ")[1].split("\n")[0])
    i = next(i for i, x in enumerate(ans) if x != "no")
    off_by_period = ans[:i] + [str(int(ans[i]) + n)] + ans[i + 1:]
    assert not ok(p, ", ".join(off_by_period))
    j = ans.index("no")
    assert not ok(p, ", ".join(ans[:j] + ["0"] + ans[j + 1:]))
    assert not ok(p, ", ".join(ans[:-1]))


def test_periodic_string_needs_smallest_offset():
    p = first("strings/rotation_check", 8, lambda p: any(x not in ("no", "0") for x in p.check["answers"])
              and p.params["periodic"])
    a = p.prompt.split("String: ")[1].split("\n")[0]
    ans = p.check["answers"]
    i = next(i for i, x in enumerate(ans) if x not in ("no", "0"))
    period = next(d for d in range(1, len(a) + 1) if rotate(a, d) == a)
    if period < len(a):
        bigger = ans[:i] + [str(int(ans[i]) + period)] + ans[i + 1:]
        assert not ok(p, ", ".join(bigger))


def test_minimal_rotation_exact_and_near_misses():
    for level in (3, 7, 9):
        for seed in range(10):
            p = procgym.generate("strings/minimal_rotation", seed=seed, difficulty=level)
            s = p.check["string"]
            rots = [rotate(s, i) for i in range(len(s))]
            want = max(rots) if "greatest" in p.prompt else min(rots)
            assert p.answer == want
    p = first("strings/minimal_rotation", 5, lambda p: len(set(rotate(p.check["string"], i)
                                                              for i in range(len(p.check["string"])))) > 2)
    assert ok(p, p.answer.upper())
    assert ok(p, f"'{p.answer}'.")
    s = p.check["string"]
    other = next(rotate(s, i) for i in range(len(s)) if rotate(s, i) != p.answer)
    assert not ok(p, other)
    assert not ok(p, p.answer[::-1] + "a")
    assert not ok(p, p.answer[:-1])


# ------------------------------------------------------------------ interleaving
def all_witnesses(parts, c):
    out = []
    for w in itertools.product("".join(str(i + 1) for i in range(len(parts))), repeat=len(c)):
        w = "".join(w)
        if apply_witness(parts, w) == c and all(w.count(str(i + 1)) == len(p) for i, p in enumerate(parts)):
            out.append(w)
    return out


def test_interleaving_dp_agrees_with_brute_force():
    r = random.Random(3)
    for _ in range(150):
        parts = ["".join(r.choice("ab") for _ in range(r.randint(0, 3))) for _ in range(r.choice([2, 3]))]
        c = "".join(r.choice("ab") for _ in range(sum(map(len, parts))))
        w = interleaving_witness(parts, c)
        brute = all_witnesses(parts, c)
        assert (w is not None) == bool(brute)
        if w is not None:
            assert w in brute
    assert interleaving_witness(["ab", "cd"], "acbd") == "1212"
    assert interleaving_witness(["ab", "cd"], "adcb") is None


def test_interleaving_forms_and_alternative_witness():
    p = first("strings/interleaving", 5, lambda p: p.check["possible"] and
              len(all_witnesses(p.check["parts"], p.check["target"])) >= 2)
    ws = all_witnesses(p.check["parts"], p.check["target"])
    for w in ws[:4]:
        assert ok(p, w)
    assert ok(p, " ".join(ws[0]))
    assert ok(p, "yes: " + ws[0])
    assert not ok(p, "no")
    flipped = ws[0][:-1] + ("1" if ws[0][-1] == "2" else "2")
    assert not ok(p, flipped)
    assert not ok(p, ws[0][:-1])
    q = first("strings/interleaving", 5, lambda p: not p.check["possible"])
    assert ok(q, "no") and ok(q, "No.")
    assert not ok(q, "1" * len(q.check["target"]))


def test_interleaving_three_sources():
    p = first("strings/interleaving", 9, lambda p: p.check["possible"])
    assert len(p.check["parts"]) == 3 and "3 if that letter comes from C" in p.prompt
    assert ok(p, p.answer)
    assert "3" in p.answer


# ------------------------------------------------------------------ common substring
def test_longest_common_substring_exact_alternatives():
    assert longest_common_substrings(["xabcy", "abcz", "zzabc"]) == (3, ["abc"])
    assert longest_common_substrings(["abxcd", "cdyab"]) == (2, ["ab", "cd"])
    p = first("strings/longest_common_substring", 5, lambda p: len(longest_common_substrings(p.check["strings"])[1]) >= 2)
    best, hits = longest_common_substrings(p.check["strings"])
    assert best == p.check["length"]
    for h in hits:
        assert ok(p, h) and ok(p, h.upper())
    shorter = hits[0][:-1]
    assert not ok(p, shorter)
    strings = p.check["strings"]
    fake = next("".join(t) for t in itertools.product("abc", repeat=best) if not all("".join(t) in s for s in strings))
    assert not ok(p, fake)


def test_longest_common_substring_brute_force():
    for seed in range(15):
        p = procgym.generate("strings/longest_common_substring", seed=seed, difficulty=8)
        strings = p.check["strings"]
        base = strings[0]
        brute = max(len(base[i:j]) for i in range(len(base)) for j in range(i + 1, len(base) + 1)
                    if all(base[i:j] in s for s in strings))
        assert brute == p.check["length"]


# ------------------------------------------------------------------ supersequence
def brute_scs(strings, letters="abc"):
    for L in range(max(map(len, strings)), sum(map(len, strings)) + 1):
        found = ["".join(t) for t in itertools.product(letters, repeat=L)
                 if all(is_subsequence(s, "".join(t)) for s in strings)]
        if found:
            return L, found
    raise AssertionError


def test_scs_exact_against_brute_force():
    r = random.Random(9)
    for _ in range(60):
        strings = ["".join(r.choice("abc") for _ in range(r.randint(1, 3))) for _ in range(r.choice([2, 3]))]
        L, _ = brute_scs(strings)
        best = shortest_supersequence(strings)
        assert len(best) == L and all(is_subsequence(s, best) for s in strings)
    assert shortest_supersequence(["abac", "cab"]) in ("cabac",)


def test_scs_alternatives_and_near_misses():
    p = first("strings/shortest_common_supersequence", 2,
              lambda p: len(brute_scs(p.check["strings"])[1]) >= 3)
    L, found = brute_scs(p.check["strings"])
    assert L == p.check["length"]
    for s in found[:5]:
        assert ok(p, s)
    assert ok(p, found[0].upper())
    longer = found[0] + "a"
    assert not ok(p, longer)
    wrong_one = next("".join(t) for t in itertools.product("abc", repeat=L)
                     if not all(is_subsequence(s, "".join(t)) for s in p.check["strings"]))
    assert not ok(p, wrong_one)
    assert not ok(p, " ".join(found[0]))


# ------------------------------------------------------------------ segment operations
def test_segment_operations_semantics():
    assert apply_op("abcde", ["swap_positions", 0, 4]) == "ebcda"
    assert apply_op("abcde", ["rotate", 2, "left"]) == "cdeab"
    assert apply_op("abcde", ["rotate", 1, "right"]) == "eabcd"
    assert apply_op("abcde", ["reverse_range", 1, 3]) == "adcbe"
    assert apply_op("abcde", ["swap_letters", "a", "d"]) == "dbcae"
    assert apply_op("abcde", ["move", 1, 3]) == "acdbe"
    assert apply_op("abcde", ["move", 3, 0]) == "dabce"
    assert apply_op("abcde", ["rotate_letter", "b"]) == "deabc"  # b at position 2: rotate right by 2


def test_segment_operations_forms():
    p = procgym.generate("strings/segment_operations", seed=4, difficulty=8)
    assert ok(p, p.answer) and ok(p, p.answer.upper()) and ok(p, f'"{p.answer}"')
    a = p.answer
    assert not ok(p, a[1] + a[0] + a[2:])
    assert not ok(p, a[:-1])
    assert not ok(p, p.check["start"]) or p.check["start"] == a


def test_levels_add_steps():
    low = procgym.generate("strings/segment_operations", seed=1, difficulty=1)
    high = procgym.generate("strings/segment_operations", seed=1, difficulty=10)
    assert low.params["n_ops"] < high.params["n_ops"]
    assert procgym.get("strings/interleaving").params(difficulty=10)["sources"] == 3


# ------------------------------------------------------------------ answer reading (issue 17)
def test_rotation_entries_with_labels_are_read_by_label():
    p = first("strings/rotation_check", 7, lambda p: len(set(p.check["answers"])) >= 2)
    ans = p.check["answers"]
    labels = "ABCDEFGHIJ"[:len(ans)]
    pairs = [f"{lab}: {x}" for lab, x in zip(labels, ans)]
    assert ok(p, ", ".join(reversed(pairs)))  # any order: each entry goes to its label
    rolled = [f"{lab}: {x}" for lab, x in zip(labels, ans[1:] + ans[:1])]
    assert not ok(p, ", ".join(rolled))  # labels are read, not ignored (audit FP6)
    for text in (", ".join(pairs[:-1]), ", ".join(pairs + pairs[:1]), ", ".join(pairs[:-1] + [ans[-1]]),
                 ", ".join(ans) + " or " + ans[0], ", ".join(["-" + x if x != "no" else x for x in ans])):
        assert not ok(p, text), text


def test_one_word_answers_are_strict():
    p = first("strings/minimal_rotation", 3)
    w = p.answer
    assert ok(p, w.upper()) and ok(p, f"'{w}'") and ok(p, f"{w}.")
    for text in (f"{w[:2]} {w[2:]}", f"{w} or {w[::-1]}", f"{w}\n{w[::-1]}", f"not {w}", f"{w}?", f"x = {w}"):
        assert not ok(p, text), text


def test_examples_are_never_an_answer():
    for name in ("strings/longest_common_substring", "strings/shortest_common_supersequence",
                 "strings/interleaving", "strings/segment_operations", "strings/rotation_check",
                 "strings/minimal_rotation"):
        for level in (1, 2, 3, 5):
            for seed in range(200):
                p = procgym.generate(name, seed=seed, difficulty=level)
                example = p.prompt.rsplit("for example <answer>", 1)[1].split("</answer>")[0]
                assert not ok(p, example), (name, level, seed, example)
                # the task's own example in every problem (it can never be right), so it reveals nothing
                assert example == procgym.get(name).example, (name, level, seed, example)
