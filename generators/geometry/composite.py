"""Composite figures: a rectangle with semicircles, triangles, rectangles and corner cuts attached
or cut out; the exact area or perimeter, with pi and square roots.

The answer is not a sum of textbook formulas mirrored from the description: the figure is traced
as one closed boundary of segments and circular arcs, its area is the boundary integral of
(x dy - y dx)/2 (Green's theorem, exact for arcs whose ends lie at multiples of 90 degrees) minus
any holes, and its perimeter is the sum of the boundary pieces' exact lengths.
"""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register

from ._answers import VALUE_FORMAT, grade_value, prompt_names
from ._exact import F0, LEGS, PI, Exact

U = ((1, 0), (0, 1), (-1, 0), (0, -1))  # unit vectors by quarter turn
COS = (1, 0, -1, 0)
SIN = (0, 1, 0, -1)
NAMES = "ABCD"
SIDES = ("AB", "BC", "CD", "DA")
def _add(p, v, k=1):
    return (p[0] + k * v[0], p[1] + k * v[1])


# ---------------------------------------------------------------- the boundary engine

def trace(W, H, sides: dict, corners: dict) -> list:
    """The counterclockwise boundary as [("seg", P, Q) | ("arc", center, r, q1, q2)], where an arc
    runs from angle q1 to q2 (in quarter turns, signed) around its center."""
    V = [(0, 0), (W, 0), (W, H), (0, H)]
    out: list = []

    def cut(c):
        """How far the corner piece at c reaches along (incoming side, outgoing side)."""
        piece = corners.get(c)
        if piece is None:
            return 0, 0
        if piece["kind"] == "chamfer":
            return piece["p"], piece["q"]
        return piece["r"], piece["r"]

    for i in range(4):
        d = i
        start = _add(V[i], U[d], cut(i)[1])
        end = _add(V[(i + 1) % 4], U[d], -cut((i + 1) % 4)[0])
        piece = sides.get(i)
        if piece is None:
            out.append(("seg", start, end))
        else:
            _emit(out, start, end, d, piece)
        c = (i + 1) % 4
        corner = corners.get(c)
        if corner is not None:
            v, d_in, d_out = V[c], d, (d + 1) % 4
            kind = corner["kind"]
            if kind == "quarter":
                out.append(("arc", v, corner["r"], d_in + 2, d_in + 1))
            elif kind == "notch":
                a = corner["r"]
                p1 = _add(v, U[d_in], -a)
                p2 = _add(p1, U[d_out], a)
                out.append(("seg", p1, p2))
                out.append(("seg", p2, _add(v, U[d_out], a)))
            else:
                out.append(("seg", _add(v, U[d_in], -corner["p"]), _add(v, U[d_out], corner["q"])))
    return out


def _emit(out, P, Q, d, piece):
    n = U[(d - 1) % 4]  # outward normal of a counterclockwise side
    kind = piece["kind"]
    M = (Fraction(P[0] + Q[0], 2), Fraction(P[1] + Q[1], 2))
    L = abs(Q[0] - P[0]) + abs(Q[1] - P[1])
    if kind == "semi":
        r = Fraction(L, 2)
        out.append(("arc", M, r, d + 2, d + 4 if piece["out"] else d))
    elif kind == "tri":
        apex = _add(M, n, piece["h"] if piece["out"] else -piece["h"])
        out.append(("seg", P, apex))
        out.append(("seg", apex, Q))
    elif kind == "rtri":
        R = _add(P if piece["end"] == 0 else Q, n, piece["h"])
        out.append(("seg", P, R))
        out.append(("seg", R, Q))
    elif kind == "rect":
        P2, Q2 = _add(P, n, piece["h"]), _add(Q, n, piece["h"])
        out.append(("seg", P, P2))
        if piece.get("cap"):
            _emit(out, P2, Q2, d, piece["cap"])
        else:
            out.append(("seg", P2, Q2))
        out.append(("seg", Q2, Q))
    else:
        raise ValueError(kind)


def area_of(boundary, holes=()) -> Exact:
    """Green's theorem along the boundary: the integral of (x dy - y dx) / 2, minus the holes."""
    rational, pi_part = F0, F0
    for el in boundary:
        if el[0] == "seg":
            (x1, y1), (x2, y2) = el[1], el[2]
            rational += Fraction(x1 * y2 - x2 * y1, 2)
        else:
            _, (cx, cy), r, q1, q2 = el
            pi_part += Fraction(r * r * (q2 - q1), 4)
            rational += Fraction(r, 2) * (cx * (SIN[q2 % 4] - SIN[q1 % 4]) - cy * (COS[q2 % 4] - COS[q1 % 4]))
    for r in holes:
        pi_part -= r * r
    return Exact({(1, 0): rational, (1, 1): pi_part})


