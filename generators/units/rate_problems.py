"""Rates with units: tanks filled and drained by pipes of mixed flow units, jobs shared by machines."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import TIME, QuantityTask, show, to_si

F = Fraction
FLOW_UNITS = ["L/min", "L/s", "m^3/h", "mL/s", "L/h"]
TIME_UNITS = ["min", "h", "s"]
VOLUME_UNITS = ["L", "m^3", "mL"]
KINDS = ("fill", "job")


@register
class RateProblems(QuantityTask):
    """Rate problems with units. A tank is filled by pipes and emptied by drains whose flow rates
    are in mixed units (L/min, m^3/h, mL/s): how long until it is full, or how much is in it
    after a time; or machines that each finish a job alone in a given time work together: how
    long does the job take? Higher levels add pipes and drains, a tank partly full at the start
    and a pipe opened later (two phases)."""

    name = "units/rate_problems"
    knobs = (
        Knob("kind", ["fill", "job", "fill", "job", "fill", ["fill", "job"], "fill", "fill", "fill", "fill"]
             + ["fill"] * 10, choices=KINDS, doc="a tank with pipes, or machines sharing a job"),
        Knob("inlets", [1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7], (1, 10),
             doc="pipes filling the tank, or machines sharing the job"),
        Knob("drains", [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5], (0, 6),
             doc="pipes emptying the tank"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="rates and volumes in different units"),
        Knob("phases", [False] * 6 + [False, True, True, True] + [True] * 10,
             doc="the tank starts part full and one inlet opens later"),
    )

    def build(self, rng, params):
        mixed, steps = params["mixed_units"], 1
        if params["kind"] == "job":
            n = max(2, params["inlets"])
            hours = [F(rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30])) for _ in range(n)]
            texts = []
            for h in hours:
                text, conv = show(rng, to_si(h, "h"), TIME_UNITS[:2] if mixed else ["h"], mixed)
                texts.append(text)
                steps += conv + 2
            names = [f"machine {c}" for c in "ABCDEFGH"[:n]]
            lines = "; ".join(f"{name} alone would take {t}" for name, t in zip(names, texts))
            story = (f"A job is shared by machines that work at steady rates and do not slow each other down: "
                     f"{lines}.")
            value = to_si(1 / sum(1 / h for h in hours), "h")
            q, what = "How long does the job take with all of them working together?", "the time"
            unit, d = "h", TIME
        else:
            # rates kept in L/min; the net inflow is positive so the tank fills
            inlets = [F(rng.randint(5, 120)) for _ in range(params["inlets"])]
            drains = [F(rng.randint(1, 30)) for _ in range(params["drains"])]
            while sum(drains) >= sum(inlets):  # bounded: each pass halves every drain, so it ends
                drains = [d / 2 for d in drains]
            capacity = F(rng.randint(2, 90) * 100)  # L

            def flow(rate):
                nonlocal steps
                text, conv = show(rng, to_si(rate, "L/min"), FLOW_UNITS, mixed)
                steps += conv + 1
                return text

            cap_text, conv = show(rng, to_si(capacity, "L"), VOLUME_UNITS, mixed)
            steps += conv
            pipes = [f"pipe {i + 1} lets in {flow(r)}" for i, r in enumerate(inlets)]
            outs = [f"drain {i + 1} lets out {flow(r)}" for i, r in enumerate(drains)]
            net = sum(inlets) - sum(drains)
            start = F(0)
            if params["phases"] and len(inlets) > 1:
                start = F(rng.randint(1, 4), 10) * capacity
                delay = F(rng.choice([5, 10, 15, 20, 30]))  # min
                late = inlets[-1]
                net_early = net - late
                start_text, c2 = show(rng, to_si(start, "L"), VOLUME_UNITS, mixed)
                delay_text, c3 = show(rng, to_si(delay, "min"), TIME_UNITS, mixed)
                level = start + net_early * delay
                if 0 < level < capacity:
                    steps += c2 + c3 + 4
                    story_extra = (f" At the start the tank holds {start_text}; pipe {len(inlets)} is opened "
                                   f"{delay_text} after the others.")
                    minutes = delay + (capacity - level) / net
                else:  # the early phase would empty or overfill it: every pipe opens at once
                    steps += c2 + 1
                    story_extra = f" At the start the tank holds {start_text}; every pipe opens at once."
                    minutes = (capacity - start) / net
            else:
                story_extra = " The tank is empty at the start and every pipe opens at once."
                minutes = capacity / net
            listing = "; ".join(pipes + outs)
            story = f"A tank holds {cap_text}. {listing[0].upper()}{listing[1:]}.{story_extra}"
            q, what, unit, d = "How long does it take to fill the tank?", "the time", "min", TIME
            value = to_si(minutes, "min")
        any_unit = mixed and rng.random() < 0.5
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any unit of time."
        return self.quantity(f"{story} {q}{tail}", value, d, unit, what, steps, any_unit=any_unit)
