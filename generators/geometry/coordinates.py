"""Coordinate geometry: constructed points (midpoints, section points, intersections, feet of
perpendiculars, reflections, triangle centers) as exact rational coordinates, and equations of
lines in a stated form.

All computation is exact over the rationals: lines are a*x + b*y = c, intersections come from
Cramer's rule, feet and reflections from the projection formula, triangle centers from the
intersection of perpendicular bisectors or altitudes.
"""
from __future__ import annotations

import re
from fractions import Fraction
from math import gcd

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, drawn_example
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._answers import Y, grade_point, poly_dict, proportional, read_point, read_sides
from ._plane import (Degenerate, circle_text, circumcenter, general_text, intersect, line_point_slope, line_text,
                     line_through, linear_text, meet, midpoint, nice_line_through, normalise_line, on_line,
                     parallel_through, perpendicular_through, point_text, slope_intercept_text, slope_of, standard_text)


def _pt(rng, m):
    return (Fraction(rng.randint(-m, m)), Fraction(rng.randint(-m, m)))


def _pt_name(p, name):
    return f"{name}{point_text(p)}"


# =========================================================================== constructed points

def _raw_line(p, q):
    """a*x + b*y = c through p and q, unnormalised (cheap: constructions never need the tidy form)."""
    a, b = q[1] - p[1], p[0] - q[0]
    return a, b, a * p[0] + b * p[1]


def _foot(p, line):
    a, b, c = line
    t = Fraction(c - a * p[0] - b * p[1]) / (a * a + b * b)
    return p[0] + a * t, p[1] + b * t


def orthocenter(p, q, r):
    """The intersection of the altitudes from p and from q."""
    def altitude(u, v, w):  # through u, perpendicular to vw
        a, b = w[0] - v[0], w[1] - v[1]
        return a, b, a * u[0] + b * u[1]
    return meet(altitude(p, q, r), altitude(q, p, r))


def centroid(p, q, r):
    return (p[0] + q[0] + r[0]) / 3, (p[1] + q[1] + r[1]) / 3


def collinear(p, q, r) -> bool:
    return (q[0] - p[0]) * (r[1] - p[1]) == (q[1] - p[1]) * (r[0] - p[0])


POOLS = {
    "basic": ("midpoint", "endpoint", "section"),
    "lines": ("midpoint", "section", "intersection", "foot", "reflection"),
    "all": ("midpoint", "section", "intersection", "foot", "reflection", "centroid", "circumcenter", "orthocenter"),
    "centers": ("centroid", "circumcenter", "orthocenter"),
}
ARITY = {"midpoint": 2, "endpoint": 2, "section": 2, "intersection": 4, "foot": 3, "reflection": 3, "centroid": 3,
         "circumcenter": 3, "orthocenter": 3}
NEW_NAMES = "MNPQRSTUVW"


def apply_op(op, pts, extra=None):
    """The point an operation constructs from its argument points; Degenerate if undefined."""
    if op == "midpoint":
        p, q = pts
        if p == q:
            raise Degenerate
        return midpoint(p, q)
    if op == "endpoint":  # pts[0] is the midpoint of pts[1] and the new point
        m, p = pts
        if m == p:
            raise Degenerate
        return 2 * m[0] - p[0], 2 * m[1] - p[1]
    if op == "section":
        p, q = pts
        m, n = extra
        if p == q:
            raise Degenerate
        return (n * p[0] + m * q[0]) / (m + n), (n * p[1] + m * q[1]) / (m + n)
    if op == "intersection":
        p, q, r, s = pts
        if p == q or r == s:
            raise Degenerate
        return meet(_raw_line(p, q), _raw_line(r, s))
    if op in ("foot", "reflection"):
        p, q, r = pts
        if q == r:
            raise Degenerate
        line = _raw_line(q, r)
        if line[0] * p[0] + line[1] * p[1] == line[2]:
            raise Degenerate
        f = _foot(p, line)
        return f if op == "foot" else (2 * f[0] - p[0], 2 * f[1] - p[1])
    p, q, r = pts
    if collinear(p, q, r):
        raise Degenerate
    if op == "centroid":
        return centroid(p, q, r)
    return circumcenter(p, q, r) if op == "circumcenter" else orthocenter(p, q, r)


