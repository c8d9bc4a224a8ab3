"""Boolean satisfiability: find an assignment satisfying a CNF formula, or say it has none."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, is_none, refused
from procgym.verdict import right, wrong

from ._clauses import render_clause, satisfies
from ._formulas import variable_tables
from ._truth_values import read_truth_assignment

_UNSAT = ("unsat", "unsatisfiable", "no", "no satisfying assignment")


def dpll(clauses: list[list[int]], n: int, work: list | None = None) -> dict[int, bool] | None:
    """A satisfying assignment {var: value} of a CNF (lists of nonzero ints, -v for NOT v), or None.

    Davis-Putnam-Logemann-Loveland: unit propagation, pure literals, then branching on the
    variable that occurs most often in the shortest open clauses. With `work` (a one-item
    list), the literals it assigns, by propagation or by branching, are added to work[0].
    """

    def simplify(cs, lit):
        if work is not None:
            work[0] += 1
        out = []
        for c in cs:
            if lit in c:
                continue
            if -lit in c:
                c = [x for x in c if x != -lit]
                if not c:
                    return None
            out.append(c)
        return out

    def solve(cs, assignment):
        while True:
            unit = next((c[0] for c in cs if len(c) == 1), None)
            if unit is None:
                literals = {x for c in cs for x in c}
                pure = next((x for x in sorted(literals) if -x not in literals), None)
                if pure is None:
                    break
                unit = pure
            assignment = {**assignment, abs(unit): unit > 0}
            cs = simplify(cs, unit)
            if cs is None:
                return None
        if not cs:
            return assignment
        shortest = min(len(c) for c in cs)
        counts: dict[int, int] = {}
        for c in cs:
            if len(c) == shortest:
                for x in c:
                    counts[abs(x)] = counts.get(abs(x), 0) + 1
        var = max(sorted(counts), key=lambda v: counts[v])
        for lit in (var, -var):
            reduced = simplify(cs, lit)
            if reduced is not None:
                found = solve(reduced, {**assignment, var: lit > 0})
                if found is not None:
                    return found
        return None

    found = solve([list(c) for c in clauses], {})
    if found is None:
        return None
    return {v: found.get(v, False) for v in range(1, n + 1)}


def brute_force(clauses: list[list[int]], n: int) -> dict[int, bool] | None:
    """The first satisfying assignment in binary order, by evaluating every clause on all 2^n
    assignments at once (bit-parallel truth tables); None when there is none. For small n."""
    full, var = variable_tables(n)
    ok = full
    for c in clauses:
        clause = 0
        for x in c:
            clause |= var[x - 1] if x > 0 else full ^ var[-x - 1]
        ok &= clause
        if not ok:
            return None
    a = (ok & -ok).bit_length() - 1
    return {v: bool(a >> (v - 1) & 1) for v in range(1, n + 1)}


def solve(clauses: list[list[int]], n: int) -> dict[int, bool] | None:
    """Brute force up to 14 variables (fastest there), DPLL beyond."""
    return brute_force(clauses, n) if n <= 14 else dpll(clauses, n)


@register
class Sat(Task):
    """Satisfiability of a CNF formula over x1..xn: give any satisfying assignment, or UNSAT when
    none exists. Satisfiability is decided by the task's own solvers (bit-parallel brute
    force over all 2^n assignments up to 14 variables, DPLL beyond); a proposed assignment
    is checked clause by clause, so every satisfying assignment passes; it must give every
    variable a value, as the prompt asks. Higher levels move from 2-literal to 3-literal clauses,
    add variables, push the clause/variable ratio up to the 4.26 threshold where instances are
    hardest, and mix in unsatisfiable instances (a drawn share of problems is resampled until
    UNSAT, the rest until satisfiable).
    Past level 10 (up to 48 variables at the threshold) each draw is decided by DPLL in pure Python,
    about 40 problems/s at level 20."""

    name = "logic/sat"
    knobs = (
        Knob("n_vars", [3, 4, 5, 6, 8, 10, 12, 15, 18, 22, 24, 26, 28, 30, 33, 36, 39, 42, 45, 48], (1, 60),
             doc="number of variables"),
        Knob("clause_len", [2, 2, 3, 3, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 10), doc="literals per clause"),
        Knob("ratio", [1.0, 1.2, 2.5, 3.0, 3.5, 3.8, 4.0, 4.1, 4.2, 4.26] + [4.26] * 10, (0.1, 20.0),
             doc="clauses per variable (4.26 is the 3-SAT threshold)"),
        Knob("unsat_share", [0.0, 0.0, 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.5, 0.5] + [0.5] * 10, (0.0, 1.0),
             doc="chance that a problem is drawn unsatisfiable"),
    )
    answer_format = ("a value for every variable as x1=T,x2=F,... (T/F, true/false or 1/0), or UNSAT if no "
                     "assignment satisfies the formula")
    example = "x0=F,x1=T,x2=T"  # variables are numbered from x1: naming x0 is never an answer
    several_answers = True  # every satisfying assignment passes

    def _formula(self, rng, n, k, m):
        k = min(k, n)
        clauses, seen = [], set()
        for _ in range(50 * m):
            if len(clauses) == m:
                break
            chosen: set[int] = set()
            while len(chosen) < k:  # k distinct variables (faster than rng.sample for tiny k)
                chosen.add(1 + int(rng.random() * n))
            signs = rng.getrandbits(k)
            clause = [v if signs >> i & 1 else -v for i, v in enumerate(sorted(chosen))]
            if tuple(clause) not in seen:
                seen.add(tuple(clause))
                clauses.append(clause)
        return clauses

    def build(self, rng, params):
        n, k = params["n_vars"], params["clause_len"]
        m = max(1, round(params["ratio"] * n))
        want_unsat = rng.random() < params["unsat_share"]
        for _attempt in range(500):  # resample until the drawn kind; give up on it if it is too rare
            clauses = self._formula(rng, n, k, m)
            model = solve(clauses, n)
            if (model is None) == want_unsat:
                break
        lines = "\n".join(f"{i}. {render_clause(c)}" for i, c in enumerate(clauses, 1))
        question = (f"Consider this Boolean formula in conjunctive normal form over the variables x1 to x{n}. It is "
                    f"the AND of the {len(clauses)} clauses below; each clause is the OR of its literals, and NOT x "
                    f"is true exactly when x is false.\n\n{lines}\n\nFind an assignment of true (T) or false (F) to "
                    f"every variable that makes all clauses true, or answer UNSAT if no such assignment exists.")
        if model is None:
            answer = "UNSAT"
        else:
            answer = ",".join(f"x{v}={'T' if model[v] else 'F'}" for v in range(1, n + 1))
        return Draft(question, answer, {"n_vars": n, "clauses": clauses, "satisfiable": model is not None})

    def effort(self, problem):
        # a DPLL search's work: the literals it assigns by propagation and by branching, until
        # it finds a model or refutes every branch
        work = [0]
        dpll(problem.check["clauses"], problem.check["n_vars"], work)
        return work[0]

    def grade(self, answer, problem):
        c = problem.check
        if " ".join(answer.lower().split()) in _UNSAT or is_none(answer):
            if c["satisfiable"]:
                return wrong("The formula is satisfiable.")
            return right()
        if not c["satisfiable"]:
            return wrong("The formula is unsatisfiable: no assignment makes every clause true.")
        names = [f"x{v}" for v in range(1, c["n_vars"] + 1)]
        try:  # every variable, as the prompt asks: a partial assignment is not an answer
            given = read_truth_assignment(answer, names)
        except NotAnAnswer as exc:
            return refused(exc)
        values = {v: given[f"x{v}"] for v in range(1, c["n_vars"] + 1)}
        broken = satisfies(c["clauses"], values)
        if broken is not None:
            return wrong(f"Clause {broken + 1} ({render_clause(c['clauses'][broken])}) is not satisfied.")
        return right()
