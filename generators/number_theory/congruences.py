"""Linear congruences and systems of congruences (the Chinese remainder theorem)."""
from __future__ import annotations

import math
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_list, refused, drawn_example
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._integers import CONGRUENCE_NOTE, crt, euclid_steps, read_named_int, says_none, solve_congruence

# "x = 4 or x = 9", "x = 4 and x = 9": all of the solutions, each one named x
_JOINED = re.compile(r"\s+(?:or|and)\s+")
# "x = 4, 9", "x \in {4, 9}": the whole list named x
_LIST_LHS = re.compile(r"^x\s*(?:=|\u2208|\\in(?![A-Za-z]))\s*", re.IGNORECASE)


def _term(coef: int) -> str:
    """`coef`x as a leading term: 3x, -x, x."""
    body = "x" if abs(coef) == 1 else f"{abs(coef)}x"
    return ("-" if coef < 0 else "") + body


def _side(coef: int, const: int) -> str:
    """coef*x + const, written plainly (coef != 0)."""
    text = _term(coef)
    if const:
        text += f" {'+' if const > 0 else '-'} {abs(const)}"
    return text


def _coefficient(side: str) -> int:
    """The coefficient of x in one side as _side writes it ("3x + 4", "-x - 2", "5")."""
    m = re.match(r"\s*(-?)(\d*)x", side)
    if not m:
        return 0
    return (-1 if m.group(1) else 1) * int(m.group(2) or 1)


def _divisors_between(m: int, lo: int, hi: int) -> list[int]:
    return [d for d in range(lo, min(hi, m - 1) + 1) if m % d == 0]


@register
class LinearCongruence(Task):
    """Find every x in 0..m-1 with a*x = b (mod m), or say there is none. When g = gcd(a, m) > 1
    there are either no solutions (g does not divide b) or exactly g of them, and all must be
    listed. Higher levels use larger moduli, more often share a factor between a and m (more
    solutions to list, or none), write coefficients that are negative or exceed m, and finally put
    x terms and constants on both sides, so the congruence must first be rearranged."""

    name = "number_theory/linear_congruence"
    knobs = (
        Knob("modulus", [(5, 12), (8, 20), (10, 40), (20, 80), (30, 150), (50, 300), (100, 600), (200, 1500),
             (500, 4000), (1000, 10000), (2000, 20000), (3000, 30000), (5000, 50000), (10**4, 10**5),
             (2 * 10**4, 2 * 10**5), (5 * 10**4, 5 * 10**5), (10**5, 10**6), (2 * 10**5, 2 * 10**6),
             (5 * 10**5, 5 * 10**6), (10**6, 10**7)], (3, 10**9), doc="the modulus m"),
        Knob("max_solutions", [1, 2, 3, 4, 4, 6, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32], (1, 100),
             doc="largest gcd(a, m), which is the number of solutions when there are any"),
        Knob("shared_share", [0.0, 0.3, 0.4, 0.5, 0.5, 0.5, 0.6, 0.6, 0.6, 0.6] + [0.6] * 10, (0.0, 1.0),
             doc="probability that a and m share a factor (several solutions or none)"),
        Knob("none_share", [0.0, 0.3, 0.3, 0.3, 0.35, 0.35, 0.35, 0.4, 0.4, 0.4] + [0.4] * 10, (0.0, 1.0),
             doc="probability that an instance with a shared factor has no solution"),
        Knob("form", [0, 0, 0, 0, 1, 1, 2, 2, 2, 2] + [2] * 10, (0, 2),
             doc="0: a x = b with 0 < a, b < m; 1: coefficients negative or above m; 2: x and constants on both sides"),
    )
    answer_format = ("all solutions x with 0 <= x <= m - 1 as a comma-separated list of integers (any order), "
                     "or the word none if there is no solution")
    example = "3, 10, 17"  # the class default; each problem shows one of EXAMPLES that is not its answer
    EXAMPLES = ("3, 10, 17", "5, 12", "4", "2, 9, 16, 23")

    def build(self, rng, params):
        m = params["modulus"]
        d = 1
        if rng.random() < params["shared_share"]:
            for _ in range(20):
                options = _divisors_between(m, 2, params["max_solutions"])
                if options:
                    d = rng.choice(options)
                    break
                m = rng.randint(m, m + 12)
        step = m // d
        while True:  # a = d * a' with gcd(a', m/d) = 1, so that gcd(a, m) = d
            a = d * rng.randint(1, step - 1) if step > 1 else d
            if math.gcd(a, m) == d and a not in (0, 1):
                break
        solvable = d == 1 or rng.random() >= params["none_share"]
        if solvable:
            b = d * rng.randint(1, step - 1) if step > 1 else d
        else:
            b = d * rng.randrange(step) + rng.randint(1, d - 1)
        form = params["form"]
        if form == 0:
            text = f"{_term(a)} = {b} (mod {m})"
            lhs_a, lhs_c, rhs_a, rhs_c = a, 0, 0, b
        elif form == 1:
            lhs_a = a + m * rng.randint(1, 3) if rng.random() < 0.5 else a - m * rng.randint(1, 2)
            rhs_c = b - m * rng.randint(1, 2) if rng.random() < 0.5 else b + m * rng.randint(0, 2)
            lhs_c = rhs_a = 0
            text = f"{_term(lhs_a)} = {rhs_c} (mod {m})"
        else:
            rhs_a = rng.randint(2, m - 1) * rng.choice((1, -1))
            lhs_a = a + rhs_a
            if lhs_a == 0:
                lhs_a = m
            lhs_c = rng.randint(1, m - 1) * rng.choice((1, -1))
            rhs_c = b + lhs_c + m * rng.randint(-1, 1)
            if rhs_c == 0:
                rhs_c = m
            text = f"{_side(lhs_a, lhs_c)} = {_side(rhs_a, rhs_c)} (mod {m})"
        solutions = solve_congruence(lhs_a - rhs_a, rhs_c - lhs_c, m)
        question = (f"Find all integers x with 0 <= x <= {m - 1} such that\n\n    {text}\n\n{CONGRUENCE_NOTE} "
                    f"If there is no such x, answer none.")
        answer = ", ".join(map(str, solutions)) if solutions else "none"
        # drawn last: nothing else in the problem depends on it, and it is never this problem's answer
        example = drawn_example(rng, self.EXAMPLES, lambda e: sorted(map(int, e.split(", "))) != solutions)
        return Draft(question, answer, {"m": m, "solutions": solutions, "congruence": text}, example=example)

    def effort(self, problem):
        # gather the x terms and constants on one side, reduce them modulo m, run the extended
        # Euclidean algorithm on (a, m) (forward and back), then list the solutions
        c = problem.check
        lhs, rhs = c["congruence"].split(" (mod ")[0].split(" = ")
        terms = len(re.findall(r"\d*x|\d+", lhs)) + len(re.findall(r"\d*x|\d+", rhs))
        a = _coefficient(lhs) - _coefficient(rhs)
        return terms + 2 + 2 * euclid_steps(c["m"], a % c["m"]) + len(c["solutions"])

    def grade(self, answer, problem):
        c = problem.check
        expected = set(c["solutions"])
        if says_none(answer):
            return right() if not expected else wrong("There are solutions: list them.")
        try:
            given = read_solutions(answer)
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(set(given)):
            return wrong("A solution is listed twice.")
        if any(not 0 <= x < c["m"] for x in given):
            return wrong(f"Give the solutions in the range 0 to {c['m'] - 1}.")
        if not expected:
            return wrong("The congruence has no solution.")
        if set(given) < expected:
            return wrong(f"Some solutions are missing: there are {len(expected)}.")
        if set(given) != expected:
            return wrong("Not every listed value solves the congruence.")
        return right()


