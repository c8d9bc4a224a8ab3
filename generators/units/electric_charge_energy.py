"""Charge, current and energy: Q = I t, E = Q V, battery capacities and run times of loads."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import CHARGE, ENERGY, TIME, QuantityTask, show

F = Fraction
UNITS = {"I": ["A", "mA"], "t": ["s", "min", "h"], "V": ["V"], "Q": ["C", "mA*h", "A*h"],
         "P": ["W", "mW", "kW"]}
ASKS = ("charge", "energy_flow", "battery_energy", "run_time", "loads_time", "loads_charge")


@register
class ElectricChargeEnergy(QuantityTask):
    """Charge and energy carried by a current: the charge a current carries in a time (Q = I t),
    the energy it delivers across a voltage (E = Q V), the energy a battery of a given capacity
    (in mAh or Ah) holds, how long it drives a current, and at higher levels how long it runs
    several loads at once, each given by its power (I = P / V, currents add), or the charge those
    loads draw in a time. More loads and mixed units (mA, Ah, minutes, hours, mW, kW) come with
    the levels."""

    name = "units/electric_charge_energy"
    knobs = (
        Knob("ask", [["charge"], ["charge", "energy_flow"], ["energy_flow", "battery_energy"],
                     ["battery_energy", "run_time"], ["run_time"], ["loads_charge"], ["loads_charge", "loads_time"],
                     ["loads_time"], ["loads_time"], ["loads_time"]] + [["loads_charge", "loads_time"]] * 10,
             choices=ASKS, doc="which relation is asked for"),
        Knob("loads", [1, 1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12], (1, 16),
             doc="devices drawing current from the battery at once"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="values in mA, mAh, minutes, hours, mW, kW"),
    )

    def build(self, rng, params):
        ask, mixed = params["ask"], params["mixed_units"]
        steps = 0

        def put(value, kind):
            nonlocal steps
            text, conv = show(rng, value, UNITS[kind], mixed)
            steps += conv
            return text

        current = F(rng.choice([1, 2, 4, 5, 8, 10, 20, 25, 50, 100, 200, 250, 500])) / 1000
        seconds = F(rng.choice([2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600]))
        volts = F(rng.choice([3, 5, 6, 9, 12, 24, 48]))
        capacity = F(rng.choice([500, 1000, 1200, 2000, 2500, 3000, 4000, 5000, 10000])) * F(36, 10)  # mAh in C
        if ask == "charge":
            story = f"A steady current of {put(current, 'I')} flows for {put(seconds, 't')}."
            q, value, d, unit, what = "How much charge passes?", current * seconds, CHARGE, "C", "the charge"
            steps += 1
        elif ask == "energy_flow":
            story = (f"A steady current of {put(current, 'I')} flows for {put(seconds, 't')} through a device "
                     f"with {put(volts, 'V')} across it.")
            q, value, d, unit, what = "How much energy does the device take?", current * seconds * volts, ENERGY, \
                "J", "the energy"
            steps += 2
        elif ask == "battery_energy":
            story = f"A {put(volts, 'V')} battery holds a charge of {put(capacity, 'Q')} when full."
            q, value, d, unit, what = "How much energy can it deliver at that voltage?", capacity * volts, ENERGY, \
                "J", "the energy"
            steps += 2
        elif ask == "run_time":
            story = f"A full battery holds a charge of {put(capacity, 'Q')} and drives a steady {put(current, 'I')}."
            q, value, d, unit, what = "How long does it last?", capacity / current, TIME, "s", "the run time"
            steps += 2
        else:
            n = params["loads"]
            powers = [F(rng.choice([1, 2, 3, 5, 6, 10, 12, 15, 20, 30, 60, 120])) * volts / 100 for _ in range(n)]
            texts = [put(p, "P") for p in powers]
            total = sum(powers) / volts  # each load draws P / V; currents of parallel loads add
            steps += 2 * n
            loads = (f"a device of {texts[0]}" if n == 1 else
                     f"{n} devices at once, connected in parallel, of {', '.join(texts[:-1])} and {texts[-1]}")
            if ask == "loads_charge":
                story = f"A {put(volts, 'V')} battery runs {loads} for {put(seconds, 't')}."
                q, value, d, unit, what = "How much charge does the battery deliver?", total * seconds, CHARGE, "C", \
                    "the charge"
                steps += 1
            else:
                story = f"A full {put(volts, 'V')} battery holding a charge of {put(capacity, 'Q')} runs {loads}."
                q, value, d, unit, what = "How long does the battery last?", capacity / total, TIME, "s", \
                    "the run time"
                steps += 2
            story += " The voltage stays constant until the battery is empty." if ask == "loads_time" else ""
        if d == CHARGE and mixed and rng.random() < 0.5:
            unit = "mC"
        if d == TIME and mixed and rng.random() < 0.5:
            unit = "h"
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
