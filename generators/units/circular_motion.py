"""Uniform circular motion: centripetal acceleration and force, vertical circles, and a string of
masses whirled together."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import ACCELERATION, FORCE, SPEED, QuantityTask, show

F = Fraction
G = F(98, 10)  # the prompt states g = 9.8 m/s^2
UNITS = {"m": ["kg", "g"], "r": ["m", "cm", "km"], "v": ["m/s", "km/h", "cm/s"]}
ASKS = ("acceleration", "force", "omega_speed", "omega_force", "bottom", "top", "string")


@register
class CircularMotion(QuantityTask):
    """An object moving at constant speed on a circle: find its centripetal acceleration
    (a = v^2 / r), the net force it needs (F = m v^2 / r), its speed from an angular speed in
    rad/s (v = omega r), the tension at the bottom or top of a vertical circle (weight added or
    taken away, g = 9.8 m/s^2), and at higher levels the tension in one segment of a string
    carrying several masses whirled round together at one angular speed (each segment holds
    every mass beyond it). More masses and mixed units (g, cm, km/h) come with the levels."""

    name = "units/circular_motion"
    knobs = (
        Knob("ask", [["acceleration"], ["acceleration", "force"], ["force", "omega_speed"],
                     ["omega_speed", "omega_force"], ["omega_force", "bottom"], ["bottom", "top"], ["top", "string"],
                     ["string"], ["string"], ["string"]] + [["string"]] * 10, choices=ASKS,
             doc="which relation is asked for"),
        Knob("masses", [1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10], (1, 12),
             doc="masses on the whirled string"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="masses in g, radii in cm, speeds in km/h"),
    )

    def build(self, rng, params):
        ask, mixed = params["ask"], params["mixed_units"]
        steps = 0

        def put(value, kind):
            nonlocal steps
            text, conv = show(rng, value, UNITS[kind], mixed)
            steps += conv
            return text

        mass = F(rng.choice([1, 2, 4, 5, 8, 10, 20, 25, 50])) / rng.choice([1, 10])
        radius = F(rng.choice([1, 2, 4, 5, 8, 10, 20, 25, 40, 50])) / rng.choice([1, 10])
        speed = F(rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25]))
        omega = F(rng.choice([1, 2, 3, 4, 5, 6, 8, 10]))
        if ask == "acceleration":
            story = f"An object moves at a constant {put(speed, 'v')} on a circle of radius {put(radius, 'r')}."
            q, value, d, unit, what = "What is its centripetal acceleration?", speed ** 2 / radius, ACCELERATION, \
                "m/s^2", "the centripetal acceleration"
            steps += 2
        elif ask == "force":
            story = (f"An object of mass {put(mass, 'm')} moves at a constant {put(speed, 'v')} on a circle of "
                     f"radius {put(radius, 'r')}.")
            q, value, d, unit, what = "What net force keeps it on the circle?", mass * speed ** 2 / radius, FORCE, \
                "N", "the centripetal force"
            steps += 3
        elif ask == "omega_speed":
            story = f"A point on a wheel turns at {omega} rad/s at a distance {put(radius, 'r')} from the axle."
            q, value, d, unit, what = "What is its speed?", omega * radius, SPEED, "m/s", "the speed"
            steps += 1
        elif ask == "omega_force":
            story = (f"An object of mass {put(mass, 'm')} is whirled on a horizontal circle of radius "
                     f"{put(radius, 'r')} at {omega} rad/s.")
            q, value, d, unit, what = "What net force keeps it on the circle?", mass * omega ** 2 * radius, FORCE, \
                "N", "the centripetal force"
            steps += 3
        elif ask in ("bottom", "top"):
            while ask == "top" and speed ** 2 <= G * radius:  # taut at the top; bounded: g r is at most 490
                speed += 1
            story = (f"A ball of mass {put(mass, 'm')} on a string is swung in a vertical circle of radius "
                     f"{put(radius, 'r')}. At the {ask} of the circle it moves at {put(speed, 'v')}. "
                     "Take g = 9.8 m/s^2.")
            sign = 1 if ask == "bottom" else -1
            q, value, d, unit, what = f"What is the tension in the string at the {ask}?", \
                mass * (speed ** 2 / radius + sign * G), FORCE, "N", f"the tension at the {ask}"
            steps += 5
        else:
            n = params["masses"]
            masses = [F(rng.choice([1, 2, 3, 4, 5, 10, 20, 50])) / 10 for _ in range(n)]
            gaps = [F(rng.choice([1, 2, 3, 4, 5, 10])) / 10 for _ in range(n)]
            radii = [sum(gaps[:i + 1]) for i in range(n)]
            k = 1 + rng.randrange(n)  # segment k joins mass k-1 (or the centre) to mass k
            value = sum(m * omega ** 2 * r for m, r in zip(masses[k - 1:], radii[k - 1:]))
            steps += 3 * (n - k + 1) + n
            parts = [f"mass {i + 1} of {put(m, 'm')} sits {put(g, 'r')} beyond "
                     + ("the pin" if i == 0 else f"mass {i}") for i, (m, g) in enumerate(zip(masses, gaps))]
            story = (f"A light string is whirled round on a smooth horizontal table at {omega} rad/s about a fixed "
                     f"pin at one end, with {n} small mass{'es' if n > 1 else ''} tied along it: "
                     + "; ".join(parts) + ". The string stays straight.")
            segment = "the pin and mass 1" if k == 1 else f"mass {k - 1} and mass {k}"
            q, value, d, unit, what = f"What is the tension in the part of the string between {segment}?", value, \
                FORCE, "N", "the tension in that part of the string"
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
