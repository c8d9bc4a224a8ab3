"""Angle chasing: find an angle (whole degrees) in a figure described in words, from a few given
angles: parallel lines cut by a transversal, triangles with exterior angles, isosceles triangles
and chains of them, a cevian with a special property, polygons, a triangle inscribed in a circle
around its center, and a cyclic quadrilateral with its diagonals.

Each figure is a concrete configuration (its true angles, from the geometry) together with the
theorems that relate its named angles, written as linear equations: angles on a line sum to 180,
a triangle's to 180, vertical and alternate angles are equal, base angles of an isosceles
triangle are equal, inscribed angles on the same arc are equal, and so on. Givens are drawn until
an exact linear solver (incremental Gauss-Jordan elimination over the rationals) proves the target
determined; the answer is the solver's value, checked against the configuration.
"""
from __future__ import annotations

import random
import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, refused
from procgym.parsing import ParseError

from ._answers import grade_degrees, prompt_names, split_value

# =========================================================================== the solver


class Inconsistent(ValueError):
    pass


class LinearSystem:
    """Incremental Gauss-Jordan elimination on sparse rows {var: coef} = const."""

    def __init__(self):
        self.pivots: dict = {}  # var -> (row without the pivot, const): var = const - sum(row)

    def add(self, coefs: dict, const) -> bool:
        """Add an equation; False if it was already implied. Raises Inconsistent on a contradiction."""
        row = {v: Fraction(c) for v, c in coefs.items() if c}
        const = Fraction(const)
        for v in [v for v in row if v in self.pivots]:
            c = row.pop(v)
            rest, k = self.pivots[v]
            const -= c * k
            for w, d in rest.items():
                row[w] = row.get(w, 0) - c * d
                if row[w] == 0:
                    del row[w]
        if not row:
            if const != 0:
                raise Inconsistent
            return False
        pivot = min(row)
        c = row.pop(pivot)
        rest = {w: d / c for w, d in row.items()}
        k = const / c
        # eliminate the new pivot from the other rows
        for v, (other, k2) in list(self.pivots.items()):
            if pivot in other:
                e = other.pop(pivot)
                for w, d in rest.items():
                    other[w] = other.get(w, 0) - e * d
                    if other[w] == 0:
                        del other[w]
                self.pivots[v] = (other, k2 - e * k)
        self.pivots[pivot] = (rest, k)
        return True

    def determined(self, var) -> bool:
        return var in self.pivots and not self.pivots[var][0]

    def value(self, var) -> Fraction:
        return self.pivots[var][1]

    def copy(self) -> "LinearSystem":
        s = LinearSystem()
        s.pivots = {v: (dict(r), k) for v, (r, k) in self.pivots.items()}
        return s


# =========================================================================== figures
# A figure: (description, {var: true value}, [(coefs, const), ...] theorems, givable vars, targets)


def _eq(*terms, const=0):
    """_eq(("ABC", 1), ("ABD", -1)) means ABC - ABD = 0."""
    return dict(terms), const


def _sum180(*names):
    return {n: 1 for n in names}, 180


def _same(a, b):
    return {a: 1, b: -1}, 0


def fig_parallel(rng, params):
    phi = rng.choice([x for x in range(25, 156, 5) if x != 90] + [rng.randint(20, 160)])
    if phi == 90:
        phi = 70
    # E on AB, F on CD, transversal G-E-F-H; EB and FD point right, EG up along the transversal
    v = {"BEG": phi, "AEG": 180 - phi, "AEF": phi, "BEF": 180 - phi,
         "DFE": phi, "CFE": 180 - phi, "CFH": phi, "DFH": 180 - phi}
    facts = [_sum180("AEG", "BEG"), _sum180("AEF", "BEF"), _sum180("AEG", "AEF"), _sum180("BEG", "BEF"),
             _sum180("CFE", "DFE"), _sum180("CFH", "DFH"), _sum180("CFE", "CFH"), _sum180("DFE", "DFH"),
             _same("AEF", "DFE")]  # alternate angles
    text = ("Lines AB and CD are parallel, with A and C on the same side (the left) and B and D on the other. "
            "A transversal crosses line AB at E and line CD at F; G is a point on the transversal beyond E (on "
            "the side of AB away from CD) and H a point beyond F (on the side of CD away from AB).")
    names = list(v)
    return text, v, facts, names, names


