"""ARC-style 2-D grid puzzles: infer a composition of listed grid operations from examples."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._grids import grid_operations, grid_text, read_square_grid
from ._programs import determined_puzzle, search_effort


def _grid(rng, n: int, palette: list[int], density: float):
    """A square grid with a few coloured cells (never empty, never full)."""
    while True:
        g = "".join(str(palette[rng.randrange(len(palette))]) if rng.random() < density else "0"
                    for _ in range(n * n))
        if 0 < n * n - g.count("0") < n * n:
            return g


@register
class GridTransform2D(Task):
    """ARC-style 2-D puzzles: a square grid of coloured cells (digits, 0 = background) is
    transformed by a hidden composition of listed operations (rotations, mirrors, transpose,
    gravity, shifting, recolouring, colour swaps, outlining). From input/output examples, give
    the output for a test grid. Uniqueness is exact: every composition of up to the stated number
    of listed operations that reproduces the examples is enumerated (deduplicated by its values on
    the example and test grids) and all agree on the test output. Higher levels compose more
    operations (so symmetric ones must be told apart through their combined effect), list more
    distractors and use larger grids with more colours (past level 10: four composed operations on
    grids up to 10 x 10, at a few dozen problems/s). Levels 8-10 can run below 1,000 problems/s
    on one core (a few hundred): the exact enumeration of up to 7^3 compositions over larger grids
    is the cost of proving the answer unique."""

    name = "induction/grid_transform_2d"
    knobs = (
        Knob("n_ops", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="operations composed in the hidden rule"),
        Knob("menu", [3, 4, 5, 4, 5, 6, 7, 5, 6, 7, 8, 9, 10, 6, 7, 7, 8, 8, 9, 9], (1, 20),
             doc="operations listed (the true ones plus distractors)"),
        Knob("size", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10], (2, 10),
             doc="rows (and columns) of each grid"),
        Knob("colors", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 6),
             doc="colours in the palette"),
        Knob("n_examples", [2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 2, 3, 2], (1, 8),
             doc="examples shown at first (more if needed)"),
    )
    answer_format = ("the output grid, rows from top to bottom as strings of digits separated by /, e.g. 120/003/450 "
                     "(one row per line is also accepted)")
    example = "120/003/450"

    def build(self, rng, params):
        n, depth = params["size"], params["n_ops"]
        palette = sorted(rng.sample(range(1, 10), params["colors"]))
        ops = grid_operations(palette)
        structural = [op for op in ops if not op[0].startswith(("recolor", "swap", "outline"))]
        colour_ops = [op for op in ops if op[0].startswith(("recolor", "swap", "outline"))]
        rng.shuffle(colour_ops)
        pool = structural + colour_ops[:4]
        density = 0.3 if n >= 4 else 0.4
        program, menu, examples, test, expected = determined_puzzle(
            rng, pool, depth, params["menu"], params["n_examples"], lambda r: _grid(r, n, palette, density))
        docs = {name: doc for name, doc, _ in ops}
        ops_text = "\n".join(f"- {name}: {docs[name]}" for name in menu)
        how = ("one of these operations" if depth == 1 else
               f"a sequence of 1 to {depth} of these operations, applied one after another in some order "
               "(an operation may be used more than once)")
        shown = "\n\n".join(f"Example {i + 1}:\n{_block(x)}\n->\n{_block(y)}" for i, (x, y) in enumerate(examples))
        question = (f"Each grid below has {n} rows of {n} cells; each digit is a cell's colour and 0 is the empty "
                    f"background. A hidden rule turns each input grid into its output grid. The rule is {how}:\n"
                    f"{ops_text}\n\n{shown}\n\nWhat is the output for this test grid?\n{_block(test)}")
        return Draft(question, grid_text(expected), {"grid": grid_text(expected), "size": n})

    def effort(self, problem):
        # every candidate composition of the listed operations, tried on grids of this many cells
        return search_effort(problem.prompt, problem.params["n_ops"], problem.check["size"] ** 2)

    def grade(self, answer, problem):
        try:
            got = read_square_grid(answer, problem.check["size"])
        except ParseError as exc:
            return refused(exc)
        return right() if grid_text(got) == problem.check["grid"] else wrong("That is not the output grid.")


def _block(g: str) -> str:
    return grid_text(g).replace("/", "\n")