def perimeter_of(boundary) -> Exact:
    total = Exact()
    for el in boundary:
        if el[0] == "seg":
            (x1, y1), (x2, y2) = el[1], el[2]
            total = total + Exact.sqrt(Fraction((x2 - x1) ** 2 + (y2 - y1) ** 2))
        else:
            total = total + PI * (Fraction(el[2]) * abs(el[4] - el[3]) / 2)
    return total


# ---------------------------------------------------------------- generation

def _box_side(i, depth, W, H):
    """The bounding box (x0, y0, x1, y1) of an inward piece of the given depth on side i."""
    return [(0, 0, W, depth), (W - depth, 0, W, H), (0, H - depth, W, H), (0, 0, depth, H)][i]


def _box_corner(c, e_in, e_out, W, H):
    # corner c: incoming side c-1, outgoing side c; reach e_in back along the incoming side,
    # e_out along the outgoing one
    if c == 0:  # A: incoming DA (downwards), outgoing AB (rightwards)
        return (0, 0, e_out, e_in)
    if c == 1:  # B: incoming AB, outgoing BC (upwards)
        return (W - e_in, 0, W, e_out)
    if c == 2:  # C: incoming BC, outgoing CD (leftwards)
        return (W - e_out, H - e_in, W, H)
    return (0, H - e_out, e_in, H)  # D: incoming CD, outgoing DA (downwards)


def _separated(a, b) -> bool:
    return a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]


