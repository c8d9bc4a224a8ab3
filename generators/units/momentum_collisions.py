"""One-dimensional collisions: momentum conservation, sticking carts, elastic bounces, energy lost."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import ENERGY, SPEED, QuantityTask, show, to_si

F = Fraction
UNITS = {"m": ["kg", "g"], "v": ["m/s", "cm/s", "km/h"]}
MODES = ("stick", "stick_energy", "elastic")


def stick(masses, velocities) -> Fraction:
    """The common velocity of bodies that all end up stuck together: total momentum / total mass."""
    return sum(m * v for m, v in zip(masses, velocities)) / sum(masses)


def elastic(m1, u1, m2, u2) -> tuple[Fraction, Fraction]:
    """Velocities after a one-dimensional elastic collision (momentum and kinetic energy kept)."""
    v1 = ((m1 - m2) * u1 + 2 * m2 * u2) / (m1 + m2)
    v2 = ((m2 - m1) * u2 + 2 * m1 * u1) / (m1 + m2)
    return v1, v2


def kinetic(masses, velocities) -> Fraction:
    return sum(m * v * v for m, v in zip(masses, velocities)) / 2


@register
class MomentumCollisions(QuantityTask):
    """Carts on a straight frictionless track collide. Find a speed after the collisions or the
    kinetic energy turned into heat. Level 1 is one cart hitting a cart at rest and sticking to it;
    then a second cart moving towards the first, the kinetic energy lost, elastic collisions
    (speed of a cart after bouncing), mixed units (g, cm/s, km/h), and at higher levels a row of
    carts hit one after another (each collision sticks, or each is elastic, passing the motion
    down the row)."""

    name = "units/momentum_collisions"
    knobs = (
        Knob("mode", ["stick", "stick", "stick", "stick_energy", "stick_energy", "elastic", "elastic",
                      "stick_energy", "elastic", "elastic"] + [["stick_energy", "elastic"]] * 10, choices=MODES,
             doc="carts stick together (asking a speed or the energy lost) or bounce elastically"),
        Knob("carts", [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], (2, 10),
             doc="carts in the row; the first one is pushed, the others are struck in turn"),
        Knob("head_on", [False, True] + [True] * 18, doc="with two carts, the struck one may move towards the first"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="masses in g, speeds in cm/s or km/h"),
    )

    def build(self, rng, params):
        mode, n, mixed = params["mode"], params["carts"], params["mixed_units"]
        masses = [F(rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20])) / rng.choice([1, 2, 4]) for _ in range(n)]
        velocities = [F(rng.randint(1, 12)) / rng.choice([1, 2, 5])] + [F(0)] * (n - 1)
        if n == 2 and params["head_on"] and rng.random() < 0.6:
            velocities[1] = -F(rng.randint(1, 8)) / rng.choice([1, 2, 5])
        steps = 0
        texts = []
        for i, (m, v) in enumerate(zip(masses, velocities)):
            m_text, c1 = show(rng, m, UNITS["m"], mixed)
            steps += c1
            if v > 0:
                v_text, c2 = show(rng, v, UNITS["v"], mixed)
                motion = f"moving at {v_text} towards the others" if n > 2 else f"moving at {v_text} to the right"
            elif v < 0:
                v_text, c2 = show(rng, -v, UNITS["v"], mixed)
                motion = f"moving at {v_text} to the left, towards cart 1"
            else:
                c2, motion = 0, "at rest"
            steps += c2
            texts.append(f"cart {i + 1} of mass {m_text} is {motion}")
        order = "" if n == 2 else (f" The carts stand in a row in order 1 to {n}, cart 1 behind the others. ")
        if mode == "elastic":
            # every collision is elastic: cart 1 hits cart 2, then cart 2 (rebounding off nothing) hits cart 3, ...
            v_in = velocities[0]
            if n == 2:
                v1, v2 = elastic(masses[0], velocities[0], masses[1], velocities[1])
                ask_first = rng.random() < 0.5
                value = abs(v1) if ask_first else abs(v2)
                who = "cart 1" if ask_first else "cart 2"
                steps += 6  # both conservation laws, solved together for the asked cart
            else:
                for i in range(n - 1):
                    _, v_in = elastic(masses[i], v_in, masses[i + 1], F(0))
                    steps += 5
                value, who = abs(v_in), f"cart {n}"
            how = ("Every collision is perfectly elastic" + ("" if n == 2 else
                   ", and each cart is struck only once, by the cart before it, before it strikes the next") + ".")
            q = (f"What is the speed of {who} after the collision?" if n == 2 else
                 f"What is the speed of {who} just after cart {n - 1} strikes it?")
            d, unit, what = SPEED, "m/s", f"the speed of {who}"
        else:
            how = "The carts stick together at every collision" + (" and move on as one, collecting each cart "
                                                                    "in turn" if n > 2 else "") + "."
            final = stick(masses, velocities)
            steps += 2 * (n - 1)
            if mode == "stick":
                value = abs(final)
                q = "What is the speed of the carts after " + ("all the collisions?" if n > 2 else "the collision?")
                d, unit, what = SPEED, "m/s", "the final speed"
            else:
                value = kinetic(masses, velocities) - kinetic([sum(masses)], [final])
                steps += n + 2
                q = "How much kinetic energy is lost in " + ("all the collisions together?" if n > 2 else
                                                              "the collision?")
                d, unit, what = ENERGY, "J", "the kinetic energy lost"
        story = (f"On a straight frictionless track, {', '.join(texts[:-1])} and {texts[-1]}.{order or ' '}"
                 f"{how} {q}")
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(" ".join(story.split()) + tail, to_si(value, unit), d, unit, what, steps,
                             any_unit=any_unit)
