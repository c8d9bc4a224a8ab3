"""Check digits: the Luhn algorithm (card numbers) and ISBN-10 / ISBN-13, to compute, repair and validate."""
from __future__ import annotations

import re
from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, grade_set, read_choice, refused
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._check_digits import (hyphenate, isbn10_check, isbn10_valid, isbn13_check, isbn13_valid, luhn_check_digit,
                            luhn_valid, read_check_digit, read_isbn13)

LUHN_RULE = ("The Luhn check: starting from the rightmost digit (the check digit) and moving left, double every "
             "second digit (the 2nd, 4th, ... from the right); when a doubled digit exceeds 9, subtract 9 from it. "
             "Add up all the resulting digits (doubled and not). The number passes when the total is a multiple of 10.")
ISBN_RULE = ("ISBN-10: ten characters d1 ... d10, where d10 may be X meaning 10; it is valid when "
             "10*d1 + 9*d2 + 8*d3 + ... + 2*d9 + 1*d10 is a multiple of 11. ISBN-13: thirteen digits; it is valid when "
             "d1 + 3*d2 + d3 + 3*d4 + ... + 3*d12 + d13 (weights alternating 1 and 3) is a multiple of 10. "
             "Hyphens carry no meaning.")


def _digits(rng, n: int, lead: bool = True) -> str:
    first = str(rng.randint(1, 9)) if lead else str(rng.randrange(10))
    return first + "".join(str(rng.randrange(10)) for _ in range(n - 1))


def _corrupt(rng, number: str, kinds: tuple) -> str:
    """A near miss of a valid number: one digit changed, or two neighbouring digits exchanged
    (including the pairs a check digit scheme cannot see, which leave the number valid)."""
    chars = list(number)
    kind = kinds[rng.randrange(len(kinds))]
    if kind == "transpose":
        spots = [i for i in range(len(chars) - 1) if chars[i] != chars[i + 1] and chars[i + 1] != "X"]
        if spots:
            i = spots[rng.randrange(len(spots))]
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
            return "".join(chars)
    i = rng.randrange(len(chars) - (1 if chars[-1] == "X" else 0))
    chars[i] = str((int(chars[i]) + rng.randint(1, 9)) % 10)
    return "".join(chars)


def _grade_labels(answer: str, expected: list[str], n: int):
    """The set of valid numbers' letters: comma-separated, or without commas space-separated."""
    labels = node_labels(n)
    listed = answer if "," in answer else ", ".join(answer.split())
    return grade_set(listed, expected, lambda t: read_choice(t, labels), "the set of valid numbers")


def _grade_digit(answer: str, expected: str, allow_x: bool = False):
    try:
        got = read_check_digit(answer, allow_x)
    except NotAnAnswer as exc:
        return refused(exc)
    return right() if got == expected else wrong("That digit does not make the number valid.")


def _digit_example(rng, digit: str, allow_x: bool = False) -> str:
    """The example for a one-character answer: drawn (the build's last draw) uniformly from the
    digits (and X where X is allowed) other than the answer, so that it rules out only itself."""
    others = [d for d in "0123456789" + ("X" if allow_x else "") if d != digit]
    return others[rng.randrange(len(others))]


def luhn_work(digits: int) -> int:
    """Digit steps of a Luhn sum: each digit is added, every second one doubled first."""
    return digits + digits // 2


def isbn_work(number: str) -> int:
    """Digit steps of an ISBN weighted sum: each digit is added, multiplied first unless its
    weight is 1, and the total is reduced once."""
    if len(number) == 10:
        return 10 + 9 + 1  # ISBN-10: weights 10 down to 1
    return 13 + 6 + 1  # ISBN-13: weights 1 and 3


# solving for one missing digit: each of the 10 candidates is tried against the partial sum
CANDIDATES = 10


# the example for a list of valid numbers: at most 20 numbers are listed (A to T), so a list with Y
# and Z is never an answer
LABELS_EXAMPLE = "Y, Z"


