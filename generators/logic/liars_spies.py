"""Knights, knaves and spies: truth-tellers, liars and people who may say anything."""
from __future__ import annotations

from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._formulas import tree_size
from ._roles import read_roles, role_pattern

ROLES = ("knight", "knave", "spy")
KNIGHT, KNAVE, SPY = 0, 1, 2
ROLE_ITEM = role_pattern("knight", "knave", "spy")

# A statement is a nested list:
#   ["role", i, r, yes]       person i is (yes=True) / is not (yes=False) of role r
#   ["same", i, j, yes]       i and j have the same role / different roles
#   ["count", exact, k, r]    exactly (exact=True) / at least k people have role r
#   ["not", s]  ["and", s, t]  ["or", s, t]  ["if", s, t]


def evaluate(s, roles) -> bool:
    """The truth of statement `s` when roles[i] is person i's role (0 knight, 1 knave, 2 spy)."""
    op = s[0]
    if op == "role":
        return (roles[s[1]] == s[2]) == s[3]
    if op == "same":
        return (roles[s[1]] == roles[s[2]]) == s[3]
    if op == "count":
        k = sum(1 for r in roles if r == s[3])
        return k == s[2] if s[1] else k >= s[2]
    if op == "not":
        return not evaluate(s[1], roles)
    a, b = evaluate(s[1], roles), evaluate(s[2], roles)
    return a and b if op == "and" else a or b if op == "or" else (not a) or b


@lru_cache(maxsize=None)
def _tables(n: int):
    """Bit sets over all 3^n assignments (assignment a gives person i role (a // 3^i) % 3):
    (all, role[i][r], count[r][k])."""
    size = 3 ** n
    role = [[0, 0, 0] for _ in range(n)]
    count = [[0] * (n + 1) for _ in range(3)]
    for a in range(size):
        bit = 1 << a
        x, tally = a, [0, 0, 0]
        for i in range(n):
            r = x % 3
            x //= 3
            role[i][r] |= bit
            tally[r] += 1
        for r in range(3):
            count[r][tally[r]] |= bit
    return (1 << size) - 1, tuple(tuple(r) for r in role), tuple(tuple(c) for c in count)


def truth_table(s, n: int) -> int:
    """The set of assignments (a bit set over 3^n) in which statement `s` is true."""
    full, role, count = _tables(n)
    op = s[0]
    if op == "role":
        t = role[s[1]][s[2]]
        return t if s[3] else full ^ t
    if op == "same":
        t = 0
        for r in range(3):
            t |= role[s[1]][r] & role[s[2]][r]
        return t if s[3] else full ^ t
    if op == "count":
        if s[1]:
            return count[s[3]][s[2]]
        t = 0
        for k in range(s[2], n + 1):
            t |= count[s[3]][k]
        return t
    if op == "not":
        return full ^ truth_table(s[1], n)
    a, b = truth_table(s[1], n), truth_table(s[2], n)
    return a & b if op == "and" else a | b if op == "or" else (full ^ a) | b


def spy_constraint(n: int, spies: int, exact: bool) -> int:
    full, _, count = _tables(n)
    if exact:
        return count[SPY][spies]
    t = 0
    for k in range(0, spies + 1):
        t |= count[SPY][k]
    return t


def consistent(statements: dict, n: int, spies: int, exact: bool) -> int:
    """All assignments (bit set) in which knights say only truths, knaves only falsehoods, spies
    anything, and the spy count is as stated: a brute force over all 3^n role assignments."""
    full, role, _ = _tables(n)
    ok = spy_constraint(n, spies, exact)
    for i, s in statements.items():
        t = truth_table(s, n)
        ok &= (role[i][KNIGHT] & t) | (role[i][KNAVE] & (full ^ t)) | role[i][SPY]
    return ok


