"""Recurring events: the n-th (or last) weekday of a month, how often a weekday occurs in a range,
the k-th meeting of a monthly rule, and the first day on which several periodic events coincide."""
from __future__ import annotations

import calendar
import datetime as dt
import math
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._dates import read_date
from ._calendar import MONTHS, WEEKDAYS

REC_KINDS = ("nth_weekday", "count_weekday", "kth_meeting", "coincide")
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", -1: "last"}
# what effort() reads back from a prompt
_MEETING = re.compile(r"meeting number (\d+)\?")
_EVENT = re.compile(r"is held on (\d{4}-\d{2}-\d{2}) and then every (\d+) days")
_ORDINAL = re.compile(r"(?:What is the date of|meets on) the (first|second|third|fourth|last) ")
_RANGE = re.compile(r"from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}), both included")


def nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    """The n-th given weekday of a month (n = -1 for the last one)."""
    days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1) if dt.date(year, month, d).weekday() == weekday]
    return dt.date(year, month, days[n - 1] if n > 0 else days[-1])


def count_weekday(start: dt.date, end: dt.date, weekday: int) -> int:
    """How many dates from start to end (both included) fall on `weekday`."""
    return sum(1 for k in range((end - start).days + 1) if (start + dt.timedelta(days=k)).weekday() == weekday)


def kth_meeting(start: dt.date, weekday: int, n: int, k: int) -> dt.date:
    """The k-th date on or after `start` that is the n-th (or last) `weekday` of its month."""
    year, month = start.year, start.month
    while True:
        d = nth_weekday(year, month, weekday, n)
        if d >= start:
            k -= 1
            if k == 0:
                return d
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)


def first_coincidence(events: list[tuple[dt.date, int]], after: dt.date, limit: int) -> dt.date | None:
    """The first date on or after `after` (within `limit` days) on which every event, repeating
    every `period` days from its first date, happens."""
    for k in range(limit):
        d = after + dt.timedelta(days=k)
        if all(d >= first and (d - first).days % period == 0 for first, period in events):
            return d
    return None