@register
class Luhn(Task):
    """The Luhn checksum used by payment card numbers. Levels climb from computing the check
    digit of a short number, to finding a missing digit anywhere in a long number (so whether
    it is doubled matters and the equation must be solved backwards), to deciding which of
    several numbers pass, where the decoys include neighbouring digits exchanged; the exchange
    of 0 and 9 is invisible to the Luhn check, so such a decoy still passes."""

    name = "ciphers/luhn"
    released_dips = {
        5: "levels alternate between validating several numbers and finding one missing digit",
        7: "levels alternate between validating several numbers and finding one missing digit",
    }
    knobs = (
        Knob("mode", ["check_digit", "check_digit", "check_digit", "validate", "missing", "validate", "missing",
             "validate", ["missing", "validate"], "validate"] + ["validate"] * 10,
             choices=("check_digit", "missing", "validate"),
             doc="compute the check digit, find a missing digit, or pick out the valid numbers"),
        Knob("n_digits", [6, 8, 10, 8, 12, 12, 16, 16, 16, 19, 19, 19, 20, 20, 22, 22, 24, 24, 26, 28], (4, 40),
             doc="digits per number (check digit included)"),
        Knob("n_numbers", [1, 1, 1, 3, 1, 4, 1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20], (1, 20),
             doc="numbers to check (validate mode)"),
    )
    answer_format = "as asked"
    example = "7"

    def build(self, rng, params):
        mode, n = params["mode"], params["n_digits"]
        if mode == "check_digit":
            payload = _digits(rng, n - 1)
            digit = luhn_check_digit(payload)
            question = (f"{LUHN_RULE}\n\nWhich digit must be appended to the right of {payload} so that the resulting "
                        f"{n}-digit number passes the Luhn check?")
            return Draft(question, digit, {"mode": mode, "digit": digit},
                         answer_format="a single digit", example=_digit_example(rng, digit))
        if mode == "missing":
            payload = _digits(rng, n - 1)
            number = payload + luhn_check_digit(payload)
            i = rng.randrange(n)
            shown = number[:i] + "?" + number[i + 1:]
            solutions = [d for d in "0123456789" if luhn_valid(shown.replace("?", d))]
            question = (f"{LUHN_RULE}\n\nThe number {shown} passes the Luhn check, but one digit (shown as ?) is "
                        "missing. Which digit is it?")
            return Draft(question, solutions[0], {"mode": mode, "digit": solutions[0]},
                         answer_format="a single digit", example=_digit_example(rng, solutions[0]))
        numbers = []
        for _ in range(params["n_numbers"]):
            payload = _digits(rng, n - 1)
            number = payload + luhn_check_digit(payload)
            if rng.random() < 0.6:
                if rng.random() < 0.3 and ("09" in number[:-1] or "90" in number[:-1]):
                    i = max(number.find("09"), number.find("90"))
                    number = number[:i] + number[i + 1] + number[i] + number[i + 2:]
                else:
                    number = _corrupt(rng, number, ("digit", "transpose"))
            numbers.append(number)
        labels = node_labels(len(numbers))
        valid = [lab for lab, num in zip(labels, numbers) if luhn_valid(num)]
        listing = "\n".join(f"{lab}. {num}" for lab, num in zip(labels, numbers))
        question = f"{LUHN_RULE}\n\nWhich of these numbers pass the Luhn check?\n{listing}"
        return Draft(question, ", ".join(valid) if valid else "none", {"mode": mode, "valid": valid, "n": len(numbers)},
                     answer_format="the letters of the numbers that pass, comma-separated (none if no number passes)",
                     example=LABELS_EXAMPLE)

    def effort(self, problem):
        # a check digit: one Luhn sum; a missing digit: the sum of the known digits, then each
        # candidate tried; validation: one full sum per number
        mode, n = problem.check["mode"], problem.params["n_digits"]
        if mode == "check_digit":
            return luhn_work(n - 1) + 1
        if mode == "missing":
            return luhn_work(n) + CANDIDATES
        return problem.check["n"] * luhn_work(n)

    def grade(self, answer, problem):
        c = problem.check
        if c["mode"] == "validate":
            return _grade_labels(answer, c["valid"], c["n"])
        return _grade_digit(answer, c["digit"])


def _isbn(rng, kind: str) -> str:
    if kind == "10":
        first9 = _digits(rng, 9, lead=False)
        return first9 + isbn10_check(first9)
    first12 = rng.choice(["978", "979"]) + _digits(rng, 9, lead=False)
    return first12 + isbn13_check(first12)


