"""Polynomial manipulation: expanding products of polynomials, and polynomial long division."""
from __future__ import annotations

import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, label_key, read_rhs, refused, split_top
from procgym.parsing import ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._polynomials import coef_text, pdivmod, poly_text, read_poly, signed_join, split_signed

# A multivariate polynomial is a dict {(i, j): coefficient} for coefficient * x^i * y^j.


def mv_mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for (i, j), c in a.items():
        for (k, m), d in b.items():
            key = (i + k, j + m)
            out[key] = out.get(key, 0) + c * d
    return {k: v for k, v in out.items() if v}


def mv_add(a: dict, b: dict, sign: int = 1) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + sign * v
    return {k: v for k, v in out.items() if v}


def mv_pow(a: dict, n: int) -> dict:
    out = {(0, 0): 1}
    for _ in range(n):
        out = mv_mul(out, a)
    return out


def _body(i: int, j: int) -> str:
    return ("" if i == 0 else "x" if i == 1 else f"x^{i}") + ("" if j == 0 else "y" if j == 1 else f"y^{j}")


def mv_text(p: dict) -> str:
    """Terms by total degree, then by the power of x, highest first: 'x^2 - 2xy + y^2 - 3'."""
    keys = sorted(p, key=lambda k: (-(k[0] + k[1]), -k[0]))
    return signed_join([(Fraction(p[k]), _body(*k)) for k in keys])


def monomial_exponents(term, names: list[str]) -> tuple | None:
    """The exponent tuple of a monomial written as an unevaluated product (2x^2y, -x/3), or None."""
    if term.is_Number:
        return (0,) * len(names)
    if term.is_Symbol:
        return tuple(int(term.name == n) for n in names)
    if term.is_Pow:
        if term.base.is_Number and term.exp.is_Integer:
            return (0,) * len(names)
        if term.base.is_Symbol and term.exp.is_Integer and term.exp >= 0:
            return tuple(int(term.exp) if term.base.name == n else 0 for n in names)
        return None
    if term.is_Mul:
        total = (0,) * len(names)
        for arg in term.args:
            part = monomial_exponents(arg, names)
            if part is None:
                return None
            total = tuple(a + b for a, b in zip(total, part))
        return total
    return None


def _add_terms(e) -> list:
    if e.is_Add:
        out = []
        for a in e.args:
            out += _add_terms(a)
        return out
    return [e]