def describe_op(op, names, new, extra=None) -> str:
    if op == "midpoint":
        return f"{new} is the midpoint of segment {names[0]}{names[1]}."
    if op == "endpoint":
        return f"{new} is the point such that {names[0]} is the midpoint of segment {names[1]}{new}."
    if op == "section":
        m, n = extra
        return f"{new} is the point on segment {names[0]}{names[1]} with {names[0]}{new} : {new}{names[1]} = {m} : {n}."
    if op == "intersection":
        return f"{new} is the intersection point of line {names[0]}{names[1]} and line {names[2]}{names[3]}."
    if op == "foot":
        return f"{new} is the foot of the perpendicular from {names[0]} to line {names[1]}{names[2]}."
    if op == "reflection":
        return f"{new} is the reflection of {names[0]} in line {names[1]}{names[2]}."
    tri = "".join(names)
    if op == "centroid":
        return f"{new} is the centroid of triangle {tri}."
    if op == "circumcenter":
        return f"{new} is the circumcenter of triangle {tri} (the point equidistant from {', '.join(names)})."
    return f"{new} is the orthocenter of triangle {tri} (the point where its altitudes meet)."


# the steps of each construction's formula: a midpoint averages two coordinates (2); a section
# point weights them (4); an intersection sets up two lines and applies Cramer's rule (8); a foot
# projects (6) and a reflection doubles it back (8); a centroid averages three points (2); a
# circumcenter or orthocenter intersects two bisectors or altitudes (10)
OP_STEPS = {"midpoint": 2, "endpoint": 2, "section": 4, "intersection": 8, "foot": 6, "reflection": 8,
            "centroid": 2, "circumcenter": 10, "orthocenter": 10}
# how describe_op words each construction, most specific first
OP_PHRASES = (("is the point such that", "endpoint"), (" : ", "section"), ("is the midpoint of", "midpoint"),
              ("intersection point of line", "intersection"), ("foot of the perpendicular", "foot"),
              ("is the reflection", "reflection"), ("is the centroid", "centroid"),
              ("is the circumcenter", "circumcenter"), ("is the orthocenter", "orthocenter"))


def _small(p, max_den, bound) -> bool:
    return all(c.denominator <= max_den and abs(c) <= bound for c in p)


def _step(rng, pts, prev, ops, max_den, bound):
    """One construction using `prev` (when given) that stays within the size limits, or None."""
    for _ in range(30):
        op = rng.choice(ops)
        arity = ARITY[op]
        if len(pts) < arity:
            continue
        args = rng.sample(list(pts), arity)
        if prev is not None and prev not in args:
            args[rng.randrange(arity)] = prev
            if len(set(args)) < arity:
                continue
        extra = None
        if op == "section":
            extra = rng.choice([(1, 2), (2, 1), (1, 3), (3, 1), (2, 3), (3, 2), (1, 4), (3, 4), (4, 3)])
        try:
            value = apply_op(op, [pts[a] for a in args], extra)
        except Degenerate:
            continue
        if value in pts.values() or not _small(value, max_den, bound):
            continue
        return op, args, extra, value
    return None


def build_chain(rng, params):
    """(base points, steps, answer point); each step after the first uses the previous new point."""
    m, n_steps, max_den = params["coord_max"], params["n_steps"], params["max_denominator"]
    pool = POOLS[params["ops"]]
    last_pool = pool if n_steps == 1 or params["ops"] == "basic" else tuple(o for o in pool if o != "midpoint")
    for _ in range(400):
        n_base = rng.randint(3, 4)
        names = list("ABCD"[:n_base])
        pts = {}
        while len(pts) < n_base:
            p = _pt(rng, m)
            if p not in pts.values():
                pts[names[len(pts)]] = p
        steps, prev = [], None
        for k in range(n_steps):
            found = _step(rng, pts, prev, last_pool if k == n_steps - 1 else pool, max_den, 4 * m + 10)
            if found is None:
                break
            op, args, extra, value = found
            new = NEW_NAMES[k]
            pts[new] = value
            steps.append((op, args, new, extra))
            prev = new
        if len(steps) < n_steps:
            continue
        if n_steps == 1 and max_den == 1 and any(c.denominator > 1 for c in pts[prev]):
            continue
        return {k: pts[k] for k in names}, steps, pts[prev]
    raise RuntimeError("no construction found")


