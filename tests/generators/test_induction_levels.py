"""The induction/* tasks past level 10: every task goes on to level 20 and its top-level puzzles are
still determined (re-checked from the prompt alone), and each effort measure is worked out by
hand on a small instance."""
import pytest

import procgym
from procgym import Problem
from procgym.generators.induction import list_functions, rewriting, sequences
from procgym.generators.induction._int_lists import read_int_list
from procgym.generators.induction._programs import consistent_outputs, search_effort
from answer_helpers import ok


def record(name, prompt, check, params=None):
    return Problem(name, 0, 5, params or {}, prompt, "x", check)


@pytest.mark.parametrize("name", sorted(procgym.tasks("induction/*")))
def test_every_task_goes_to_level_twenty(name):
    task = procgym.get(name)
    assert task.max_level == 20 and not task.cap_reason
    p = task.generate(seed=0, difficulty=20)
    assert ok(p, p.answer) and task.effort(p) > task.effort(task.generate(seed=0, difficulty=1))


def test_a_level_twenty_list_function_is_determined_by_its_prompt():
    by_doc = {f"- {name}: {doc}": (name, fn) for name, doc, fn in list_functions.PRIMITIVES}
    for seed in range(2):
        p = procgym.generate("induction/list_function", seed=seed, difficulty=20)
        head, rest = p.prompt.split("\n\nExamples (input -> output):\n")
        menu = [by_doc[line] for line in head.splitlines() if line.startswith("- ")]
        shown, question = rest.split("\n\nWhat does the function output for ")
        examples = [tuple(tuple(read_int_list(side, allow_empty=True)) for side in line.split(" -> "))
                    for line in shown.splitlines()]
        test = tuple(read_int_list(question.split("?")[0]))
        assert consistent_outputs(menu, p.params["n_steps"], examples, test) == {tuple(p.check["output"])}


def test_a_level_twenty_rewriting_rule_is_pinned_down_by_its_examples():
    task = procgym.get("induction/string_rewrite")
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=20)
        alphabet = rewriting._ALPHABET.search(p.prompt).group(1).split(", ")
        examples = [(x, "" if y == "(empty)" else y) for x, y in rewriting._EXAMPLE.findall(p.prompt)]
        times, word = rewriting._APPLY.search(p.prompt).groups()
        longest = int(rewriting._MAX_IMAGE.search(p.prompt).group(1))
        results = set()
        for image in rewriting.morphisms(examples, alphabet, longest):
            w = word
            for _ in range(int(times.split()[0]) if times[0].isdigit() else {"once": 1, "twice": 2}[times]):
                w = rewriting.apply_morphism(image, w)
            results.add(w)
        assert results == {p.check["result"]}


def test_a_level_twenty_sequence_has_one_continuation_over_every_listed_family():
    for seed in range(3):
        p = procgym.generate("induction/sequence_next", seed=seed, difficulty=20)
        terms = read_int_list(p.prompt.split("Terms: ", 1)[1].split("\n", 1)[0])
        bounds = {"degree": p.params["max_degree"], "order": p.params["max_order"], "streams": p.params["streams"]}
        found = set()
        for family in sequences.FAMILIES:  # all four are listed from level 9 on
            found |= sequences.predictions(terms, family, bounds, p.params["k"])
        assert found == {tuple(p.check["next"])}


def test_search_effort_counts_every_candidate_composition():
    prompt = "The rule is one of:\n- reverse\n- sort\n- drop first\n\nExamples (input -> output):\nab -> ba"
    assert search_effort(prompt, depth=2, input_size=5) == (3 + 3 * 3) * 5


def test_cellular_effort_reads_until_every_needed_neighbourhood_is_seen():
    task = procgym.get("induction/cellular_automaton")
    history = "Consecutive generations:\n#...\n.#.#\n#.#.\n\nGive the next generation after the last row shown."
    # the last row #.#. needs neighbourhoods 010 and 101: the first is the 1st cell read, the
    # second the 5th (first cell of .#.#); then the 4 predicted cells
    assert task.effort(record(task.name, history, {"rows": [".#.#"]})) == 5 + 4


def test_operation_cycle_effort_tries_every_cycle_length():
    task = procgym.get("induction/operation_cycle")
    prompt = ("Each term of this sequence is made from the previous term by the next operation of a fixed cycle of "
              "between 1 and 3 operations, repeated over and over.\n\nTerms: 1, 2, 3, 4, 5\n\nGive the next 2 terms.")
    assert task.effort(record(task.name, prompt, {"next": [6, 7]})) == 3 * 4 + 2
