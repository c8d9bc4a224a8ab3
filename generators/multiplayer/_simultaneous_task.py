"""The single-agent view of a simultaneous-move game: a SeatTask whose search for a winning line
tries first the agent's moves that do best this round against the opponents' moves of the round.

In a simultaneous game the opponents' moves of a round do not depend on the agent's move of that
round (they are drawn from the seeded stream `stable_rng(task, salt, moves so far, seat)` and see
only the state), so the referee's search may compute them before choosing the agent's move. A
task states how good a move is against them (`preference`) and how many of the best moves the
search tries each round (`breadth`): the search stays bounded however many moves a round allows
(a Blotto allocation, an auction bid), and a line it finds is a real win.
"""
from __future__ import annotations

from typing import ClassVar

from procgym.kit.seat_task import SeatTask
from procgym.seeding import stable_rng


class SimultaneousMatch(SeatTask):
    """A SeatTask over a simultaneous-move game (see the module docstring)."""

    breadth: ClassVar[int] = 3  # the agent's moves the search tries each round, best first
    # a match whose best few replies per round do not win within this many moves is redrawn: a
    # hopeless deal (values that cannot beat the opponent) would otherwise cost breadth ** rounds
    search_nodes = 80

    def preference(self, state: dict, seat: int, move: str, replies: dict[int, str]):
        """How good `move` (legal text) is for `seat` this round against the other seats'
        `replies` (seat -> move text): any sortable value, higher is better."""
        raise NotImplementedError

    def replies(self, c: dict, m) -> dict[int, str]:
        """The opponents' moves of this round, exactly as `reply` will draw them."""
        seat = c["seat"]
        return {s: self.opponent_move(c, m, s, stable_rng(self.name, c["salt"], m.moves, s))
                for s in self.game.to_move(m.state) if s != seat}

    def order(self, c, m, moves):
        replies = self.replies(c, m)
        ranked = sorted(moves, key=lambda move: self.preference(m.state, c["seat"], move, replies), reverse=True)
        return ranked[:self.breadth]
