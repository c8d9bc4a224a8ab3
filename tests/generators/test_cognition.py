"""Per-task tests for cognition/*: the simulators on hand-worked instances, answers replayed
independently from the prompt text, accepted alternative answer forms and rejected near
misses."""
import re

import pytest

import procgym
from procgym.kit import NotAnAnswer
from procgym.generators.cognition._words import read_word, read_words
from procgym.generators.cognition.conditional_count import holds, render
from procgym.generators.cognition.holdings import TABLE
from procgym.generators.cognition.holdings import apply as hold_apply
from procgym.generators.cognition.list_instructions import apply as list_apply
from procgym.generators.cognition.record_updates import apply as record_apply
from procgym.generators.cognition.retrieval import run_events
from procgym.generators.cognition.shell_game import apply as cup_apply
from procgym.generators.cognition.text_counting import count_letters, count_words
from answer_helpers import ok

NAMES = procgym.tasks("cognition/*")


def test_eight_cognition_tasks():
    assert len(NAMES) >= 8


def test_read_words():
    assert read_words("[Lamp, the key and mug]", articles=True) == ["lamp", "key", "mug"]
    assert read_words("lamp, key, and mug") == ["lamp", "key", "mug"]
    assert read_word("the Red cup", suffix="cup") == "red" and read_word("a Nurse") == "nurse"
    for text in ("the key", "lamp, key or mug", "lamp,, key", "lamp, not key", "lamp key"):
        with pytest.raises(NotAnAnswer):
            read_words(text)
    for text in ("Ada or Ben", "not Ada", "Ada (not sure)", "Ada, Ben", "red cup"):
        with pytest.raises(NotAnAnswer):
            read_word(text)


# ------------------------------------------------------------------ counting in text
TEXT = "The cat saw Cats. A cat, a CAT and a catalog; Cat! scatter cat"


def test_count_words_rules():
    assert count_words(TEXT, ["cat"], False) == 5  # cat, cat, CAT, Cat, cat
    assert count_words(TEXT, ["cat"], True) == 3
    assert count_words(TEXT, ["cat", "a"], False) == 8


def test_count_letters_rules():
    text = "Anna ate a banana. Bob"
    assert count_letters(text, ["a"], "any", 1) == 7  # Anna 2, ate 1, a 1, banana 3
    assert count_letters(text, ["a"], "lower", 1) == 6
    assert count_letters(text, ["a"], "upper", 1) == 1
    assert count_letters(text, ["a", "b"], "any", 4) == 2 + 3 + 1  # Anna, banana (3 a + 1 b)
    assert count_letters(text, ["b"], "upper", 1) == 1


def test_word_count_replayed_from_prompt():
    for seed in range(10):
        p = procgym.generate("cognition/word_count", seed=seed, difficulty=7)
        text = p.prompt.split("Read this text:\n\n", 1)[1].split("\n\nHow many times", 1)[0]
        targets = re.findall(r"'([a-z]+)'", p.prompt.split("How many times", 1)[1].split("as a whole word")[0])
        sensitive = "exact lowercase form" in p.prompt
        words = re.findall(r"[A-Za-z]+", text)
        want = sum(1 for w in words for t in targets if (w if sensitive else w.lower()) == t)
        assert p.check["value"] == want
        assert ok(p, str(want)) and ok(p, f" {want}. ")
        assert not ok(p, str(want + 1)) and not ok(p, str(want - 1))


def test_letter_count_near_misses():
    p = procgym.generate("cognition/letter_count", seed=3, difficulty=8)
    v = p.check["value"]
    assert ok(p, str(v)) and not ok(p, str(v + 1)) and not ok(p, "-" + str(v) if v else "1")


# ------------------------------------------------------------------ retrieval
def test_copy_takes_a_snapshot():
    events = [("set", "a", 1), ("set", "b", 2), ("copy", "a", "b"), ("set", "b", 3)]
    assert run_events(events) == {"a": 2, "b": 3}


