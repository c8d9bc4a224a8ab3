"""Calendar dates as a model writes them: `2024-02-29`, `2024-2-29`, `2024/02/29`, `2024.02.29`.

    read_date("2024/02/29")   # datetime.date(2024, 2, 29)
"""
from __future__ import annotations

import datetime as dt
import re

from procgym.kit import NotAnAnswer, preview

# year first, one separator kind used twice, spaces around it allowed
_DATE = re.compile(r"(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})")


def read_date(text: str) -> dt.date:
    """A whole answer that is one date, year first (YYYY-MM-DD; / or . may replace the dashes)."""
    m = _DATE.fullmatch(text.strip())
    if not m:
        raise NotAnAnswer(f"write the date as YYYY-MM-DD, not {preview(text)}")
    year, _sep, month, day = m.groups()
    try:
        return dt.date(int(year), int(month), int(day))
    except ValueError:
        raise NotAnAnswer("that is not a valid calendar date") from None
