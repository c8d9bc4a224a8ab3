"""Expected values: dice games with payout rules, random variables given by a table, functions of
dice, coin games, drawing until a stopping rule, and rerolling strategies."""
from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text, frac_text, drawn_example

from ._dice import FULL as DICE_ATOMS
from ._dice import atom_text, dice_text, holds, outcomes, random_atom
from ._exact import EXACT_DECIMAL_FORMAT, fraction_check, grade_exact
from ._phrasing import COLOURS, and_list, number_of, ordinal, ordinal_of, question_of, word

TIERS = {
    "basic": ("game", "table"),
    "middle": ("game", "table", "function"),
    "games": ("game", "table", "function", "coin", "draw_until"),
    "strategy": ("game", "table", "function", "coin", "draw_until", "reroll"),
    "hard": ("game", "table", "function", "draw_until", "reroll", "reroll"),
    # levels past 10: the kinds that grow with the level (more payout rules, more dice, more rerolls)
    "heavy": ("game", "function", "reroll"),
}
FUNCTIONS = ("max", "min", "range", "distinct", "product", "sum_sq", "top_two")
EXAMPLES = ("7/4", "-5/2", "3", "11/6")  # each problem shows one that is not its answer


def money(value) -> str:
    value = Fraction(value)
    return f"${decimal_text(value)}" if value.denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100) else f"${value}"


def game_value(sides, rules, otherwise, fee) -> Fraction:
    """Expected net gain: each roll pays the amount of the first rule whose event holds (else
    `otherwise`), minus the fee; exact over every roll."""
    total = gain = 0
    for values, ways in outcomes(tuple(sorted(sides))):
        pay = next((amount for atom, amount in rules if holds(atom, values)), otherwise)
        gain += pay * ways
        total += ways
    return Fraction(gain, total) - fee


def dice_function(values, f: str) -> int:
    if f == "max":
        return values[-1]
    if f == "min":
        return values[0]
    if f == "range":
        return values[-1] - values[0]
    if f == "distinct":
        return len(set(values))
    if f == "product":
        p = 1
        for v in values:
            p *= v
        return p
    if f == "sum_sq":
        return sum(v * v for v in values)
    return values[-1] + values[-2]


def function_value(sides, f: str) -> Fraction:
    total = acc = 0
    for values, ways in outcomes(tuple(sorted(sides))):
        acc += dice_function(values, f) * ways
        total += ways
    return Fraction(acc, total)


def reroll_value(s: int, rerolls: int, cost, threshold=None) -> Fraction:
    """Expected final value of a fair s-sided die with up to `rerolls` rerolls, each costing `cost`
    (subtracted from the result). With `threshold` you reroll exactly when the roll is below it
    (while rerolls remain); otherwise you play optimally: backward induction, rerolling exactly when
    the roll is below the expected value of continuing."""
    value = Fraction(s + 1, 2)  # no rerolls left: keep whatever comes
    for _ in range(rerolls):
        cont = value - cost
        outcomes_ = []
        for x in range(1, s + 1):
            reroll = x < threshold if threshold is not None else x < cont
            outcomes_.append(cont if reroll else Fraction(x))
        value = sum(outcomes_, Fraction(0)) / s
    return value


def coin_value(p, n: int, pays, lose) -> Fraction:
    """Flip until the first head, at most n flips; a first head on flip k pays pays[k-1], no head
    in n flips pays -lose."""
    q = 1 - p
    value = sum((q ** (k - 1) * p * pays[k - 1] for k in range(1, n + 1)), Fraction(0))
    return value - q ** n * lose


def draws_until(counts: tuple, rule: tuple) -> Fraction:
    """Expected number of draws without replacement until the stopping rule holds: ("kth", c, k) the
    k-th ball of colour c; ("all",) every colour seen. Exact DP over (balls left, progress)."""

    @lru_cache(maxsize=None)
    def expect(left: tuple, progress) -> Fraction:
        total = sum(left)
        acc = Fraction(0)
        for c, k in enumerate(left):
            if not k:
                continue
            nxt = left[:c] + (k - 1,) + left[c + 1:]
            if rule[0] == "kth":
                new = progress + (c == rule[1])
                done = new == rule[2]
            else:
                new = progress | (1 << c)
                done = new == (1 << len(left)) - 1
            acc += Fraction(k, total) * (1 + (0 if done else expect(nxt, new)))
        return acc

    return expect(tuple(counts), 0)


