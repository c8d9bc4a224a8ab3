"""Validity of first-order formulas over small finite models, decided by brute force."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused, split_top
from procgym.verdict import right, wrong

from ._clauses import lowest
from ._formulas import variable_tables

MAX_SIZE = 3
VARS = ("x", "y", "z")
UNARY = ("P", "Q")
BINARY = ("R",)

# A formula is a nested tuple:
#   ("P", name, v)         unary atom name(v)          ("R", name, v, w)   binary atom name(v, w)
#   ("eq", v, w)           v = w                        ("not", f)
#   (op, f, g)             op in and, or, imp, iff      ("all", v, f)  ("some", v, f)
_SYM = {"and": "&", "or": "|", "imp": "->", "iff": "<->"}


def render(f, ctx: str = "top") -> str:
    """ASCII text. Operands of a binary connective are bracketed unless they are atoms or
    negations of atoms; a quantifier's body is bracketed when it is a binary connective."""
    op = f[0]
    if op == "P":
        return f"{f[1]}({f[2]})"
    if op == "R":
        return f"{f[1]}({f[2]}, {f[3]})"
    if op == "eq":
        return f"{f[1]} = {f[2]}" if ctx == "top" else f"({f[1]} = {f[2]})"
    if op == "not":
        return "~" + render(f[1], "unary")
    if op in ("all", "some"):
        text = f"{'forall' if op == 'all' else 'exists'} {f[1]} {render(f[2], 'unary')}"
        return f"({text})" if ctx == "binary" else text
    text = f"{render(f[1], 'binary')} {_SYM[op]} {render(f[2], 'binary')}"
    return text if ctx == "top" else f"({text})"


def holds(f, model, env) -> bool:
    """Truth of f in model {"size": d, name: set of elements or of (a, b) pairs}, elements 1..d."""
    op = f[0]
    if op == "P":
        return env[f[2]] in model[f[1]]
    if op == "R":
        return (env[f[2]], env[f[3]]) in model[f[1]]
    if op == "eq":
        return env[f[1]] == env[f[2]]
    if op == "not":
        return not holds(f[1], model, env)
    if op == "all":
        return all(holds(f[2], model, {**env, f[1]: e}) for e in range(1, model["size"] + 1))
    if op == "some":
        return any(holds(f[2], model, {**env, f[1]: e}) for e in range(1, model["size"] + 1))
    a = holds(f[1], model, env)
    if op == "and":
        return a and holds(f[2], model, env)
    if op == "or":
        return a or holds(f[2], model, env)
    b = holds(f[2], model, env)
    return (not a) or b if op == "imp" else a == b


def atom_index(d: int, unary, binary) -> dict:
    """Ground atoms of a size-d model, numbered: (name, e) and (name, a, b) -> index."""
    index = {}
    for name in unary:
        for e in range(1, d + 1):
            index[(name, e)] = len(index)
    for name in binary:
        for a in range(1, d + 1):
            for b in range(1, d + 1):
                index[(name, a, b)] = len(index)
    return index


_SLOT = {v: i for i, v in enumerate(VARS)}


@lru_cache(maxsize=64)
def _atom_tables(d: int, items) -> dict:
    """For each predicate, its ground atoms' truth tables indexed by element(s) (1-based)."""
    index = dict(items)
    _, var = variable_tables(len(index))
    out: dict = {}
    for key, i in index.items():
        if len(key) == 2:
            out.setdefault(key[0], [0] * (d + 1))[key[1]] = var[i]
        else:
            out.setdefault(key[0], [[0] * (d + 1) for _ in range(d + 1)])[key[1]][key[2]] = var[i]
    return out