def read_solutions(answer: str) -> list[int]:
    """Every solution x: "4, 9", "[4, 9]", "{4; 9}", "x = 4, 9", "x = 4 or x = 9", "x \\in \\{4, 9\\}"."""
    text = _JOINED.sub(", ", " ".join(answer.split()))  # white space collapsed first: no long runs to rescan
    m = _LIST_LHS.match(text)
    if m and "=" not in text[m.end():] and "\u2208" not in text[m.end():]:
        text = text[m.end():]
    text = text.replace("\\{", "{").replace("\\}", "}")
    return read_list(text, read_named_int, ",;")


# "(mod 105)", "mod 105", "\\pmod{105}", "\\mod{105}": the period a model may state after the solution
_MOD_SUFFIX = re.compile(r"\s*(?:\\pmod\s*\{\s*(\d{1,30})\s*\}"
                         r"|\(?\s*\\?(?:bmod|mod|modulo)\s*\{?\s*(\d{1,30})\s*\}?\s*\)?)\s*$", re.IGNORECASE)


@register
class ChineseRemainder(Task):
    """Find the smallest non-negative x satisfying a system of congruences x = r_i (mod m_i), or say
    that none exists. Higher levels add congruences, larger moduli, moduli that share factors
    (so the system may be incompatible and the solution repeats with the lcm, not the product),
    and congruences written as a*x = b (mod m) that must first be solved for x."""

    name = "number_theory/chinese_remainder"
    knobs = (
        Knob("n_congruences", [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (2, 10),
             doc="congruences in the system"),
        Knob("modulus_max", [5, 7, 9, 12, 15, 20, 25, 30, 40, 60, 70, 80, 90, 100, 120, 140, 160, 180, 200, 240],
             (4, 10**6), doc="largest modulus"),
        Knob("coprime_share", [1.0, 1.0, 1.0, 0.7, 0.6, 0.5, 0.5, 0.5, 0.4, 0.4, 0.4, 0.4, 0.4, 0.35, 0.35, 0.35,
             0.3, 0.3, 0.3, 0.3], (0.0, 1.0), doc="probability that the moduli are pairwise coprime"),
        Knob("none_share", [0.0, 0.0, 0.0, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3] + [0.3] * 10, (0.0, 1.0),
             doc="probability that a system with shared factors is incompatible"),
        Knob("scaled", [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9], (0, 10),
             doc="congruences written as a*x = b (mod m) with a invertible, instead of x = r (mod m)"),
    )
    answer_format = "the smallest non-negative integer x that satisfies every congruence, or the word none"
    example = "52"  # the class default; each problem shows one of EXAMPLES that is not its answer
    EXAMPLES = ("52", "17", "95", "8")

    def _moduli(self, rng, n: int, top: int, coprime: bool) -> list[int]:
        chosen: list[int] = []
        for _ in range(100):
            chosen = []
            for _ in range(60):
                v = rng.randint(3, top)
                if coprime and any(math.gcd(v, u) > 1 for u in chosen):
                    continue
                if v in chosen or (not coprime and any(v % u == 0 or u % v == 0 for u in chosen)):
                    continue
                chosen.append(v)
                if len(chosen) == n:
                    break
            if len(chosen) == n:
                shares = any(math.gcd(u, v) > 1 for i, u in enumerate(chosen) for v in chosen[i + 1:])
                if coprime or shares:
                    return chosen
        return chosen if len(chosen) == n else list(range(3, 3 + n))

    def build(self, rng, params):
        n = params["n_congruences"]
        top = max(params["modulus_max"], n + 3)
        coprime = rng.random() < params["coprime_share"]
        moduli = self._moduli(rng, n, top, coprime)
        lcm = math.lcm(*moduli)
        target = rng.randrange(lcm)
        residues = [target % mi for mi in moduli]
        if not coprime and rng.random() < params["none_share"]:
            for _ in range(30):
                j = rng.randrange(n)
                trial = list(residues)
                trial[j] = (trial[j] + rng.randint(1, moduli[j] - 1)) % moduli[j]
                if crt(zip(trial, moduli)) is None:
                    residues = trial
                    break
        scaled = set(rng.sample(range(n), min(params["scaled"], n)))
        lines, pairs = [], []
        for i, (r, mi) in enumerate(zip(residues, moduli)):
            if i in scaled:
                while True:
                    a = rng.randint(2, mi - 1) + mi * rng.choice((0, 0, 1))
                    if math.gcd(a, mi) == 1:
                        break
                b = (a * r) % mi
                lines.append(f"{a}x = {b} (mod {mi})")
                pairs.append((a, b, mi))
            else:
                lines.append(f"x = {r} (mod {mi})")
                pairs.append((1, r, mi))
        reduced = [(solve_congruence(a, b, mi)[0], mi) for a, b, mi in pairs]
        merged = crt(reduced)
        question = ("Find the smallest non-negative integer x that satisfies all of these congruences:\n\n"
                    + "\n".join(f"    {line}" for line in lines)
                    + f"\n\n{CONGRUENCE_NOTE} If no integer satisfies them all, answer none.")
        answer = "none" if merged is None else str(merged[0])
        example = drawn_example(rng, self.EXAMPLES, lambda e: e != answer)  # drawn last, never the answer
        return Draft(question, answer, {"congruences": [list(p) for p in pairs],
                                        "x": None if merged is None else merged[0],
                                        "period": None if merged is None else merged[1]}, example=example)

    def effort(self, problem):
        # each a*x = b congruence is first solved (an inverse modulo m: extended Euclid), then the
        # congruences are merged one by one, each merge an extended Euclid on the moduli
        work, modulus = 0, 1
        for a, b, m in problem.check["congruences"]:
            if a != 1:
                work += 2 * euclid_steps(m, a % m)
            work += 2 * euclid_steps(modulus, m) + 1
            modulus = math.lcm(modulus, m)
        return work

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer):
            return right() if c["x"] is None else wrong("The system does have a solution.")
        text = " ".join(answer.split())  # white space collapsed first: the suffix pattern never rescans long runs
        m = _MOD_SUFFIX.search(text)
        if m:
            if c["period"] is not None and int(m.group(1) or m.group(2)) != c["period"]:
                return wrong("The solutions do not repeat with that modulus.")
            text = text[:m.start()]
        try:
            x = read_named_int(re.sub(r"^x\s*(?:\u2261|\\equiv(?![A-Za-z]))", "x =", text))
        except ParseError as exc:
            return refused(exc)
        satisfies = all((a * x - b) % mi == 0 for a, b, mi in c["congruences"])
        if c["x"] is None:
            return wrong("No integer satisfies every congruence." if not satisfies else "That is not a solution.")
        if not satisfies:
            return wrong("That value does not satisfy every congruence.")
        if x != c["x"]:
            return wrong("That satisfies the system but is not the smallest non-negative solution.")
        return right()