def replay_notes(prompt):
    codes = {}
    key = r"the (\w+ \w+)"
    for line in prompt.splitlines():
        m = (re.fullmatch(rf"The code for {key} is (\d+)\.", line)
             or re.fullmatch(rf"Note that {key} has the code (\d+)\.", line)
             or re.fullmatch(rf"Correction: the code for {key} is now (\d+)\.", line)
             or re.fullmatch(rf"Later, the code for {key} was changed to (\d+)\.", line))
        if m:
            codes[m.group(1)] = int(m.group(2))
            continue
        m = re.fullmatch(r"The (\w+) that is (\w+) uses the code (\d+)\.", line)
        if m:
            codes[f"{m.group(2)} {m.group(1)}"] = int(m.group(3))
            continue
        m = (re.fullmatch(rf"The code for {key} was then changed to whatever the code for {key} "
                          r"was at that moment\.", line)
             or re.fullmatch(rf"Next, someone reset the code for {key} to match the current code for {key}\.", line))
        if m:
            codes[m.group(1)] = codes[m.group(2)]
    target = re.search(r"what is the code for the (\w+ \w+)\?", prompt).group(1)
    return codes[target]


@pytest.mark.parametrize("level", [1, 4, 7, 10])
def test_needle_replayed_from_prompt(level):
    for seed in range(6):
        p = procgym.generate("cognition/needle_retrieval", seed=seed, difficulty=level)
        assert replay_notes(p.prompt) == p.check["value"]
        v = p.check["value"]
        assert ok(p, str(v)) and not ok(p, str(v + 1))


def test_needle_rejects_stale_codes():
    p = procgym.generate("cognition/needle_retrieval", seed=1, difficulty=7)
    codes = {int(c) for c in re.findall(r"\b(\d{4})\b", p.prompt)} - {p.check["value"]}
    assert codes and not any(ok(p, str(c)) for c in codes)


# ------------------------------------------------------------------ list instructions
def test_list_operations():
    xs = ["a", "b", "c", "d"]
    assert list_apply(xs, ("insert", "x", 2)) == ["a", "x", "b", "c", "d"]
    assert list_apply(xs, ("insert", "x", 5)) == ["a", "b", "c", "d", "x"]
    assert list_apply(xs, ("insert_after", "x", "d")) == ["a", "b", "c", "d", "x"]
    assert list_apply(xs, ("delete_pos", 1)) == ["b", "c", "d"]
    assert list_apply(xs, ("delete_item", "c")) == ["a", "b", "d"]
    assert list_apply(xs, ("swap_pos", 1, 4)) == ["d", "b", "c", "a"]
    assert list_apply(xs, ("swap_items", "b", "c")) == ["a", "c", "b", "d"]
    assert list_apply(xs, ("move_end", "b", "end")) == ["a", "c", "d", "b"]
    assert list_apply(xs, ("move_end", "c", "front")) == ["c", "a", "b", "d"]
    assert list_apply(xs, ("move_to", "a", 3)) == ["b", "c", "a", "d"]
    assert list_apply(xs, ("reverse",)) == ["d", "c", "b", "a"]
    assert list_apply(xs, ("rotate", 3)) == ["d", "a", "b", "c"]


def test_list_instructions_forms():
    p = procgym.generate("cognition/list_instructions", seed=2, difficulty=8)
    items = p.check["items"]
    assert ok(p, ", ".join(items))
    assert ok(p, "[" + ",".join(i.capitalize() for i in items) + "]")
    assert ok(p, ", ".join(items[:-1]) + " and " + items[-1])
    assert not ok(p, ", ".join(items[::-1]))
    assert not ok(p, ", ".join(items[:-1]))
    swapped = items[1:2] + items[:1] + items[2:]
    assert not ok(p, ", ".join(swapped))