def fig_triangle(rng, params):
    """Triangle ABC with exterior angles at C (D beyond C on ray BC) and at A (E beyond A on ray CA);
    isosceles (AB = AC) when params ask for it."""
    iso = params["special"] > 0 and rng.random() < 0.5
    if iso:
        base = rng.randint(20, 80)
        A, B, C = 180 - 2 * base, base, base
    else:
        A = rng.randint(20, 120)
        B = rng.randint(20, 160 - A)
        C = 180 - A - B
    v = {"BAC": A, "ABC": B, "ACB": C, "ACD": 180 - C, "BAE": 180 - A}
    facts = [_sum180("BAC", "ABC", "ACB"), _sum180("ACB", "ACD"), _sum180("BAC", "BAE")]
    text = ("In triangle ABC, D is a point on ray BC beyond C, and E is a point on ray CA beyond A.")
    if iso:
        facts.append(_same("ABC", "ACB"))
        text += " AB = AC."
    names = list(v)
    return text, v, facts, names, names


def fig_parallel_triangle(rng, params):
    A = rng.randint(30, 120)
    B = rng.randint(20, 160 - A)
    C = 180 - A - B
    v = {"DAB": B, "BAC": A, "CAE": C, "ABC": B, "ACB": C}
    facts = [_sum180("DAB", "BAC", "CAE"), _same("DAB", "ABC"), _same("CAE", "ACB"), _sum180("BAC", "ABC", "ACB")]
    text = ("In triangle ABC, the line DE passes through A and is parallel to BC; D is on the same side of "
            "line AC as B, and E is on the same side of line AB as C.")
    names = list(v)
    return text, v, facts, names, names


def fig_cevian(rng, params):
    """Triangle ABC, D on side BC; optionally AD bisects angle A, AD is an altitude, AB = AD or DA = DC."""
    special = rng.choice(["none", "bisector", "altitude", "ab_ad", "da_dc"]) if params["special"] else "none"
    for _ in range(200):
        B = rng.randint(20, 110)
        C = rng.randint(20, 150 - B)
        A = 180 - B - C
        if special == "bisector":
            if A % 2:
                continue
            bad = dac = A // 2
        elif special == "altitude":
            if B >= 90 or C >= 90:
                continue
            bad = 90 - B
            dac = A - bad
        elif special == "ab_ad":  # B = ADB, so BAD = 180 - 2B
            bad = 180 - 2 * B
            dac = A - bad
        elif special == "da_dc":  # DAC = C
            dac = C
            bad = A - dac
        else:
            bad = rng.randint(10, A - 10) if A >= 20 else 0
            dac = A - bad
        if bad >= 10 and dac >= 10:
            break
    else:
        special, B, C, A, bad, dac = "none", 50, 60, 70, 30, 40
    adb = 180 - B - bad
    v = {"BAD": bad, "DAC": dac, "BAC": A, "ABC": B, "ACB": C, "ADB": adb, "ADC": 180 - adb}
    facts = [_sum180("ABC", "BAD", "ADB"), _sum180("ACB", "DAC", "ADC"), _sum180("ADB", "ADC"),
             ({"BAC": 1, "BAD": -1, "DAC": -1}, 0), _sum180("BAC", "ABC", "ACB")]
    text = "In triangle ABC, D is a point on side BC."
    if special == "bisector":
        facts.append(_same("BAD", "DAC"))
        text += " AD bisects angle BAC."
    elif special == "altitude":
        facts.append(({"ADB": 1}, 90))
        text += " AD is perpendicular to BC."
    elif special == "ab_ad":
        facts.append(_same("ABC", "ADB"))
        text += " AB = AD."
    elif special == "da_dc":
        facts.append(_same("DAC", "ACB"))
        text += " DA = DC."
    names = list(v)
    if special == "altitude":
        names = [n for n in names if n not in ("ADB", "ADC")]
    return text, v, facts, names, names


def fig_isosceles_chain(rng, params):
    """AB = AC; D on side AC with BD = BC."""
    C = rng.randint(61, 84)
    A, B = 180 - 2 * C, C
    dbc = 180 - 2 * C
    v = {"BAC": A, "ABC": B, "ACB": C, "BDC": C, "DBC": dbc, "ABD": B - dbc, "ADB": 180 - C}
    facts = [_sum180("BAC", "ABC", "ACB"), _same("ABC", "ACB"), _same("BDC", "ACB"), _sum180("DBC", "BDC", "ACB"),
             ({"ABC": 1, "ABD": -1, "DBC": -1}, 0), _sum180("ADB", "BDC"), _sum180("BAC", "ABD", "ADB")]
    text = "In triangle ABC, AB = AC. D is a point on side AC such that BD = BC."
    names = list(v)
    return text, v, facts, names, names


