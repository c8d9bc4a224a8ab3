"""Clock-hand angles: the angle between the hands at a time, the first moment the hands make a
given angle, and how many times they make it within a span of hours. Exact with fractions."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import clock_text, grade_int, grade_number, number_text

from ._clock import without_unit

CLOCK_KINDS = ("angle", "when", "count")
HANDS = ("The clock is an ordinary analog clock with a 12-hour dial. The minute hand turns 6 degrees per minute; the "
         "hour hand turns 0.5 degrees per minute and moves continuously (it does not jump from hour to hour).")


def hand_angle(seconds: Fraction) -> Fraction:
    """The smaller angle (0 to 180 degrees) between the hour and minute hands `seconds` after
    12:00, both hands moving continuously."""
    minutes = Fraction(seconds) / 60
    rel = (minutes * Fraction(11, 2)) % 360
    return min(rel, 360 - rel)


def times_at_angle(start: Fraction, end: Fraction, angle: Fraction) -> list[Fraction]:
    """All moments (minutes after 00:00) in [start, end] when the hands are `angle` degrees apart:
    the minute hand gains 11/2 degrees a minute on the hour hand, so it happens at
    (360k +- angle) / (11/2)."""
    out = set()
    k = int((start * Fraction(11, 2) - angle) // 360) - 1
    while True:
        base = 360 * k
        lowest = (base - angle) / Fraction(11, 2)
        if lowest > end:
            break
        for target in (base + angle, base - angle):
            t = target / Fraction(11, 2)
            if start <= t <= end:
                out.add(t)
        k += 1
    return sorted(out)


@register
class ClockAngle(Task):
    """Clock-hand angles with exact fractions. Lower levels ask the smaller angle between the hour
    and minute hands at a time (on the hour, then any minute, then with seconds). Higher levels
    ask the inverse (how many minutes after an hour the hands first make a given angle, usually a
    fraction with denominator 11) and counts of such moments over a span of several hours, where
    the two directions of the angle and the endpoints must be handled."""

    name = "time/clock_angle"
    knobs = (
        Knob("kinds", ["angle", "angle", "angle", "angle", ["angle", "when"], ["angle", "when"], list(CLOCK_KINDS),
                       list(CLOCK_KINDS), list(CLOCK_KINDS), list(CLOCK_KINDS), list(CLOCK_KINDS), ["when", "count"],
                       ["when", "count"]], choices=CLOCK_KINDS,
             doc="question kind (a list: one drawn per problem)"),
        Knob("precision", ["hour", "minute", "second", "second", "second", "second", "second", "second", "second",
                           "second", "second", "second", "second"], choices=("hour", "minute", "second"),
             doc="the time given for an angle question: on the hour, to the minute, or to the second"),
        Knob("span_hours", [1, 1, 1, 2, 2, 3, 4, 6, 9, 12, 15, 18, 24], (1, 24),
             doc="hours spanned by a count question"),
    )
    cap_reason = ("a 12-hour dial has no bigger version: by level 13 every question is an inverse or a count over a "
                  "whole day, the longest span the prompt's clock times can state")
    answer_format = "an exact number of degrees: an integer, a finite decimal, or a fraction p/q"
    # each kind's example is negative, which no answer is (an angle, a wait, a count), so it is never
    # the answer and every problem of a kind shows the same one
    example = "-97.5"
    FORMATS = {"angle": (answer_format, example),
               "when": ("an exact number of minutes: an integer, a finite decimal, or a fraction p/q", "-180/11"),
               "count": ("a whole number", "-4")}

    def build(self, rng, params):
        kind = params["kinds"]
        if kind == "angle":
            precision = params["precision"]
            h = rng.randint(0, 23)
            m = rng.randint(0, 59) if precision != "hour" else 0
            s = rng.randint(0, 59) if precision == "second" else 0
            value = hand_angle(Fraction(3600 * h + 60 * m + s))
            when = f"{h:02d}:{m:02d}:{s:02d}" if precision == "second" else f"{h:02d}:{m:02d}"
            extra = " (the hands move smoothly, so each second moves them a little)" if precision == "second" else ""
            question = (f"{HANDS}\nWhat is the smaller angle, in degrees, between the hour hand and the minute hand at "
                        f"{when}{extra}? (The smaller angle is between 0 and 180 degrees.)")
            check = {"value": [value.numerator, value.denominator], "what": "the angle"}
        elif kind == "when":
            h = rng.randint(1, 11)
            angle = Fraction(rng.choice([0, 30, 45, 60, 90, 90, 120, 150, 180, rng.randint(1, 179)]))
            start = Fraction(60 * h)
            hits = [t for t in times_at_angle(start, start + 720, angle) if t > start]
            value = hits[0] - start
            question = (f"{HANDS}\nStarting just after {h}:00 (not counting {h}:00 itself), after how many minutes are "
                        f"the hour and minute hands first exactly {angle} degrees apart (measuring the smaller "
                        "angle between them)?")
            check = {"value": [value.numerator, value.denominator], "what": "the number of minutes"}
        else:
            span = params["span_hours"]
            h = rng.randint(0, 23 - min(span, 23))
            start_min = 60 * h + rng.choice([0, 0, 15, 30, 45])
            end_min = min(start_min + 60 * span, 24 * 60)
            angle = Fraction(rng.choice([0, 90, 180, 60, 120, 30]))
            hits = times_at_angle(Fraction(start_min), Fraction(end_min), angle)
            value = len(hits)
            ends = "both included"
            question = (f"{HANDS}\nHow many times from {clock_text(start_min)} to {clock_text(end_min % (24 * 60)) if end_min < 1440 else '24:00'} "
                        f"({ends}) are the hour and minute hands exactly {angle} degrees apart (measuring the smaller "
                        "angle)?" + (" (0 degrees means the hands overlap.)" if angle == 0 else ""))
            check = {"count": value}
        fmt, example = self.FORMATS[kind]
        answer = str(check["count"]) if kind == "count" else number_text(Fraction(*check["value"]))
        return Draft(question, answer, check, fmt, example)

    def effort(self, problem):
        # an angle adds the hands' terms (hours, minutes, seconds); an inverse solves one linear
        # equation; a count walks every moment the hands pass the angle within the span
        c = problem.check
        if "count" in c:
            return 2 + c["count"]
        if c["what"] == "the number of minutes":
            return 5
        return 2 + ("hour", "minute", "second").index(problem.params["precision"])

    def grade(self, answer, problem):
        c = problem.check
        if "count" in c:
            return grade_int(answer, c["count"], "the number of times")
        units = (("minutes", "minute", "mins", "min") if c["what"] == "the number of minutes" else
                 ("degrees", "degree", "deg", "^{\\circ}", "^\\circ", "\\circ", "\\degree", "\u00b0"))
        return grade_number(without_unit(answer, units), Fraction(*c["value"]), c["what"])
