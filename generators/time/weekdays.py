"""The day of the week of a date, from a nearby anchor date or from the calendar rules alone."""
from __future__ import annotations

import datetime as dt
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._calendar import MONTHS, WEEKDAYS, date_words, read_weekday

GREGORIAN = ("Use the Gregorian calendar: a year is a leap year if it is divisible by 4, except that years divisible "
             "by 100 are not, unless they are also divisible by 400.")
ANCHORS = ("month", "year", "decade", "century", "none")
FORMS = ("iso", "words", "day_of_year")
_ANCHOR = re.compile(r"\((\d{4}-\d{2}-\d{2})\) falls on a")
_TARGET_DAY_NUMBER = re.compile(r"day number (\d+) of the year (\d{4})")
_TARGET_WORDS = re.compile(r"What day of the week is ([A-Z][a-z]+) (\d+), (\d{4})\?")
_TARGET_ISO = re.compile(r"What day of the week is (\d{4}-\d{2}-\d{2})\?")


@register
class DayOfWeek(Task):
    """Which day of the week a date falls on. Lower levels give an anchor date with its weekday in
    the same month or year; higher levels put the anchor decades or centuries away (so leap years,
    and century years that are not leap years, must be counted), then give no anchor at all
    beyond one fixed fact, and name the date as the n-th day of a year. Python's datetime is the
    reference."""

    name = "time/day_of_week"
    knobs = (
        Knob("anchor", ["month", ["month", "year"], "year", ["year", "decade"], "decade", ["decade", "century"], "century",
                        ["century", "none"], "none", "none"],
             choices=ANCHORS, doc="how far the given anchor date is from the target"),
        Knob("forms", ["iso", "iso", ["iso", "words"], ["iso", "words"], ["iso", "words"], list(FORMS), list(FORMS),
                       list(FORMS), list(FORMS), ["words", "day_of_year"]], choices=FORMS,
             doc="how the target date is named (a list: one drawn per problem)"),
        Knob("wide_years", [False, False, False, False, False, False, True, True, True, True],
             doc="years 1600-2400 (century rules matter) instead of 1950-2050"),
    )
    cap_reason = ("level 9 already gives no nearby anchor, only one fixed date, for any day of 1600-2399 named in "
                  "any form; the calendar rules that decide a weekday are the same however far away the date is")
    answer_format = "a day of the week, such as Monday"
    example = "Thursday"
    closed_answers = True  # one of the seven weekdays: the example is right for one problem in seven

    def build(self, rng, params):
        lo, hi = (1600, 2399) if params["wide_years"] else (1950, 2049)
        target = dt.date(rng.randint(lo, hi), 1, 1) + dt.timedelta(days=rng.randint(0, 364))
        anchor_kind = params["anchor"]
        spans = {"month": 27, "year": 364, "decade": 3650, "century": 36500}
        if anchor_kind == "none":
            anchor = dt.date(2000, 1, 1)  # one fixed fact, far from most targets
        else:
            for _attempt in range(20):
                delta = rng.randint(-spans[anchor_kind], spans[anchor_kind])
                if anchor_kind == "month":
                    anchor = target.replace(day=rng.randint(1, 28))
                else:
                    anchor = target + dt.timedelta(days=delta)
                if anchor != target and dt.date(1582, 10, 15) < anchor < dt.date(9999, 1, 1):
                    break
        form = params["forms"]
        if form == "iso":
            name = target.isoformat()
        elif form == "words":
            name = date_words(target)
        else:
            name = f"day number {target.timetuple().tm_yday} of the year {target.year} (January 1 is day number 1)"
        fact = f"{date_words(anchor)} ({anchor.isoformat()}) falls on a {WEEKDAYS[anchor.weekday()]}."
        if anchor_kind == "none":
            fact = f"The only weekday you are given: {fact}"
        question = f"{GREGORIAN} {fact}\nWhat day of the week is {name}?"
        answer = WEEKDAYS[target.weekday()]
        return Draft(question, answer, {"weekday": target.weekday()})

    def effort(self, problem):
        """The walk from the anchor to the target: one unit per whole year between them (each
        shifts the weekday by one or, across a leap day, two) and per further month, plus
        converting a day number of the year into a date."""
        prompt = problem.prompt
        anchor = dt.date.fromisoformat(_ANCHOR.search(prompt).group(1))
        by_number = _TARGET_DAY_NUMBER.search(prompt)
        if by_number:
            day, year = int(by_number.group(1)), int(by_number.group(2))
            target = dt.date(year, 1, 1) + dt.timedelta(days=day - 1)
        elif _TARGET_ISO.search(prompt):
            target = dt.date.fromisoformat(_TARGET_ISO.search(prompt).group(1))
        else:
            month, day, year = _TARGET_WORDS.search(prompt).groups()
            target = dt.date(int(year), MONTHS.index(month) + 1, int(day))
        months = abs((12 * target.year + target.month) - (12 * anchor.year + anchor.month))
        return 1 + months // 12 + months % 12 + (by_number is not None)

    def grade(self, answer, problem):
        try:
            given = read_weekday(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given == problem.check["weekday"] else wrong("That is not the right day of the week.")