# ------------------------------------------------------------------ holdings
def test_holding_events():
    h = {"lamp": "Ada", "key": "Ada", "mug": "Ben", "map": "Cleo"}
    hold_apply(h, ("give", "Ada", "key", "Ben"))
    assert h["key"] == "Ben"
    hold_apply(h, ("swap_all", "Ada", "Ben"))
    assert h == {"lamp": "Ben", "key": "Ada", "mug": "Ada", "map": "Cleo"}
    hold_apply(h, ("trade", "Cleo", "map", "Ben", "lamp"))
    assert h["map"] == "Ben" and h["lamp"] == "Cleo"
    hold_apply(h, ("decline", "Ada", "key", "Cleo"))
    assert h["key"] == "Ada"
    hold_apply(h, ("put_down", "Ada", "key"))
    assert h["key"] == TABLE
    hold_apply(h, ("give_all", "Ada", "Cleo"))
    assert h == {"lamp": "Cleo", "key": TABLE, "mug": "Cleo", "map": "Ben"}


def test_item_transfers_forms():
    whos = [procgym.generate("cognition/item_transfers", seed=s, difficulty=4) for s in range(30)]
    who = next(p for p in whos if "who" in p.check and p.check["who"] != "nobody")
    name = who.answer
    assert ok(who, name) and ok(who, name.upper()) and ok(who, f"{name}.")
    assert not ok(who, "nobody")
    other = next(n for n in re.findall(r"([A-Z][a-z]+) holds", who.prompt) if n.lower() != name.lower())
    assert not ok(who, other)
    on_table = next(p for s in range(200) for p in [procgym.generate("cognition/item_transfers", seed=s, difficulty=7)]
                    if p.check.get("who") == "nobody")
    assert ok(on_table, "nobody") and ok(on_table, "No one") and ok(on_table, "the table")
    assert not ok(on_table, re.findall(r"([A-Z][a-z]+) holds", on_table.prompt)[0])
    what = next(procgym.generate("cognition/item_transfers", seed=s, difficulty=9) for s in range(30)
                if procgym.generate("cognition/item_transfers", seed=s, difficulty=9).check.get("have"))
    have = what.check["have"]
    assert ok(what, ", ".join(reversed(have)))
    assert ok(what, " and ".join("the " + h for h in have))
    assert not ok(what, ", ".join(have[:-1]) or "nothing")
    assert not ok(what, ", ".join(have + ["zeppelin"]))


# ------------------------------------------------------------------ shell game
def test_cup_moves():
    cups, under = ["red", "blue", "green"], {"red": "ball"}
    assert cup_apply(cups, under, ("swap_pos", 1, 3)) == (["green", "blue", "red"], under)
    assert cup_apply(cups, under, ("swap_color", "red", "blue"))[0] == ["blue", "red", "green"]
    assert cup_apply(cups, under, ("rotate_left",))[0] == ["blue", "green", "red"]
    assert cup_apply(cups, under, ("rotate_right",))[0] == ["green", "red", "blue"]
    assert cup_apply(cups, under, ("move", 1, 3))[0] == ["blue", "green", "red"]
    assert cup_apply(cups, under, ("reverse",))[0] == ["green", "blue", "red"]
    assert cup_apply(cups, under, ("swap_contents", "red", "green")) == (cups, {"green": "ball"})


def test_shell_game_forms():
    seen = set()
    for seed in range(60):
        p = procgym.generate("cognition/shell_game", seed=seed, difficulty=6)
        c = p.check
        if "position" in c and "position" not in seen:
            seen.add("position")
            assert ok(p, str(c["position"])) and not ok(p, str(c["position"] % p.params["n_cups"] + 1))
        if "colour" in c and "colour" not in seen:
            seen.add("colour")
            assert ok(p, c["colour"].upper()) and ok(p, f"the {c['colour']} cup")
            assert not ok(p, next(x for x in ("red", "blue") if x != c["colour"]))
        if "object" in c and c["object"] == "nothing" and "empty" not in seen:
            seen.add("empty")
            assert ok(p, "nothing") and ok(p, "empty") and not ok(p, "ball")
        if "object" in c and c["object"] != "nothing" and "object" not in seen:
            seen.add("object")
            assert ok(p, f"the {c['object']}") and not ok(p, "nothing")
    assert seen == {"position", "colour", "empty", "object"}


