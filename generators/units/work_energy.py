"""Work, kinetic and potential energy, power and efficiency, with given values in mixed units."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import ENERGY, POWER, QuantityTask, show

F = Fraction
UNITS = {"F": ["N", "kN"], "d": ["m", "km", "cm"], "m": ["kg", "g", "t"], "v": ["m/s", "km/h", "cm/s"],
         "t": ["s", "min", "h"], "E": ["J", "kJ", "kWh"]}
G = F(98, 10)
SCENARIOS = ("work", "kinetic", "potential", "speed_change", "lift_power", "motor", "loads")
STEPS = {"work": 1, "kinetic": 2, "potential": 2, "speed_change": 4, "lift_power": 3, "motor": 5, "loads": 6}


@register
class WorkEnergy(QuantityTask):
    """Work and energy: W = F d, KE = m v^2 / 2, PE = m g h (g = 9.8 m/s^2), power = energy /
    time and efficiency. Higher levels chain them: the work to change a speed, the power to
    lift a load in a time, the electrical input of a motor of given efficiency, and the input
    to lift several loads, with values in mixed units (km/h, g, minutes, kWh)."""

    name = "units/work_energy"
    knobs = (
        Knob("scenario", ["work", "kinetic", "potential", ["kinetic", "potential"], "lift_power",
                          ["lift_power", "speed_change"], "speed_change", "motor", "motor", ["motor", "loads"]]
             + ["loads"] * 10,
             choices=SCENARIOS, doc="which chain of formulas the problem needs"),
        Knob("loads", [1] * 10 + [2, 2, 3, 3, 4, 4, 5, 5, 6, 6], (1, 8), doc="loads lifted in the loads scenario"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in non-SI units"),
    )

    def build(self, rng, params):
        kind, mixed = params["scenario"], params["mixed_units"]
        steps = STEPS[kind]

        def given(value, units):
            nonlocal steps
            text, conv = show(rng, value, units, mixed)
            steps += conv
            return text

        g_note = "Take g = 9.8 m/s^2."
        if kind == "work":
            force, dist = F(rng.randint(5, 900)), F(rng.randint(2, 500))
            story = f"A constant force of {given(force, UNITS['F'])} pushes a crate {given(dist, UNITS['d'])} " \
                    "along its own direction."
            q, value, d, unit, what = "How much work does the force do?", force * dist, ENERGY, "J", "the work"
        elif kind == "kinetic":
            mass, speed = F(rng.randint(1, 2000)), F(rng.randint(1, 40))
            story = f"A cart of mass {given(mass, UNITS['m'])} moves at {given(speed, UNITS['v'])}."
            q, value, d, unit, what = "What is its kinetic energy?", mass * speed ** 2 / 2, ENERGY, "J", \
                "the kinetic energy"
        elif kind == "potential":
            mass, height = F(rng.randint(1, 500)), F(rng.randint(1, 200))
            story = f"A load of mass {given(mass, UNITS['m'])} is raised {given(height, UNITS['d'])}. {g_note}"
            q, value, d, unit, what = "By how much does its potential energy increase?", mass * G * height, ENERGY, \
                "J", "the gain in potential energy"
        elif kind == "speed_change":
            mass = F(rng.randint(100, 2000))
            v1 = F(rng.randint(1, 20))
            v2 = v1 + rng.randint(1, 20)
            story = (f"A car of mass {given(mass, UNITS['m'])} speeds up from {given(v1, UNITS['v'])} to "
                     f"{given(v2, UNITS['v'])}.")
            q, value, d, unit, what = "How much work is done on it (its gain in kinetic energy)?", \
                mass * (v2 ** 2 - v1 ** 2) / 2, ENERGY, "J", "the work"
        elif kind == "lift_power":
            mass, height, time = F(rng.randint(10, 900)), F(rng.randint(2, 60)), F(rng.randint(2, 120))
            story = (f"A crane lifts {given(mass, UNITS['m'])} through {given(height, UNITS['d'])} at a steady "
                     f"speed in {given(time, UNITS['t'])}. {g_note}")
            q, value, d, unit, what = "What useful power does it deliver?", mass * G * height / time, POWER, "W", \
                "the power"
        else:
            n = params["loads"] if kind == "loads" else 1
            eff = F(rng.choice([40, 50, 60, 64, 75, 80, 90]), 100)
            masses = [F(rng.randint(10, 900)) for _ in range(n)]
            height, time = F(rng.randint(2, 60)), F(rng.randint(10, 600))
            loads = ", ".join(given(m, UNITS["m"]) for m in masses)
            things = f"loads of {loads}, one after another," if n > 1 else f"a load of {loads}"
            story = (f"An electric hoist of efficiency {eff * 100}% lifts {things} through {given(height, UNITS['d'])}"
                     f", taking {given(time, UNITS['t'])} in all. {g_note}")
            useful = sum(masses) * G * height
            steps += 2 * n
            if rng.random() < 0.5:
                q, value, d, unit, what = "What electrical energy does it use?", useful / eff, ENERGY, "kJ", \
                    "the electrical energy"
            else:
                q, value, d, unit, what = "What is its mean electrical input power?", useful / eff / time, POWER, \
                    "W", "the input power"
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
