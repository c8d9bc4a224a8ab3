"""Cube nets: fold a net of six lettered squares into a cube (opposite faces, orientation), and
tell valid nets from other hexominoes. Folding is simulated by rolling a cube over the net."""
from __future__ import annotations

import re
from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, read_items, read_token, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._cube import OPPOSITE, SOURCE, VEC

MOVES = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}  # (row, col) steps; rows grow southward


def fold(cells) -> dict | None:
    """Fold a net printed side out: {cell: face position} with the first cell on top, or None
    when the cells are not a cube net (two squares land on the same face).

    The cube rolls over the net from the first cell; each cell is imprinted by the face that
    lands on it. Rolling puts the printed side against the cube (a mirror image of folding
    printed side out), so up and down are swapped at the end to restore the chirality.
    """
    cells = list(cells)
    cellset = set(cells)
    start = cells[0]
    faces = {start: "D"}  # identity orientation: physical face p sits at position p
    queue = deque([(start, {p: p for p in VEC})])
    while queue:
        (r, c), orient = queue.popleft()
        for d, (dr, dc) in MOVES.items():
            nxt = (r + dr, c + dc)
            if nxt not in cellset or nxt in faces:
                continue
            rolled = {p: orient[SOURCE[d][p]] for p in VEC}
            faces[nxt] = rolled["D"]
            queue.append((nxt, rolled))
    if len(faces) != len(cellset) or len(set(faces.values())) != 6 or len(cellset) != 6:
        return None
    swap = {"U": "D", "D": "U"}
    return {cell: swap.get(p, p) for cell, p in faces.items()}


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def face_toward(labels: dict, top: str, north: str, direction: str) -> str:
    """With face `top` up and face `north` facing north, the face pointing `direction`.

    labels maps letter -> face position of the folded cube. A rotation R with R(v_top) = up and
    R(v_north) = north sends R^-1(east) = v_north x v_top, since rotations keep cross products.
    """
    vt, vn = VEC[labels[top]], VEC[labels[north]]
    ve = cross(vn, vt)
    neg = lambda v: tuple(-x for x in v)  # noqa: E731
    want = {"up": vt, "down": neg(vt), "north": vn, "south": neg(vn), "east": ve, "west": neg(ve)}[direction]
    return next(k for k, p in labels.items() if VEC[p] == want)


# ---------------------------------------------------------------- hexominoes

def normalise(cells):
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def symmetries(cells):
    """The 8 rotations and reflections of a shape, normalised."""
    out, shape = [], list(cells)
    for _ in range(4):
        shape = [(c, -r) for r, c in shape]
        out.append(normalise(shape))
        out.append(normalise([(r, -c) for r, c in shape]))
    return out


def free_polyominoes(n: int) -> list[tuple]:
    """All free n-ominoes (up to rotation and reflection), in a fixed order."""
    shapes = {((0, 0),)}
    for _ in range(n - 1):
        grown = set()
        for s in shapes:
            for r, c in s:
                for dr, dc in MOVES.values():
                    cell = (r + dr, c + dc)
                    if cell not in s:
                        grown.add(min(symmetries(s + (cell,))))
        shapes = grown
    return sorted(shapes)


HEXOMINOES = free_polyominoes(6)
POSES = {s: sorted(set(symmetries(s))) for s in HEXOMINOES}
NETS = [s for s in HEXOMINOES if fold(s) is not None]
NON_NETS = [s for s in HEXOMINOES if fold(s) is None]
# the six nets with a row of four squares and one flap on each side ("1-4-1"): the gentle ones
FOUR_ROW_NETS = [s for s in NETS if any(sum(1 for r, _ in t if r == 1) == 4 and max(r for r, _ in t) == 2
                                        for t in symmetries(s))]


