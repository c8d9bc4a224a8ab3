"""The logic/* tasks past level 10: where their levels stop (and why), the puzzles at the top
levels still have exactly one solution (re-checked by independent brute force or the solver),
the bigger casts of people and values, and each effort measure worked out on a small instance."""
import itertools
import re

import pytest

import procgym
from procgym import Problem
from procgym.generators.logic import arrangements, clausal, family, first_order, negative_grid, zebra
from procgym.generators.logic.knights_knaves import evaluate as knight_truth
from procgym.generators.logic.liars_spies import evaluate as spy_truth
from procgym.generators.logic.propositional import _length_cap
from procgym.generators.logic.sat import dpll
from answer_helpers import ok

CAPPED = {"logic/zebra_puzzle": 15}


def record(name, prompt, check, params=None, answer="x"):
    return Problem(name, 0, 5, params or {}, prompt, answer, check)


def _tuples(s):
    return tuple(_tuples(x) if isinstance(x, list) else x for x in s)


@pytest.mark.parametrize("name", sorted(procgym.tasks("logic/*")))
def test_levels_go_to_twenty_or_say_why_not(name):
    task = procgym.get(name)
    assert task.max_level == CAPPED.get(name, 20)
    assert bool(task.cap_reason) == (name in CAPPED)


def test_top_zebra_is_the_full_grid_with_one_solution():
    p = procgym.generate("logic/zebra_puzzle", seed=1, difficulty=15)
    c = p.check
    assert c["n"] == 7 and len(c["categories"]) == 8
    assert len(zebra.build_csp(c["n"], 8, c["clues"]).solutions(limit=2)) == 1 and ok(p, p.answer)
    with pytest.raises(ValueError, match="1-15"):
        procgym.generate("logic/zebra_puzzle", seed=1, difficulty=16)


@pytest.mark.parametrize("name, people", [("logic/seating_arrangement", 14), ("logic/ordering_puzzle", 16)])
def test_arrangements_past_twelve_people_take_more_names_and_stay_unique(name, people):
    p = procgym.generate(name, seed=2, difficulty=20)
    c = p.check
    assert len(c["names"]) == people and set(c["names"]) & set(arrangements.MORE_PEOPLE)
    assert len(arrangements._csp(people, c["clues"], c["circular"]).solutions(limit=2)) == 1 and ok(p, p.answer)


def test_negative_grid_of_eight_people_has_one_solution():
    p = procgym.generate("logic/negative_grid", seed=0, difficulty=20)
    c = p.check
    assert len(c["names"]) == 8 and len(c["categories"]) == 4
    extra = {v for values in negative_grid.MORE_VALUES.values() for v in values}
    assert all(extra & set(values) for _name, values in c["categories"])
    solver = negative_grid.GridSolver(8, 4, [tuple(x) for x in c["clues"]])
    assert solver.count(2)[0] == 1 and ok(p, p.answer)


def test_twelve_islanders_have_one_consistent_assignment():
    p = procgym.generate("logic/knights_knaves", seed=0, difficulty=20)
    names = sorted(p.check["solution"])
    statements = {names.index(k): _tuples(v) for k, v in p.check["statements"].items()}
    worlds = [w for w in itertools.product([False, True], repeat=len(names))
              if all(w[i] == knight_truth(s, w) for i, s in statements.items())]
    assert len(names) == 12 and len(worlds) == 1


def test_eight_people_with_spies_have_one_consistent_assignment():
    p = procgym.generate("logic/liars_and_spies", seed=0, difficulty=13)
    c = p.check
    n = len(c["names"])
    fits = []
    for roles in itertools.product(range(3), repeat=n):
        if roles.count(2) > c["spies"]:
            continue
        truths = [spy_truth(c["statements"][x], roles) for x in c["names"]]
        if all(r == 2 or t == (r == 0) for r, t in zip(roles, truths)):
            fits.append(roles)
    assert n == 8 and len(fits) == 1


def test_horn_rules_read_back_from_the_prompt_derive_the_answer():
    for seed in range(3):
        p = procgym.generate("logic/horn_derivation", seed=seed, difficulty=20)
        facts = re.findall(r"\b[A-Z]+\b", clausal._FACTS.search(p.prompt).group(1))
        rules = [clausal.parse_rule(t) for t in clausal._RULE_LINE.findall(p.prompt.split("These rules hold:")[1])]
        assert sorted(clausal.forward_chain(facts, rules)[0]) == p.check["true"]
        assert len(p.check["atoms"]) == 50 and "AA" in p.check["atoms"]


def test_a_big_family_read_back_from_its_facts_gives_the_answer():
    for seed in range(3):
        p = procgym.generate("logic/family_relations", seed=seed, difficulty=20)
        people = p.check["people"]
        facts = [family.parse_fact(line) for line in family._FACT_LINE.findall(p.prompt)]
        parents, spouse = family.infer(people, facts)
        men = set(re.search(r"The men are ([^;]+);", p.prompt).group(1).replace(" and ", ", ").split(", "))
        noun = family._ASKED.search(p.prompt).group(1)
        relation = next(r for r, (_, _, plural) in family.RELATIONS.items() if plural == noun)
        target = re.search(r"Who are (\w+)'s", p.prompt).group(1)
        found = family.Family(people, parents, spouse, {x: x in men for x in people}).relation(relation, target)
        assert sorted(found) == p.check["answer"]
    assert len(procgym.generate("logic/family_relations", seed=0, difficulty=20).check["people"]) > 26


def test_cnf_checks_with_eight_variables():
    p = procgym.generate("logic/cnf_conversion", seed=0, difficulty=20)
    assert p.check["n_vars"] == 8 and "w" in p.prompt and ok(p, p.answer)
    assert not ok(p, "p=F,q=T,z=T")


def test_equivalence_formulas_may_grow_with_more_rewrite_steps():
    assert _length_cap(6) == 160 and _length_cap(12) == 300


def test_effort_of_small_instances():
    sat = procgym.get("logic/sat")
    # x1, then (NOT x1 OR x2): two unit propagations; x1 and NOT x1: one, then a refutation
    assert sat.effort(record(sat.name, "", {"clauses": [[1], [-1, 2]], "n_vars": 2})) == 2
    assert sat.effort(record(sat.name, "", {"clauses": [[1], [-1]], "n_vars": 1})) == 1
    assert dpll([[1], [-1, 2]], 2) == {1: True, 2: True}
    circuit = procgym.get("logic/circuit_evaluation")
    prompt = "Netlist:\nw1 = AND(x1, x2)\nw2 = NOT(w1)\nw3 = OR(x1, x2)\n\nOutputs: out1 = w2\n"
    assert circuit.effort(record(circuit.name, prompt, {}, {"scrambled": False})) == (1 + 1) + (1 + 2)
    assert circuit.effort(record(circuit.name, prompt, {}, {"scrambled": True})) == 5 + 3
    assert first_order._evaluations(["all", "x", ["and", ["pred", "P", "x"], ["some", "y", ["rel", "L", "x", "y"]]]],
                                    3) == 1 + 3 * (1 + 1 + (1 + 3 * 1))
    two_sat = procgym.get("logic/two_sat")
    assert two_sat.effort(record(two_sat.name, "", {"n_vars": 3, "clauses": [[1, 2], [-1, 3]]})) == 6 + 4
