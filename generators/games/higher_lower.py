"""Number guessing with higher/lower replies, exact at low levels and noisy (each reply may lie) above."""
from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask
from procgym.seeding import stable_rng

from ._boards import policy_turns, strip_prefix

_NUMBER = re.compile(r"^[+-]?\d{1,9}$")


def capacity(noise_percent: int) -> float:
    """Bits per reply of a channel that flips each reply with this probability: 1 - H(p)."""
    p = noise_percent / 100
    if p == 0:
        return 1.0
    return 1 + p * math.log2(p) + (1 - p) * math.log2(1 - p)


def base_budget(n: int, noise_percent: int) -> int:
    """Guesses the reference policy needs: ceil(log2(n + 1)) without noise (binary search's worst
    case); with noise (2 log2 n + 16) / (1 - H(p)), about twice what the channel capacity demands
    plus a margin, which covers the policy's tail (see HigherLower's docstring)."""
    if noise_percent == 0:
        return max(1, math.ceil(math.log2(n + 1) - 1e-9))
    return math.ceil((2 * math.log2(n) + 16) / capacity(noise_percent) - 1e-9)


def segments(n: int, history) -> list[tuple[int, int, int]]:
    """The values 1..n never guessed, as runs (first, last, k) where k is the number of replies
    every value of the run agrees with (a reply "higher" to g agrees with the values above g)."""
    guesses = sorted({g for g, _ in history})
    above = sorted(g for g, reply in history if reply == "higher")  # agree with values > g
    below = sorted(g for g, reply in history if reply == "lower")  # agree with values < g
    runs, start = [], 1
    for stop in guesses + [n + 1]:
        if start <= stop - 1:
            runs.append((start, stop - 1, bisect_left(above, start) + len(below) - bisect_right(below, stop - 1)))
        start = stop + 1
    return runs


def median_guess(n: int, noise_percent: int, history) -> int:
    """The reference policy: the guess that best halves the posterior weight of the secret.

    Each value never guessed weighs r^(replies it agrees with), r = (1 - p) / p; with no noise only
    the values that agree with every reply count. The guess x minimises the larger of the weight
    below x and the weight above x (ties: the smaller x), so a concentrated posterior makes its
    mode the guess. Runs of equal weight are handled in closed form: O(replies) per call."""
    runs = segments(n, history)
    if not runs:
        return 1
    top = max(k for _, _, k in runs)
    if noise_percent == 0:
        runs = [(a, b, 1.0) for a, b, k in runs if k == top]
    else:
        log_r = math.log((100 - noise_percent) / noise_percent)
        runs = [(a, b, math.exp((k - top) * log_r)) for a, b, k in runs]
    total = sum((b - a + 1) * w for a, b, w in runs)
    below, best, best_key = 0.0, runs[0][0], None
    for a, b, w in runs:
        if w > 0:
            j = (total - 2 * below - w) / (2 * w)  # where the weights below and above x balance
            for x in sorted({a, b, min(b, max(a, a + math.floor(j))), min(b, max(a, a + math.ceil(j)))}):
                under = below + (x - a) * w
                key = max(under, total - under - w)
                if best_key is None or key < best_key:
                    best, best_key = x, key
        below += (b - a + 1) * w
    return best


