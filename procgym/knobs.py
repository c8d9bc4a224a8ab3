"""Knobs: the declared parameters that shape a task's problems, and their values per level.

A knob has a valid range (numbers) or a set of choices, and a value at each difficulty level.
Levels 1-10 are the released scale and never change; a task grows past them by giving its knobs
values for levels 11 and up (to 20 wherever its structure can grow). Every knob of a task has the
same number of levels, and that number is the task's maximum level. A level's value may be a
`(lo, hi)` tuple, meaning "draw uniformly from this range per problem"; for choice knobs a list
means "draw one of these".

    Knob("n_nodes", levels=[4, 5, 6, 7, 8, 10, 12, 14, 16, 20], valid=(2, 200), doc="vertices")
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

RELEASED_LEVELS = range(1, 11)  # the original scale: its problems never change
LEVELS = RELEASED_LEVELS  # the levels every task accepts
HEADROOM_LEVEL = 20  # the level a task reaches wherever its structure can grow (else it says why not)


@dataclass(frozen=True)
class Knob:
    name: str
    levels: Sequence[Any]
    valid: tuple = field(default=())  # (lo, hi) for numbers; empty for bool
    choices: tuple = ()  # for str knobs: the allowed values
    doc: str = ""

    def __post_init__(self):
        if len(self.levels) < 10:
            raise ValueError(f"knob {self.name!r} needs at least 10 level values, got {len(self.levels)}")
        for value in self.levels:
            for v in (value if isinstance(value, (tuple, list)) else [value]):
                self.validate(v)

    @property
    def kind(self) -> type:
        first = self.levels[0]
        first = first[0] if isinstance(first, (tuple, list)) else first
        return type(first)

    def validate(self, value):
        """Return `value` coerced to the knob's type, or raise ValueError naming the knob."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            raise ValueError(f"knob {self.name!r}: {value!r} is not a bool (valid: True or False)")
        if kind is str:
            if value in self.choices:
                return value
            raise ValueError(f"knob {self.name!r}: {value!r} is not one of {list(self.choices)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"knob {self.name!r}: {value!r} is not a number (valid range {self._range()})")
        if kind is int and not float(value).is_integer():
            raise ValueError(f"knob {self.name!r}: {value!r} is not an integer (valid range {self._range()})")
        lo, hi = self.valid
        if not lo <= value <= hi:
            raise ValueError(f"knob {self.name!r}: {value!r} is outside the valid range {self._range()}")
        return kind(value)

    def _range(self) -> str:
        return f"[{self.valid[0]}, {self.valid[1]}]" if self.valid else "any"

    def draw(self, spec, rng: random.Random):
        """A concrete value from a level entry or an override: a value, a (lo, hi) range or a list."""
        if isinstance(spec, list):
            return self.validate(spec[rng.randrange(len(spec))])
        if isinstance(spec, tuple):
            if len(spec) != 2:
                raise ValueError(f"knob {self.name!r}: a range must be (lo, hi), got {spec!r}")
            lo, hi = (self.validate(v) for v in spec)
            if lo > hi:
                raise ValueError(f"knob {self.name!r}: range {spec!r} has lo > hi")
            return rng.randint(lo, hi) if self.kind is int else self.validate(rng.uniform(lo, hi))
        return self.validate(spec)

    def describe(self) -> str:
        span = f"range {self._range()}" if self.valid else (f"one of {list(self.choices)}" if self.choices else "bool")
        return f"{self.name}: {self.doc} ({span}; levels 1-{len(self.levels)}: {list(self.levels)})"


def max_level(knobs: Sequence[Knob]) -> int:
    """The highest level a set of knobs defines (10 without knobs)."""
    return min((len(k.levels) for k in knobs), default=len(RELEASED_LEVELS))


def check_level(difficulty, highest: int = len(RELEASED_LEVELS)) -> int:
    """`difficulty` if it is an integer level from 1 to `highest`, else ValueError saying so."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= highest:
        raise ValueError(f"difficulty must be an integer level 1-{highest}, got {difficulty!r}")
    return difficulty


def resolve(knobs: Sequence[Knob], difficulty: int, overrides: dict, rng: random.Random) -> dict:
    """Concrete knob values for a level, with overrides by name taking precedence."""
    by_name = {k.name: k for k in knobs}
    unknown = sorted(set(overrides) - set(by_name))
    if unknown:
        raise ValueError(f"unknown knob(s) {unknown}; this task's knobs are {sorted(by_name)}")
    level = check_level(difficulty, max_level(knobs))
    return {
        k.name: k.draw(overrides[k.name] if k.name in overrides else k.levels[level - 1], rng)
        for k in knobs
    }
