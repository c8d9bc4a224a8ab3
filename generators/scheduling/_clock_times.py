"""Clock times in the scheduling answers: a strict reader of a time of day.

    read_clock("9:30")      # 570
    read_clock("13:05")     # 785
    read_clock("1:05 pm")   # 785
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview

_CLOCK = re.compile(r"(\d{1,2})\s*[:.h]\s*(\d{2})(?:\s*([ap])\.?m\.?)?", re.IGNORECASE)


def read_clock(text: str) -> int:
    """A time "H:MM" or "HH:MM" on the 24-hour clock (also "09.30", "9h30", or "1:05 pm") as
    minutes after midnight; nothing else in the text."""
    s = text.strip()
    m = _CLOCK.fullmatch(s)
    if not m:
        raise NotAnAnswer(f"expected a time like 09:30, got {preview(s, 20)}")
    h, mm, half = int(m.group(1)), int(m.group(2)), (m.group(3) or "").lower()
    if half:
        if not 1 <= h <= 12:
            raise NotAnAnswer(f"{preview(s, 20)} is not a valid time of day")
        h = h % 12 + (12 if half == "p" else 0)
    if h > 23 or mm > 59:
        raise NotAnAnswer(f"{preview(s, 20)} is not a valid time of day")
    return 60 * h + mm
