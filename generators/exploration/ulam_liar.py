"""Ulam's searching game with lies: find a number with yes/no comparison questions when the
answerer may lie a bounded number of times."""
from __future__ import annotations

import re
from math import comb

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

_ASK = re.compile(r"^(?:ask|is it|is the number|is x)?\s*(?:greater than|more than|above|bigger than|>)\s*"
                  r"(-?\d{1,9})\s*\??$|^ask\s*(-?\d{1,9})$")
_ANSWER = re.compile(r"^(?:answer|guess|the number is|it is)\s*:?\s*(-?\d{1,9})$")


def berlekamp_bound(n: int, lies: int) -> int:
    """The fewest questions q with n * sum_{i<=lies} C(q, i) <= 2^q: no strategy can do with
    fewer, since each answer at most halves the volume of (number, lie pattern) pairs."""
    q = 0
    while n * sum(comb(q, i) for i in range(lies + 1)) > 2 ** q:
        q += 1
    return q


def lie_counts(n: int, log: list) -> list[int]:
    """For each number 1..n (thresholds counted from the same start), how many of the logged
    replies ([threshold, yes], "is it greater than threshold?") it makes lies."""
    # a yes is a lie for every x <= t, a no for every x > t: add 1 over that range (differences)
    diff = [0] * (n + 1)
    for t, yes in log:
        t = min(max(t, 0), n)
        if yes:
            diff[0] += 1
            diff[t] -= 1
        else:
            diff[t] += 1
    counts, run = [], 0
    for x in range(n):
        run += diff[x]
        counts.append(run)
    return counts


def volume_next(low: int, n: int, lies: int, bound: int, log: list) -> str:
    """Berlekamp's volume-halving policy: a number that the replies make a liar c times weighs
    sum_{i <= lies - c} C(r, i) with r the questions the bound leaves after this one; ask the
    threshold that splits the weight most evenly (the lowest such), and answer once a single
    number is consistent with at most `lies` lies. The numbers are low..low + n - 1, handled as
    1..n."""
    shift = low - 1
    counts = lie_counts(n, [[t - shift, yes] for t, yes in log])
    alive = [x for x in range(1, n + 1) if counts[x - 1] <= lies]
    if len(alive) == 1:
        return f"answer {alive[0] + shift}"
    left = max(bound - len(log) - 1, 0)
    weight = [sum(comb(left, i) for i in range(lies - c + 1)) if c <= lies else 0 for c in counts]
    # "greater than t?": a yes adds a lie to every x <= t, a no to every x > t; the weight after a
    # reply is what each number keeps, with one lie fewer to spare where it was contradicted
    less = [sum(comb(left, i) for i in range(lies - c)) if c < lies else 0 for c in counts]
    keep_total, less_total = sum(weight), sum(less)
    best, best_t = None, None
    keep_low = less_low = 0
    for t in range(alive[0], alive[-1]):  # thresholds that split the live numbers
        keep_low += weight[t - 1]
        less_low += less[t - 1]
        yes = (keep_total - keep_low) + less_low  # numbers above t keep theirs; those at or below pay
        no = keep_low + (less_total - less_low)
        worst = max(yes, no)
        if best is None or worst < best:
            best, best_t = worst, t
    return f"ask {best_t + shift}"


