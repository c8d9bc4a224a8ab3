"""Nim for two players, with the rules of versus/nim (see _versus.py)."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit.multiplayer import register_game
from procgym.kit.seat_task import seat_knobs

from ._versus import OPPONENT, YOU, VersusGame, VersusMatch

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def flip(side):
    return None if side is None else OPPONENT if side == YOU else YOU


@register_game
class Nim(VersusGame):
    """Nim for two players: heaps of tokens; in turn each player takes one or more tokens from a
    single heap. In normal play whoever takes the last token wins; in misere play whoever takes it
    loses. Higher levels add heaps and larger heaps and bring in misere play."""

    name = "nim"
    versus = "versus/nim"
    knobs = (Knob("n_heaps", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 8, 8], (1, 8), doc="number of heaps"),
             Knob("max_heap", [3, 4, 5, 6, 7, 7, 9, 11, 13, 15, 17, 19, 17, 19, 21, 23, 21, 25, 25, 31], (1, 31),
                  doc="largest starting heap"),
             Knob("misere", [False] * 4 + [[False, True]] * 4 + [True] * 12, doc="whoever takes the last token loses"))
    roles = ("moves first", "moves second")
    action_format = "a move as take N from HEAP"
    example = "take 0 from A"  # taking no token is never legal
    policies = ("random", "heuristic", "exact")

    def start(self, rng, params):
        heaps = [rng.randint(1, params["max_heap"]) for _ in range(params["n_heaps"])]
        return {"misere": params["misere"], "takes": None}, {"heaps": heaps, "mover": YOU, "last": None}

    def swap(self, c, pos):
        return c, {**pos, "mover": flip(pos["mover"]), "last": flip(pos["last"])}

    def candidates(self, c, pos):
        return [f"take {n} from {LETTERS[i]}" for i, h in enumerate(pos["heaps"]) for n in range(1, h + 1)]

    def identity(self, c):
        return "Misere play: whoever takes the last token loses." if c["misere"] else \
            "Normal play: whoever takes the last token wins."

    def rules(self, params):
        rule = "whoever takes the last token LOSES (misere play)" if params["misere"] else \
            "whoever takes the last token wins"
        return (f"Nim for two players, player_0 (moves first) and player_1, with {params['n_heaps']} heaps of tokens "
                f"named A, B, ... Players alternate; on your turn take one or more tokens from a single heap (up to "
                f"the whole heap). The game ends when every heap is empty: {rule} (payoff +1, the other -1).")


@register
class NimMatch(VersusMatch):
    """Nim against a built-in opponent, as the first or second player, from heaps the agent can
    win from against that opponent's seeded choices. Levels 1-2 face a random opponent, levels 3-6
    one that looks two moves ahead, levels 7-10 a perfect player (the nim-sum, and the misere
    endgame rule), so only a start already won can be won. Higher levels add heaps, larger heaps and
    misere play.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 650 problems/s at level 1, 310/s at level 5 and 29/s at level 10
    (bench/generation.py, one core).
    """

    name = "multiplayer/nim"
    game = Nim()
    knobs = seat_knobs(game, opponent=["random"] * 2 + ["heuristic"] * 4 + ["exact"] * 14,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)

    def longest(self, params, seat):
        return (params["n_heaps"] * params["max_heap"] + 1) // 2
