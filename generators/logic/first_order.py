"""First-order model checking: evaluate quantified statements in a small finite structure."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._truth_values import read_truth_list

VARS = ("x", "y", "z", "w")
UNARY = ("P", "Q", "R")
BINARY = ("L", "M")
EXAMPLES = ("T, F", "F, T", "T, T", "F, F")  # the prompt's example is one of these that is not the answer

# A formula is a nested list:
#   ["pred", name, var]   ["rel", name, var1, var2]   ["eq", var1, var2]
#   ["not", f]  ["and", f, g]  ["or", f, g]  ["imp", f, g]  ["all", var, f]  ["some", var, f]


def holds(f, structure, env) -> bool:
    """The truth of formula f in the structure {"domain": [...], "P": [...], "L": [[a, b], ...]}
    under the variable assignment env; quantifiers range over the domain."""
    op = f[0]
    if op == "pred":
        return env[f[2]] in structure["sets"][f[1]]
    if op == "rel":
        return (env[f[2]], env[f[3]]) in structure["pairs"][f[1]]
    if op == "eq":
        return env[f[1]] == env[f[2]]
    if op == "not":
        return not holds(f[1], structure, env)
    if op == "and":
        return holds(f[1], structure, env) and holds(f[2], structure, env)
    if op == "or":
        return holds(f[1], structure, env) or holds(f[2], structure, env)
    if op == "imp":
        return (not holds(f[1], structure, env)) or holds(f[2], structure, env)
    if op in ("all", "some"):
        test = all if op == "all" else any
        return test(holds(f[2], structure, {**env, f[1]: d}) for d in structure["domain"])
    raise ValueError(f"unknown formula {op!r}")


def _compiled(structure):
    return {"domain": structure["domain"],
            "sets": {k: set(v) for k, v in structure["unary"].items()},
            "pairs": {k: {tuple(p) for p in v} for k, v in structure["binary"].items()}}


def render(f, top: bool = True) -> str:
    op = f[0]
    if op == "pred":
        return f"{f[1]}({f[2]})"
    if op == "rel":
        return f"{f[1]}({f[2]}, {f[3]})"
    if op == "eq":
        return f"{f[1]} = {f[2]}"
    if op == "not":
        inner = f[1]
        if inner[0] == "eq":
            return f"{inner[1]} ≠ {inner[2]}"
        return "¬" + render(inner, False)
    if op in ("all", "some"):
        q = "∀" if op == "all" else "∃"
        body = f[2]
        text = render(body, False) if body[0] in ("pred", "rel", "not", "all", "some") else f"({render(body)})"
        return f"{q}{f[1]} {text}"
    sym = {"and": "∧", "or": "∨", "imp": "→"}[op]
    text = f"{render(f[1], False)} {sym} {render(f[2], False)}"
    return text if top else f"({text})"


def _free(f) -> set:
    op = f[0]
    if op == "pred":
        return {f[2]}
    if op == "rel":
        return {f[2], f[3]}
    if op == "eq":
        return {f[1], f[2]}
    if op in ("all", "some"):
        return _free(f[2]) - {f[1]}
    return set().union(*(_free(x) for x in f[1:]))


class _Gen:
    def __init__(self, rng, unary, binary, equality):
        self.rng, self.unary, self.binary, self.equality = rng, unary, binary, equality

    def atom(self, scope):
        rng = self.rng
        choices = ["pred"] * 3 + (["rel"] * 3 if self.binary else [])
        choices += ["eq"] if self.equality and len(scope) > 1 else []
        kind = rng.choice(choices)
        if kind == "pred":
            a = ["pred", rng.choice(self.unary), scope[-1] if rng.random() < 0.6 else rng.choice(scope)]
        elif kind == "rel":
            second = scope[-1] if rng.random() < 0.6 else rng.choice(scope)
            a = ["rel", rng.choice(self.binary), rng.choice(scope), second]
        else:
            u, v = rng.sample(scope, 2)
            a = ["eq", u, v]
        return ["not", a] if rng.random() < 0.25 else a

    def formula(self, scope, qdepth, size):
        """A formula with free variables among `scope`, up to `qdepth` nested quantifiers."""
        rng = self.rng
        r = rng.random()
        if qdepth > 0 and (not scope or r < 0.45):
            return self.quantified(scope, qdepth, size)
        if size <= 1 or r < 0.7:
            return self.atom(scope)
        op = rng.choice(["and", "or", "imp"])
        return [op, self.formula(scope, 0, size // 2), self.formula(scope, qdepth, size - size // 2)]

    def quantified(self, scope, qdepth, size):
        rng = self.rng
        v = VARS[len(scope)]
        inner = scope + [v]
        q = rng.choice(["all", "some"])
        body = self.formula(inner, qdepth - 1, max(1, size - 1))
        guard = ["pred", rng.choice(self.unary), v]
        if rng.random() < 0.5 and guard != body and ["not", guard] != body:  # restricted quantifier
            body = ["imp", guard, body] if q == "all" else ["and", guard, body]
        if v not in _free(body):
            body = ["and", ["pred", rng.choice(self.unary), v], body] if q == "some" else \
                ["or", ["pred", rng.choice(self.unary), v], body]
        out = [q, v, body]
        return ["not", out] if rng.random() < 0.1 else out


def _evaluations(f, size: int) -> int:
    """Subformula evaluations of a full model check of f over a domain of `size` elements."""
    op = f[0]
    if op in ("pred", "rel", "eq"):
        return 1
    if op in ("all", "some"):
        return 1 + size * _evaluations(f[2], size)
    return 1 + sum(_evaluations(x, size) for x in f[1:])


def _depth(f) -> int:
    if f[0] in ("all", "some"):
        return 1 + _depth(f[2])
    if f[0] in ("pred", "rel", "eq"):
        return 0
    return max(_depth(x) for x in f[1:])


@register
class FirstOrderModel(Task):
    """Decide which quantified statements are true in a small finite structure: a domain of
    numbered elements, unary predicates given as sets and binary relations given as sets of
    ordered pairs. Each statement's truth is computed by evaluating it over the structure
    (quantifiers range over the whole domain). Higher levels enlarge the domain, add
    predicates and relations, nest quantifiers up to four deep, add equality and more
    statements, and include statements that are vacuously true (a guard no element meets)."""

    name = "logic/first_order_model"
    knobs = (
        Knob("domain", [2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (1, 12),
             doc="elements in the domain"),
        Knob("n_unary", [1, 2, 2, 2, 2, 3, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="unary predicates"),
        Knob("n_binary", [0, 0, 1, 1, 1, 1, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="binary relations"),
        Knob("quantifiers", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4] + [4] * 10, (1, 4), doc="largest quantifier nesting"),
        Knob("size", [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 8, 8, 8], (1, 8),
             doc="connectives in a statement body"),
        Knob("equality", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="statements may compare variables with ="),
        Knob("n_statements", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 11, 12], (1, 12),
             doc="statements to evaluate"),
    )
    answer_format = "T or F for each statement, in order, separated by commas (e.g. T, F, T)"
    example = "T, F"

    def build(self, rng, params):
        size = params["domain"]
        domain = list(range(1, size + 1))
        unary = list(UNARY[:params["n_unary"]])
        binary = list(BINARY[:params["n_binary"]])
        structure = {"domain": domain, "unary": {}, "binary": {}}
        for p in unary:
            for _ in range(3):  # mostly neither empty nor everything; sometimes one is (vacuous truths)
                members = sorted(d for d in domain if rng.random() < 0.5)
                if 0 < len(members) < size or rng.random() < 0.2:
                    break
            structure["unary"][p] = members
        for r in binary:
            structure["binary"][r] = [[a, b] for a in domain for b in domain if rng.random() < 0.4]
        compiled = _compiled(structure)
        gen = _Gen(rng, unary, binary, params["equality"])
        statements, truths = [], []
        for _ in range(params["n_statements"]):
            want = rng.random() < 0.5
            for _attempt in range(60):
                f = gen.quantified([], params["quantifiers"], params["size"])
                if _depth(f) < min(2, params["quantifiers"]) and rng.random() < 0.7:
                    continue
                if f in statements or len(render(f)) > 110:
                    continue
                if holds(f, compiled, {}) == want:
                    break
            statements.append(f)
            truths.append(holds(f, compiled, {}))

        def members(xs):
            return ", ".join(str(x) for x in xs) if xs else "nothing (it is empty)"

        facts = [f"{p} holds of: {members(structure['unary'][p])}" for p in unary]
        for r in binary:
            pairs = structure["binary"][r]
            facts.append(f"{r}(a, b) holds for the pairs (a, b): "
                         + (", ".join(f"({a}, {b})" for a, b in pairs) if pairs else "none (it is empty)"))
        lines = "\n".join(f"{i}. {render(f)}" for i, f in enumerate(statements, 1))
        question = (f"A structure has domain {{{', '.join(map(str, domain))}}}.\n" + "\n".join(facts)
                    + "\n\nQuantifiers range over the whole domain; ∀ is 'for all', ∃ is 'there exists', "
                    "¬ is not, "
                    "∧ is and, ∨ is inclusive or, → is if-then (false only when the left side is true and the "
                    "right side false)" + (", = is equality and ≠ its negation" if params["equality"] else "")
                    + f".\n\nWhich of these statements are true in the structure?\n{lines}")
        answer = ", ".join("T" if t else "F" for t in truths)
        # the example: drawn last, uniformly from the fixed EXAMPLES that are not the answer (at
        # least 3), so that seeing it rules out only itself
        wrong_lists = [shown for shown in EXAMPLES if shown != answer]
        return Draft(question, answer, {"truths": truths, "structure": structure, "statements": statements},
                     example=wrong_lists[rng.randrange(len(wrong_lists))])

    def effort(self, problem):
        # model checking: each statement's subformulas are evaluated once per binding of the
        # variables its quantifiers range over
        size = len(problem.check["structure"]["domain"])
        return sum(_evaluations(f, size) for f in problem.check["statements"])

    def grade(self, answer, problem):
        truths = problem.check["truths"]
        try:
            given = read_truth_list(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        if len(given) != len(truths):
            return wrong(f"Give {len(truths)} truth values, one per statement; got {len(given)}.")
        bad = [i for i, (g, t) in enumerate(zip(given, truths), 1) if g != t]
        if bad:
            return wrong(f"Statement {bad[0]} has the wrong truth value"
                         + (f" (and {len(bad) - 1} more)." if len(bad) > 1 else "."))
        return right()
