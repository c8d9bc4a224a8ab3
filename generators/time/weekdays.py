"""The day of the week of a date, from a nearby anchor date or from the calendar rules alone."""
from __future__ import annotations

import datetime as dt

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._calendar import WEEKDAYS, date_words, read_weekday

GREGORIAN = ("Use the Gregorian calendar: a year is a leap year if it is divisible by 4, except that years divisible "
             "by 100 are not, unless they are also divisible by 400.")
ANCHORS = ("month", "year", "decade", "century", "none")
FORMS = ("iso", "words", "day_of_year")
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

    def grade(self, answer, problem):
        try:
            given = read_weekday(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given == problem.check["weekday"] else wrong("That is not the right day of the week.")
