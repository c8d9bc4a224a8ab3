"""Circles: arc lengths, sector and segment areas in terms of pi, chords, tangent lengths and the
power of a point, and equations of circles (from center and radius, a diameter, three points,
or a center and a tangent line).

Measures are exact (Exact numbers with pi and square roots). Equations are found the way a
solver would: the center of a circle through three points is the intersection of two
perpendicular bisectors, the radius to a tangent line is the point-line distance, a circle
given in general form is read by completing the square.
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._answers import (VALUE_FORMAT, dict_pairs, equation_coefficients, grade_degrees, grade_value, prompt_names,
                       proportional, target_dict)
from ._exact import PI, SIN, Exact
from ._plane import circle_text, circumcenter, dist2, line_text, midpoint, nice_line_through, point_text

EQUATION_FORMAT = ("an equation of the circle in x and y, e.g. (x - 1)^2 + (y + 2)^2 = 9 "
                   "(any equivalent equation is accepted)")
DEGREES_FORMAT = "the angle in whole degrees"

POOLS = {
    "arcs": ("arc_length", "sector_area"),
    "measures": ("arc_length", "sector_area", "sector_perimeter", "chord_length", "tangent_length", "chords"),
    "equations": ("eq_center_radius", "eq_center_point", "eq_diameter", "radius_from_equation"),
    "advanced": ("segment_area", "secant_tangent", "tangent_coords", "eq_three_points", "eq_center_tangent",
                 "angle_from_arc", "chord_from_angle"),
}
# sums of two squares with several lattice representations (for circles through 3 lattice points)
RICH_R2 = (25, 50, 65, 85, 100, 125, 130, 145, 169, 170, 185, 200, 205, 221, 225)


def circle_coefficients(center, r2) -> dict:
    """x^2 + y^2 - 2h x - 2k y + (h^2 + k^2 - r^2) as {(i, j): coefficient}."""
    h, k = Fraction(center[0]), Fraction(center[1])
    return target_dict([(2, 0, 1), (0, 2, 1), (1, 0, -2 * h), (0, 1, -2 * k), (0, 0, h * h + k * k - r2)])


def complete_square(coefs: dict):
    """(center, r^2) of x^2 + y^2 + Dx + Ey + F = 0 (given as coefficients with x^2 coefficient 1)."""
    d, e, f = (coefs.get(k, Fraction(0)) for k in ((1, 0), (0, 1), (0, 0)))
    h, k = -d / 2, -e / 2
    return (h, k), h * h + k * k - f


def scenario(kind, rng, params):
    """(question, kind of answer, payload): payload is an Exact, whole degrees, or an equation."""
    top, m = params["radius_max"], params["coord_max"]
    general = params["general_form"]
    if kind in ("arc_length", "sector_area", "sector_perimeter", "angle_from_arc"):
        steps = [90, 180, 270] if params["angles"] == "right" else \
            [30, 45, 60, 90, 120, 135, 150, 210, 225, 240, 270, 300, 315, 330]
        r, angle = rng.randint(1, top), rng.choice(steps)
        arc = PI * Fraction(r * angle, 180)
        if kind == "arc_length":
            return (f"A circle has radius {r}. What is the length of an arc of this circle with a central angle "
                    f"of {angle} degrees?", "value", arc)
        if kind == "sector_area":
            return (f"A circle has radius {r}. What is the area of a sector of this circle with a central angle "
                    f"of {angle} degrees?", "value", PI * Fraction(r * r * angle, 360))
        if kind == "sector_perimeter":
            return (f"A sector of a circle of radius {r} has a central angle of {angle} degrees. What is the "
                    f"perimeter of the sector (its arc plus the two radii)?", "value", arc + 2 * r)
        # the central angle from an arc length: angle = arc / r in radians, converted
        found = (arc / r / PI).rational() * 180
        return (f"An arc of a circle of radius {r} has length {arc.text()}. What is its central angle, in "
                f"degrees?", "degrees", int(found))
    if kind == "segment_area":
        r, angle = rng.randint(2, top), rng.choice([60, 90, 120, 150, 30, 45, 135])
        value = PI * Fraction(r * r * angle, 360) - SIN[angle] * Fraction(r * r, 2)
        return (f"A chord of a circle of radius {r} subtends a central angle of {angle} degrees. What is the area "
                f"of the smaller region between the chord and the arc (the circular segment)?", "value", value)
    if kind == "chord_length":
        r = rng.randint(2, top)
        d = rng.randint(1, r - 1)
        return (f"A chord of a circle of radius {r} is at distance {d} from the center. How long is the chord?",
                "value", Exact.sqrt(r * r - d * d) * 2)
    if kind == "chord_from_angle":
        r, angle = rng.randint(2, top), rng.choice([60, 90, 120])
        # 2 r sin(angle / 2): sin 30 = 1/2, sin 45 = sqrt(2)/2, sin 60 = sqrt(3)/2
        return (f"A chord of a circle of radius {r} subtends a central angle of {angle} degrees. How long is the "
                f"chord?", "value", SIN[angle // 2] * (2 * r))
    if kind == "tangent_length":
        r = rng.randint(1, top)
        d = rng.randint(r + 1, r + top)
        return (f"A point P is at distance {d} from the center of a circle of radius {r}. How long is a tangent "
                f"segment from P to the circle (from P to the point of tangency)?", "value", Exact.sqrt(d * d - r * r))
    if kind == "secant_tangent":
        pa, ab = rng.randint(1, top), rng.randint(1, top)
        return (f"From a point P outside a circle, a line through P meets the circle at A and then at B, with "
                f"PA = {pa} and AB = {ab}. A tangent from P touches the circle at T. How long is PT?", "value",
                Exact.sqrt(pa * (pa + ab)))
    if kind == "chords":
        ae, eb, ce = rng.randint(1, top), rng.randint(1, top), rng.randint(1, top)
        return (f"Chords AB and CD of a circle intersect at a point E inside the circle. AE = {ae}, EB = {eb} and "
                f"CE = {ce}. How long is ED?", "value", Exact.of(Fraction(ae * eb, ce)))
    # coordinate problems
    center = (Fraction(rng.randint(-m, m)), Fraction(rng.randint(-m, m)))
    if kind == "tangent_coords":
        r2 = rng.randint(1, top) ** 2 if rng.random() < 0.5 else rng.randint(2, top * top)
        while True:
            p = (Fraction(rng.randint(-m - 4, m + 4)), Fraction(rng.randint(-m - 4, m + 4)))
            if dist2(p, center) > r2:
                break
        given = circle_text(center, r2, general)
        c, found_r2 = complete_square(circle_coefficients(center, r2))
        return (f"P{point_text(p)} lies outside the circle {given}. How long is a tangent segment from P to the "
                f"circle?", "value", Exact.sqrt(dist2(p, c) - found_r2))
    if kind == "radius_from_equation":
        r2 = rng.randint(1, top) ** 2 if rng.random() < 0.4 else rng.randint(2, top * top)
        given = circle_text(center, r2, True)
        scale = rng.choice([1, 1, 2, 3]) if general else 1
        if scale > 1:
            coefs = {k: v * scale for k, v in circle_coefficients(center, r2).items()}
            given = _poly_text(coefs) + " = 0"
        _, found = complete_square(circle_coefficients(center, r2))
        return (f"What is the radius of the circle {given}?", "value", Exact.sqrt(found))
    if kind == "eq_center_radius":
        r = rng.randint(1, top)
        return (f"Find an equation of the circle with center {point_text(center)} and radius {r}.", "equation",
                circle_coefficients(center, r * r))
    if kind == "eq_center_point":
        while True:
            p = (Fraction(rng.randint(-m, m)), Fraction(rng.randint(-m, m)))
            if p != center:
                break
        return (f"Find an equation of the circle with center {point_text(center)} that passes through "
                f"{point_text(p)}.", "equation", circle_coefficients(center, dist2(p, center)))
    if kind == "eq_diameter":
        while True:
            p = (Fraction(rng.randint(-m, m)), Fraction(rng.randint(-m, m)))
            q = (Fraction(rng.randint(-m, m)), Fraction(rng.randint(-m, m)))
            if p != q:
                break
        c = midpoint(p, q)
        return (f"Find an equation of the circle that has the segment from {point_text(p)} to {point_text(q)} as a "
                f"diameter.", "equation", circle_coefficients(c, dist2(p, c)))
    if kind == "eq_three_points":
        r2 = rng.choice(RICH_R2)
        on = [(x, y) for x in range(-15, 16) for y in range(-15, 16) if x * x + y * y == r2]
        pts = [(center[0] + x, center[1] + y) for x, y in rng.sample(on, 3)]
        c = circumcenter(*pts)
        return (f"Find an equation of the circle through the points {point_text(pts[0])}, {point_text(pts[1])} "
                f"and {point_text(pts[2])}.", "equation", circle_coefficients(c, dist2(pts[0], c)))
    if kind == "eq_center_tangent":
        while True:
            line = nice_line_through(rng, (Fraction(rng.randint(-m, m)), Fraction(rng.randint(-m, m))), 4)
            a, b, c0 = line
            gap = a * center[0] + b * center[1] - c0
            if gap != 0:
                break
        r2 = Fraction(gap * gap, a * a + b * b)  # the squared distance from the center to the line
        return (f"Find an equation of the circle with center {point_text(center)} that is tangent to the line "
                f"{line_text(line, rng)}.", "equation", circle_coefficients(center, r2))
    raise ValueError(kind)


# (a phrase that identifies a question kind, the relations its reference solution applies), most
# specific first: an arc is r * angle in radians (2: convert, multiply), a chord from the distance
# is Pythagoras then doubling (3), a circle through three points is two perpendicular bisectors,
# their intersection and a radius (6), ...
RELATIONS = (
    ("length of an arc", 2), ("area of a sector", 2), ("perimeter of the sector", 3), ("central angle, in", 2),
    ("circular segment", 4), ("from the center. How long is the chord", 3), ("How long is the chord", 2),
    ("lies outside the circle", 3), ("How long is a tangent segment", 2), ("How long is PT", 2),
    ("How long is ED", 2), ("What is the radius of the circle", 1), ("through the points", 6),
    ("that is tangent to the line", 3), ("as a diameter", 3), ("that passes through", 2), ("and radius", 1),
)


def _poly_text(coefs: dict) -> str:
    """A quadratic in x, y from coefficients, highest terms first."""
    order = [((2, 0), "x^2"), ((0, 2), "y^2"), ((1, 0), "x"), ((0, 1), "y"), ((0, 0), "")]
    out = ""
    for key, var in order:
        c = coefs.get(key, Fraction(0))
        if not c:
            continue
        a = abs(c)
        body = (frac_text(a) if (a != 1 or not var) else "") + var
        out += (("-" if c < 0 else "") + body) if not out else ((" - " if c < 0 else " + ") + body)
    return out or "0"


@register
class CircleProblems(Task):
    """Circle measures and equations: arc lengths and sector areas in terms of pi (and the central
    angle back from an arc), sector perimeters, chords from the distance to the center or the
    central angle, tangent lengths, the power of a point (secant and tangent, crossing chords),
    circular segments (pi and a square root), and equations of circles from a center and radius or
    point, a diameter, a center and a tangent line, or three points; also the radius of a circle
    given in general form. Higher levels move from right-angle arcs to multiples of 30 and 45 degrees,
    from direct formulas to equations needing completing the square or a circumcenter."""

    name = "geometry/circle_problems"
    released_dips = {9: "level 9 mixes the shorter equation questions back in"}
    cap_reason = ("each problem applies one circle fact (or a short fixed chain of them) to one figure; level 10 "
                  "already asks the hardest kinds, with circles in general form, so further levels could only "
                  "grow the numbers")
    knobs = (
        Knob("pool", ["arcs", "arcs", "measures", "equations", ["measures", "equations"], ["measures", "equations"],
                      "advanced", "advanced", ["equations", "advanced"], "advanced"],
             choices=tuple(POOLS), doc="which circle facts the problem needs"),
        Knob("angles", ["right", "any", "any", "any", "any", "any", "any", "any", "any", "any"],
             choices=("right", "any"),
             doc="central angles: multiples of 90 degrees, or any multiple of 30 or 45 degrees"),
        Knob("general_form", [False, False, False, False, False, True, False, True, True, True],
             doc="circles given in expanded general form (and scaled), needing completing the square"),
        Knob("radius_max", [6, 8, 10, 10, 12, 12, 12, 12, 15, 20], (2, 100), doc="largest radius or length"),
        Knob("coord_max", [5, 5, 6, 6, 8, 8, 8, 10, 10, 12], (1, 100), doc="largest |coordinate| of a center"),
    )
    answer_format = VALUE_FORMAT
    example = "-3*pi/2"  # the format, and never the answer: no length or area is negative

    def build(self, rng, params):
        kind = rng.choice(POOLS[params["pool"]])
        question, what, payload = scenario(kind, rng, params)
        if what == "degrees":  # the examples show the format and are never an answer
            return Draft(question, str(payload), {"degrees": payload}, answer_format=DEGREES_FORMAT, example="0")
        if what == "equation":
            center, r2 = complete_square(payload)
            h, k = center
            xs = "x^2" if h == 0 else f"(x {'-' if h > 0 else '+'} {frac_text(abs(h))})^2"
            ys = "y^2" if k == 0 else f"(y {'-' if k > 0 else '+'} {frac_text(abs(k))})^2"
            return Draft(question, f"{xs} + {ys} = {frac_text(r2)}", {"equation": dict_pairs(payload)},
                         answer_format=EQUATION_FORMAT, example="(x - 1)^2 + (y + 2)^2 = 0")  # radius 0: no circle here
        return Draft(question, payload.text(), {"value": payload.text(), "rational": payload.is_rational()})

    def effort(self, problem):
        # the relations the reference chains, by the question's kind (see RELATIONS), plus the
        # completion of the square (two steps, one more for a scaled equation) for every circle
        # given in general form
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        steps = next(n for phrase, n in RELATIONS if phrase in question)
        general = re.search(r"(\d*)x\^2 \+ \d*y\^2 [+-][^=]*= 0", question)
        if general:
            steps += 2 + bool(general.group(1))
        return steps

    def grade(self, answer, problem):
        names = prompt_names(problem.prompt)  # the points and segments a label may name
        c = problem.check
        if "degrees" in c:
            return grade_degrees(answer, c["degrees"], names=names)
        if "equation" in c:
            try:
                given = equation_coefficients(answer)
            except ParseError as exc:
                return refused(exc)
            if proportional(given, target_dict(c["equation"])):
                return right()
            return wrong("That equation describes a different curve.")
        return grade_value(answer, c["value"], c["rational"], "the value asked for", names=names)