# ------------------------------------------------------------------ conditional count
def test_conditions():
    item = {"colour": "red", "shape": "ball", "size": "large"}
    cond = ("and", ("or", ("is", "shape", "box"), ("is", "colour", "red")), ("not", ("is", "size", "small")))
    assert holds(cond, item)
    assert not holds(("not", cond), item)
    assert render(cond) == "(it is a box OR it is red) AND it is not small"
    assert render(("not", cond)) == "NOT ((it is a box OR it is red) AND it is not small)"


def test_conditional_count_near_miss():
    p = procgym.generate("cognition/conditional_count", seed=4, difficulty=9)
    v = p.check["value"]
    assert ok(p, str(v)) and not ok(p, str(v + 1)) and not ok(p, str(v - 1))


# ------------------------------------------------------------------ record updates
def test_record_updates_apply():
    people = {"Ada": {"city": "Oslo", "age": 30, "job": "baker"}, "Ben": {"city": "Lima", "age": 40, "job": "nurse"}}
    record_apply(people, ("swap_city", "Ada", "Ben"))
    assert people["Ada"]["city"] == "Lima" and people["Ben"]["city"] == "Oslo"
    record_apply(people, ("follow", "Ben", "Ada"))
    assert people["Ben"]["city"] == "Lima"
    record_apply(people, ("age_gap", "Ada", "Ben", 3))
    assert people["Ada"]["age"] == 43
    record_apply(people, ("birthday", "Ben", 2))
    assert people["Ben"]["age"] == 42 and people["Ada"]["age"] == 43  # a relative age is a snapshot
    record_apply(people, ("same_job", "Ada", "Ben"))
    assert people["Ada"]["job"] == "nurse"
    record_apply(people, ("stay", "Ada", "Oslo"))
    assert people["Ada"]["city"] == "Lima"


def test_record_updates_forms():
    kinds = {}
    for seed in range(40):
        p = procgym.generate("cognition/record_updates", seed=seed, difficulty=6)
        kinds.setdefault("word" if "word" in p.check else "value", p)
    w = kinds["word"]
    word = w.check["word"]
    assert ok(w, word.upper()) and ok(w, f"a {word}.") and not ok(w, word + "s")
    v = kinds["value"]
    assert ok(v, str(v.check["value"])) and not ok(v, str(v.check["value"] + 1))