def draw_states(counts: tuple, rule: tuple) -> int:
    """The (balls left, progress) states draws_until's DP visits before the rule stops it."""
    start = (tuple(counts), 0)
    seen, frontier = {start}, [start]
    while frontier:
        left, progress = frontier.pop()
        for c, k in enumerate(left):
            if not k:
                continue
            if rule[0] == "kth":
                new = progress + (c == rule[1])
                done = new == rule[2]
            else:
                new = progress | (1 << c)
                done = new == (1 << len(left)) - 1
            state = (left[:c] + (k - 1,) + left[c + 1:], new)
            if not done and state not in seen:
                seen.add(state)
                frontier.append(state)
    return len(seen)


@register
class ExpectedValue(Task):
    """Exact expected values. Kinds: a dice game whose payout is set by the first rule that applies
    (with an entry fee at higher levels); a random variable given by a table with one probability
    left to deduce, asking E[X], E[g(X)] or Var(X); a function of several dice (largest, smallest,
    spread, product, number of distinct values); a coin game flipping until the first head; the
    expected number of draws until a stopping rule; and the value of rerolling a die, either with a
    fixed rule or with the optimal strategy (backward induction), with costly rerolls at the top.
    Levels add rules, dice, values, rerolls and the harder kinds; past level 10 only the kinds that
    keep growing remain (games with more rules, functions of more dice, more rerolls)."""

    name = "probability/expected_value"
    released_dips = {
        8: "seeds 0-7 draw no dice game at level 8; over 300 seeds level 8 averages 33.8 +- 1.9 against 29.9 +- 2.0 at level 7",
    }
    knobs = (
        Knob("kinds", ["basic", "basic", "middle", "middle", "games", "games", "strategy", "strategy", "hard", "hard"]
             + ["heavy"] * 10,
             choices=tuple(TIERS), doc="which kinds of question may appear"),
        Knob("n_rules", [2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 8),
             doc="payout rules, table values or coin flips"),
        Knob("n_dice", [2, 2, 2, 2, 2, 2, (2, 3), 3, 3, 3, 3, 3, (3, 4), 4, 4, 4, 4, 4, 4, 4], (2, 4),
             doc="dice rolled in dice questions"),
        Knob("rerolls", [1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 6, 7, 8], (1, 8),
             doc="rerolls allowed in reroll questions"),
        Knob("twists", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="entry fees, transformed variables, variances and costly rerolls"),
    )
    answer_format = EXACT_DECIMAL_FORMAT
    example = "7/4"

    def build(self, rng, params):
        kinds = TIERS[params["kinds"]]
        for _ in range(50):
            kind = rng.choice(kinds)
            question, value = getattr(self, "_" + kind)(rng, params)
            if value != 0:
                break
        text = frac_text(value) if value.denominator != 1 else str(value.numerator)
        # drawn last: nothing else in the problem depends on it, and it is never this problem's answer
        return Draft(question, text, fraction_check(value, decimals=True),
                     example=drawn_example(rng, EXAMPLES, lambda e: Fraction(e) != value))

    def effort(self, problem):
        # the reference's terms: every roll of the dice (each tested against the payout rules in
        # turn), every row of a table (twice for a variance), every flip of the coin game, every
        # state of the draw-until DP, every face at every reroll stage
        q = question_of(problem)
        if "A random variable X" in q:
            rows = q.count("\n- P(X = ")
            return rows + (3 * rows if "Var(X)" in q else rows)
        if "You flip" in q:
            return 2 * number_of(re.search(r"but at most (\w+) times", q).group(1)) + 1
        if "An urn contains" in q:
            balls = re.findall(r"(\d+) (\w+) balls?", q)
            counts, names = tuple(int(k) for k, _ in balls), [c for _, c in balls]
            if "each of the" in q:
                return draw_states(counts, ("all",))
            k, colour = re.search(r"stopping as soon as the (\w+) (\w+) ball is drawn", q).groups()
            return draw_states(counts, ("kth", names.index(colour), ordinal_of(k)))
        if "reroll" in q:
            sides = int(re.search(r"a fair (\d+)-sided die", q).group(1))
            times = 1 if "reroll the die, once" in q else number_of(re.search(r"up to (\w+) times", q).group(1))
            return sides * times + times
        sides = [int(s) for k, s in re.findall(r"(\w+) fair (\d+)-sided di(?:e|ce)", q) for _ in range(number_of(k))]
        rolls = len(outcomes(tuple(sorted(sides))))
        rules = q.count("\n- if ") + q.count("\n- otherwise, if ")
        return rolls * (rules + 1)

    # ------------------------------------------------------------------ kinds

    @staticmethod
    def _game(rng, params):
        n = min(params["n_dice"], 2)
        sides = [6] * n if rng.random() < 0.7 else sorted(rng.choice((4, 6, 8)) for _ in range(n))
        n_rules = params["n_rules"] - 1
        kinds = tuple(k for k in DICE_ATOMS if not (n == 1 and k in ("all_same", "distinct", "some_match",
                                                                       "face_count", "spread", "count_even")))
        rolls = outcomes(tuple(sorted(sides)))
        for _ in range(100):
            rules = []
            while len(rules) < n_rules:
                atom = random_atom(rng, kinds, sides)
                if all(atom[0] != a[0] for a, _ in rules):
                    rules.append((atom, rng.randint(1, 12) * (5 if rng.random() < 0.2 else 1)))
            fired = [next((i for i, (a, _) in enumerate(rules) if holds(a, v)), n_rules) for v, _ in rolls]
            if len(set(fired)) == n_rules + 1:
                break  # every rule, and the "otherwise", decides some roll
        otherwise = -rng.randint(1, 6) if rng.random() < 0.7 else 0
        fee = rng.randint(1, 8) if params["twists"] and rng.random() < 0.6 else 0
        value = game_value(sides, rules, otherwise, fee)
        lines = [f"- {'if' if i == 0 else 'otherwise, if'} {atom_text(a, n)}, you win {money(w)};"
                 for i, (a, w) in enumerate(rules)]
        lines.append(f"- otherwise, you {'lose ' + money(-otherwise) if otherwise else 'win nothing'}.")
        q = (f"In a game you roll {dice_text(sides)}." + (" Each die's faces are numbered from 1 up to its number of "
                                                          "sides." if len(set(sides)) > 1 else "")
             + (f" It costs {money(fee)} to play." if fee else "")
             + " The payout is decided by the first rule below that applies:\n" + "\n".join(lines)
             + "\n\nWhat is your expected net gain per game, in dollars"
             + (" (after paying to play)" if fee else "") + "? A loss counts as a negative gain.")
        return q, value

    @staticmethod
    def _table(rng, params):
        k = params["n_rules"] + 1
        values = sorted(rng.sample(range(-5, 16), k))
        d = rng.choice((6, 8, 10, 12, 20))
        while d < k:
            d *= 2
        cuts = sorted(rng.sample(range(1, d), k - 1))
        nums = [b - a for a, b in zip([0] + cuts, cuts + [d])]
        probs = [Fraction(x, d) for x in nums]
        hidden = rng.randrange(k)
        if params["twists"]:
            ask = rng.choice(("linear", "square", "var", "abs", "max"))
        else:
            ask = "mean"
        a, b = rng.choice((2, 3, -2, 4, 5)), rng.randint(-6, 6)
        c = rng.choice(values[1:-1]) if k > 2 else values[0]
        g = {
            "mean": (lambda x: x, "E[X], the expected value of X"),
            "linear": (lambda x: a * x + b, f"E[Y] where Y = {a}X {'+' if b >= 0 else '-'} {abs(b)}"),
            "square": (lambda x: x * x, "E[X^2]"),
            "abs": (lambda x: abs(x - c), f"E[|X - {c}|]" if c >= 0 else f"E[|X + {-c}|]"),
            "max": (lambda x: max(x, c), f"E[max(X, {c})]"),
            "var": (None, "Var(X) = E[(X - E[X])^2], the variance of X"),
        }
        mean = sum((p * x for p, x in zip(probs, values)), Fraction(0))
        if ask == "var":
            value = sum((p * (x - mean) ** 2 for p, x in zip(probs, values)), Fraction(0))
        else:
            fn = g[ask][0]
            value = sum((p * fn(x) for p, x in zip(probs, values)), Fraction(0))
        rows = "\n".join(f"- P(X = {x}) = {'?' if i == hidden else frac_text(p)}"
                         for i, (x, p) in enumerate(zip(values, probs)))
        q = (f"A random variable X takes only the values {and_list(values)}, with these probabilities (one is not "
             f"given, marked ?):\n{rows}\n\nWhat is {g[ask][1]}?")
        return q, value

    @staticmethod
    def _function(rng, params):
        n = max(2, params["n_dice"])
        s = rng.choice((6, 6, 4, 8))
        f = rng.choice(FUNCTIONS[:4] + (("product",) if n == 2 else ("sum_sq", "top_two")))
        sides = [s] * n if rng.random() < 0.6 else sorted(rng.choice((4, 6, 8)) for _ in range(n))
        value = function_value(sides, f)
        what = {
            "max": "the largest number shown",
            "min": "the smallest number shown",
            "range": "the largest number shown minus the smallest number shown",
            "distinct": "the number of different values shown",
            "product": "the product of the numbers shown",
            "sum_sq": "the sum of the squares of the numbers shown",
            "top_two": "the sum of the two largest numbers shown (counting a repeated value twice if it is among them)",
        }[f]
        faces = (f"faces numbered 1 to {s}" if len(set(sides)) == 1 else
                 "each die's faces are numbered from 1 up to its number of sides")
        q = f"You roll {dice_text(sides)} ({faces}). Let X be {what}.\n\nWhat is the expected value of X?"
        return q, value

    @staticmethod
    def _coin(rng, params):
        p = rng.choice((Fraction(1, 2), Fraction(1, 2), Fraction(1, 3), Fraction(2, 3), Fraction(1, 4)))
        n = params["n_rules"] + 1
        style = rng.choice(("double", "table"))
        if style == "double":
            base = rng.randint(1, 3)
            pays = [base * 2 ** (k - 1) for k in range(1, n + 1)]
        else:
            pays = sorted(rng.sample(range(1, 30), n), reverse=rng.random() < 0.5)
        lose = rng.randint(1, 20)
        value = coin_value(p, n, pays, lose)
        coin = ("a fair coin" if p == Fraction(1, 2) else
                f"a biased coin that lands heads with probability {frac_text(p)}")
        if style == "double":
            rule = (f"If the first head comes on flip k, you win ${base} times 2^(k-1) (${pays[0]} on the first flip, "
                    f"${pays[1]} on the second, and so on).")
        else:
            rule = "If the first head comes on flip k, you win: " + ", ".join(
                f"${w} if k = {k}" for k, w in enumerate(pays, 1)) + "."
        q = (f"You flip {coin} until it lands heads, but at most {word(n)} times. {rule} If none of the "
             f"{word(n)} flips is heads, you lose ${lose}.\n\nWhat is your expected net gain in dollars? A loss "
             f"counts as a negative gain.")
        return q, value

    @staticmethod
    def _draw_until(rng, params):
        c = 2 if params["n_rules"] <= 3 else rng.randint(2, 3)
        names = sorted(rng.sample(COLOURS[:6], c), key=COLOURS.index)
        counts = tuple(rng.randint(1, 5) for _ in range(c))
        if rng.random() < 0.5 or not params["twists"]:
            target = rng.randrange(c)
            k = 1 if not params["twists"] else rng.randint(1, min(3, counts[target]))
            rule = ("kth", target, k)
            stop = (f"the first {names[target]} ball is drawn" if k == 1 else
                    f"the {ordinal(k)} {names[target]} ball is drawn")
        else:
            rule = ("all",)
            stop = f"at least one ball of each of the {word(c)} colours has been drawn"
        value = draws_until(counts, rule)
        parts = [f"{x} {names[i]} {'ball' if x == 1 else 'balls'}" for i, x in enumerate(counts)]
        q = (f"An urn contains {and_list(parts)}. Balls are drawn one at a time at random without replacement, "
             f"stopping as soon as {stop}. Let X be the number of balls drawn, counting the last one.\n\n"
             f"What is the expected value of X?")
        return q, value

    @staticmethod
    def _reroll(rng, params):
        s = rng.choice((6, 8, 10, 12, 20) if params["rerolls"] > 1 else (4, 6, 8, 10))
        r = params["rerolls"]
        cost = rng.randint(1, 2) if params["twists"] and rng.random() < 0.4 else 0
        fixed = rng.random() < 0.4
        threshold = rng.randint(2, s - 1) if fixed else None
        value = reroll_value(s, r, cost, threshold)
        times = "once" if r == 1 else f"up to {word(r)} times in total"
        rules = (f"You roll a fair {s}-sided die (faces 1 to {s}). After seeing a roll you may reroll the die, "
                 f"{times}; whenever you reroll, the previous roll is discarded, and the last roll you make "
                 f"is your score.")
        if cost:
            rules += f" Each reroll costs {money(cost)}, which is subtracted from your score."
        if fixed:
            q = (rules + f" You follow this rule: you reroll whenever the current roll is less than {threshold} "
                         f"and you still have a reroll left.\n\nWhat is the expected value of your final score"
                 + (" after costs" if cost else "") + "?")
        else:
            q = (rules + " You play to make your expected final score" + (" after costs" if cost else "")
                 + " as large as possible.\n\nWhat is that largest possible expected final score"
                 + (" after costs" if cost else "") + "?")
        return q, value

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the expected value")
