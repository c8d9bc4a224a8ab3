"""Clausal reasoning: 2-SAT through the implication graph, Horn-clause forward chaining, minimal
unsatisfiable cores, and checking a proposed conversion to conjunctive normal form."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_choice, read_int, read_set, refused
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._clauses import clause_table, cnf_table, decode, lowest, popcount, render_clause
from ._formulas import tree_size, variable_tables
from ._truth_values import read_truth_assignment
from ._wording import names_list

_UNSAT = ("unsat", "unsatisfiable")


def _span(n: int) -> str:
    return "x1 and x2" if n == 2 else f"x1 to x{n}"

# ================================================================ 2-SAT


def two_sat(clauses, n: int) -> dict[int, bool] | None:
    """A satisfying assignment {var: value} of a 2-CNF, or None: strongly connected components of
    the implication graph (Tarjan, iterative). Literal +v is node 2(v-1), -v is node 2(v-1)+1;
    clause (a OR b) gives the edges NOT a -> b and NOT b -> a. The formula is unsatisfiable
    exactly when some v and NOT v share a component; otherwise v is true when its component
    comes before NOT v's in Tarjan's order (which is reverse topological)."""
    size = 2 * n

    def node(lit):
        return 2 * (abs(lit) - 1) + (lit < 0)

    adj: list[list[int]] = [[] for _ in range(size)]
    for c in clauses:
        a, b = (c[0], c[0]) if len(c) == 1 else c
        adj[node(-a)].append(node(b))
        adj[node(-b)].append(node(a))
    index = [-1] * size
    low = [0] * size
    comp = [-1] * size
    on_stack = [False] * size
    stack: list[int] = []
    counter = n_comp = 0
    for root in range(size):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            if i < len(adj[v]):
                work[-1] = (v, i + 1)
                w = adj[v][i]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = n_comp
                    if w == v:
                        break
                n_comp += 1
    values = {}
    for v in range(1, n + 1):
        pos, neg = comp[2 * (v - 1)], comp[2 * (v - 1) + 1]
        if pos == neg:
            return None
        values[v] = pos < neg
    return values


def _first_broken(clauses, values) -> int | None:
    for i, c in enumerate(clauses):
        if not any(values[abs(x)] == (x > 0) for x in c):
            return i
    return None


@register
class TwoSat(Task):
    """Satisfiability of a 2-CNF formula (every clause has two literals): give a satisfying
    assignment of every variable, or UNSAT. Decided by the implication-graph algorithm
    (strongly connected components), so it scales past brute force; any satisfying assignment
    passes, checked clause by clause. Higher levels add variables, push the clause/variable
    ratio towards the 2-SAT threshold, hide forcing chains of implications (x -> ... -> NOT x,
    which fixes x) of growing length among distractor clauses, and mix in unsatisfiable
    instances, where chains run both ways.
    Past level 10 (up to 110 variables) the drawn kind, satisfiable or not, takes more redraws: about 50
    problems/s at level 20."""

    name = "logic/two_sat"
    knobs = (
        Knob("n_vars", [3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 30, 36, 42, 50, 58, 66, 75, 85, 95, 110], (2, 200),
             doc="number of variables"),
        # past level 10 the ratio eases as n grows: large random 2-CNFs above 1.0 are nearly all unsatisfiable
        Knob("ratio", [0.8, 0.9, 0.9, 1.0, 1.0, 1.0, 1.0, 1.05, 1.1, 1.1, 1.1, 1.05, 1.05, 1.0, 1.0, 1.0, 0.95, 0.95,
                       0.95, 0.9], (0.1, 5.0),
             doc="clauses per variable, chains included (1.0 is the random 2-SAT threshold)"),
        Knob("chain", [0, 0, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (0, 50),
             doc="length of each hidden forcing chain"),
        Knob("n_chains", [0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4], (0, 10),
             doc="hidden forcing chains"),
        Knob("unsat_share", [0.0, 0.0, 0.2, 0.25, 0.3, 0.3, 0.35, 0.35, 0.4, 0.4] + [0.4] * 10, (0.0, 1.0),
             doc="chance that a problem is drawn unsatisfiable"),
    )
    answer_format = ("a value for every variable as x1=T,x2=F,... (T/F, true/false or 1/0), or UNSAT if no "
                     "assignment satisfies every clause")
    example = "x0=F,x1=T,x2=T"  # variables are numbered from x1: naming x0 is never an answer
    several_answers = True  # every satisfying assignment passes

    def _chain(self, rng, n, start, end, length):
        """Clauses forming the implications start -> l1 -> ... -> end through fresh literals."""
        mids = [v if rng.random() < 0.5 else -v for v in rng.sample(
            [v for v in range(1, n + 1) if v not in (abs(start), abs(end))], min(length, n - 2))]
        path = [start, *mids, end]
        return [[-a, b] for a, b in zip(path, path[1:])]

    def build(self, rng, params):
        n = params["n_vars"]
        m = max(1, round(params["ratio"] * n))
        want_unsat = rng.random() < params["unsat_share"]
        for _attempt in range(300):
            clauses = []
            for k in range(params["n_chains"]):
                v = rng.randint(1, n)
                lit = v if rng.random() < 0.5 else -v
                clauses += self._chain(rng, n, lit, -lit, params["chain"])
                if want_unsat and k == 0:
                    clauses += self._chain(rng, n, -lit, lit, params["chain"])
            for _ in range(max(0, m - len(clauses))):
                a, b = rng.sample(range(1, n + 1), 2)
                clauses.append([a if rng.random() < 0.5 else -a, b if rng.random() < 0.5 else -b])
            seen, unique = set(), []
            for c in clauses:
                key = tuple(sorted(c))
                if key not in seen and -c[0] != c[1]:
                    seen.add(key)
                    unique.append(sorted(c, key=abs))
            rng.shuffle(unique)
            model = two_sat(unique, n)
            if (model is None) == want_unsat:
                break
        clauses = unique
        lines = "\n".join(f"{i}. {render_clause(c)}" for i, c in enumerate(clauses, 1))
        question = (f"Consider this Boolean formula over the variables {_span(n)}. It is the AND of the "
                    f"{len(clauses)} clauses below; each clause is the OR of its two literals, and NOT x is true "
                    f"exactly when x is false.\n\n{lines}\n\nFind an assignment of true (T) or false (F) to every "
                    f"variable that makes all clauses true, or answer UNSAT if no such assignment exists.")
        answer = "UNSAT" if model is None else ",".join(f"x{v}={'T' if model[v] else 'F'}" for v in range(1, n + 1))
        return Draft(question, answer, {"n_vars": n, "clauses": clauses, "satisfiable": model is not None})

    def effort(self, problem):
        # the implication-graph algorithm visits every literal node and both edges of each clause
        return 2 * problem.check["n_vars"] + 2 * len(problem.check["clauses"])

    def grade(self, answer, problem):
        c = problem.check
        if answer.strip().lower() in _UNSAT:
            return right() if not c["satisfiable"] else wrong("The formula is satisfiable.")
        names = [f"x{v}" for v in range(1, c["n_vars"] + 1)]
        try:
            given = read_truth_assignment(answer, names)
        except NotAnAnswer as exc:
            return refused(exc)
        if not c["satisfiable"]:
            return wrong("The formula is unsatisfiable: no assignment makes every clause true.")
        values = {v: given[f"x{v}"] for v in range(1, c["n_vars"] + 1)}
        broken = _first_broken(c["clauses"], values)
        if broken is not None:
            return wrong(f"Clause {broken + 1} ({render_clause(c['clauses'][broken])}) is false.")
        return right()


# ================================================================ Horn clauses


def forward_chain(facts, rules) -> tuple[set[str], int]:
    """The atoms derivable from `facts` with rules [(body atoms, head)], by rounds of forward
    chaining, and the number of rounds that added something (the derivation depth)."""
    known = set(facts)
    rounds = 0
    while True:
        new = {head for body, head in rules if head not in known and all(b in known for b in body)}
        if not new:
            return known, rounds
        known |= new
        rounds += 1


_RULE_FORMS = ("if", "imply", "clause")
_FACTS = re.compile(r"The facts? ([A-Z, ]+?(?: and [A-Z]+)?) (?:is|are) true\.")
_RULE_LINE = re.compile(r"^\d+\. (.+)$", re.MULTILINE)


def parse_rule(text: str) -> tuple[list[str], str]:
    """(body atoms, head) of a rule as render_rule writes it, in any of its three forms."""
    if text.startswith("IF "):
        body, head = text[3:].split(" THEN ")
        return body.split(" AND "), head
    if " OR " in text or text.startswith("NOT "):
        literals = text.split(" OR ")
        return [x[4:] for x in literals if x.startswith("NOT ")], next(x for x in literals if not x.startswith("NOT "))
    body, head = re.split(r" (?:together imply|implies) ", text)
    return body.split(" AND "), head


def render_rule(body, head, form) -> str:
    if form == "clause":
        return " OR ".join([f"NOT {b}" for b in body] + [head])
    joined = " AND ".join(body)
    if form == "imply":
        return f"{joined} {'implies' if len(body) == 1 else 'together imply'} {head}"
    return f"IF {joined} THEN {head}"


@register
class HornDerivation(Task):
    """Horn-clause forward chaining: from facts and rules "IF A AND B THEN C", list every atom
    that is true (derivable). The set is computed by forward chaining to the least fixed
    point and is unique; the answer must be exactly that set. Higher levels add atoms, longer
    derivation chains (depth), bigger rule bodies, more distractor rules (cycles among
    underivable atoms, and rules missing exactly one body atom), and rules written as clauses
    (NOT A OR NOT B OR C) among implications."""

    name = "logic/horn_derivation"
    knobs = (
        Knob("n_atoms", [5, 6, 8, 10, 12, 14, 16, 18, 20, 24, 26, 28, 30, 32, 35, 38, 41, 44, 47, 50], (3, 60),
             doc="number of atoms (past 26 they are named AA, AB, ...)"),
        Knob("depth", [1, 2, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (1, 30),
             doc="length of the planted derivation chain"),
        Knob("max_body", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 6),
             doc="most atoms in a rule body"),
        Knob("distractors", [1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 34, 37, 40], (0, 60),
             doc="rules that never fire"),
        Knob("clause_share", [0.0, 0.0, 0.0, 0.0, 0.2, 0.3, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.55, 0.55, 0.6, 0.6, 0.6,
                              0.6, 0.6, 0.6], (0.0, 1.0), doc="share of rules written as clauses"),
    )
    answer_format = "every true atom (the facts and everything derivable from them), comma-separated, in any order"
    example = "B,E,Z9"  # atoms are single letters: Z9 is none, so this is never an answer

    def build(self, rng, params):
        n = params["n_atoms"]
        atoms = node_labels(n)
        order = atoms[:]
        rng.shuffle(order)
        depth = min(params["depth"], n - 3)
        n_facts = min(rng.randint(1, 3), n - depth - 2)
        facts, chain, dead = order[:n_facts], order[n_facts:n_facts + depth], order[n_facts + depth:]
        rules = []
        known = list(facts)
        for i, head in enumerate(chain):
            prev = chain[i - 1] if i else rng.choice(facts)
            size = rng.randint(1, params["max_body"])
            others = [a for a in known if a != prev]
            body = [prev] + rng.sample(others, min(size - 1, len(others)))
            rules.append((body, head))
            known.append(head)
        for k in range(params["distractors"]):
            size = rng.randint(1, params["max_body"])
            blocker = rng.choice(dead)
            pool = [a for a in (known if k % 2 == 0 else atoms) if a != blocker]  # near misses: one blocker only
            head = rng.choice([a for a in atoms if a != blocker])
            body = [blocker] + rng.sample([a for a in pool if a != head], min(size - 1, len(pool) - 1))
            rules.append((body, head))
        uniq, seen = [], set()
        for body, head in rules:
            key = (tuple(sorted(body)), head)
            if key not in seen and head not in body:
                seen.add(key)
                uniq.append((sorted(body), head))
        rng.shuffle(uniq)
        true_atoms, _rounds = forward_chain(facts, uniq)
        forms = []
        for body, head in uniq:
            forms.append("clause" if rng.random() < params["clause_share"] else rng.choice(("if", "imply")))
        lines = "\n".join(f"{i}. {render_rule(b, h, f)}" for i, ((b, h), f) in enumerate(zip(uniq, forms), 1))
        has_clause = "clause" in forms
        question = (f"There are {n} propositional atoms: {', '.join(atoms)}. "
                    + (f"The fact {facts[0]} is true." if len(facts) == 1 else
                       f"The facts {names_list(sorted(facts))} are true.")
                    + f" These rules hold:\n\n{lines}\n\n"
                    + ("A rule written as a clause (an OR of literals, NOT X true when X is false) says that at least "
                       "one of its literals is true, so NOT X OR NOT Y OR Z means IF X AND Y THEN Z. " if has_clause
                       else "")
                    + "An atom is true only if it is a fact or is forced by the rules from true atoms; every other "
                    "atom is false. Which atoms are true?")
        answer = ",".join(sorted(true_atoms))
        return Draft(question, answer, {"atoms": atoms, "true": sorted(true_atoms)})

    def effort(self, problem):
        """Naive forward chaining: every round checks each rule's body atoms, until a round adds
        nothing."""
        prompt = problem.prompt
        facts = re.findall(r"\b[A-Z]+\b", _FACTS.search(prompt).group(1))
        rules = [parse_rule(text) for text in _RULE_LINE.findall(prompt.split("These rules hold:", 1)[1])]
        _known, rounds = forward_chain(facts, rules)
        return (rounds + 1) * sum(len(body) for body, _head in rules)

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_set(answer, lambda t: read_choice(t, c["atoms"]))
        except NotAnAnswer as exc:
            return refused(exc)
        expected = set(c["true"])
        if given - expected:
            return wrong("At least one listed atom cannot be derived.")
        if expected - given:
            return wrong("At least one derivable atom is missing.")
        return right()


# ================================================================ minimal unsatisfiable cores


def mus(clauses, n: int, work: list | None = None) -> list[int]:
    """Indices of a minimal unsatisfiable subset of an unsatisfiable CNF, by deletion: drop each
    clause in turn and keep it out whenever the rest stays unsatisfiable. With `work` (a
    one-item list), the clauses checked against all 2^n assignments are added to work[0]."""
    keep = list(range(len(clauses)))
    tables = [clause_table(c, n) for c in clauses]
    full, _ = variable_tables(n)
    i = 0
    while i < len(keep):
        trial = keep[:i] + keep[i + 1:]
        t = full
        for j in trial:
            if work is not None:
                work[0] += 1
            t &= tables[j]
            if not t:
                break
        if t == 0:
            keep = trial
        else:
            i += 1
    return keep


def core_status(clauses, chosen, n: int) -> tuple[int, int | None]:
    """(satisfying assignments of the chosen clauses as a bit set, the first chosen clause whose
    removal leaves them unsatisfiable or None)."""
    full, _ = variable_tables(n)
    tables = [clause_table(clauses[i], n) for i in chosen]
    prefix = [full]
    for t in tables:
        prefix.append(prefix[-1] & t)
    if prefix[-1]:
        return prefix[-1], None
    suffix = full
    redundant = None
    for k in range(len(tables) - 1, -1, -1):
        if prefix[k] & suffix == 0:
            redundant = chosen[k]
        suffix &= tables[k]
    return 0, redundant


@register
class UnsatCore(Task):
    """Minimal unsatisfiable core: the numbered clauses of a CNF formula cannot all be true;
    give a subset that is already unsatisfiable and from which no clause can be dropped. Any
    minimal core passes: the verifier checks, with bit-parallel truth tables over all 2^n
    assignments, that the subset is unsatisfiable and that every proper subset is satisfiable
    (removing any one clause makes it satisfiable). Higher levels add variables, longer
    clauses and distractor clauses outside the core (which can form alternative cores)."""

    name = "logic/unsat_core"
    knobs = (
        Knob("n_vars", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (2, 12),
             doc="number of variables"),
        Knob("clause_len", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 4, 3, 4, 4], (1, 5),
             doc="most literals in a clause"),
        Knob("unit_share", [0.3, 0.2, 0.15, 0.1, 0.1, 0.05, 0.05, 0.0, 0.0, 0.0] + [0.0] * 10, (0.0, 1.0),
             doc="chance that a clause is a single literal"),
        Knob("distractors", [1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (1, 40),
             doc="clauses added after the formula became unsatisfiable"),
    )
    answer_format = "the numbers of the clauses in a minimal unsatisfiable subset, comma-separated, in any order"
    example = "0,2,5"  # clauses are numbered from 1: naming clause 0 is never an answer

    def _clause(self, rng, n, k, unit_share):
        size = 1 if rng.random() < unit_share else rng.randint(2, max(2, min(k, n)))
        chosen = rng.sample(range(1, n + 1), size)
        return sorted((v if rng.random() < 0.5 else -v for v in chosen), key=abs)

    def build(self, rng, params):
        n, k = params["n_vars"], params["clause_len"]
        full, _ = variable_tables(n)
        clauses, t = [], full
        seen = set()
        while t:
            c = self._clause(rng, n, k, params["unit_share"])
            if tuple(c) in seen:
                continue
            ct = clause_table(c, n)
            if t & ct == t:  # already implied: no progress
                if rng.random() < 0.7:
                    continue
            seen.add(tuple(c))
            clauses.append(c)
            t &= ct
        added = 0
        for _ in range(100 * params["distractors"]):  # fewer when few distinct clauses are left
            if added == params["distractors"]:
                break
            c = self._clause(rng, n, k, params["unit_share"] / 2)
            if tuple(c) not in seen:
                seen.add(tuple(c))
                clauses.append(c)
                added += 1
        rng.shuffle(clauses)
        core = mus(clauses, n)
        lines = "\n".join(f"{i}. {render_clause(c)}" for i, c in enumerate(clauses, 1))
        question = (f"These {len(clauses)} clauses over the variables {_span(n)} cannot all be true at once (each "
                    f"clause is the OR of its literals; NOT x is true exactly when x is false):\n\n{lines}\n\n"
                    "Find a minimal unsatisfiable subset: a set of these clauses that cannot all be true at once, "
                    "such that removing any one clause from the set leaves clauses that can all be true together.")
        answer = ",".join(str(i + 1) for i in sorted(core))
        return Draft(question, answer, {"n_vars": n, "clauses": clauses})

    def effort(self, problem):
        # the deletion algorithm: each trial removal re-checks the remaining clauses on every assignment
        work = [0]
        mus(problem.check["clauses"], problem.check["n_vars"], work)
        return work[0]

    def grade(self, answer, problem):
        c = problem.check
        n, clauses = c["n_vars"], c["clauses"]
        try:
            chosen = sorted(read_set(answer, read_int))
        except NotAnAnswer as exc:
            return refused(exc)
        outside = [k for k in chosen if not 1 <= k <= len(clauses)]
        if outside:
            return wrong(f"There is no clause {outside[0]}: they run from 1 to {len(clauses)}.")
        sat, redundant = core_status(clauses, [i - 1 for i in chosen], n)
        if sat:
            values = decode(lowest(sat), n)
            shown = ",".join(f"x{v + 1}={'T' if values[v] else 'F'}" for v in range(n))
            return wrong(f"Those clauses can all be true together, e.g. with {shown}.")
        if redundant is not None:
            return wrong(f"Not minimal: without clause {redundant + 1} the rest is still unsatisfiable.")
        return right()


# ================================================================ CNF conversion

PROP_NAMES = ("p", "q", "r", "s", "t", "u", "v", "w")
_SYM = {"and": "&", "or": "|", "imp": "->", "iff": "<->", "xor": "xor"}
_OPS = {"basic": ("and", "or", "imp"), "iff": ("and", "or", "imp", "iff"), "all": ("and", "or", "imp", "iff", "xor")}


def f_table(f, n: int) -> int:
    full, var = variable_tables(n)
    op = f[0]
    if op == "var":
        return var[f[1]]
    if op == "not":
        return full ^ f_table(f[1], n)
    a, b = f_table(f[1], n), f_table(f[2], n)
    return {"and": a & b, "or": a | b, "imp": (full ^ a) | b, "iff": full ^ (a ^ b), "xor": a ^ b}[op]


def f_eval(f, values) -> bool:
    op = f[0]
    if op == "var":
        return values[f[1]]
    if op == "not":
        return not f_eval(f[1], values)
    a, b = f_eval(f[1], values), f_eval(f[2], values)
    return {"and": a and b, "or": a or b, "imp": (not a) or b, "iff": a == b, "xor": a != b}[op]


def f_render(f, top=True) -> str:
    op = f[0]
    if op == "var":
        return PROP_NAMES[f[1]]
    if op == "not":
        return "~" + f_render(f[1], False)
    text = f"{f_render(f[1], False)} {_SYM[op]} {f_render(f[2], False)}"
    return text if top else f"({text})"


def _random_formula(rng, n, depth, ops):
    if depth <= 0 or (depth == 1 and rng.random() < 0.25):
        f = ("var", rng.randrange(n))
        return ("not", f) if rng.random() < 0.3 else f
    op = rng.choice(ops)
    left = _random_formula(rng, n, depth - 1, ops)
    for _ in range(6):  # two sides that differ, and not a variable against itself
        right = _random_formula(rng, n, rng.randint(0, depth - 1), ops)
        if _bare(left) is None or _bare(left) != _bare(right):
            break
    f = (op, left, right)
    if rng.random() < 0.5:
        f = (op, f[2], f[1])
    return ("not", f) if rng.random() < 0.2 else f


def _bare(f):
    """The variable of a literal (p or ~p), else None."""
    if f[0] == "not":
        f = f[1]
    return f[1] if f[0] == "var" else None


def _nnf(f, positive=True):
    """Negation normal form over and/or/literals; literals are ("lit", +v or -v) with v 1-based."""
    op = f[0]
    if op == "var":
        return ("lit", (f[1] + 1) if positive else -(f[1] + 1))
    if op == "not":
        return _nnf(f[1], not positive)
    a, b = f[1], f[2]
    if op == "imp":
        return _nnf(("or", ("not", a), b), positive)
    if op == "iff":
        return _nnf(("and", ("imp", a, b), ("imp", b, a)), positive)
    if op == "xor":
        return _nnf(("and", ("or", a, b), ("or", ("not", a), ("not", b))), positive)
    if op == "and":
        return ("and" if positive else "or", _nnf(a, positive), _nnf(b, positive))
    return ("or" if positive else "and", _nnf(a, positive), _nnf(b, positive))


def _clauses(g, limit: int = 400):
    """CNF clauses (a set of frozensets of literals) of an NNF formula by distribution, dropping
    tautologies and repeats as it goes; None when more than `limit` clauses would be needed."""
    if g[0] == "lit":
        return {frozenset([g[1]])}
    a = _clauses(g[1], limit)
    b = _clauses(g[2], limit) if a is not None else None
    if b is None:
        return None
    if g[0] == "and":
        out = a | b
    else:
        if len(a) * len(b) > 4 * limit:
            return None
        out = set()
        for x in a:
            for y in b:
                c = x | y
                if not any(-lit in c for lit in x):
                    out.add(c)
    return out if len(out) <= limit else None


def to_cnf(f) -> list[list[int]] | None:
    """The textbook conversion: eliminate ->, <->, xor; push negations in; distribute OR over AND;
    then drop tautologies, repeated and subsumed clauses. Clauses sorted by variable. None when
    the distribution would blow up past a few hundred clauses."""
    raw = _clauses(_nnf(f))
    if raw is None:
        return None
    kept = [c for c in raw if not any(o < c for o in raw)]
    ordered = (sorted(c, key=lambda x: (abs(x), x < 0)) for c in kept)
    return sorted(ordered, key=lambda c: (len(c), [abs(x) for x in c], c))


def cnf_render(clauses) -> str:
    return " & ".join("(" + " | ".join(PROP_NAMES[abs(x) - 1] if x > 0 else "~" + PROP_NAMES[abs(x) - 1]
                                       for x in c) + ")" for c in clauses)


def _mistakes(rng, clauses, n):
    """Plausible conversion slips: a flipped sign, a dropped or an extra literal, a dropped clause,
    a literal on the wrong variable."""
    out = []
    for _ in range(8):
        cs = [list(c) for c in clauses]
        i = rng.randrange(len(cs))
        kind = rng.choice(("flip", "drop_lit", "drop_clause", "add_lit", "swap_var"))
        if kind == "flip":
            j = rng.randrange(len(cs[i]))
            cs[i][j] = -cs[i][j]
        elif kind == "drop_lit" and len(cs[i]) > 1:
            del cs[i][rng.randrange(len(cs[i]))]
        elif kind == "drop_clause" and len(cs) > 2:
            del cs[i]
        elif kind == "add_lit":
            free = [v for v in range(1, n + 1) if v not in {abs(x) for x in cs[i]}]
            if not free:
                continue
            v = rng.choice(free)
            cs[i].append(v if rng.random() < 0.5 else -v)
        else:
            j = rng.randrange(len(cs[i]))
            free = [v for v in range(1, n + 1) if v not in {abs(x) for x in cs[i]}]
            if not free:
                continue
            v = rng.choice(free)
            cs[i][j] = v if cs[i][j] > 0 else -v
        cs = [sorted(c, key=lambda x: (abs(x), x < 0)) for c in cs]
        if cs != [list(c) for c in clauses] and len({tuple(c) for c in cs}) == len(cs):
            out.append(cs)
    return out


def _resolvent(rng, clauses):
    """An implied clause (a resolvent of two clauses, not a tautology), or None."""
    pairs = [(a, b, x) for a in clauses for b in clauses for x in a if -x in b]
    rng.shuffle(pairs)
    for a, b, x in pairs:
        r = sorted(set(a) - {x} | set(b) - {-x}, key=lambda y: (abs(y), y < 0))
        if r and not any(-y in r for y in r) and r not in clauses:
            return r
    return None


@register
class CnfConversion(Task):
    """Check a conversion to conjunctive normal form: given a formula and a proposed CNF, answer
    EQUIVALENT if they agree on every assignment, or else give an assignment on which they
    differ. Any distinguishing assignment passes (checked by evaluating both). Equivalence is
    decided by truth tables. Proposed CNFs come from the textbook conversion, then either carry
    a plausible slip (a flipped sign, a dropped or extra literal, a dropped clause) or are left
    correct, sometimes with an implied extra clause so that a correct CNF does not look like the
    textbook one. Higher levels add variables, nesting, <-> and xor, and pick the slip that
    changes the fewest assignments, so it must be found by careful checking."""

    name = "logic/cnf_conversion"
    knobs = (
        Knob("n_vars", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8], (2, 8),
             doc="number of variables (p to w)"),
        Knob("depth", [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 4, 5, 6, 5, 6, 5, 6, 7], (1, 8),
             doc="nesting depth of connectives"),
        Knob("ops", ["basic", "basic", "basic", "iff", "iff", "iff", "all", "all", "all", "all"] + ["all"] * 10,
             choices=tuple(_OPS), doc="connectives: and/or/->; + <->; + xor"),
        Knob("subtle", [False, False, False, False, True, True, True, True, True, True] + [True] * 10,
             doc="pick the slip that changes the fewest assignments"),
        Knob("max_clauses", [3, 4, 5, 6, 6, 7, 8, 8, 10, 12, 14, 16, 16, 20, 24, 24, 26, 28, 30, 30], (2, 30),
             doc="most clauses in the proposed CNF"),
    )
    answer_format = ("EQUIVALENT if the proposed CNF is equivalent to the formula; otherwise an assignment of every "
                     "variable on which the two differ, as p=T,q=F,... (T/F, true/false or 1/0)")
    example = "p=F,q=T,z=T"  # the variables are p, q, r, ... w: naming z is never an answer
    several_answers = True  # any distinguishing assignment passes

    def build(self, rng, params):
        n = params["n_vars"]
        full, var = variable_tables(n)
        for _attempt in range(500):
            f = _random_formula(rng, n, params["depth"], _OPS[params["ops"]])
            t = f_table(f, n)
            if t in (0, full):
                continue
            cnf = to_cnf(f)
            if cnf is None:
                continue
            used = {abs(x) for c in cnf for x in c}
            if 2 <= len(cnf) <= params["max_clauses"] and len(used) == n:
                break
        else:
            raise ValueError("no formula found for these knob values (allow more max_clauses or fewer n_vars)")
        want_equivalent = rng.random() < 0.45
        proposed = cnf
        if want_equivalent:
            if rng.random() < 0.5:
                extra = _resolvent(rng, cnf)
                if extra is not None:
                    proposed = cnf + [extra]
                    rng.shuffle(proposed)
        else:
            options = _mistakes(rng, cnf, n)
            if options:
                if params["subtle"]:
                    differing = [(popcount(cnf_table(o, n) ^ t), i) for i, o in enumerate(options)]
                    nonzero = [d for d in differing if d[0] > 0]
                    proposed = options[min(nonzero)[1]] if nonzero else options[0]
                else:
                    proposed = options[0]
        diff = cnf_table(proposed, n) ^ t
        names = list(PROP_NAMES[:n])
        question = (f"Consider the formula\n\n  F = {f_render(f)}\n\nover the variables {', '.join(names)}, where ~ is "
                    f"NOT, & is AND, | is inclusive OR, -> is IF-THEN (false only when the left side is true and the "
                    f"right side false)"
                    + (", <-> is IF AND ONLY IF (true when both sides have the same value)"
                       if params["ops"] != "basic" else "")
                    + (" and xor is EXCLUSIVE OR (true when exactly one side is true)"
                       if params["ops"] == "all" else "")
                    + f". A student converted F to conjunctive normal form and got\n\n  G = {cnf_render(proposed)}\n\n"
                    "Is G equivalent to F, that is, true under exactly the same assignments? If it is, answer "
                    "EQUIVALENT; if not, give an assignment of every variable under which F and G have different "
                    "truth values.")
        if diff == 0:
            answer = "EQUIVALENT"
        else:
            values = decode(lowest(diff), n)
            answer = ",".join(f"{names[i]}={'T' if values[i] else 'F'}" for i in range(n))
        return Draft(question, answer, {"n_vars": n, "formula": _json(f), "cnf": proposed, "equivalent": diff == 0})

    def effort(self, problem):
        # comparing truth tables: every assignment evaluates the formula's connectives and the
        # proposed CNF's literals
        c = problem.check
        return (1 << c["n_vars"]) * (tree_size(c["formula"]) + sum(len(clause) for clause in c["cnf"]))

    def grade(self, answer, problem):
        c = problem.check
        n = c["n_vars"]
        names = list(PROP_NAMES[:n])
        if answer.strip().lower() == "equivalent":
            return right() if c["equivalent"] else wrong("G is not equivalent to F: some assignment tells them apart.")
        try:
            given = read_truth_assignment(answer, names)
        except NotAnAnswer as exc:
            return refused(exc)
        if c["equivalent"]:
            return wrong("G is equivalent to F: no assignment tells them apart.")
        values = [given[x] for x in names]
        f_value = f_eval(_tuple(c["formula"]), values)
        g_value = all(any(values[abs(x) - 1] == (x > 0) for x in cl) for cl in c["cnf"])
        if f_value == g_value:
            return wrong(f"Under that assignment F and G are both {'true' if f_value else 'false'}.")
        return right()


def _json(f):
    return [_json(x) if isinstance(x, tuple) else x for x in f]



def _tuple(f):
    return tuple(_tuple(x) if isinstance(x, list) else x for x in f)