def ground_table(f, d: int, index: dict) -> int:
    """The set of size-d models (as a bit set over all interpretations of the ground atoms) in
    which the sentence f holds: quantifiers unfold into conjunctions/disjunctions over the d
    elements. The formula is compiled into closures over a shared variable binding first, and
    closed subformulas are evaluated once."""
    full, var = variable_tables(len(index))
    atoms = _atom_tables(d, tuple(sorted(index.items())))
    env = [0] * len(VARS)
    slot = _SLOT

    def comp(g):
        """(function of the current binding, the set of free variables)."""
        op = g[0]
        if op == "P":
            i = slot[g[2]]
            tabs = atoms[g[1]]
            return (lambda: tabs[env[i]]), {g[2]}
        if op == "R":
            i, j = slot[g[2]], slot[g[3]]
            tabs = atoms[g[1]]
            return (lambda: tabs[env[i]][env[j]]), {g[2], g[3]}
        if op == "eq":
            i, j = slot[g[1]], slot[g[2]]
            return (lambda: full if env[i] == env[j] else 0), {g[1], g[2]}
        if op == "not":
            c, free = comp(g[1])
            fn = lambda: full ^ c()  # noqa: E731
        elif op in ("all", "some"):
            c, free = comp(g[2])
            free = free - {g[1]}
            i = slot[g[1]]
            if op == "all":
                def fn():
                    saved, t = env[i], full
                    for e in range(1, d + 1):
                        env[i] = e
                        t &= c()
                    env[i] = saved
                    return t
            else:
                def fn():
                    saved, t = env[i], 0
                    for e in range(1, d + 1):
                        env[i] = e
                        t |= c()
                    env[i] = saved
                    return t
        else:
            (a, fa), (b, fb) = comp(g[1]), comp(g[2])
            free = fa | fb
            if op == "and":
                fn = lambda: a() & b()  # noqa: E731
            elif op == "or":
                fn = lambda: a() | b()  # noqa: E731
            elif op == "imp":
                fn = lambda: (full ^ a()) | b()  # noqa: E731
            else:
                fn = lambda: full ^ (a() ^ b())  # noqa: E731
        if not free:  # closed: the same table under every binding
            value = fn()
            return (lambda: value), free
        return fn, free

    fn, free = comp(f)
    if free:
        raise ValueError(f"the formula has free variables {sorted(free)}")
    return fn()


def countermodel(f, unary, binary, max_size: int = MAX_SIZE) -> dict | None:
    """The first model (smallest size, then lowest index) in which f is false, or None when f
    holds in every model of size 1..max_size."""
    for d in range(1, max_size + 1):
        index = atom_index(d, unary, binary)
        full, _ = variable_tables(len(index))
        false_in = full ^ ground_table(f, d, index)
        if false_in:
            a = lowest(false_in)
            model = {"size": d, **{name: set() for name in (*unary, *binary)}}
            for key, i in index.items():
                if a >> i & 1:
                    model[key[0]].add(key[1] if len(key) == 2 else key[1:])
            return model
    return None


def satisfiable(f, unary, binary, max_size: int = MAX_SIZE) -> bool:
    return countermodel(("not", f), unary, binary, max_size) is not None


def render_model(model, names) -> str:
    parts = [f"size={model['size']}"]
    for name in names:
        items = sorted(model[name])
        inner = ",".join(str(e) if isinstance(e, int) else f"({e[0]},{e[1]})" for e in items)
        parts.append(f"{name}={{{inner}}}")
    return "; ".join(parts)


_PAIR = re.compile(r"\(\s*(\d{1,2})\s*,\s*(\d{1,2})\s*\)")


