"""Exact matrices for the linear_algebra tasks: arithmetic, random matrices with controlled
structure, rendering, and the readers of matrix, vector and labelled answers.

Matrices are lists of rows; entries are ints or Fractions. Every algorithm here is exact:

    det([[1, 2], [3, 4]])                    # Fraction(-2, 1)
    inverse([[2, 1], [1, 1]])                # [[1, -1], [-1, 2]] as Fractions
    parse_matrix("[[1, 1/2], [0, -3]]")      # [[Fraction(1), Fraction(1, 2)], [Fraction(0), Fraction(-3)]]
    answer_side("A^{-1} = [[1, 0], [0, 1]]", ["A^-1"])   # "[[1, 0], [0, 1]]"; "x != [[...]]" is refused
    read_tuple("y = 2, x = 1", ["x", "y"])   # [Fraction(1), Fraction(2)]: labelled values by name
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

from procgym.kit import (NotAnAnswer, frac_text, label_key, preview, read_number, refused, split_assignment, split_top,
                         strip_brackets)
from procgym.parsing import ParseError, clean, parse_number
from procgym.verdict import Verdict, right, wrong

# --------------------------------------------------------------------------- exact arithmetic


def identity(n: int) -> list[list[int]]:
    return [[int(i == j) for j in range(n)] for i in range(n)]


def transpose(m):
    return [list(col) for col in zip(*m)]


def matmul(a, b):
    cols = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]


def matvec(a, v):
    return [sum(x * y for x, y in zip(row, v)) for row in a]


def mat_add(a, b, ca=1, cb=1):
    """ca*a + cb*b."""
    return [[ca * x + cb * y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)]


def mat_scale(a, c):
    return [[c * x for x in row] for row in a]


def trace(m):
    return sum(m[i][i] for i in range(len(m)))


def mat_pow(m, k: int):
    """m^k by repeated squaring (k >= 0)."""
    result, base = identity(len(m)), m
    while k:
        if k & 1:
            result = matmul(result, base)
        k >>= 1
        if k:
            base = matmul(base, base)
    return result


def dot(u, v):
    return sum(x * y for x, y in zip(u, v))


def cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def _integer_rows(m) -> list[list[int]]:
    """Each row scaled by the lcm of its denominators (row scaling keeps the row space)."""
    out = []
    for row in m:
        if all(type(x) is int for x in row):
            out.append(list(row))
            continue
        den = 1
        for x in row:
            d = Fraction(x).denominator
            den = den * d // math.gcd(den, d)
        out.append([int(Fraction(x) * den) for x in row])
    return out


def _reduce(row: list[int]) -> list[int]:
    g = 0
    for x in row:
        g = math.gcd(g, x)
        if g == 1:
            return row
    return [x // g for x in row] if g > 1 else row


def rref(m):
    """(reduced row echelon form with Fraction entries, list of pivot columns): fraction-free
    Gauss-Jordan elimination on integer rows, each pivot row divided by its pivot at the end."""
    a = _integer_rows(m)
    n_rows = len(a)
    n_cols = len(a[0]) if a else 0
    pivots: list[int] = []
    r = 0
    for c in range(n_cols):
        if r == n_rows:
            break
        p = next((i for i in range(r, n_rows) if a[i][c]), None)
        if p is None:
            continue
        a[r], a[p] = a[p], a[r]
        top, pv = a[r], a[r][c]
        for i in range(n_rows):
            f = a[i][c]
            if i != r and f:
                a[i] = _reduce([x * pv - f * y for x, y in zip(a[i], top)])
        pivots.append(c)
        r += 1
    out = []
    for i in range(n_rows):
        if i < r:
            pv = a[i][pivots[i]]
            out.append([Fraction(x, pv) if x else Fraction(0) for x in a[i]])
        else:
            out.append([Fraction(0)] * n_cols)
    return out, pivots


def rank(m) -> int:
    """The rank, by fraction-free elimination."""
    a = [row for row in _integer_rows(m) if any(row)]
    r = 0
    n_cols = len(m[0]) if m else 0
    for c in range(n_cols):
        p = next((i for i in range(r, len(a)) if a[i][c]), None)
        if p is None:
            continue
        a[r], a[p] = a[p], a[r]
        top, pv = a[r], a[r][c]
        for i in range(r + 1, len(a)):
            f = a[i][c]
            if f:
                a[i] = _reduce([x * pv - f * y for x, y in zip(a[i], top)])
        r += 1
        if r == len(a):
            break
    return r


def det(m) -> Fraction:
    """The determinant by fraction-free Bareiss elimination (rows first scaled to integers)."""
    n = len(m)
    a, scale = [], 1
    for row in m:
        den = 1
        for x in row:
            d = Fraction(x).denominator
            den = den * d // math.gcd(den, d)
        a.append([int(Fraction(x) * den) for x in row])
        scale *= den
    sign, prev = 1, 1
    for k in range(n - 1):
        if a[k][k] == 0:
            p = next((i for i in range(k + 1, n) if a[i][k] != 0), None)
            if p is None:
                return Fraction(0)
            a[k], a[p] = a[p], a[k]
            sign = -sign
        akk = a[k][k]
        for i in range(k + 1, n):
            aik = a[i][k]
            row_i, row_k = a[i], a[k]
            for j in range(k + 1, n):
                row_i[j] = (row_i[j] * akk - aik * row_k[j]) // prev
        prev = akk
    return Fraction(sign * a[n - 1][n - 1], scale)


def inverse(m):
    """The inverse by Gauss-Jordan elimination on [m | I], or None when m is singular."""
    n = len(m)
    aug = [list(row) + identity(n)[i] for i, row in enumerate(m)]
    r_mat, pivots = rref(aug)
    if pivots[:n] != list(range(n)):
        return None
    return [row[n:] for row in r_mat]


def solve_system(a, b):
    """Classify and solve a x = b: ("unique", x), ("none", None) or ("infinite", free_count)."""
    n = len(a[0])
    r_mat, pivots = rref([list(row) + [rhs] for row, rhs in zip(a, b)])
    if n in pivots:
        return "none", None
    if len(pivots) < n:
        return "infinite", n - len(pivots)
    return "unique", [r_mat[i][n] for i in range(n)]


def charpoly(m) -> list:
    """Coefficients of det(t I - m), highest power first, by the Faddeev-LeVerrier recurrence."""
    n = len(m)
    coeffs = [1]
    prev = [[0] * n for _ in range(n)]  # M_0 = 0
    for k in range(1, n + 1):
        cur = matmul(m, prev)
        for i in range(n):
            cur[i][i] += coeffs[-1]
        am = matmul(m, cur)
        tr = trace(am)
        coeffs.append(-tr // k if type(tr) is int and tr % k == 0 else Fraction(-tr, k))
        prev = cur
    return coeffs


def _divisors_up_to(n: int, bound: int) -> list[int]:
    n = abs(n)
    out = set()
    i = 1
    while i * i <= n:
        if n % i == 0:
            for d in (i, n // i):
                if d <= bound:
                    out.add(d)
        i += 1
    return sorted(out)


def _horner(coeffs, x):
    v = 0
    for c in coeffs:
        v = v * x + c
    return v


def _deflate(coeffs, root):
    """coeffs / (t - root) by synthetic division (exact: root is a root)."""
    out, v = [], 0
    for c in coeffs[:-1]:
        v = v * root + c
        out.append(v)
    return out


def integer_roots(coeffs: list[int]) -> list[int]:
    """Integer roots, with multiplicity, of a monic integer polynomial (highest power first)."""
    coeffs = list(coeffs)
    roots: list[int] = []
    while len(coeffs) > 1 and coeffs[-1] == 0:
        roots.append(0)
        coeffs.pop()
    if len(coeffs) > 1:
        bound = 1 + max(abs(c) for c in coeffs[1:])  # Cauchy's bound on the roots
        for d in _divisors_up_to(coeffs[-1], bound):
            for r in (d, -d):
                while len(coeffs) > 1 and _horner(coeffs, r) == 0:
                    roots.append(r)
                    coeffs = _deflate(coeffs, r)
    return roots


def rational_eigenvalues(m) -> list[Fraction]:
    """The rational eigenvalues of m with algebraic multiplicity: scale m to an integer matrix L*m,
    find the integer roots of its (monic, integer) characteristic polynomial, divide by L."""
    den = 1
    for row in m:
        for x in row:
            d = Fraction(x).denominator
            den = den * d // math.gcd(den, d)
    scaled = [[int(Fraction(x) * den) for x in row] for row in m]
    coeffs = [int(c) for c in charpoly(scaled)]
    return sorted(Fraction(r, den) for r in integer_roots(coeffs))


# --------------------------------------------------------------------------- random structure


def nonzero(rng, top: int) -> int:
    v = rng.randint(1, top)
    return v if rng.random() < 0.5 else -v


def random_matrix(rng, rows: int, cols: int, top: int):
    return [[rng.randint(-top, top) for _ in range(cols)] for _ in range(rows)]


def unimodular(rng, n: int, ops: int, coef_max: int = 1, entry_max: int | None = None):
    """(P, P^-1): an integer matrix of determinant +-1 and its integer inverse, from `ops` random
    row additions (each keeping entries within entry_max), a row permutation and sign flips."""
    p_mat, q_mat = identity(n), identity(n)  # invariant: p_mat @ q_mat == I
    done = tries = 0
    while done < ops and tries < 10 * ops + 10 and n > 1:
        tries += 1
        i, j = rng.sample(range(n), 2)
        c = nonzero(rng, coef_max)
        row = [a + c * b for a, b in zip(p_mat[i], p_mat[j])]
        if entry_max is not None and max(abs(x) for x in row) > entry_max:
            continue
        p_mat[i] = row  # P <- E P with E = I + c e_i e_j^T
        for r in range(n):  # Q <- Q E^-1: column j -= c * column i
            q_mat[r][j] -= c * q_mat[r][i]
        done += 1
    perm = list(range(n))
    rng.shuffle(perm)
    p_mat = [p_mat[perm[k]] for k in range(n)]
    q_mat = [[row[perm[k]] for k in range(n)] for row in q_mat]
    for i in range(n):
        if rng.random() < 0.3:
            p_mat[i] = [-x for x in p_mat[i]]
            for r in range(n):
                q_mat[r][i] = -q_mat[r][i]
    return p_mat, q_mat


def _unit_triangular_inverse(t, lower: bool):
    """The inverse of a unit lower (or upper) triangular integer matrix, by substitution."""
    n = len(t)
    if not lower:
        return transpose(_unit_triangular_inverse(transpose(t), True))
    x = identity(n)
    for i in range(n):
        for j in range(i):
            x[i][j] = -sum(t[i][k] * x[k][j] for k in range(j, i))
    return x


def lu_unimodular(rng, n: int, entries: int, coef_max: int = 1):
    """(P, P^-1) with P = (unit lower L)(unit upper U), row-permuted: determinant +-1, integer
    inverse U^-1 L^-1. `entries` off-diagonal slots of L and U get nonzero values in +-coef_max."""
    slots = [(i, j) for i in range(n) for j in range(n) if i != j]
    lower, upper = identity(n), identity(n)
    for i, j in rng.sample(slots, min(entries, len(slots))):
        (lower if j < i else upper)[i][j] = nonzero(rng, coef_max)
    p_mat = matmul(lower, upper)
    p_inv = matmul(_unit_triangular_inverse(upper, False), _unit_triangular_inverse(lower, True))
    perm = list(range(n))
    rng.shuffle(perm)
    return [p_mat[k] for k in perm], [[row[k] for k in perm] for row in p_inv]


def scramble(rng, m, ops: int, coef_max: int = 2, entry_max: int | None = None):
    """A copy of m after `ops` random row and column additions (each kept only if every entry
    stays within entry_max), then a random row and column permutation and sign flips. The rank is
    unchanged and the determinant changes at most in sign."""
    m = [list(r) for r in m]
    n_rows, n_cols = len(m), len(m[0])
    done = tries = 0
    while done < ops and tries < 10 * ops + 10:
        tries += 1
        c = nonzero(rng, coef_max)
        if n_rows > 1 and (n_cols == 1 or rng.random() < 0.5):
            i, j = rng.sample(range(n_rows), 2)
            new = [a + c * b for a, b in zip(m[i], m[j])]
            if entry_max is not None and max(abs(x) for x in new) > entry_max:
                continue
            m[i] = new
        elif n_cols > 1:
            i, j = rng.sample(range(n_cols), 2)
            new = [r[i] + c * r[j] for r in m]
            if entry_max is not None and max(abs(x) for x in new) > entry_max:
                continue
            for r, v in zip(m, new):
                r[i] = v
        else:
            break
        done += 1
    rng.shuffle(m)
    perm = list(range(n_cols))
    rng.shuffle(perm)
    m = [[r[k] for k in perm] for r in m]
    for i in range(n_rows):
        if rng.random() < 0.3:
            m[i] = [-x for x in m[i]]
    return m


def dense_enough(m, max_zero_share: float = 0.25) -> bool:
    """Whether every row has two or more nonzero entries and at most max_zero_share of all are zero."""
    if len(m[0]) >= 2 and any(sum(1 for x in row if x) < 2 for row in m):
        return False
    return sum(1 for row in m for x in row if not x) <= max_zero_share * len(m) * len(m[0])


def make_dependent(rng, m, target: int, terms: int, coef_max: int = 2, entry_max: int | None = None,
                   sources=None):
    """Replace row `target` of m (in place) by a combination of `terms` other rows with nonzero
    integer coefficients, keeping entries within entry_max where possible. Returns m."""
    sources = [i for i in (sources if sources is not None else range(len(m))) if i != target]
    best = None
    for attempt in range(30):
        picked = rng.sample(sources, min(terms, len(sources)))
        top = coef_max if attempt < 15 else 1
        row = [0] * len(m[0])
        for i in picked:
            c = nonzero(rng, top)
            row = [a + c * b for a, b in zip(row, m[i])]
        if not any(row):
            continue
        size = max(abs(x) for x in row)
        if best is None or size < best[0]:
            best = (size, row)
        if entry_max is None or size <= entry_max:
            break
    if best is not None:
        m[target] = best[1]
    return m


def has_parallel_lines(m, columns: bool = True) -> bool:
    """Whether m has a zero row or column, or two proportional rows (or columns, when `columns`):
    an obvious dependency. Lines of length 1 are never counted as proportional."""
    for lines in ((m, list(zip(*m))) if columns else (m,)):
        if len(lines[0]) < 2:
            continue
        for i, u in enumerate(lines):
            if not any(u):
                return True
            for v in lines[i + 1:]:
                if all(u[a] * v[b] == u[b] * v[a] for a in range(len(u)) for b in range(a + 1, len(u))):
                    return True
    return False


def max_abs(m) -> Fraction:
    return max(abs(x) for row in m for x in row)


def small_fraction(rng, top: int, max_den: int = 4) -> Fraction:
    """A non-integer fraction p/q with 2 <= q <= max_den and |p/q| <= top."""
    q = rng.randint(2, max(2, max_den))
    choices = [p for p in range(-top * q, top * q + 1) if p % q]
    return Fraction(rng.choice(choices), q)


def triangular_start(rng, n: int, determinant: int, off_max: int):
    """An upper-triangular integer matrix with the given determinant (0 allowed: one zero pivot)."""
    diag = [1] * n
    if determinant == 0:
        diag[rng.randrange(n)] = 0
    else:
        rest = abs(determinant)
        p = 2
        while rest > 1:
            while rest % p == 0:
                diag[rng.randrange(n)] *= p
                rest //= p
            p += 1
        if determinant < 0:
            diag[rng.randrange(n)] *= -1
    return [[diag[i] if i == j else (rng.randint(-off_max, off_max) if j > i else 0) for j in range(n)]
            for i in range(n)]


# --------------------------------------------------------------------------- rendering


def mat_text(m, indent: str = "") -> str:
    """Rows in brackets with right-aligned columns:
        [  1  -2  1/2 ]
        [  0   4    3 ]"""
    cells = [[frac_text(x) for x in row] for row in m]
    widths = [max(len(row[j]) for row in cells) for j in range(len(cells[0]))]
    return "\n".join(indent + "[ " + "  ".join(c.rjust(w) for c, w in zip(row, widths)) + " ]" for row in cells)


def named_matrices(named: dict) -> str:
    """'A =\\n[...]' blocks for each name, separated by blank lines."""
    return "\n\n".join(f"{name} =\n{mat_text(m)}" for name, m in named.items())


def matrix_answer(m) -> str:
    return "[" + ", ".join("[" + ", ".join(frac_text(x) for x in row) + "]" for row in m) + "]"


def vec_text(v) -> str:
    return "(" + ", ".join(frac_text(x) for x in v) + ")"


def to_json(m) -> list:
    """A matrix (or vector) of exact values as JSON: entries as "p/q" or "n" strings."""
    return [to_json(x) if isinstance(x, list) else frac_text(x) for x in m]


def from_json(m) -> list:
    return [from_json(x) if isinstance(x, list) else Fraction(x) for x in m]


# --------------------------------------------------------------------------- reading answers

MAX_MATRIX_TEXT = 6_000
MAX_DIM = 12
MATRIX_FORMS = ('a matrix written row by row as [[a, b], [c, d]] (rows may also be separated by ";" or '
                'new lines)')

_FRAC_CMD = re.compile(r"\\[dt]?frac\s*(?:\{\s*([+-]?\d{1,300})\s*\}|(\d))\s*(?:\{\s*([+-]?\d{1,300})\s*\}|(\d))")
_ENV = re.compile(r"\\(?:begin|end)\s*\{\s*[A-Za-z*]{0,20}\s*\}(?:\s*\{[lcr|\s]{0,40}\})?")
_GROUP = re.compile(r"\[([^\[\]]*)\]")
# possessive quantifiers (*+, ++): a long run of spaces is scanned once, never backtracked into
# (on one line: a number on the line above a matrix is a second candidate, not a factor)
_SCALAR = re.compile(r"\s*+([+-]?\d{1,12}+(?:[^\S\n]*+/[^\S\n]*+\d{1,12}+)?)[^\S\n]*+(?:(?:\*|\\cdot|\\times)[^\S\n]*+)?"
                     r"(?=\\begin|\[|\()")
_TRANSPOSED = re.compile(r"\^\s*+\{?\s*+(?:T|\\top|\\intercal)\s*+\}?\s*+$")
# relations other than "=": an answer "x != [[...]]" or "det(A) <= 3" is not a value ("<" and ">"
# alone are left to the value's reader: they bracket a vector <1, 2, 3>)
_RELATION = re.compile(r"!=|≠|=/=|<=|>=|≤|≥|≈|\\(?:neq|ne|leq|le|geq|ge|approx|sim|equiv)(?![A-Za-z])")
_LHS_NOISE = re.compile(r"\\(?:cdot|times|operatorname|mathrm|text|top|intercal)|[*\\]")


def lhs_key(text: str) -> str:
    """A left-hand side's spelling for comparison: `label_key` (no spaces, brackets or braces),
    without multiplication signs and backslashes, `^\\top` as `^T`, and in lower case."""
    s = text.replace("\\top", "T").replace("\\intercal", "T").replace("\\det", "det").replace("\\operatorname", "")
    return _LHS_NOISE.sub("", label_key(s)).lower()


def answer_side(text: str, labels=(), what: str = "the answer", lhs_ok=None) -> str:
    """The value of an answer written bare or as `LHS = value` with LHS one of `labels` (compared by
    `lhs_key`: `A^{-1}`, `A^(-1)` and `a^-1` are one label) or accepted by `lhs_ok` (the task's own
    test). Another relation (`x != ...`), a second `=`, or any other left-hand side is refused, never
    thrown away."""
    s = text.strip()
    m = _RELATION.search(s)
    if m:
        raise NotAnAnswer(f"{preview(s)} is not an equation ({m.group(0)!r}): give {what}")
    if "=" not in s:
        return s
    lhs, _, rhs = s.partition("=")
    if "=" in rhs:
        raise NotAnAnswer(f"{preview(s)} has more than one '=': give {what} once")
    if not rhs.strip():
        raise NotAnAnswer("nothing follows the '='")
    key = lhs_key(lhs)
    if key and key not in {lhs_key(label) for label in labels} and not (lhs_ok and lhs_ok(lhs)):
        raise NotAnAnswer(f"the left-hand side {preview(lhs.strip())} is not what the question asks for")
    return rhs.strip()


def _wrapped(s: str) -> bool:
    """Whether s is one bracketed group: its first '[' closes at its last character."""
    if not (s.startswith("[") and s.endswith("]")):
        return False
    depth = 0
    for i, ch in enumerate(s):
        depth += 1 if ch == "[" else -1 if ch == "]" else 0
        if depth == 0 and i < len(s) - 1:
            return False
    return True


def _entries(row: str) -> list[Fraction]:
    row = row.strip().strip(",").strip()
    if not row:
        raise ParseError("a row of the matrix is empty")
    parts = row.split(",") if "," in row else row.split()
    if len(parts) > MAX_DIM:
        raise ParseError(f"a row has more than {MAX_DIM} entries")
    out = []
    for part in parts:
        if not part.strip():
            raise ParseError("a row has an empty entry")
        out.append(parse_number(part))
    return out


def parse_matrix(text: str) -> list[list[Fraction]]:
    """A matrix of exact numbers from what a model writes: "[[1, 2], [3, 4]]", "[1 2; 3 4]",
    "1, 2; 3, 4", rows on separate lines, "(1, 2), (3, 4)", or a LaTeX pmatrix/bmatrix, possibly
    times a number in front ("1/5 [[3, -1], [2, 4]]"). Entries are integers, fractions p/q or
    terminating decimals. A label ("A^-1 = ") is not part of the matrix:
    `answer_side` reads it. Raises ParseError on anything else; bounded in size and nesting."""
    if not isinstance(text, str):
        raise ParseError("the answer is not text")
    if len(text) > MAX_MATRIX_TEXT:
        raise ParseError("the matrix text is too long")
    s = clean(text.replace("\\\\", ";").replace("\\cr", ";"))  # LaTeX row breaks, before clean() eats "\\ "
    s = _FRAC_CMD.sub(lambda m: f"{m.group(1) or m.group(2)}/{m.group(3) or m.group(4)}", s)
    scaled = _SCALAR.match(s)  # "1/5 [[3, -1], [2, 4]]", "\\frac{1}{5}\\begin{pmatrix}...": a number times a matrix
    if scaled:
        factor = parse_number(scaled.group(1))
        return [[factor * x for x in row] for row in parse_matrix(s[scaled.end():])]
    s = _ENV.sub(" ", s)
    s = s.replace("&", ",").replace("\\langle", "<").replace("\\rangle", ">").replace("\\{", "{").replace("\\}", "}")
    if "\\" in s:
        raise ParseError("the matrix has an unsupported LaTeX command")
    s = re.sub(r"[ \t]+", " ", s.strip()).replace(" /", "/").replace("/ ", "/")
    s = s.translate(str.maketrans("(){}<>", "[][][]")).strip()
    depth = deepest = 0
    for ch in s:
        if ch == "[":
            depth += 1
            deepest = max(deepest, depth)
            if depth > 3:
                raise ParseError("the matrix nests brackets too deeply")
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise ParseError("the matrix has unbalanced brackets")
    if depth:
        raise ParseError("the matrix has unbalanced brackets")
    if deepest and _wrapped(s):
        s, deepest = s[1:-1].strip(), deepest - 1
    if deepest == 0:
        rows = [r for r in re.split(r"[;\n]", s) if r.strip(" \t,")]
    elif deepest == 1:
        if _GROUP.sub("", s).strip(" \t\n,;"):
            raise ParseError("the matrix has text outside its rows")
        rows = _GROUP.findall(s)
    else:
        raise ParseError("the matrix nests brackets too deeply")
    if not rows:
        raise ParseError("the matrix is empty")
    if len(rows) > MAX_DIM:
        raise ParseError(f"the matrix has more than {MAX_DIM} rows")
    matrix = [_entries(r) for r in rows]
    if len({len(r) for r in matrix}) != 1:
        raise ParseError("the rows of the matrix have different lengths")
    return matrix


def parse_vector(text: str) -> list[Fraction]:
    """A vector: "(1, -2, 1/2)", "[1, -2, 1/2]", "<1, -2, 1/2>", "1, -2, 1/2", a column, or a row
    written transposed ("(1, -2, 1/2)^T")."""
    m = parse_matrix(_TRANSPOSED.sub("", text) if isinstance(text, str) else text)
    if len(m) == 1:
        return m[0]
    if all(len(r) == 1 for r in m):
        return [r[0] for r in m]
    raise ParseError("expected a vector, got a matrix")


_SUBSCRIPT = re.compile(r"_\{\s*(\w{1,4})\s*\}")


def _name_key(name: str) -> str:
    """A component name for comparison: `y_1`, `y_{1}`, `Y1` and `y 1` are all `y1`."""
    return re.sub(r"[\s_]", "", _SUBSCRIPT.sub(r"\1", name)).lower()


def read_tuple(text: str, names, labels=(), lhs_ok=None) -> list[Fraction]:
    """The values of `names` (in that order) from a tuple "(1, -2/3, 4)", from values labelled by
    name in any order "y = -2/3, x = 1, z = 4", or from "(x, y, z) = (1, -2/3, 4)" (its names read
    by name too, so "(z, y, x) = (4, -2/3, 1)" is the same answer). A bare tuple may also carry one
    of `labels` ("[v]_C = (...)"). Every name is required once; no other name may appear."""
    keys = [_name_key(n) for n in names]
    s = _SUBSCRIPT.sub(r"_\1", clean(text))  # clean() drops LaTeX spacing and the left/right markers
    m = _RELATION.search(s)
    if m:
        raise NotAnAnswer(f"{preview(s)} is not an equation ({m.group(0)!r}): give the values")
    if s.count("=") > 1:  # labelled values, one "name = value" per part
        joined = re.sub(r"[^\S\n]+", " ", s).replace(" and ", ", ")  # runs of spaces collapsed first, in one pass
        parts = split_top(strip_brackets(joined), ",;\n")
        found: dict[str, Fraction] = {}
        for part in parts:
            if not part:
                raise NotAnAnswer("the list has an empty item: separate the values with commas")
            name, value = split_assignment(part)
            key = _name_key(name)
            if key not in keys:
                raise NotAnAnswer(f"{preview(name)} is not one of the names asked for ({', '.join(names)})")
            if key in found:
                raise NotAnAnswer(f"{name} is given twice")
            found[key] = read_number(value)
        missing = [n for n, k in zip(names, keys) if k not in found]
        if missing:
            raise NotAnAnswer(f"no value given for {', '.join(missing)}")
        return [found[k] for k in keys]
    if "=" in s:
        lhs, _, rhs = s.partition("=")
        inner = [_name_key(p) for p in split_top(strip_brackets(lhs.strip()), ",")]
        if len(inner) == 1 and inner[0] in keys:
            raise NotAnAnswer(f"give a value for each of {', '.join(names)}")
        if len(inner) > 1:  # "(x, y, z) = (...)": the names in the order the model chose
            if sorted(inner) != sorted(keys):
                raise NotAnAnswer(f"the left-hand side {preview(lhs.strip())} must name {', '.join(names)}")
            values = _vector(rhs, len(keys))
            table = dict(zip(inner, values))
            return [table[k] for k in keys]
        s = answer_side(s, labels, "the values", lhs_ok)
    return _vector(s, len(keys))


def _vector(text: str, n: int) -> list[Fraction]:
    try:
        values = parse_vector(text)
    except ParseError as exc:
        raise NotAnAnswer(str(exc)) from None
    if len(values) != n:
        raise NotAnAnswer(f"give {n} values, one per component")
    return values


_SINGULAR = {"singular", "not invertible", "noninvertible", "non-invertible", "no inverse", "none",
             "does not exist", "dne", "the matrix is singular", "not invertible (singular)",
             "singular (not invertible)", "it is singular", "the matrix is not invertible",
             "the inverse does not exist"}


def says_singular(text: str) -> bool:
    """Whether the whole answer says the matrix has no inverse ("singular", "not invertible"...)."""
    return " ".join(text.lower().split()) in _SINGULAR


def grade_matrix(answer: str, expected, what: str = "the matrix", labels=(), lhs_ok=None) -> Verdict:
    """Exact comparison of a matrix answer (bare, or `LHS = matrix` with LHS one of `labels`)
    with `expected` (Fractions or JSON strings)."""
    try:
        given = parse_matrix(answer_side(answer, labels, what, lhs_ok))
    except ParseError as exc:
        return refused(exc)
    expected = from_json(expected) if isinstance(expected[0][0], str) else expected
    rows, cols = len(expected), len(expected[0])
    if len(given) != rows or len(given[0]) != cols:
        return wrong(f"Give a {rows}x{cols} matrix.")
    bad = sum(g != e for gr, er in zip(given, expected) for g, e in zip(gr, er))
    if bad:
        return wrong(f"That is not {what}: {bad} entr{'y is' if bad == 1 else 'ies are'} wrong.")
    return right()


def grade_vector(answer: str, expected, names, what: str = "the vector", labels=(), lhs_ok=None) -> Verdict:
    """A tuple of exact values, bare or labelled by `names` (see read_tuple)."""
    try:
        given = read_tuple(answer, names, labels, lhs_ok)
    except ParseError as exc:
        return refused(exc)
    expected = [Fraction(x) for x in expected]
    bad = sum(g != e for g, e in zip(given, expected))
    if bad:
        return wrong(f"That is not {what}: {bad} component{'' if bad == 1 else 's'} wrong.")
    return right()


def grade_scalar(answer: str, expected, what: str, labels=(), lhs_ok=None) -> Verdict:
    """One exact number (integer, p/q or exact decimal), bare or as `LHS = value` with LHS one of
    `labels` ("det(A) = -17/2")."""
    try:
        given = read_number(answer_side(answer, labels, what, lhs_ok))
    except ParseError as exc:
        return refused(exc)
    return right() if given == Fraction(expected) else wrong(f"That is not {what}.")