def build_equation_intersection(rng, params):
    """Two lines given by equations, built around their (rational) intersection point."""
    m, max_den = params["coord_max"], params["max_denominator"]
    while True:
        den = rng.randint(1, max_den)
        p = (Fraction(rng.randint(-m * den, m * den), den), Fraction(rng.randint(-m * den, m * den), den))
        l1, l2 = nice_line_through(rng, p), nice_line_through(rng, p)
        if intersect(l1, l2) is not None:
            x = intersect(l1, l2)
            return l1, l2, x


# each problem shows one of these that is not its answer, drawn last in build (nothing else depends on it)
POINT_EXAMPLES = ("(7/2, -3)", "(-1, 5/2)", "(4, 0)", "(-2/3, -6)")
_ASKED_POINT = re.compile(r"What are the exact coordinates of ([A-Z])\?")


@register
class CoordinatePoint(Task):
    """Construct a point in the coordinate plane and give its exact coordinates: a midpoint, the
    other end of a segment, a section point, the intersection of two lines (through given points or
    given by equations), the foot of a perpendicular, a reflection in a line, or a triangle's
    centroid, circumcenter or orthocenter. Higher levels chain constructions (each step uses the
    point the previous step made, among distractor points) and allow fractional answers."""

    name = "geometry/coordinate_point"
    released_dips = {6: "level 6 asks for one construction step where level 5 asks for two"}
    knobs = (
        Knob("ops", ["basic", "basic", "lines", "lines", "lines", "all", "all", "all", "all", "all"] + ["all"] * 10,
             choices=tuple(POOLS), doc="which constructions may appear"),
        Knob("n_steps", [1, 1, 1, 1, 2, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10], (1, 10),
             doc="chained constructions"),
        Knob("equations", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="a one-step intersection may give its lines as equations"),
        Knob("max_denominator", [1, 2, 4, 6, 8, 12, 12, 20, 30, 40, 50, 50, 60, 60, 80, 80, 100, 100, 120, 150],
             (1, 1000), doc="largest denominator of any constructed coordinate"),
        Knob("coord_max", [6, 8, 8, 10, 10, 10, 12, 12, 12, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20], (2, 100),
             doc="largest |coordinate| of a given point"),
    )
    answer_format = "the point as (x, y) with exact coordinates: integers or fractions p/q"
    example = "(7/2, -3)"

    def build(self, rng, params):
        if params["equations"] and params["n_steps"] == 1 and rng.random() < 0.35:
            l1, l2, x = build_equation_intersection(rng, params)
            question = (f"Find the intersection point of the lines {line_text(l1, rng)} and "
                        f"{line_text(l2, rng)}.")
            return Draft(question, point_text(x), {"point": [frac_text(x[0]), frac_text(x[1])]},
                         example=drawn_example(rng, POINT_EXAMPLES, lambda e: read_point(e) != x))
        base, steps, answer = build_chain(rng, params)
        given = ", ".join(_pt_name(p, k) for k, p in base.items())
        lines = [describe_op(op, args, new, extra) for op, args, new, extra in steps]
        target = steps[-1][2]
        question = (f"In the coordinate plane, take the points {given}.\n" + "\n".join(lines) +
                    f"\n\nWhat are the exact coordinates of {target}?")
        return Draft(question, point_text(answer), {"point": [frac_text(answer[0]), frac_text(answer[1])]},
                     example=drawn_example(rng, POINT_EXAMPLES, lambda e: read_point(e) != answer))

    def effort(self, problem):
        # the constructions, each costing its formula's steps (see OP_STEPS); two lines given by
        # equations are intersected by Cramer's rule after being read off
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        if question.startswith("Find the intersection point of the lines"):
            return OP_STEPS["intersection"]
        ops = [next((op for phrase, op in OP_PHRASES if phrase in line), None) for line in question.splitlines()]
        return sum(OP_STEPS[op] for op in ops if op)

    def grade(self, answer, problem):
        p = problem.check["point"]
        asked = _ASKED_POINT.search(problem.prompt)  # "M = (...)" names the point asked for
        return grade_point(answer, (Fraction(p[0]), Fraction(p[1])), names=[asked.group(1)] if asked else ())


# =========================================================================== line equations

