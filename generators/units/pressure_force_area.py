"""Pressure, force and area: P = F / A, weights on supports, hydraulic presses, water depth."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import AREA, FORCE, PRESSURE, QuantityTask, show

F = Fraction
UNITS = {"F": ["N", "kN"], "side": ["cm", "mm", "m"], "m": ["kg", "t", "g"], "P": ["Pa", "kPa", "bar"],
         "A": ["cm^2", "m^2", "mm^2"], "h": ["m", "cm"]}
G = F(98, 10)
SCENARIOS = ("pressure", "force", "area", "weight", "legs", "hydraulic", "depth")
STEPS = {"pressure": 1, "force": 1, "area": 1, "weight": 4, "legs": 5, "hydraulic": 5, "depth": 6}


@register
class PressureForceArea(QuantityTask):
    """Pressure, force and area (P = F / A): find one from the other two, then the pressure of
    a weight (m g) on a rectangular base, a table on several legs, a hydraulic press (equal
    pressure on pistons whose diameters are given) and the force of water on a window at a depth
    (P = P0 + rho g h), with values in mixed units."""

    name = "units/pressure_force_area"
    knobs = (
        Knob("scenario", ["pressure", ["force", "area"], ["pressure", "force", "area"], "weight", "weight", "legs",
                          ["legs", "hydraulic"], "hydraulic", ["hydraulic", "depth"], "depth"] + ["depth"] * 10,
             choices=SCENARIOS, doc="which chain of formulas the problem needs"),
        Knob("extra", [0] * 10 + [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], (0, 6),
             doc="further loads or windows whose forces add up"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in other units"),
    )

    def build(self, rng, params):
        kind, mixed = params["scenario"], params["mixed_units"]
        steps = STEPS[kind] + 2 * params["extra"]

        def given(value, units):
            nonlocal steps
            text, conv = show(rng, value, units, mixed)
            steps += conv
            return text

        g_note = "Take g = 9.8 m/s^2."
        extra = params["extra"]
        if kind in ("pressure", "force", "area"):
            force, area = F(rng.randint(10, 5000)), F(rng.randint(1, 400), 10000)
            pressure = force / area
            if kind == "pressure":
                story = f"A force of {given(force, UNITS['F'])} acts evenly on an area of {given(area, UNITS['A'])}."
                q, value, d, unit, what = "What pressure does it exert?", pressure, PRESSURE, "Pa", "the pressure"
            elif kind == "force":
                story = f"A pressure of {given(pressure, UNITS['P'])} acts evenly on an area of {given(area, UNITS['A'])}."
                q, value, d, unit, what = "What force does it exert on the area?", force, FORCE, "N", "the force"
            else:
                story = f"A force of {given(force, UNITS['F'])} exerts a pressure of {given(pressure, UNITS['P'])}."
                q, value, d, unit, what = "Over what area does it act?", area, AREA, "cm^2", "the area"
                steps += 1  # the area comes out in m^2 and is asked in cm^2
        elif kind in ("weight", "legs"):
            masses = [F(rng.randint(1, 900)) for _ in range(1 + extra)]
            legs = rng.randint(3, 6) if kind == "legs" else 1
            a, b = F(rng.randint(1, 40), 100), F(rng.randint(1, 40), 100)
            things = " and ".join(given(m, UNITS["m"]) for m in masses)
            base = f"{given(a, UNITS['side'])} by {given(b, UNITS['side'])}"
            if legs == 1:
                what_mass = f"loads of {things}" if extra else f"a total mass of {things}"
                story = f"A crate with {what_mass} (its own mass included) rests on a flat base of {base}."
            else:
                story = (f"A table carrying {things} (its own mass included) stands on {legs} legs, each with a "
                         f"rectangular foot of {base}, sharing the weight equally.")
            q, value, d, unit, what = f"What pressure does it exert on the floor? {g_note}", \
                sum(masses) * G / (legs * a * b), PRESSURE, "Pa", "the pressure"
        elif kind == "hydraulic":
            d1, d2 = F(rng.randint(1, 10)), F(rng.randint(11, 60))  # cm; pi cancels in the ratio of areas
            force = F(rng.randint(10, 500))
            story = (f"In a hydraulic press a force of {given(force, UNITS['F'])} pushes on a round piston of "
                     f"diameter {given(d1 / 100, UNITS['side'])}; the large round piston has diameter "
                     f"{given(d2 / 100, UNITS['side'])}. The pressure is the same on both pistons.")
            q, value, d, unit, what = "What force does the large piston exert?", force * (d2 / d1) ** 2, FORCE, "N", \
                "the force"
        else:
            p0 = F(rng.choice([100000, 101000, 101325]))
            rho = F(rng.choice([1000, 1025]))
            windows, total = [], F(0)
            for _ in range(1 + extra):
                depth = F(rng.randint(1, 80))
                a, b = F(rng.randint(5, 50), 100), F(rng.randint(5, 50), 100)
                windows.append(f"{given(a, UNITS['side'])} by {given(b, UNITS['side'])} at a depth of "
                               f"{given(depth, UNITS['h'])}")
                total += (p0 + rho * G * depth) * a * b
            story = (f"The air pressure at the surface of water of density {rho} kg/m^3 is {given(p0, UNITS['P'])}. "
                     f"A submarine has {'small flat windows' if extra else 'a small flat window'} of {'; '.join(windows)} (treat each window as being "
                     f"at one depth). The absolute pressure at depth h is P0 + rho*g*h, P0 the air pressure. {g_note}")
            q = "What total force does the water exert on the outer faces of the windows?" if extra else \
                "What force does the water exert on the outer face of the window?"
            value, d, unit, what = total, FORCE, "N", "the force"
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
