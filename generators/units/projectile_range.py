"""Horizontal launches: fall time, range, launch speed, impact speed, hitting a wall, ledges."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import LENGTH, SPEED, TIME, QuantityTask, amount_text, show, to_si

F = Fraction
UNITS = {"h": ["m", "cm"], "x": ["m", "cm"], "v": ["m/s", "km/h", "cm/s"]}
MODES = ("time", "range", "speed_needed", "wall", "impact_speed", "ledges")
TRIPLES = [(3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29)]


def fall_height(g, t) -> Fraction:
    """The drop in a fall of time t from rest vertically: h = g t^2 / 2."""
    return F(g) * F(t) ** 2 / 2


@register
class ProjectileRange(QuantityTask):
    """A ball leaves a table or cliff horizontally (no air resistance, g stated). Find the fall
    time, the horizontal range, the launch speed that reaches a given point, the height at which
    it strikes a wall, or its speed on impact (a Pythagorean sum). Levels 10-20 roll the ball down
    a flight of ledges, 2 to 12 falls, each landing keeping the horizontal speed, and ask the
    total time to the ground. Mixed units from level 3. Fall times are chosen rational, so
    every answer is exact."""

    name = "units/projectile_range"
    knobs = (
        Knob("mode", ["time", "range", "range", "speed_needed", "speed_needed", "wall", "wall", "impact_speed",
                      "impact_speed", "ledges"] + ["ledges"] * 10, choices=MODES, doc="what is asked"),
        Knob("ledges", [2] * 10 + [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (2, 12), doc="falls in the ledges mode"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="heights in cm, speeds in km/h or cm/s"),
    )

    def build(self, rng, params):
        mode, mixed = params["mode"], params["mixed_units"]
        # with g = 9.8 an impact problem's height (b k)^2 / 19.6 rarely ends as a decimal
        g = F(10) if mode == "impact_speed" else rng.choice([F(10), F(98, 10)])
        steps = 0

        def given(value, key):
            nonlocal steps
            text, conv = show(rng, value, UNITS[key], mixed)
            steps += conv
            return text

        t = F(rng.randint(2, 20), 10)
        v = F(rng.randint(1, 30)) / rng.choice([1, 2, 5])
        setting = (f"Take g = {amount_text(g, 'm/s^2')} and ignore air resistance.")
        if mode == "impact_speed":
            a, b, c = rng.choice(TRIPLES)
            if rng.random() < 0.5:
                a, b = b, a
            k = F(rng.randint(1, 6), rng.choice([1, 2]))
            v, t = a * k, b * k / g  # horizontal speed a*k; vertical speed at impact g*t = b*k
            story = (f"A ball is thrown horizontally at {given(v, 'v')} from the top of a cliff "
                     f"{given(fall_height(g, t), 'h')} high.")
            # the speed is sqrt((a k)^2 + (b k)^2) = c k, exact by the Pythagorean triple
            q, value, d, unit, what = ("How fast is the ball moving when it hits the ground below?", c * k, SPEED,
                                       "m/s", "the impact speed")
            steps += 4  # fall time, vertical speed, the two components combined
        elif mode == "ledges":
            n = params["ledges"]
            lines, total = [], F(0)
            for i in range(1, n + 1):
                ti = F(rng.randint(1, 10), 10)
                reach = v * ti
                total += ti
                steps += 2  # the fall time and where the ball lands
                if i < n:
                    roll = F(rng.randint(1, 40), 10)
                    total += roll / v
                    steps += 2  # the roll along the ledge and its time
                    lines.append(f"it falls {given(fall_height(g, ti), 'h')} onto ledge {i + 1}, whose edge is "
                                 f"{given(reach + roll, 'x')} horizontally beyond the edge of ledge {i}")
                else:
                    lines.append(f"from the edge of ledge {n} it falls {given(fall_height(g, ti), 'h')} "
                                 "to the ground")
            steps += 1
            story = (f"A ball rolls off the edge of ledge 1 at {given(v, 'v')}. Then " + "; ".join(lines) +
                     ". Each ledge is flat and frictionless, and on landing the ball loses its vertical motion but "
                     "rolls on at its horizontal speed.")
            q, value, d, unit, what = ("How long after leaving ledge 1 does the ball reach the ground?", total,
                                       TIME, "s", "the total time")
        else:
            h = fall_height(g, t)
            if mode == "time":
                story = f"A marble rolls off a table {given(h, 'h')} high."
                q, value, d, unit, what = "How long does it take to reach the floor?", t, TIME, "s", "the fall time"
                steps += 1
            elif mode == "range":
                story = f"A ball is thrown horizontally at {given(v, 'v')} from a ledge {given(h, 'h')} high."
                q, value, d, unit, what = ("How far from the foot of the ledge does it land?", v * t, LENGTH, "m",
                                           "the horizontal distance")
                steps += 2
            elif mode == "speed_needed":
                story = (f"A ball is to be thrown horizontally from a roof {given(h, 'h')} high so that it lands "
                         f"{given(v * t, 'x')} from the foot of the building.")
                q, value, d, unit, what = ("At what speed must it be thrown?", v, SPEED, "m/s", "the launch speed")
                steps += 2
            else:
                part = F(rng.randint(1, 9), 10)
                d_wall = v * t * part
                drop = fall_height(g, t * part)
                story = (f"A ball is thrown horizontally at {given(v, 'v')} from the top of a tower "
                         f"{given(h, 'h')} high, towards a wall {given(d_wall, 'x')} away.")
                q, value, d, unit, what = ("How high above the ground does the ball strike the wall?", h - drop,
                                           LENGTH, "m", "the height on the wall")
                steps += 3
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {setting} {q}{tail}", to_si(value, unit), d, unit, what, steps,
                             any_unit=any_unit)
