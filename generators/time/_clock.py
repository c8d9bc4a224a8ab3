"""Clock times, date-times and durations for the time tasks: rendering them, and reading what a
model writes (strict whole-answer readers that raise `NotAnAnswer`).

    read_clock("9:05")                      # 545
    read_datetime("2024-03-01 09:05")       # datetime(2024, 3, 1, 9, 5)
    read_duration("37:05")                  # 2225
    without_unit("17 working days", ("working days", "days"))   # "17"
"""
from __future__ import annotations

import datetime as dt
import re

from procgym.kit import NotAnAnswer, preview, refused
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_DATETIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:\s*[T ]\s*|\s*,\s*)(\d{1,2}):(\d{2})(?::(\d{2}))?")
_SUFFIX = re.compile(r"\s*(?:utc|z|gmt|h|hrs|hours)\s*$", re.IGNORECASE)
_DURATION = re.compile(r"(\d{1,4})\s*:\s*(\d{2})(?:\s*(?:hours|hrs|h))?", re.IGNORECASE)


def without_unit(text: str, units) -> str:
    """`text` without one trailing unit word from `units` ("17 days" -> "17"); the first unit
    that matches is removed, so list longer units first. Only the unit goes: what is left must
    still be read by a strict reader."""
    s = text.strip()
    for unit in units:
        if s.lower().endswith(unit.lower()) and s[:-len(unit)].strip():
            head = s[:-len(unit)]
            if unit[:1].isalpha() and head[-1:].isalpha():
                continue  # "17 xdays" is not 17 days
            return head.strip()
    return s


def read_clock(text: str, seconds: bool = False) -> int:
    """A 24-hour time "9:05", "09:05" (with ":SS" when `seconds`; a trailing "UTC" is allowed) as
    minutes after midnight, or seconds after midnight when `seconds`."""
    m = _CLOCK.fullmatch(_SUFFIX.sub("", text.strip()))
    if not m:
        raise NotAnAnswer(f"expected a 24-hour time like {'09:05:30' if seconds else '09:05'}, got {preview(text)}")
    h, mm, ss = int(m.group(1)), int(m.group(2)), m.group(3)
    if h > 23 or mm > 59 or (ss is not None and int(ss) > 59):
        raise NotAnAnswer("that is not a valid time of day")
    if seconds:
        if ss is None:
            raise NotAnAnswer("give the seconds too, as HH:MM:SS")
        return 3600 * h + 60 * mm + int(ss)
    if ss is not None and int(ss) != 0:
        raise NotAnAnswer("give the time as HH:MM")
    return 60 * h + mm


def datetime_text(t: dt.datetime, seconds: bool = False) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def read_datetime(text: str, seconds: bool = False) -> dt.datetime:
    """"YYYY-MM-DD HH:MM" (a "T" or a comma may separate date and time; ":SS" when `seconds`;
    a trailing "UTC" is allowed)."""
    m = _DATETIME.fullmatch(_SUFFIX.sub("", text.strip()))
    if not m:
        raise NotAnAnswer(f"expected a date and time like {'2024-03-01 09:05:30' if seconds else '2024-03-01 09:05'}, "
                          f"got {preview(text)}")
    y, mo, d, h, mi, ss = m.groups()
    if seconds and ss is None:
        raise NotAnAnswer("give the seconds too, as YYYY-MM-DD HH:MM:SS")
    if not seconds and ss is not None and int(ss) != 0:
        raise NotAnAnswer("give the time as YYYY-MM-DD HH:MM")
    try:
        return dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(ss or 0))
    except ValueError:
        raise NotAnAnswer("that is not a valid date and time") from None


def read_duration(text: str) -> int:
    """Hours and minutes "37:05" (hours may exceed 24; a trailing "hours" is allowed) as minutes."""
    m = _DURATION.fullmatch(text.strip())
    if not m or int(m.group(2)) > 59:
        raise NotAnAnswer(f"write the total as hours and minutes, like 37:05, not {preview(text)}")
    return 60 * int(m.group(1)) + int(m.group(2))


def grade_datetime(answer: str, expected: str, seconds: bool = False, what: str = "the answer") -> Verdict:
    try:
        given = read_datetime(answer, seconds)
    except ParseError as exc:
        return refused(exc)
    return right() if datetime_text(given, seconds) == expected else wrong(f"That is not {what}.")


def grade_clock(answer: str, minutes: int, what: str = "the time") -> Verdict:
    try:
        given = read_clock(answer)
    except ParseError as exc:
        return refused(exc)
    return right() if given == minutes else wrong(f"That is not {what}.")


def offset_text(minutes: int) -> str:
    """A UTC offset in minutes as "UTC+05:30", "UTC-03:00", "UTC+00:00"."""
    sign = "-" if minutes < 0 else "+"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