@register
class UlamLiar(TurnBudgetTask):
    """Find a hidden number among n consecutive ones (from a random start) by asking "is it
    greater than t?"; the answerer may lie, at most e times in the game (which replies lie is
    fixed by the problem). The answer must be the number. The budget is the reference policy's
    questions on the problem (Berlekamp's volume halving) but never below the volume bound (the
    fewest questions that could ever suffice), plus a slack and the answer. Higher levels widen
    the range, allow more lies (two from level 11, three from level 17), make every allowed lie
    happen, and cut the slack."""

    name = "exploration/ulam_liar"
    knobs = (
        Knob("top", [8, 12, 16, 24, 32, 48, 64, 100, 128, 200, 256, 400, 512, 800, 1000, 1200, 1400, 1600, 1800,
                     2000], (2, 5000), doc="how many numbers the hidden one is among"),
        Knob("lies", [1] * 10 + [2] * 6 + [3] * 4, (0, 5), doc="lies the answerer may tell"),
        Knob("told", [(0, 1), (0, 1), 1, 1, 1, 1, 1, 1, 1, 1, (1, 2), 2, 2, 2, 2, 2, (2, 3), 3, 3, 3], (0, 5),
             doc="lies the answerer does tell (at most the allowed ones)"),
        Knob("slack", [4, 3, 3, 2, 2, 2, 1, 1, 1, 0] + [0] * 10, (0, 50), doc="questions beyond the budget's base"),
    )
    answer_format = "an action: ask T (is the number greater than T?) or answer N"
    example = "ask 0"  # a question never ends the game, so the example never wins
    tools = (
        Tool("ask", "Ask whether the number is greater than a threshold; the reply may be a lie.", "ask {threshold}",
             (Param("threshold", "integer", "the threshold T of 'is the number greater than T?'"),)),
        Tool("answer", "Name the number; this ends the game.", "answer {number}",
             (Param("number", "integer", "the hidden number"),)),
    )
    lowercase = True
    invalid_hint = "write ask T (is the number greater than T?) or answer N"

    def build(self, rng, params):
        top, lies, told = params["top"], params["lies"], params["told"]
        if told > lies:
            raise ValueError(f"knob 'told': {told} lies are more than the {lies} allowed")
        bound = berlekamp_bound(top, lies)
        low = rng.randint(1, 9 * top)  # the range starts anywhere, so prompts differ by seed
        high = low + top - 1
        secret = rng.randint(low, high)
        # the replies that lie: drawn among the first questions the bound allows
        lying = sorted(rng.sample(range(1, bound + 1), min(told, bound)))
        check = {"low": low, "top": top, "lies": lies, "secret": secret, "lying": lying, "bound": bound,
                 "budget": 10 ** 6}
        line = self.reference_line(check)
        check["budget"] = max(bound, len(line) - 1) + params["slack"] + 1
        question = (
            f"I am thinking of a whole number from {low} to {high}. Each turn you may ask 'ask T', meaning \"is the "
            f"number greater than T?\", and I reply yes or no; but I may lie: at most {lies} of my replies in "
            f"the whole game {'is a lie' if lies == 1 else 'are lies'} (I never lie about anything else). "
            f"When you are sure, write 'answer N'; that ends the game, and you win only if N is my number.\n"
            f"You have {check['budget']} turns; an invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(line), check)

    def effort(self, problem):
        # the questions, and the lie counts the policy updates for every number after each of them
        lines = problem.answer.split("\n")
        return len(lines) + (len(lines) - 1) * problem.check["top"] * (problem.check["lies"] + 1) // 8

    def start(self, problem):
        return {"log": []}

    def act(self, problem, state, text):
        c = problem.check
        answer, ask = _ANSWER.match(text), _ASK.match(text)
        if answer:
            n = int(answer.group(1))
            if not c["low"] <= n < c["low"] + c["top"]:
                return f"Invalid action: the number is from {c['low']} to {c['low'] + c['top'] - 1}.", None
            if n == c["secret"]:
                return f"Yes, my number is {n}. You win.", WIN
            return f"No, my number was {c['secret']}. You lose.", LOSE
        if not ask:
            return f"Invalid action: {self.invalid_hint}.", None
        t = int(ask.group(1) or ask.group(2))
        truth = c["secret"] > t
        reply = (not truth) if len(state["log"]) + 1 in c["lying"] else truth
        state["log"].append([t, reply])
        return f"Is it greater than {t}? {'Yes' if reply else 'No'}.", None

    def unsolved(self, problem, state):
        return "you did not name the number, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return volume_next(c["low"], c["top"], c["lies"], c["bound"], state["log"])
