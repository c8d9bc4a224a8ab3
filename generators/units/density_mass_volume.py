"""Density, mass and volume: rho = m / V with mixed units, box volumes and composite objects."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import DENSITY, MASS, VOLUME, QuantityTask, show, to_si

F = Fraction
UNITS = {"rho": ["g/cm^3", "kg/m^3", "g/mL", "kg/L"], "m": ["g", "kg", "mg"], "V": ["cm^3", "mL", "L", "m^3"],
         "side": ["cm", "mm", "m"]}
DISTRACTORS = ["It was bought for {} dollars.", "The room is at {} degrees Celsius.",
               "It has been painted {} times.", "It sits on a shelf {} cm high."]


@register
class DensityMassVolume(QuantityTask):
    """Density, mass and volume (rho = m / V): find one from the other two, in mixed units.
    Higher levels give a block's volume by its edge lengths, build an object from several
    parts of different materials (find its total mass or its mean density) and add facts that
    do not matter."""

    name = "units/density_mass_volume"
    knobs = (
        Knob("parts", [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (1, 8),
             doc="parts of different materials in the object"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in different units"),
        Knob("blocks", [False, False, False, True] + [True] * 16, doc="volumes given as edge lengths of a block"),
        Knob("distractors", [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3], (0, 4),
             doc="facts given that the answer does not need"),
    )

    def build(self, rng, params):
        mixed, steps = params["mixed_units"], 1

        def volume_text(volume_cm3=None):
            nonlocal steps
            if params["blocks"] and rng.random() < 0.6:
                sides = [F(rng.randint(1, 30)) for _ in range(3)]
                texts = []
                for side in sides:
                    text, conv = show(rng, to_si(side, "cm"), UNITS["side"], mixed)
                    texts.append(text)
                    steps += conv
                steps += 2
                return sides[0] * sides[1] * sides[2], f"a block measuring {' by '.join(texts)}"
            volume = F(rng.randint(2, 500)) if volume_cm3 is None else volume_cm3
            text, conv = show(rng, to_si(volume, "cm^3"), UNITS["V"], mixed)
            steps += conv
            return volume, f"a volume of {text}"

        if params["parts"] == 1:
            rho = F(rng.randint(5, 120), 10)  # g/cm^3
            asked = rng.choice(["rho", "m", "V"])
            if asked == "V":
                volume = F(rng.randint(2, 500))
                m_text, c1 = show(rng, to_si(rho * volume, "g"), UNITS["m"], mixed)
                r_text, c2 = show(rng, to_si(rho, "g/cm^3"), UNITS["rho"], mixed)
                steps += c1 + c2
                story = f"An object has a mass of {m_text} and is made of a material of density {r_text}."
                question, value, d, unit, what = "What is its volume?", to_si(volume, "cm^3"), VOLUME, "cm^3", "the volume"
            else:
                volume, v_text = volume_text()
                if asked == "m":
                    r_text, conv = show(rng, to_si(rho, "g/cm^3"), UNITS["rho"], mixed)
                    story = f"An object is {v_text} of a material of density {r_text}."
                    question, value, d, unit, what = "What is its mass?", to_si(rho * volume, "g"), MASS, "g", "the mass"
                else:
                    r_text, conv = show(rng, to_si(rho * volume, "g"), UNITS["m"], mixed)
                    story = f"An object is {v_text} and has a mass of {r_text}."
                    question, value, d, unit, what = ("What is the density of its material?", to_si(rho, "g/cm^3"),
                                                      DENSITY, "g/cm^3", "the density")
                steps += conv
        else:
            names = [f"part {c}" for c in "ABCDEFGH"[:params["parts"]]]
            mass = vol = F(0)
            lines = []
            for name in names:
                rho = F(rng.randint(5, 120), 10)
                r_text, conv = show(rng, to_si(rho, "g/cm^3"), UNITS["rho"], mixed)
                steps += conv + 2
                if rng.random() < 0.5:
                    volume, v_text = volume_text()
                    lines.append(f"- {name} (density {r_text}): {v_text}")
                else:
                    volume = F(rng.randint(2, 500))
                    m_text, c = show(rng, to_si(rho * volume, "g"), UNITS["m"], mixed)
                    steps += c
                    lines.append(f"- {name} (density {r_text}): a mass of {m_text}")
                mass, vol = mass + rho * volume, vol + volume
            story = "An object is made of these parts, with no gaps between them:\n" + "\n".join(lines) + "\n"
            if rng.random() < 0.5:
                question, value, d, unit, what = "What is the total mass of the object?", to_si(mass, "g"), MASS, "g", \
                    "the total mass"
            else:
                question, value, d, unit, what = ("What is the mean density of the object (its total mass over its "
                                                  "total volume)?", to_si(mass / vol, "g/cm^3"), DENSITY, "g/cm^3",
                                                  "the mean density")
                steps += 2
        noise = " ".join(e.format(rng.randint(2, 90)) for e in rng.sample(DISTRACTORS, params["distractors"]))
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        text = f"{story} {noise}".replace("\n ", "\n").strip()
        return self.quantity(f"{text} {question}{tail}", value, d, unit, what, steps + params["distractors"],
                             any_unit=any_unit)