@register
class ExpandPolynomial(Task):
    """Expand a sum of products of polynomials into a sum of monomials with like terms
    collected. Higher levels add products to the sum (with subtraction, so signs distribute),
    more factors per product, powers of binomials, trinomial factors, a second variable y and a
    higher total degree (past level 10: up to eight products of total degree up to 10). The
    reference comes from exact multivariate polynomial multiplication.
    The answer must equal the expression and be written as a sum of monomials with each power
    product at most once."""

    name = "algebra/expand_polynomial"
    knobs = (
        Knob("n_products", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8], (1, 8),
             doc="products in the sum"),
        Knob("max_factors", [2, 2, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (1, 6),
             doc="most polynomial factors in a product"),
        Knob("max_power", [1, 1, 2, 2, 2, 3, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4], (1, 6),
             doc="largest power on a factor"),
        Knob("n_vars", [1, 1, 1, 1, 1] + [2] * 15, (1, 2), doc="variables: x, or x and y"),
        Knob("trinomial_percent", [0, 0, 0, 20, 30, 30, 40, 40, 50, 50, 55, 55, 60, 60, 60, 65, 65, 70, 70, 75],
             (0, 100), doc="chance (percent) that a factor has three terms"),
        Knob("coef_max", [3, 4, 4, 5, 5, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6], (1, 20),
             doc="largest coefficient inside a factor"),
        Knob("max_degree", [2, 2, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 8, 8, 9, 10], (1, 10),
             doc="largest total degree of a product"),
    )
    answer_format = ("the fully expanded polynomial: a sum of terms like 3x^2y, with like terms collected "
                     "(use ^ for powers)")
    example = "2x^3 - x^2y + (5/2)y - 7"  # expansions have integer coefficients: never an answer

    def build(self, rng, params):
        names = ["x", "y"][:params["n_vars"]]
        total: dict = {}
        pieces = []
        for i in range(params["n_products"]):
            sign = 1 if i == 0 and rng.random() < 0.8 else rng.choice((1, -1))
            k = rng.choice([1, 1, 1, 2, 3]) if params["n_products"] > 1 or rng.random() < 0.3 else 1
            text, poly = self._product(rng, params, names)
            poly = mv_mul(poly, {(0, 0): sign * k})
            total = mv_add(total, poly)  # the reference: exact multiplication and collection
            lead = coef_text(k, text) if k != 1 else text
            pieces.append((sign, lead))
        expr = "".join((("-" if s < 0 else "") if i == 0 else (" - " if s < 0 else " + ")) + body
                       for i, (s, body) in enumerate(pieces))
        var_text = "x" if len(names) == 1 else "x and y"
        question = f"Expand and simplify this polynomial in {var_text}:\n\n{expr}"
        terms = [[i, j, v.numerator if isinstance(v, Fraction) else v] for (i, j), v in sorted(total.items())]
        return Draft(question, mv_text(total), {"vars": names, "terms": terms})

    def _product(self, rng, params, names) -> tuple[str, dict]:
        budget = params["max_degree"]
        n = rng.randint(min(2, params["max_factors"]), params["max_factors"])
        parts, poly = [], {(0, 0): 1}
        for _ in range(n):
            if budget <= 0:
                break
            power = rng.randint(1, min(params["max_power"], budget))
            factor = self._factor(rng, params, names)
            deg = max(i + j for i, j in factor)
            while power > 1 and deg * power > budget:
                power -= 1
            if deg * power > budget:
                break
            budget -= deg * power
            text = mv_text(factor)
            parts.append(f"({text})" + (f"^{power}" if power > 1 else ""))
            poly = mv_mul(poly, mv_pow(factor, power))
        if not parts:  # a knob override left no room: one linear factor
            factor = {(1, 0): 1, (0, 0): rng.choice([-1, 1]) * rng.randint(1, params["coef_max"])}
            parts, poly = [f"({mv_text(factor)})"], factor
        if len(parts) == 1 and "^" not in parts[0]:
            # a single bare bracket expands to itself: give it a monomial factor
            key = rng.choice([(1, 0), (0, 1)]) if len(names) == 2 else (1, 0)
            poly = mv_mul(poly, {key: 1})
            parts.insert(0, _body(*key))
        return "".join(parts), poly

    @staticmethod
    def _factor(rng, params, names) -> dict:
        top = params["coef_max"]
        n_terms = 3 if rng.randrange(100) < params["trinomial_percent"] else 2
        monos = [(1, 0), (0, 0)] if len(names) == 1 else [(1, 0), (0, 1), (0, 0)]
        if len(names) == 1 and n_terms == 3:
            monos = [(2, 0), (1, 0), (0, 0)]
        elif len(names) == 2 and n_terms == 2:
            monos = rng.choice([[(1, 0), (0, 1)], [(1, 0), (0, 0)], [(0, 1), (0, 0)], [(1, 0), (0, 1)]])
        out = {}
        for i, key in enumerate(monos):
            c = rng.randint(1, top) if i == 0 else rng.choice([-1, 1]) * rng.randint(1, top)
            if i == 0 and rng.random() < 0.5:
                c = 1
            out[key] = c
        return out

    def effort(self, problem):
        """Monomial products of the expansion, factor by factor (a power as repeated products),
        then every term scaled and collected into the sum."""
        expr = problem.prompt.split("\n\n")[1]
        work = 0
        for _sign, piece in split_signed(expr):
            k, mono, factors = re.fullmatch(r"(\d+)?([xy]?)((?:\([^()]*\)(?:\^\d+)?)+)", piece).groups()
            running = {(int(mono == "x"), int(mono == "y")): 1}
            for body, power in re.findall(r"\(([^()]*)\)(?:\^(\d+))?", factors):
                factor = _read_mv(body)
                for _ in range(int(power or 1)):
                    work += len(running) * len(factor)
                    running = mv_mul(running, factor)
            work += len(running) * (k is not None) + len(running)
        return work

    def grade(self, answer, problem):
        """The answer is read as written: a sum of monomials, each a number times powers of the
        variables, every power product at most once; their coefficients are then compared
        exactly with the reference's."""
        names = problem.check["vars"]
        want = {(i, j): sympy.Integer(c) for i, j, c in problem.check["terms"]}
        try:
            # "(x + 2y)^2 - 3 = x^2 + 4xy + 4y^2 - 3": a left side must equal the expression too
            text = read_rhs(answer, lhs_ok=lambda lhs: _equals(lhs, _poly_expr(want), names))
            with sympy.evaluate(False):
                shape = parse_expression(text, names)
        except ParseError as exc:
            return refused(exc)
        given: dict = {}
        for term in _add_terms(shape):
            exps = monomial_exponents(term, names)
            if exps is None:
                return wrong("That is not fully expanded: write a sum of single terms like 3x^2y.")
            key = (exps + (0,))[:2]
            if key in given:
                return wrong("Collect like terms: a power of the variables appears twice.")
            given[key] = monomial_coefficient(term)
        given = {k: c for k, c in given.items() if c != 0}
        return right() if given == want else wrong("That is not equal to the expression.")


