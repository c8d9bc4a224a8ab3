"""Propositional logic decided by truth tables: entailment, equivalence, truth-table columns."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_choice, refused
from procgym.verdict import right, wrong

from ._formulas import (LEGEND, VAR_NAMES, evaluate, from_json, ops_of, random_formula, render, to_json, tree_size,
                        truth_table, variable_tables, variables_of)
from ._truth_values import read_truth_assignment, read_truth_list

OP_TIERS = {
    1: ("and", "or"),
    2: ("and", "or", "imp"),
    3: ("and", "or", "imp", "iff"),
    4: ("and", "or", "imp", "iff", "xor"),
}


def legend(formulas) -> str:
    used = set()
    for f in formulas:
        used |= ops_of(f)
    keys = [k for k in ("not", "and", "or", "imp", "iff", "xor", "nand", "nor") if k in used]
    return "; ".join(LEGEND[k] for k in keys)


def _nontrivial(f, n, need_vars=2) -> bool:
    full, _ = variable_tables(n)
    t = truth_table(f, n)
    return 0 < t < full and len(variables_of(f)) >= min(need_vars, n)


def _names(n):
    return VAR_NAMES[:n]


def _length_cap(steps: int) -> int:
    """The longest second formula (in characters) an equivalence problem keeps: 160 up to the
    6 rewrite steps of level 10, then room for the growth of each further step."""
    return 160 if steps <= 6 else 25 * steps



# ---------------------------------------------------------------- entailment

@register
class Entailment(Task):
    """Do the premises entail the conclusion? Premises and conclusion are propositional
    formulas; the verdict is decided by truth tables (bit sets over all 2^n assignments): the
    premises entail the conclusion exactly when no assignment makes every premise true and the
    conclusion false. About half the problems are yes. Higher levels add variables, premises,
    nesting and connectives (->, <->, xor), and from level 7 some premise sets are jointly
    inconsistent, so that they entail everything."""

    name = "logic/entailment"
    knobs = (
        Knob("n_vars", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 8], (1, 8),
             doc="propositional variables"),
        Knob("n_premises", [1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 6, 6, 7, 7, 7, 8, 9, 10, 12], (1, 12), doc="premises"),
        Knob("depth", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5], (0, 5),
             doc="nesting depth of premises"),
        Knob("ops", [1, 2, 2, 2, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="connectives: 1 and/or; 2 + ->; 3 + <->; 4 + xor"),
        Knob("inconsistent_share", [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.1, 0.15, 0.15, 0.15, 0.15, 0.15, 0.2, 0.2,
                                    0.2, 0.2, 0.2, 0.2, 0.2], (0.0, 1.0),
             doc="chance that the premises are jointly inconsistent"),
    )
    answer_format = "yes or no"
    example = "no"
    closed_answers = True  # yes or no: the example is one of the two

    def build(self, rng, params):
        n, m, depth = params["n_vars"], params["n_premises"], params["depth"]
        ops = OP_TIERS[params["ops"]]
        full, _ = variable_tables(n)
        want_inconsistent = m >= 2 and rng.random() < params["inconsistent_share"]
        for _attempt in range(400):
            premises = []
            while len(premises) < m:
                f = random_formula(rng, n, depth, ops, leaf=0.2)
                if _nontrivial(f, n, 1) and f not in premises:
                    premises.append(f)
            models = full
            for f in premises:
                models &= truth_table(f, n)
            if (models == 0) == want_inconsistent:
                break
        want_yes = rng.random() < 0.5
        conclusion = None
        for _attempt in range(300):
            candidate = random_formula(rng, n, min(2, depth), ops, leaf=0.35)
            c = truth_table(candidate, n)
            if candidate in premises or not 0 < c < full or len(variables_of(candidate)) < min(2, n):
                continue
            conclusion = candidate
            if ((models & ~c) == 0) == want_yes:
                break
        if conclusion is None:
            conclusion = ("or", ("var", 0), ("var", n - 1))
        entails = (models & (full ^ truth_table(conclusion, n))) == 0
        names = _names(n)
        lines = "\n".join(f"{i}. {render(f, names)}" for i, f in enumerate(premises, 1))
        question = (f"Variables {', '.join(names)} are each true or false. Notation: "
                    f"{legend(premises + [conclusion])}.\n\nPremises:\n{lines}\n\nConclusion: "
                    f"{render(conclusion, names)}\n\nDo the premises entail the conclusion, that is, is the "
                    f"conclusion true under every assignment of the variables that makes all the premises true?")
        return Draft(question, "yes" if entails else "no",
                     {"entails": entails, "n": n, "premises": [to_json(f) for f in premises],
                      "conclusion": to_json(conclusion)})

    def effort(self, problem):
        # the truth-table decision: every assignment evaluates every premise and the conclusion
        c = problem.check
        return (1 << c["n"]) * sum(map(tree_size, c["premises"] + [c["conclusion"]]))

    def grade(self, answer, problem):
        try:
            said = read_choice(answer, ("yes", "no")) == "yes"
        except NotAnAnswer as exc:
            return refused(exc)
        if said == problem.check["entails"]:
            return right()
        if said:
            return wrong("No: some assignment makes every premise true and the conclusion false.")
        return wrong("Yes: every assignment that makes all premises true also makes the conclusion true.")


# ---------------------------------------------------------------- equivalence

def _rewrite_once(f, rng, mistake: bool):
    """f with one law applied at a random subformula where one applies (a deliberate mistake
    when `mistake`); None when no law applies anywhere."""
    sites = []

    def walk(g, path):
        if _laws(g, mistake):
            sites.append(path)
        if g[0] not in ("var", "const"):
            for i, child in enumerate(g[1:], 1):
                walk(child, path + (i,))

    walk(f, ())
    if not sites:
        return None
    path = sites[rng.randrange(len(sites))]

    def replace(g, path):
        if not path:
            laws = _laws(g, mistake)
            return laws[rng.randrange(len(laws))]
        i = path[0]
        return g[:i] + (replace(g[i], path[1:]),) + g[i + 1:]

    return replace(f, path)


def _neg(g):
    return g[1] if g[0] == "not" else ("not", g)


def _laws(g, mistake: bool) -> list:
    op = g[0]
    out = []
    if not mistake:
        if op == "imp":
            a, b = g[1], g[2]
            out += [("or", _neg(a), b), ("imp", _neg(b), _neg(a))]
        if op == "or" and g[1][0] == "not":
            out.append(("imp", g[1][1], g[2]))
        if op in ("and", "or", "iff", "xor"):
            out.append((op, g[2], g[1]))
        if op == "not":
            h = g[1]
            if h[0] == "and":
                out.append(("or", _neg(h[1]), _neg(h[2])))
            elif h[0] == "or":
                out.append(("and", _neg(h[1]), _neg(h[2])))
            elif h[0] == "imp":
                out.append(("and", h[1], _neg(h[2])))
            elif h[0] == "iff":
                out.append(("xor", h[1], h[2]))
            elif h[0] == "xor":
                out.append(("iff", h[1], h[2]))
        if op == "iff":
            out += [("and", ("imp", g[1], g[2]), ("imp", g[2], g[1])), ("iff", _neg(g[1]), _neg(g[2]))]
        if op == "xor":
            out.append(("not", ("iff", g[1], g[2])))
        if op in ("and", "or"):
            other = "or" if op == "and" else "and"
            a, b = g[1], g[2]
            if b[0] == other:
                out.append((other, (op, a, b[1]), (op, a, b[2])))
            out.append(("not", (other, _neg(a), _neg(b))))
    else:
        if op == "imp":
            out += [("imp", g[2], g[1]), ("imp", _neg(g[1]), _neg(g[2])), ("or", g[1], _neg(g[2]))]
        if op in ("and", "or"):
            other = "or" if op == "and" else "and"
            out.append((other, g[1], g[2]))
        if op == "not":
            h = g[1]
            if h[0] in ("and", "or"):
                out.append((h[0], _neg(h[1]), _neg(h[2])))
            elif h[0] == "imp":
                out.append(("imp", _neg(h[1]), _neg(h[2])))
            if h[0] == "var":
                out.append(h)
        if op == "iff":
            out += [("imp", g[1], g[2]), ("xor", g[1], g[2])]
        if op == "xor":
            out.append(("or", g[1], g[2]))
    return out


def parse_equivalence(answer: str, names):
    """(said_yes, assignment or None): "yes", "no", or "no" followed by an assignment of every
    variable ("no: p=T, q=F", "no (p=T, q=F)"); NotAnAnswer otherwise."""
    m = re.fullmatch(r"(yes|no)\b\s*([:;,.\-]?)\s*(.*)", answer.strip(), re.IGNORECASE | re.DOTALL)
    if not m or (m.group(2) and not m.group(3)):
        raise NotAnAnswer("start the answer with yes or no, and give nothing else but an assignment after no")
    said = m.group(1).lower() == "yes"
    rest = m.group(3).strip()
    if said:
        if rest:
            raise NotAnAnswer("after yes, give nothing else")
        return True, None
    if not rest:
        return False, None
    return False, read_truth_assignment(rest, names)


@register
class FormulaEquivalence(Task):
    """Are two propositional formulas equivalent (true under exactly the same assignments)? The
    second formula comes from the first by a chain of rewrites by equivalence laws (De Morgan,
    contraposition, implication as disjunction, distribution, ...), and in about half the
    problems one step is a typical mistake instead (converse, inverse, a wrong De Morgan, and
    for or); the verdict is decided by truth tables, never by how the formula was made. From
    level 6 a "no" must come with a distinguishing assignment, which is checked by evaluating
    both formulas on it (any such assignment is accepted). Higher levels add variables,
    nesting, connectives and rewrite steps."""

    name = "logic/formula_equivalence"
    knobs = (
        Knob("n_vars", [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 8),
             doc="propositional variables"),
        Knob("depth", [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 4, 5, 5, 4, 5, 5], (1, 5),
             doc="nesting depth of the first formula"),
        Knob("steps", [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (1, 12),
             doc="rewrite steps from one formula to the other"),
        Knob("ops", [2, 2, 2, 3, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="connectives: 1 and/or; 2 + ->; 3 + <->; 4 + xor"),
        Knob("witness", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="a 'no' must give an assignment on which the formulas differ"),
    )
    answer_format = "yes or no"
    example = "no"
    # without a witness the answer is yes or no, and the example one of them; with one, the example
    # names the variable z, which no problem has (VAR_NAMES stop at w), so it is never an answer
    closed_answers = True
    several_answers = True  # any distinguishing assignment is a witness

    def build(self, rng, params):
        n = params["n_vars"]
        ops = OP_TIERS[params["ops"]]
        names = _names(n)
        want_yes = rng.random() < 0.5
        for _attempt in range(200):
            a = random_formula(rng, n, params["depth"], ops, leaf=0.15)
            if not _nontrivial(a, n):
                continue
            b = a
            steps = params["steps"]
            bad_step = -1 if want_yes else rng.randrange(steps)
            for i in range(steps):
                nxt = _rewrite_once(b, rng, i == bad_step)
                if nxt is None and i == bad_step:
                    nxt = ("not", b) if b[0] != "not" else b[1]
                b = nxt if nxt is not None else b
            if b != a and len(render(b, names)) <= _length_cap(steps):
                break
        equivalent = truth_table(a, n) == truth_table(b, n)
        witness = params["witness"]
        sample = ", ".join(f"{v}={'T' if i % 2 == 0 else 'F'}" for i, v in enumerate(names))
        fmt = (f"yes, or no followed by a distinguishing assignment of every variable (e.g. no: {sample})"
               if witness else "yes or no")
        question = (f"Variables {', '.join(names)} are each true or false. Notation: {legend([a, b])}.\n\n"
                    f"Formula 1: {render(a, names)}\nFormula 2: {render(b, names)}\n\nAre the two formulas "
                    f"equivalent, that is, does every assignment of the variables give them the same truth value?")
        if witness:
            question += (" If not, give an assignment of all of " + ", ".join(names) + " under which one formula "
                         "is true and the other false.")
        if equivalent:
            answer = "yes"
        elif witness:
            diff = truth_table(a, n) ^ truth_table(b, n)
            x = (diff & -diff).bit_length() - 1
            answer = "no: " + ", ".join(f"{v}={'T' if x >> i & 1 else 'F'}" for i, v in enumerate(names))
        else:
            answer = "no"
        return Draft(question, answer, {"equivalent": equivalent, "names": list(names), "witness": witness,
                                        "formulas": [to_json(a), to_json(b)]},
                     answer_format=fmt,
                     example="no: p=T, q=F, z=T" if witness else "no")

    def effort(self, problem):
        # the truth-table decision: every assignment evaluates both formulas
        c = problem.check
        return (1 << len(c["names"])) * sum(map(tree_size, c["formulas"]))

    def grade(self, answer, problem):
        c = problem.check
        names = c["names"]
        try:
            said, assignment = parse_equivalence(answer, names)
        except NotAnAnswer as exc:
            return refused(exc)
        if said:
            return right() if c["equivalent"] else wrong("They are not equivalent: some assignment separates them.")
        if c["equivalent"]:
            return wrong("They are equivalent: every assignment gives both the same value.")
        if assignment is None:
            if c["witness"]:
                return wrong("After no, give an assignment of every variable on which the formulas differ.")
            return right()
        values = [assignment[v] for v in names]
        f1, f2 = (from_json(f) for f in c["formulas"])
        v1, v2 = evaluate(f1, values), evaluate(f2, values)
        if v1 == v2:
            return wrong(f"Under that assignment both formulas are {'true' if v1 else 'false'}.")
        return right()


# ---------------------------------------------------------------- truth table

@register
class TruthTable(Task):
    """Fill the output column of a truth table: a propositional formula and its table of input
    rows are given, and the answer is the formula's value on each row, in the listed order. The
    column is computed by bit-set truth tables. Higher levels add variables (up to 256 rows),
    nesting and connectives (->, <->, xor, nand, nor), and list the rows in a scrambled order
    so the pattern of the standard order cannot be used."""

    name = "logic/truth_table"
    knobs = (
        Knob("n_vars", [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 8),
             doc="variables (2^n rows)"),
        Knob("depth", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 4, 5, 6, 4, 5, 6, 4, 5, 6], (1, 6),
             doc="nesting depth of the formula"),
        Knob("ops", [1, 2, 2, 3, 3, 4, 4, 5, 5, 5] + [5] * 10, (1, 5),
             doc="connectives: 1 and/or; 2 + ->; 3 + <->; 4 + xor; 5 + nand, nor"),
        Knob("scrambled", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="rows listed in a random order"),
    )
    answer_format = ("the output column from the first listed row to the last, as a string of 0s and 1s "
                     "(1 = true), e.g. 011")
    example = "011"  # a column has 2^n entries, never 3: never an answer

    def build(self, rng, params):
        n = params["n_vars"]
        ops = OP_TIERS[min(params["ops"], 4)] + (("nand", "nor") if params["ops"] >= 5 else ())
        names = _names(n)
        for _attempt in range(200):
            f = random_formula(rng, n, params["depth"], ops, leaf=0.15)
            if _nontrivial(f, n, n) and len(render(f, names)) <= 140:
                break
        rows = sorted(range(1 << n), key=lambda a: [a >> i & 1 for i in range(n)])  # p varies slowest
        if params["scrambled"]:
            rng.shuffle(rows)
        t = truth_table(f, n)
        column = "".join("1" if t >> a & 1 else "0" for a in rows)

        def bits(a):  # row a gives variable i the value of bit i of a
            return " ".join("1" if a >> i & 1 else "0" for i in range(n))

        header = " ".join(names) + " | out"
        body = "\n".join(f"{bits(a)} | ?" for a in rows)
        question = (f"Notation: {legend([f])}; 1 means true and 0 false.\n\nFill in the output column of this "
                    f"truth table for the formula\n  {render(f, names)}\n\n{header}\n{body}\n\nGive the value "
                    f"of the formula on each row, in the order the rows are listed.")
        return Draft(question, column, {"column": column, "formula": to_json(f), "rows": rows})

    def effort(self, problem):
        # every row of the table evaluates every connective and variable of the formula
        c = problem.check
        return len(c["rows"]) * tree_size(c["formula"])

    def grade(self, answer, problem):
        column = problem.check["column"]
        try:
            given = read_truth_list(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        if len(given) != len(column):
            return wrong(f"The table has {len(column)} rows but {len(given)} values were given.")
        bad = [i for i, (g, want) in enumerate(zip(given, column), 1) if g != (want == "1")]
        if bad:
            more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
            return wrong(f"Row {bad[0]} is wrong{more}.")
        return right()
