"""Lattice polygons: which listed points lie strictly inside, and how many lattice points a
polygon holds in its interior."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, is_none, read_set, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong


def on_segment(p, a, b) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    if (bx - ax) * (py - ay) - (by - ay) * (px - ax):
        return False
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def locate(p, poly) -> str:
    """'boundary', 'inside' or 'outside' for a point and a simple polygon, in exact integers
    (boundary test, then ray casting to the right with the half-open rule at vertices)."""
    n = len(poly)
    for i in range(n):
        if on_segment(p, poly[i], poly[(i + 1) % n]):
            return "boundary"
    px, py = p
    inside = False
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if (ay > py) != (by > py):
            # the edge crosses the horizontal line y = py; is the crossing right of px?
            # x_cross = ax + (py - ay) * (bx - ax) / (by - ay) > px, multiplied out by the sign
            lhs = (ax - px) * (by - ay) + (py - ay) * (bx - ax)
            if (lhs > 0) == (by - ay > 0):
                inside = not inside
    return "inside" if inside else "outside"


def cross(o, a, b) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def edge_point(rng, poly):
    """A random lattice point on a random edge (vertices included)."""
    i = rng.randrange(len(poly))
    (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
    g = math.gcd(abs(bx - ax), abs(by - ay))
    k = rng.randint(0, g)
    return ax + k * (bx - ax) // g, ay + k * (by - ay) // g


def twice_area(poly) -> int:
    n = len(poly)
    return abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n)))


def interior_points(poly) -> int:
    """Lattice points strictly inside, by Pick's theorem: A = I + B/2 - 1."""
    n = len(poly)
    boundary = sum(math.gcd(abs(poly[(i + 1) % n][0] - poly[i][0]), abs(poly[(i + 1) % n][1] - poly[i][1]))
                   for i in range(n))
    return (twice_area(poly) - boundary + 2) // 2


def star_polygon(rng, n: int, radius: int):
    """A simple lattice polygon star-shaped around (0, 0): vertices with strictly increasing
    angle and every angular gap below pi, so the polygon is simple and holds the origin."""
    for attempt in range(400):
        if attempt and attempt % 10 == 0:
            radius += 1  # too few lattice points for this many vertices: widen the polygon
        pts = set()
        for _ in range(50 * n):
            if len(pts) == n:
                break
            angle = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(radius * 0.35, radius)
            p = (round(r * math.cos(angle)), round(r * math.sin(angle)))
            if p != (0, 0):
                pts.add(p)
        if len(pts) < n:
            continue
        pts = sorted(pts, key=lambda p: math.atan2(p[1], p[0]))
        angles = [math.atan2(p[1], p[0]) for p in pts]
        gaps = [b - a for a, b in zip(angles, angles[1:])] + [angles[0] + 2 * math.pi - angles[-1]]
        # equal angles would put two vertices on one ray; near-pi gaps would leave the origin outside
        if min(gaps) > 1e-9 and max(gaps) < math.pi - 1e-6 and all(
                cross(pts[i - 1], pts[i], pts[(i + 1) % n]) for i in range(n)):  # no straight-through vertex
            return pts
    raise RuntimeError("could not draw a star-shaped polygon")


# what else a model writes for "no point": an empty list, or the words
NO_POINT = {"[]", "no points", "no point", "none of them"}


@register
class PointInPolygon(Task):
    """A simple polygon on the integer lattice, given by its vertices in order. Either classify
    listed points (which lie strictly inside; points on an edge do not count) or count the
    lattice points strictly inside. Higher levels have more vertices, wider polygons, more
    points and more of them placed on edges and just outside."""

    name = "spatial/point_in_polygon"
    knobs = (
        Knob("n_vertices", [3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 26], (3, 30),
             doc="polygon vertices"),
        Knob("radius", [3, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (2, 50),
             doc="how far vertices reach from the centre"),
        Knob("n_points", [3, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (1, 26),
             doc="points to classify"),
        Knob("ask", [["classify"]] * 4 + [["classify", "count"]] * 16, choices=("classify", "count"),
             doc="classify listed points, or count the interior lattice points"),
    )
    answer_format = "the names of the points strictly inside, comma-separated in any order, or none"
    example = "P2,P0"  # the points are numbered from P1: never an answer

    def build(self, rng, params):
        poly = star_polygon(rng, params["n_vertices"], params["radius"])
        start = rng.randrange(len(poly))
        poly = poly[start:] + poly[:start]
        if rng.random() < 0.5:
            poly.reverse()
        verts = ", ".join(f"({x}, {y})" for x, y in poly)
        head = f"A simple polygon has these vertices, in order around its boundary:\n{verts}\n"
        if params["ask"] == "count":
            value = interior_points(poly)
            question = head + ("\nHow many points with integer coordinates lie strictly inside the polygon? "
                               "Points on its edges or vertices do not count.")
            return Draft(question, str(value), {"value": value}, answer_format="an integer",
                         example="-1")  # a count is never negative
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        box = (min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1)
        points = []
        while len(points) < params["n_points"]:
            # inside, on an edge (the near miss of "strictly inside") or outside the polygon
            kind = rng.choices(["inside", "boundary", "outside"], [4, 2, 4])[0]
            if kind == "boundary":
                p = edge_point(rng, poly)
            else:
                for _ in range(60):
                    p = (rng.randint(box[0], box[1]), rng.randint(box[2], box[3]))
                    if locate(p, poly) == kind:
                        break
            if p not in points:
                points.append(p)
        names = [f"P{i}" for i in range(1, len(points) + 1)]
        inside = [n for n, p in zip(names, points) if locate(p, poly) == "inside"]
        listing = ", ".join(f"{n} = ({x}, {y})" for n, (x, y) in zip(names, points))
        question = head + (f"\nPoints: {listing}.\n\nWhich points lie strictly inside the polygon? "
                           "A point on an edge or a vertex is not strictly inside.")
        return Draft(question, ",".join(inside) if inside else "none", {"inside": inside, "names": names})

    def effort(self, problem):
        # classifying: each point is tested against every edge (on it? does a ray cross it?); counting:
        # the shoelace area and the lattice points on each edge, then Pick's theorem
        n_edges = problem.prompt.split("in order around its boundary:\n", 1)[1].split("\n", 1)[0].count("(")
        if "value" in problem.check:
            return 2 * n_edges
        return 2 * n_edges * len(problem.check["names"])

    def grade(self, answer, problem):
        c = problem.check
        if "value" in c:
            return grade_int(answer, c["value"], "the number of interior lattice points")
        expected = set(c["inside"])
        if is_none(answer) or " ".join(answer.lower().split()) in NO_POINT:
            return right() if not expected else wrong("Some points are strictly inside.")
        try:
            given = read_set(answer, lambda item: item.upper(), separators=",;")
        except ParseError as exc:
            return refused(exc)
        if any(g not in c["names"] for g in given):
            return wrong("Name the points as listed (P1, P2, ...), separated by commas, or write none.")
        return right() if given == expected else wrong("That is not exactly the set of points strictly inside.")
