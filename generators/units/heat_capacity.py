"""Heat: Q = m c dT, heaters of given power, melting ice (latent heat) and mixing water."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import ENERGY, MASS, SPECIFIC_HEAT, TEMPERATURE, TIME, QuantityTask, show

F = Fraction
UNITS = {"m": ["g", "kg"], "c": ["J/(g*K)", "J/(kg*K)", "kJ/(kg*K)"], "Q": ["J", "kJ"], "P": ["W", "kW"],
         "t": ["s", "min"]}
SCENARIOS = ("heat", "temperature", "specific", "heater", "melt", "mix")
STEPS = {"heat": 2, "temperature": 2, "specific": 3, "heater": 4, "melt": 6, "mix": 7}
C_WATER = F(4186, 1000)  # J/(g K), stated in the prompt
L_ICE = F(334)  # J/g, stated in the prompt


@register
class HeatCapacity(QuantityTask):
    """Heat and temperature (Q = m c dT): the heat to warm a body, its temperature rise, its
    specific heat capacity; then a heater of given power (how long), melting ice at 0 degrees
    Celsius and warming the water (latent heat), and hot and cold water mixed (the mass of cold
    water needed for a final temperature); past level 10 a heater warms several bodies together."""

    name = "units/heat_capacity"
    knobs = (
        Knob("scenario", ["heat", "temperature", "specific", ["heat", "specific"], "heater", "heater", "melt",
                          ["melt", "mix"], "mix", "mix"] + ["heater"] * 10,
             choices=SCENARIOS, doc="which chain of formulas the problem needs"),
        Knob("bodies", [1] * 10 + [2, 2, 3, 3, 4, 4, 5, 5, 6, 6], (1, 8), doc="bodies heated together"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in other units"),
    )

    def build(self, rng, params):
        kind, mixed = params["scenario"], params["mixed_units"]
        n = params["bodies"]
        if kind in ("melt", "mix"):
            n = 1  # these scenarios have no solid bodies
        steps = STEPS[kind] + 3 * (n - 1)

        def given(value, units):
            # values are kept in g and J/(g*K); show() takes SI values
            nonlocal steps
            scale = {"m": F(1, 1000), "c": F(1000)}.get(next(k for k, v in UNITS.items() if v is units), F(1))
            text, conv = show(rng, value * scale, units, mixed)
            steps += conv
            return text

        water = f"The specific heat capacity of water is {given(C_WATER, UNITS['c'])}."
        # bodies: (mass in g, c in J/(g K)); the first is the one the simple questions are about
        bodies = [(F(rng.randint(10, 2000)), F(rng.randint(10, 900), 1000)) for _ in range(n)]
        names = [f"block {c}" for c in "ABCDEFGH"[:n]]
        listing = ("; " if n > 1 else "").join(f"{name}: mass {given(m, UNITS['m'])}, specific heat capacity {given(c, UNITS['c'])}"
                            for name, (m, c) in zip(names, bodies))
        capacity = sum(m * c for m, c in bodies)  # J/K
        rise = F(rng.randint(2, 80))
        together = "; they are heated together, always at one temperature" if n > 1 else ""
        solid = f"Solid bodies ({listing})" if n > 1 else f"A solid body ({listing.split(': ', 1)[1]})"
        if kind == "heat":
            story = f"{solid} is warmed by {rise} K{together}, with no losses." if n == 1 else \
                f"{solid} are warmed by {rise} K{together}, with no losses."
            q, value, d, unit, what = "How much heat is needed?", capacity * rise, ENERGY, "J", "the heat"
        elif kind == "temperature":
            heat = capacity * rise
            story = f"{solid} {'receive' if n > 1 else 'receives'} {given(heat, UNITS['Q'])} of heat, with no losses{together}."
            q, value, d, unit, what = "By how much does the temperature rise?", rise, TEMPERATURE, "K", \
                "the temperature rise"
        elif kind == "specific":
            m = bodies[0][0]
            heat = capacity * rise
            others = bodies[1:]
            known = "; ".join(f"mass {given(mm, UNITS['m'])}, specific heat capacity {given(cc, UNITS['c'])}"
                              for mm, cc in others)
            story = (f"A body of mass {given(m, UNITS['m'])}, made of an unknown material,"
                     + (f", is heated together with other bodies ({known})" if others else " is heated")
                     + f"; {given(heat, UNITS['Q'])} of heat raises the temperature by {rise} K, with no losses.")
            q, value, d, unit, what = "What is the specific heat capacity of the unknown material?", bodies[0][1], \
                SPECIFIC_HEAT, "J/(g*K)", "the specific heat capacity"
            value = value * 1000  # J/(g K) to SI J/(kg K)
        elif kind == "heater":
            power = F(rng.choice([50, 100, 200, 250, 400, 500, 800, 1000, 1200, 2000]))
            story = (f"A heater of power {given(power, UNITS['P'])} warms {solid[0].lower()}{solid[1:]} by {rise} K"
                     f"{together}; all its heat goes into {'them' if n > 1 else 'it'}.")
            q, value, d, unit, what = "How long does it take?", capacity * rise / power, TIME, "s", "the time"
        elif kind == "melt":
            ice, final = F(rng.randint(10, 2000)), F(rng.randint(1, 60))
            story = (f"{given(ice, UNITS['m'])} of ice at 0 degrees Celsius is melted and the water warmed to "
                     f"{final} degrees Celsius. Melting ice takes 334 J/g. {water}")
            q, value, d, unit, what = "How much heat is needed?", ice * (L_ICE + C_WATER * final), ENERGY, "J", \
                "the heat"
        else:
            hot, t_hot = F(rng.randint(100, 3000)), F(rng.randint(60, 95))
            t_final = F(rng.randint(30, int(t_hot) - 5))
            t_cold = F(rng.randint(2, int(t_final) - 10))
            story = (f"{given(hot, UNITS['m'])} of water at {t_hot} degrees Celsius is mixed with cold water at "
                     f"{t_cold} degrees Celsius in an insulated flask that takes no heat. {water}")
            q = f"What mass of cold water gives a final temperature of {t_final} degrees Celsius?"
            value, d, unit, what = hot * (t_hot - t_final) / (t_final - t_cold), MASS, "g", "the mass"
        si = {ENERGY: value, TEMPERATURE: value, SPECIFIC_HEAT: value, TIME: value, MASS: value / 1000}[d]
        any_unit = mixed and rng.random() < 0.5 and d != TEMPERATURE
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", si, d, unit, what, steps, any_unit=any_unit)
