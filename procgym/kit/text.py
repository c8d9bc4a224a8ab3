"""Formatting for prompts, reference answers and feedback: numbers, money, clocks, tables, plurals.

    plural(3, "box", "boxes")     # "3 boxes"
    frac_text(Fraction(6, 8))     # "3/4"
    decimal_text(Fraction(-241, 20))  # "-12.05"
    number_text(Fraction(1, 3))   # "1/3"; number_text(Fraction(1, 4)) -> "0.25"
    money_text(-5)                # "-0.05"
    clock_text(545)               # "09:05"
    table([["a", 1]], ["name", "n"])
"""
from __future__ import annotations

from fractions import Fraction


def plural(n: int, word: str, words: str | None = None) -> str:
    """`n` and the word, plural unless n is 1: plural(2, "turn") -> "2 turns"."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def frac_text(value) -> str:
    """An exact rational as "p/q" (or "n" when it is an integer)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def is_terminating(value) -> bool:
    """Whether a rational has a finite decimal expansion (its denominator is 2^a 5^b)."""
    q = Fraction(value).denominator
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def decimal_text(value) -> str:
    """A terminating rational as an exact decimal without trailing zeros: 12.05, -0.125, 7."""
    value = Fraction(value)
    if not is_terminating(value):
        raise ValueError(f"{value} has no finite decimal expansion")
    sign = "-" if value < 0 else ""
    value = abs(value)
    places = 0
    while (value * 10 ** places).denominator != 1:
        places += 1
    digits = str((value * 10 ** places).numerator).rjust(places + 1, "0")
    return sign + digits if places == 0 else f"{sign}{digits[:-places]}.{digits[-places:]}"


def number_text(value) -> str:
    """An exact decimal when the value terminates, otherwise a reduced fraction p/q."""
    value = Fraction(value)
    return decimal_text(value) if is_terminating(value) else f"{value.numerator}/{value.denominator}"


def money_text(cents: int) -> str:
    """Cents as an amount with two decimals: 123456 -> "1234.56", -5 -> "-0.05"."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def clock_text(minutes: int, seconds: bool = False) -> str:
    """Minutes after midnight as 24-hour "HH:MM"; with `seconds`, seconds after midnight as "HH:MM:SS"."""
    if seconds:
        return f"{minutes // 3600:02d}:{minutes // 60 % 60:02d}:{minutes % 60:02d}"
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def table(rows: list[list], header: list[str]) -> str:
    """A plain-text table with left-aligned columns, a header and a rule under it."""
    cells = [[str(h) for h in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join([lines[0], "  ".join("-" * w for w in widths)] + lines[1:])


def drawn_example(rng, candidates, wrong) -> str:
    """A prompt example for a task with no value that is wrong for every problem: one of
    `candidates` for which `wrong(candidate)` holds, drawn with the build's rng. Call it last in
    `build`, so nothing else in the problem depends on the draw; with distinct candidates of which
    at most one can be right, the example never tells which value is the answer."""
    return rng.choice([c for c in candidates if wrong(c)])