def block(cells) -> bool:
    """Whether a shape contains a 2x2 square (such a shape is plainly not a net)."""
    cs = set(cells)
    return any({(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= cs for r, c in cs)


SUBTLE = [s for s in NON_NETS if not block(s)]
BLOCKY = [s for s in NON_NETS if block(s)]


def draw(cells, fill=None) -> list[str]:
    """A shape as rows of text: its letter (or '#') on a cell, '.' elsewhere."""
    h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    grid = [["."] * w for _ in range(h)]
    for cell in cells:
        grid[cell[0]][cell[1]] = fill[cell] if fill else "#"
    return ["".join(row) for row in grid]


def random_pose(rng, shape):
    return rng.choice(POSES[shape])


_NAMED = re.compile(r"(?:shape|face)\s+(\S+)", re.IGNORECASE)


def read_letters(answer: str) -> list[str]:
    """The single letters of a comma-separated answer, upper-cased ("Shape B" is read as B);
    NotAnAnswer for anything else."""
    out = []
    for item in read_items(answer, separators=",;"):
        m = _NAMED.fullmatch(item)
        out.append(read_token(m.group(1) if m else item, r"[A-Za-z]", "one letter per item").upper())
    return out


def shapes_in(prompt: str) -> list[set]:
    """The shapes drawn in a cube_net_validity prompt, as sets of (row, col) cells."""
    out = []
    for block_text in re.findall(r"Shape [A-Z]:\n((?:[#.]+\n?)+)", prompt):
        rows = block_text.split()
        out.append({(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"})
    return out


# what else a model writes for "no shape": an empty list, or the words
NO_SHAPE = {"[]", "no shapes", "no shape", "none of them"}


LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O, which read like digits


@register
class CubeNetFaces(Task):
    """Fold a lettered cube net and answer questions about the cube: which face is opposite a
    given face, and (higher levels) which face points a given way when the cube is set down with
    one face on top and another facing north, which needs the cube's handedness. Higher levels
    ask more questions and use all eleven nets, not only those with a row of four."""

    name = "spatial/cube_net_faces"
    knobs = (
        Knob("n_questions", [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 12], (1, 16),
             doc="questions about the folded cube"),
        Knob("orientation_share", [0, 0, 0, 0, 34, 50, 67, 75, 100, 100] + [100] * 10, (0, 100),
             doc="percent of questions about orientation rather than opposite faces"),
        Knob("all_nets", [False, False] + [True] * 18, doc="draw from all 11 nets (else only the 1-4-1 nets)"),
    )
    answer_format = "the letters answering the questions, in order, comma-separated (one letter per question)"
    example = "K,O"  # O is never a face's letter (no I or O): never an answer

    def build(self, rng, params):
        shape = random_pose(rng, rng.choice(NETS if params["all_nets"] else FOUR_ROW_NETS))
        names = rng.sample(LETTERS, 6)
        cells = list(shape)
        rng.shuffle(cells)
        fill = dict(zip(cells, names))
        labels = {fill[c]: p for c, p in fold(cells).items()}
        questions, answers = [], []
        for _ in range(params["n_questions"]):
            a = rng.choice(names)
            if rng.randrange(100) < params["orientation_share"]:
                b = rng.choice([n for n in names if n != a and labels[n] != OPPOSITE[labels[a]]])
                d = rng.choice(["east", "west"])
                questions.append(f"The cube is set down with {a} on top and {b} facing north. "
                                 f"Which face points {d}?")
                answers.append(face_toward(labels, a, b, d))
            else:
                questions.append(f"Which face is opposite {a}?")
                answers.append(next(n for n in names if labels[n] == OPPOSITE[labels[a]]))
        listing = "\n".join(f"{i}. {q}" for i, q in enumerate(questions, 1))
        compass = ("Compass directions: north is away from you and east is to your right, as you look "
                   "at the cube from the south.\n" if any("north" in q for q in questions) else "")
        question = ("This net of six squares (each letter is one square; '.' is empty) folds into a cube, "
                    "with the letters on the outside:\n" + "\n".join(draw(shape, fill)) + "\n\n"
                    + compass + listing)
        return Draft(question, ",".join(answers), {"answers": answers})

    def effort(self, problem):
        # folding places the six faces; an opposite face is then read off in one step, while an
        # orientation question places the top and north faces and applies the cube's handedness
        orientation = problem.prompt.count("Which face points")
        opposite = problem.prompt.count("Which face is opposite")
        return 6 + opposite + 3 * orientation

    def grade(self, answer, problem):
        expected = problem.check["answers"]
        try:
            given = read_letters(answer)
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} letter(s), one per question.")
        return right() if given == expected else wrong("At least one answer is wrong.")


@register
class CubeNetValidity(Task):
    """Which of several six-square shapes fold into a cube? Higher levels show more shapes and
    replace the plainly invalid ones (with a 2x2 block) by shapes that look like nets."""

    name = "spatial/cube_net_validity"
    knobs = (
        Knob("n_shapes", [2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16], (1, 20),
             doc="shapes shown"),
        Knob("subtle_percent", [0, 0, 30, 50, 60, 70, 80, 90, 100, 100] + [100] * 10, (0, 100),
             doc="percent of invalid shapes without a 2x2 block (harder to rule out)"),
    )
    answer_format = "the labels of all shapes that fold into a cube, comma-separated in any order, or none"
    example = "B,Z"  # there are at most 20 shapes (labels A to V), so none is Z: never an answer

    def build(self, rng, params):
        subtle, blocky = SUBTLE, BLOCKY
        shapes, valid = [], []
        for i in range(params["n_shapes"]):
            if rng.random() < 0.5:
                base = rng.choice(NETS)
            else:
                base = rng.choice(subtle if rng.randrange(100) < params["subtle_percent"] else blocky)
            shape = random_pose(rng, base)
            shapes.append(shape)
            if fold(shape) is not None:
                valid.append(LETTERS[i])
        blocks = "\n\n".join(f"Shape {LETTERS[i]}:\n" + "\n".join(draw(s)) for i, s in enumerate(shapes))
        question = ("Each shape below is made of six unit squares ('#' is a square, '.' is empty). A shape is a "
                    "cube net if it can be folded along the square edges into a closed cube, each square "
                    f"becoming one face.\n\n{blocks}\n\nWhich shapes are cube nets?")
        return Draft(question, ",".join(valid) if valid else "none",
                     {"valid": valid, "labels": list(LETTERS[:len(shapes)])})

    def effort(self, problem):
        # a shape with a 2x2 block is ruled out at a glance; any other is folded square by square
        return sum(1 if block(shape) else 6 for shape in shapes_in(problem.prompt))

    def grade(self, answer, problem):
        valid = set(problem.check["valid"])
        if is_none(answer) or " ".join(answer.lower().split()) in NO_SHAPE:
            return right() if not valid else wrong("Some shapes are cube nets.")
        try:
            given = read_letters(answer)
        except ParseError as exc:
            return refused(exc)
        if len(set(given)) != len(given):
            return wrong("A shape is listed twice.")
        if not set(given) <= set(problem.check["labels"]):
            return wrong("That label is not one of the shapes.")
        return right() if set(given) == valid else wrong("That is not exactly the set of cube nets.")