class _Builder:
    def __init__(self, rng, params, ask):
        self.rng, self.p, self.ask = rng, params, ask
        top = params["side_max"]
        step = 1 if params["odd_lengths"] else 2
        self.W = rng.randrange(4, top + 1, step) if top >= 4 else 4
        self.H = rng.randrange(4, top + 1, step) if top >= 4 else 4
        self.sides: dict = {}
        self.corners: dict = {}
        self.holes: list = []
        self.boxes: list = []
        self.lines: list = []  # (slot order, sentence)
        self.count = 0

    def length(self, i):
        return self.W if i % 2 == 0 else self.H

    def need_whole(self) -> bool:
        """Slanted edges must have whole lengths (a perimeter problem without surds)."""
        return self.ask == "perimeter" and not self.p["surds"]

    def height(self, leg: Fraction | int | None, cap: int) -> int | None:
        """A triangle height; with whole slants, one that makes (leg, height) Pythagorean."""
        rng = self.rng
        if self.need_whole():
            if leg is None or Fraction(leg).denominator != 1 or int(leg) not in LEGS:
                return None
            options = [b for b in LEGS[int(leg)] if b <= cap]
            return rng.choice(options) if options else None
        return rng.randint(1, max(1, cap))

    def fits(self, box) -> bool:
        """Inside the rectangle and clear of every other cut-out (with a gap, so cuts never touch)."""
        x0, y0, x1, y1 = box
        if not (0 <= x0 and 0 <= y0 and x1 <= self.W and y1 <= self.H):
            return False
        return all(_separated(box, b) for b in self.boxes)

    def try_side(self, kinds, cutouts, max_pieces) -> bool:
        rng = self.rng
        free = [i for i in range(4)
                if i not in self.sides and i not in self.corners and (i + 1) % 4 not in self.corners]
        if not free:
            return False
        i = rng.choice(free)
        L = self.length(i)
        other = self.length(i + 1)
        name = SIDES[i]
        crowded = max_pieces > len(free) and "rect" in kinds  # more pieces than free sides: stack two
        kind = "rect" if crowded else rng.choice(kinds)
        inward = cutouts and kind in ("semi", "tri") and rng.random() < 0.45
        if kind == "semi":
            if inward:
                box = _box_side(i, Fraction(L, 2), self.W, self.H)
                if Fraction(L, 2) >= other or not self.fits(box):
                    return False
                self.boxes.append(box)
                self.sides[i] = {"kind": "semi", "out": False}
                self.say(i, f"A half-disc with diameter {name} is cut out of the rectangle.")
            else:
                self.sides[i] = {"kind": "semi", "out": True}
                self.say(i, f"A semicircle with diameter {name} is attached to the outside of the rectangle.")
            self.count += 1
            return True
        if kind == "tri":
            h = self.height(Fraction(L, 2), (other - 1) if inward else max(2, L))
            if h is None:
                return False
            if inward:
                box = _box_side(i, h, self.W, self.H)
                if h >= other or not self.fits(box):
                    return False
                self.boxes.append(box)
                self.sides[i] = {"kind": "tri", "out": False, "h": h}
                self.say(i, f"An isosceles triangle with base {name} and height {h} is cut out of the rectangle "
                            f"(its apex points into the rectangle).")
            else:
                self.sides[i] = {"kind": "tri", "out": True, "h": h}
                self.say(i, f"An isosceles triangle with base {name} and height {h} is attached to the outside "
                            f"of the rectangle.")
            self.count += 1
            return True
        if kind == "rtri":
            h = self.height(L, max(2, L))
            if h is None:
                return False
            end = rng.randrange(2)
            corner = name[end]
            self.sides[i] = {"kind": "rtri", "h": h, "end": end}
            self.say(i, f"A right triangle is attached to the outside of the rectangle along {name}: one leg is "
                        f"{name}, the right angle is at {corner}, and the other leg has length {h}.")
            self.count += 1
            return True
        # a rectangle on the side, possibly capped by a semicircle or a triangle on its far side
        h = rng.randint(1, max(1, min(L, self.p["side_max"] // 2)))
        piece = {"kind": "rect", "h": h, "cap": None}
        text = (f"A rectangle with one side {name} and the other side {h} long is attached to the outside of the "
                f"rectangle along {name}")
        if max_pieces >= 2 and (crowded or rng.random() < 0.7):
            cap_kind = rng.choice([k for k in kinds if k in ("semi", "tri")] or ["semi"])
            if cap_kind == "tri":
                ch = self.height(Fraction(L, 2), max(2, L))
                if ch is None:
                    cap_kind = "semi"
            if cap_kind == "semi":
                piece["cap"] = {"kind": "semi", "out": True}
                text += (f"; a semicircle whose diameter is the far side of that rectangle (the side parallel to "
                         f"{name}) is attached to it, outside the figure")
            else:
                piece["cap"] = {"kind": "tri", "out": True, "h": ch}
                text += (f"; an isosceles triangle with height {ch}, whose base is the far side of that rectangle "
                         f"(the side parallel to {name}), is attached to it, outside the figure")
            self.count += 1
        self.sides[i] = piece
        self.say(i, text + ".")
        self.count += 1
        return True

    def try_corner(self) -> bool:
        rng = self.rng
        free = [c for c in range(4) if c not in self.corners and c not in self.sides and (c - 1) % 4 not in self.sides]
        if not free:
            return False
        c = rng.choice(free)
        L_in, L_out = self.length(c - 1), self.length(c)
        kind = rng.choice(["quarter", "notch", "chamfer"])
        name = NAMES[c]
        s_in, s_out = SIDES[(c - 1) % 4], SIDES[c]
        cap = max(1, min(L_in, L_out) // 2)
        if kind == "chamfer":
            if self.need_whole():
                pairs = [(a, b) for a in range(1, L_in) for b in LEGS.get(a, []) if b < L_out]
                if not pairs:
                    return False
                p, q = rng.choice(pairs)
            else:
                p, q = rng.randint(1, max(1, L_in - 2)), rng.randint(1, max(1, L_out - 2))
            box = _box_corner(c, p, q, self.W, self.H)
            if p >= L_in or q >= L_out or not self.fits(box):
                return False
            self.corners[c] = {"kind": "chamfer", "p": p, "q": q}
            self.say(4 + c, f"The corner at {name} is cut off by a straight cut from the point on {s_in} at distance "
                            f"{p} from {name} to the point on {s_out} at distance {q} from {name}.")
        else:
            r = rng.randint(1, cap)
            box = _box_corner(c, r, r, self.W, self.H)
            if r >= min(L_in, L_out) or not self.fits(box):
                return False
            self.corners[c] = {"kind": kind, "r": r}
            if kind == "quarter":
                self.say(4 + c, f"A quarter-disc of radius {r} centered at {name} is cut out of the corner at {name}.")
            else:
                self.say(4 + c, f"A square of side {r} is cut out of the corner at {name} (two of its sides lie "
                                f"along {s_in} and {s_out}).")
        self.boxes.append(box)
        self.count += 1
        return True

    def try_hole(self) -> bool:
        if self.holes:
            return False
        cx, cy = Fraction(self.W, 2), Fraction(self.H, 2)
        top = int(min(cx, cy)) - 1
        if top < 1:
            return False
        r = self.rng.randint(1, top)
        box = (cx - r, cy - r, cx + r, cy + r)
        if not all(_separated(box, b) for b in self.boxes):
            return False
        self.holes.append(r)
        self.boxes.append(box)
        self.say(9, f"A circular hole of radius {r} centered at the center of the rectangle is cut out.")
        self.count += 1
        return True

    def say(self, order, sentence):
        self.lines.append((order, sentence))


def build_figure(rng, params, ask):
    """A random figure with (up to) n_pieces pieces; returns the builder."""
    shapes, cutouts, n = params["shapes"], params["cutouts"], params["n_pieces"]
    kinds = ["semi"] if shapes == "semicircles" else ["semi", "tri", "rtri", "rect"]
    best = None
    for _ in range(8):
        b = _Builder(rng, params, ask)
        misses = 0
        while b.count < n and misses < 12:
            left = n - b.count
            roll = rng.random()
            if shapes == "all" and cutouts and roll < 0.3:
                placed = b.try_corner()
            elif shapes == "all" and cutouts and ask == "area" and roll < 0.4:
                placed = b.try_hole()
            else:
                placed = b.try_side(kinds, cutouts, left)
            misses = 0 if placed else misses + 1
        if b.count == n:
            return b
        if best is None or b.count > best.count:
            best = b
    return best


@register
class CompositeFigure(Task):
    """A rectangle ABCD with pieces attached outside or cut out: semicircles (half-discs) on its
    sides, isosceles and right triangles, rectangles capped by a semicircle or triangle, and at
    higher levels corner cuts (quarter-discs, square notches, slanted cuts) and a circular hole.
    Asked: the exact area, or the exact perimeter (where a notch changes nothing and slanted edges
    give square roots). Higher levels add pieces, cut-outs, corner cuts, stacked pieces and odd
    lengths (half-integer radii); a level may ask either measure."""

    name = "geometry/composite_figure"
    released_dips = {8: "level 8 adds area questions to a level of perimeter questions"}
    cap_reason = ("the rectangle has four sides (each may carry a capped piece), four corners and a centre: at "
                  "most nine pieces fit, which level 13 asks for; past that only the lengths could grow")
    knobs = (
        Knob("n_pieces", [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9], (1, 9),
             doc="pieces attached to or cut from the rectangle"),
        Knob("ask", ["area", "area", "area", "perimeter", ["area", "perimeter"], ["area", "perimeter"], "perimeter",
             ["area", "perimeter"], ["area", "perimeter"], ["area", "perimeter"]] + [["area", "perimeter"]] * 3,
             choices=("area", "perimeter"), doc="which measure is asked"),
        Knob("shapes", ["semicircles", "sides", "sides", "sides", "sides", "all", "all", "all", "all", "all"]
             + ["all"] * 3,
             choices=("semicircles", "sides", "all"),
             doc="semicircles only; side pieces (semicircles, triangles, capped rectangles); all (plus corner cuts "
                 "and holes)"),
        Knob("cutouts", [False, False, True, True, True, True, True, True, True, True] + [True] * 3,
             doc="pieces may be cut out of the rectangle, not only attached"),
        Knob("surds", [False, False, False, False, False, True, True, True, True, True] + [True] * 3,
             doc="slanted edges may have irrational lengths (perimeters with square roots)"),
        Knob("odd_lengths", [False, False, False, False, False, False, True, True, True, True] + [True] * 3,
             doc="rectangle sides may be odd (semicircles of half-integer radius)"),
        Knob("side_max", [10, 12, 12, 14, 16, 16, 18, 20, 20, 24, 26, 28, 30], (4, 60), doc="largest rectangle side"),
    )
    answer_format = VALUE_FORMAT
    example = "-12 - 9*pi/2"  # the format, and never the answer: no area or perimeter is negative

    def build(self, rng, params):
        ask = params["ask"]
        b = build_figure(rng, params, ask)
        boundary = trace(b.W, b.H, b.sides, b.corners)
        value = area_of(boundary, b.holes) if ask == "area" else perimeter_of(boundary)
        pieces = "\n".join(f"- {s}" for _, s in sorted(b.lines))
        measure = ("area of the figure" if ask == "area"
                   else "perimeter of the figure (the total length of its boundary)")
        question = (f"ABCD is a rectangle with AB = {b.W} and BC = {b.H}; A is its bottom-left corner and B, C, D "
                    f"follow counterclockwise. A figure is made from the rectangle as follows:\n{pieces}\n\n"
                    f"Pieces that are cut out are removed from the figure. What is the exact {measure}?")
        return Draft(question, value.text(), {"value": value.text(), "rational": value.is_rational(), "measure": ask})

    def effort(self, problem):
        # the rectangle, then every piece (a capped rectangle is two): its area added or removed,
        # or for a perimeter the edges it swaps into the boundary, a slanted edge by Pythagoras
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        pieces = [line for line in question.splitlines() if line.startswith("- ")]
        work = 1
        for line in pieces:
            work += 2 + 2 * ("; a semicircle whose diameter" in line or "; an isosceles triangle" in line)
            if problem.check["measure"] == "perimeter":
                work += 2 * (line.count("isosceles triangle") * 2 + line.count("right triangle")
                             + line.count("straight cut"))
        return work

    def grade(self, answer, problem):
        names = prompt_names(problem.prompt)  # the points and segments a label may name
        c = problem.check
        return grade_value(answer, c["value"], c["rational"], f"the {c.get('measure', 'measure')} of the figure",
                           names=names)