def parse_model(text: str, unary, binary, max_size: int = MAX_SIZE) -> dict:
    """A model from "size=2; P={1}; R={(1,2),(2,2)}": the size and every predicate exactly once, in
    any order, separated by semicolons, commas or line breaks (outside the braces), elements
    1..size. NotAnAnswer says what is wrong."""
    parts = [p for p in split_top(text, ";,\n") if p]
    known = {n.lower(): n for n in (*unary, *binary)}
    raw: dict[str, str] = {}
    for part in parts:
        m = re.fullmatch(r"([A-Za-z]+)\s*(?:=|:)\s*(.*)", part, re.S)
        if not m:
            raise NotAnAnswer(f"could not read {preview(part, 30)}: write size=N; P={{...}}; ... separated by "
                              "semicolons, or VALID")
        key = m.group(1).lower()
        if key != "size" and key not in known:
            raise NotAnAnswer(f"there is no predicate {preview(m.group(1), 10)} in the formula")
        name = "size" if key == "size" else known[key]
        if name in raw:
            raise NotAnAnswer(f"{name} is given more than once")
        raw[name] = m.group(2).strip()
    if "size" not in raw:
        raise NotAnAnswer("give the domain size as size=N, or answer VALID")
    if not re.fullmatch(r"\d{1,2}", raw["size"]) or not 1 <= int(raw["size"]) <= max_size:
        raise NotAnAnswer(f"the size must be a whole number from 1 to {max_size}")
    d = int(raw["size"])
    model: dict = {"size": d}
    for name in (*unary, *binary):
        if name not in raw:
            raise NotAnAnswer(f"give the extension of {name}, e.g. {name}={{}} if it is empty")
        body = raw[name]
        if not (body.startswith("{") and body.endswith("}")):
            raise NotAnAnswer(f"write the extension of {name} in braces, e.g. {name}={{1,2}}")
        inner = body[1:-1].strip()
        items: set = set()
        if name in unary:
            for item in (x.strip() for x in inner.split(",")) if inner else ():
                if not re.fullmatch(r"\d{1,2}", item):
                    raise NotAnAnswer(f"could not read {preview(item, 10)} in {name}: list elements as numbers")
                e = int(item)
                if not 1 <= e <= d:
                    raise NotAnAnswer(f"{name} contains {e}, which is not an element of a size-{d} domain")
                items.add(e)
        else:
            if _PAIR.sub("", inner).replace(",", "").strip():
                raise NotAnAnswer(f"could not read {name}: list pairs as (a,b) separated by commas")
            for a, b in _PAIR.findall(inner):
                a, b = int(a), int(b)
                if not (1 <= a <= d and 1 <= b <= d):
                    raise NotAnAnswer(f"{name} contains ({a},{b}), which is not a pair of elements of a "
                                      f"size-{d} domain")
                items.add((a, b))
        model[name] = items
    return model


def sentence(rng, spare, bound, budget, sig):
    """A random formula with `budget` atoms in which every variable in `bound` may occur free:
    a quantifier over the next spare variable (which then occurs), over a matrix of atoms that
    may itself hold nested quantified subformulas while spare variables remain."""
    v = spare[0]
    body = _matrix(rng, spare[1:], bound + [v], budget, sig, v)
    return (rng.choice(("all", "some")), v, body)


def _matrix(rng, spare, bound, budget, sig, must):
    if spare and budget >= 1 and must is None and rng.random() < 0.35:
        return sentence(rng, spare, bound, budget, sig)
    if budget <= 1:
        a = _atom(rng, bound, sig, must)
        return ("not", a) if rng.random() < 0.3 else a
    k = rng.randint(1, budget - 1)
    sides = [k, budget - k]
    first = rng.randrange(2)  # the side that must mention `must`
    op = rng.choice(("and", "or", "imp", "and", "or", "imp", "iff"))
    left = _matrix(rng, spare, bound, sides[0], sig, must if first == 0 else None)
    for _ in range(8):
        right = _matrix(rng, spare, bound, sides[1], sig, must if first == 1 else None)
        if right != left and right != ("not", left) and left != ("not", right):
            break
    else:
        return left
    f = (op, left, right)
    return ("not", f) if rng.random() < 0.1 else f


