"""Date-time arithmetic: chains of durations added to or subtracted from a date and time (across
midnight, month ends and leap days), and the elapsed time between two date-times."""
from __future__ import annotations

import datetime as dt
import re

from procgym import Draft, Knob, Task, register

from procgym.kit import grade_int

from ._clock import datetime_text, grade_datetime, without_unit

UNITS = ("minutes", "hours", "days", "weeks")
# what effort() reads back from a prompt: the start, each step and the parts of its duration
_DATETIME_TEXT = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?")
_DURATION_STEP = re.compile(r"\b(add|subtract) ((?:\d+ (?:week|day|hour|minute|second)s? ?)+)", re.IGNORECASE)
_DURATION_PART = re.compile(r"(\d+) (week|day|hour|minute|second)s?")
DT_KINDS = ("add", "between")


def duration_text(parts: dict[str, int]) -> str:
    """{"days": 2, "hours": 5} -> "2 days 5 hours" (largest unit first, zero parts left out)."""
    order = ("weeks", "days", "hours", "minutes", "seconds")
    words = []
    for unit in order:
        n = parts.get(unit, 0)
        if n:
            words.append(f"{n} {unit[:-1] if n == 1 else unit}")
    return " ".join(words)


@register
class DateTimeAdd(Task):
    """Add and subtract durations (weeks, days, hours, minutes, and seconds at the top levels) to a
    date and time, step by step, crossing midnight, month ends, year ends and February 29; or give
    the elapsed minutes between a start and the end of such a chain. Higher levels chain more
    steps, mix units within one step, subtract, start near month and year ends in leap years, and
    add seconds. Python's datetime is the reference."""

    name = "time/datetime_add"
    knobs = (
        Knob("kinds", ["add", "add", "add", ["add", "between"], ["add", "between"], ["add", "between"],
                       ["add", "between"], ["add", "between"], ["add", "between"], ["add", "between"]]
             + [["add", "between"]] * 10, choices=DT_KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("n_steps", [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (1, 20),
             doc="durations in the chain"),
        Knob("units_per_step", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5], (1, 5),
             doc="units mixed inside one duration (seconds make a fifth)"),
        Knob("subtract", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether steps may go backwards"),
        Knob("edge_start", [0.0, 0.2, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7, 0.7, 0.8, 0.8, 0.8, 0.85, 0.85, 0.85, 0.9, 0.9,
                            0.9, 0.9, 0.9], (0.0, 1.0),
             doc="chance the start is late on a month's last day (often February in a leap year)"),
        Knob("seconds", [False, False, False, False, False, False, False, False, True, True] + [True] * 10,
             doc="whether durations and times carry seconds"),
    )
    answer_format = "a date and time as YYYY-MM-DD HH:MM (24-hour clock)"
    # starts are in 1990-2040 and no chain of durations (at most 20 steps of under 100 days) leaves
    # 1984-2046: a date and time in 2099 is never the answer
    example = "2099-07-14 06:45"
    # a count of minutes or seconds may be any number, of either sign: each problem draws its
    # example, last of all its draws, from this list less its answer (so it tells only that)
    ELAPSED_EXAMPLES = ("1445", "-95", "2880", "610", "-1500")

    def _start(self, rng, params) -> dt.datetime:
        year = rng.randint(1990, 2040)
        if rng.random() < params["edge_start"]:
            if rng.random() < 0.5:
                year -= year % 4  # a leap year (1990-2040 has no century exception but 2000, which is leap)
                day = dt.date(year, 3, 1) - dt.timedelta(days=1)
            else:
                month = rng.randint(1, 12)
                day = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1))
            base = dt.datetime(day.year, day.month, day.day, rng.randint(18, 23), rng.randrange(0, 60, 5))
        else:
            base = dt.datetime(year, rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randrange(0, 60, 5))
        if params["seconds"]:
            base += dt.timedelta(seconds=rng.randint(1, 59))
        return base

    def _step(self, rng, params) -> tuple[int, dict[str, int]]:
        units = list(UNITS) + (["seconds"] if params["seconds"] else [])
        chosen = rng.sample(units, min(params["units_per_step"], len(units)))
        limits = {"weeks": 8, "days": 40, "hours": 50, "minutes": 170, "seconds": 200}
        parts = {u: rng.randint(1, limits[u]) for u in chosen}
        sign = -1 if params["subtract"] and rng.random() < 0.35 else 1
        return sign, parts

    def build(self, rng, params):
        start = self._start(rng, params)
        steps = [self._step(rng, params) for _ in range(params["n_steps"])]
        t = start
        for sign, parts in steps:
            t += sign * dt.timedelta(**parts)
        secs = params["seconds"]
        chain = "; then ".join(f"{'add' if s > 0 else 'subtract'} {duration_text(p)}" for s, p in steps)
        start_text = datetime_text(start, secs)
        rule = ("Times are on the 24-hour clock with no daylight-saving changes; use the Gregorian calendar (2000 "
                "was a leap year). A day is exactly 24 hours and a week 7 days.")
        if params["kinds"] == "add":
            question = (f"{rule}\nStart at {start_text}. {chain[0].upper()}{chain[1:]}. What date and time do you "
                        "reach?")
            fmt = "a date and time as YYYY-MM-DD HH:MM:SS (24-hour clock)" if secs else None
            example = "2099-07-14 06:45:09" if secs else None
            return Draft(question, datetime_text(t, secs), {"datetime": datetime_text(t, secs), "seconds": secs},
                         fmt, example)
        elapsed = t - start
        unit, per = ("seconds", 1) if secs else ("minutes", 60)
        value = int(elapsed.total_seconds()) // per
        question = (f"{rule}\nA timer starts at {start_text}. Let T be the moment reached from {start_text} by these "
                    f"steps: {chain}.\nHow many {unit} pass from {start_text} to T? If T is earlier, give a negative "
                    "number.")
        examples = [e for e in self.ELAPSED_EXAMPLES if e != str(value)]
        return Draft(question, str(value), {"count": value, "unit": unit}, f"a whole number of {unit}",
                     examples[rng.randrange(len(examples))])

    def effort(self, problem):
        """One addition per unit in each duration; reaching a date and time also walks the
        calendar (one more per month boundary a step crosses), while an elapsed time only sums
        the durations and converts the total once."""
        question = problem.prompt
        start = _DATETIME_TEXT.search(question).group(0)
        t = dt.datetime.fromisoformat(start)
        work = 0
        for verb, parts in _DURATION_STEP.findall(question):
            sign = 1 if verb.lower() == "add" else -1
            amounts = {unit + "s": int(n) for n, unit in _DURATION_PART.findall(parts)}
            after = t + sign * dt.timedelta(**amounts)
            work += len(amounts)
            if "count" not in problem.check:
                work += abs((12 * after.year + after.month) - (12 * t.year + t.month))
            t = after
        return work + ("count" in problem.check)

    def grade(self, answer, problem):
        c = problem.check
        if "count" in c:
            units = (c["unit"], c["unit"][:-1]) + (("mins", "min") if c["unit"] == "minutes" else ("secs", "sec", "s"))
            return grade_int(without_unit(answer, units), c["count"], f"the number of {c['unit']}")
        return grade_datetime(answer, c["datetime"], c["seconds"], "the resulting date and time")
