"""Behaviour of the second set of instructions/* tasks: line formats and prose profile rules."""
import re

import pytest

import procgym
from generators.instructions import _prose_rules  # noqa: F401  (registers the prose rules)
from generators.instructions import _records  # noqa: F401  (registers the line-format rules)
from generators.instructions._constraints import rebuild

NEW = ["checklist", "dialogue_script", "haiku_like_lines", "faq_pairs", "glossary", "nested_list", "key_value_lines",
       "csv_output", "keyword_order", "paragraph_budget", "word_length_profile", "email_reply", "recipe_steps"]


def tag(text):
    return f"<answer>{text}</answer>"


def ok(task, problem, text):
    return task.verify(problem, tag(text)).correct


def rule(kind, **p):
    return rebuild({"kind": kind, **p})


@pytest.mark.parametrize("name", NEW)
def test_reference_verifies_and_generation_is_deterministic(name):
    task = procgym.get(f"instructions/{name}")
    for level in (1, 5, 10, 15, 20):
        for seed in (0, 7):
            p = task.generate(seed=seed, difficulty=level)
            assert ok(task, p, p.answer)
            q = task.generate(seed=seed, difficulty=level)
            assert (q.prompt, q.answer, q.check) == (p.prompt, p.answer, p.check)


@pytest.mark.parametrize("name", NEW)
def test_leftover_and_hedges_are_refused(name):
    task = procgym.get(f"instructions/{name}")
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=6)
        a = p.answer.strip()
        for text in (f"{a} I think", f"I guess {a}", f"{a} (not sure)", f"not {a}", f"{a} or maybe not", ""):
            assert not ok(task, p, text), text


def test_checklist_done_count_matches_reference():
    task = procgym.get("instructions/checklist")
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=12)
        for r in p.check["rules"]:
            if r["kind"] == "checklist_done":
                assert r["n"] == p.answer.count("- [x] ")
            if r["kind"] == "checklist_shape":
                assert r["n"] == len(p.answer.strip().split("\n"))


def test_checklist_rules_by_hand():
    shape = rule("checklist_shape", n=3)
    good = "- [x] Buy bread.\n- [ ] Call the baker.\n- [x] Sweep the yard."
    assert shape.check(good) is None
    assert shape.check(good + "\n\n") is None  # a trailing blank line is no item
    assert shape.check(good.replace("[x]", "[X]", 1)) is None  # markdown reads [X] as done too
    assert rule("checklist_done", n=2).check(good.replace("[x]", "[X]", 1)) is None
    assert shape.check(good.replace("[x]", "[v]", 1)) is not None
    assert shape.check(good.replace("yard.", "yard")) is not None
    assert shape.check(good + "\n- [ ] One more.") is not None
    assert rule("checklist_done", n=2).check(good) is None
    assert rule("checklist_done", n=1).check(good) is not None
    assert rule("checklist_done_first").check(good) is not None
    assert rule("checklist_done_first").check("- [x] A b.\n- [x] C d.\n- [ ] E f.") is None


def test_dialogue_counts_recounted_independently():
    task = procgym.get("instructions/dialogue_script")
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=14)
        speakers = [line.split(":", 1)[0] for line in p.answer.split("\n")]
        for r in p.check["rules"]:
            if r["kind"] == "dialogue_counts":
                assert dict(r["counts"]) == {s: speakers.count(s) for s in set(speakers)}
        assert all(a != b for a, b in zip(speakers, speakers[1:]))


def test_dialogue_rules_by_hand():
    shape = rule("dialogue_shape", n=3, speakers=["Anna", "Ben"])
    text = "Anna: Hello there.\nBen: Are you well?\nAnna: Very well!"
    assert shape.check(text) is None
    assert shape.check(text.replace("Ben:", "Carl:")) is not None
    assert shape.check(text.replace("Ben: ", "Ben ")) is not None
    assert rule("dialogue_counts", counts=[["Anna", 2], ["Ben", 1]]).check(text) is None
    assert rule("dialogue_counts", counts=[["Anna", 1], ["Ben", 2]]).check(text) is not None
    assert rule("dialogue_alternate").check("Anna: A b.\nAnna: C d.") is not None
    assert rule("dialogue_questions", n=1).check(text) is None
    assert rule("dialogue_opener", first="Anna", last="Anna").check(text) is None
    assert rule("dialogue_opener", first="Ben", last="Anna").check(text) is not None


def test_line_word_counts_by_hand():
    r = rule("line_word_counts", counts=[2, 3, 1])
    assert r.check("quiet river\nold stone bridge\nrain") is None
    assert r.check("quiet river\n\nold stone bridge\nrain\n") is None  # blank lines are not lines
    assert r.check("quiet river\nold stone bridge\nrain falls") is not None
    assert r.check("quiet river\nold stone bridge") is not None
    assert rule("lines_no_punctuation").check("quiet river.") is not None
    assert rule("lines_distinct_words").check("Rain rain") is not None
    assert rule("line_end_word", line=2, word="bridge").check("a b\nold stone Bridge\nc") is None


def test_faq_rules_by_hand():
    shape = rule("faq_shape", n=2)
    text = "Q: What is it?\nA: A small blue boat.\nQ: Why here?\nA: Because of the lake."
    assert shape.check(text) is None
    assert shape.check("A: A small boat.\nQ: What is it?\nQ: Why here?\nA: Because of the lake.") is not None
    assert shape.check(text.replace("it?", "it.")) is not None
    assert rule("faq_answer_longer").check(text) is None
    assert rule("faq_answer_longer").check("Q: What is it now?\nA: A boat.") is not None
    assert rule("faq_openers", words=["what", "why"]).check(text) is None
    assert rule("faq_openers", words=["how"]).check(text) is not None
    assert rule("faq_keyword", word="lake").check(text) is not None  # only the second answer has it


