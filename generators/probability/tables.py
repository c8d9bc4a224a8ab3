"""Two-way tables: conditional, joint and union probabilities for a person (or two) chosen from a
population classified two ways, with the table given in full or reconstructed from facts."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._exact import PROB_EXAMPLE, PROB_FORMAT, fraction_check, grade_exact, solve_linear
from ._phrasing import and_list, question_of

THEMES = (
    {"noun": "people", "one": "person", "intro": "In a survey, each person gave their age group and favourite drink",
     "rows": ["under 30", "aged 30 to 49", "aged 50 or over"], "cols": ["tea", "coffee", "juice", "water"],
     "row_sing": "is {r}", "row_plur": "are {r}", "row_group": "people {r}",
     "col_sing": "prefers {c}", "col_plur": "prefer {c}", "col_group": "people who prefer {c}",
     "row_head": "age", "pronoun": "they"},
    {"noun": "students", "one": "student", "intro": "At a school, each student in a survey gave their year and the "
                                                    "one club they chose",
     "rows": ["first-year", "second-year", "third-year"], "cols": ["chess", "drama", "football", "music"],
     "row_sing": "is a {r} student", "row_plur": "are {r} students", "row_group": "{r} students",
     "col_sing": "chose the {c} club", "col_plur": "chose the {c} club", "col_group": "students who chose the {c} club",
     "row_head": "year", "pronoun": "they"},
    {"noun": "items", "one": "item", "intro": "A factory records, for each item in a batch, the shift that made it and "
                                              "the grade it was given",
     "rows": ["day shift", "evening shift", "night shift"], "cols": ["grade A", "grade B", "grade C", "grade D"],
     "row_sing": "was made on the {r}", "row_plur": "were made on the {r}", "row_group": "items made on the {r}",
     "col_sing": "was rated {c}", "col_plur": "were rated {c}", "col_group": "items rated {c}",
     "row_head": "shift", "pronoun": "it"},
)
TIERS = {
    "direct": ("joint", "marginal", "cond_col"),
    "conditional": ("joint", "cond_col", "cond_row", "union"),
    "compound": ("cond_col", "cond_row", "union", "cond_union", "not_both"),
    "pairs": ("cond_row", "union", "cond_union", "not_both", "two_same_col", "two_same_row", "two_one_row"),
}
PRIME = (1 << 61) - 1


def rank_add(basis: list, vec: list) -> bool:
    """Reduce vec (mod a large prime) against the basis; add it and return True if independent."""
    v = [x % PRIME for x in vec]
    for pivot, row in basis:
        if v[pivot]:
            f = v[pivot]
            v = [(a - f * b) % PRIME for a, b in zip(v, row)]
    for i, x in enumerate(v):
        if x:
            inv = pow(x, PRIME - 2, PRIME)
            basis.append((i, [(a * inv) % PRIME for a in v]))
            return True
    return False


def facts_for(rng, table, share_fancy: float, max_facts=None):
    """Facts (coefficients over the cells, right-hand side, description) chosen at random until they
    pin down every cell: each one is kept only if it is independent of those kept before."""
    r, c = len(table), len(table[0])
    cell = lambda i, j: i * c + j  # noqa: E731
    plain, fancy = [], []
    for i in range(r):
        for j in range(c):
            v = [0] * (r * c)
            v[cell(i, j)] = 1
            plain.append((v, table[i][j], ("cell", i, j)))
    for i in range(r):
        v = [0] * (r * c)
        for j in range(c):
            v[cell(i, j)] = 1
        plain.append((v, sum(table[i]), ("row", i)))
    for j in range(c):
        v = [0] * (r * c)
        for i in range(r):
            v[cell(i, j)] = 1
        plain.append((v, sum(table[i][j] for i in range(r)), ("col", j)))
    plain.append(([1] * (r * c), sum(map(sum, table)), ("all",)))
    for i in range(r):
        total = sum(table[i])
        for j in range(c):
            share = Fraction(table[i][j], total)
            if 0 < share < 1 and (100 % share.denominator == 0 or share.denominator <= 6):
                v = [0] * (r * c)
                for jj in range(c):
                    v[cell(i, jj)] = -share.numerator
                v[cell(i, j)] += share.denominator
                fancy.append((v, 0, ("share", i, j, share.numerator, share.denominator)))
    for i in range(r):
        for j1 in range(c):
            for j2 in range(c):
                d = table[i][j1] - table[i][j2]
                if j1 != j2 and d >= 0:
                    v = [0] * (r * c)
                    v[cell(i, j1)], v[cell(i, j2)] = 1, -1
                    fancy.append((v, d, ("diff_row", i, j1, j2, d)))
    for j in range(c):
        for i1 in range(r):
            for i2 in range(r):
                d = table[i1][j] - table[i2][j]
                if i1 != i2 and d > 0:
                    v = [0] * (r * c)
                    v[cell(i1, j)], v[cell(i2, j)] = 1, -1
                    fancy.append((v, d, ("diff_col", j, i1, i2, d)))
    rng.shuffle(plain)
    rng.shuffle(fancy)
    n_fancy = round(share_fancy * r * c)
    order = fancy[:n_fancy] + plain[:len(plain) // 2] + fancy[n_fancy:] + plain[len(plain) // 2:]
    basis, chosen = [], []
    for fact in order:
        if len(chosen) == r * c:
            break
        if rank_add(basis, fact[0]):
            chosen.append(fact)
    return chosen


def fact_text(fact, theme, table) -> str:
    kind = fact[2]
    rows, cols = theme["rows"], theme["cols"]
    rg = lambda i: theme["row_group"].format(r=rows[i])  # noqa: E731
    cp = lambda j: theme["col_plur"].format(c=cols[j])  # noqa: E731
    rp = lambda i: theme["row_plur"].format(r=rows[i])  # noqa: E731
    if kind[0] == "cell":
        return f"{table[kind[1]][kind[2]]} {rg(kind[1])} {cp(kind[2])}."
    if kind[0] == "row":
        return f"There are {fact[1]} {rg(kind[1])} in total."
    if kind[0] == "col":
        return f"In total, {fact[1]} {theme['noun']} {cp(kind[1])}."
    if kind[0] == "all":
        return f"There are {fact[1]} {theme['noun']} in total."
    if kind[0] == "share":
        _, i, j, p, q = kind
        share = f"{p * 100 // q}%" if 100 % q == 0 else f"{p}/{q}"
        return f"{share} of the {rg(i)} {cp(j)}."
    if kind[0] == "diff_row":
        _, i, j1, j2, d = kind
        if d == 0:
            return f"Among the {rg(i)}, as many {cp(j1)} as {cp(j2)}."
        return f"Among the {rg(i)}, {d} more {cp(j1)} than {cp(j2)}."
    _, j, i1, i2, d = kind
    return f"Among the {theme['col_group'].format(c=cols[j])}, {d} more {rp(i1)} than {rp(i2)}."


def grid_text(table, theme) -> str:
    rows, cols = theme["rows"][:len(table)], theme["cols"][:len(table[0])]
    w0 = max(len(r) for r in rows + [theme["row_head"]]) + 2
    widths = [max(len(c), 3) + 2 for c in cols]
    lines = [theme["row_head"].ljust(w0) + "".join(c.rjust(w) for c, w in zip(cols, widths))]
    for r, row in zip(rows, table):
        lines.append(r.ljust(w0) + "".join(str(x).rjust(w) for x, w in zip(row, widths)))
    return "\n".join(lines)


def question_value(table, ask, a, b, b2):
    """The asked probability from the (solved) table. a: a row, b and b2: columns."""
    n = sum(map(sum, table))
    row = lambda i: sum(table[i])  # noqa: E731
    col = lambda j: sum(r[j] for r in table)  # noqa: E731
    if ask == "joint":
        return Fraction(table[a][b], n)
    if ask == "marginal":
        return Fraction(row(a), n)
    if ask == "cond_col":
        return Fraction(table[a][b], row(a))
    if ask == "cond_row":
        return Fraction(table[a][b], col(b))
    if ask == "union":
        return Fraction(row(a) + col(b) - table[a][b], n)
    if ask == "cond_union":
        return Fraction(table[a][b] + table[a][b2], col(b) + col(b2))
    if ask == "not_both":
        return Fraction(n - row(a) - col(b) + table[a][b], n - row(a))
    if ask == "two_same_col":
        return Fraction(col(b) * (col(b) - 1), n * (n - 1))
    if ask == "two_same_row":
        return Fraction(sum(row(i) * (row(i) - 1) for i in range(len(table))), n * (n - 1))
    return Fraction(2 * row(a) * (n - row(a)), n * (n - 1))  # two_one_row


def question_text(ask, theme, a, b, b2) -> str:
    rows, cols = theme["rows"], theme["cols"]
    rs = theme["row_sing"].format(r=rows[a])
    cs = theme["col_sing"].format(c=cols[b])
    one, pro = theme["one"], theme["pronoun"]
    pick = f"One {one} is chosen at random from all the {theme['noun']}."
    if ask == "joint":
        return f"{pick} What is the probability that the {one} {rs} and {cs}?"
    if ask == "marginal":
        return f"{pick} What is the probability that the {one} {rs}?"
    if ask == "cond_col":
        return f"{pick} Given that the {one} {rs}, what is the probability that {pro} {cs}?"
    if ask == "cond_row":
        return f"{pick} Given that the {one} {cs}, what is the probability that {pro} {rs}?"
    if ask == "union":
        return f"{pick} What is the probability that the {one} {rs} or {cs} (or both)?"
    if ask == "cond_union":
        cs2 = theme["col_sing"].format(c=cols[b2])
        return f"{pick} Given that the {one} {cs} or {cs2}, what is the probability that {pro} {rs}?"
    if ask == "not_both":
        neg_r = rs.replace("is ", "is not ", 1).replace("was ", "was not ", 1)
        neg_c = {"prefers": f"does not prefer {cols[b]}", "chose": f"did not choose the {cols[b]} club",
                 "was": f"was not rated {cols[b]}"}[cs.split()[0]]
        return f"{pick} Given that the {one} {neg_r}, what is the probability that {pro} also {neg_c}?"
    pair = (f"Two different {theme['noun']} are chosen at random from all the {theme['noun']} (without "
            f"replacement).")
    if ask == "two_same_col":
        return f"{pair} What is the probability that both of them {theme['col_plur'].format(c=cols[b])}?"
    if ask == "two_same_row":
        return f"{pair} What is the probability that they are in the same {theme['row_head']} group?"
    return f"{pair} What is the probability that exactly one of them {rs}?"


@register
class TwoWayTable(Task):
    """Conditional probability from a two-way table of counts (age group by favourite drink, year by
    club, shift by grade). Low levels give the full table and ask a joint, marginal or conditional
    probability; middle levels ask P(row | column), unions and conditions on "A or B"; higher
    levels hide the table behind facts that pin it down (totals, percentages of a group, "4 more
    ... than ...") so the counts must be reconstructed first, and ask about two people chosen
    without replacement. Hidden tables are solved by Gauss-Jordan elimination over Fractions."""

    name = "probability/two_way_table"
    cap_reason = ("the survey themes have at most three row and four column categories, and level 10 already hides "
                  "the whole 3 x 4 table behind facts and asks about pairs of people")
    knobs = (
        Knob("rows", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3], (2, 3), doc="row categories"),
        Knob("cols", [2, 3, 3, 3, 3, 3, 3, 4, 4, 4], (2, 4), doc="column categories"),
        Knob("asks", ["direct", "direct", "conditional", "conditional", "compound", "compound", "pairs", "pairs",
                      "pairs", "pairs"], choices=tuple(TIERS), doc="which questions may be asked"),
        Knob("hidden", [False, False, False, True, True, True, True, True, True, True],
             doc="the table is given only through facts"),
        Knob("fancy_share", [0.0, 0.0, 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], (0.0, 1.0),
             doc="share of facts that are percentages or differences rather than counts and totals"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        r, c = params["rows"], params["cols"]
        theme = rng.choice(THEMES)
        table = [[rng.randint(2, 30) for _ in range(c)] for _ in range(r)]
        ask = rng.choice(TIERS[params["asks"]])
        if ask == "cond_union" and c < 3:
            ask = "cond_row"
        a, b = rng.randrange(r), rng.randrange(c)
        b2 = rng.choice([j for j in range(c) if j != b])
        labels = {"rows": theme["rows"][:r], "cols": theme["cols"][:c]}
        theme = {**theme, **labels}
        facts = facts_for(rng, table, params["fancy_share"]) if params["hidden"] else []
        solved = solve_linear([f[0] for f in facts], [f[1] for f in facts]) if facts else None
        if solved is not None:  # the counts as the facts determine them (the generated table, checked)
            cells = [[solved[i * c + j] for j in range(c)] for i in range(r)]
            if cells != table:
                raise ValueError("the facts do not determine the generated table")
            rng.shuffle(facts)
            body = (f"{theme['intro']}. The {theme['row_head']} groups are {and_list(labels['rows'])}; the other "
                    f"categories are {and_list(labels['cols'])}. Every {theme['one']} belongs to exactly one "
                    f"{theme['row_head']} group and exactly one of the other categories. The counts are not given "
                    f"directly, but these facts are known:\n" + "\n".join(f"- {fact_text(f, theme, table)}"
                                                                          for f in facts))
        else:
            cells = table
            body = (f"{theme['intro']}. The table gives the number of {theme['noun']} in each combination:\n\n"
                    f"{grid_text(table, theme)}")
        value = question_value(cells, ask, a, b, b2)
        if not 0 < value < 1:
            value = question_value(cells, "joint", a, b, b2)
            ask = "joint"
        question = body + "\n\n" + question_text(ask, theme, a, b, b2)
        return Draft(question, frac_text(value), fraction_check(value))

    def effort(self, problem):
        # a hidden table is first rebuilt from its facts by elimination (about cells^2 steps per
        # fact); then the counts the question needs are added up: the cells of the rows and
        # columns it names, and the grand total
        q = question_of(problem)
        r, c = problem.params["rows"], problem.params["cols"]
        cells = r * c
        work = cells  # the grand total
        if "these facts are known" in q:
            facts = sum(1 for line in q.split("these facts are known:\n", 1)[1].splitlines() if line.startswith("- "))
            work += facts * cells
        asked = q.rsplit("\n\n", 1)[1]
        if "Two different" in asked:
            return work + (2 * r + 3 if "same" in asked and "group" in asked else r + 4)
        if "Given that" in asked:
            return work + (2 * r if " or " in asked.split(",")[0] else r + c) + 1
        if "(or both)" in asked:
            return work + r + c + 1
        return work + 2

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the probability")
