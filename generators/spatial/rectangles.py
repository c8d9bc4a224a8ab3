"""Areas covered by several axis-aligned rectangles: union, pairwise intersection, overlap,
cells covered exactly once and the uncovered part of the bounding box."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int


def coverage(rects) -> dict[int, int]:
    """{k: area covered by exactly k rectangles} for k >= 1, by coordinate compression.

    rects are (x1, y1, x2, y2) with x1 < x2 and y1 < y2.
    """
    xs = sorted({v for r in rects for v in (r[0], r[2])})
    ys = sorted({v for r in rects for v in (r[1], r[3])})
    out: dict[int, int] = {}
    for xa, xb in zip(xs, xs[1:]):
        column = [r for r in rects if r[0] <= xa and xb <= r[2]]
        if not column:
            continue
        for ya, yb in zip(ys, ys[1:]):
            k = sum(1 for r in column if r[1] <= ya and yb <= r[3])
            if k:
                out[k] = out.get(k, 0) + (xb - xa) * (yb - ya)
    return out


def intersection(a, b) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


ASKS = {
    "union": "What is the total area covered by at least one rectangle?",
    "pair": "What is the area of the intersection of {a} and {b}?",
    "overlap": "What is the total area covered by at least two rectangles?",
    "exactly_one": "What is the total area covered by exactly one rectangle?",
    "uncovered": ("The bounding box is the smallest axis-aligned rectangle containing all of them. "
                  "What area inside the bounding box is covered by no rectangle?"),
}


def describe(rng, name, r, mixed: bool) -> str:
    x1, y1, x2, y2 = r
    if mixed and rng.random() < 0.4:
        return f"{name} has lower-left corner ({x1}, {y1}), width {x2 - x1} and height {y2 - y1}"
    corners = [(x1, y1), (x2, y2)] if not mixed or rng.random() < 0.5 else [(x1, y2), (x2, y1)]
    if mixed:
        rng.shuffle(corners)
    (a, b), (c, d) = corners
    return f"{name} has opposite corners ({a}, {b}) and ({c}, {d})"


@register
class RectangleOverlap(Task):
    """Several axis-aligned rectangles on a plane; give an area: their union, the intersection of
    two of them, the area covered at least twice or exactly once, or the part of their bounding
    box left uncovered. Higher levels use more rectangles, harder measures, and describe
    rectangles in mixed ways (either pair of opposite corners, or corner, width and height)."""

    name = "spatial/rectangle_overlap"
    knobs = (
        Knob("n_rects", [2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (2, 20), doc="rectangles"),
        Knob("span", [6, 8, 10, 10, 12, 12, 15, 15, 20, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40], (3, 100),
             doc="coordinates lie in 0..span"),
        Knob("ask", [["pair"], ["union", "pair"], ["union", "pair"], ["union", "overlap"],
                     ["union", "overlap", "exactly_one"], ["union", "overlap", "exactly_one", "uncovered"]]
             + [["overlap", "exactly_one", "uncovered"]] * 14, choices=tuple(ASKS), doc="which area is asked for"),
        Knob("mixed", [False, False, False] + [True] * 17,
             doc="describe rectangles by either corner pair or by corner, width and height"),
    )
    answer_format = "an integer"
    example = "-1"  # an area is never negative: never an answer

    def build(self, rng, params):
        span = params["span"]
        # rectangles clustered around a shared centre so that they overlap in interesting ways
        cx, cy = rng.randint(span // 3, span - span // 3), rng.randint(span // 3, span - span // 3)
        rects = []
        while len(rects) < params["n_rects"]:
            x1, x2 = sorted((rng.randint(0, cx), rng.randint(cx, span)))
            y1, y2 = sorted((rng.randint(0, cy), rng.randint(cy, span)))
            if rng.random() < 0.3:  # some rectangles miss the centre
                x1, x2 = sorted(rng.sample(range(span + 1), 2))
            if x1 < x2 and y1 < y2 and (x1, y1, x2, y2) not in rects:
                rects.append((x1, y1, x2, y2))
        names = [f"R{i}" for i in range(1, len(rects) + 1)]
        ask = params["ask"]
        cover = coverage(rects)
        a, b = sorted(rng.sample(range(len(rects)), 2))
        if ask == "union":
            value = sum(cover.values())
        elif ask == "pair":
            value = intersection(rects[a], rects[b])
        elif ask == "overlap":
            value = sum(v for k, v in cover.items() if k >= 2)
        elif ask == "exactly_one":
            value = cover.get(1, 0)
        else:
            width = max(r[2] for r in rects) - min(r[0] for r in rects)
            height = max(r[3] for r in rects) - min(r[1] for r in rects)
            value = width * height - sum(cover.values())
        lines = "\n".join(describe(rng, n, r, params["mixed"]) + "." for n, r in zip(names, rects))
        question = (f"Axis-aligned rectangles on the coordinate plane (sides parallel to the axes):\n{lines}\n\n"
                    + ASKS[ask].format(a=names[a], b=names[b]))
        return Draft(question, str(value), {"value": value, "rects": [list(r) for r in rects]})

    def effort(self, problem):
        # one intersection for a pair; otherwise coordinate compression, with every cell of the
        # compressed grid tested against every rectangle
        rects = problem.check["rects"]
        if problem.params["ask"] == "pair":
            return 2
        xs = {v for r in rects for v in (r[0], r[2])}
        ys = {v for r in rects for v in (r[1], r[3])}
        return (len(xs) - 1) * (len(ys) - 1) * len(rects)

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the area")