def test_glossary_rules_by_hand():
    shape = rule("glossary_shape", terms=["cedar", "moss"])
    text = "cedar: A tall tree.\nmoss: A soft green plant."
    assert shape.check(text) is None
    assert shape.check("MOSS: A soft green plant.\nCEDAR: A tall tree.") is None  # terms in any case and order
    assert shape.check(text + "\nfern: A plant.") is not None
    assert rule("glossary_sorted").check("moss: A plant.\ncedar: A tree.") is not None
    assert rule("glossary_no_self").check("moss: Moss is soft.") is not None
    assert rule("glossary_capital").check(text) is not None


def test_nested_rules_by_hand():
    shape = rule("nested_shape", subs=[2, 1])
    text = "- Food.\n  - Bread and milk.\n  - Fresh fruit.\n- Tools.\n  - A small hammer."
    assert shape.check(text) is None
    assert shape.check(text.replace("  - Fresh", "- Fresh")) is not None
    assert shape.check(text.replace("  - ", "    - ")) is None  # a deeper indent is still a sub-item
    assert shape.check("  - Orphan.\n" + text) is not None
    assert rule("nested_top_short", n=1).check(text) is None
    assert rule("nested_top_short", n=2).check(text) is not None  # 'Fresh fruit.' has only 2 words


def test_csv_sum_recomputed_independently():
    task = procgym.get("instructions/csv_output")
    seen = 0
    for seed in range(12):
        p = task.generate(seed=seed, difficulty=12)
        rows = [line.split(",") for line in p.answer.split("\n")]
        for r in p.check["rules"]:
            if r["kind"] == "csv_sum":
                i = rows[0].index(r["column"])
                assert r["total"] == sum(int(row[i]) for row in rows[1:])
                seen += 1
    assert seen


def test_csv_and_key_value_by_hand():
    fields = [["moss", "number"], ["fern", "word"], ["opal", "yesno"]]
    shape = rule("csv_shape", fields=fields, rows=2)
    text = "moss,fern,opal\n3,bread,yes\n12,honey,no"
    assert shape.check(text) is None
    assert shape.check("moss, fern, opal\n3, bread, yes\n12, honey, no") is None  # spaces after commas
    assert shape.check(text.replace("12", "twelve")) is not None
    assert shape.check(text.replace("yes", "maybe")) is not None
    assert rule("csv_sum", column="moss", where="csv", total=15).check(text) is None
    assert rule("csv_sum", column="moss", where="csv", total=16).check(text) is not None
    assert rule("csv_sorted", column="moss", where="csv").check(text) is None
    assert rule("csv_yes_count", column="opal", where="csv", n=1).check(text) is None
    kv = rule("kv_shape", fields=fields)
    assert kv.check("moss: 3\nfern: bread\nopal: yes") is None
    assert kv.check("fern: bread\nmoss: 3\nopal: yes") is not None  # order asked
    assert kv.check("moss: 3\nmoss: 4\nfern: bread\nopal: yes") is not None
    assert rule("kv_sum", column="moss", where="kv", total=3).check("moss: 3\nfern: bread\nopal: yes") is None


def test_keyword_order_by_hand():
    r = rule("keyword_order", words=["cedar", "moss", "opal"])
    assert r.check("The cedar grows near the moss, by the Opal.") is None
    assert r.check("The moss grows near the cedar by the opal.") is not None
    assert r.check("The cedar grows near the moss by the opal and moss.") is not None


def test_keyword_order_matches_reference_positions():
    task = procgym.get("instructions/keyword_order")
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=9)
        (r,) = [r for r in p.check["rules"] if r["kind"] == "keyword_order"]
        low = [re.sub(r"[^a-z]", "", t.lower()) for t in p.answer.split()]
        at = [low.index(w) for w in r["words"]]
        assert at == sorted(at) and all(low.count(w) == 1 for w in r["words"])


def test_paragraph_budget_and_word_profile_by_hand():
    budget = rule("paragraph_budget", ranges=[[2, 3], [4, 4]])
    assert budget.check("One two three.\n\nFour five six seven.") is None
    assert budget.check("One two three four.\n\nFour five six seven.") is not None
    assert budget.check("One two three.\nFour five six seven.") is not None
    text = "A tiny harbor holds wooden boats."  # letters: 1, 4, 6, 5, 6, 5
    assert rule("long_words", at=6, n=2).check(text) is None
    assert rule("long_words", at=6, n=3).check(text) is not None
    assert rule("short_words", at=3, n=1).check(text) is None
    assert rule("mid_words_at_least", n=3).check(text) is None
    assert rule("mid_words_at_least", n=4).check(text) is not None
    # 27 letters over 6 words: 4.5 exactly
    assert rule("average_letters", lo=45, hi=45).check(text) is None
    assert rule("average_letters", lo=46, hi=50).check(text) is not None


@pytest.mark.parametrize("name", NEW)
def test_mangled_answers_never_raise(name):
    import random

    task = procgym.get(f"instructions/{name}")
    rnd = random.Random(5)
    noise = ["", ":", "- ", "[x]", ",", "\n", "  - ", "Q: ", "?", ".", "\u00e9", "{", "12", "yes"]
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=10)
        for _ in range(40):
            text = list(p.answer)
            for _ in range(3):
                i = rnd.randrange(len(text) + 1)
                text[i:i + rnd.randint(0, 3)] = rnd.choice(noise)
            verdict = task.verify(p, tag("".join(text)))
            assert verdict.reward in (0.0, 1.0)
