"""Coefficients in the expansion of a power of a polynomial, by the multinomial theorem."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask, multinomial

VARS = "xyzwv"


def coefficient(terms: list, n: int, target: tuple, stats=None) -> int:
    """The coefficient of the monomial with exponents `target` in (sum of terms)^n, each term a
    (coefficient, exponents) pair: sum over the ways to pick m_t copies of each term (sum m_t = n,
    exponents adding up to target) of the multinomial n!/prod m_t! times prod c_t^m_t."""
    total = 0
    # the highest-degree terms first prune soonest; a constant term last is settled by what is left
    terms = sorted(terms, key=lambda t: -sum(t[1]))

    def walk(i: int, left: int, need: tuple, picks: list):
        nonlocal total
        if stats is not None:
            stats["nodes"] += 1
        if i == len(terms) - 1:
            exps = terms[i][1]
            if all(e * left == r for e, r in zip(exps, need)):
                ways = multinomial(picks + [left])
                for (c, _), m in zip(terms, picks + [left]):
                    ways *= c ** m
                total += ways
            return
        exps = terms[i][1]
        for m in range(left + 1):
            rest = tuple(r - e * m for e, r in zip(exps, need))
            if min(rest) < 0:
                break
            walk(i + 1, left - m, rest, picks + [m])

    walk(0, n, tuple(target), [])
    return total


def term_text(c: int, exps: tuple, first: bool) -> str:
    body = "".join(VARS[i] + (f"^{e}" if e > 1 else "") for i, e in enumerate(exps) if e)
    mag = abs(c)
    text = (str(mag) if mag != 1 or not body else "") + body
    if first:
        return ("-" if c < 0 else "") + text
    return (" - " if c < 0 else " + ") + text


def monomial_text(exps: tuple) -> str:
    return "*".join(VARS[i] + (f"^{e}" if e > 1 else "") for i, e in enumerate(exps) if e) or "1"


@register
class MultinomialCoefficients(CountTask):
    """The coefficient of one monomial in the expansion of (polynomial)^n. Levels go from
    (x + y + z)^n to signed and weighted terms, then to terms with powers and a constant, where
    several choices of the factors give the same monomial and their contributions add up."""

    name = "combinatorics/multinomial_coefficients"
    knobs = (
        Knob("power", [(3, 4), (4, 5), (4, 6), (5, 7), (5, 8), (6, 8), (6, 9), (7, 10), (7, 11), (8, 12), (9, 13),
                       (10, 14), (10, 15), (11, 16), (12, 17), (12, 18), (13, 19), (14, 20), (15, 21), (17, 23)],
             (1, 30), doc="the exponent n"),
        Knob("n_vars", [2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5], (1, 5), doc="variables"),
        Knob("n_terms", [2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7], (2, 9),
             doc="terms of the polynomial"),
        Knob("coeffs", [1, 1, 1, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7], (1, 9),
             doc="largest coefficient size (above 1: signs too)"),
        Knob("shape", ["linear"] * 5 + ["powers"] * 15, choices=("linear", "powers"),
             doc="one variable per term, or terms with powers, products and a constant"),
    )
    answer_format = "a single integer: the coefficient"
    example = "0"  # never the answer: a target with coefficient 0 is not asked

    def build(self, rng, params):
        n, nv = params["power"], params["n_vars"]
        for _ in range(60):
            terms = self._terms(rng, params, nv)
            picks = [0] * len(terms)
            for _ in range(n):
                picks[rng.randrange(len(terms))] += 1
            target = tuple(sum(m * t[1][i] for m, t in zip(picks, terms)) for i in range(nv))
            stats = {"nodes": 0}
            value = coefficient(terms, n, target, stats)
            if value != 0:
                break
        else:  # every draw cancelled: (x + y + ...)^n has no cancellation
            terms = [(1, tuple(int(i == j) for j in range(nv))) for i in range(nv)]
            target = tuple([n] + [0] * (nv - 1))
            stats = {"nodes": 0}
            value = coefficient(terms, n, target, stats)
        poly = "".join(term_text(c, e, i == 0) for i, (c, e) in enumerate(terms))
        question = (f"Expand ({poly})^{n} fully and collect like terms. What is the coefficient of "
                    f"{monomial_text(target)}?")
        return Draft(question, str(value), {"count": value, "n": n, "terms": [[c, list(e)] for c, e in terms],
                                            "target": list(target), "nodes": stats["nodes"]})

    @staticmethod
    def _terms(rng, params, nv):
        top, seen, terms = params["coeffs"], set(), []
        want = params["n_terms"] if params["shape"] == "powers" else max(nv, min(params["n_terms"], nv))
        for i in range(want * 3):
            if len(terms) == want:
                break
            if params["shape"] == "linear" or i < nv:
                exps = tuple(int(j == i % nv) for j in range(nv))
            elif rng.random() < 0.25:
                exps = (0,) * nv
            else:
                exps = tuple(rng.choice([0, 0, 1, 2]) for _ in range(nv))
            if exps in seen:
                continue
            seen.add(exps)
            c = rng.randint(1, top) * (rng.choice([1, -1]) if top > 1 else 1)
            terms.append((c, exps))
        return terms

    def effort(self, problem):
        return problem.check["nodes"]