@pytest.mark.parametrize("name", NAMES)
def test_level_five_varies(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 9


@pytest.mark.parametrize("name", NAMES)
def test_higher_levels_have_more_steps(name):
    t = procgym.get(name)
    lo, hi, top = (t.generate(seed=0, difficulty=level) for level in (1, 10, 20))
    assert len(hi.prompt) > len(lo.prompt)
    assert t.max_level == 20 and len(top.prompt) > len(hi.prompt)
    assert t.effort(top) > t.effort(hi) > t.effort(lo)


# ------------------------------------------------------------------ answers read with the kit
def test_item_transfers_empty_hands_need_a_word():
    """FP7: an empty answer was read as "nothing"; now only a word meaning none is."""
    p = next(q for q in (procgym.generate("cognition/item_transfers", seed=s, difficulty=9) for s in range(300))
             if q.check.get("have") == [])
    for text in ("nothing", "Nothing.", "none", "empty"):
        assert ok(p, text), text
    for text in ("", " ", "-", "[]", "lamp", "nothing or lamp"):
        assert not ok(p, text), text
    assert not procgym.verify(p, "\\boxed{lamp} <answer></answer>").correct


def test_item_transfers_refuses_hedges():
    who = next(q for q in (procgym.generate("cognition/item_transfers", seed=s, difficulty=4) for s in range(30))
               if q.check.get("who", "nobody") != "nobody")
    name = who.answer
    for text in (f"{name} or Ben", f"not {name}", f"{name} I think", f"{name}, Zoe", "nobody"):
        assert not ok(who, text), text
    what = next(q for q in (procgym.generate("cognition/item_transfers", seed=s, difficulty=9) for s in range(30))
                if q.check.get("have"))
    have = what.check["have"]
    assert ok(what, ", ".join(have) + ".") and ok(what, "[" + ", ".join(have) + "]")
    for text in (", ".join(have) + " or nothing", "not " + ", ".join(have), ", ".join(have) + ", " + have[0],
                 ", ".join(have) + " (not sure)"):
        assert not ok(what, text), text


def test_word_answers_refuse_hedges():
    for seed in range(40):
        p = procgym.generate("cognition/shell_game", seed=seed, difficulty=6)
        if "colour" in p.check:
            c = p.check["colour"]
            assert ok(p, f"The {c} cup.") and ok(p, f"**{c}**")
            for text in (f"{c} or blue", f"not {c}", f"{c} cup I think", f"{c}, {c}"):
                assert not ok(p, text), text
        if p.check.get("object") == "nothing":
            assert ok(p, "none") and not ok(p, "-") and not ok(p, "nothing or ball")
    w = next(q for q in (procgym.generate("cognition/record_updates", seed=s, difficulty=6) for s in range(40))
             if "word" in q.check)
    word = w.check["word"]
    for text in (f"{word} or Lima", f"not {word}", f"{word} (not sure)", f"{word}, {word}"):
        assert not ok(w, text), text


def test_list_instructions_refuses_hedges():
    p = procgym.generate("cognition/list_instructions", seed=2, difficulty=8)
    items = p.check["items"]
    text = ", ".join(items)
    assert ok(p, ", ".join(items[:-1]) + ", and " + items[-1])
    for bad in (f"{text} or {items[0]}", f"not {text}", f"{text} I think", text + ",", text.replace(", ", ",, ", 1)):
        assert not ok(p, bad), bad


# problems whose answer was the previous example: the example shown is one that no problem has as
# its answer (a negative count, objects and jobs outside the word lists), the same for every problem
# of the kind
EXAMPLE_FIXED = [("cognition/conditional_count", 4, 0, "11", "-11"),
                 ("cognition/item_transfers", 6, 15, "kite, mug", "spoon, hat"),
                 ("cognition/letter_count", 6, 0, "12", "-12"), ("cognition/record_updates", 2, 3, "nurse", "dentist"),
                 ("cognition/word_count", 4, 8, "7", "-7"), ("cognition/shell_game", 1, 0, "3", "0")]


@pytest.mark.parametrize("name,level,seed,answer,example", EXAMPLE_FIXED)
def test_prompt_example_is_never_the_answer(name, level, seed, answer, example):
    from procgym.contract import prompt_example

    p = procgym.generate(name, seed=seed, difficulty=level)
    assert p.answer == answer and prompt_example(p.prompt) == example and not ok(p, example)
    for s in range(30):
        q = procgym.generate(name, seed=s, difficulty=level)
        assert not ok(q, prompt_example(q.prompt))


def test_shell_game_examples_are_never_answers():
    """A position 0, a grey cup and an acorn are never answers (positions start at 1, grey is no cup
    colour, an acorn is never hidden), so the task needs no closed set of answers."""
    from procgym.contract import prompt_example

    task = procgym.get("cognition/shell_game")
    assert not task.closed_answers
    shown = set()
    for level in (1, 5, 10):
        for seed in range(30):
            p = task.generate(seed=seed, difficulty=level)
            shown.add(prompt_example(p.prompt))
            assert not ok(p, prompt_example(p.prompt))
    assert shown == {"0", "grey", "acorn"}
