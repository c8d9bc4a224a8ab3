"""Helpers for the time families (not dates.py, which predates them): reading clock times,
date-times and UTC offsets that a model writes, and rendering them.

    clock_text(545)                         # "09:05"
    read_clock("9:05")                      # 545
    read_datetime("2024-03-01 09:05")       # datetime(2024, 3, 1, 9, 5)
    offset_text(-210)                       # "UTC-03:30"
"""
from __future__ import annotations

import datetime as dt
import re

from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_DATETIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:\s*[T ]\s*|\s*,\s*)(\d{1,2}):(\d{2})(?::(\d{2}))?")
_SUFFIX = re.compile(r"\s*(?:utc|z|gmt|h|hrs|hours)\s*$", re.IGNORECASE)


def _tidy(text: str) -> str:
    return text.strip().strip("'\"`").rstrip(".").strip()


def clock_text(minutes: int, seconds: bool = False) -> str:
    """Minutes (or seconds, when `seconds`) after midnight as a 24-hour HH:MM or HH:MM:SS."""
    if seconds:
        return f"{minutes // 3600:02d}:{minutes // 60 % 60:02d}:{minutes % 60:02d}"
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def read_clock(text: str, seconds: bool = False) -> int:
    """A 24-hour time "9:05", "09:05" (with ":SS" when `seconds`; a trailing "UTC" is allowed) as
    minutes after midnight, or seconds after midnight when `seconds`."""
    s = _SUFFIX.sub("", _tidy(text))
    m = _CLOCK.fullmatch(s)
    if not m:
        raise ParseError(f"expected a 24-hour time like {'09:05:30' if seconds else '09:05'}")
    h, mm, ss = int(m.group(1)), int(m.group(2)), m.group(3)
    if h > 23 or mm > 59 or (ss is not None and int(ss) > 59):
        raise ParseError("that is not a valid time of day")
    if seconds:
        if ss is None:
            raise ParseError("give the seconds too, as HH:MM:SS")
        return 3600 * h + 60 * mm + int(ss)
    if ss is not None and int(ss) != 0:
        raise ParseError("give the time as HH:MM")
    return 60 * h + mm


def datetime_text(t: dt.datetime, seconds: bool = False) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def read_datetime(text: str, seconds: bool = False) -> dt.datetime:
    """"YYYY-MM-DD HH:MM" (a "T" or a comma may separate date and time; ":SS" when `seconds`;
    a trailing "UTC" is allowed)."""
    s = _SUFFIX.sub("", _tidy(text))
    m = _DATETIME.fullmatch(s)
    if not m:
        raise ParseError(f"expected a date and time like {'2024-03-01 09:05:30' if seconds else '2024-03-01 09:05'}")
    y, mo, d, h, mi, ss = m.groups()
    if seconds and ss is None:
        raise ParseError("give the seconds too, as YYYY-MM-DD HH:MM:SS")
    if not seconds and ss is not None and int(ss) != 0:
        raise ParseError("give the time as YYYY-MM-DD HH:MM")
    try:
        return dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(ss or 0))
    except ValueError:
        raise ParseError("that is not a valid date and time") from None


def grade_datetime(answer: str, expected: str, seconds: bool = False, what: str = "the answer") -> Verdict:
    try:
        given = read_datetime(answer, seconds)
    except ParseError as exc:
        return wrong(f"{exc}.")
    return right() if datetime_text(given, seconds) == expected else wrong(f"That is not {what}.")


def grade_clock(answer: str, minutes: int, what: str = "the time") -> Verdict:
    try:
        given = read_clock(answer)
    except ParseError as exc:
        return wrong(f"{exc}.")
    return right() if given == minutes else wrong(f"That is not {what}.")


def offset_text(minutes: int) -> str:
    """A UTC offset in minutes as "UTC+05:30", "UTC-03:00", "UTC+00:00"."""
    sign = "-" if minutes < 0 else "+"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


# Fixed offsets in minutes; the half- and quarter-hour ones appear at higher levels.
WHOLE_OFFSETS = (-600, -480, -420, -360, -300, -240, -180, 0, 60, 120, 180, 240, 300, 420, 480, 540, 600, 720, 780)
ODD_OFFSETS = (-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765, 825)
CITIES = ("Amsel", "Brell", "Corvo", "Dunmore", "Elwick", "Farrow", "Galen", "Harth", "Isley", "Jorvik", "Kestle",
          "Lunde")
