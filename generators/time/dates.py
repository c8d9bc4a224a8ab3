"""Calendar arithmetic: adding days, weeks, months and years, counting days, finding weekdays."""
from __future__ import annotations

import calendar
import datetime as dt
import re

from procgym import Draft, Knob, Task, register
from procgym.parsing import ParseError, parse_int
from procgym.verdict import right, wrong

KINDS = ("add", "between", "weekday")
UNITS = ("days", "weeks", "months", "years")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DATE = re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})")

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


def _step_text(amount: int, unit: str) -> str:
    word = unit[:-1] if abs(amount) == 1 else unit
    return f"{'add' if amount > 0 else 'subtract'} {abs(amount)} {word}"


def parse_date(text: str) -> dt.date:
    s = text.strip().strip("'\"`").rstrip(".").strip()
    m = _DATE.fullmatch(s)
    if not m:
        raise ParseError("Write the date as YYYY-MM-DD.")
    try:
        return dt.date(*(int(g) for g in m.groups()))
    except ValueError:
        raise ParseError("That is not a valid calendar date.") from None


def parse_weekday(text: str) -> int:
    s = text.strip().strip("'\"`").rstrip(".").strip().lower()
    for i, name in enumerate(WEEKDAYS):
        if s in (name.lower(), name[:3].lower()):
            return i
    raise ParseError("Write the day of the week as a name, e.g. Monday.")


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
                      ["add", "between", "weekday"], ["add", "between", "weekday"], ["add", "between", "weekday"]],
             choices=KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("n_steps", [1, 1, 1, 2, 2, 3, 3, 4, 5, 6], (1, 30), doc="calendar steps in the chain"),
        Knob("units", ["days", "weeks", "months", "months", "years", "years", "years", "years", "years", "years"],
             choices=UNITS, doc="the largest unit a step may use (all smaller ones are allowed too)"),
        Knob("max_days", [10, 20, 40, 60, 100, 200, 365, 500, 1000, 2000], (1, 100_000),
             doc="largest number of days in a day step, and the span of a between question"),
        Knob("subtract", [False, False, True, True, True, True, True, True, True, True],
             doc="whether steps may go backwards"),
        Knob("edge_dates", [0.0, 0.0, 0.3, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7, 0.7], (0.0, 1.0),
             doc="chance the start date is a month end or a leap day"),
        Knob("wide_years", [False, False, False, False, False, False, True, True, True, True],
             doc="years from 1600 to 2400 (century rules matter) instead of 1950 to 2050"),
    )
    answer_format = ("what the question asks for: a date as YYYY-MM-DD, a day of the week such as Monday, "
                     "or a whole number of days")
    example = "2031-07-14"
    FORMATS = {"date": ("a date as YYYY-MM-DD", "2031-07-14"), "weekday": ("a day of the week, such as Monday", "Friday"),
               "days": ("a whole number of days (negative if the second date is earlier)", "-12")}

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
        answer_format, example = self.FORMATS[check["type"]]
        return Draft(question, answer, check, answer_format, example)

    def grade(self, answer, problem):
        c = problem.check
        try:
            if c["type"] == "date":
                ok = parse_date(answer).isoformat() == c["value"]
                return right() if ok else wrong("That is not the resulting date.")
            if c["type"] == "weekday":
                return right() if parse_weekday(answer) == c["value"] else wrong("That is not the right day of the week.")
            text = answer.strip().rstrip(".").strip()
            for suffix in ("days", "day"):
                if text.lower().endswith(suffix):
                    text = text[:-len(suffix)]
                    break
            return right() if parse_int(text) == c["value"] else wrong("That is not the number of days.")
        except ParseError as e:
            return wrong(str(e))
