"""Grids for the ARC-style abstraction tasks: grid primitives (symmetries, recolouring, gravity,
objects), the text of a grid, and the exact hypothesis search that makes every puzzle's answer
unique.

A grid is a tuple of row tuples of ints (0 is the background), hashable so that hypotheses can
be told apart by their values. A family's hypothesis space is its own primitive with every
parameter value, optionally followed by generic invertible stages (the 8 symmetries, a swap of
two colours, a cyclic roll). Because the stages are invertible, q(p(x)) == y exactly when
p(x) == q^-1(y), so the search joins the family's values with the stages' preimages of the
outputs by hashing instead of trying every composition."""
from __future__ import annotations

import random
import re
from functools import lru_cache

from procgym import Draft, Knob, Task
from procgym.kit import NotAnAnswer, read_grid, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

# --------------------------------------------------------------------------- primitives


def identity(g):
    return g


def rot_cw(g):
    return tuple(zip(*g[::-1]))


def rot_ccw(g):
    return tuple(zip(*g))[::-1]


def rot_180(g):
    return tuple(r[::-1] for r in g[::-1])


def mirror(g):
    return tuple(r[::-1] for r in g)


def flip(g):
    return g[::-1]


def transpose(g):
    return tuple(zip(*g))


def anti_transpose(g):
    return rot_180(tuple(zip(*g)))


# (name, forward, inverse)
D4 = (
    ("identity", identity, identity),
    ("rotate 90 clockwise", rot_cw, rot_ccw),
    ("rotate 180", rot_180, rot_180),
    ("rotate 90 counterclockwise", rot_ccw, rot_cw),
    ("mirror left-right", mirror, mirror),
    ("flip upside down", flip, flip),
    ("transpose", transpose, transpose),
    ("anti-transpose", anti_transpose, anti_transpose),
)


def recolor(g, table):
    """Every cell v becomes table[v] (table is a 10-tuple)."""
    get = table.__getitem__
    return tuple(tuple(map(get, r)) for r in g)


def swap_colours(g, a, b):
    if not any(a in r or b in r for r in g):
        return g  # neither colour present: the swap changes nothing
    table = list(range(10))
    table[a], table[b] = b, a
    return recolor(g, tuple(table))


def _swap_entry(a, b):
    fn = (lambda g: swap_colours(g, a, b))
    return (f"swap colours {a} and {b}", fn, fn)


SWAPS = (("identity", identity, identity),) + tuple(_swap_entry(a, b) for a in range(1, 10) for b in range(a + 1, 10))


def roll(g, dr, dc):
    """Cyclic shift dr rows down and dc columns right."""
    h, w = len(g), len(g[0])
    dr, dc = dr % h, dc % w
    if dr:
        g = g[-dr:] + g[:-dr]
    if dc:
        g = tuple(r[-dc:] + r[:-dc] for r in g)
    return g


def _roll_entry(dr, dc):
    return (f"roll {dr} {dc}", lambda g: roll(g, dr, dc), lambda g: roll(g, -dr, -dc))


