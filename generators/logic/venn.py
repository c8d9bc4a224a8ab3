"""Venn-diagram counting: how many are in a region, from counts of unions, intersections and more."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

SUBJECTS = ("French", "German", "Spanish", "Latin", "Italian", "Chinese")
KIND_TIERS = {
    "basic": ("set", "both", "none"),
    "more": ("set", "both", "none", "either", "only", "but_not"),
    "all": ("set", "both", "none", "either", "only", "but_not", "exactly", "at_least_two", "more_than"),
}
_P = (1 << 61) - 1  # a prime larger than any minor of a 0/+-1 matrix with at most 16 columns


def _and(names) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _or(names) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1]


def functionals(k: int, kinds, subjects):
    """Every statement of the allowed kinds about k sets: (kind, args, coefficient per region,
    text with {v} for the number, question text). Region r holds the people in exactly the sets
    whose bits are set in r."""
    R = 1 << k
    out = []

    def add(kind, args, coef, text, question):
        out.append((kind, args, tuple(coef), text, question))

    subsets = [t for t in range(1, R)]
    for t in subsets:
        members = [i for i in range(k) if t >> i & 1]
        names = [subjects[i] for i in members]
        size = len(members)
        if size == 1 and "set" in kinds:
            add("set", [t], [1 if r & t else 0 for r in range(R)], f"{{v}} {{study}} {names[0]}.",
                f"How many students study {names[0]}?")
        if size >= 2 and "both" in kinds:
            word = "both " if size == 2 else "all of "
            add("both", [t], [1 if r & t == t else 0 for r in range(R)], f"{{v}} {{study}} {word}{_and(names)}.",
                f"How many students study {word}{_and(names)}?")
        if size >= 2 and "either" in kinds:
            text = f"{_or(names)} (or both)" if size == 2 else f"at least one of {_and(names)}"
            add("either", [t], [1 if r & t else 0 for r in range(R)], f"{{v}} {{study}} {text}.",
                f"How many students study {text}?")
        if "only" in kinds and (size < k or k == 1):
            text = f"only {names[0]}" if size == 1 else f"{_and(names)} and no other language"
            add("only", [t], [1 if r == t else 0 for r in range(R)], f"{{v}} {{study}} {text}.",
                f"How many students study {text}?")
    if "none" in kinds:
        add("none", [], [1 if r == 0 else 0 for r in range(R)], "{v} {study} none of these languages.",
            "How many students study none of these languages?")
    if "but_not" in kinds:
        for a in range(k):
            for b in range(k):
                if a != b:
                    add("but_not", [a, b], [1 if (r >> a & 1) and not (r >> b & 1) else 0 for r in range(R)],
                        f"{{v}} {{study}} {subjects[a]} but not {subjects[b]}.",
                        f"How many students study {subjects[a]} but not {subjects[b]}?")
    if "exactly" in kinds:
        for j in range(1, k + 1):
            if j == k:
                continue  # the same as "all of them"
            add("exactly", [j], [1 if bin(r).count("1") == j else 0 for r in range(R)],
                f"{{v}} {{study}} exactly {['', 'one', 'two', 'three'][j]} of the {k} languages.",
                f"How many students study exactly {['', 'one', 'two', 'three'][j]} of the {k} languages?")
    if "at_least_two" in kinds and k >= 3:
        add("at_least_two", [], [1 if bin(r).count("1") >= 2 else 0 for r in range(R)],
            "{v} {study} at least two of the languages.", "How many students study at least two of the languages?")
    if "more_than" in kinds:
        for a in range(k):
            for b in range(a + 1, k):
                if a != b:
                    coef = [(1 if r >> a & 1 else 0) - (1 if r >> b & 1 else 0) for r in range(R)]
                    add("more_than", [a, b], coef,
                        f"{{v}} more {{students}} {{study}} {subjects[a]} than {subjects[b]}.", None)
    unique, seen = [], set()
    for f in out:  # one statement per functional: with two sets "only French" is "French but not German"
        if f[2] not in seen:
            seen.add(f[2])
            unique.append(f)
    return unique


class _Span:
    """Row echelon basis modulo a large prime, for exact span membership of small integer rows."""

    def __init__(self):
        self.rows: dict[int, list[int]] = {}  # pivot column -> row with 1 at the pivot

    def reduce(self, row):
        row = [x % _P for x in row]
        for col, basis in self.rows.items():
            c = row[col]
            if c:
                row = [(x - c * y) % _P for x, y in zip(row, basis)]
        return row

    def add(self, row) -> bool:
        row = self.reduce(row)
        col = next((i for i, x in enumerate(row) if x), None)
        if col is None:
            return False
        inv = pow(row[col], _P - 2, _P)
        row = [x * inv % _P for x in row]
        for c, basis in list(self.rows.items()):
            if basis[col]:
                f = basis[col]
                self.rows[c] = [(x - f * y) % _P for x, y in zip(basis, row)]
        self.rows[col] = row
        return True

    def contains(self, row) -> bool:
        return not any(self.reduce(row))


def in_span(rows, target) -> bool:
    span = _Span()
    for r in rows:
        span.add(r)
    return span.contains(target)


def solve_value(rows, values, target) -> Fraction:
    """The value of the target functional forced by rows . x = values: find lambda with
    sum lambda_i rows_i = target (Gaussian elimination over the rationals), then lambda . values."""
    m, R = len(rows), len(target)
    # augmented matrix of the system rows^T lambda = target: R equations, m unknowns
    a = [[Fraction(rows[i][j]) for i in range(m)] + [Fraction(target[j])] for j in range(R)]
    pivots = []
    r = 0
    for col in range(m):
        piv = next((i for i in range(r, R) if a[i][col] != 0), None)
        if piv is None:
            continue
        a[r], a[piv] = a[piv], a[r]
        inv = 1 / a[r][col]
        a[r] = [x * inv for x in a[r]]
        for i in range(R):
            if i != r and a[i][col] != 0:
                f = a[i][col]
                a[i] = [x - f * y for x, y in zip(a[i], a[r])]
        pivots.append(col)
        r += 1
    if any(all(x == 0 for x in a[i][:m]) and a[i][m] != 0 for i in range(R)):
        raise ValueError("the target is not determined by the rows")
    lam = [Fraction(0)] * m
    for i, col in enumerate(pivots):
        lam[col] = a[i][m]
    return sum(l * v for l, v in zip(lam, values))


@register
class VennCounting(Task):
    """Venn-diagram counting: from the size of a class and counts of students taking various
    combinations of languages (both, either, only, but not, exactly two, "5 more study French
    than German"), find how many are in a queried region. The statements are linear equations
    in the region counts; the generator adds statements until the query lies in their span (so
    the count is determined whatever the rest), drops every statement the query does not need,
    and computes the answer by exact Gaussian elimination over the rationals from the stated
    numbers. Higher levels add sets (2, 3, then 4 languages, up to 16 regions), richer kinds of
    statement, more statements that must be combined, and distractor statements that are true
    but not needed. Pruning re-checks the span once per statement, so with 4 sets generation
    drops to about 200 problems/s."""

    name = "logic/venn_counting"
    released_dips = {5: "level 5's richer statements (either, only, but not) pin the count with fewer "
                        "statements than level 4's set/both/none ones"}
    knobs = (
        Knob("n_sets", [2, 2, 2, 3, 3, 3, 3, 3, 4, 4] + [4] * 10, (2, 4), doc="number of sets (languages)"),
        Knob("kinds", ["basic", "basic", "more", "basic", "more", "more", "all", "all", "all", "all"] + ["all"] * 10,
             choices=tuple(KIND_TIERS),
             doc="statement kinds: set/both/none; + either/only/but-not; + exactly/at least/more-than"),
        Knob("min_needed", [3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 8, 9, 9, 10, 10, 10, 11, 11, 11], (1, 16),
             doc="fewest statements the answer must combine"),
        Knob("distractors", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10], (0, 20),
             doc="true statements that are not needed"),
        Knob("max_count", [9, 12, 15, 15, 20, 20, 25, 30, 30, 40, 40, 45, 50, 55, 60, 70, 80, 90, 100, 120], (1, 1000),
             doc="largest count in one region"),
    )
    answer_format = "a whole number"
    example = "-1"  # a count is never negative: never an answer

    def build(self, rng, params):
        k = params["n_sets"]
        R = 1 << k
        subjects = sorted(rng.sample(SUBJECTS, k), key=SUBJECTS.index)
        pool = functionals(k, KIND_TIERS[params["kinds"]], subjects)
        questions = [f for f in pool if f[4] is not None]
        total = [1] * R
        need = min(params["min_needed"], R)
        for _attempt in range(200):
            x = [rng.randint(0 if rng.random() < 0.2 else 1, params["max_count"]) for _ in range(R)]
            query = questions[rng.randrange(len(questions))]
            order = pool[:]
            rng.shuffle(order)
            span = _Span()
            span.add(total)
            chosen = []
            for f in order:
                if f is query or f[2] == query[2]:
                    continue
                if span.add(f[2]):
                    chosen.append(f)
                    if span.contains(query[2]):
                        break
            if not span.contains(query[2]):
                continue
            # drop what the query does not need (the class size always stays)
            rng.shuffle(chosen)
            i = 0
            while i < len(chosen):
                rest = chosen[:i] + chosen[i + 1:]
                if in_span([total] + [f[2] for f in rest], query[2]):
                    chosen = rest
                else:
                    i += 1
            if len(chosen) + 1 >= need:
                break
        if not in_span([total] + [f[2] for f in chosen], query[2]):
            raise ValueError("no determined question found for these knob values")
        spare = [f for f in pool if f not in chosen and f is not query and f[2] != query[2]]
        rng.shuffle(spare)
        statements = chosen + spare[:params["distractors"]]
        rng.shuffle(statements)
        values = [sum(c * v for c, v in zip(f[2], x)) for f in statements]
        n_total = sum(x)
        value = solve_value([total] + [f[2] for f in statements], [n_total] + values, query[2])
        assert value == sum(c * v for c, v in zip(query[2], x)) and value.denominator == 1
        lines = []
        for f, v in zip(statements, values):
            if f[0] == "more_than" and v <= 0:
                a, b = f[1]
                text = (f"The same number of students study {subjects[a]} as {subjects[b]}." if v == 0 else
                        f"{-v} more {'student studies' if v == -1 else 'students study'} {subjects[b]} than "
                        f"{subjects[a]}.")
            else:
                text = f[3].format(v=v, study="studies" if v == 1 else "study",
                                   students="student" if v == 1 else "students")
            lines.append("- " + text[0].upper() + text[1:])
        question = (f"In a class of {n_total} students, each student may study any of these languages: "
                    f"{_and(subjects)}.\n\n" + "\n".join(lines) + "\n\n"
                    "\"Study A and B\" counts everyone who studies both, whatever else they study; \"only\" and "
                    "\"no other language\" exclude the other languages listed; \"A or B\" includes those who study "
                    f"both. {query[4]}")
        return Draft(question, str(int(value)), {"value": int(value)})

    def effort(self, problem):
        # the elimination: the class size and every statement (needed or not) is an equation in
        # the 2^k region counts
        statements = sum(1 for line in problem.prompt.splitlines() if line.startswith("- "))
        regions = 1 << problem.params["n_sets"]
        return (statements + 1) * regions

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the count that follows from the statements")
