"""Calendar arithmetic: adding days, weeks, months and years, counting days, finding weekdays."""
from __future__ import annotations

import calendar
import datetime as dt
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._dates import read_date
from ._calendar import WEEKDAYS, read_weekday
from ._clock import without_unit

KINDS = ("add", "between", "weekday")
UNITS = ("days", "weeks", "months", "years")

RULES = ("Use the Gregorian calendar for every date: a year is a leap year if it is divisible by 4, except that years divisible "
         "by 100 are not, unless they are also divisible by 400 (2000 was a leap year, 1900 was not). Adding or "
         "subtracting months or years keeps the day of the month; when that day does not exist in the resulting "
         "month, use the last day of that month instead (2023-01-31 plus 1 month is 2023-02-28, and 2024-02-29 "
         "plus 1 year is 2025-02-28). Steps are applied one at a time, in order, each to the previous result.")


def add_months(d: dt.date, months: int) -> dt.date:
    """`d` moved by a number of months, the day clamped to the last day of the target month."""
    index = d.year * 12 + (d.month - 1) + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return dt.date(year, month + 1, min(d.day, last))


def apply_step(d: dt.date, amount: int, unit: str) -> dt.date:
    if unit == "days":
        return d + dt.timedelta(days=amount)
    if unit == "weeks":
        return d + dt.timedelta(weeks=amount)
    if unit == "months":
        return add_months(d, amount)
    return add_months(d, 12 * amount)


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_STEP = re.compile(r"\b(add|subtract) (\d+) (day|week|month|year)s?\b", re.IGNORECASE)


def _walk(a: dt.date, b: dt.date) -> int:
    """Whole years plus the further months between two dates: the stops of a walk along the calendar."""
    months = abs((12 * b.year + b.month) - (12 * a.year + a.month))
    return months // 12 + months % 12


def _step_text(amount: int, unit: str) -> str:
    word = unit[:-1] if abs(amount) == 1 else unit
    return f"{'add' if amount > 0 else 'subtract'} {abs(amount)} {word}"


