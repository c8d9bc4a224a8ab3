"""Polygons in the coordinate plane: exact area by the shoelace formula, and exact perimeter as a
sum of square roots.

Vertices are given in boundary order (convex or not), or as an unordered set whose convex hull is
the polygon, possibly with distractor points inside it or on its edges; the hull is found by
Andrew's monotone chain, and the area by the shoelace formula, all in integers.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import cmp_to_key, lru_cache

from procgym import Draft, Knob, Task, register

from ._answers import VALUE_FORMAT, grade_value, prompt_names
from ._exact import Exact


def cross(o, a, b) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def convex_hull(points) -> list:
    """Andrew's monotone chain: the hull's vertices counterclockwise, collinear points dropped."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def shoelace(vertices) -> Fraction:
    """The area of a simple polygon with vertices in boundary order (either direction)."""
    n = len(vertices)
    twice = sum(vertices[i][0] * vertices[(i + 1) % n][1] - vertices[(i + 1) % n][0] * vertices[i][1]
                for i in range(n))
    return Fraction(abs(twice), 2)


def perimeter(vertices) -> Exact:
    n = len(vertices)
    total = Exact()
    for i in range(n):
        (x1, y1), (x2, y2) = vertices[i], vertices[(i + 1) % n]
        total = total + Exact.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2)
    return total


def _segments_cross(p1, p2, q1, q2) -> bool:
    """Whether two closed segments share a point."""
    d1, d2 = cross(q1, q2, p1), cross(q1, q2, p2)
    d3, d4 = cross(p1, p2, q1), cross(p1, p2, q2)
    if ((d1 > 0) != (d2 > 0)) and d1 and d2 and ((d3 > 0) != (d4 > 0)) and d3 and d4:
        return True

    def on(a, b, c):
        return cross(a, b, c) == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and \
            min(a[1], b[1]) <= c[1] <= max(a[1], b[1])
    return on(q1, q2, p1) or on(q1, q2, p2) or on(p1, p2, q1) or on(p1, p2, q2)


def is_simple(vertices) -> bool:
    n = len(vertices)
    if len(set(vertices)) < n:
        return False
    for i in range(n):
        if cross(vertices[i - 1], vertices[i], vertices[(i + 1) % n]) == 0:
            return False
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if _segments_cross(vertices[i], vertices[(i + 1) % n], vertices[j], vertices[(j + 1) % n]):
                return False
    return True


