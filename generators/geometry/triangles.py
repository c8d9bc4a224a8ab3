"""Solving triangles: right triangles (Pythagorean triples or surds), the law of cosines with
60, 90 and 120 degree angles, Heron's formula, area from two sides and the included angle,
altitudes, medians, inradius and circumradius, the angle bisector theorem and similar triangles.

Every value is computed exactly (rationals, square roots) by the standard relations: the law of
cosines, Heron's formula, K = ab sin(C)/2, h = 2K/side, r = K/s, R = abc/(4K), the median length
formula; angles are recovered from three sides by the law of cosines.
"""
from __future__ import annotations

import math
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._answers import VALUE_FORMAT, grade_degrees, grade_value, prompt_names
from ._exact import SIN, Exact

# exact cosines of the angles used (the sines are _exact.SIN)
COS = {60: Fraction(1, 2), 90: Fraction(0), 120: Fraction(-1, 2)}


def _is_square(n: int) -> bool:
    return n >= 0 and math.isqrt(n) ** 2 == n


TRIPLES = sorted((a, b, math.isqrt(a * a + b * b)) for a in range(1, 61) for b in range(1, 61)
                 if _is_square(a * a + b * b))
# integer triangles (a, b, c, angle) where the angle between a and b is 60 or 120 degrees
ANGLE_TRIANGLES = sorted((a, b, math.isqrt(a * a + b * b + (ab if g == 120 else -ab)), g)
                         for g in (60, 120) for a in range(1, 41) for b in range(1, 41) for ab in [a * b]
                         if a != b and _is_square(a * a + b * b + (ab if g == 120 else -ab)))
HERONIAN = []
for _a in range(1, 41):
    for _b in range(_a, 41):
        for _c in range(_b, min(_a + _b, 41)):
            _p = (_a + _b + _c) * (-_a + _b + _c) * (_a - _b + _c) * (_a + _b - _c)
            if _is_square(_p) and math.isqrt(_p) % 4 == 0:
                HERONIAN.append((_a, _b, _c))


def law_of_cosines(a, b, angle) -> Exact:
    """The side opposite an angle of 60, 90 or 120 degrees between sides a and b."""
    return Exact.sqrt(Fraction(a * a + b * b) - 2 * a * b * COS[angle])


def angle_from_sides(a, b, c) -> int | None:
    """The angle opposite c in whole degrees when it is 60, 90 or 120 (by the law of cosines)."""
    cos = Fraction(a * a + b * b - c * c, 2 * a * b)
    for angle, value in COS.items():
        if value == cos:
            return angle
    return None


def heron(a, b, c) -> Exact:
    """The area of a triangle with sides a, b, c."""
    s = Fraction(a + b + c, 2)
    return Exact.sqrt(s * (s - a) * (s - b) * (s - c))


def sas_area(a, b, angle) -> Exact:
    return SIN[angle] * Fraction(a * b, 2)


def median(a, b, c) -> Exact:
    """The median to side a."""
    return Exact.sqrt(Fraction(2 * b * b + 2 * c * c - a * a, 4))


POOLS = {
    "right": ("right_hyp", "right_leg"),
    "basic": ("right_hyp", "right_leg", "sas_side", "similar", "sss_angle", "sas_area"),
    "solve": ("heron_area", "sss_angle", "sas_area", "altitude_split", "similar_area", "bisector"),
    "derived": ("altitude", "median", "inradius", "circumradius", "hyp_altitude"),
    "chain": ("sas_circumradius", "sas_altitude", "sas_median", "heron_foot", "split_area"),
}


def _sides(rng, top, surds):
    """Integer sides of a non-degenerate triangle (Heronian when not surds)."""
    if not surds:
        options = [t for t in HERONIAN if t[2] <= top] or HERONIAN[:5]
        t = list(rng.choice(options))
        rng.shuffle(t)
        return t
    while True:
        a, b, c = (rng.randint(2, top) for _ in range(3))
        if a + b > c and b + c > a and a + c > b:
            return [a, b, c]


