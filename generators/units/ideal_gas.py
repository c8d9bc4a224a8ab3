"""The ideal gas law PV = nRT, the combined gas law and Dalton's law, in mixed units."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register
from procgym.kit import number_text

from ._quantities import AMOUNT, MASS, PRESSURE, TEMPERATURE, VOLUME, QuantityTask, show, to_si

F = Fraction
R = F(8314, 1000)  # J/(mol K), stated in the prompt
UNITS = {"P": ["kPa", "Pa", "bar", "atm"], "V": ["L", "mL", "m^3"], "n": ["mol", "mmol"], "m": ["g", "kg"]}
GASES = [("N2", F(28)), ("O2", F(32)), ("CO2", F(44)), ("He", F(4)), ("Ar", F(40)), ("CH4", F(16)),
         ("H2", F(2)), ("Ne", F(20))]
SMOOTH_VOLUMES = (1, 2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 80, 100)
SMOOTH_PRESSURES = (50, 80, 100, 125, 160, 200, 250, 320, 400, 500)
SCENARIOS = ("amount", "pressure", "volume", "temperature", "mass", "combined", "mixture")
STEPS = {"amount": 3, "pressure": 3, "volume": 3, "temperature": 3, "mass": 5, "combined": 5, "mixture": 6}
WHAT = {AMOUNT: ("the amount of gas", "mol"), PRESSURE: ("the pressure", "kPa"), VOLUME: ("the volume", "L"),
        TEMPERATURE: ("the temperature", "K"), MASS: ("the mass of gas", "g")}


@register
class IdealGas(QuantityTask):
    """An ideal gas (PV = nRT, R = 8.314 J/(mol*K)): find the amount, pressure, volume or
    absolute temperature from the others, given in mixed units (kPa, atm, bar, mL, degrees
    Celsius); then the mass of gas from its molar mass, the combined gas law (P1 V1 / T1 =
    P2 V2 / T2) and the total pressure of a mixture of gases given by mass (Dalton's law), with
    more gases past level 10."""

    name = "units/ideal_gas"
    knobs = (
        Knob("scenario", ["amount", "pressure", "volume", ["amount", "temperature"], "mass", "mass", "combined",
                          ["combined", "mixture"], "mixture", "mixture"] + ["mixture"] * 10,
             choices=SCENARIOS, doc="which law and unknown the problem needs"),
        Knob("gases", [2] * 10 + [3, 3, 4, 4, 5, 5, 6, 6, 7, 7], (2, 8), doc="gases in the mixture scenario"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="given values in other units"),
    )

    def build(self, rng, params):
        kind, mixed = params["scenario"], params["mixed_units"]
        steps = STEPS[kind]

        def given(value, key, natural):
            nonlocal steps
            text, conv = show(rng, to_si(value, natural), UNITS[key], mixed)
            steps += conv
            return text

        def temperature(t_c):
            nonlocal steps
            if mixed and rng.random() < 0.6:
                steps += 1
                return f"{t_c} degrees Celsius"
            return f"{number_text(t_c + F(27315, 100))} K"

        r_note = "Use R = 8.314 J/(mol*K) and T(K) = T(degrees Celsius) + 273.15."
        t_c = F(rng.randint(-20, 150))
        kelvin = t_c + F(27315, 100)
        # one volume or pressure is drawn from values with only the factors 2 and 5, so that every
        # given value and the answer are finite decimals
        v = F(rng.choice(SMOOTH_VOLUMES))  # L
        n = F(rng.randint(1, 80), 20)  # mol
        p = n * R * kelvin / v  # kPa (J/L = kPa)
        if kind == "amount":
            story = f"A gas at {given(p, 'P', 'kPa')} and {temperature(t_c)} fills {given(v, 'V', 'L')}."
            value, d, q = n, AMOUNT, "How many moles of gas are there?"
        elif kind == "pressure":
            story = f"{given(n, 'n', 'mol')} of gas at {temperature(t_c)} fills {given(v, 'V', 'L')}."
            value, d, q = to_si(p, "kPa"), PRESSURE, "What is its pressure?"
        elif kind == "volume":
            p = F(rng.choice(SMOOTH_PRESSURES))
            story = f"{given(n, 'n', 'mol')} of gas is at {given(p, 'P', 'kPa')} and {temperature(t_c)}."
            value, d, q = to_si(n * R * kelvin / p, "L"), VOLUME, "What volume does it fill?"
        elif kind == "temperature":
            story = f"{given(n, 'n', 'mol')} of gas at {given(p, 'P', 'kPa')} fills {given(v, 'V', 'L')}."
            value, d, q = kelvin, TEMPERATURE, "What is its absolute temperature?"
        elif kind == "mass":
            name, molar = rng.choice(GASES)
            story = (f"A cylinder of {given(v, 'V', 'L')} holds {name} (molar mass {molar} g/mol) at "
                     f"{given(p, 'P', 'kPa')} and {temperature(t_c)}.")
            value, d, q = to_si(n * molar, "g"), MASS, "What mass of gas does it hold?"
        elif kind == "combined":
            t2_c = F(rng.randint(-20, 150))
            v2 = F(rng.choice(SMOOTH_VOLUMES))
            story = (f"A fixed amount of gas at {given(p, 'P', 'kPa')}, {temperature(t_c)} fills "
                     f"{given(v, 'V', 'L')}. It is brought to {temperature(t2_c)} in a volume of "
                     f"{given(v2, 'V', 'L')}.")
            value = to_si(p * v * (t2_c + F(27315, 100)) / (kelvin * v2), "kPa")
            d, q = PRESSURE, "What is its new pressure?"
            r_note = "T(K) = T(degrees Celsius) + 273.15."
        else:
            gases = rng.sample(GASES, params["gases"])
            moles = [F(rng.randint(1, 40), 20) for _ in gases]
            listing = ", ".join(f"{given(k * molar, 'm', 'g')} of {name} ({molar} g/mol)"
                                for k, (name, molar) in zip(moles, gases))
            steps += 2 * len(gases)
            story = f"A {given(v, 'V', 'L')} vessel at {temperature(t_c)} holds a mixture of {listing}."
            value, d, q = to_si(sum(moles) * R * kelvin / v, "kPa"), PRESSURE, "What is the total pressure?"
        what, unit = WHAT[d]
        any_unit = mixed and d != TEMPERATURE and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        draft = self.quantity(f"{story} {r_note} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
        draft.check["absolute"] = d == TEMPERATURE
        return draft
