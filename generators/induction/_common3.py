"""Helpers for the 2-D grid, string-program, number-function and operation-cycle tasks
(induction category): the primitive operations each task lists, and answer readers.

Every primitive is (name, description, function); a function returns None where it is
undefined (a value grown too large, an empty string), which the enumerator in _common.py treats
as "this program does not apply"."""
from __future__ import annotations

import re

# =========================================================================== 2-D grids
# A grid is a string of n*n digits in reading order (0 is the background): strings hash fast,
# permutations of cells are one itemgetter call and recolouring is one str.translate.
from functools import lru_cache
from operator import itemgetter


@lru_cache(maxsize=None)
def _perm(n: int, kind: str):
    """An itemgetter that rearranges the cells of an n x n grid."""
    if kind == "rot_cw":  # new (i, j) takes old (n-1-j, i)
        idx = [(n - 1 - j) * n + i for i in range(n) for j in range(n)]
    elif kind == "rot_ccw":
        idx = [j * n + (n - 1 - i) for i in range(n) for j in range(n)]
    elif kind == "rot_180":
        idx = list(range(n * n - 1, -1, -1))
    elif kind == "mirror":
        idx = [i * n + (n - 1 - j) for i in range(n) for j in range(n)]
    elif kind == "flip":
        idx = [(n - 1 - i) * n + j for i in range(n) for j in range(n)]
    else:  # transpose
        idx = [j * n + i for i in range(n) for j in range(n)]
    return itemgetter(*idx)


def permute(g: str, kind: str) -> str:
    n = _side(g)
    return "".join(_perm(n, kind)(g))


@lru_cache(maxsize=None)
def _side_of(length: int) -> int:
    n = int(round(length ** 0.5))
    return n


def _side(g: str) -> int:
    return _side_of(len(g))


def _rows(g: str, n: int) -> list[str]:
    return [g[i:i + n] for i in range(0, n * n, n)]


def gravity_down(g: str) -> str:
    n = _side(g)
    cols = _rows(permute(g, "transpose"), n)  # each column, top to bottom
    return permute("".join(c.replace("0", "").rjust(n, "0") for c in cols), "transpose")


def gravity_up(g: str) -> str:
    n = _side(g)
    cols = _rows(permute(g, "transpose"), n)
    return permute("".join(c.replace("0", "").ljust(n, "0") for c in cols), "transpose")


def gravity_left(g: str) -> str:
    n = _side(g)
    return "".join(r.replace("0", "").ljust(n, "0") for r in _rows(g, n))


def shift_down(g: str) -> str:
    n = _side(g)
    return "0" * n + g[:-n]


@lru_cache(maxsize=None)
def _edge_masks(n: int) -> tuple[int, int, int]:
    """Bit masks over the n*n cells (bit i = cell i from the left of the string): all cells, and
    the cells not in the first column and not in the last column."""
    size = n * n
    full = (1 << size) - 1
    first = sum(1 << (size - 1 - i * n) for i in range(n))  # the bit of column 0 in each row
    last = sum(1 << (size - 1 - (i * n + n - 1)) for i in range(n))
    return full, full & ~first, full & ~last


_NONZERO = str.maketrans("0123456789", "0111111111")


def outline_fill(g: str, c: int) -> str:
    """Colour c on every background cell that touches (up, down, left, right) a non-background
    cell; the neighbourhood test is done on a bit mask of the coloured cells, shifted four ways."""
    n = _side(g)
    full, not_first, not_last = _edge_masks(n)
    bits = int(g.translate(_NONZERO), 2)
    # a cell's right neighbour is the next lower bit; moving a bit up marks its left neighbour
    near = ((bits << 1) & not_last) | ((bits >> 1) & not_first) | ((bits << n) & full) | (bits >> n)
    near &= ~bits
    marks = format(near, "0%db" % (n * n))
    mark = str(c)
    return "".join(mark if m == "1" else v for v, m in zip(g, marks))


def grid_operations(palette) -> list:
    """(name, description, function) for every grid operation a problem may list."""
    return list(_grid_operations(tuple(palette)))


@lru_cache(maxsize=256)
def _grid_operations(palette: tuple) -> tuple:
    ops = [
        ("rotate right", "rotate the grid 90 degrees clockwise", lambda g: permute(g, "rot_cw")),
        ("rotate left", "rotate the grid 90 degrees counterclockwise", lambda g: permute(g, "rot_ccw")),
        ("rotate 180", "rotate the grid 180 degrees", lambda g: permute(g, "rot_180")),
        ("mirror", "mirror the grid left to right (reverse each row)", lambda g: permute(g, "mirror")),
        ("flip", "flip the grid upside down (reverse the order of the rows)", lambda g: permute(g, "flip")),
        ("transpose", "swap rows and columns (the first row becomes the first column)",
         lambda g: permute(g, "transpose")),
        ("gravity down", "let every coloured cell fall to the bottom of its column, keeping their order",
         gravity_down),
        ("gravity up", "let every coloured cell rise to the top of its column, keeping their order", gravity_up),
        ("gravity left", "slide every coloured cell to the left end of its row, keeping their order", gravity_left),
        ("shift down", "move every cell one row down; the bottom row disappears and the top row becomes 0s",
         shift_down),
    ]
    for a in palette:
        for b in range(1, 10):
            if a != b:
                ops.append((f"recolor {a} to {b}", f"change every cell of colour {a} to colour {b}",
                            (lambda t: lambda g: g.translate(t))(str.maketrans(str(a), str(b)))))
    for i, a in enumerate(palette):
        for b in palette[i + 1:]:
            ops.append((f"swap {a} and {b}", f"exchange colours {a} and {b} everywhere",
                        (lambda t: lambda g: g.translate(t))(str.maketrans(f"{a}{b}", f"{b}{a}"))))
    for c in range(1, 10):
        ops.append((f"outline {c}", f"colour {c} every 0 cell that touches a coloured cell up, down, left or right",
                    (lambda c: lambda g: outline_fill(g, c))(c)))
    return tuple(ops)