def _triple(rng, top):
    options = [t for t in TRIPLES if t[2] <= top] or TRIPLES[:4]
    return rng.choice(options)


def scenario(kind, rng, top, surds):
    """(question, value, unit) where value is an Exact or whole degrees (unit "degrees")."""
    if kind in ("right_hyp", "right_leg", "hyp_altitude"):
        if surds and rng.random() < 0.6:
            a, b = rng.randint(1, top), rng.randint(1, top)
            c = Exact.sqrt(a * a + b * b)
        else:
            a, b, c = _triple(rng, top + top // 2)
            c = Exact.of(c)
        if kind == "right_hyp":
            return (f"A right triangle has legs of lengths {a} and {b}. How long is its hypotenuse?", c, "")
        if kind == "hyp_altitude":
            h = Exact.of(a * b) / c
            return (f"A right triangle has legs of lengths {a} and {b}. How long is the altitude from the right "
                    f"angle to the hypotenuse?", h, "")
        if c.is_rational():
            return (f"A right triangle has a hypotenuse of length {frac_text(c.rational())} and one leg of length "
                    f"{a}. How long is the other leg?", Exact.of(b), "")
        hyp = rng.randint(max(a, b) + 1, max(a, b) + top)
        leg = Exact.sqrt(hyp * hyp - a * a)
        return (f"A right triangle has a hypotenuse of length {hyp} and one leg of length {a}. How long is the "
                f"other leg?", leg, "")
    if kind in ("sas_side", "sas_circumradius", "sas_altitude", "sas_median"):
        if surds:
            angle = rng.choice([60, 90, 120])
            a, b = rng.randint(2, top), rng.randint(2, top)
            while a == b:
                b = rng.randint(2, top)
        else:
            a, b, _, angle = rng.choice([t for t in ANGLE_TRIANGLES if t[2] <= 2 * top] or ANGLE_TRIANGLES[:4])
        c = law_of_cosines(a, b, angle)
        given = f"In triangle ABC, CA = {b}, CB = {a} and angle ACB = {angle} degrees."
        if kind == "sas_side":
            return f"{given} How long is AB?", c, ""
        if kind == "sas_circumradius":
            return f"{given} What is the radius of the circle through A, B and C?", c / (SIN[angle] * 2), ""
        if kind == "sas_altitude":
            return (f"{given} How long is the altitude from C to side AB?", sas_area(a, b, angle) * 2 / c, "")
        # median from A to the midpoint of BC needs AB first
        c2 = (c * c).rational()
        return (f"{given} How long is the median from A (the segment from A to the midpoint of BC)?",
                Exact.sqrt(Fraction(2 * b * b) + 2 * c2 - a * a) / 2, "")
    if kind == "sss_angle":
        if rng.random() < 0.3:
            a, b, c = _triple(rng, 2 * top)
            angle = 90
        else:
            a, b, c, angle = rng.choice([t for t in ANGLE_TRIANGLES if t[2] <= 2 * top] or ANGLE_TRIANGLES[:4])
        found = angle_from_sides(a, b, c)
        assert found == angle
        return (f"Triangle ABC has sides AB = {c}, BC = {a} and CA = {b}. What is the measure of angle ACB, in "
                f"degrees?", found, "degrees")
    if kind == "sas_area":
        angle = rng.choice([30, 45, 60, 90, 120, 135, 150])
        a, b = rng.randint(2, top), rng.randint(2, top)
        return (f"In triangle ABC, CA = {b}, CB = {a} and angle ACB = {angle} degrees. What is the area of the "
                f"triangle?", sas_area(a, b, angle), "")
    if kind in ("heron_area", "altitude", "inradius", "circumradius", "median", "heron_foot"):
        a, b, c = _sides(rng, top, surds)
        given = f"Triangle ABC has sides BC = {a}, CA = {b} and AB = {c}."
        area = heron(a, b, c)
        if kind == "heron_area":
            return f"{given} What is its area?", area, ""
        if kind == "altitude":
            return f"{given} How long is the altitude from A to side BC?", area * 2 / a, ""
        if kind == "inradius":
            return f"{given} What is the radius of its inscribed circle?", area / Fraction(a + b + c, 2), ""
        if kind == "circumradius":
            return (f"{given} What is the radius of its circumscribed circle?", Exact.of(a * b * c) / (area * 4), "")
        if kind == "median":
            return (f"{given} How long is the median from A (the segment from A to the midpoint of BC)?",
                    median(a, b, c), "")
        # heron_foot: D is the foot of the altitude from A; BD by projection: (a^2 + c^2 - b^2) / (2a)
        bd = Fraction(a * a + c * c - b * b, 2 * a)
        if bd <= 0 or bd >= a:
            bd = Fraction(a * a + b * b - c * c, 2 * a)  # measure from C instead
            return (f"{given} Let D be the foot of the altitude from A to line BC. How long is CD?", Exact.of(abs(bd)),
                    "")
        return (f"{given} Let D be the foot of the altitude from A to line BC. How long is BD?", Exact.of(bd), "")
    if kind in ("altitude_split", "split_area"):
        # two right triangles ABD and ADC sharing the altitude AD
        if surds and rng.random() < 0.5:
            h = rng.randint(2, top)
            x, y = rng.randint(1, top), rng.randint(1, top)
            ab, ac = Exact.sqrt(h * h + x * x), Exact.sqrt(h * h + y * y)
        else:
            legs = [t for t in TRIPLES if t[2] <= 2 * top]
            first = rng.choice(legs)
            h, x = first[0], first[1]
            partners = [t for t in legs if t[0] == h] or [first]
            second = rng.choice(partners)
            y = second[1]
            ab, ac = Exact.of(first[2]), Exact.of(second[2])
        # recover BD and DC from the hypotenuses by Pythagoras, as a solver would
        bd = Exact.sqrt((ab * ab).rational() - h * h)
        dc = Exact.sqrt((ac * ac).rational() - h * h)
        given = (f"In triangle ABC, D is the foot of the altitude from A to BC, and D lies between B and C. "
                 f"AB = {ab.text()}, AC = {ac.text()} and AD = {h}.")
        if kind == "altitude_split":
            return f"{given} How long is BC?", bd + dc, ""
        return f"{given} What is the area of triangle ABC?", (bd + dc) * Fraction(h, 2), ""
    if kind in ("similar", "similar_area"):
        p, q = rng.randint(1, top), rng.randint(1, top)
        if kind == "similar":
            de = rng.randint(1, top)
            given = (f"In triangle ABC, D lies on side AB and E on side AC, with DE parallel to BC. "
                     f"AD = {p}, DB = {q} and DE = {de}.")
            return f"{given} How long is BC?", Exact.of(Fraction(de * (p + q), p)), ""
        k = rng.randint(1, top) * p * p
        given = (f"In triangle ABC, D lies on side AB and E on side AC, with DE parallel to BC. "
                 f"AD = {p}, DB = {q}, and triangle ADE has area {k}.")
        ratio = Fraction(p + q, p)
        return (f"{given} What is the area of the quadrilateral DBCE?", Exact.of(k * ratio * ratio - k), "")
    if kind == "bisector":
        a, b, c = _sides(rng, top, True)
        return (f"Triangle ABC has sides BC = {a}, CA = {b} and AB = {c}. The bisector of angle BAC meets BC at D. "
                f"How long is BD?", Exact.of(Fraction(a * c, b + c)), "")
    raise ValueError(kind)


# (phrases that identify a question kind, the relations its reference solution chains), most
# specific first: a median from two sides and their angle needs the third side, then the median
# formula (2); a circumradius from three sides needs Heron's area, then R = abc / 4K (2); ...
RELATIONS = (
    (("angle ACB = ", "How long is AB?"), 1),  # the law of cosines
    (("angle ACB = ", "radius of the circle through"), 2),  # the third side, then R = c / (2 sin C)
    (("angle ACB = ", "altitude from C"), 3),  # the third side, the area, then 2K / c
    (("angle ACB = ", "median from A"), 2),  # the third side, then the median formula
    (("angle ACB = ", "area of the triangle"), 1),  # K = ab sin(C) / 2
    (("altitude from the right angle",), 2),  # the hypotenuse, then ab / c
    (("legs of lengths",), 1),
    (("hypotenuse of length",), 1),
    (("measure of angle ACB",), 1),  # the law of cosines, backwards
    (("bisector of angle BAC",), 1),  # the angle bisector theorem
    (("D lies between B and C", "How long is BC"), 3),  # BD and DC by Pythagoras, then their sum
    (("D lies between B and C", "area of triangle ABC"), 4),  # BD, DC, BC, then the area
    (("foot of the altitude from A to line BC",), 1),  # the projection formula
    (("DE parallel to BC", "How long is BC"), 1),  # the similarity ratio
    (("DE parallel to BC", "quadrilateral DBCE"), 2),  # the ratio squared, then a difference
    (("What is its area",), 1),  # Heron's formula
    (("altitude from A to side BC",), 2),  # Heron, then 2K / a
    (("inscribed circle",), 2),  # Heron, then K / s
    (("circumscribed circle",), 2),  # Heron, then abc / 4K
    (("How long is the median",), 1),  # the median formula
)


@register
class TriangleSolving(Task):
    """Solve a triangle for one exact quantity: a side of a right triangle, a side by the law of
    cosines, an angle from three sides (in degrees), an area by Heron's formula or from two sides
    and the included angle, an altitude, median, inradius or circumradius, a segment cut by an
    altitude or an angle bisector, or a length or area in similar triangles. Higher levels move
    from Pythagorean triples to surds and from one relation to chains of two or three (find the
    third side, then the area, then the altitude or circumradius)."""

    name = "geometry/triangle_solving"
    cap_reason = ("each problem solves one triangle for one quantity by a chain of at most four standard "
                  "relations; level 10 already draws the longest chains, with surds, so further levels could only "
                  "grow the side lengths")
    knobs = (
        Knob("pool", ["right", "right", "basic", "basic", "solve", "solve", "derived", "derived", "chain",
                      ["derived", "chain"]], choices=tuple(POOLS), doc="which relations the problem needs"),
        Knob("surds", [False, False, True, True, True, True, True, True, True, True],
             doc="lengths need not be whole numbers (answers with square roots)"),
        Knob("side_max", [10, 12, 14, 16, 18, 20, 24, 28, 30, 30], (4, 100), doc="about the largest given side"),
    )
    answer_format = VALUE_FORMAT
    example = "-6*sqrt(3)"  # the format, and never the answer: no length or area is negative

    def build(self, rng, params):
        for _ in range(100):
            kind = rng.choice(POOLS[params["pool"]])
            question, value, unit = scenario(kind, rng, params["side_max"], params["surds"])
            if unit == "degrees" or value.size() <= 10**6:
                break
        if unit == "degrees":
            return Draft(question, str(value), {"degrees": value}, answer_format="the angle in whole degrees",
                         example="0")  # never the answer: a triangle's angles are positive
        return Draft(question, value.text(), {"value": value.text(), "rational": value.is_rational()})

    def effort(self, problem):
        # the relations the reference chains for the question's kind (see RELATIONS), one more for
        # each given length that is a surd (its square must be worked out before use)
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        steps = next(n for phrases, n in RELATIONS if all(p in question for p in phrases))
        return steps + question.count("sqrt(")

    def grade(self, answer, problem):
        names = prompt_names(problem.prompt)  # the points and segments a label may name
        c = problem.check
        if "degrees" in c:
            return grade_degrees(answer, c["degrees"], names=names)
        return grade_value(answer, c["value"], c["rational"], "the length or area asked for", names=names)
