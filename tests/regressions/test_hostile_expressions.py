"""Regressions: hostile expressions that hung or exhausted memory in a verifier before the fix.

Each entry names the defect it pins. They run against every single-answer task, since any
verifier may hand an answer to the safe parser and `equivalent`.
"""
import pytest

import procgym
from procgym.contract import tag

CASES = {
    # parsing.equivalent -> sympy.degree_list expanded (x+1)^(10^6): 22 s, then memory exhaustion
    # (algebra/expand_polynomial); fixed by the structural degree cap MAX_DEGREE in the parser.
    "((x+1)^1000)^1000": "degree cap",
    # evalf of an exp tower at a probe point needed an exponent with 10^86 digits: memory
    # exhaustion (algebra/expand_polynomial and every expression task); fixed by parsing._tame.
    "exp(exp(exp(exp(exp(exp(exp(x)))))))": "probe magnitude guard",
    # degree_list let sympy pick exp(10^300) = E^(10^300) as a generator: a dense polynomial of
    # degree 10^300, 847 s before the deadline was even checked (algebra/expand_polynomial);
    # fixed by deciding "small polynomial" with the structural degree bound.
    "exp(10^300)": "no dense Poly from constants",
    "exp(10^300) + x": "no dense Poly from constants",
    # a constant difference left the symbols unbound at evaluation: (x+1)^100 expanded
    # symbolically (seconds per call); fixed by probing with the symbols of both sides.
    "(x+1)^100 + 1": "symbols of both sides",
    # parsing._digits called str() on a 30000-digit integer: ValueError (int max str digits),
    # which let the magnitude guard wave the value through.
    "10^1000 * 10^1000": "digit count without str()",
}
NAMES = [n for n in procgym.tasks() if not procgym.get(n).interactive]


@pytest.mark.parametrize("name", NAMES)
def test_hostile_expressions_get_zero_without_crashing(name):
    task = procgym.get(name)
    problem = task.generate(seed=3, difficulty=1)
    for text in CASES:
        verdict = task.verify(problem, tag(text))
        assert verdict.reward == 0.0, (name, text)
        assert "could not be checked (" not in verdict.feedback, (name, text, verdict.feedback)
