"""Dimensional analysis: the SI base units of an expression, or of the constant in a law."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import drawn_example, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._quantities import base_units_fraction, dim, dimension_name, read_base_units, unit_factor

# symbol, what it is, its unit as the prompt states it
VARIABLES = [
    ("m", "a mass", "kg"), ("v", "a speed", "m/s"), ("a", "an acceleration", "m/s^2"), ("t", "a time", "s"),
    ("x", "a length", "m"), ("F", "a force", "N"), ("E", "an energy", "J"), ("P", "a power", "W"),
    ("p", "a pressure", "Pa"), ("rho", "a density", "kg/m^3"), ("q", "an electric charge", "C"),
    ("U", "a voltage", "V"), ("R", "a resistance", "ohm"), ("I", "an electric current", "A"),
    ("T", "a temperature", "K"), ("n", "an amount of substance", "mol"), ("c", "a specific heat capacity",
                                                                          "J/(kg*K)"),
    ("f", "a frequency", "Hz"), ("S", "an area", "m^2"), ("Q", "a volume flow rate", "m^3/s"),
]
UNITS = {s: unit_factor(u)[1] for s, _, u in VARIABLES}
BASE_ONLY = {"m", "v", "a", "t", "x", "rho", "I", "T", "n", "S", "Q"}
EXAMPLES = ("kg*m/s^2", "m^2/s", "kg/(m*s)", "A*s/mol", "kg*m^2/(s^2*K)", "mol/(m^3*s)", "K*s/m")
MODES = ("expression", "constant")


def power_text(symbol: str, e: int) -> str:
    return symbol if e == 1 else f"{symbol}^{e}"


def expression_text(factors) -> str:
    """(symbol, power) factors as `F * x^2 / (t * m)`."""
    top = [power_text(s, e) for s, e in factors if e > 0]
    bottom = [power_text(s, -e) for s, e in factors if e < 0]
    text = " * ".join(top) if top else "1"
    if bottom:
        text += " / " + (bottom[0] if len(bottom) == 1 else "(" + " * ".join(bottom) + ")")
    return text


@register
class DimensionalCheck(Task):
    """Dimensional analysis: quantities are named with their SI units (N, J, Pa, ohm, J/(kg*K)
    ...); give the SI base units of an expression built from them, or, at higher levels, of the
    constant k in a law such as F = k * q^2 / x^2. Higher levels use derived units, powers, more
    factors, and laws to solve for the constant; answers are graded by dimension, written in
    base units only (kg*m^2/s^3 and kg m^2 s^-3 are the same answer)."""

    name = "units/dimensional_check"
    knobs = (
        Knob("factors", [2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8], (1, 10),
             doc="quantities in the expression"),
        Knob("max_power", [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 4),
             doc="largest power of one quantity"),
        Knob("derived", [False, False, True] + [True] * 17, doc="quantities in derived units (N, J, Pa, ohm)"),
        Knob("mode", ["expression"] * 6 + [["expression", "constant"], "constant", "constant", "constant"]
             + ["constant"] * 10, choices=MODES, doc="the units of an expression, or of a constant in a law"),
    )
    answer_format = ("the SI base units, as a unit expression using only m, kg, s, A, K and mol "
                     "(for example kg*m/s^2)")
    example = "kg*m/s^2"

    def build(self, rng, params):
        pool = VARIABLES if params["derived"] else [v for v in VARIABLES if v[0] in BASE_ONLY]
        k = min(params["factors"], len(pool) - (params["mode"] == "constant"))
        chosen = rng.sample(pool, k + (params["mode"] == "constant"))
        lhs = chosen.pop() if params["mode"] == "constant" else None
        factors = []
        for symbol, _, _ in chosen:
            e = rng.randint(1, params["max_power"]) * rng.choice([1, -1])
            factors.append((symbol, e))
        if all(e < 0 for _, e in factors):
            factors[0] = (factors[0][0], -factors[0][1])
        steps = sum(abs(e) for _, e in factors) + sum(s not in BASE_ONLY for s, _ in factors)
        if lhs is not None:
            steps += 2 + (lhs[0] not in BASE_ONLY)
        used = list(chosen) + ([lhs] if lhs else [])
        listing = "; ".join(f"{s} is {what} in {u}" for s, what, u in used)
        target = self.target(factors, lhs)
        if target == dim():  # a pure number has no base units: give the first factor one more power
            s, e = factors[0]
            factors[0] = (s, e + (1 if e > 0 else -1))
            target, steps = self.target(factors, lhs), steps + 1
        if lhs is None:
            ask = f"What are the SI base units of the expression {expression_text(factors)}?"
        else:
            ask = (f"A law states {lhs[0]} = k * {expression_text(factors)}, where k is a constant. "
                   f"What are the SI base units of k?")
        if target == dim():  # still a pure number (rare): ask for the first quantity's units instead
            target, ask = UNITS[factors[0][0]], f"What are the SI base units of {factors[0][0]}?"
        return self.finish(rng, listing, ask, target, steps)

    @staticmethod
    def target(factors, lhs):
        """The dimension asked for: of the expression, or of k in lhs = k * expression."""
        total = dim()
        for s, e in factors:
            total = tuple(a + e * b for a, b in zip(total, UNITS[s]))
        return total if lhs is None else tuple(a - b for a, b in zip(UNITS[lhs[0]], total))

    def finish(self, rng, listing, ask, target, steps):
        question = f"In what follows, {listing}. {ask}"
        check = {"dim": list(target), "steps": steps}
        example = drawn_example(rng, EXAMPLES, lambda c: unit_factor(c)[1] != tuple(target))
        return Draft(question, base_units_fraction(target), check, example=example)

    def grade(self, answer, problem):
        try:
            given = read_base_units(answer)
        except ParseError as exc:
            return refused(exc)
        target = tuple(problem.check["dim"])
        if given == target:
            return right()
        return wrong(f"Wrong dimension: that is {dimension_name(given)}, not the units asked for.")

    def effort(self, problem):
        """Powers multiplied out, derived units expanded, and the law solved for k."""
        return problem.check["steps"]
