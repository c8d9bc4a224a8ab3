"""Circuits: Ohm's law, power and energy, with series and parallel resistors at higher levels."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import CURRENT, ENERGY, POWER, RESISTANCE, QuantityTask, show

F = Fraction
UNITS = {"V": ["V", "mV", "kV"], "I": ["A", "mA"], "R": ["ohm", "kohm"], "t": ["s", "min", "h"]}
SHAPES = ("single", "series", "parallel", "mixed")


def parallel(rs) -> Fraction:
    return 1 / sum(1 / r for r in rs)


@register
class OhmsLawPower(QuantityTask):
    """A battery drives a circuit of resistors; find a current, a voltage, a power or the energy
    used in a time. Level 1 is one resistor and V = I R; then power (P = V I = I^2 R = V^2 / R),
    resistors in series, in parallel, and a resistor in series with a parallel group, with more
    resistors, mixed units (mA, kohm, minutes) and the energy in kWh at the top."""

    name = "units/ohms_law_power"
    knobs = (
        Knob("shape", ["single", "single", "single", "series", "series", "parallel", "parallel", "mixed", "mixed",
                       "mixed"] + ["mixed"] * 10, choices=SHAPES, doc="how the resistors are connected"),
        Knob("resistors", [1, 1, 1, 2, 3, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7], (1, 10),
             doc="resistors in the circuit"),
        Knob("power", [False, True] + [True] * 18, doc="ask for a power or an energy, not only V or I"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="values in mA, kohm, minutes"),
    )

    def build(self, rng, params):
        shape, n, mixed = params["shape"], max(1, params["resistors"]), params["mixed_units"]
        if shape == "single":
            n = 1
        if shape == "mixed":
            n = max(n, 3)
        rs = [F(rng.choice([2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30, 40, 60])) for _ in range(n)]
        volts = F(rng.choice([3, 6, 9, 12, 18, 24, 36, 48]))
        if shape in ("single", "series"):
            total = sum(rs)
        elif shape == "parallel":
            total = parallel(rs)
        else:
            total = rs[0] + parallel(rs[1:])
        current = volts / total
        steps = {"single": 1, "series": n, "parallel": 2 * n, "mixed": 2 * n + 1}[shape] + 1
        texts = []
        for r in rs:
            text, conv = show(rng, r, UNITS["R"], mixed)
            texts.append(text)
            steps += conv
        v_text, conv = show(rng, volts, UNITS["V"], mixed)
        steps += conv
        if shape == "single":
            layout = f"a single resistor of {texts[0]}"
        elif shape == "series":
            layout = f"{n} resistors in series: {', '.join(texts)}"
        elif shape == "parallel":
            layout = f"{n} resistors in parallel: {', '.join(texts)}"
        else:
            layout = (f"a resistor R1 of {texts[0]} in series with a group of {n - 1} resistors in parallel "
                      f"({', '.join(texts[1:])})")
        story = f"A battery of {v_text} (no internal resistance) drives {layout}."
        asks = ["current", "resistance"] if shape != "single" else ["current", "resistance_from_current"]
        if params["power"]:
            asks += ["power", "energy"] + (["power_r1"] if shape != "single" else [])
        ask = rng.choice(asks)
        unit_i = "mA" if mixed and rng.random() < 0.5 else "A"
        if ask == "current":
            q, value, d, unit, what = "What current does the battery deliver?", current, CURRENT, unit_i, "the current"
        elif ask == "resistance":
            q, value, d, unit, what = "What is the total resistance of the circuit?", total, RESISTANCE, "ohm", \
                "the total resistance"
        elif ask == "resistance_from_current":
            i_text, conv = show(rng, current, UNITS["I"], mixed)
            story = f"A battery of {v_text} (no internal resistance) drives a current of {i_text} through a resistor."
            q, value, d, unit, what = "What is the resistance?", total, RESISTANCE, "ohm", "the resistance"
            steps += conv
        elif ask == "power":
            q, value, d, unit, what = "What power does the battery deliver?", volts * current, POWER, "W", "the power"
            steps += 1
        elif ask == "power_r1":
            name = "R1" if shape == "mixed" else f"the {texts[0]} resistor"
            i1 = current if shape in ("series", "mixed") else volts / rs[0]
            q, value, d, unit, what = f"What power is dissipated in {name}?", i1 * i1 * rs[0], POWER, "W", \
                "the power in that resistor"
            steps += 2
        else:
            seconds = F(rng.choice([30, 60, 90, 120, 300, 600, 1800, 3600, 7200]))
            t_text, conv = show(rng, seconds, UNITS["t"], mixed)
            story += f" It runs for {t_text}."
            unit = "kWh" if mixed and rng.random() < 0.3 else "J"
            q, value, d, what = "How much energy does the battery deliver in that time?", volts * current * seconds, \
                ENERGY, "the energy"
            steps += 2 + conv
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
