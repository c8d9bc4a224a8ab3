"""Solids: exact volumes and total surface areas of cubes, boxes, cylinders, cones, spheres,
hemispheres, square pyramids and triangular prisms, alone or stacked into composite solids, with
holes drilled through or hemispherical dents carved out, and with some dimensions given only
indirectly (a diameter, a circumference, a slant height, a volume, a diagonal).

The solver works like a student's: it first recovers every hidden dimension from its clue (a
slant height and a radius give a height by Pythagoras, a volume and a radius give a height, ...),
then adds the parts' volumes, and for the surface does face bookkeeping: every part lists its
faces, each glued pair of faces loses the smaller face's area twice (the annulus or frame that
sticks out stays outside), and holes and dents swap the faces they remove for the walls they add.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._answers import VALUE_FORMAT, grade_value, prompt_names
from ._exact import LEGS, PI, Exact

ROUND = ("cylinder", "cone", "sphere", "hemisphere")
FLAT = ("cube", "box", "pyramid", "prism")


def _triple_leg(rng, a: int, top: int):
    """b with a^2 + b^2 square and b <= top, or None."""
    options = [b for b in LEGS.get(a, []) if b <= top]
    return rng.choice(options) if options else None


# ---------------------------------------------------------------- parts: dimensions, faces, volume

def slant(r, h) -> Exact:
    return Exact.sqrt(Fraction(r) ** 2 + Fraction(h) ** 2)


def part_volume(p) -> Exact:
    k = p["kind"]
    if k == "cylinder":
        return PI * (Fraction(p["r"]) ** 2 * p["h"])
    if k == "cone":
        return PI * (Fraction(p["r"]) ** 2 * p["h"] / 3)
    if k == "sphere":
        return PI * (Fraction(4, 3) * Fraction(p["r"]) ** 3)
    if k == "hemisphere":
        return PI * (Fraction(2, 3) * Fraction(p["r"]) ** 3)
    if k in ("box", "cube"):
        return Exact.of(Fraction(p["a"]) * p["b"] * p["c"])
    if k == "pyramid":
        return Exact.of(Fraction(p["a"]) ** 2 * p["h"] / 3)
    if k == "prism":
        return Exact.of(Fraction(p["a"]) * p["b"] * p["L"] / 2)
    raise ValueError(k)


def part_faces(p) -> dict:
    """{face name: area}; "top" and "bottom" are the faces another part can be glued to."""
    k = p["kind"]
    if k == "cylinder":
        disk = PI * Fraction(p["r"]) ** 2
        return {"bottom": disk, "top": disk, "side": PI * (2 * Fraction(p["r"]) * p["h"])}
    if k == "cone":
        base = PI * Fraction(p["r"]) ** 2
        side = PI * slant(p["r"], p["h"]) * p["r"]
        return {("top" if p.get("down") else "bottom"): base, "side": side}
    if k == "sphere":
        return {"surface": PI * (4 * Fraction(p["r"]) ** 2)}
    if k == "hemisphere":
        flat = PI * Fraction(p["r"]) ** 2
        return {("top" if p.get("down") else "bottom"): flat, "curved": flat * 2}
    if k in ("box", "cube"):
        ab = Exact.of(Fraction(p["a"]) * p["b"])
        return {"bottom": ab, "top": ab, "side": Exact.of(2 * (Fraction(p["a"]) + p["b"]) * p["c"])}
    if k == "pyramid":
        s = slant(Fraction(p["a"], 2), p["h"])
        return {"bottom": Exact.of(Fraction(p["a"]) ** 2), "side": s * (2 * Fraction(p["a"]))}
    if k == "prism":
        c = slant(p["a"], p["b"])
        return {"ends": Exact.of(Fraction(p["a"]) * p["b"]), "walls": (c + p["a"] + p["b"]) * p["L"]}
    raise ValueError(k)


def footprint(p, face):
    """The shape of a top or bottom face: ("disk", r) or ("rect", a, b)."""
    if p["kind"] in ("cylinder", "cone", "hemisphere"):
        return ("disk", Fraction(p["r"]))
    if p["kind"] == "pyramid":
        return ("rect", Fraction(p["a"]), Fraction(p["a"]))
    return ("rect", Fraction(p["a"]), Fraction(p["b"]))


def fits(small, big) -> bool:
    """Whether a centered face `small` lies inside the face `big` (no overhang either way is
    needed: the smaller one must fit inside the larger)."""
    if small[0] == "disk" and big[0] == "disk":
        return small[1] <= big[1]
    if small[0] == "disk":
        return 2 * small[1] <= min(big[1], big[2])
    if big[0] == "disk":
        return small[1] ** 2 + small[2] ** 2 <= 4 * big[1] ** 2
    return (small[1] <= big[1] and small[2] <= big[2]) or (small[1] <= big[2] and small[2] <= big[1])


def solid_measures(parts, mods=()) -> tuple[Exact, Exact]:
    """(volume, total surface area) of parts stacked bottom to top, with modifications."""
    volume = Exact()
    faces = []
    for p in parts:
        volume = volume + part_volume(p)
        faces.append(part_faces(p))
    surface = Exact()
    for f in faces:
        for area in f.values():
            surface = surface + area
    for lower, upper in zip(faces, faces[1:]):
        a, b = lower["top"], upper["bottom"]
        surface = surface - 2 * (a if float(a) <= float(b) else b)
    for m in mods:
        q = Fraction(m["r"])
        if m["kind"] == "hole":  # through the whole height: two disks gone, a tube wall added
            volume = volume - PI * (q * q * m["depth"])
            surface = surface - PI * (2 * q * q) + PI * (2 * q * m["depth"])
        else:  # hemispherical dent in the top face
            volume = volume - PI * (Fraction(2, 3) * q ** 3)
            surface = surface - PI * (q * q) + PI * (2 * q * q)
    return volume, surface


# ---------------------------------------------------------------- descriptions and clues

def describe(p, clue: str | None) -> str:
    """The part in words; `clue` names the dimension given indirectly (or None)."""
    k = p["kind"]
    r = p.get("r")
    if k in ("cylinder", "cone", "sphere", "hemisphere"):
        if clue == "diameter":
            rad = f"diameter {frac_text(2 * Fraction(r))}"
        elif clue == "circumference":
            rad = f"base circumference {(PI * (2 * Fraction(r))).text()}" if k in ("cylinder", "cone") else \
                f"great-circle circumference {(PI * (2 * Fraction(r))).text()}"
        else:
            rad = f"radius {frac_text(r)}"
    if k == "cylinder":
        if clue == "volume":
            return f"a cylinder of radius {frac_text(r)} and volume {part_volume(p).text()}"
        return f"a cylinder of {rad} and height {frac_text(p['h'])}"
    if k == "cone":
        way = ", apex pointing down (its base on top)" if p.get("down") else ", apex pointing up"
        if clue == "slant":
            return f"a cone of base radius {frac_text(r)} and slant height {slant(r, p['h']).text()}{way}"
        return f"a cone of base {rad} and height {frac_text(p['h'])}{way}"
    if k == "sphere":
        if clue == "area":
            return f"a sphere of surface area {part_faces(p)['surface'].text()}"
        return f"a sphere of {rad}"
    if k == "hemisphere":
        way = ", flat face up" if p.get("down") else ", flat face down"
        return f"a hemisphere of {rad}{way}"
    if k == "cube":
        if clue == "diagonal":
            return f"a cube whose space diagonal is {(Exact.sqrt(3) * p['a']).text()}"
        return f"a cube of edge {frac_text(p['a'])}"
    if k == "box":
        if clue == "volume":
            return (f"a rectangular box with base {frac_text(p['a'])} by {frac_text(p['b'])} and volume "
                    f"{part_volume(p).text()}")
        return f"a rectangular box with base {frac_text(p['a'])} by {frac_text(p['b'])} and height {frac_text(p['c'])}"
    if k == "pyramid":
        if clue == "slant":
            return (f"a pyramid with a square base of side {frac_text(p['a'])} whose triangular faces have slant "
                    f"height {slant(Fraction(p['a'], 2), p['h']).text()} (from the base edge's midpoint to the apex)")
        return f"a pyramid with a square base of side {frac_text(p['a'])} and height {frac_text(p['h'])}"
    if k == "prism":
        return (f"a prism of length {frac_text(p['L'])} whose ends are right triangles with legs {frac_text(p['a'])} "
                f"and {frac_text(p['b'])}")
    raise ValueError(k)


CLUES = {"cylinder": ("diameter", "circumference", "volume"), "cone": ("slant", "diameter"),
         "sphere": ("diameter", "area", "circumference"), "hemisphere": ("diameter", "circumference"),
         "cube": ("diagonal",), "box": ("volume",), "pyramid": ("slant",), "prism": ()}


def recover(p, clue):
    """The hidden dimension, solved back from what the description states (as a solver must)."""
    k = p["kind"]
    if clue == "diameter":
        return {"r": Fraction(2 * Fraction(p["r"])) / 2}
    if clue == "circumference":
        return {"r": (PI * (2 * Fraction(p["r"])) / PI).rational() / 2}
    if clue == "volume" and k == "cylinder":
        return {"h": (part_volume(p) / (PI * Fraction(p["r"]) ** 2)).rational()}
    if clue == "volume":
        return {"c": part_volume(p).rational() / (Fraction(p["a"]) * p["b"])}
    if clue == "slant" and k == "cone":
        s = slant(p["r"], p["h"])
        return {"h": Exact.sqrt((s * s).rational() - Fraction(p["r"]) ** 2)}
    if clue == "slant":
        s = slant(Fraction(p["a"], 2), p["h"])
        return {"h": Exact.sqrt((s * s).rational() - Fraction(p["a"], 2) ** 2)}
    if clue == "area":
        return {"r": Exact.sqrt(part_faces(p)["surface"].t[(1, 1)] / 4)}
    if clue == "diagonal":
        side = (Exact.sqrt(3) * p["a"] / Exact.sqrt(3)).rational()
        return {"a": side, "b": side, "c": side}
    raise ValueError(clue)


# ---------------------------------------------------------------- generation

def _round_part(rng, kind, top, surds, r=None, down=False):
    if r is None:
        r = rng.randint(1, top)
        if kind == "cone" and not surds:
            r = rng.choice([x for x in range(1, top + 1) if _has_leg(x, 2 * top)] or [r])
    p = {"kind": kind, "r": r}
    if kind == "cylinder":
        p["h"] = rng.randint(1, top)
    elif kind == "cone":
        h = None if surds else _triple_leg(rng, r, 2 * top)
        p["h"] = h if h is not None else rng.randint(1, top)
    if down:
        p["down"] = True
    return p


def _has_leg(a, top) -> bool:
    return any(b <= top for b in LEGS.get(a, []))


def _flat_part(rng, kind, top, surds, a=None, b=None):
    if kind == "cube":
        s = rng.randint(1, top)
        return {"kind": "cube", "a": s, "b": s, "c": s}
    if kind == "box":
        a = a if a is not None else rng.randint(1, top)
        b = b if b is not None else rng.randint(1, top)
        return {"kind": "box", "a": a, "b": b, "c": rng.randint(1, top)}
    if kind == "pyramid":
        a = a if a is not None else 2 * rng.randint(1, max(1, top // 2))
        h = None if surds or a % 2 else _triple_leg(rng, a // 2, 2 * top)
        return {"kind": "pyramid", "a": a, "h": h if h is not None else rng.randint(1, top)}
    a, b = rng.randint(1, top), rng.randint(1, top)
    if not surds:
        a, b, _ = rng.choice([(3, 4, 5), (6, 8, 10), (5, 12, 13), (8, 6, 10), (4, 3, 5), (12, 5, 13)])
    return {"kind": "prism", "a": a, "b": b, "L": rng.randint(1, top)}


def single(rng, family, top, surds):
    kinds = {"prisms": FLAT, "round": ROUND, "all": FLAT + ROUND}[family]
    kind = rng.choice(kinds)
    if kind in ROUND:
        return _round_part(rng, kind, top, surds)
    return _flat_part(rng, kind, top, surds)


def stack(rng, n_parts, family, top, surds):
    """A bottom-to-top list of parts whose glued faces fit inside each other."""
    for _ in range(200):
        parts = []
        use_round = family == "round" or (family == "all" and rng.random() < 0.6)
        if use_round:
            r = rng.randint(2, top)
            bottom = rng.choice(["cylinder", "cylinder", "hemisphere", "cone"])
            parts.append(_round_part(rng, bottom, top, surds, r, down=bottom != "cylinder"))
            while len(parts) < n_parts - 1:
                r2 = rng.choice([r, r, rng.randint(1, r)])
                parts.append(_round_part(rng, "cylinder", top, surds, r2))
                r = r2
            if len(parts) < n_parts:
                last = parts[-1]
                options = (["cone", "hemisphere", "cylinder"] if last["kind"] == "cylinder"
                           else ["cylinder", "hemisphere"])
                kind = rng.choice(options)
                r2 = rng.choice([last["r"], last["r"], rng.randint(1, last["r"])])
                parts.append(_round_part(rng, kind, top, surds, r2))
        else:
            parts.append(_flat_part(rng, "box", top, surds))
            while len(parts) < n_parts - 1:
                lo = parts[-1]
                parts.append(_flat_part(rng, "box", top, surds, rng.randint(1, lo["a"]), rng.randint(1, lo["b"])))
            if len(parts) < n_parts:
                lo = parts[-1]
                kind = rng.choice(["pyramid", "cylinder", "cone"])
                limit = min(lo["a"], lo["b"])
                if kind == "pyramid":
                    side = rng.choice([limit, rng.randint(1, limit)])
                    if not surds and side % 2 and side > 1:
                        side -= 1
                    parts.append(_flat_part(rng, "pyramid", top, surds, a=side))
                else:
                    if limit < 2:
                        continue
                    parts.append(_round_part(rng, kind, top, surds, rng.randint(1, limit // 2)))
        ok = all(_glue_fits(lo, up) for lo, up in zip(parts, parts[1:]))
        if ok and len(parts) == n_parts:
            return parts
    raise RuntimeError("no stack found")


def _glue_fits(lower, upper) -> bool:
    a, b = footprint(lower, "top"), footprint(upper, "bottom")
    return fits(a, b) or fits(b, a)


def modification(rng, part, top):
    """A drilled hole or a hemispherical dent for a cylinder, box or cube, or None."""
    if part["kind"] == "cylinder":
        room, depth = Fraction(part["r"]), Fraction(part["h"])
    elif part["kind"] in ("box", "cube"):
        room, depth = Fraction(min(part["a"], part["b"]), 2), Fraction(part["c"])
    else:
        return None
    if room <= 1:
        return None
    q = rng.randint(1, int(math.ceil(room)) - 1)
    if rng.random() < 0.5:
        return {"kind": "hole", "r": q, "depth": depth}
    if q >= depth:
        return None
    return {"kind": "dent", "r": q}


@register
class SolidMeasure(Task):
    """The exact volume or total surface area of a solid: a cube, box, square pyramid, triangular
    prism, cylinder, cone, sphere or hemisphere, then stacks of two or three parts (a cone or
    hemisphere on a cylinder, a capsule, a pyramid or cylinder on a box, smaller tiers on larger
    ones) whose glued faces leave rings and frames exposed, or a single solid with a hole drilled
    through it or a hemisphere carved out. Higher levels add parts and give dimensions only
    indirectly (a diameter, a circumference, a slant height, a volume, a space diagonal), so the
    solver must first recover them; slant heights become surds."""

    name = "geometry/solid_measure"
    released_dips = {10: "level 10 mixes the shorter volume questions back in"}
    knobs = (
        Knob("n_parts", [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (1, 6),
             doc="parts stacked into the solid"),
        Knob("family", ["prisms", "round", "all", "all", "all", "all", "all", "all", "all", "all"] + ["all"] * 10,
             choices=("prisms", "round", "all"), doc="which solids appear"),
        Knob("ask", ["volume", "volume", "surface", ["volume", "surface"], ["volume", "surface"],
             ["volume", "surface"], "surface", ["volume", "surface"], "surface", ["volume", "surface"]]
             + ["surface"] * 10, choices=("volume", "surface"), doc="volume or total surface area"),
        Knob("indirect", [0, 0, 0, 1, 1, 0, 1, 2, 1, 2, 2, 2, 3, 4, 3, 4, 5, 4, 5, 6], (0, 6),
             doc="dimensions given only through a clue"),
        Knob("modify", [False, False, False, False, True, True, True, True, True, True] + [True] * 10,
             doc="a single solid may have a hole drilled through it or a hemispherical dent"),
        Knob("surds", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="slant heights need not be whole (answers with square roots)"),
        Knob("size_max", [6, 8, 8, 10, 10, 10, 12, 12, 12, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20], (2, 60),
             doc="largest dimension"),
    )
    answer_format = VALUE_FORMAT
    example = "-48*pi - 64"  # the format, and never the answer: no volume or area is negative

    def build(self, rng, params):
        top, surds, family = params["size_max"], params["surds"], params["family"]
        n = params["n_parts"]
        parts = stack(rng, n, family, top, surds) if n > 1 else [single(rng, family, top, surds)]
        mods = []
        if n == 1 and params["modify"] and rng.random() < 0.6:
            m = modification(rng, parts[0], top)
            if m:
                mods.append(m)
        clued = [None] * len(parts)
        order = list(range(len(parts)))
        rng.shuffle(order)
        for i in order[:params["indirect"]]:
            options = [c for c in CLUES[parts[i]["kind"]] if not (c == "volume" and mods)]
            if options:
                clued[i] = rng.choice(options)
        # the solver's view: recover each hidden dimension from its clue, then measure
        solved = []
        for p, clue in zip(parts, clued):
            q = dict(p)
            if clue:
                found = recover(p, clue)
                for key, value in found.items():
                    exact = value if isinstance(value, Exact) else Exact.of(value)
                    assert exact == Exact.of(p[key]) or float(exact) == float(p[key])
                    q[key] = exact.rational() if exact.is_rational() else p[key]
            solved.append(q)
        volume, surface = solid_measures(solved, mods)
        value = volume if params["ask"] == "volume" else surface
        texts = [describe(p, c) for p, c in zip(parts, clued)]
        if len(parts) == 1:
            body = f"A solid is {texts[0]}."
        else:
            listing = "\n".join(f"{i + 1}. {t}" for i, t in enumerate(texts))
            body = ("A solid is built by stacking these parts from bottom to top, each centered on the one below "
                    f"it, with touching faces glued together:\n{listing}")
        for m in mods:
            if m["kind"] == "hole":
                body += (f"\nA cylindrical hole of radius {m['r']} is drilled straight through it, from the center of "
                         f"the top face to the center of the bottom face.")
            else:
                body += f"\nA hemisphere of radius {m['r']} is carved out of it, centered on the top face."
        if params["ask"] == "volume":
            question = f"{body}\n\nWhat is the exact volume of the solid?"
        else:
            notes = []
            if any(m["kind"] == "hole" for m in mods):
                notes.append("including the wall of the hole")
            if len(parts) > 1:
                notes.append("glued faces are not part of it")
            note = "; ".join(["the area of its whole outer surface"] + notes)
            question = f"{body}\n\nWhat is the exact total surface area of the solid ({note})?"
        return Draft(question, value.text(), {"value": value.text(), "rational": value.is_rational(),
                                              "measure": params["ask"]})

    def effort(self, problem):
        # each part's formula (a volume: 2 steps; a surface: its faces, about 4), each hidden
        # dimension recovered from its clue (2, or 3 by Pythagoras from a slant height or a
        # diagonal), each glued joint's two faces taken off (2), a hole or dent's swap (3)
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        listing = re.findall(r"^\d+\. (.+)$", question, re.M) or [question.split("\n", 1)[0]]
        per_part = 2 if problem.check["measure"] == "volume" else 4
        work = per_part * len(listing)
        for part in listing:
            work += 2 * any(clue in part for clue in ("diameter", "circumference", "volume", "surface area"))
            work += 3 * any(clue in part for clue in ("slant height", "space diagonal"))
        if problem.check["measure"] == "surface":
            work += 2 * (len(listing) - 1)
        return work + 3 * ("is drilled" in question or "is carved" in question)

    def grade(self, answer, problem):
        names = prompt_names(problem.prompt)  # the points and segments a label may name
        c = problem.check
        return grade_value(answer, c["value"], c["rational"],
                           "the volume" if c.get("measure") == "volume" else "the surface area", names=names)