def search_unique(rng, n, spies, exact, kinds, depth, restarts: int = 200, steps: int = 300):
    """(the one consistent assignment as a bit set, statements) found by local search: start from
    random statements, then keep replacing one speaker's statement by a fresh random one when
    that does not increase the number of consistent assignments (zero counts as worst), until
    exactly one remains. Counts come from the brute force over all 3^n assignments."""
    full, role, _ = _tables(n)
    base = spy_constraint(n, spies, exact)

    def fits(i, s):
        t = truth_table(s, n)
        return (role[i][KNIGHT] & t) | (role[i][KNAVE] & (full ^ t)) | role[i][SPY]

    def score(bits):
        c = bits.bit_count()
        return c if c else 1 << 30

    for _restart in range(restarts):
        statements = {i: _statement(rng, n, i, kinds, depth) for i in range(n)}
        fit = {i: fits(i, s) for i, s in statements.items()}
        current = base
        for f in fit.values():
            current &= f
        for _step in range(steps):
            if current and current & (current - 1) == 0:
                return current, statements
            i = rng.randrange(n)
            s = _statement(rng, n, i, kinds, depth)
            f = fits(i, s)
            trial = base & f
            for j, g in fit.items():
                if j != i:
                    trial &= g
            if score(trial) <= score(current):
                statements[i], fit[i], current = s, f, trial
    raise ValueError("no puzzle with a unique solution found for these knob values")


def _atom(rng, n, speaker, kinds):
    kind = rng.choice(["role", "role", "role"] + (["same"] if kinds >= 2 else []) + (["count"] if kinds >= 3 else []))
    if kind == "role":
        who = speaker if rng.random() < 0.15 else rng.choice([i for i in range(n) if i != speaker])
        return ["role", who, rng.randrange(3), rng.random() < 0.7]
    if kind == "same":
        i, j = sorted(rng.sample(range(n), 2))
        return ["same", i, j, rng.random() < 0.5]
    return ["count", rng.random() < 0.6, rng.randint(1, n - 1), rng.randrange(3)]


def _statement(rng, n, speaker, kinds, depth):
    if depth <= 0 or rng.random() < 0.35:
        return _atom(rng, n, speaker, kinds)
    op = rng.choice(["and", "or"] + (["if", "not"] if kinds >= 3 else []))
    if op == "not":
        child = _statement(rng, n, speaker, kinds, depth - 1)
        return child[1] if child[0] == "not" else ["not", child]
    left = _statement(rng, n, speaker, kinds, depth - 1)
    right_ = left
    for _ in range(5):
        right_ = _statement(rng, n, speaker, kinds, depth - 1)
        if right_ != left:
            break
    return [op, left, right_]


def render(s, speaker, names) -> str:
    op = s[0]

    def inner(t):
        return f"({render(t, speaker, names)})" if t[0] in ("not", "and", "or", "if") else render(t, speaker, names)

    if op == "role":
        role = {0: "a knight", 1: "a knave", 2: "a spy"}[s[2]]
        if s[1] == speaker:
            return f"I am {role}" if s[3] else f"I am not {role}"
        return f"{names[s[1]]} is {role}" if s[3] else f"{names[s[1]]} is not {role}"
    if op == "same":
        i, j = s[1], s[2]
        if j == speaker:
            i, j = j, i
        relation = "the same type as" if s[3] else "a different type from"
        return f"I am {relation} {names[j]}" if i == speaker else f"{names[i]} is {relation} {names[j]}"
    if op == "count":
        role = ROLES[s[3]]
        quantity = "exactly" if s[1] else "at least"
        plural = {"knight": "knights", "knave": "knaves", "spy": "spies"}[role]
        return f"{quantity} {s[2]} of us {'is a ' + role if s[2] == 1 else 'are ' + plural}"
    if op == "not":
        return f"it is not true that {inner(s[1])}"
    if op == "if":
        return f"if {inner(s[1])}, then {inner(s[2])}"
    return f"{inner(s[1])} {op} {inner(s[2])}"


