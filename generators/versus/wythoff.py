"""Wythoff's game against a perfect opponent: two piles; take any number from one pile, or the
same number from both; whoever takes the last token wins."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural

from ._opponent import OPPONENT, YOU, VersusTask, pick

PILES = "AB"
# a move: take N from A, take N from B, take N from both (also: from each, from A and B, both piles)
_BOTH = re.compile(r"(?:take )?(\d{1,6}) (?:from )?(?:both|each|ab|a ?(?:and|&|,) ?b)(?: piles?)?")
_ONE = re.compile(r"(?:take )?(\d{1,6}) (?:from )?(?:pile )?([a-z])")


def moves(a: int, b: int) -> list[tuple[int, int]]:
    """Every position reachable in one move from piles (a, b), in a fixed order."""
    out = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    return out + [(a - k, b - k) for k in range(1, min(a, b) + 1)]


@lru_cache(maxsize=None)
def solve(a: int, b: int) -> tuple[int, int]:
    """(result, plies) for the player to move at piles (a, b): +1 wins or -1 loses, and how long
    the game lasts when the winner hurries and the loser stalls. An exact search (no formula):
    the tests check it against Wythoff's pairs (floor(k*phi), floor(k*phi^2))."""
    if a > b:
        return solve(b, a)
    children = [solve(x, y) for x, y in moves(a, b)]
    if not children:
        return -1, 0  # no token left: the previous player took the last one
    losing = [p for r, p in children if r < 0]
    if losing:
        return 1, 1 + min(losing)
    return -1, 1 + max(p for _, p in children)


def perfect_move(a: int, b: int, rng=None) -> tuple[int, int]:
    """The position a perfect player moves to: a win in the fewest plies, or, from a lost
    position, the longest resistance; ties broken by `rng` (the first in order without one)."""
    scored = []
    for x, y in moves(a, b):
        r, p = solve(min(x, y), max(x, y))
        scored.append(((1000 - p) if r < 0 else (p - 1000), (x, y)))
    if rng is None:
        top = max(s for s, _ in scored)
        return next(m for s, m in scored if s == top)
    return pick(scored, rng)


def as_move(before, after) -> tuple[str, int]:
    """The move ("A" | "B" | "both", n) that takes piles `before` to `after`."""
    (a, b), (x, y) = before, after
    if a - x and b - y:
        return "both", a - x
    return ("A", a - x) if a - x else ("B", b - y)


def apply(piles, move) -> list[int]:
    where, n = move
    a, b = piles
    return [a - n if where in ("A", "both") else a, b - n if where in ("B", "both") else b]


@register
class Wythoff(VersusTask):
    """Wythoff's game against a perfect opponent: two piles of tokens; a move takes any positive
    number of tokens from one pile, or the same number from both; whoever takes the last token
    wins. The agent moves first from a position that is a win for it (exact search), and the
    opponent plays perfectly: from a lost position it stalls for as long as possible, and it
    punishes any mistake. Winning needs the cold positions (floor(k*phi), floor(k*phi^2)).
    Higher levels use bigger piles, starts that need more winning moves under best resistance
    (`min_moves`) and fewer spare turns. The reference policy plays the exact solver's fastest
    win; the turn limit is that game's length plus `spare_turns`."""

    name = "versus/wythoff"
    knobs = (
        Knob("max_pile", [4, 6, 8, 10, 12, 15, 18, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 65, 70, 80], (2, 100),
             doc="largest starting pile"),
        Knob("min_moves", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7], (1, 12),
             doc="winning moves the agent needs against best resistance (at least; the largest found if none)"),
        Knob("spare_turns", [3, 3, 3, 2, 2, 2, 1, 1, 1, 0] + [0] * 10, (0, 20), doc="turns beyond the game's length"),
    )
    answer_format = "a move as take N from A, take N from B, or take N from both"
    example = "take 0 from both"  # taking no token is never legal: the example never wins
    tools = (Tool("take", "Take tokens from one pile, or the same number from both.", "take {count} from {pile}",
                  (Param("count", "integer", "how many tokens to take (from each pile, for both)"),
                   Param("pile", "string", "the pile", enum=(*PILES, "both")))),)

    def build(self, rng, params):
        top, want = params["max_pile"], params["min_moves"]
        best = None
        for _ in range(300):
            a, b = rng.randint(1, top), rng.randint(1, top)
            r, p = solve(min(a, b), max(a, b))
            if r < 0:
                continue
            if best is None or p > best[2]:
                best = (a, b, p)
            if (p + 1) // 2 >= want:
                break
        a, b, plies = best
        limit = (plies + 1) // 2 + params["spare_turns"]
        c = {"start": {"piles": [a, b], "mover": YOU}, "turn_limit": limit, "salt": rng.randrange(2**31)}
        question = (
            f"Wythoff's game against a computer opponent. Two piles of tokens: A {a}, B {b}.\n"
            "Players alternate turns and you move first. On your turn either take one or more tokens from one "
            "pile, or take the same number (one or more) from both piles. Whoever takes the last token wins.\n"
            "The opponent plays perfectly. After each of your moves you see the opponent's reply and the piles. "
            f"You have {plural(limit, 'turn')}; an invalid move is rejected and still uses a turn. Win the game.")
        return self.versus_draft(c, question)

    def parse(self, c, pos, text):
        a, b = pos["piles"]
        t = text.lower()
        m = _BOTH.fullmatch(t)
        if m:
            n = int(m.group(1))
            if n < 1:
                return None, "take at least one token."
            if n > min(a, b):
                return None, f"taking {n} from both needs at least {n} in each pile (A {a}, B {b})."
            return ("both", n), None
        m = _ONE.fullmatch(t)
        if m:
            n, pile = int(m.group(1)), m.group(2).upper()
            if pile not in PILES:
                return None, f"there is no pile {pile} (piles: A, B)."
            if n < 1:
                return None, "take at least one token."
            have = a if pile == "A" else b
            if n > have:
                return None, f"pile {pile} has only {plural(have, 'token')}."
            return (pile, n), None
        return None, "write take N from A, take N from B or take N from both."

    def play(self, c, pos, move, who):
        pos["piles"] = apply(pos["piles"], move)
        pos["mover"] = OPPONENT if who == YOU else YOU
        pos["last"] = who
        return f"{'You' if who == YOU else 'The opponent'} took {move[1]} from {move[0]}."

    def mover(self, c, pos):
        return pos["mover"] if any(pos["piles"]) else None

    def final(self, c, pos):
        won = pos["last"] == YOU
        return won, "You took the last token: you win." if won else "The opponent took the last token: you lose."

    def reply(self, c, pos, rng):
        return as_move(pos["piles"], perfect_move(*pos["piles"], rng))

    def best(self, c, pos):
        return as_move(pos["piles"], perfect_move(*pos["piles"]))

    def show(self, c, pos):
        return f"Piles: A {pos['piles'][0]}, B {pos['piles'][1]}"

    def notation(self, c, move):
        return f"take {move[1]} from {move[0]}"

    def effort(self, problem):
        # on each move of the reference line every move from the position is weighed for one that
        # leaves a cold position
        return sum(len(moves(*pos["piles"])) for pos in self.agent_positions(problem))

