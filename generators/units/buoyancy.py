"""Archimedes' principle: buoyant force, apparent weight, floating depth, density by weighing, rafts."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import DENSITY, FORCE, LENGTH, MASS, QuantityTask, amount_text, show

F = Fraction
UNITS = {"m": ["kg", "g"], "V": ["m^3", "L", "cm^3"], "rho": ["kg/m^3", "g/cm^3"], "x": ["m", "cm"],
         "W": ["N"]}
MODES = ("buoyant_force", "floating_depth", "apparent_weight", "density_by_weighing", "raft_capacity",
         "loaded_raft")
FLUIDS = [("fresh water", F(1000)), ("sea water", F(1025)), ("glycerine", F(1260)), ("oil", F(800))]
SOLIDS = [("aluminium", F(2700)), ("iron", F(7800)), ("copper", F(8960)), ("granite", F(2750)),
          ("glass", F(2500)), ("lead", F(11300))]
WOODS = [("pine", F(500)), ("oak", F(750)), ("balsa", F(160)), ("cork", F(240)), ("plastic foam", F(50))]


@register
class Buoyancy(QuantityTask):
    """Objects in a fluid, by Archimedes' principle (g stated). Find the buoyant force on a
    submerged body, how deep a floating block sits, a density from the mass and the weight
    under water, the apparent weight of a sunken solid, the largest load a raft can carry before it
    sinks, and (levels 10-20) how deep a raft sits under a cargo of 2 to 12 loads. Mixed units
    (g, L, cm^3, g/cm^3, cm) from level 3."""

    name = "units/buoyancy"
    knobs = (
        Knob("mode", ["buoyant_force", "buoyant_force", "floating_depth", "density_by_weighing", "density_by_weighing",
                      "apparent_weight", "apparent_weight", "raft_capacity", "raft_capacity",
                      "loaded_raft"] + ["loaded_raft"] * 10, choices=MODES, doc="what is asked"),
        Knob("loads", [2] * 10 + [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (2, 12), doc="loads on the raft"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in other units"),
    )

    def build(self, rng, params):
        mode, mixed = params["mode"], params["mixed_units"]
        g = rng.choice([F(10), F(98, 10)])
        steps = 0

        def given(value, key):
            nonlocal steps
            text, conv = show(rng, value, UNITS[key], mixed)
            steps += conv
            return text

        fluid, rho_f = rng.choice(FLUIDS)  # every quantity below is worked in SI units (m, kg, N)
        setting = f"Take g = {amount_text(g, 'm/s^2')}."
        fluid_note = f"The density of {fluid} is {given(rho_f, 'rho')}."
        if mode == "buoyant_force":
            vol = F(rng.randint(1, 200), 1000)  # 1 L to 200 L
            story = f"A sealed box of volume {given(vol, 'V')} is held completely under {fluid}. {fluid_note}"
            q, value, d, unit, what = "What buoyant force acts on it?", rho_f * vol * g, FORCE, "N", "the buoyant force"
            steps += 2  # displaced mass, its weight
        elif mode == "floating_depth":
            wood, rho = rng.choice(WOODS)
            height = F(rng.randint(2, 60), 100)
            story = (f"A block of {wood} (density {given(rho, 'rho')}), {given(height, 'x')} tall, floats upright "
                     f"in {fluid} with its top face level. {fluid_note}")
            q, value, d, unit, what = ("How deep below the surface is its bottom face?", height * rho / rho_f, LENGTH,
                                       "cm", "the depth")
            steps += 3  # weight = buoyancy, the submerged fraction, the depth
        elif mode == "apparent_weight":
            solid, rho = rng.choice(SOLIDS)
            mass = F(rng.randint(1, 100), rng.choice([1, 2, 4, 10]))
            story = (f"A solid piece of {solid} (density {given(rho, 'rho')}) of mass {given(mass, 'm')} hangs from a "
                     f"spring scale, fully under {fluid}. {fluid_note}")
            q, value, d, unit, what = ("What does the scale read?", mass * g * (1 - rho_f / rho), FORCE, "N",
                                       "the scale reading")
            steps += 4  # weight, volume, buoyant force, difference
        elif mode == "density_by_weighing":
            solid, rho = rng.choice(SOLIDS)
            vol = F(rng.randint(1, 40), 10000)
            mass = rho * vol
            in_fluid = (mass - rho_f * vol) * g
            story = (f"A stone of mass {given(mass, 'm')} weighs {amount_text(in_fluid, 'N')} on a spring scale when "
                     f"hanging fully under {fluid}. {fluid_note}")
            q, value, d, unit, what = "What is the density of the stone?", rho, DENSITY, "kg/m^3", "the density"
            steps += 4  # weight in air, the weight lost, volume, density
        else:
            # a loaded raft is light enough to carry at least 13 kg (one per load and more), so the
            # loads below stay whole positive masses
            wood, rho = rng.choice(WOODS if mode == "raft_capacity" else [w for w in WOODS if w[1] <= 500])
            side, width = F(rng.randint(10, 40), 10), F(rng.randint(5, 30), 10)
            depth = F(rng.randint(10, 60), 100)
            shape = (f"A raft is a solid slab of {wood} (density {given(rho, 'rho')}), {given(side, 'x')} long, "
                     f"{given(width, 'x')} wide and {given(depth, 'x')} thick, floating on {fluid}. {fluid_note}")
            area = side * width
            if mode == "raft_capacity":
                q, value, d, unit, what = ("What is the largest mass it can carry without sinking under?",
                                           (rho_f - rho) * area * depth, MASS, "kg", "the largest load")
                steps += 4  # volume, raft mass, the most it can displace, the difference
                story = shape
            else:
                n = params["loads"]
                cap = (rho_f - rho) * area * depth
                # loads that together sink it partway, so it still floats
                masses = [F(rng.randint(1, 200)) for _ in range(n)]
                scale = cap / sum(masses) * F(rng.randint(2, 9), 10)
                masses = [max(F(1), F(round(m * scale))) for m in masses]
                while sum(masses) >= cap:  # bounded: rounding up by at most n kg is undone within n steps
                    masses[masses.index(max(masses))] -= 1
                items = ", ".join(given(m, "m") for m in masses)
                story = f"{shape} Loads of {items} are placed on it, spread evenly."
                q, value, d, unit, what = ("How deep below the surface does its bottom face sit?",
                                           (rho * area * depth + sum(masses)) / (rho_f * area), LENGTH, "cm",
                                           "the depth")
                steps += 3 + n  # area and raft mass, each load added, the displaced volume over the area
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {setting} {q}{tail}", value, d, unit, what, steps,  # value is in SI units
                             any_unit=any_unit)
