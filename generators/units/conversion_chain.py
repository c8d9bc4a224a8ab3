"""Converting amounts in compound units (km/h, kWh, g/cm^3, psi, L/min) into another unit."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import QuantityTask, amount_text, unit_factor

F = Fraction
# the non-metric units, with the fact the prompt states and the factor to SI that fact gives
FACTS = {"in": (F(254, 10000), "1 in = 2.54 cm"), "ft": (F(3048, 10000), "1 ft = 12 in = 30.48 cm"),
         "mi": (F(1609344, 1000), "1 mi = 1609.344 m"), "lb": (F(45359237, 10 ** 8), "1 lb = 0.45359237 kg"),
         "cal": (F(4184, 1000), "1 cal = 4.184 J"), "kcal": (F(4184), "1 kcal = 1000 cal = 4184 J"),
         "psi": (F(6894757, 1000), "1 psi = 6894.757 Pa"), "atm": (F(101325), "1 atm = 101325 Pa"),
         "bar": (F(10 ** 5), "1 bar = 100000 Pa"), "mph": (F(1609344, 3600000), "1 mph = 1 mi/h = 1609.344 m/h")}
DISTRACTOR_FACTS = ("1 yd = 0.9144 m", "1 oz = 28.349523125 g", "1 gal = 3.785411784 L", "1 hp = 745.7 W",
                    "1 BTU = 1055.06 J", "1 mmHg = 133.322 Pa", "1 nmi = 1852 m", "1 eV = 1.602176634e-19 J",
                    "1 ton = 2000 lb", "1 acre = 4046.8564224 m^2")
# kinds of quantity and the units a problem may write them in, as (symbol, power) atoms
QUANTITIES = {
    "speed": ["km/h", "m/s", "cm/s", "m/min", "km/min", "mph", "ft/s", "mi/min"],
    "acceleration": ["m/s^2", "cm/s^2", "km/(h*s)", "ft/s^2", "m/min^2"],
    "density": ["g/cm^3", "kg/m^3", "g/mL", "kg/L", "g/L", "lb/ft^3", "mg/cm^3"],
    "energy": ["J", "kJ", "kWh", "Wh", "MJ", "cal", "kcal", "W*min"],
    "pressure": ["Pa", "kPa", "bar", "atm", "psi", "N/cm^2", "MPa", "hPa", "N/mm^2"],
    "power": ["W", "kW", "J/min", "kJ/h", "MW", "cal/s", "kcal/h"],
    "flow": ["L/min", "m^3/h", "mL/s", "cm^3/s", "m^3/s", "L/h", "ft^3/min"],
    "concentration": ["mol/L", "mmol/mL", "mol/m^3", "mmol/L", "mol/cm^3"],
    "specific heat": ["J/(g*K)", "kJ/(kg*K)", "cal/(g*K)", "J/(kg*K)", "kcal/(kg*K)"],
    "area": ["cm^2", "m^2", "mm^2", "km^2", "in^2", "ft^2"],
    "volume": ["L", "mL", "m^3", "cm^3", "in^3", "ft^3", "mm^3"],
    "force": ["N", "kN", "kg*m/s^2", "g*cm/s^2", "lb*ft/s^2"],
    "mass rate": ["kg/s", "g/min", "t/h", "kg/h", "lb/min"],
}
BASE_FORMS = {"energy": "kg*m^2/s^2", "pressure": "kg/(m*s^2)", "power": "kg*m^2/s^3", "force": "kg*m/s^2"}
SYMBOLS = sorted(FACTS, key=len, reverse=True)


def stated_factor(unit: str) -> tuple[Fraction, list[str]]:
    """The SI factor of one of our unit expressions, using the stated facts for non-metric
    symbols (psi is 6894.757 Pa here), and the facts it needs."""
    factor, _ = unit_factor(unit)
    facts = []
    for token in set(unit.replace("*", " ").replace("/", " ").replace("(", " ").replace(")", " ").split()):
        sym, _, power = token.partition("^")
        if sym in FACTS:
            n = int(power or 1) * (-1 if _in_denominator(unit, token) else 1)
            factor *= (FACTS[sym][0] / unit_factor(sym)[0]) ** n
            facts.append(FACTS[sym][1])
            if sym == "ft":
                facts.append(FACTS["in"][1])
    return factor, facts


def _in_denominator(unit: str, token: str) -> bool:
    head, _, tail = unit.partition("/")
    return token in tail.replace("(", " ").replace(")", " ").replace("*", " ").split() and \
        token not in head.replace("*", " ").split()


def components(unit: str) -> int:
    """How many unit factors a conversion of this unit touches (with their powers)."""
    total = 0
    for token in unit.replace("*", " ").replace("/", " ").replace("(", " ").replace(")", " ").split():
        sym, _, power = token.partition("^")
        total += int(power or 1)
    return total


@register
class ConversionChain(QuantityTask):
    """Convert an amount given in a compound unit (km/h, g/cm^3, kWh, psi, L/min, J/(g*K)) into
    another unit of the same quantity, with the non-metric facts stated. Higher levels use
    units with more factors and powers, imperial units, targets written in SI base units
    (kWh to kg*m^2/s^2), a total of several amounts each in its own unit, and unneeded facts."""

    name = "units/conversion_chain"
    knobs = (
        Knob("terms", [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (1, 8),
             doc="amounts, each in its own unit, whose total is converted"),
        Knob("min_factors", [1, 2, 2, 3, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="fewest unit factors (with powers) in the units involved"),
        Knob("imperial", [False, False, False, True] + [True] * 16, doc="imperial and other non-metric units"),
        Knob("base_form", [False] * 6 + [True] * 14, doc="the target may be SI base units written out"),
        Knob("distractors", [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5], (0, 10),
             doc="facts listed that the conversion does not need"),
    )

    def build(self, rng, params):
        def allowed(unit):
            return params["imperial"] or not any(sym in unit for sym in ("in", "ft", "mi", "lb", "psi", "mph"))

        kinds = [k for k in sorted(QUANTITIES)
                 if sum(components(u) >= params["min_factors"] for u in QUANTITIES[k] if allowed(u)) >= 1]
        kind = rng.choice(kinds)
        options = [u for u in QUANTITIES[kind] if allowed(u)]
        metric = [u for u in options if stated_factor(u)[1] == [] or not params["imperial"]]
        big = [u for u in options if components(u) >= params["min_factors"]]
        target = rng.choice(metric)
        if params["base_form"] and kind in BASE_FORMS and rng.random() < 0.5:
            target = BASE_FORMS[kind]
        sources = []
        for i in range(params["terms"]):
            pool = [u for u in (big if i == 0 else options) if u != target and u not in sources] or \
                   [u for u in options if u != target]
            sources.append(rng.choice(pool))
        facts, total, steps = set(), F(0), 1
        amounts = []
        for unit in sources:
            amount = F(rng.randint(1, 999), rng.choice([1, 1, 10, 100]))
            f, needed = stated_factor(unit)
            facts.update(needed)
            total += amount * f
            amounts.append(amount_text(amount, unit))
            steps += components(unit) + len(needed) + 1
        t_factor, t_facts = stated_factor(target)
        facts.update(t_facts)
        steps += components(target) + len(t_facts)
        extra = list(DISTRACTOR_FACTS)
        rng.shuffle(extra)
        lines = sorted(facts) + extra[:params["distractors"]]
        rng.shuffle(lines)
        given = ("Use these facts where you need them: " + "; ".join(lines) + ".\n") if lines else ""
        if len(amounts) == 1:
            ask = f"Convert {amounts[0]} to {target}."
        else:
            ask = (f"A table lists these {kind} values: {', '.join(amounts[:-1])} and {amounts[-1]}. "
                   f"What is their sum, in {target}?")
        shown = total / t_factor
        _, d = unit_factor(target)
        return self.quantity(given + ask, shown * unit_factor(target)[0], d, target, f"the amount in {target}",
                             steps, shown=shown)