@register
class RecurringEvents(Task):
    """Recurring events on the Gregorian calendar. Kinds: the date of the n-th or last weekday of a
    month; how many times a weekday occurs in a date range; the date of the k-th meeting held on
    the n-th (or last) weekday of each month, counting from a date; and the first date on which
    two or three events repeating every few days all fall. Only a weekday anchor is given. Higher
    levels add the harder kinds, longer ranges and counts, last-weekday rules and three events."""

    name = "time/recurring_events"
    knobs = (
        Knob("kinds", ["nth_weekday", "nth_weekday", ["nth_weekday", "count_weekday"],
                       ["nth_weekday", "count_weekday"], ["nth_weekday", "count_weekday", "kth_meeting"],
                       list(REC_KINDS), list(REC_KINDS), list(REC_KINDS), list(REC_KINDS), list(REC_KINDS)]
             + [list(REC_KINDS[1:])] * 10, choices=REC_KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("max_span", [30, 30, 60, 90, 120, 200, 300, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2300, 2600,
                          3000, 3500], (7, 5000), doc="days spanned by a count"),
        Knob("max_k", [1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40], (1, 60),
             doc="largest k for the k-th meeting"),
        Knob("n_events", [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (2, 4),
             doc="periodic events that must coincide"),
        Knob("last", [False, True, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether 'the last weekday of the month' may be asked"),
    )
    answer_format = "what the question asks for"
    # examples that are never answers: every date falls in 1950-2061 (years 1950-2050, at most 60
    # months or a few thousand days on), and a count spans at least 8 days, so it is at least 1
    example = "2099-07-14"
    FORMATS = {"date": ("a date as YYYY-MM-DD", "2099-07-14"), "count": ("a whole number", "0")}

    def build(self, rng, params):
        kind = params["kinds"]
        year, month = rng.randint(1950, 2050), rng.randint(1, 12)
        weekday = rng.randrange(7)
        n = rng.choice([1, 2, 3, 4] + ([-1, -1] if params["last"] else []))
        ref = dt.date(year, month, 1)
        anchor = f"Use the Gregorian calendar. {ref.isoformat()} is a {WEEKDAYS[ref.weekday()]}."
        if kind == "nth_weekday":
            d = nth_weekday(year, month, weekday, n)
            q = f"What is the date of the {ORDINALS[n]} {WEEKDAYS[weekday]} of {MONTHS[month - 1]} {year}?"
            return self._date(f"{anchor}\n{q}", d)
        if kind == "count_weekday":
            start = ref + dt.timedelta(days=rng.randint(0, 27))
            end = start + dt.timedelta(days=rng.randint(max(7, params["max_span"] // 3), params["max_span"]))
            value = count_weekday(start, end, weekday)
            anchor = f"Use the Gregorian calendar. {start.isoformat()} is a {WEEKDAYS[start.weekday()]}."
            q = f"How many {WEEKDAYS[weekday]}s are there from {start.isoformat()} to {end.isoformat()}, both included?"
            fmt, example = self.FORMATS["count"]
            return Draft(f"{anchor}\n{q}", str(value), {"count": value}, fmt, example)
        if kind == "kth_meeting":
            start = ref + dt.timedelta(days=rng.randint(0, 27))
            k = rng.randint(1, params["max_k"])
            d = kth_meeting(start, weekday, n, k)
            q = (f"A club meets on the {ORDINALS[n]} {WEEKDAYS[weekday]} of every month. Counting meetings on or after "
                 f"{start.isoformat()} (a meeting on that very day counts), on what date is meeting number {k}?")
            return self._date(f"{anchor}\n{q}", d)
        for _attempt in range(50):
            periods = rng.sample([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14], params["n_events"])
            firsts = [ref + dt.timedelta(days=rng.randint(0, 20)) for _ in periods]
            after = max(firsts)
            limit = math.lcm(*periods) + 1
            d = first_coincidence(list(zip(firsts, periods)), after, limit)
            if d is not None and d != after:
                break
        else:
            raise ValueError("could not draw coinciding events; change n_events")
        names = ("A market", "A ferry", "A delivery", "A concert")
        lines = [f"- {names[i]} is held on {f.isoformat()} and then every {p} days after that."
                 for i, (f, p) in enumerate(zip(firsts, periods))]
        q = (f"Use the Gregorian calendar.\n" + "\n".join(lines) +
             f"\nWhat is the first date on which all {len(periods)} events happen on the same day?")
        return self._date(q, d)

    def effort(self, problem):
        """Calendar steps. An n-th weekday: the month's first weekday, then n weeks on (five to
        be sure of the last one). A count in a range: the span (one step per whole year and
        further month walked), divided into weeks, and the leftover days. The k-th meeting: an
        n-th weekday in each of the k months. Coinciding events: the strides of the longest
        period from the latest first date, each checked against every event."""
        prompt, c = problem.prompt, problem.check
        if "count" in c:
            start, end = (dt.date.fromisoformat(d) for d in _RANGE.search(prompt).groups())
            months = abs((12 * end.year + end.month) - (12 * start.year + start.month))
            return 2 + months // 12 + months % 12
        events = [(dt.date.fromisoformat(d), int(p)) for d, p in _EVENT.findall(prompt)]
        if events:
            latest = max(first for first, _ in events)
            longest = max(period for _, period in events)
            strides = (dt.date.fromisoformat(c["date"]) - latest).days // longest
            return len(events) * (1 + strides)
        ordinal = _ORDINAL.search(prompt).group(1)
        per_month = 1 + (5 if ordinal == "last" else ("first", "second", "third", "fourth").index(ordinal) + 1)
        meeting = _MEETING.search(prompt)
        return per_month * (int(meeting.group(1)) if meeting else 1)

    def _date(self, question, d: dt.date) -> Draft:
        fmt, example = self.FORMATS["date"]
        return Draft(question, d.isoformat(), {"date": d.isoformat()}, fmt, example)

    def grade(self, answer, problem):
        c = problem.check
        if "count" in c:
            return grade_int(answer, c["count"], "the number of such days")
        try:
            given = read_date(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given.isoformat() == c["date"] else wrong("That is not the right date.")