def fig_inscribed(rng, params):
    """Acute triangle ABC inscribed in a circle with center O (inside the triangle)."""
    while True:
        A, B = rng.randint(30, 88), rng.randint(30, 88)
        C = 180 - A - B
        if 0 < C < 90:
            break
    v = {"BAC": A, "ABC": B, "ACB": C, "AOB": 2 * C, "BOC": 2 * A, "COA": 2 * B,
         "OAB": 90 - C, "OBA": 90 - C, "OBC": 90 - A, "OCB": 90 - A, "OCA": 90 - B, "OAC": 90 - B}
    facts = [_sum180("BAC", "ABC", "ACB"), ({"AOB": 1, "BOC": 1, "COA": 1}, 360),
             _sum180("AOB", "OAB", "OBA"), _sum180("BOC", "OBC", "OCB"), _sum180("COA", "OCA", "OAC"),
             _same("OAB", "OBA"), _same("OBC", "OCB"), _same("OCA", "OAC"),
             ({"BAC": 1, "OAB": -1, "OAC": -1}, 0), ({"ABC": 1, "OBA": -1, "OBC": -1}, 0),
             ({"ACB": 1, "OCA": -1, "OCB": -1}, 0),
             ({"AOB": 1, "ACB": -2}, 0), ({"BOC": 1, "BAC": -2}, 0), ({"COA": 1, "ABC": -2}, 0)]
    text = "Points A, B and C lie on a circle with center O, and O lies inside triangle ABC."
    names = list(v)
    return text, v, facts, names, names


