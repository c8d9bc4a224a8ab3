"""Next terms of a sequence from a stated family: polynomial, linear recurrence, interleaved
arithmetic streams, or a digit-based step rule."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._int_lists import read_int_list

FAMILIES = ("polynomial", "recurrence", "interleaved", "digits")


# ------------------------------------------------------------------ digit rules
def _digits(n):
    return [int(c) for c in str(abs(n))]


def _prod_nonzero(n):
    p = 1
    for d in _digits(n):
        if d:
            p *= d
    return p


DIGIT_FUNCS = {
    "the sum of its digits": lambda n: sum(_digits(n)),
    "the sum of the squares of its digits": lambda n: sum(d * d for d in _digits(n)),
    "the product of its nonzero digits": _prod_nonzero,
    "its largest digit": lambda n: max(_digits(n)),
    "its number of digits": lambda n: len(str(abs(n))),
    "its last digit": lambda n: abs(n) % 10,
}
DIGIT_NAMES = sorted(DIGIT_FUNCS)
DIGIT_MULTS = (1, 2, 3)


# ------------------------------------------------------------------ fitting (the real solvers)
def fit_polynomial(terms, max_degree):
    """The next-term extender if `terms` fit a polynomial of degree <= max_degree, else None
    (decided by finite differences; needs len(terms) >= max_degree + 2 to be informative)."""
    rows = [list(terms)]
    for _ in range(max_degree + 1):
        prev = rows[-1]
        rows.append([b - a for a, b in zip(prev, prev[1:])])
    if len(rows[-1]) == 0:
        return "ambiguous"
    if any(rows[-1]):
        return None

    def extend(k):
        table = [r[:] for r in rows[:-1]]
        out = []
        for _ in range(k):
            table[-1].append(table[-1][-1])  # the max_degree-th differences are constant
            for i in range(len(table) - 2, -1, -1):
                table[i].append(table[i][-1] + table[i + 1][-1])
            out.append(table[0][-1])
        return out
    return extend


def _reduce(rows):
    """Row-reduced echelon form over Fractions: (reduced rows, pivot columns)."""
    m = [[Fraction(v) for v in row] for row in rows]
    n_cols = len(m[0]) if m else 0
    r, pivots = 0, []
    for c in range(n_cols - 1):  # the last column is the right-hand side
        p = next((i for i in range(r, len(m)) if m[i][c] != 0), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        inv = 1 / m[r][c]
        m[r] = [v * inv for v in m[r]]
        for i in range(len(m)):
            if i != r and m[i][c] != 0:
                f = m[i][c]
                m[i] = [a - f * b for a, b in zip(m[i], m[r])]
        pivots.append(c)
        r += 1
    return m, pivots


def _rank(rows):
    return len(_reduce([list(r) + [0] for r in rows])[1])


def fit_recurrence(terms, order):
    """Fit a(n) = c_1 a(n-1) + ... + c_order a(n-order) to every shown term (exact Fraction
    elimination). Returns None when no coefficients fit, "ambiguous" when fitting coefficients
    disagree on the continuation, else the extender. Coefficients are not required to be
    integers here: counting rational fits too only makes the uniqueness check stricter."""
    windows = [[terms[i - j] for j in range(1, order + 1)] for i in range(order, len(terms))]
    if not windows:
        return "ambiguous"
    m, pivots = _reduce([w + [terms[i + order]] for i, w in enumerate(windows)])
    if any(all(v == 0 for v in row[:-1]) and row[-1] != 0 for row in m):
        return None
    coeffs = [Fraction(0)] * order
    for row, c in zip(m, pivots):
        coeffs[c] = row[-1]
    rank = len(pivots)

    def extend(k):
        seq = list(terms)
        for _ in range(k):
            window = [seq[-j] for j in range(1, order + 1)]
            if rank < order and _rank(windows + [window]) > rank:
                return None  # the fitting coefficients disagree on this window
            nxt = sum(c * v for c, v in zip(coeffs, window))
            seq.append(nxt)
        if any(Fraction(v).denominator != 1 for v in seq):
            return None
        return [int(v) for v in seq[len(terms):]]
    return extend


def fit_interleaved(terms, streams):
    """Extender if terms at positions i, i+streams, i+2*streams, ... are arithmetic for each i."""
    subs = [terms[i::streams] for i in range(streams)]
    if any(len(s) < 3 for s in subs):
        return "ambiguous"
    for s in subs:
        if any(s[i + 2] - 2 * s[i + 1] + s[i] for i in range(len(s) - 2)):
            return None

    def extend(k):
        out = []
        for idx in range(len(terms), len(terms) + k):
            s = subs[idx % streams]
            j = idx // streams
            out.append(s[0] + j * (s[1] - s[0]))
        return out
    return extend


def digit_candidates(terms):
    """All (multiplier, function) rules a(n+1) = a(n) + m * f(a(n)) that fit every shown step."""
    fits = []
    for name in DIGIT_NAMES:
        f = DIGIT_FUNCS[name]
        for m in DIGIT_MULTS:
            if all(b == a + m * f(a) for a, b in zip(terms, terms[1:])):
                fits.append((m, name))
    return fits


def digit_extend(terms, m, name, k):
    f = DIGIT_FUNCS[name]
    seq = list(terms)
    for _ in range(k):
        seq.append(seq[-1] + m * f(seq[-1]))
    return seq[len(terms):]


def predictions(terms, family, bounds, k):
    """The set of continuations (tuples of k terms) over every rule of `family` within `bounds`
    that fits the shown terms."""
    out = set()
    if family in ("polynomial", "interleaved"):
        ext = (fit_polynomial(terms, bounds["degree"]) if family == "polynomial"
               else fit_interleaved(terms, bounds["streams"]))
        if ext == "ambiguous":
            out.add(None)
        elif ext:
            out.add(tuple(ext(k)))
    elif family == "recurrence":
        for order in range(1, bounds["order"] + 1):
            ext = fit_recurrence(terms, order)
            if ext == "ambiguous":
                out.add(None)
            elif ext:
                cont = ext(k)
                out.add(None if cont is None else tuple(cont))
    else:
        for m, name in digit_candidates(terms):
            out.add(tuple(digit_extend(terms, m, name, k)))
    return out


def describe(family, bounds):
    if family == "polynomial":
        return (f"a polynomial rule: a(n) = p(n) for a polynomial p of degree at most {bounds['degree']} "
                "with rational coefficients")
    if family == "recurrence":
        return (f"a linear recurrence of order at most {bounds['order']} with integer coefficients and no "
                f"constant term: a(n) = c1*a(n-1) + ... + c{bounds['order']}*a(n-{bounds['order']}) for every n "
                "past the first few terms")
    if family == "interleaved":
        s = bounds["streams"]
        return (f"{s} interleaved arithmetic sequences: the terms at positions 1, {s + 1}, {2 * s + 1}, ... form "
                f"one arithmetic sequence, the terms at positions 2, {s + 2}, ... another, and so on")
    funcs = "; ".join(DIGIT_NAMES)
    return ("a digit rule: a(n+1) = a(n) + m * f(a(n)), where m is 1, 2 or 3 and f(x) is one of: " + funcs)


@register
class SequenceNext(Task):
    """Give the next k terms of an integer sequence generated by a rule from stated families:
    a polynomial of bounded degree, a linear recurrence of bounded order with integer
    coefficients, interleaved arithmetic sequences, or a digit rule a(n+1) = a(n) + m*f(a(n)).
    The answer is computed by fitting: finite differences, exact Fraction linear solves for the
    recurrence coefficients, per-stream differences, and a scan of every digit rule. Problems are
    kept only when every rule of every family listed in the prompt that fits the shown terms
    predicts the same continuation. Higher levels raise degrees, orders, streams and the number
    of terms to give, and from level 5 on the prompt lists several families at once, so the
    solver must work out which family fits before extrapolating. At levels 9-10 the exact
    Fraction eliminations for every listed family keep generation at a few hundred problems/s."""

    name = "induction/sequence_next"
    knobs = (
        Knob("family", ["polynomial", "interleaved", ["polynomial", "recurrence"], ["recurrence", "digits"],
                        ["polynomial", "recurrence", "interleaved", "digits"]]
             + [["polynomial", "recurrence", "interleaved", "digits"]] * 15,
             choices=FAMILIES, doc="the family the hidden rule comes from"),
        Knob("listed", [1, 1, 1, 1, 2, 2, 3, 3, 4, 4] + [4] * 10, (1, 4),
             doc="families described in the prompt (the true one included)"),
        Knob("max_degree", [1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8], (1, 8),
             doc="largest polynomial degree"),
        Knob("max_order", [2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6], (1, 6),
             doc="largest recurrence order"),
        Knob("streams", [2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 8], (2, 8),
             doc="interleaved streams"),
        Knob("k", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 8, 8, 8], (1, 8), doc="terms to give"),
        Knob("extra_terms", [3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], (0, 6),
             doc="terms shown beyond the minimum that pins the rule"),
    )
    answer_format = "the next terms in order, as comma-separated integers (e.g. 12, 19, 28)"
    example = "12, 19, 28"

    def _draw(self, rng, family, bounds, n):
        if family == "polynomial":
            deg = rng.randint(1, bounds["degree"])
            while True:
                coeffs = [rng.randint(-5, 5) for _ in range(deg)] + [rng.choice([-3, -2, -1, 1, 2, 3])]
                if deg >= 2 and rng.random() < 0.3:  # a rational polynomial with integer values: n(n+1)/2 style
                    coeffs = [c * 2 for c in coeffs[:-1]] + [coeffs[-1]]
                    half = True
                else:
                    half = False
                break
            start = rng.randint(0, 3)
            vals = []
            for i in range(start, start + n):
                v = sum(c * i ** e for e, c in enumerate(coeffs))
                vals.append(v // 2 if half and v % 2 == 0 else v)
            if half and any(sum(c * i ** e for e, c in enumerate(coeffs)) % 2 for i in range(start, start + n)):
                return None
            return vals
        if family == "recurrence":
            order = rng.randint(1, bounds["order"])
            coeffs = [rng.choice([-2, -1, 1, 1, 2, 3]) for _ in range(order)]
            seq = [rng.randint(-4, 6) for _ in range(order)]
            while len(seq) < n:
                seq.append(sum(c * seq[-j] for j, c in enumerate(coeffs, 1)))
            if max(abs(v) for v in seq) > 10 ** 6 or len(set(seq)) < 3:
                return None
            return seq
        if family == "interleaved":
            s = bounds["streams"]
            subs = [(rng.randint(-10, 20), rng.choice([d for d in range(-6, 8) if d])) for _ in range(s)]
            return [subs[i % s][0] + (i // s) * subs[i % s][1] for i in range(n)]
        m = rng.choice(DIGIT_MULTS)
        name = rng.choice(DIGIT_NAMES)
        seq = [rng.randint(1, 60)]
        while len(seq) < n:
            seq.append(seq[-1] + m * DIGIT_FUNCS[name](seq[-1]))
        return seq

    def build(self, rng, params):
        bounds = {"degree": params["max_degree"], "order": params["max_order"], "streams": params["streams"]}
        family, k = params["family"], params["k"]
        others = [f for f in FAMILIES if f != family]
        rng.shuffle(others)
        listed = sorted([family] + others[:params["listed"] - 1], key=FAMILIES.index)
        need = {"polynomial": bounds["degree"] + 2, "recurrence": 2 * bounds["order"] + 1,
                "interleaved": 3 * bounds["streams"], "digits": 5}
        n = max(need[f] for f in listed) + params["extra_terms"]
        for _attempt in range(500):
            terms = self._draw(rng, family, bounds, n)
            if terms is None:
                continue
            continuations = set()
            for fam in listed:
                continuations |= predictions(terms, fam, bounds, k)
            if len(continuations) == 1 and None not in continuations:
                break
        else:
            raise RuntimeError("no uniquely determined sequence found")
        nxt = list(next(iter(continuations)))
        if len(listed) == 1:
            rule = "The sequence follows " + describe(family, bounds) + "."
        else:
            rule = ("The sequence follows exactly one rule from these families (you must work out which):\n" +
                    "\n".join(f"- {describe(f, bounds)}" for f in listed))
        question = (f"{rule}\n\nTerms: {', '.join(str(t) for t in terms)}\n\n"
                    f"Give the next {k} term{'s' if k > 1 else ''}.")
        return Draft(question, ", ".join(str(v) for v in nxt), {"next": nxt})

    def effort(self, problem):
        """Fitting and extending every listed family over the n shown terms: a difference table
        of degree + 1 rows (an arithmetic stream is degree 1); an elimination for each
        recurrence order o (n - o equations in o unknowns); the 18 digit rules, most ruled out at
        the first step. Each of the k new terms then takes a step per difference row or
        recurrence coefficient."""
        p, prompt = problem.params, problem.prompt
        n = len(read_int_list(prompt.split("Terms: ", 1)[1].split("\n", 1)[0]))
        k = len(problem.check["next"])
        work = 0
        if "a polynomial rule" in prompt:
            work += (n + k) * (p["max_degree"] + 1)
        if "a linear recurrence" in prompt:
            work += sum((n - o) * o * o for o in range(1, p["max_order"] + 1)) + k * p["max_order"]
        if "interleaved arithmetic sequences" in prompt:
            work += (n + k) * 2
        if "a digit rule" in prompt:
            work += len(DIGIT_NAMES) * len(DIGIT_MULTS) + n - 1 + k
        return work

    def grade(self, answer, problem):
        try:
            given = read_int_list(answer)
        except ParseError as exc:
            return refused(exc)
        expected = problem.check["next"]
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} term(s).")
        return right() if given == expected else wrong("Those are not the next terms.")