def _read_mv(text: str) -> dict:
    """A polynomial in x and y that `mv_text` wrote, as {(i, j): coefficient} (our own text only)."""
    out: dict = {}
    for sign, term in split_signed(text):
        c, xs, xp, ys, yp = re.fullmatch(r"(\d*)(x(?:\^(\d+))?)?(y(?:\^(\d+))?)?", term).groups()
        key = (int(xp or 1) if xs else 0, int(yp or 1) if ys else 0)
        out[key] = out.get(key, 0) + sign * int(c or 1)
    return {key: v for key, v in out.items() if v}


def _poly_expr(terms: dict):
    x, y = sympy.Symbol("x"), sympy.Symbol("y")
    return sum((c * x ** i * y ** j for (i, j), c in terms.items()), sympy.Integer(0))


def monomial_coefficient(term) -> sympy.Rational:
    """The numeric coefficient of a monomial written as an unevaluated product (-3x^2y/2 -> -3/2)."""
    if term.is_Number:
        return sympy.Rational(term)
    if term.is_Symbol:
        return sympy.Integer(1)
    if term.is_Pow:
        return sympy.Rational(term.base) ** int(term.exp) if term.base.is_Number else sympy.Integer(1)
    out = sympy.Integer(1)
    for arg in term.args:
        out *= monomial_coefficient(arg)
    return out


def _equals(text: str, target, names) -> bool:
    """Whether `text` (a left-hand side the answer wrote) is an expression equal to `target`."""
    try:
        return equivalent(parse_expression(text, names), target)
    except ParseError:
        return False


_PART_LABEL = re.compile(r"^\s*([A-Za-z]+(?:\s*\(\s*x\s*\))?)\s*[:=]\s*(.*)$", re.S)
_PART_SLOT = {"quotient": 0, "q": 0, "qx": 0, "remainder": 1, "r": 1, "rx": 1}


def division_parts(answer: str) -> list[str]:
    """The quotient and the remainder of a division answer, in that order: two parts separated by
    ";" (or a line break, or ","), each bare or labelled (`q(x) = ...`, `Remainder: 4`); labelled
    parts may come in either order."""
    for sep in ";\n,":
        parts = split_top(answer, sep)
        if len(parts) == 2:
            break
    else:
        raise NotAnAnswer("give the quotient and the remainder separated by a semicolon")
    slots: list = [None, None]
    loose = []
    for part in parts:
        if "\n" in part.strip():
            raise NotAnAnswer("a part of the answer has a line break: write each polynomial on one line")
        m = _PART_LABEL.match(part)
        if m is None:
            loose.append(part.strip())
            continue
        slot = _PART_SLOT.get(label_key(m.group(1)).lower())
        if slot is None:
            raise NotAnAnswer(f"{m.group(1)!r} is neither the quotient nor the remainder")
        if slots[slot] is not None:
            raise NotAnAnswer(f"the {('quotient', 'remainder')[slot]} is given twice")
        slots[slot] = m.group(2).strip()
    for i in range(2):
        if slots[i] is None:
            slots[i] = loose.pop(0)
    return slots