def fig_cyclic(rng, params):
    """Cyclic quadrilateral ABCD (in order) with diagonals AC and BD meeting at P."""
    while True:
        a, b, c = (2 * rng.randint(15, 80) for _ in range(3))
        d = 360 - a - b - c
        if 30 <= d <= 160:
            break
    v = {"BAC": b // 2, "CAD": c // 2, "ABD": d // 2, "DBC": c // 2, "BCA": a // 2, "ACD": d // 2,
         "CDB": b // 2, "BDA": a // 2, "DAB": (b + c) // 2, "ABC": (c + d) // 2, "BCD": (a + d) // 2,
         "CDA": (a + b) // 2, "APB": (a + c) // 2, "BPC": (b + d) // 2}
    facts = [_sum180("BAC", "ABC", "BCA"), _sum180("CAD", "ACD", "CDA"), _sum180("ABD", "BDA", "DAB"),
             _sum180("DBC", "BCD", "CDB"),
             ({"DAB": 1, "BAC": -1, "CAD": -1}, 0), ({"ABC": 1, "ABD": -1, "DBC": -1}, 0),
             ({"BCD": 1, "BCA": -1, "ACD": -1}, 0), ({"CDA": 1, "CDB": -1, "BDA": -1}, 0),
             _sum180("DAB", "BCD"), _sum180("ABC", "CDA"),
             _same("BAC", "CDB"), _same("CAD", "DBC"), _same("ABD", "ACD"), _same("BCA", "BDA"),
             _sum180("APB", "BPC"), _sum180("APB", "BAC", "ABD")]
    text = "Points A, B, C and D lie on a circle in that order. The diagonals AC and BD of ABCD meet at P."
    names = list(v)
    return text, v, facts, names, names


def fig_polygon(rng, params):
    """A convex n-gon with all but one interior angle given (n - 1 givens)."""
    n = rng.randint(4, 4 + 2 * max(1, params["special"]) + 1)
    total = (n - 2) * 180
    for _ in range(500):
        angles = [rng.randint(60, 175) for _ in range(n - 1)]
        last = total - sum(angles)
        if 60 <= last <= 175:
            break
    else:
        n, angles, last = 4, [90, 90, 90], 90
    labels = "ABCDEFGHJK"[:n]
    v = {labels[i]: a for i, a in enumerate(angles + [last])}
    facts = [({k: 1 for k in v}, total)]
    text = f"{''.join(labels)} is a convex polygon with {n} sides (its vertices in that order)."
    names = list(v)
    return text, v, facts, names, names


FIGURES = {
    "parallel": fig_parallel, "triangle": fig_triangle, "parallel_triangle": fig_parallel_triangle,
    "cevian": fig_cevian, "isosceles_chain": fig_isosceles_chain, "inscribed": fig_inscribed,
    "cyclic": fig_cyclic, "polygon": fig_polygon,
}
POOLS = {
    "lines": ("parallel", "triangle"),
    "polygons": ("triangle", "parallel_triangle", "polygon", "regular"),
    "triangles": ("cevian", "isosceles_chain", "parallel_triangle", "triangle"),
    "circles": ("inscribed", "cyclic"),
    "all": ("parallel", "cevian", "isosceles_chain", "inscribed", "cyclic", "polygon"),
}


def angle_name(var: str) -> str:
    return f"angle {var}" if len(var) == 3 else f"the interior angle at {var}"


def one_step(facts, givens, target) -> bool:
    """Whether a single theorem together with the givens already pins the target: one equation
    pins an unknown exactly when every other angle in it is given."""
    return any(target in coefs and all(v == target or v in givens for v in coefs) for coefs, _ in facts)


_BASES: dict = {}


def base_system(facts) -> LinearSystem:
    """The reduced system of a figure's theorems (cached: it depends only on the theorems)."""
    key = tuple((tuple(sorted(coefs.items())), const) for coefs, const in facts)
    system = _BASES.get(key)
    if system is None:
        system = LinearSystem()
        for coefs, const in facts:
            system.add(coefs, const)
        if len(_BASES) < 256:
            _BASES[key] = system
    return system


def chase(rng, params, kind):
    """(question, answer) for a figure of the given kind, or None when this draw did not work out."""
    text, truth, facts, givable, targets = FIGURES[kind](rng, params)
    for coefs, const in facts:  # the configuration satisfies every theorem
        assert sum(c * truth[v] for v, c in coefs.items()) == const, (kind, coefs, const)
    base = base_system(facts)
    for _ in range(12):
        target = rng.choice(targets)
        if base.determined(target):
            continue
        system = base.copy()
        givens: dict = {}
        pool = [g for g in givable if g != target]
        rng.shuffle(pool)
        for g in pool:
            if system.determined(target):
                break
            if system.determined(g):
                continue
            system.add({g: 1}, truth[g])
            givens[g] = truth[g]
        if not system.determined(target):
            continue
        multi = params["multi_step"] and len(facts) > 1  # a polygon has one theorem: its angle sum
        if multi and one_step(facts, givens, target):
            continue
        extra = [g for g in pool if g not in givens]
        for g in extra[:params["distractors"]]:
            trial = dict(givens, **{g: truth[g]})
            if multi and one_step(facts, trial, target):
                continue
            givens = trial
        value = system.value(target)
        assert value == truth[target]
        order = sorted(givens, key=lambda g: (pool.index(g) if g in pool else -1))
        parts = [f"{angle_name(g)} = {givens[g]} degrees" for g in order]
        given_text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        question = f"{text} Given that {given_text}, find {angle_name(target)}."
        return question, int(value)
    return None


def regular(rng, params):
    """A regular polygon's interior angle from its side count, or the side count back from it."""
    n = rng.choice([3, 4, 5, 6, 8, 9, 10, 12, 15, 18, 20, 24, 30, 36, 40, 45, 60, 72, 90])
    exterior = Fraction(360, n)
    interior = 180 - exterior
    if rng.random() < 0.5:
        return f"What is the measure of each interior angle of a regular polygon with {n} sides?", int(interior), "deg"
    # the solver's way back: exterior = 180 - interior, n = 360 / exterior
    sides = Fraction(360) / (180 - interior)
    return (f"Each interior angle of a regular polygon measures {int(interior)} degrees. How many sides does it "
            f"have?", int(sides), "count")


_GIVEN = re.compile(r"(?:angle ([A-Z]{3})|the interior angle at ([A-Z])) = \d+ degrees")
_TARGET = re.compile(r"find (?:angle ([A-Z]{3})|the interior angle at ([A-Z]))\.$")
_FACTS: dict = {}


def figure_facts(text: str) -> list:
    """The theorems of the figure a question describes (its opening sentences): the figure's own
    function is run on seeds 0, 1, ... until it writes the same description (the angles it draws
    differ, the theorems do not); a polygon's one theorem is its angle sum."""
    if text in _FACTS:
        return _FACTS[text]
    m = re.match(r"([A-Z]+) is a convex polygon with (\d+) sides", text)
    facts: list = []
    if m:
        facts = [({label: 1 for label in m.group(1)}, (int(m.group(2)) - 2) * 180)]
    else:
        for kind in ("parallel", "triangle", "parallel_triangle", "cevian", "isosceles_chain", "inscribed", "cyclic"):
            for seed in range(200):
                drawn, _, found, _, _ = FIGURES[kind](random.Random(seed), {"special": 2})
                if drawn == text:
                    facts = found
                    break
            if facts:
                break
    if len(_FACTS) < 256:
        _FACTS[text] = facts
    return facts


def chase_work(facts, givens, target) -> int:
    """Steps of the shortest forward proof of the target: starting from the givens, theorems with
    one unknown angle left fix it, round by round; the theorems the target's derivation actually
    uses are counted, each by its number of angles. A target that no chain of single unknowns
    reaches is finished by elimination on the angles still unknown (about n^2 steps)."""
    known = {g: None for g in givens}  # angle -> the theorem that fixed it (None: given)
    while target not in known:
        fixed = {}
        for i, (coefs, _) in enumerate(facts):
            unknown = [v for v in coefs if v not in known]
            if len(unknown) == 1 and unknown[0] not in fixed:
                fixed[unknown[0]] = i
        if not fixed:
            break
        known.update(fixed)
    if target not in known:
        unknown = {v for coefs, _ in facts for v in coefs if v not in known}
        return len(givens) + len(unknown) ** 2
    used, stack = set(), [target]
    while stack:
        i = known[stack.pop()]
        if i is None or i in used:
            continue
        used.add(i)
        stack.extend(v for v in facts[i][0] if v in known and known[v] is not None)
    return len(givens) + sum(len(facts[i][0]) for i in used)


@register
class AngleChasing(Task):
    """Find an angle in whole degrees from a figure described in words and a few given angles:
    parallel lines and a transversal, triangles with exterior angles, a line through a vertex
    parallel to the opposite side, polygons' interior angles (and regular polygons), a cevian that
    is a bisector, an altitude or makes an isosceles triangle, a chain of two isosceles triangles,
    a triangle inscribed around the circle's center, and a cyclic quadrilateral with its
    diagonals. Givens are drawn until the target is provably determined. Higher levels use figures
    with more angles and theorems, require at least two theorems to be combined (no single
    theorem links the givens to the target), and add distractor givens."""

    name = "geometry/angle_chasing"
    cap_reason = ("the figures are a fixed set of small configurations whose proofs chain a few theorems at "
                  "most; level 10 already draws every figure, demands multi-step proofs and adds distractors, so "
                  "further levels could only add unneeded givens (which never lengthen the proof)")
    knobs = (
        Knob("figures", ["lines", "lines", "polygons", "triangles", ["triangles", "circles"], "circles",
                         "all", "all", "all", "all"], choices=tuple(POOLS), doc="which kinds of figure appear"),
        Knob("special", [0, 1, 1, 1, 1, 1, 1, 2, 2, 2], (0, 3),
             doc="special conditions (isosceles sides, a bisector or altitude; longer polygons)"),
        Knob("multi_step", [False, False, False, False, False, True, True, True, True, True],
             doc="no single theorem may connect the givens to the target"),
        Knob("distractors", [0, 0, 0, 0, 1, 0, 1, 1, 2, 3], (0, 5), doc="extra given angles that are not needed"),
    )
    answer_format = "the angle in whole degrees"
    example = "0"  # the format, and never the answer: every angle asked for is positive

    def build(self, rng, params):
        pool = POOLS[params["figures"]]
        for _ in range(50):
            kind = rng.choice(pool)
            if kind == "regular":
                question, value, unit = regular(rng, params)
                if unit == "count":  # 7 is never a side count here (the polygons have 3-6, 8, 9, 10, 12, ... sides)
                    return Draft(question, str(value), {"count": value},
                                 answer_format="the number of sides, an integer", example="7")
                return Draft(question, str(value), {"degrees": value})
            found = chase(rng, params, kind)
            if found:
                question, value = found
                return Draft(question, str(value), {"degrees": value})
        raise RuntimeError("no angle problem found")

    def effort(self, problem):
        # the proof the reference's linear solver finds, as a chain of theorems: see chase_work; a
        # regular polygon's angle takes two steps (the exterior angle, then its supplement)
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        if question.startswith(("What is the measure of each interior angle", "Each interior angle")):
            return 2
        text, _, rest = question.partition(" Given that ")
        givens = [a or b for a, b in _GIVEN.findall(rest)]
        target = next(a or b for a, b in _TARGET.findall(rest))
        return chase_work(figure_facts(text), givens, target)

    def grade(self, answer, problem):
        names = prompt_names(problem.prompt)  # the points and segments a label may name
        c = problem.check
        if "count" in c:  # "12", "12 sides", "n = 12"
            try:
                text, approx = split_value(re.sub(r"\s*sides?\s*$", "", answer), names)
            except ParseError as exc:
                return refused(exc)
            return grade_int(text if approx is None else answer, c["count"], "the number of sides")
        return grade_degrees(answer, c["degrees"], names=names)
