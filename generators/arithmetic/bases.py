"""Base conversion: rewrite a whole number given in one base (2-16) in another."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.parsing import clean
from procgym.verdict import right, wrong

DIGITS = "0123456789abcdef"
PREFIXES = {2: "0b", 8: "0o", 16: "0x"}
ROUTES = ("decimal_to_base", "base_to_decimal", "power_of_two", "base_to_base")
_SUBSCRIPT = re.compile(r"^\(?([0-9a-zA-Z ]+?)\)?\s*_\s*\{?\s*(\d{1,2})\s*\}?$")


def to_base(n: int, base: int) -> str:
    """The digits of n >= 0 in `base` (lowercase), by repeated division."""
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, base)
        out.append(DIGITS[r])
    return "".join(reversed(out))


def from_base(digits: str, base: int) -> int:
    """The value of a digit string in `base` (Horner's rule); ValueError on a digit outside the base."""
    n = 0
    for ch in digits.lower():
        d = DIGITS.find(ch)
        if d < 0 or d >= base:
            raise ValueError(f"{ch!r} is not a base-{base} digit")
        n = n * base + d
    return n


def _two(rng, candidates: list[int], fallback: list[int]) -> tuple[int, int]:
    """Two distinct bases drawn from `candidates` (or from `fallback` if fewer than two)."""
    pool = candidates if len(candidates) >= 2 else fallback
    a = pool[rng.randrange(len(pool))]
    b = rng.choice([c for c in pool if c != a])
    return a, b


@register
class BaseConversion(Task):
    """Convert a whole number between bases 2-16. Higher levels use longer numbers (more
    division or multiplication steps) and harder routes: from decimal, to decimal, between
    powers of two (digit regrouping), and finally between two non-decimal bases at least one of
    which is not a power of two, which needs a full pass through an intermediate value; past
    level 10 the numbers grow to 30 decimal digits."""

    name = "arithmetic/base_conversion"
    released_dips = {2: "level 2 folds a two-decimal-digit number from a base up to 8 into decimal, mostly three "
                        "digits, fewer steps than level 1's division into base 2, one per bit"}
    knobs = (
        Knob("decimal_digits", [2, 2, 3, 3, 4, 4, 5, 6, 7, 9, 10, 11, 12, 14, 16, 18, 20, 23, 26, 30], (1, 60),
             doc="decimal digits of the number"),
        Knob("route", ["decimal_to_base", "base_to_decimal", ["decimal_to_base", "base_to_decimal"],
                       "power_of_two", list(ROUTES), ["power_of_two", "base_to_base"]] + ["base_to_base"] * 14,
             choices=ROUTES,
             doc="which bases: from decimal, to decimal, between powers of two, or between two non-decimal bases"),
        Knob("max_base", [2, 8, 9] + [16] * 17, (2, 16),
             doc="largest base used (routes that need two non-decimal bases use at least 2 and 3, or 2 and 4)"),
    )
    answer_format = ("the number written in the target base: its digits, most significant first, using "
                     "letters A-F (either case) for digit values 10-15, without a subscript")
    example = "0"  # the number converted is at least 1: never an answer

    def build(self, rng, params):
        d = params["decimal_digits"]
        n = rng.randint(10 ** (d - 1) if d > 1 else 1, 10 ** d - 1)
        top = params["max_base"]
        route = params["route"]
        non_decimal = [b for b in range(2, top + 1) if b != 10]
        if route == "decimal_to_base":
            src, dst = 10, rng.choice(non_decimal)
        elif route == "base_to_decimal":
            src, dst = rng.choice(non_decimal), 10
        elif route == "power_of_two":
            src, dst = _two(rng, [b for b in (2, 4, 8, 16) if b <= top], [2, 4])
        else:
            src, dst = _two(rng, non_decimal, [2, 3])
            while src & (src - 1) == 0 and dst & (dst - 1) == 0:  # the pool always holds 3
                src, dst = _two(rng, non_decimal, [2, 3])
        shown = to_base(n, src).upper()
        target = to_base(from_base(shown, src), dst)
        letters = " Digit values 10 and above are written as letters (A = 10, B = 11, ..., F = 15)." if max(src, dst) > 10 else ""
        question = f"Convert the base-{src} number {shown} to base {dst}.{letters}"
        return Draft(question, target.upper(), {"digits": target, "base": dst, "source": shown,
                                                "source_base": src})

    def effort(self, problem):
        c = problem.check
        return conversion_work(c["source"], c["source_base"], c["base"])

    def grade(self, answer, problem):
        base = problem.check["base"]
        s = clean(answer)
        m = _SUBSCRIPT.match(s)
        if m:
            s, sub = m.group(1).strip(), int(m.group(2))
            if sub != base:
                return wrong(f"The answer must be written in base {base}.")
        groups = s.split()
        if len(groups) > 1 and not _grouped(groups, 3 if base == 10 else 4 if base in (2, 16) else 0):
            return wrong("Write the digits together: digits separated by spaces read as several numbers.")
        low = "".join(groups).lower()
        prefix = PREFIXES.get(base)
        if prefix and low.startswith(prefix) and len(low) > 2:
            low = low[2:]
        if not low:
            return wrong(f"Give the digits of the number in base {base}.")
        bad = next((ch for ch in low if DIGITS.find(ch) < 0 or DIGITS.find(ch) >= base), None)
        if bad is not None:
            return wrong(f"{bad!r} is not a digit in base {base}.")
        digits = low.lstrip("0") or "0"
        if digits != problem.check["digits"]:
            return wrong(f"That is not the number in base {base}.")
        return right()


def conversion_work(shown: str, src: int, dst: int) -> int:
    """Digit steps of the reference conversion: between two powers of two, one step per bit
    regrouped; otherwise Horner's rule into decimal (one multiply-add per source digit, each on
    the decimal digits accumulated so far) unless the source is decimal, then repeated division
    out of decimal (one division per target digit, each over the decimal digits left) unless
    the target is decimal."""
    n = from_base(shown, src)
    if src & (src - 1) == 0 and dst & (dst - 1) == 0:
        return n.bit_length() + len(shown) + len(to_base(n, dst))
    work = 0
    if src != 10:
        acc = 0
        for ch in shown.lower():
            acc = acc * src + DIGITS.index(ch)
            work += len(str(acc))
    if dst != 10:
        while n:
            work += len(str(n))
            n //= dst
    return work


def _grouped(groups: list[str], size: int) -> bool:
    """Whether space-separated digits are one number in groups of `size` from the right (12 345 in
    decimal, 1 0110 1100 in binary): every group after the first has that length, the first no more."""
    return size > 0 and all(len(g) == size for g in groups[1:]) and 0 < len(groups[0]) <= size
