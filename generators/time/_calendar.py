"""Calendar names for the time tasks: weekdays and months, dates in words, and a reader of
weekday answers ("Monday", "monday", "Mon")."""
from __future__ import annotations

import datetime as dt

from procgym.kit import read_choice

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
_WEEKDAY_WORDS = {**{name: i for i, name in enumerate(WEEKDAYS)}, **{name[:3]: i for i, name in enumerate(WEEKDAYS)}}


def date_words(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def read_weekday(text: str) -> int:
    """A day of the week, by name or its three-letter abbreviation, any case: 0 is Monday."""
    return _WEEKDAY_WORDS[read_choice(text, _WEEKDAY_WORDS)]
