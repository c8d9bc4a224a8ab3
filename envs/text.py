"""Text spaces: observations and actions are strings over a fixed character set."""
from __future__ import annotations

import copy
import functools
import string

from gymnasium.spaces import Text

# Printable ASCII plus the few symbols prompts may use. Prompts must stay inside this set
# (the contract suite checks), so observations are always members of the observation space.
CHARSET = frozenset(string.printable) | frozenset("\u2026\u2192\u2190\u2191\u2193\u00d7\u00f7\u2212\u00b7\u2264\u2265\u2260\u221a\u03c0\u00b2\u00b3\u00b0\u00b1\u221e\u2227\u2228\u00ac\u2200\u2203\u2208\u2205\u2022\u2500\u2502\u2588")

MAX_OBSERVATION = 200_000
MAX_ACTION = 100_000


@functools.lru_cache(maxsize=None)
def _prototype(max_length: int) -> Text:
    return Text(max_length=max_length, min_length=0, charset=CHARSET)


def text_space(max_length: int) -> Text:
    """A Text space over CHARSET of strings up to `max_length` characters.

    Building a Text sorts and indexes the charset (about 50 us, two per env), so this returns a
    shallow copy of one prototype per length: the charset tables are shared and never mutated;
    the sampling RNG is each copy's own, created when the copy is first seeded or sampled."""
    return copy.copy(_prototype(max_length))


def in_charset(text: str) -> bool:
    return all(ch in CHARSET for ch in text)
