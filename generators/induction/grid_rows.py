"""ARC-style 1-D grid transformations: infer a composition of row operations from examples."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import strip_brackets
from procgym.verdict import right, wrong

from ._programs import consistent_outputs, search_effort


def shift(row, k):
    n = len(row)
    if k > 0:
        return (0,) * k + row[:n - k]
    return row[-k:] + (0,) * (-k)


def gravity(row, right_side):
    cells = tuple(c for c in row if c)
    pad = (0,) * (len(row) - len(cells))
    return pad + cells if right_side else cells + pad


def fill_between(row):
    """Fill the background cells between two nearest nonzero cells of the same colour."""
    out = list(row)
    last = {}
    prev_i, prev_c = None, None
    for i, c in enumerate(row):
        if c:
            if prev_c == c and i - prev_i > 1:
                for j in range(prev_i + 1, i):
                    out[j] = c
            prev_i, prev_c = i, c
    return tuple(out)


def recolor(row, a, b):
    return tuple(b if c == a else c for c in row)


def operations():
    """Every operation the tasks may list: (name, description, function on a tuple row)."""
    ops = []
    for k in (1, 2, 3):
        ops.append((f"shift right {k}", f"move every cell {k} place(s) to the right; cells pushed past the end "
                    "disappear and the emptied cells become 0", (lambda k: lambda r: shift(r, k))(k)))
        ops.append((f"shift left {k}", f"move every cell {k} place(s) to the left; cells pushed past the start "
                    "disappear and the emptied cells become 0", (lambda k: lambda r: shift(r, -k))(k)))
    ops.append(("mirror", "reverse the row", lambda r: r[::-1]))
    ops.append(("gravity left", "slide all nonzero cells to the left end, keeping their order",
                lambda r: gravity(r, False)))
    ops.append(("gravity right", "slide all nonzero cells to the right end, keeping their order",
                lambda r: gravity(r, True)))
    ops.append(("fill", "for every two nonzero cells of the same colour with only 0s between them, "
                "fill those 0s with that colour", fill_between))
    for a in range(1, 10):
        for b in range(1, 10):
            if a != b:
                ops.append((f"recolor {a} to {b}", f"change every cell of colour {a} to colour {b}",
                            (lambda a, b: lambda r: recolor(r, a, b))(a, b)))
    return ops


OPS = operations()
BY_NAME = {name: (name, doc, fn) for name, doc, fn in OPS}


def apply_ops(names, row):
    row = tuple(row)
    for n in names:
        row = BY_NAME[n][2](row)
    return row


def row_text(row) -> str:
    return "".join(str(c) for c in row)


@register
class GridTransform(Task):
    """ARC-style 1-D puzzles: a row of coloured cells (digits, 0 = background) is transformed by
    a hidden composition of 1-4 listed operations (shifts, mirror, gravity, fill between
    same-coloured cells, recolouring). From input/output examples, give the output for a test
    row. Uniqueness is exact: every composition of up to the stated number of listed operations
    that reproduces the examples is enumerated (deduplicated by its values on the example and
    test rows) and all must agree on the test output. Higher levels compose more operations,
    list more distractor operations, widen rows and use more colours and objects. From level 7 on
    (three composed operations) the exact enumeration keeps generation below 1,000 problems/s
    (about 200-500)."""

    name = "induction/grid_transform"
    knobs = (
        Knob("n_ops", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="operations composed in the hidden rule"),
        Knob("menu", [4, 5, 6, 5, 5, 6, 7, 6, 6, 7, 8, 9, 10, 6, 7, 7, 8, 8, 9, 9], (1, 20),
             doc="operations listed (true ones plus distractors)"),
        Knob("width", [8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 22, 24, 25, 26, 28, 30, 32, 34], (4, 40),
             doc="cells per row"),
        Knob("colors", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6], (1, 6),
             doc="colours in the palette"),
        Knob("n_examples", [3] * 10 + [3, 3, 3, 3, 3, 2, 3, 2, 3, 2], (2, 8),
             doc="examples shown at first (more if needed)"),
    )
    answer_format = ("the output row as a string of digits with one digit per cell, e.g. 0012200300 "
                     "(spaces or commas between the digits are allowed)")
    example = "0012200300"

    def _row(self, rng, width, palette):
        row = [0] * width
        for _ in range(rng.randint(2, max(2, width // 3))):
            c = rng.choice(palette)
            length = rng.choice((1, 1, 2, 3))
            start = rng.randrange(width)
            for j in range(start, min(width, start + length)):
                row[j] = c
        if rng.random() < 0.6:  # a same-coloured pair with a gap, so that fill has something to do
            c = rng.choice(palette)
            i = rng.randrange(max(1, width - 3))
            j = min(width - 1, i + rng.randint(2, 4))
            row[i], row[j] = c, c
        return tuple(row)

    def build(self, rng, params):
        width, depth = params["width"], params["n_ops"]
        palette = rng.sample(range(1, 10), params["colors"])
        structural = [n for n, _, _ in OPS if not n.startswith("recolor")]
        recolors = [f"recolor {a} to {b}" for a in palette for b in range(1, 10) if a != b]
        for _attempt in range(300):
            program = []
            for _ in range(depth):
                program.append(rng.choice(recolors) if rng.random() < 0.3 else rng.choice(structural))
            distractors = [n for n in structural + rng.sample(recolors, min(4, len(recolors))) if n not in program]
            rng.shuffle(distractors)
            menu = sorted(set(program) | set(distractors[:max(0, params["menu"] - len(set(program)))]),
                          key=list(BY_NAME).index)
            examples = []
            for _ in range(params["n_examples"]):
                x = self._row(rng, width, palette)
                examples.append((x, apply_ops(program, x)))
            if all(x == y for x, y in examples) or any(not any(y) for _, y in examples):
                continue
            test = self._row(rng, width, palette)
            expected = apply_ops(program, test)
            if expected == test:
                continue
            prims = [(n, BY_NAME[n][2]) for n in menu]
            for _extra in range(3):
                if consistent_outputs(prims, depth, examples, test) == {expected}:
                    break
                x = self._row(rng, width, palette)
                examples.append((x, apply_ops(program, x)))
            else:
                continue
            break
        else:
            raise RuntimeError("no determined grid puzzle found")
        ops_text = "\n".join(f"- {n}: {BY_NAME[n][1]}" for n in menu)
        how = ("one of these operations" if depth == 1 else
               f"a sequence of 1 to {depth} of these operations, applied one after another in some order "
               "(an operation may be used more than once)")
        shown = "\n".join(f"{row_text(x)} -> {row_text(y)}" for x, y in examples)
        question = (f"Each row below is a line of {width} cells; each digit is a cell's colour and 0 is the empty "
                    f"background. A hidden rule turns each input row into its output row. The rule is {how}:\n"
                    f"{ops_text}\n\nExamples (input -> output):\n{shown}\n\n"
                    f"What is the output for the test row {row_text(test)}?")
        return Draft(question, row_text(expected), {"row": row_text(expected)})

    def effort(self, problem):
        # every candidate composition of the listed operations, tried on rows of this many cells
        return search_effort(problem.prompt, problem.params["n_ops"], len(problem.check["row"]))

    def grade(self, answer, problem):
        # one digit per cell; spaces or commas may stand between the digits (the prompt allows them)
        pieces = re.split(r"[\s,]+", strip_brackets(answer.strip()))
        expected = problem.check["row"]
        if not all(re.fullmatch(r"[0-9]+", piece) for piece in pieces):
            return wrong("Not an answer: write the row as digits, one per cell.")
        s = "".join(pieces)
        if len(s) != len(expected):
            return wrong(f"The row must have {len(expected)} cells.")
        return right() if s == expected else wrong("That is not the output row.")