@register
class LiarsAndSpies(Task):
    """Knights always tell the truth, knaves always lie, and spies may say anything; the prompt
    says how many spies there are (exactly, or at most). From what everyone says, decide each
    person's role. Statements are drawn at random (a local search swaps statements while that
    does not add consistent assignments) until exactly one assignment is consistent, counted by
    brute force over all 3^n role assignments (as bit-set truth tables). The verifier checks
    the rules (spy count, knights true, knaves false), so it says which rule an answer breaks.
    Higher levels add people and spies, statements about same/different types and counts,
    nesting with and/or, then not and if-then, and state only an upper bound on the number of
    spies."""

    name = "logic/liars_and_spies"
    knobs = (
        Knob("n_people", [3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 10], (3, 10),
             doc="number of people"),
        Knob("n_spies", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 4, 3, 4], (0, 4),
             doc="number of spies stated"),
        Knob("exact", [True, True, True, True, True, True, True, False, False, False] + [False] * 10,
             doc="the spy count is exact (else an upper bound)"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3),
             doc="atoms: 1 roles; 2 + same/different type; 3 + counts, not and if-then"),
        Knob("max_depth", [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 3, 3, 4, 3, 3, 4, 4], (0, 4),
             doc="nesting depth of connectives"),
    )
    answer_format = ("every person's role as NAME=knight, NAME=knave or NAME=spy, comma-separated, in any order "
                     "(e.g. A=knight,B=spy,C=knave)")
    example = "X=knave,Y=knight,Z=spy"  # the people are A, B, ... (at most 10): never an answer

    def build(self, rng, params):
        n = params["n_people"]
        spies, exact = min(params["n_spies"], n - 1), params["exact"]
        names = node_labels(n)
        ok = search_unique(rng, n, spies, exact, params["kinds"], params["max_depth"])
        statements = ok[1]
        ok = ok[0]
        a = ok.bit_length() - 1
        roles = []
        for _ in range(n):
            roles.append(ROLES[a % 3])
            a //= 3
        lines = []
        for i in range(n):
            text = render(statements[i], i, names)
            lines.append(f'{names[i]} says: "{text[0].upper()}{text[1:]}."')
        amount = f"exactly {spies}" if exact else f"at most {spies}"
        spy_word = "spy" if spies == 1 else "spies"
        rules = []
        if params["max_depth"] > 0:
            rules.append("'or' is inclusive")
            if params["kinds"] >= 3:
                rules.append("'if P, then Q' is false only when P is true and Q is false")
        if params["kinds"] >= 2:
            rules.append("'type' means role (knight, knave or spy)")
        if params["kinds"] >= 3:
            rules.append(f"'us' means all {n} people, the speaker included")
        verb = "is" if spy_word == "spy" else "are"
        question = (f"Each of {n} people ({', '.join(names)}) is a knight, a knave or a spy. A knight always tells "
                    f"the truth, a knave always lies, and a spy may tell the truth or lie. There {verb} "
                    f"{amount} {spy_word} among them.\n\n" + "\n".join(lines) + "\n\n"
                    + (f"In these statements, {'; '.join(rules)}. " if rules else "")
                    + "Exactly one assignment of roles fits everything above. What is each person's role?")
        answer = ",".join(f"{names[i]}={roles[i]}" for i in range(n))
        check = {"names": names, "statements": {names[i]: s for i, s in statements.items()},
                 "spies": spies, "exact": exact}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the brute force: every statement is evaluated under each of the 3^n role assignments
        # (a counting claim tallies all n people)
        n = len(problem.check["names"])
        return 3 ** n * sum(tree_size(s, n) for s in problem.check["statements"].values())

    def grade(self, answer, problem):
        c = problem.check
        names = c["names"]
        try:
            given = read_roles(answer, ROLE_ITEM, "NAME=knight, NAME=knave or NAME=spy")
        except NotAnAnswer as exc:
            return refused(exc)
        unknown = sorted(set(given) - set(names))
        if unknown:
            return wrong(f"There is no person called {unknown[0]}.")
        missing = [x for x in names if x not in given]
        if missing:
            return wrong(f"Give a role for every person; {missing[0]} is missing.")
        roles = [ROLES.index(given[x]) for x in names]
        spies = sum(1 for r in roles if r == SPY)
        if (spies != c["spies"]) if c["exact"] else (spies > c["spies"]):
            bound = "exactly" if c["exact"] else "at most"
            return wrong(f"There must be {bound} {c['spies']} {'spy' if c['spies'] == 1 else 'spies'}, not {spies}.")
        for i, x in enumerate(names):
            truth = evaluate(c["statements"][x], roles)
            if roles[i] == KNIGHT and not truth:
                return wrong(f"{x} is a knight but would be saying something false.")
            if roles[i] == KNAVE and truth:
                return wrong(f"{x} is a knave but would be telling the truth.")
        return right()  # every rule holds, and brute force proved only one assignment does