def grid_text(g: str) -> str:
    """Rows separated by '/'."""
    n = _side(g)
    return "/".join(_rows(g, n))


def read_grid(answer: str, n: int) -> str | None:
    """An n x n grid (as a digit string) from rows of digits separated by '/', ';', '|', newlines
    or spaces (digits within a row may be separated by commas or spaces when rows are on separate
    lines), or the n*n digits in reading order as one block; None when it is not of that form."""
    s = answer.strip().strip("`").strip()
    if len(s) > 2000:
        return None
    s = s.replace("[", " ").replace("]", " ").replace("(", " ").replace(")", " ")
    rows = [r for r in re.split(r"[/;|\n]+", s) if r.strip()]
    if len(rows) == 1:
        rows = rows[0].split()
    rows = [t for t in (re.sub(r"[\s,]", "", r) for r in rows) if t]
    if len(rows) == n and all(len(r) == n and re.fullmatch(r"[0-9]+", r) for r in rows):
        return "".join(rows)
    if len(rows) == 1 and len(rows[0]) == n * n and re.fullmatch(r"[0-9]+", rows[0]):
        return rows[0]  # all the digits in reading order
    return None


# =========================================================================== strings

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


def read_word(answer: str) -> str | None:
    s = answer.strip()
    for _ in range(3):
        s = s.strip().strip("'\"`").strip().rstrip(".")
    return s.lower() if re.fullmatch(r"[A-Za-z]{1,200}", s) else None


# =========================================================================== shared builder

def run_program(fns: dict, program, x):
    """Apply the named operations in order; None as soon as one is undefined."""
    for name in program:
        x = fns[name](x)
        if x is None:
            return None
    return x


def determined_puzzle(rng, ops, depth: int, menu_size: int, n_examples: int, make_input, attempts: int = 300,
                      extra_examples: int = 3):
    """A hidden program of `depth` listed operations, a menu (the program's operations plus
    distractors), examples and a test input whose output is determined: every composition of 1 to
    `depth` menu operations that reproduces the examples gives the same test output (checked
    exactly by `consistent_outputs`). Examples are added, up to `extra_examples` more, while the
    test output is still ambiguous. Returns (program, menu, examples, test, expected)."""
    from ._common import consistent_outputs  # the exact enumerator shared by the induction tasks

    fns = {name: fn for name, _doc, fn in ops}
    names = [name for name, _doc, _fn in ops]
    for _ in range(attempts):
        program = [names[rng.randrange(len(names))] for _ in range(depth)]
        others = [n for n in names if n not in program]
        rng.shuffle(others)
        menu = sorted(set(program) | set(others[:max(0, menu_size - len(set(program)))]), key=names.index)
        examples = []
        for _ in range(n_examples):
            x = make_input(rng)
            y = run_program(fns, program, x)
            if y is None:
                break
            examples.append((x, y))
        if len(examples) < n_examples or all(x == y for x, y in examples):
            continue
        test = make_input(rng)
        expected = run_program(fns, program, test)
        if expected is None or expected == test:
            continue
        prims = [(n, fns[n]) for n in menu]
        for _ in range(extra_examples + 1):
            if consistent_outputs(prims, depth, examples, test) == {expected}:
                return program, menu, examples, test, expected
            x = make_input(rng)
            y = run_program(fns, program, x)
            if y is not None:
                examples.append((x, y))
    raise RuntimeError("no determined puzzle found")


def menu_question(ops, menu, depth: int, examples, test, subject: str) -> str:
    """The prompt of a hidden-rule puzzle: the rule is 1..depth operations from `menu`, shown by
    input -> output examples; `subject` says what the rule maps ("each whole number into another")."""
    docs = {name: doc for name, doc, _ in ops}
    ops_text = "\n".join(f"- {docs[name]}" for name in menu)
    how = ("one of these operations" if depth == 1 else
           f"a sequence of 1 to {depth} of these operations, applied one after another in some order "
           "(an operation may be used more than once)")
    shown = "\n".join(f"{x} -> {y}" for x, y in examples)
    return (f"A hidden rule turns {subject}. The rule is {how}:\n{ops_text}\n\n"
            f"Examples (input -> output):\n{shown}\n\nWhat is the output for {test}?")