@register
class Isbn(Task):
    """ISBN-10 (weighted sum modulo 11, with X for 10) and ISBN-13 (weights 1 and 3, modulo 10).
    Levels climb from computing a check digit, to converting an ISBN-10 to its ISBN-13 (prefix
    978 and a new check digit), to finding a missing digit (a modular equation whose weight depends
    on the position), to picking out the valid numbers in a mixed, hyphenated list whose decoys
    include exchanged neighbours; ISBN-13 cannot see an exchange of two digits that differ by 5."""

    name = "ciphers/isbn"
    knobs = (
        Knob("mode", ["check13", "check10", ["check10", "check13"], "convert", "missing", ["missing", "validate"],
             "validate", ["missing", "validate"], "validate", "validate"] + ["validate"] * 10,
             choices=("check10", "check13", "convert", "missing", "validate"),
             doc="compute a check digit, convert ISBN-10 to ISBN-13, find a missing digit, or validate a list"),
        Knob("n_numbers", [1, 1, 1, 1, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20], (1, 20),
             doc="ISBNs to check (validate mode)"),
        Knob("hyphens", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="write the ISBNs with hyphens between groups"),
    )
    answer_format = "as asked"
    example = "X"

    def build(self, rng, params):
        mode = params["mode"]
        show = (lambda s: hyphenate(s, rng)) if params["hyphens"] else (lambda s: s)
        if mode in ("check10", "check13"):
            kind = mode[-2:]
            body = _digits(rng, 9 if kind == "10" else 12, lead=False)
            if kind == "13":
                body = rng.choice(["978", "979"]) + body[3:]
            digit = isbn10_check(body) if kind == "10" else isbn13_check(body)
            question = (f"{ISBN_RULE}\n\nThese are the first {len(body)} digits of an ISBN-{kind}: {body}. "
                        "What is its check character (the last one)?")
            fmt = "a single digit, or X for 10" if kind == "10" else "a single digit"
            return Draft(question, digit, {"mode": mode, "digit": digit, "x": kind == "10"}, answer_format=fmt,
                         example=_digit_example(rng, digit, kind == "10"))
        if mode == "convert":
            isbn10 = _isbn(rng, "10")
            first12 = "978" + isbn10[:9]
            isbn13 = first12 + isbn13_check(first12)
            question = (f"{ISBN_RULE}\n\nAn ISBN-10 becomes an ISBN-13 by writing 978 in front of its first nine "
                        "digits (dropping its old check character) and appending a new ISBN-13 check digit. "
                        f"Convert the ISBN-10 {show(isbn10)} to ISBN-13.")
            return Draft(question, isbn13, {"mode": mode, "isbn": isbn13},
                         answer_format="the 13 digits of the ISBN-13 (hyphens allowed)",
                         example="9780306406150")  # its check digit should be 7: never a valid ISBN-13
        if mode == "missing":
            kind = rng.choice(["10", "13"])
            number = _isbn(rng, kind)
            i = rng.randrange(len(number) - (1 if number[-1] == "X" else 0))
            shown = number[:i] + "?" + number[i + 1:]
            check = isbn10_valid if kind == "10" else isbn13_valid
            solutions = [d for d in "0123456789" if check(shown.replace("?", d))]
            question = (f"{ISBN_RULE}\n\nThe ISBN-{kind} {shown} is valid, but one digit (shown as ?) is missing. "
                        "Which digit is it?")
            return Draft(question, solutions[0], {"mode": mode, "digit": solutions[0], "x": False},
                         answer_format="a single digit", example=_digit_example(rng, solutions[0]))
        numbers = []
        for _ in range(params["n_numbers"]):
            kind = rng.choice(["10", "13"])
            number = _isbn(rng, kind)
            if rng.random() < 0.6:
                fives = [j for j in range(len(number) - 1) if number[j + 1] != "X"
                         and abs(int(number[j]) - int(number[j + 1])) == 5]
                if kind == "13" and fives and rng.random() < 0.4:
                    j = fives[rng.randrange(len(fives))]
                    number = number[:j] + number[j + 1] + number[j] + number[j + 2:]
                else:
                    number = _corrupt(rng, number, ("digit", "transpose"))
            numbers.append(number)
        labels = node_labels(len(numbers))
        valid = [lab for lab, num in zip(labels, numbers) if (isbn10_valid(num) if len(num) == 10 else isbn13_valid(num))]
        listing = "\n".join(f"{lab}. {show(num)}" for lab, num in zip(labels, numbers))
        question = f"{ISBN_RULE}\n\nWhich of these ISBNs are valid?\n{listing}"
        return Draft(question, ", ".join(valid) if valid else "none", {"mode": mode, "valid": valid, "n": len(numbers)},
                     answer_format="the letters of the valid ISBNs, comma-separated (none if no ISBN is valid)",
                     example=LABELS_EXAMPLE)

    def effort(self, problem):
        # a check character or a conversion: one weighted sum; a missing digit: the sum of the
        # known digits, then each candidate tried; validation: one sum per number
        c = problem.check
        question = problem.prompt.split("\n\n", 1)[1]  # after the rules
        if c["mode"] in ("check10", "check13", "convert"):
            return isbn_work("0" * (10 if c["mode"] == "check10" else 13))
        if c["mode"] == "missing":
            shown = re.search(r"The ISBN-\d+ ([0-9X?]+) is valid", question).group(1)
            return isbn_work(shown) + CANDIDATES
        listing = question.split("\n", 1)[1].split("\n\n", 1)[0]
        numbers = [line.split(". ", 1)[1].replace("-", "") for line in listing.splitlines()]
        return sum(isbn_work(number) for number in numbers)

    def grade(self, answer, problem):
        c = problem.check
        if c["mode"] == "validate":
            return _grade_labels(answer, c["valid"], c["n"])
        if c["mode"] == "convert":
            try:
                got = read_isbn13(answer)
            except NotAnAnswer as exc:
                return refused(exc)
            return right() if got == c["isbn"] else wrong("That is not the ISBN-13 of this book.")
        return _grade_digit(answer, c["digit"], c["x"])