ROLLS = (("identity", identity, identity),) + tuple(
    _roll_entry(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)

STAGES = {"d4": D4, "swap": SWAPS, "roll": ROLLS}
STAGE_TEXT = {
    "d4": ("then the whole grid is turned by one of its 8 symmetries (rotated by 0, 90, 180 or 270 degrees, "
           "mirrored left-right, flipped upside down, or reflected across either diagonal)"),
    "swap": "then two of the colours 1-9 may be exchanged everywhere (or none)",
    "roll": ("then the grid may be shifted cyclically by one row up or down and/or one column left or right "
             "(cells pushed off one edge come back on the opposite edge)"),
}


def _fall(line, movers):
    """The line with its movable cells slid to its end, stacking; fixed cells stay as walls."""
    out, moving, zeros = [], [], 0
    for v in line:
        if v == 0:
            zeros += 1
        elif movers is None or v in movers:
            moving.append(v)
        else:
            out += [0] * zeros + moving
            out.append(v)
            moving, zeros = [], 0
    return out + [0] * zeros + moving


def gravity(g, direction, movers=None):
    """Cells slide down, up, left or right as far as they can; `movers` (a set of colours, or None
    for all) says which cells move, the others stay put as obstacles."""
    if direction == "right":
        return tuple(tuple(_fall(r, movers)) for r in g)
    if direction == "left":
        return tuple(tuple(_fall(r[::-1], movers)[::-1]) for r in g)
    if direction == "down":
        return transpose(gravity(transpose(g), "right", movers))
    return transpose(gravity(transpose(g), "left", movers))


ORTHO = ((-1, 0), (1, 0), (0, -1), (0, 1))
KING = ORTHO + ((-1, -1), (-1, 1), (1, -1), (1, 1))


@lru_cache(maxsize=512)
def components(g, diagonal=False, same_colour=True):
    """Connected groups of coloured cells, in reading order of their first cell: (colour, cells)
    with cells a sorted tuple of (row, col); colour is that of the first cell. Cached: every
    hypothesis of a family asks for the same grids' objects."""
    h, w = len(g), len(g[0])
    steps = KING if diagonal else ORTHO
    seen = set()
    out = []
    for i in range(h):
        for j in range(w):
            v = g[i][j]
            if not v or (i, j) in seen:
                continue
            seen.add((i, j))
            stack, cells = [(i, j)], []
            while stack:
                a, b = stack.pop()
                cells.append((a, b))
                for da, db in steps:
                    x, y = a + da, b + db
                    if 0 <= x < h and 0 <= y < w and (x, y) not in seen:
                        u = g[x][y]
                        if u and (u == v or not same_colour):
                            seen.add((x, y))
                            stack.append((x, y))
            out.append((v, tuple(sorted(cells))))
    return tuple(out)


def crop(g, cells):
    """The bounding box of `cells`, keeping only those cells (the rest 0)."""
    rows = [a for a, _ in cells]
    cols = [b for _, b in cells]
    r0, c0 = min(rows), min(cols)
    out = [[0] * (max(cols) - c0 + 1) for _ in range(max(rows) - r0 + 1)]
    for a, b in cells:
        out[a - r0][b - c0] = g[a][b]
    return freeze(out)


def freeze(rows):
    return tuple(tuple(r) for r in rows)


def blank(h, w):
    return [[0] * w for _ in range(h)]


def random_shape(rng: random.Random, size: int):
    """A 4-connected set of `size` cells grown at random, moved to the origin."""
    cells = {(0, 0)}
    while len(cells) < size:
        a, b = rng.choice(sorted(cells))
        da, db = rng.choice(ORTHO)
        cells.add((a + da, b + db))
    r0 = min(a for a, _ in cells)
    c0 = min(b for _, b in cells)
    return sorted((a - r0, b - c0) for a, b in cells)


_NEAR = KING + ((0, 0),)


def place(rng: random.Random, grid, shape, colour, tries=30, apart=True):
    """Put `shape` in `colour` at a random free spot of `grid` (a list of lists), not touching any
    coloured cell even diagonally when `apart`. Returns the cells used, or None."""
    h, w = len(grid), len(grid[0])
    sh = max(a for a, _ in shape) + 1
    sw = max(b for _, b in shape) + 1
    if sh > h or sw > w:
        return None
    taken = {(i, j) for i, r in enumerate(grid) if any(r) for j, v in enumerate(r) if v}
    if apart:  # the cells next to a coloured cell are taken too
        taken = {(a + da, b + db) for a, b in taken for da, db in _NEAR}
    for _ in range(tries):
        r, c = rng.randrange(h - sh + 1), rng.randrange(w - sw + 1)
        cells = [(r + a, c + b) for a, b in shape]
        if taken.isdisjoint(cells):
            for a, b in cells:
                grid[a][b] = colour
            return cells
    return None


def scatter(rng: random.Random, h, w, palette, density):
    return freeze([[palette[rng.randrange(len(palette))] if rng.random() < density else 0 for _ in range(w)]
                   for _ in range(h)])


def grid_text(g) -> str:
    """Rows one per line, cells separated by spaces."""
    return "\n".join(" ".join(map(str, r)) for r in g)


_ROW_BRACKETS = re.compile(r"^\[+|\]+,?$")


def read_cells(text: str) -> list[list[str]]:
    """A grid answer, one row per line: digits with or without spaces, or digits separated by commas
    with each row optionally in brackets, as in a list of lists ("[1, 0, 2]," on each line). Bounded
    in size before any work is done."""
    if len(text) > 20_000:
        raise NotAnAnswer("the grid is far too large")
    if "," not in text and "[" not in text:
        return read_grid(text, cell=r"[0-9]")
    lines = [_ROW_BRACKETS.sub("", line.strip()).strip() for line in text.split("\n") if line.strip()]
    return read_grid("\n".join(lines), cell=r"[0-9]", separators=",")


def grid_rows(g) -> list[str]:
    return ["".join(map(str, r)) for r in g]


# --------------------------------------------------------------------------- the hypothesis search


_UNSEEN = object()


class Space:
    """The family's primitives (name, fn), fn(grid) -> grid or None where undefined, each followed
    by one entry of every stage in `stages` (lists of (name, forward, inverse))."""

    def __init__(self, family, stages=()):
        self.family = family
        self._memo = {}  # input grid -> values of the hypotheses: the search reruns on mostly the same inputs
        self.stages = [STAGES[s] for s in stages]
        self.size = len(family)
        for st in self.stages:
            self.size *= len(st)
        self._pre = {}
        self._all_posts = self._posts()

    def apply(self, rule, g):
        p, post = rule
        g = self.family[p][1](g)
        if g is None:
            return None
        for entry in post:
            g = entry[1](g)
        return g

    def random_rule(self, rng: random.Random, hidden=None):
        # the hidden rule is one of `hidden` (family indices; None: any) and uses every stage (never
        # its identity), so a composition really composes
        p = rng.randrange(len(self.family)) if hidden is None else hidden[rng.randrange(len(hidden))]
        return p, tuple(st[rng.randrange(1, len(st))] for st in self.stages)

    def _posts(self):
        """Every composition q of the stages, as the tuple of its entries in order of application."""
        posts = [()]
        for st in self.stages:
            posts = [q + (entry,) for q in posts for entry in st]
        return posts

    def _preimage_list(self, y):
        """q^-1(y) for every composition q, in the order of _posts (cached per output grid)."""
        got = self._pre.get(y)
        if got is None:
            vals = [y]
            for st in reversed(self.stages):  # undo the last stage first
                vals = [entry[2](v) for entry in st for v in vals]
            # vals is ordered with the first stage's entry varying slowest, as in _posts
            got = self._pre[y] = vals
        return got

    def _preimages(self, outputs):
        """{tuple of q^-1(y) over the outputs: [post tuples q]} for every composition q of the stages."""
        lists = [self._preimage_list(y) for y in outputs]
        out = {}
        for q, key in zip(self._all_posts, zip(*lists)):
            out.setdefault(key, []).append(q)
        return out

    def outputs(self, examples, test):
        """The distinct test outputs of every hypothesis that reproduces all the examples."""
        pre = self._preimages([y for _, y in examples])
        first = {key[0] for key in pre}
        xs = [x for x, _ in examples]
        found = set()
        n = len(self.family)
        # per input grid, the value of every hypothesis computed so far (_UNSEEN where not yet)
        memos = [self._memo.get(x) or self._memo.setdefault(x, [_UNSEEN] * n) for x in xs]
        first_memo = memos[0]
        x0 = xs[0]
        for i, (_name, fn) in enumerate(self.family):
            v = first_memo[i]
            if v is _UNSEEN:
                v = first_memo[i] = fn(x0)
            if v is None or v not in first:
                continue
            vals = [v]
            for x, memo in zip(xs[1:], memos[1:]):
                v = memo[i]
                if v is _UNSEEN:
                    v = memo[i] = fn(x)
                if v is None:
                    break
                vals.append(v)
            else:
                posts = pre.get(tuple(vals))
                if posts:
                    t = fn(test)
                    if t is None:
                        continue
                    for q in posts:
                        u = t
                        for entry in q:
                            u = entry[1](u)
                        found.add(u)
        return found


MAX_EXAMPLES = 5
FORMAT_EXAMPLE = ((1, 2), (3, 4))  # the prompt's format example, never an answer


def pose(rng: random.Random, space: Space, draw, n_examples: int, hidden=None, tries: int = 3, restarts: int = 100):
    """A hidden rule, examples and a test input whose output every consistent hypothesis agrees
    on. `draw(rng, family_name)` gives an input grid (it may use the rule's family primitive to
    make a fitting input). Examples are redrawn a few times, then one more is added (at most
    MAX_EXAMPLES); a rule that cannot be pinned down is replaced. Returns (rule, examples, test,
    answer)."""
    for _ in range(restarts):
        rule = space.random_rule(rng, hidden)
        fam = space.family[rule[0]][0]

        seen = set()  # inputs already drawn: no example repeats another or shows the test input

        def pair():
            for _ in range(10):
                x = draw(rng, fam)
                if x is None or x in seen:
                    continue
                y = space.apply(rule, x)
                if y is not None:
                    seen.add(x)
                    return x, y
            return None

        test = pair()
        if test is None or test[1] == test[0] or test[1] == FORMAT_EXAMPLE or not any(any(r) for r in test[1]):
            continue
        examples = [pair() for _ in range(n_examples)]
        if None in examples:
            continue
        while True:
            outs = space.outputs(examples, test[0])
            if len(outs) == 1:
                return rule, examples, test[0], outs.pop()
            if len(examples) >= MAX_EXAMPLES:
                break
            best, fewest = None, None
            for _ in range(tries):
                cand = pair()
                if cand is None:
                    continue
                if len(space.outputs(examples[:-1] + [cand], test[0])) == 1:
                    examples[-1] = cand
                    best = None
                    break
                left = len(space.outputs(examples + [cand], test[0]))
                if fewest is None or left < fewest:
                    best, fewest = cand, left
            else:
                if best is None:
                    break
                examples.append(best)
    raise RuntimeError("no puzzle with a unique answer was found for these knob values")


# --------------------------------------------------------------------------- the task base

SIZE = [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12]
COLORS = [2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6]
STEPS = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3]
EXAMPLES = [4, 4] + [3] * 10 + [2] * 8