@register
class PolynomialDivision(Task):
    """Divide one polynomial by another: give the quotient and the remainder. Higher levels raise
    the degrees of the dividend and the divisor (so several subtraction rounds and a remainder of
    degree above zero), leave powers out of the dividend (zero placeholders), make some divisions
    exact, and at the top levels use a non-monic divisor, so the quotient and remainder have
    fractional coefficients; past level 10, dividends up to degree 15 and divisors up to 6. The
    reference comes from long division over the rationals."""

    name = "algebra/polynomial_division"
    released_dips = {5: "level 5 divides level 4's quartics by a quadratic instead of a linear divisor: one "
                        "quotient term fewer, so no more multiply-subtracts in all"}
    knobs = (
        Knob("dividend_degree", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 9, 10, 11, 11, 12, 13, 14, 15], (1, 16),
             doc="degree of the dividend"),
        Knob("divisor_degree", [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (1, 6),
             doc="degree of the divisor"),
        Knob("missing_terms", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7], (0, 10),
             doc="powers below the leading one left out of the dividend"),
        Knob("divisor_lead_max", [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4], (1, 9),
             doc="largest leading coefficient of the divisor (above 1: fractional answers)"),
        Knob("divisor_coef_max", [3, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 4, 3, 4, 4, 4, 4, 5, 5, 5], (1, 50),
             doc="largest coefficient of the divisor below its leading one"),
        Knob("exact_percent", [0, 20, 20, 20, 20, 20, 20] + [15] * 13, (0, 100),
             doc="chance (percent) that the remainder is zero"),
        Knob("coef_max", [5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10], (1, 50),
             doc="largest coefficient of the dividend"),
    )
    answer_format = ("the quotient and the remainder separated by a semicolon, quotient first, as polynomials "
                     "in x (write 0 for a zero remainder)")
    # quotient and remainder denominators are powers of the divisor's leading coefficient (at most 9):
    # 11 never divides one, so the example is never an answer
    example = "x^2 - 3x + 1; 2x - 5/11"

    def build(self, rng, params):
        dv = min(params["divisor_degree"], params["dividend_degree"])
        top = params["coef_max"]
        low = params["divisor_coef_max"]
        divisor = [rng.randint(-low, low) for _ in range(dv)] + [rng.randint(1, params["divisor_lead_max"])]
        if not any(divisor[:-1]):
            divisor[0] = rng.choice([-1, 1]) * rng.randint(1, low)
        n = params["dividend_degree"]
        if rng.randrange(100) < params["exact_percent"]:
            quotient = [rng.randint(-top, top) for _ in range(n - dv)] + [rng.randint(1, top) * rng.choice([1, -1])]
            dividend = [0] * (n + 1)
            for i, a in enumerate(quotient):
                for j, b in enumerate(divisor):
                    dividend[i + j] += a * b
        else:
            dividend = [rng.choice([-1, 1]) * rng.randint(1, top) for _ in range(n)]
            dividend.append(rng.randint(1, top) * rng.choice([1, 1, -1]))
            for k in rng.sample(range(n), min(params["missing_terms"], n)):
                dividend[k] = 0
        q, r = pdivmod(dividend, divisor)  # the reference: long division over the rationals
        question = (f"Divide the polynomial\n\n{poly_text(dividend)}\n\nby\n\n{poly_text(divisor)}\n\n"
                    f"using polynomial long division. Find the quotient and the remainder.")
        as_json = [[[c.numerator, c.denominator] for c in p] for p in (q, r)]
        return Draft(question, f"{poly_text(q)}; {poly_text(r)}", {"quotient": as_json[0], "remainder": as_json[1]})

    def effort(self, problem):
        """Long division as the reference does it: per quotient term one division of leading
        coefficients and one multiply-subtract per nonzero divisor coefficient."""
        blocks = problem.prompt.split("\n\n")
        r, d = read_poly(blocks[1]), read_poly(blocks[3])
        steps = 0
        while len(r) >= len(d) and r:
            k, c = len(r) - len(d), r[-1] / d[-1]
            steps += 1 + sum(1 for v in d if v)
            r = list(r)
            for i, v in enumerate(d):
                r[k + i] -= c * v
            while r and r[-1] == 0:
                r.pop()
        return steps

    def grade(self, answer, problem):
        try:
            parts = division_parts(answer)
        except ParseError as exc:
            return refused(exc)
        x = sympy.Symbol("x")
        for part, key in zip(parts, ("quotient", "remainder")):
            if not part:
                return wrong(f"The {key} is missing.")
            try:
                given = parse_expression(part, ["x"])
            except ParseError as exc:
                return wrong(f"The {key}: {exc}.")
            coeffs = problem.check[key]
            target = sum((sympy.Rational(p, q) * x ** k for k, (p, q) in enumerate(coeffs)), sympy.Integer(0))
            if not equivalent(given, target):
                return wrong(f"The {key} is wrong.")
        return right()
