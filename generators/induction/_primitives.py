"""The operations the hidden-program puzzles list (induction category): on words for the
string-program task, on whole numbers for the number-function task.

Every operation is (name, description, function); a function returns None where it is undefined
(a value grown too large, an empty string), which the enumerator in _programs.py treats as "this
program does not apply"."""
from __future__ import annotations


def _shift(s: str, k: int) -> str:
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) for c in s)


def string_operations(letters: str):
    """(name, description, function) for every string operation a problem may list."""
    ops = [
        ("reverse", "reverse the string", lambda s: s[::-1]),
        ("rotate left", "move the first letter to the end", lambda s: s[1:] + s[:1]),
        ("rotate right", "move the last letter to the front", lambda s: s[-1:] + s[:-1]),
        ("drop first", "delete the first letter", lambda s: s[1:] or None),
        ("drop last", "delete the last letter", lambda s: s[:-1] or None),
        ("double letters", "write every letter twice (ab becomes aabb)",
         lambda s: "".join(c + c for c in s) if len(s) <= 20 else None),
        ("sort", "sort the letters alphabetically", lambda s: "".join(sorted(s))),
        ("dedupe", "delete every letter that already appeared earlier in the string",
         lambda s: "".join(dict.fromkeys(s))),
        ("swap pairs", "swap the 1st and 2nd letters, the 3rd and 4th, and so on (a last odd letter stays)",
         lambda s: "".join(s[i + 1] + s[i] for i in range(0, len(s) - 1, 2)) + (s[-1] if len(s) % 2 else "")),
        ("next letter", "replace every letter by the next one in the alphabet (z becomes a)", lambda s: _shift(s, 1)),
        ("mirror append", "append the reversed string (abc becomes abccba)",
         lambda s: s + s[::-1] if len(s) <= 20 else None),
    ]
    for a in letters:
        ops.append((f"delete {a}", f"delete every {a}", (lambda a: lambda s: s.replace(a, "") or None)(a)))
        for b in letters:
            if a != b:
                ops.append((f"{a} to {b}", f"replace every {a} by {b}", (lambda a, b: lambda s: s.replace(a, b))(a, b)))
    return ops


# =========================================================================== numbers

NUMBER_LIMIT = 10**9


def _digits_sorted(n: int, reverse: bool) -> int:
    return int("".join(sorted(str(n), reverse=reverse)))


def _bounded(v: int) -> int | None:
    return v if 0 <= v <= NUMBER_LIMIT else None


def number_operations():
    """(name, description, function) for every operation on a non-negative integer a problem may list."""
    ops = [
        ("digit sum", "replace the number by the sum of its digits", lambda n: sum(map(int, str(n)))),
        ("reverse digits", "write the digits in reverse order (leading zeros vanish: 120 becomes 21)",
         lambda n: int(str(n)[::-1])),
        ("sort digits up", "sort the digits in increasing order (leading zeros vanish)",
         lambda n: _digits_sorted(n, False)),
        ("sort digits down", "sort the digits in decreasing order", lambda n: _digits_sorted(n, True)),
        ("drop last digit", "delete the last digit (a one-digit number becomes 0)", lambda n: n // 10),
        ("square", "square the number", lambda n: _bounded(n * n)),
        ("halve", "divide by 2, rounding down", lambda n: n // 2),
        ("minus reverse", "subtract the digit-reversed number and take the absolute value (|n - reverse(n)|)",
         lambda n: abs(n - int(str(n)[::-1]))),
    ]
    for c in (1, 2, 3, 5, 7, 10):
        ops.append((f"add {c}", f"add {c}", (lambda c: lambda n: _bounded(n + c))(c)))
    for c in (2, 3, 5, 11):
        ops.append((f"times {c}", f"multiply by {c}", (lambda c: lambda n: _bounded(n * c))(c)))
    for c in (1, 3, 7):
        ops.append((f"append {c}", f"write the digit {c} at the end (12 becomes 12{c})",
                    (lambda c: lambda n: _bounded(10 * n + c))(c)))
    for c in (10, 100):
        ops.append((f"mod {c}", f"keep the remainder after dividing by {c}", (lambda c: lambda n: n % c)(c)))
    return ops