def size_knob(levels=SIZE, valid=(3, 16), doc="rows and columns of the input grids (about)"):
    return Knob("size", levels, valid, doc=doc)


def colors_knob(levels=COLORS, valid=(1, 8)):
    return Knob("colors", levels, valid, doc="colours used in the input grids")


def steps_knob(levels=STEPS):
    return Knob("steps", levels, (1, 3), doc="primitives composed in the hidden rule (the family's own, then "
                                             "generic invertible ones)")


def examples_knob(levels=EXAMPLES):
    return Knob("n_examples", levels, (1, MAX_EXAMPLES), doc="example pairs drawn at first (more are added, "
                                                             "up to 5, until the answer is unique)")


class GridRuleTask(Task):
    """Base of the abstraction tasks: a subclass gives the family's primitives, the input drawer,
    the rule's wording and the generic stages its compositions add."""

    answer_format = ("the output grid: one row per line, each cell a digit (spaces between digits are allowed, or "
                     "commas with each row in brackets)")
    example = "1 2\n3 4"
    stage_names: tuple = ("d4", "swap")
    rule_text = ""

    def family(self, params, palette):
        raise NotImplementedError

    def describe(self, params, palette):
        """The wording of the family's rule (a subclass may name the problem's palette or limits)."""
        return self.rule_text

    def draw(self, rng, params, palette, fam):
        raise NotImplementedError

    def usable(self, name, palette):
        """Whether the family primitive `name` may be the hidden rule (one naming a colour the
        grids never use would change nothing)."""
        return True

    def palette(self, rng, params):
        return sorted(rng.sample(range(1, 10), params["colors"]))

    def build(self, rng, params):
        palette = self.palette(rng, params)
        stages = self.stage_names[:params["steps"] - 1]
        space = Space(self.family(params, palette), stages)
        hidden = [i for i, (name, _) in enumerate(space.family) if self.usable(name, palette)]
        _rule, examples, test, answer = pose(rng, space, lambda r, fam: self.draw(r, params, palette, fam),
                                             params["n_examples"], hidden)
        rule = self.describe(params, palette)
        if stages:
            rule += "; " + "; ".join(STAGE_TEXT[s] for s in stages)
        shown = "\n\n".join(f"Example {i + 1}\nInput:\n{grid_text(x)}\nOutput:\n{grid_text(y)}"
                            for i, (x, y) in enumerate(examples))
        question = ("Each grid below is a rectangle of cells; each digit is a cell's colour and 0 is the empty "
                    "background. One hidden rule turns every input grid into its output grid. The rule: "
                    f"{rule}. The same choices are made for every grid.\n\n{shown}\n\n"
                    f"Test input:\n{grid_text(test)}\n\nWhat is the output grid for the test input?")
        cells = sum(len(x) * len(x[0]) + len(y) * len(y[0]) for x, y in examples) + len(test) * len(test[0])
        return Draft(question, grid_text(answer), {"grid": grid_rows(answer), "space": space.size, "cells": cells})

    def effort(self, problem):
        # the hypotheses searched plus the cells read to eliminate them
        return problem.check["space"] + problem.check["cells"]

    def grade(self, answer, problem):
        try:
            got = read_cells(answer)
        except ParseError as exc:
            return refused(exc)
        expected = problem.check["grid"]
        if len(got) != len(expected):
            return wrong(f"The output grid has {len(expected)} rows, not {len(got)}.")
        bad = []
        for i, (row, want) in enumerate(zip(got, expected)):
            if len(row) != len(want):
                return wrong(f"Row {i + 1} of the output grid has {len(want)} cells, not {len(row)}.")
            bad += [(i, j) for j, (a, b) in enumerate(zip(row, want)) if a != b]
        if not bad:
            return right()
        i, j = bad[0]
        return wrong(f"{len(bad)} of the cells are wrong; the first is in row {i + 1}, column {j + 1}.")


def objects_grid(rng: random.Random, h, w, specs):
    """An h x w grid with one random shape per (size, colour) in `specs` that fits, no two touching
    (not even diagonally), so that each is one connected object; None when fewer than two fit."""
    grid = blank(h, w)
    placed = sum(place(rng, grid, random_shape(rng, size), colour) is not None for size, colour in specs)
    return freeze(grid) if placed >= 2 else None