def _atom(rng, bound, sig, must=None):
    unary, binary, equality = sig
    v = must or rng.choice(bound)
    kinds = ["P"] * 2 + (["R"] * (3 if len(bound) > 1 else 1) if binary else []) \
        + (["eq"] if equality and len(bound) > 1 else [])
    kind = rng.choice(kinds)
    if kind == "P":
        return ("P", rng.choice(unary), v)
    if kind == "eq":
        return ("eq", v, rng.choice([b for b in bound if b != v]))
    others = [b for b in bound if b != v]
    w = rng.choice(others) if others and rng.random() < 0.8 else v
    return ("R", rng.choice(binary), v, w) if rng.random() < 0.5 else ("R", rng.choice(binary), w, v)


def _nodes(f, path=()):
    """(path, subformula) for every subformula; a path is the child indices from the root."""
    yield path, f
    if f[0] in ("not",):
        yield from _nodes(f[1], path + (1,))
    elif f[0] in ("all", "some"):
        yield from _nodes(f[2], path + (2,))
    elif f[0] in _SYM:
        yield from _nodes(f[1], path + (1,))
        yield from _nodes(f[2], path + (2,))


def _replace(f, path, new):
    if not path:
        return new
    i = path[0]
    return f[:i] + (_replace(f[i], path[1:], new),) + f[i + 1:]


def _well_bound(f) -> bool:
    """Every quantifier's variable occurs free in its body."""
    return all(g[1] in _free(g[2]) for _, g in _nodes(f) if g[0] in ("all", "some"))


def mutate(rng, f):
    """One local change: a quantifier flipped, a side of a connective dropped, a connective
    changed, or a subformula negated (or un-negated)."""
    nodes = list(_nodes(f))
    path, g = nodes[rng.randrange(len(nodes))]
    op = g[0]
    if op in ("all", "some"):
        return _replace(f, path, ("some" if op == "all" else "all",) + g[1:])
    if op in _SYM:
        roll = rng.random()
        if roll < 0.5:
            return _replace(f, path, g[1 if roll < 0.25 else 2])
        return _replace(f, path, (rng.choice([o for o in _SYM if o != op]), g[1], g[2]))
    if op == "not":
        return _replace(f, path, g[1])
    return _replace(f, path, ("not", g))


def _no_double_negation(f):
    op = f[0]
    if op == "not" and f[1][0] == "not":
        return _no_double_negation(f[1][1])
    if op == "not":
        return ("not", _no_double_negation(f[1]))
    if op in ("all", "some"):
        return (op, f[1], _no_double_negation(f[2]))
    if op in _SYM:
        return (op, _no_double_negation(f[1]), _no_double_negation(f[2]))
    return f


def _free(f) -> set:
    op = f[0]
    if op == "P":
        return {f[2]}
    if op == "R":
        return {f[2], f[3]}
    if op == "eq":
        return {f[1], f[2]}
    if op == "not":
        return _free(f[1])
    if op in ("all", "some"):
        return _free(f[2]) - {f[1]}
    return _free(f[1]) | _free(f[2])


def _preds(f) -> set:
    op = f[0]
    if op in ("P", "R"):
        return {f[1]}
    if op == "eq":
        return set()
    return set().union(*(_preds(x) for x in f[1:] if isinstance(x, tuple)))


def _grounded_size(f, d: int) -> int:
    """Connectives and ground atoms of f grounded in a model of d elements (tuples or JSON lists)."""
    op = f[0]
    if op in ("P", "R", "eq"):
        return 1
    if op in ("all", "some"):
        return 1 + d * _grounded_size(f[2], d)
    return 1 + sum(_grounded_size(x, d) for x in f[1:])


def _json(f):
    return [_json(x) if isinstance(x, tuple) else x for x in f]


def _tuple(f):
    return tuple(_tuple(x) if isinstance(x, list) else x for x in f)


