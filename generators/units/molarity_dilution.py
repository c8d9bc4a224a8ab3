"""Solutions: molarity c = n / V from a mass and a molar mass, dilution and mixing."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register
from procgym.kit import number_text

from ._quantities import CONCENTRATION, MASS, VOLUME, QuantityTask, show, to_si

F = Fraction
UNITS = {"c": ["mol/L", "mmol/L", "mmol/mL"], "V": ["mL", "L", "cm^3"], "m": ["g", "mg", "kg"]}
SOLUTES = [("NaCl", F(5844, 100)), ("KCl", F(7455, 100)), ("NaOH", F(40)), ("glucose", F(180)),
           ("CuSO4", F(15961, 100)), ("KNO3", F(10110, 100)), ("HCl", F(3646, 100)), ("urea", F(6006, 100))]
SCENARIOS = ("molarity", "mass", "dilution", "dilute_to", "mix", "serial")
STEPS = {"molarity": 2, "mass": 2, "dilution": 2, "dilute_to": 3, "mix": 5, "serial": 4}


@register
class MolarityDilution(QuantityTask):
    """Solution concentrations: the molarity of a solute dissolved to a volume (from its mass
    and molar mass), the mass needed for a target solution, dilution (c1 V1 = c2 V2), the water
    to add, solutions of one solute mixed together, and serial dilutions; higher levels mix
    more solutions and chain more dilution steps, in mixed units."""

    name = "units/molarity_dilution"
    knobs = (
        Knob("scenario", ["molarity", "mass", ["molarity", "mass"], "dilution", "dilute_to", ["dilution", "mix"],
                          "mix", "mix", ["mix", "serial"], "serial"] + [["mix", "serial"]] * 10,
             choices=SCENARIOS, doc="which chain of formulas the problem needs"),
        Knob("count", [2] * 10 + [3, 3, 4, 4, 5, 5, 6, 6, 7, 7], (2, 10),
             doc="solutions mixed, or dilution steps in a series"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in other units"),
    )

    def build(self, rng, params):
        kind, mixed, k = params["scenario"], params["mixed_units"], params["count"]
        steps = STEPS[kind] + (2 * (k - 2) if kind in ("mix", "serial") else 0)

        def given(value, unit_key, natural):
            nonlocal steps
            text, conv = show(rng, to_si(value, natural), UNITS[unit_key], mixed)
            steps += conv
            return text

        name, molar = rng.choice(SOLUTES)
        m_note = f"The molar mass of {name} is {number_text(molar)} g/mol."
        if kind in ("molarity", "mass"):
            conc = F(rng.randint(1, 40), 20)  # mol/L
            vol = F(rng.choice([50, 100, 200, 250, 500, 750, 1000, 2000]))  # mL
            mass = conc * vol / 1000 * molar
            if kind == "molarity":
                story = f"{given(mass, 'm', 'g')} of {name} is dissolved in water to make {given(vol, 'V', 'mL')} of solution. {m_note}"
                q, value, d, unit, what = "What is the molar concentration?", to_si(conc, "mol/L"), CONCENTRATION, \
                    "mol/L", "the concentration"
            else:
                story = f"A chemist needs {given(vol, 'V', 'mL')} of a {given(conc, 'c', 'mol/L')} {name} solution. {m_note}"
                q, value, d, unit, what = f"What mass of {name} is needed?", to_si(mass, "g"), MASS, "g", "the mass"
        elif kind in ("dilution", "dilute_to"):
            c1 = F(rng.randint(2, 60), 10)
            v1 = F(rng.choice([5, 10, 20, 25, 50, 100, 250]))
            factor = rng.choice([2, 4, 5, 8, 10, 20, 25, 40, 50])
            v2 = v1 * factor
            if kind == "dilution":
                story = (f"{given(v1, 'V', 'mL')} of {given(c1, 'c', 'mol/L')} {name} solution is diluted with water "
                         f"to a total volume of {given(v2, 'V', 'mL')}.")
                q, value, d, unit, what = "What is the new concentration?", to_si(c1 / factor, "mol/L"), \
                    CONCENTRATION, "mol/L", "the concentration"
            else:
                story = (f"{given(v1, 'V', 'mL')} of {given(c1, 'c', 'mol/L')} {name} solution is to be diluted to "
                         f"{given(c1 / factor, 'c', 'mol/L')}. Assume the volumes add.")
                q, value, d, unit, what = "What volume of water must be added?", to_si(v2 - v1, "mL"), VOLUME, "mL", \
                    "the volume of water"
        elif kind == "mix":
            parts = [(F(rng.randint(1, 40), 10), F(rng.choice([10, 20, 25, 50, 100, 150, 200, 500]))) for _ in range(k)]
            listing = "; ".join(f"{given(v, 'V', 'mL')} of {given(c, 'c', 'mol/L')}" for c, v in parts)
            total_n, total_v = sum(c * v for c, v in parts), sum(v for _, v in parts)
            story = f"These {name} solutions are mixed together: {listing}. Assume the volumes add."
            q, value, d, unit, what = "What is the concentration of the mixture?", to_si(total_n / total_v, "mol/L"), \
                CONCENTRATION, "mol/L", "the concentration"
        else:
            c_start = F(rng.randint(1, 40), 10)
            c, lines = c_start, []
            for _ in range(k):
                take = F(rng.choice([1, 2, 5, 10, 20, 25]))
                to = take * rng.choice([2, 4, 5, 10])
                lines.append(f"{given(take, 'V', 'mL')} of the last solution is diluted to {given(to, 'V', 'mL')}")
                c = c * take / to
            story = (f"A {given(c_start, 'c', 'mol/L')} {name} stock solution goes through a serial dilution: "
                     + "; then ".join(lines) + ".")
            q, value, d, unit, what = "What is the concentration of the final solution?", to_si(c, "mol/L"), \
                CONCENTRATION, "mmol/L", "the concentration"
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
