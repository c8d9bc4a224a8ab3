"""Count to a target: two players add 1, 2 or 3 in turn to a running total; reaching the target wins.

The game of procgym.kit.multiplayer's documentation example, and the smallest game the self-play
demo (bench/selfplay_demo.py) trains a tiny model on. The player to move wins exactly when the
distance to the target is not a multiple of 4: it adds the remainder of that distance divided by 4,
leaving a multiple of 4, and answers every later move n with 4 - n ("exact").
"""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import read_int
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import SeatTask, seat_knobs

MOVES = ("1", "2", "3")


def winning_moves(total: int, target: int) -> list[str]:
    """The moves that win against any reply: reaching the target, or leaving the other player a
    distance divisible by 4 (none when the distance already is one: every move then loses against
    perfect play).

    >>> winning_moves(4, 11), winning_moves(7, 11), winning_moves(9, 11)
    (['3'], [], ['2', '3'])
    """
    distance = target - total
    return [m for m in MOVES if int(m) >= distance or (distance - int(m)) % 4 == 0]


@register_game
class CountTo(MultiplayerGame):
    """Two players add 1, 2 or 3 in turn to a running total that starts at a random number from 0
    to 9; the player whose move brings the total to the target (or past it) wins."""

    name = "count_to"
    knobs = (Knob("target", [11, 11, 15, 15, 21, 21, 25, 25, 31, 31, 35, 41, 45, 51, 55, 61, 65, 71, 81, 99], (5, 99),
                   doc="the total that wins"),)
    roles = ("first to move", "second to move")
    action_format = "a number from 1 to 3"
    example = "0"  # never a legal move
    policies = ("random", "heuristic", "exact")

    def setup(self, rng, params):
        start = rng.randint(0, min(9, params["target"] - 2))  # at least one move to make
        return {"total": start, "target": params["target"], "turn": 0, "last": None}

    def to_move(self, s):
        return [] if s["total"] >= s["target"] else [s["turn"]]

    def read(self, s, seat, text):
        n = read_int(text)
        if not 1 <= n <= 3:
            raise Illegal("add 1, 2 or 3.")
        return n

    def apply(self, s, moves):
        (seat, n), = moves.items()
        s["total"] += n
        s["last"], s["turn"] = seat, 1 - seat
        return f"{player_name(seat)} adds {n}; the total is {s['total']}."

    def payoffs(self, s):
        return [1, -1] if s["last"] == 0 else [-1, 1]

    def observe(self, s, seat):
        return f"The total is {s['total']}; the target is {s['target']}."

    def legal(self, s, seat):
        return list(MOVES)

    def rules(self, params):
        return (f"Count to {params['target']}: two players add 1, 2 or 3 in turn to a running total; the player "
                f"whose move brings the total to {params['target']} or more wins (payoff +1, the other -1).")

    def policy_text(self, policy):
        if policy == "heuristic":
            return "always adds 3"
        return super().policy_text(policy)

    def strategy(self, policy, s, seat):
        if policy == "exact":
            good = winning_moves(s["total"], s["target"])
            return {m: 1 / len(good) for m in good} if good else super().strategy("random", s, seat)
        if policy == "heuristic":
            return {"3": 1}
        return super().strategy(policy, s, seat)


@register
class CountToMatch(SeatTask):
    """Count to a target against a built-in opponent, from a match the agent can win: the agent must
    leave the opponent a distance to the target that is a multiple of 4 whenever it can."""

    name = "multiplayer/count_to"
    game = CountTo()
    knobs = seat_knobs(game, opponent=["random"] * 5 + ["heuristic"] * 10 + ["exact"] * 5,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)

    def longest(self, params, seat):
        return params["target"] // 2 + 1
