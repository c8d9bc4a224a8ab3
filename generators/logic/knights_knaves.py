"""Knights and knaves: deduce who always tells the truth from what everyone says."""
from __future__ import annotations

from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._formulas import tree_size
from ._roles import read_roles, role_pattern

ROLE_ITEM = role_pattern("knight", "knave")  # one "A=knight" item of an answer

ATOM_KINDS = ("role", "role_same", "all")
CONNECTIVES = ("andor", "all")

# A statement is a nested tuple:
#   ("role", i, knight)        person i is a knight (knight=True) / a knave (False)
#   ("same", i, j, same)       i and j are of the same type (same=True) / of different types
#   ("count", exact, k, knight) exactly (exact=True) / at least k islanders are knights (knaves)
#   ("not", s)  ("and", s, t)  ("or", s, t)  ("if", s, t)


def evaluate(s, knights) -> bool:
    """The truth of statement `s` when `knights[i]` says whether islander i is a knight."""
    op = s[0]
    if op == "role":
        return knights[s[1]] == s[2]
    if op == "same":
        return (knights[s[1]] == knights[s[2]]) == s[3]
    if op == "count":
        k = sum(1 for x in knights if x == s[3])
        return k == s[2] if s[1] else k >= s[2]
    if op == "not":
        return not evaluate(s[1], knights)
    a, b = evaluate(s[1], knights), evaluate(s[2], knights)
    return a and b if op == "and" else a or b if op == "or" else (not a) or b


@lru_cache(maxsize=None)
def _tables(n: int):
    """Truth tables over all 2^n assignments as bit sets: bit a is assignment a, in which islander
    i is a knight exactly when bit i of a is set. Returns (full, knight[i], popcount[k])."""
    size = 1 << n
    knight = [sum(1 << a for a in range(size) if a >> i & 1) for i in range(n)]
    counts = [0] * (n + 1)
    for a in range(size):
        counts[bin(a).count("1")] |= 1 << a
    return (1 << size) - 1, tuple(knight), tuple(counts)


def truth_table(s, n: int) -> int:
    """The set of assignments (as a bit set) in which statement `s` is true."""
    full, knight, counts = _tables(n)
    op = s[0]
    if op == "role":
        return knight[s[1]] if s[2] else full ^ knight[s[1]]
    if op == "same":
        t = full ^ (knight[s[1]] ^ knight[s[2]])
        return t if s[3] else full ^ t
    if op == "count":
        k = s[2] if s[3] else n - s[2]  # "k knaves" is "n - k knights"
        if s[1]:
            return counts[k]
        mask = 0  # at least s[2] of the given role
        for j in range(n + 1):
            if (j >= k if s[3] else j <= k):
                mask |= counts[j]
        return mask
    if op == "not":
        return full ^ truth_table(s[1], n)
    a, b = truth_table(s[1], n), truth_table(s[2], n)
    return a & b if op == "and" else a | b if op == "or" else (full ^ a) | b


def solutions(statements: dict, n: int) -> int:
    """Brute force over all 2^n assignments at once: the bit set of assignments in which every
    speaker is a knight exactly when what they said is true."""
    full, knight, _ = _tables(n)
    consistent = full
    for speaker, s in statements.items():
        consistent &= full ^ (knight[speaker] ^ truth_table(s, n))
    return consistent


def _atom(rng, n, speaker, kinds):
    options = ["role"] + (["same"] if kinds != "role" and n >= 2 else []) + (["count"] if kinds == "all" else [])
    kind = rng.choice(options)
    if kind == "role":
        who = speaker if rng.random() < 0.15 else rng.choice([i for i in range(n) if i != speaker] or [speaker])
        return ("role", who, rng.random() < 0.5)
    if kind == "same":
        i, j = sorted(rng.sample(range(n), 2))
        return ("same", i, j, rng.random() < 0.5)
    return ("count", rng.random() < 0.5, rng.randint(1, n), rng.random() < 0.5)


def _statement(rng, n, speaker, kinds, connectives, depth):
    if depth <= 0 or rng.random() < 0.3:
        return _atom(rng, n, speaker, kinds)
    ops = ["and", "or"] + (["if", "not"] if connectives == "all" else [])
    op = rng.choice(ops)
    if op == "not":
        child = _statement(rng, n, speaker, kinds, connectives, depth - 1)
        if child[0] == "not":  # no double negation: drop both
            return child[1]
        return ("not", child)
    left = _statement(rng, n, speaker, kinds, connectives, depth - 1)
    for _ in range(5):  # two different sides ("B is a knave or B is a knave" says nothing new)
        right = _statement(rng, n, speaker, kinds, connectives, depth - 1)
        if right != left:
            break
    return (op, left, right)


def render(s, speaker: int, names) -> str:
    op = s[0]

    def inner(t):
        return f"({render(t, speaker, names)})" if t[0] in ("not", "and", "or", "if") else render(t, speaker, names)

    if op == "role":
        role = "a knight" if s[2] else "a knave"
        return f"I am {role}" if s[1] == speaker else f"{names[s[1]]} is {role}"
    if op == "same":  # worded without "and", so it never reads as part of a conjunction
        i, j = s[1], s[2]
        if j == speaker:
            i, j = j, i
        relation = "the same type as" if s[3] else "a different type from"
        return f"I am {relation} {names[j]}" if i == speaker else f"{names[i]} is {relation} {names[j]}"
    if op == "count":
        role = "knight" if s[3] else "knave"
        quantity = "exactly" if s[1] else "at least"
        return f"{quantity} {s[2]} of us {'is a ' + role if s[2] == 1 else 'are ' + role + 's'}"
    if op == "not":
        return f"it is not true that {inner(s[1])}"
    if op == "if":
        return f"if {inner(s[1])}, then {inner(s[2])}"
    return f"{inner(s[1])} {op} {inner(s[2])}"