FORMS = {
    "slope_intercept": ("the equation in slope-intercept form y = mx + b, with m and b exact (integers or fractions)",
                        "y = -3/2x + 4"),
    "standard": ("the equation in standard form Ax + By = C, where A, B, C are integers with no common factor "
                 "greater than 1 and A > 0 (or A = 0 and B > 0)", "3x + 2y = 8"),
    "general": ("the equation in general form Ax + By + C = 0, where A, B, C are integers with no common factor "
                "greater than 1 and A > 0 (or A = 0 and B > 0)", "3x + 2y - 8 = 0"),
}
EXAMPLE_LINES = ((3, 2, 8), (1, -2, 5), (2, 1, -3), (4, -3, 6))  # the prompt shows one that is not the answer
LINE_KINDS = {
    "basic": ("two_points", "point_slope"),
    "relative": ("parallel", "perpendicular"),
    "triangle": ("bisector", "median", "altitude"),
    "advanced": ("tangent", "through_intersection", "perpendicular_at_intersection"),
}


def _coef_text(m: Fraction) -> str:
    """A slope as a coefficient in front of a bracket: "2", "-3", "(2/3)", "-(2/3)"."""
    if m.denominator == 1:
        return str(m.numerator)
    return ("-" if m < 0 else "") + f"({frac_text(abs(m))})"


def _disguised_line(line, rng) -> str:
    """A line written in a less tidy way: point-slope form, or scaled and rearranged."""
    a, b, c = line
    if b != 0 and a != 0 and rng.random() < 0.5:
        x0 = rng.randint(-4, 4)
        y0 = Fraction(c - a * x0, b)
        m = Fraction(-a, b)
        left = "y" if y0 == 0 else (f"y - {frac_text(y0)}" if y0 > 0 else f"y + {frac_text(-y0)}")
        xs = "x" if x0 == 0 else (f"(x - {x0})" if x0 > 0 else f"(x + {-x0})")
        if m == 1:
            right_ = xs.strip("()")
        elif m == -1:
            right_ = "-" + xs
        else:
            right_ = _coef_text(m) + ("*x" if xs == "x" else xs)
        return f"{left} = {right_}"
    k = rng.choice([2, 3, -2])
    if b != 0:
        return f"{linear_text([(k * b, 'y')])} = {linear_text([(-k * a, 'x')], k * c)}"
    return f"{linear_text([(k * a, 'x')])} = {k * c}"


def _disguised(text: str) -> bool:
    """Whether a given line is written as _disguised_line writes it (point-slope, or scaled and
    rearranged), not in one of the tidy forms."""
    if re.match(r"y [+-] ", text) or "(x" in text or "*x" in text or re.match(r"-?\d+y = .*x", text):
        return True
    m = re.fullmatch(r"(-?\d+)[xy] = (-?\d+)", text)  # a scaled horizontal or vertical line keeps a factor
    return bool(m) and gcd(int(m.group(1)), int(m.group(2))) > 1


def _given_line(line, rng, disguise) -> str:
    return _disguised_line(line, rng) if disguise and rng.random() < 0.6 else line_text(line, rng)