@lru_cache(maxsize=1024)
def _ellipse_hull(rx: int, ry: int) -> tuple:
    """The hull of the lattice points in the ellipse (x/rx)^2 + (y/ry)^2 <= 1: many vertices in
    convex position, any subset of which is a convex polygon."""
    pts = []
    for x in range(-rx, rx + 1):  # only the top and bottom lattice point of each column can be on the hull
        y = math.isqrt(ry * ry * (rx * rx - x * x) // (rx * rx))
        pts += [(x, y), (x, -y)]
    return tuple(convex_hull(pts))


def convex_polygon(rng, n: int, m: int) -> list:
    """n lattice points in strictly convex position, counterclockwise, within about [-m, m]^2."""
    for attempt in range(200):
        size = m + attempt // 20  # many vertices need room: widen the box when it keeps failing
        rx, ry = rng.randint(max(2, size // 2), size), rng.randint(max(2, size // 2), size)
        hull = _ellipse_hull(rx, ry)
        if len(hull) < n:
            continue
        idx = sorted(rng.sample(range(len(hull)), n))
        dx, dy = rng.randint(-m // 2, m // 2), rng.randint(-m // 2, m // 2)
        poly = [(hull[i][0] + dx, hull[i][1] + dy) for i in idx]
        if len(convex_hull(poly)) == n:
            return poly
    raise RuntimeError("no convex polygon found")


def _angle_cmp(a, b) -> int:
    """Counterclockwise angle order of vectors from the origin, starting at the positive x-axis."""
    ha = 0 if (a[1] > 0 or (a[1] == 0 and a[0] > 0)) else 1
    hb = 0 if (b[1] > 0 or (b[1] == 0 and b[0] > 0)) else 1
    if ha != hb:
        return ha - hb
    c = a[0] * b[1] - a[1] * b[0]
    return -1 if c > 0 else (1 if c < 0 else 0)


def nonconvex_polygon(rng, n: int, m: int) -> list:
    """A simple polygon with at least one reflex vertex: star-shaped around a random center."""
    for attempt in range(500):
        size = m + attempt // 50
        vecs = set()
        while len(vecs) < n:
            v = (rng.randint(-size, size), rng.randint(-size, size))
            if v != (0, 0):
                vecs.add(v)
        vecs = sorted(vecs, key=cmp_to_key(_angle_cmp))
        if any(_angle_cmp(vecs[i], vecs[i + 1]) == 0 for i in range(n - 1)):
            continue
        cx, cy = rng.randint(-2, 2), rng.randint(-2, 2)
        poly = [(x + cx, y + cy) for x, y in vecs]
        signs = [cross(poly[i - 1], poly[i], poly[(i + 1) % n]) for i in range(n)]
        if not any(s < 0 for s in signs) or not is_simple(poly):
            continue
        if all(s < 0 for s in signs):
            continue
        return poly
    raise RuntimeError("no simple polygon found")


def _inside_or_edge(poly, p) -> bool:
    """Whether p is strictly inside the convex CCW polygon, or on an edge but not a vertex."""
    if p in poly:
        return False
    return all(cross(poly[i], poly[(i + 1) % len(poly)], p) >= 0 for i in range(len(poly)))


LABELS = "ABCDEFGHJKLMNPQRSTUVW"


@register
class PolygonMeasure(Task):
    """The exact area (shoelace formula) or perimeter (a sum of square roots, like terms combined)
    of a polygon with lattice-point vertices. Higher levels add vertices, make the polygon
    non-convex, list the vertices of a convex polygon out of order, and finally ask for the convex
    hull of a point set that includes distractor points inside it or on its edges."""

    name = "geometry/polygon_measure"
    knobs = (
        Knob("n_vertices", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14, 15], (3, 20),
             doc="vertices of the polygon"),
        Knob("ask", ["area", "perimeter", "area", ["area", "perimeter"], ["area", "perimeter"],
             ["area", "perimeter"], ["area", "perimeter"], ["area", "perimeter"], ["area", "perimeter"],
             ["area", "perimeter"]] + [["area", "perimeter"]] * 10, choices=("area", "perimeter"),
             doc="which measure is asked"),
        Knob("layout", ["convex", "convex", "convex", "convex", ["convex", "nonconvex"], "nonconvex",
             ["nonconvex", "scrambled"], ["scrambled", "hull"], "hull", "hull"] + ["hull"] * 10,
             choices=("convex", "nonconvex", "scrambled", "hull"),
             doc="vertices in order (convex or not), a convex polygon's vertices out of order, or a hull "
                 "of points with distractors"),
        Knob("distractors", [0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 6, 6, 7, 7, 8, 8, 8, 8, 7, 6], (0, 30),
             doc="extra points inside the hull or on its edges (hull layout only)"),
        Knob("coord_max", [5, 6, 6, 8, 8, 10, 10, 12, 12, 14, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20], (3, 100),
             doc="about the largest |coordinate|"),
    )
    answer_format = VALUE_FORMAT
    example = "-37/2"  # the format, and never the answer: no area or perimeter is negative

    def build(self, rng, params):
        n, m, layout = params["n_vertices"], params["coord_max"], params["layout"]
        if layout == "nonconvex" and n >= 4:
            poly = nonconvex_polygon(rng, n, m)
        else:
            poly = convex_polygon(rng, n, m)
        shown = list(poly)
        if layout in ("scrambled", "hull"):
            if layout == "hull":
                xs, ys = [p[0] for p in poly], [p[1] for p in poly]
                extra, tries = [], 0
                while len(extra) < params["distractors"] and tries < 2000:
                    tries += 1
                    p = (rng.randint(min(xs), max(xs)), rng.randint(min(ys), max(ys)))
                    if p not in extra and _inside_or_edge(poly, p):
                        extra.append(p)
                shown += extra
            rng.shuffle(shown)
            ordered = convex_hull(shown)  # the polygon the question means, recomputed from what is shown
        else:
            start = rng.randrange(n)
            shown = shown[start:] + shown[:start]
            if rng.random() < 0.5:
                shown = shown[:1] + shown[1:][::-1]
            ordered = shown
        names = LABELS[:len(shown)]
        listing = ", ".join(f"{a}({x}, {y})" for a, (x, y) in zip(names, shown))
        if layout in ("convex", "nonconvex"):
            intro = (f"A polygon has the vertices {listing}, in this order around its boundary "
                     f"(each vertex is joined to the next, and {names[-1]} back to {names[0]}).")
            it = "the polygon"
        elif layout == "scrambled":
            intro = f"The points {listing} are the vertices of a convex polygon, listed in no particular order."
            it = "this polygon"
        else:
            intro = (f"Consider the points {listing}. Their convex hull is the smallest convex polygon that "
                     f"contains all of them.")
            it = "the convex hull"
        if params["ask"] == "area":
            value = Exact.of(shoelace(ordered))
            question = f"{intro}\n\nWhat is the exact area of {it}?"
        else:
            value = perimeter(ordered)
            question = f"{intro}\n\nWhat is the exact perimeter of {it}?"
        return Draft(question, value.text(), {"value": value.text(), "rational": value.is_rational(),
                                              "measure": params["ask"]})

    def effort(self, problem):
        # recover the boundary order (a hull of the points shown: sort, then two monotone chains;
        # a scrambled convex polygon: sort by angle), then the measure: the shoelace formula's
        # cross product per edge (3 steps), or one distance and its surd per edge (4)
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        shown = len(re.findall(r"[A-Z]\(-?\d+, -?\d+\)", question))
        work = 0
        if "convex hull" in question or "in no particular order" in question:
            work += math.ceil(shown * math.log2(shown)) + 2 * shown
        edges = problem.params["n_vertices"]
        return work + edges * (3 if problem.check["measure"] == "area" else 4)

    def grade(self, answer, problem):
        names = prompt_names(problem.prompt)  # the points and segments a label may name
        c = problem.check
        return grade_value(answer, c["value"], c["rational"], f"the {c['measure']}", names=names)
