"""Waves: v = f * lambda and T = 1 / f, with unit prefixes, and travel times through layered media."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import FREQUENCY, LENGTH, TIME, QuantityTask, show

F = Fraction
UNITS = {"f": ["Hz", "kHz", "MHz"], "lam": ["m", "cm", "mm", "km"], "v": ["m/s", "km/s", "cm/s"],
         "d": ["m", "km", "cm"], "T": ["s", "ms", "us"]}
ASKS = ("wavelength", "frequency", "period", "new_wavelength", "layers")


@register
class WaveFrequency(QuantityTask):
    """A wave of known speed, frequency, wavelength or period: find another of them (v = f lambda,
    T = 1 / f). Then a wave passing into a second medium (the frequency stays, the speed changes,
    so the wavelength does), and at higher levels a pulse crossing several layers, each given by
    its thickness and the wavelength the wave has in it, so that each layer's speed comes from
    v = f lambda before its crossing time; more layers and mixed prefixes (kHz, MHz, mm, km, ms,
    us) come with the levels."""

    name = "units/wave_frequency"
    knobs = (
        Knob("ask", [["wavelength"], ["wavelength", "frequency"], ["frequency", "period"], ["period", "new_wavelength"],
                     ["new_wavelength"], ["layers"], ["layers"], ["layers"], ["layers"], ["layers"]] + [["layers"]] * 10,
             choices=ASKS, doc="which relation is asked for"),
        Knob("layers", [1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11], (1, 12),
             doc="layers of different media the wave crosses"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="values with unit prefixes"),
    )

    def build(self, rng, params):
        ask, mixed = params["ask"], params["mixed_units"]
        steps = 0

        def put(value, kind):
            nonlocal steps
            text, conv = show(rng, value, UNITS[kind], mixed)
            steps += conv
            return text

        freq = F(rng.choice([50, 100, 200, 250, 400, 500, 1000, 2000, 2500, 4000, 5000, 10000]))
        lam = F(rng.choice([1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 125, 200])) / 100
        speed = freq * lam
        if ask == "wavelength":
            story = f"A wave travels at {put(speed, 'v')} with a frequency of {put(freq, 'f')}."
            q, value, d, unit, what = "What is its wavelength?", lam, LENGTH, "m", "the wavelength"
            steps += 1
        elif ask == "frequency":
            story = f"A wave travels at {put(speed, 'v')} and its wavelength is {put(lam, 'lam')}."
            q, value, d, unit, what = "What is its frequency?", freq, FREQUENCY, "Hz", "the frequency"
            steps += 1
        elif ask == "period":
            story = f"A wave travels at {put(speed, 'v')} and its wavelength is {put(lam, 'lam')}."
            q, value, d, unit, what = "What is its period?", 1 / freq, TIME, "s", "the period"
            steps += 2
        elif ask == "new_wavelength":
            speed2 = speed * F(rng.choice([1, 2, 3, 4, 5, 6, 8])) / rng.choice([2, 4, 5])
            story = (f"A wave of wavelength {put(lam, 'lam')} travels at {put(speed, 'v')} in one medium, then "
                     f"passes into a second medium where it travels at {put(speed2, 'v')}.")
            q, value, d, unit, what = "What is its wavelength in the second medium?", lam * speed2 / speed, LENGTH, \
                "m", "the wavelength in the second medium"
            steps += 3
        else:
            n = params["layers"]
            lams = [lam * F(rng.choice([1, 2, 3, 4, 5, 6, 8])) / rng.choice([1, 2, 4]) for _ in range(n)]
            thick = [F(rng.choice([1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 50])) * rng.choice([1, 10, 100]) for _ in
                     range(n)]
            value = sum(t / (freq * wl) for t, wl in zip(thick, lams))  # each layer: v = f lambda, then t = d / v
            steps += 3 * n + 1
            parts = [f"layer {i + 1} is {put(t, 'd')} thick and the wavelength in it is {put(wl, 'lam')}"
                     for i, (t, wl) in enumerate(zip(thick, lams))]
            listing = parts[0] if n == 1 else "; ".join(parts[:-1]) + "; and " + parts[-1]
            crossing = f"crosses {n} layers of different media, one after another," if n > 1 else "crosses one layer,"
            story = (f"A pulse of frequency {put(freq, 'f')} {crossing} straight through: {listing}. The frequency "
                     f"is the same in every layer.")
            q, value, d, unit, what = "How long does the pulse take to cross " + \
                ("all the layers?" if n > 1 else "the layer?"), value, TIME, "s", "the crossing time"
        if d == TIME and mixed and rng.random() < 0.5:
            unit = "ms"
        if d == LENGTH and mixed and rng.random() < 0.5:
            unit = "cm"
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any suitable unit."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