def build_line_problem(rng, params):
    """(question text, line) for a random kind from the level's pool."""
    m = params["coord_max"]
    kind = rng.choice(LINE_KINDS[params["kinds"]])
    disguise = params["disguise"]
    need_slope = params["form"] == "slope_intercept"
    whole = not params["fraction_slopes"]

    def pt():
        return _pt(rng, m)

    def slope():
        if whole:
            return Fraction(rng.choice([-4, -3, -2, -1, 1, 2, 3, 4, 0]))
        return Fraction(rng.randint(-6, 6), rng.randint(1, 5))

    for _ in range(500):
        try:
            if kind == "two_points":
                p = pt()
                if whole:
                    dx = rng.choice([-3, -2, -1, 1, 2, 3])
                    q = (p[0] + dx, p[1] + dx * slope())
                else:
                    q = pt()
                line = line_through(p, q)
                text = f"Find the equation of the line through the points {point_text(p)} and {point_text(q)}."
            elif kind == "point_slope":
                p, s = pt(), slope()
                line = line_point_slope(p, s)
                text = f"Find the equation of the line through {point_text(p)} with slope {frac_text(s)}."
            elif kind in ("parallel", "perpendicular"):
                p = pt()
                s = slope()
                if kind == "perpendicular":
                    if s == 0:
                        raise Degenerate
                    base = line_point_slope(pt(), -1 / s)
                    line = perpendicular_through(base, p)
                else:
                    base = line_point_slope(pt(), s)
                    line = parallel_through(base, p)
                if on_line(p, base):
                    raise Degenerate
                text = (f"Find the equation of the line through {point_text(p)} that is {kind} to the line "
                        f"{_given_line(base, rng, disguise)}.")
            elif kind == "bisector":
                p, q = pt(), pt()
                if p == q:
                    raise Degenerate
                line = perpendicular_through(line_through(p, q), midpoint(p, q))
                text = (f"Find the equation of the perpendicular bisector of the segment joining {point_text(p)} "
                        f"and {point_text(q)}.")
            elif kind in ("median", "altitude"):
                a, b, c = pt(), pt(), pt()
                if collinear(a, b, c):
                    raise Degenerate
                if kind == "median":
                    line = line_through(a, midpoint(b, c))
                    what = "the median from A (the line through A and the midpoint of BC)"
                else:
                    line = perpendicular_through(line_through(b, c), a)
                    what = "the altitude from A (the line through A perpendicular to BC)"
                text = (f"Triangle ABC has vertices A{point_text(a)}, B{point_text(b)} and C{point_text(c)}. "
                        f"Find the equation of {what}.")
            elif kind == "tangent":
                center = pt()
                dx, dy = rng.randint(-5, 5), rng.randint(-5, 5)
                if dx == 0 and dy == 0:
                    raise Degenerate
                p = (center[0] + dx, center[1] + dy)
                r2 = dx * dx + dy * dy
                line = normalise_line(dx, dy, dx * p[0] + dy * p[1])
                text = (f"Find the equation of the line tangent to the circle {circle_text(center, r2, disguise)} "
                        f"at the point {point_text(p)} on the circle.")
            else:
                l1 = nice_line_through(rng, pt(), 3)
                l2 = nice_line_through(rng, pt(), 3)
                x = intersect(l1, l2)
                if x is None or any(c.denominator > 6 for c in x):
                    raise Degenerate
                if kind == "through_intersection":
                    p = pt()
                    if p == x:
                        raise Degenerate
                    line = line_through(x, p)
                    text = (f"Find the equation of the line through {point_text(p)} and the intersection point of "
                            f"the lines {_given_line(l1, rng, disguise)} and {_given_line(l2, rng, disguise)}.")
                else:
                    l3 = nice_line_through(rng, pt(), 4)
                    line = perpendicular_through(l3, x)
                    text = (f"Find the equation of the line through the intersection point of the lines "
                            f"{_given_line(l1, rng, disguise)} and {_given_line(l2, rng, disguise)} that is "
                            f"perpendicular to the line {_given_line(l3, rng, disguise)}.")
        except (Degenerate, ValueError, ZeroDivisionError):
            continue
        if need_slope and line[1] == 0:
            continue
        if need_slope and whole and slope_of(line).denominator != 1:
            continue
        if max(abs(v) for v in line) > 200:
            continue
        return text, line
    raise RuntimeError("no line found")


# (a phrase that identifies a question kind, the steps of its construction): a line through two
# points needs the slope and the intercept (3); a perpendicular bisector the midpoint, the slope
# and its negative reciprocal (5); a tangent the radius' slope, its perpendicular (5); ...
LINE_STEPS = (("through the points", 3), ("with slope", 2), ("that is parallel to", 4), ("that is perpendicular to", 5),
              ("perpendicular bisector", 5), ("the median from A", 5), ("the altitude from A", 5),
              ("tangent to the circle", 5), ("and the intersection point", 7), ("through the intersection point", 9))