@register
class DateArithmetic(Task):
    """Calendar arithmetic with Python's datetime as the reference. Kinds: add (apply a chain of
    steps in days, weeks, months or years to a date and give the resulting date), between (the
    signed number of days from one date to another, the second given outright or as steps from
    the first) and weekday (given one date's weekday, find another's). Month and year steps clamp
    to the last day of the month, which the prompt states; since each step clamps, order matters.
    Higher levels add steps, larger amounts, months and years (not just days), subtraction,
    start dates on month ends and leap days, and years across 1600-2400 where century years
    (1700, 1800, 1900, 2100) are not leap years."""

    name = "time/date_arithmetic"
    knobs = (
        Knob("kind", ["add", ["add", "weekday"], ["add", "between", "weekday"], ["add", "between", "weekday"],
                      ["add", "between", "weekday"], ["add", "between", "weekday"], ["add", "between", "weekday"],
                      ["add", "between", "weekday"], ["add", "between", "weekday"], ["add", "between", "weekday"]]
             + [list(KINDS)] * 10, choices=KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("n_steps", [1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (1, 30),
             doc="calendar steps in the chain"),
        Knob("units", ["days", "weeks", "months", "months", "years", "years", "years", "years", "years", "years"]
             + ["years"] * 10, choices=UNITS, doc="the largest unit a step may use (all smaller ones are allowed too)"),
        Knob("max_days", [10, 20, 40, 60, 100, 200, 365, 500, 1000, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500,
                          6000, 7000, 8000], (1, 100_000),
             doc="largest number of days in a day step, and the span of a between question"),
        Knob("subtract", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether steps may go backwards"),
        Knob("edge_dates", [0.0, 0.0, 0.3, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7, 0.7, 0.7, 0.75, 0.75, 0.75, 0.8, 0.8, 0.8,
                            0.8, 0.8, 0.8], (0.0, 1.0),
             doc="chance the start date is a month end or a leap day"),
        Knob("wide_years", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="years from 1600 to 2400 (century rules matter) instead of 1950 to 2050"),
    )
    answer_format = ("what the question asks for: a date as YYYY-MM-DD, a day of the week such as Monday, "
                     "or a whole number of days")
    example = "2031-07-14"
    FORMATS = {"date": "a date as YYYY-MM-DD", "weekday": "a day of the week, such as Monday",
               "days": "a whole number of days (negative if the second date is earlier)"}
    # Any date (steps reach most of the calendar), weekday or signed count may be an answer, so no
    # example is wrong for every problem: each problem draws its example, last of all its draws,
    # from its kind's list less its own answer, and the example tells only that it is not the answer.
    EXAMPLES = {"date": ("2031-07-14", "1987-03-02", "2104-11-23", "1999-12-31", "2046-05-09"),
                "weekday": WEEKDAYS,
                "days": ("-12", "45", "-310", "127", "1096")}

    def _start(self, rng, params) -> dt.date:
        lo, hi = (1600, 2399) if params["wide_years"] else (1950, 2049)
        if params["wide_years"] and rng.random() < 0.4:  # near a century year
            year = rng.choice([1700, 1800, 1900, 2000, 2100, 2200, 2300]) + rng.randint(-1, 1)
        else:
            year = rng.randint(lo, hi)
        if rng.random() < params["edge_dates"]:
            if rng.random() < 0.4:
                year = year - year % 4  # a year divisible by 4, leap or (for centuries) not
                return dt.date(year, 2, calendar.monthrange(year, 2)[1])
            month = rng.randint(1, 12)
            return dt.date(year, month, calendar.monthrange(year, month)[1])
        return dt.date(year, rng.randint(1, 12), rng.randint(1, 28))

    def _steps(self, rng, params) -> list[tuple[int, str]]:
        units = UNITS[:UNITS.index(params["units"]) + 1]
        steps = []
        for _ in range(params["n_steps"]):
            unit = rng.choice(units)
            if unit == "days":
                amount = rng.randint(1, params["max_days"])
            elif unit == "weeks":
                amount = rng.randint(1, max(1, params["max_days"] // 7))
            elif unit == "months":
                amount = rng.randint(1, max(1, min(60, params["max_days"] // 10)))
            else:
                amount = rng.randint(1, max(1, min(30, params["max_days"] // 60)))
            if params["subtract"] and rng.random() < 0.4:
                amount = -amount
            steps.append((amount, unit))
        return steps

    def build(self, rng, params):
        for _attempt in range(100):
            start = self._start(rng, params)
            steps = self._steps(rng, params)
            try:
                end = start
                for amount, unit in steps:
                    end = apply_step(end, amount, unit)
            except (OverflowError, ValueError):  # left the range datetime supports: draw again
                continue
            break
        else:
            raise ValueError("could not draw a date chain inside the supported years; lower max_days or n_steps")
        chain = "; then ".join(_step_text(a, u) for a, u in steps)
        kind = params["kind"]
        if kind == "add":
            question = f"{RULES}\n\nStart from {start.isoformat()}. {chain[0].upper()}{chain[1:]}. What is the resulting date?"
            check = {"type": "date", "value": end.isoformat()}
            answer = end.isoformat()
        elif kind == "between":
            if params["n_steps"] == 1:
                end = start + dt.timedelta(days=rng.randint(1, params["max_days"]) * (
                    -1 if params["subtract"] and rng.random() < 0.3 else 1))
                target = f"{end.isoformat()}"
                intro = ""
            else:
                target = "D"
                intro = f"Let D be the date obtained from {start.isoformat()} by these steps: {chain}.\n"
            question = (f"{RULES}\n\n{intro}How many days are there from {start.isoformat()} to {target}? Give the "
                        "difference (later date minus earlier date counts as positive, so from 2024-03-01 to "
                        "2024-03-03 is 2); if the second date is before the first, give a negative number.")
            days = (end - start).days
            check = {"type": "days", "value": days}
            answer = str(days)
        else:
            if params["n_steps"] == 1:
                question_date = end.isoformat()
                intro = ""
            else:
                question_date = "D"
                intro = f"Let D be the date obtained from {start.isoformat()} by these steps: {chain}.\n"
            question = (f"{RULES}\n\n{start.isoformat()} is a {WEEKDAYS[start.weekday()]}. {intro}"
                        f"What day of the week is {question_date}?")
            check = {"type": "weekday", "value": end.weekday()}
            answer = WEEKDAYS[end.weekday()]
        examples = [e for e in self.EXAMPLES[check["type"]] if e != answer]
        return Draft(question, answer, check, self.FORMATS[check["type"]], examples[rng.randrange(len(examples))])

    def effort(self, problem):
        """Calendar work: a month or year step is one move plus the end-of-month check; a day or
        week step walks the calendar (one unit per whole year and per further month it crosses,
        where month lengths and leap days are looked up); a count of days or a weekday walks from
        the start to the end the same way."""
        question = problem.prompt.split(RULES, 1)[-1]
        dates = [dt.date.fromisoformat(d) for d in _ISO_DATE.findall(question)]
        steps = [(int(n) * (1 if verb.lower() == "add" else -1), unit + "s")
                 for verb, n, unit in _STEP.findall(question)]
        start = end = dates[0]
        work = 0
        for amount, unit in steps:
            after = apply_step(end, amount, unit)
            work += 2 if unit in ("months", "years") else 1 + _walk(end, after)
            end = after
        if not steps:  # the second date is given outright
            end = dates[1] if len(dates) > 1 else start
        if problem.check["type"] != "date":
            work += 1 + _walk(start, end)
        return work

    def grade(self, answer, problem):
        c = problem.check
        if c["type"] == "days":
            return grade_int(without_unit(answer, ("days", "day")), c["value"], "the number of days")
        try:
            if c["type"] == "date":
                ok = read_date(answer).isoformat() == c["value"]
                return right() if ok else wrong("That is not the resulting date.")
            ok = read_weekday(answer) == c["value"]
            return right() if ok else wrong("That is not the right day of the week.")
        except ParseError as exc:
            return refused(exc)