def _to_lists(s):
    """A statement as nested JSON lists (tuples would not survive a JSON round trip)."""
    return [_to_lists(x) if isinstance(x, tuple) else x for x in s]


@register
class KnightsKnaves(Task):
    """Knights always tell the truth, knaves always lie; from what the islanders say, decide who
    is which. Statements are drawn at random and a puzzle is kept only when exactly one
    assignment is consistent, checked by brute force over all 2^n assignments (as bit-set truth
    tables). Higher levels add islanders, statements about whether two islanders are the same
    type, counting statements ("exactly 2 of us are knaves"), and/or, then not and if-then,
    nested up to three deep, and islanders who say nothing (whose role must be inferred from
    what others say about them).
    Past level 10 (up to 12 islanders, 4 silent) unique puzzles are rarer, so level 20 makes about 50
    problems/s."""

    name = "logic/knights_knaves"
    knobs = (
        Knob("n_people", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (2, 12),
             doc="number of islanders"),
        Knob("atoms", ["role_same", "role_same", "role_same", "role_same", "all", "all", "all", "all", "all", "all"]
             + ["all"] * 10, choices=ATOM_KINDS, doc="basic claims: roles; + same/different type; + counting"),
        Knob("max_depth", [0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 4, 3, 4, 3, 4, 3, 4], (0, 5),
             doc="nesting depth of connectives"),
        Knob("connectives", ["andor", "andor", "andor", "andor", "andor", "all", "all", "all", "all", "all"]
             + ["all"] * 10, choices=CONNECTIVES, doc="connectives: and/or; all adds not and if-then"),
        Knob("silent", [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 2, 3, 3, 3, 3, 4, 4, 4], (0, 11),
             doc="islanders who make no statement"),
    )
    answer_format = ("every inhabitant's role as NAME=knight or NAME=knave, comma-separated, in any order, with the "
                     "roles written in full (e.g. A=knight,B=knave)")
    example = "Y=knave,Z=knight"  # islanders are A, B, ... (at most 10): never an answer

    def build(self, rng, params):
        n = params["n_people"]
        silent = min(params["silent"], n - 1)
        names = node_labels(n)
        for _attempt in range(20_000):
            speakers = sorted(rng.sample(range(n), n - silent))
            statements = {i: _statement(rng, n, i, params["atoms"], params["connectives"], params["max_depth"])
                          for i in speakers}
            consistent = solutions(statements, n)
            if consistent and consistent & (consistent - 1) == 0:  # exactly one assignment
                break
        else:
            raise ValueError("no puzzle with a unique solution found for these knob values (atoms='role' with "
                             "max_depth=0 never has one; allow 'same' claims, connectives or fewer silent islanders)")
        a = consistent.bit_length() - 1
        solution = {names[i]: "knight" if a >> i & 1 else "knave" for i in range(n)}
        lines = []
        for i in range(n):
            if i in statements:
                text = render(statements[i], i, names)
                lines.append(f'{names[i]} says: "{text[0].upper()}{text[1:]}."')
            else:
                lines.append(f"{names[i]} says nothing.")
        rules = ["'or' is inclusive (at least one side is true)"] if params["max_depth"] > 0 else []
        if params["connectives"] == "all" and params["max_depth"] > 0:
            rules.append("'if P, then Q' is false only when P is true and Q is false")
        if params["atoms"] == "all":
            rules.append(f"'us' means all {n} inhabitants, the speaker included")
        question = (f"On an island, every inhabitant is either a knight, who always tells the truth, or a knave, who "
                    f"always lies: everything a knight says is true and everything a knave says is false. You meet "
                    f"{n} inhabitants: {', '.join(names)}.\n\n" + "\n".join(lines) + "\n\n"
                    + (f"In these statements, {'; '.join(rules)}. " if rules else "")
                    + "Exactly one assignment of roles is consistent with what was said. "
                    "Who is a knight and who is a knave?")
        answer = ",".join(f"{k}={v}" for k, v in solution.items())
        as_lists = {names[i]: _to_lists(s) for i, s in statements.items()}
        return Draft(question, answer, {"solution": solution, "statements": as_lists})

    def effort(self, problem):
        # the brute force: every statement is evaluated under each of the 2^n role assignments
        # (a counting claim tallies all n islanders)
        n = len(problem.check["solution"])
        return (1 << n) * sum(tree_size(s, n) for s in problem.check["statements"].values())

    def grade(self, answer, problem):
        solution = problem.check["solution"]
        try:
            roles = read_roles(answer, ROLE_ITEM, "NAME=knight or NAME=knave")
        except NotAnAnswer as exc:
            return refused(exc)
        unknown = sorted(set(roles) - set(solution))
        if unknown:
            return wrong(f"There is no islander called {unknown[0]}.")
        missing = sorted(set(solution) - set(roles))
        if missing:
            return wrong(f"Give a role for every islander; {missing[0]} is missing.")
        wrong_ones = [k for k in solution if roles[k] != solution[k]]
        if wrong_ones:
            return wrong("At least one role is wrong: that assignment contradicts a statement.")
        return right()