@register
class LineEquation(Task):
    """The equation of a line, in the form the problem states (slope-intercept y = mx + b,
    standard Ax + By = C, or general Ax + By + C = 0 with coprime integers and a positive lead).
    Any equation of the right line in the right form is accepted. Higher levels go from a line
    through two points, to lines parallel or perpendicular to a given (possibly disguised) line,
    perpendicular bisectors, medians and altitudes of a triangle, tangents to a circle (given
    expanded at the top levels), and lines through the intersection of two other lines."""

    name = "geometry/line_equation"
    released_dips = {10: "level 10 mixes the shorter triangle-line questions back in"}
    cap_reason = ("each problem fixes one line by one construction; level 10 already draws the longest "
                  "constructions (tangents, lines through an intersection) from disguised givens in integer forms, "
                  "so further levels could only grow the coordinates")
    knobs = (
        Knob("kinds", ["basic", "basic", "relative", "basic", "relative", "triangle", "triangle", "advanced",
                       "advanced", ["triangle", "advanced"]], choices=tuple(LINE_KINDS),
             doc="what determines the line"),
        Knob("form", ["slope_intercept", "slope_intercept", "slope_intercept", "standard",
                      ["slope_intercept", "standard", "general"], ["slope_intercept", "standard", "general"],
                      ["standard", "general"], ["slope_intercept", "standard", "general"],
                      ["standard", "general"], ["standard", "general"]],
             choices=tuple(FORMS), doc="the form the answer must take"),
        Knob("fraction_slopes", [False, False, True, True, True, True, True, True, True, True],
             doc="slopes may be fractions (otherwise slope-intercept answers have whole slopes)"),
        Knob("disguise", [False, False, False, False, False, True, True, True, True, True],
             doc="given lines in point-slope or scaled form, circles expanded"),
        Knob("coord_max", [5, 6, 6, 8, 8, 8, 10, 10, 12, 12], (2, 100), doc="largest |coordinate| of a given point"),
    )
    answer_format = FORMS["standard"][0]
    example = FORMS["standard"][1]

    def build(self, rng, params):
        text, line = build_line_problem(rng, params)
        form = params["form"]
        answer = {"slope_intercept": slope_intercept_text, "standard": standard_text,
                  "general": general_text}[form](line)
        fmt, _ = FORMS[form]
        # drawn last (nothing else depends on it): a line of the right form that is not this one
        render = {"slope_intercept": slope_intercept_text, "standard": standard_text, "general": general_text}[form]
        example = render(drawn_example(rng, EXAMPLE_LINES, lambda candidate: candidate != line))
        return Draft(text, answer, {"line": list(line), "form": form}, answer_format=fmt, example=example)

    def effort(self, problem):
        # the construction's steps (see LINE_STEPS), two more for each given line or circle written
        # in a disguised form (rearranged before use), and two for a form with integer coefficients
        # (clear the fractions, divide out the common factor)
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        steps = next(n for phrase, n in LINE_STEPS if phrase in question)
        givens = []
        for pair in re.findall(r"of the lines (.+?) and (.+?)(?= that is |\.$)", question):
            givens += pair
        givens += re.findall(r"(?:parallel|perpendicular) to the line (.+?)\.$", question)
        disguised = sum(map(_disguised, givens))
        if re.search(r"tangent to the circle x\^2 \+ y\^2 [+-]", question):
            disguised += 1  # an expanded circle: complete the square for its center
        return steps + 2 * disguised + (2 if problem.check["form"] != "slope_intercept" else 0)

    def grade(self, answer, problem):
        a, b, c = problem.check["line"]
        form = problem.check["form"]
        try:
            left, right_ = read_sides(answer)
            coefs = poly_dict(left - right_)
        except ParseError as exc:
            return wrong(f"{exc}.")
        if any(i + j > 1 for i, j in coefs):
            return wrong("That is not the equation of a line.")
        target = {k: v for k, v in {(1, 0): Fraction(a), (0, 1): Fraction(b), (0, 0): Fraction(-c)}.items() if v}
        if not proportional(coefs, target):
            return wrong("That equation describes a different line.")
        return check_form(form, left, right_)


def check_form(form, left, right_):
    """Whether an equation of the right line is written in the requested form."""
    if form == "slope_intercept":
        for lhs, rhs in ((left, right_), (right_, left)):
            if lhs == Y and Y not in rhs.free_symbols:
                return right()
        return wrong("Write it in slope-intercept form: y = mx + b.")
    if form == "general" and left == 0 and right_ != 0:
        left, right_ = right_, left
    if form == "general" and right_ != 0:
        return wrong("Write it in general form, with 0 on the right: Ax + By + C = 0.")
    if form == "standard" and (right_.free_symbols or not right_.is_Rational):
        return wrong("Write it in standard form Ax + By = C, with only the constant on the right.")
    lhs = poly_dict(left)
    if form == "standard" and (0, 0) in lhs:
        return wrong("Write it in standard form Ax + By = C, with the constant on the right.")
    const = Fraction(int(right_.p), int(right_.q)) if form == "standard" else lhs.get((0, 0), Fraction(0))
    A, B = lhs.get((1, 0), Fraction(0)), lhs.get((0, 1), Fraction(0))
    values = [A, B, const]
    if any(v.denominator != 1 for v in values):
        return wrong("A, B and C must be integers.")
    g = gcd(gcd(int(A), int(B)), int(const))
    if g != 1:
        return wrong("A, B and C must have no common factor greater than 1.")
    if A < 0 or (A == 0 and B < 0):
        return wrong("The coefficient A must be positive (or A = 0 and B > 0).")
    return right()