@register
class HigherLower(TurnBudgetTask):
    """Guess a secret integer in a stated range of `range_size` integers (from a random start):
    each wrong guess is answered higher or lower. From level 4 the replies are noisy: each
    higher/lower reply is wrong with the stated probability (drawn per turn from the problem's
    seed, so episodes replay exactly); "correct" is never wrong. Higher levels widen the range, remove the slack of the exact levels and raise the
    noise, so the player must weigh contradictory replies (re-asking, or tracking how many replies
    each value agrees with) instead of trusting a shrinking interval.

    The reference policy keeps, for every value never guessed, how many replies agree with it,
    weights it by ((1-p)/p) to that count and guesses the weighted median (probabilistic
    bisection); without noise that is binary search. The budget is ceil(log2(n+1)) + slack
    without noise (binary search's worst case) and ceil((2 log2 n + 16) / (1 - H(p))) + slack with
    noise, where 1 - H(p) is the capacity of the noisy reply. With noise no budget makes a win
    certain: in 20,000 simulated episodes per noisy level (4-10) the policy never lost and its
    longest game used at most 80% of the budget (102 of 130 guesses at level 10); its game lengths
    thin out tenfold every 7-17 guesses beyond the 99th percentile, which puts a loss at about one
    in a million episodes or fewer. `Draft.answer` is the secret (a one-guess win).
    """

    name = "games/higher_lower"
    knobs = (
        Knob("range_size", [20, 50, 100, 100, 200, 200, 500, 500, 1000, 1000, 2000, 5000, 10_000, 20_000, 50_000,
                            100_000, 100_000, 200_000, 200_000, 500_000], (2, 1_000_000),
             doc="how many integers the secret may be (a range starting at a random number from 0 to 2x this)"),
        Knob("noise_percent", [0, 0, 0, 5, 5, 10, 10, 15, 15, 20, 20, 20, 20, 20, 20, 20, 21, 20, 21, 20], (0, 40),
             doc="percent chance that each higher/lower reply is wrong"),
        Knob("slack", [2, 1, 0, 0, 0, 0, 0, 0, 0, 0] + [0] * 10, (0, 1000), doc="guesses allowed beyond the base budget"),
    )
    answer_format = "a guess as one integer"
    example = "-1"  # below every range (ranges start at 0 or above): the example never wins
    tools = (Tool("guess", "Guess the hidden number; the answer says higher, lower or correct.", "{number}",
                  (Param("number", "integer", "the guess"),)),)
    unit = ("guess", "guesses")
    lowercase = True
    invalid_hint = "write one integer from the stated range"

    def build(self, rng, params):
        n, noise = params["range_size"], params["noise_percent"]
        low = rng.randint(0, 2 * n)
        high = low + n - 1
        secret = rng.randint(low, high)
        budget = base_budget(n, noise) + params["slack"]
        if noise:
            rule = (f"Each higher/lower reply is wrong with probability {noise}% (independently each "
                    f"turn), so replies may contradict each other; \"correct\" is always true.")
        else:
            rule = "Every reply is true."
        question = (
            f"Number guessing. I have chosen a secret integer from {low} to {high}. Each turn, guess a "
            f"number: I reply correct, higher (the secret is greater than your guess) or lower (the "
            f"secret is smaller). {rule}\n\n"
            f"You win by guessing the secret. You have {budget} guesses; an invalid guess uses one too.")
        return self.draft(question, str(secret), {"secret": secret, "low": low, "high": high, "noise_percent": noise,
                                                  "budget": budget},
                          answer_format=f"a guess as one integer from {low} to {high}")

    def effort(self, problem):
        # the guesses the reference policy (probabilistic bisection) makes
        return policy_turns(self, problem)

    def start(self, problem):
        return {"history": []}

    def act(self, problem, state, text):
        c = problem.check
        low, high, secret = c["low"], c["high"], c["secret"]
        text = strip_prefix(text, "guess", "is it")
        if not _NUMBER.match(text):
            return f"Invalid guess: write one integer from {low} to {high}.", None
        g = int(text)
        if not low <= g <= high:
            return f"Invalid guess: {g} is not between {low} and {high}.", None
        if g == secret:
            return f"{g}: correct!", WIN
        reply = "higher" if secret > g else "lower"
        noise = c["noise_percent"]
        if noise and stable_rng(self.name, "noise", problem.seed, state["turn"]).random() < noise / 100:
            reply = "lower" if reply == "higher" else "higher"
        state["history"].append([g, reply])
        return f"{g}: {reply}.", None

    def unsolved(self, problem, state):
        return f"the number was {problem.check['secret']}."

    def plan(self, problem, state):
        c = problem.check
        shift = c["low"] - 1  # the policy works on 1..n
        history = [(g - shift, reply) for g, reply in state["history"]]
        return str(median_guess(c["high"] - shift, c["noise_percent"], history) + shift)
