"""Motion with uniform acceleration: the equations of motion with given values in mixed units."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import ACCELERATION, LENGTH, SPEED, TIME, QuantityTask, show

F = Fraction
UNITS = {"v": ["m/s", "km/h", "cm/s", "m/min"], "a": ["m/s^2", "cm/s^2"], "t": ["s", "min", "ms"],
         "s": ["m", "km", "cm"]}
DIMS = {"v": SPEED, "a": ACCELERATION, "t": TIME, "s": LENGTH}
WHAT = {"v": "the final speed", "a": "the acceleration", "t": "the time", "s": "the distance"}
# (given, asked) pairs that the equations of motion answer without a square root
SINGLE = [(("a", "t"), "v"), (("a", "t"), "s"), (("v", "t"), "a"), (("v", "t"), "s"), (("v", "a"), "t"),
          (("v", "a"), "s"), (("v", "s"), "t"), (("v", "s"), "a"), (("t", "s"), "a"), (("t", "s"), "v")]
DISTRACTORS = ["Its mass is {} t.", "The outside temperature is {} degrees Celsius.",
               "The track is {} m above sea level.", "It carries {} passengers.", "Its engine is rated at {} kW."]


def motion(u: Fraction, a: Fraction, t: Fraction) -> tuple[Fraction, Fraction]:
    """Final speed and distance after time t at acceleration a from speed u."""
    return u + a * t, u * t + a * t * t / 2


@register
class Kinematics(QuantityTask):
    """A body moves with uniform acceleration; from the values given (speeds, times,
    accelerations and distances in mixed units) find the one asked. Higher levels mix units,
    add facts that do not matter, start from rest or from a speed, and chain phases (speed up,
    cruise, brake to rest) whose total distance or total time is asked."""

    name = "units/kinematics"
    knobs = (
        Knob("phases", [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (1, 8),
             doc="phases of motion (speeding up, cruising, braking)"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in non-SI units"),
        Knob("moving_start", [False, False, False, True] + [True] * 16, doc="the body may start at a speed"),
        Knob("distractors", [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 5),
             doc="facts given that the answer does not need"),
    )

    def build(self, rng, params):
        mixed, steps = params["mixed_units"], 0
        u = F(rng.randint(1, 20)) if params["moving_start"] and rng.random() < 0.6 else F(0)
        if params["phases"] == 1:
            a, t = F(rng.randint(1, 40), 10), F(rng.randint(2, 30))
            v, s = motion(u, a, t)
            values = {"v": v, "a": a, "t": t, "s": s}
            given, asked = rng.choice(SINGLE)
            parts = []
            if u:
                text, conv = show(rng, u, UNITS["v"], mixed)
                parts.append(f"its initial speed is {text}")
                steps += conv
            else:
                parts.append("it starts from rest")
            for name in given:
                text, conv = show(rng, values[name], UNITS[name], mixed)
                steps += conv
                label = {"v": "its final speed is", "a": "its acceleration is", "t": "the motion lasts",
                         "s": "it covers"}[name]
                parts.append(f"{label} {text}")
            steps += 2 + (asked in ("t", "a") and "s" in given)
            story = "A body moves in a straight line with constant acceleration: " + "; ".join(parts) + "."
            question = {"v": "What is its final speed?", "a": "What is its acceleration?",
                        "t": "How long does the motion last?", "s": "How far does it travel?"}[asked]
            value, d, what = values[asked], DIMS[asked], WHAT[asked]
        else:
            lines, speed, dist, time = [], u, F(0), F(0)
            start = "A train starts from rest." if not u else None
            if u:
                text, conv = show(rng, u, UNITS["v"], mixed)
                start = f"A train passes a signal at {text}."
                steps += conv
            for i in range(params["phases"]):
                last = i == params["phases"] - 1
                if last and speed > 0:
                    a = F(rng.randint(2, 20), 10)
                    t = speed / a
                    text, conv = show(rng, a, UNITS["a"], mixed)
                    lines.append(f"it then brakes at {text} until it stops")
                elif i % 2 == 1 and speed > 0 and rng.random() < 0.6:
                    a, t = F(0), F(rng.randint(1, 20) * 10)
                    text, conv = show(rng, t, UNITS["t"], mixed)
                    lines.append(f"it then keeps its speed for {text}")
                else:
                    a, t = F(rng.randint(1, 20), 10), F(rng.randint(2, 30))
                    a_text, c1 = show(rng, a, UNITS["a"], mixed)
                    t_text, c2 = show(rng, t, UNITS["t"], mixed)
                    conv = c1 + c2
                    lines.append(f"it then speeds up at {a_text} for {t_text}")
                speed, step = motion(speed, a, t)
                dist, time = dist + step, time + t
                steps += conv + 3
            story = start + " " + "; ".join(lines).capitalize() + "."
            if rng.random() < 0.6:
                question, value, d, what = "How far does it travel in all these phases together?", dist, LENGTH, \
                    "the total distance"
            else:
                question, value, d, what = "How long do all these phases last together?", time, TIME, "the total time"
            steps += params["phases"]
        extra = rng.sample(DISTRACTORS, params["distractors"])
        noise = " ".join(e.format(rng.randint(2, 90)) for e in extra)
        unit = {LENGTH: "m", TIME: "s", SPEED: "m/s", ACCELERATION: "m/s^2"}[d]
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {noise}".strip() + " " + question + tail, value, d, unit, what,
                             steps + params["distractors"], any_unit=any_unit)