@register
class FiniteValidity(Task):
    """Validity over small models: is a first-order sentence true in every model with 1, 2 or 3
    elements? Answer VALID or give a countermodel. Any model of size 1-3 in which the sentence
    is false passes; it is checked by evaluating the sentence in it. Validity is decided by
    brute force: for each size the sentence is grounded into a propositional formula over the
    ground atoms and evaluated on every interpretation at once (bit-parallel truth tables);
    without identity, size 3 alone decides, since copying an element turns a smaller
    countermodel into one of size 3. Sentences have the form premises -> conclusion, with
    satisfiable premises and a conclusion that is not valid on its own; in valid instances with
    several premises no single premise entails the conclusion (a third premise may be a
    distractor). Conclusions are fresh or near misses of the premises (a quantifier flipped, a
    side dropped, a connective changed), which is where invalid instances look plausible.
    Higher levels add a second unary predicate, a binary relation, more premises, more atoms per
    sentence, up to three nested quantifiers, and identity. With the binary relation each check
    works on 2^15-bit tables, so levels 6-10 generate a few hundred problems/s."""

    name = "logic/finite_validity"
    released_dips = {8: "level 8 allows a third quantified variable, but the sentences it keeps ground "
                        "to fewer atoms than level 7's"}
    knobs = (
        Knob("n_unary", [1, 1, 2, 2, 2, 2, 2, 2, 2, 2] + [2] * 10, (1, 2), doc="unary predicates (P, Q)"),
        Knob("binary", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="a binary relation R"),
        Knob("n_vars", [1, 2, 2, 2, 2, 2, 2, 3, 3, 3] + [3] * 10, (1, 3), doc="most nested quantifiers"),
        Knob("atoms", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], (1, 8),
             doc="most atoms in each premise and in the conclusion (each has this many or one fewer)"),
        Knob("premises", [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 3, 4, 4, 5, 4, 5, 4, 5], (1, 5),
             doc="number of premises"),
        Knob("equality", [False] * 8 + [True] * 12, doc="identity atoms x = y"),
        Knob("valid_share", [0.5] * 20, (0.0, 1.0), doc="chance that a problem is drawn valid"),
    )
    answer_format = ("VALID if the sentence is true in every model of size 1 to 3; otherwise a countermodel as "
                     "size=N; then every predicate of the sentence with its extension in braces, separated by "
                     "semicolons, e.g. size=2; P={1}; R={(1,2),(2,2)} (elements are 1..N, empty sets as {})")
    example = "size=4; P={2}; Q={}"  # models have 1 to MAX_SIZE = 3 elements: never an answer
    several_answers = True  # any countermodel passes

    def build(self, rng, params):
        unary = UNARY[:params["n_unary"]]
        binary = BINARY if params["binary"] else ()
        free_vars = list(VARS[:params["n_vars"]])
        want_valid = rng.random() < params["valid_share"]
        sig = (unary, binary, params["equality"])
        hi = params["atoms"]
        lo = max(1, hi - 1)
        # Without identity a model can be inflated by copying an element without changing the
        # truth of any sentence, so a countermodel of size 1 or 2 yields one of size 3: sizes 1
        # (cheap, finds most countermodels) and 3 decide. With identity every size is checked.
        sizes = list(range(1, MAX_SIZE + 1)) if params["equality"] else [1, MAX_SIZE]
        indexes = [atom_index(d, unary, binary) for d in sizes]
        fulls = [variable_tables(len(ix))[0] for ix in indexes]

        def tables(f):
            return [ground_table(f, d, ix) for d, ix in zip(sizes, indexes)]

        all_preds = set(unary) | set(binary)
        found = fallback = None
        for _attempt in range(300):
            premises = [sentence(rng, free_vars, [], rng.randint(lo, hi), sig) for _ in range(params["premises"])]
            each = [tables(p) for p in premises]
            both = list(fulls)
            for t in each:
                both = [b & x for b, x in zip(both, t)]
            if not any(both):
                continue  # the premises must be satisfiable
            premise = premises[0]
            for p in premises[1:]:
                premise = ("and", premise, p)
            premise_preds = _preds(premise)
            for _candidate in range(20):  # conclusions for these premises: fresh, or premises changed a little
                if rng.random() < 0.4:
                    conclusion = sentence(rng, free_vars, [], rng.randint(lo, hi), sig)
                else:
                    base = premises[rng.randrange(len(premises))]
                    if len(premises) > 1 and rng.random() < 0.7:
                        i, j = rng.sample(range(len(premises)), 2)
                        a, b = premises[i], premises[j]
                        if a[0] == b[0] and a[1] == b[1]:  # same leading quantifier: merge under it
                            base = (a[0], a[1], (rng.choice(("and", "or", "imp")), a[2], b[2]))
                    conclusion = base
                    for _ in range(rng.randint(1, 2)):
                        conclusion = mutate(rng, conclusion)
                    conclusion = _no_double_negation(conclusion)
                    if conclusion[0] not in ("all", "some", "not") or not _well_bound(conclusion) or _free(conclusion):
                        continue
                if conclusion in premises or _preds(conclusion) | premise_preds != all_preds:
                    continue
                # size by size, smallest first: a model of the premises that falsifies the conclusion
                ct: list[int] = []
                for k, (d, ix) in enumerate(zip(sizes, indexes)):
                    ct.append(ground_table(conclusion, d, ix))
                    if both[k] & ~ct[k]:
                        break
                valid = len(ct) == len(sizes) and not both[-1] & ~ct[-1]
                alone_enough = len(premises) > 1 and any(all(t & ~c == 0 for t, c in zip(alone, ct)) for alone in each)
                if valid and (all(c == full for c, full in zip(ct, fulls)) or alone_enough):
                    continue  # valid on its own, or from one premise alone
                f = ("imp", premise, conclusion)
                if valid == want_valid:
                    found = f
                    break
                fallback = fallback or f
            if found:
                break
        f = found or fallback
        if f is None:
            raise ValueError("no sentence found for these knob values (allow more atoms or predicates)")
        model = countermodel(f, unary, binary)
        names = [n for n in (*unary, *binary)]
        preds = ", ".join([f"{n}(x) is a unary predicate" for n in unary]
                          + [f"{n}(x, y) a binary relation" for n in binary])
        question = (f"Consider the first-order sentence\n\n  {render(f)}\n\nwhere {preds}; ~ is NOT, & is AND, | is "
                    "inclusive OR, -> is IF-THEN, <-> is IF AND ONLY IF"
                    + (", = is identity" if "=" in render(f) else "")
                    + ", and forall/exists quantify over the elements of the domain (a quantifier applies to the "
                    "formula right after it). A model has a domain {1, ..., N} and gives each predicate an extension: "
                    "the elements (for R, the ordered pairs) for which it is true.\n\nIs the sentence true in every "
                    "model whose domain has 1, 2 or 3 elements? If it is, answer VALID. If not, give a countermodel: "
                    "a model with 1 to 3 elements in which the sentence is false.")
        answer = "VALID" if model is None else render_model(model, names)
        return Draft(question, answer, {"formula": _json(f), "unary": list(unary), "binary": list(binary),
                                        "valid": model is None})

    def effort(self, problem):
        # grounding the sentence in the models of 1, 2 and 3 elements: each quantifier becomes a
        # conjunction or disjunction over the elements, so its body is copied once per element
        f = problem.check["formula"]
        return sum(_grounded_size(f, d) for d in range(1, MAX_SIZE + 1))

    def grade(self, answer, problem):
        c = problem.check
        if answer.strip().lower() == "valid":
            return right() if c["valid"] else wrong("The sentence is false in some model of size 1 to 3.")
        try:
            model = parse_model(answer, c["unary"], c["binary"])
        except NotAnAnswer as exc:
            return refused(exc)
        if holds(_tuple(c["formula"]), model, {}):
            return wrong("The sentence is true in that model, so it is not a countermodel.")
        return right()
