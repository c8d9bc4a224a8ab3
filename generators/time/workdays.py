"""Working days: count the working days in a date range, or find the date a number of working
days after a start, skipping weekends and holidays (with observed-holiday rules at higher levels)."""
from __future__ import annotations

import datetime as dt
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._dates import read_date
from ._calendar import WEEKDAYS
from ._clock import without_unit

WEEKENDS = {"sat_sun": (5, 6), "fri_sat": (4, 5), "sun_only": (6,), "fri_sat_sun": (4, 5, 6)}
WORK_KINDS = ("count", "add")
# what effort() reads back from a prompt
_FIRST_DATE = re.compile(r"Use the Gregorian calendar\. (\d{4}-\d{2}-\d{2}) is a")
_COUNT_RANGE = re.compile(r"from \d{4}-\d{2}-\d{2} to (\d{4}-\d{2}-\d{2}), both dates included")
_HOLIDAYS = re.compile(r"Holidays \(no work\): ([\d, -]+)\.")


def observed(holidays: list[dt.date], weekend: tuple[int, ...], shift: bool) -> set[dt.date]:
    """The days off for holidays. With `shift` (Saturday/Sunday weekends only), a holiday on a
    Saturday is observed on the Friday before and one on a Sunday on the Monday after."""
    out = set()
    for h in holidays:
        if shift and h.weekday() == 5:
            out.add(h - dt.timedelta(days=1))
        elif shift and h.weekday() == 6:
            out.add(h + dt.timedelta(days=1))
        else:
            out.add(h)
    return out


def is_working(d: dt.date, weekend, off: set) -> bool:
    return d.weekday() not in weekend and d not in off


def count_working(start: dt.date, end: dt.date, weekend, off: set) -> int:
    """Working days from start to end, both included."""
    return sum(1 for k in range((end - start).days + 1) if is_working(start + dt.timedelta(days=k), weekend, off))


def add_working(start: dt.date, n: int, weekend, off: set) -> dt.date:
    """The n-th working day after `start` (start itself is not counted)."""
    d = start
    while n:
        d += dt.timedelta(days=1)
        if is_working(d, weekend, off):
            n -= 1
    return d


@register
class WorkingDays(Task):
    """Count the working days between two dates (both included), or find the date that is N
    working days after a start date. Higher levels lengthen the span, add holidays (some on
    weekends or outside the range, as distractors), change the weekend (Friday-Saturday, a
    six-day week, a four-day week), and add the observed-holiday rule (a Saturday holiday is
    taken on the Friday before, a Sunday holiday on the Monday after)."""

    name = "time/working_days"
    knobs = (
        Knob("kinds", ["count", "count", ["count", "add"], ["count", "add"], ["count", "add"], ["count", "add"],
                       ["count", "add"], ["count", "add"], ["count", "add"], ["count", "add"]]
             + [["count", "add"]] * 10, choices=WORK_KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("max_span", [10, 14, 21, 30, 45, 60, 90, 120, 180, 250, 320, 400, 500, 600, 730, 850, 1000, 1200, 1400,
                          1600], (1, 2000), doc="largest span in days"),
        Knob("n_holidays", [0, 0, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (0, 30),
             doc="holidays listed"),
        Knob("weekends", ["sat_sun", "sat_sun", "sat_sun", "sat_sun", "sat_sun", ["sat_sun", "fri_sat"],
                          ["sat_sun", "fri_sat", "sun_only"], list(WEEKENDS), list(WEEKENDS), list(WEEKENDS)]
             + [list(WEEKENDS)] * 10, choices=tuple(WEEKENDS),
             doc="which weekdays are not worked (a list: one drawn per problem)"),
        Knob("observed", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="Saturday holidays move to Friday and Sunday holidays to Monday (Sat-Sun weekends only)"),
    )
    answer_format = "what the question asks for"
    example = "-17"
    # examples that are never answers: a count is never negative, and every date falls in 1990-2047
    # (starts in 1990-2040, spans of at most 2,000 days)
    FORMATS = {"count": ("a whole number of working days", "-17"), "add": ("a date as YYYY-MM-DD", "2099-07-14")}

    def build(self, rng, params):
        kind = params["kinds"]
        weekend = WEEKENDS[params["weekends"]]
        shift = params["observed"] and weekend == (5, 6)
        start = dt.date(rng.randint(1990, 2040), rng.randint(1, 12), rng.randint(1, 28))
        span = rng.randint(max(1, params["max_span"] // 3), params["max_span"])
        end = start + dt.timedelta(days=span)
        holidays = sorted({start + dt.timedelta(days=rng.randint(-5, span + 5)) for _ in range(params["n_holidays"])})
        off = observed(holidays, weekend, shift)
        names = [WEEKDAYS[i] for i in weekend]
        days_off = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        rules = [f"Use the Gregorian calendar. {start.isoformat()} is a {WEEKDAYS[start.weekday()]}.",
                 f"Nobody works on {days_off}."]
        if holidays:
            rules.append("Holidays (no work): " + ", ".join(h.isoformat() for h in holidays) + ".")
            rules.append("A holiday that falls on a Saturday is observed on the Friday before it, and one that falls "
                         "on a Sunday is observed on the Monday after it; the observed day is then not worked."
                         if shift else "A holiday that falls on a non-working day changes nothing.")
        if kind == "count":
            value = count_working(start, end, weekend, off)
            q = f"How many working days are there from {start.isoformat()} to {end.isoformat()}, both dates included?"
            answer, check = str(value), {"count": value}
        else:
            n = max(1, count_working(start + dt.timedelta(days=1), end, weekend, off))
            target = add_working(start, n, weekend, off)
            q = (f"A job starts after {start.isoformat()} and needs {n} working days; the first of them is the first "
                 f"working day after {start.isoformat()}. On what date is its last working day?")
            answer, check = target.isoformat(), {"date": target.isoformat()}
        fmt, example = self.FORMATS[kind]
        return Draft(" ".join(rules) + "\n" + q, answer, check, fmt, example)

    def effort(self, problem):
        """Counting along the span: its whole weeks, the leftover days one by one, and for each
        listed holiday whether it (or its observed day) falls on a working day inside the span."""
        prompt = problem.prompt
        start = dt.date.fromisoformat(_FIRST_DATE.search(prompt).group(1))
        end_given = _COUNT_RANGE.search(prompt)
        end = dt.date.fromisoformat(end_given.group(1) if end_given else problem.check["date"])
        holidays = _HOLIDAYS.search(prompt)
        n_holidays = len(holidays.group(1).split(", ")) if holidays else 0
        span = (end - start).days
        return 1 + span // 7 + span % 7 + 2 * n_holidays

    def grade(self, answer, problem):
        c = problem.check
        if "count" in c:
            text = without_unit(answer, ("working days", "workdays", "work days", "days"))
            return grade_int(text, c["count"], "the number of working days")
        try:
            given = read_date(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given.isoformat() == c["date"] else wrong("That is not the date of the last working day.")
