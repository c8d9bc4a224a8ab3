"""Two-player board games that reuse the rules of a versus task (generators/versus), seat by seat.

A versus task keeps a position from one side: "you" (the agent) and "opponent". Its hooks
(`parse`, `play`, `mover`, `final`, `show`, `notation`, `reply`, `best`) are the rules. Here
player_0 is "you" of the stored position and player_1 is "opponent"; `swap` gives the same
position seen from player_1's side, so every hook that reads the position from the mover's side
(parsing a move, showing the board, the best move) is called with the position as that seat sees
it. The versus task is reached through the registry (`procgym.get`), as any user reaches it, so
the rules live in one place and the versus problems are untouched.

A game file supplies `start` (the opening position, player_0 to move; a knob `opening` adds that
many random moves, stopping short of one that would end the game), `swap`, `candidates` (every
text that might be a move; `parse` keeps the legal ones), `identity` (which pieces are the seat's)
and `rules`.
"""
from __future__ import annotations

import copy
from typing import ClassVar

from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name
from procgym.kit.seat_task import SeatTask
from procgym.registry import get

# the sides of a versus position (generators/versus/_opponent.py), which a category cannot import
YOU, OPPONENT = "you", "opponent"
SIDES = (YOU, OPPONENT)


class VersusGame(MultiplayerGame):
    """A two-player game played with a versus task's rules (see the module docstring)."""

    versus: ClassVar[str] = ""  # the versus task whose rules this game plays
    heuristic_depth: ClassVar[int] = 2  # plies the "heuristic" policy (the versus opponent) looks ahead

    def policy_text(self, policy):
        if policy == "heuristic":
            return (f"looks {self.heuristic_depth} moves ahead (its own and the other player's) and plays the best "
                    f"move it can see, breaking ties at random")
        if policy == "exact":
            return "plays perfectly (an exact search of the game), breaking ties by the first best move"
        return super().policy_text(policy)

    @property
    def rules_of(self):
        return get(self.versus)

    # --- to implement -------------------------------------------------------------------------
    def start(self, rng, params) -> tuple[dict, dict]:
        """(c, pos): the versus check fields the hooks read, and the position, player_0 as "you"."""
        raise NotImplementedError

    def swap(self, c: dict, pos: dict) -> tuple[dict, dict]:
        """The same position from the other side ("you" and "opponent" exchanged)."""
        raise NotImplementedError

    def candidates(self, c: dict, pos: dict) -> list[str]:
        """Every text that might be a move of the player to move (`parse` keeps the legal ones)."""
        raise NotImplementedError

    def identity(self, c: dict) -> str:
        """Which pieces are the seat's, with `c` seen from that seat."""
        raise NotImplementedError

    # --- the game -----------------------------------------------------------------------------
    def setup(self, rng, params):
        c, pos = self.start(rng, params)
        state = {"c": {**c, "opponent_depth": self.heuristic_depth}, "pos": pos}
        for _ in range(params.get("opening", 0)):  # random opening moves that do not end the game
            seat, = self.to_move(state)
            moves = self.legal(state, seat)
            trial = copy.deepcopy(state)
            self.apply(trial, {seat: self.read(trial, seat, moves[rng.randrange(len(moves))])})
            if not self.to_move(trial):
                break
            state = trial
        return state

    def side(self, state, seat: int) -> tuple[dict, dict]:
        """(c, pos) as `seat` sees them: `seat` is "you"."""
        c, pos = state["c"], state["pos"]
        return (c, pos) if seat == 0 else self.swap(c, pos)

    def to_move(self, state):
        mover = self.rules_of.mover(state["c"], state["pos"])
        return [] if mover is None else [SIDES.index(mover)]

    def read(self, state, seat, text):
        move, error = self.rules_of.parse(*self.side(state, seat), text)
        if move is None:
            raise Illegal(error)
        return move

    def apply(self, state, moves):
        (seat, move), = moves.items()
        task, c, pos = self.rules_of, state["c"], state["pos"]
        task.play(c, pos, copy.deepcopy(move), SIDES[seat])
        sentence = f"{player_name(seat)} played {task.notation(c, move)}."
        if self.to_move(state) == [seat]:
            sentence += " " + self.again(seat)
        return sentence

    def again(self, seat: int) -> str:
        """Said when the same seat moves next."""
        return f"{player_name(1 - seat)} has no legal move and passes; {player_name(seat)} moves again."

    def payoffs(self, state):
        won = [self.rules_of.final(*self.side(state, seat))[0] for seat in (0, 1)]
        return [1, -1] if won[0] else [-1, 1] if won[1] else [0, 0]

    def observe(self, state, seat):
        c, pos = self.side(state, seat)
        return f"{self.identity(c)}\n{self.rules_of.show(c, pos)}"

    def legal(self, state, seat):
        c, pos = self.side(state, seat)
        task = self.rules_of
        out = []
        for text in self.candidates(c, pos):
            move, _ = task.parse(c, pos, text)
            if move is not None:
                out.append(task.notation(c, move))
        return out

    def choose(self, policy, state, seat, rng):
        task = self.rules_of
        if policy == "heuristic":  # the versus opponent, seeing the position with `seat` as its side
            c, pos = self.side(state, 1 - seat)
            return task.notation(c, task.reply(c, pos, rng))
        if policy == "exact" and "exact" in self.policies:
            c, pos = self.side(state, seat)
            return task.notation(c, task.best(c, pos))
        return super().choose(policy, state, seat, rng)


class VersusMatch(SeatTask):
    """Base of the versus games' single-agent tasks: the search tries the game's best move first
    (the exact policy where the game has one, else the heuristic's). Against a perfect opponent it
    tries only that move: if perfect play does not win, no line does."""

    def order(self, c, m, moves):
        policy = "exact" if "exact" in self.game.policies else "heuristic"
        first = self.game.choose(policy, m.state, c["seat"], _FirstRng())
        if c["opponent"] == "exact" == policy:
            return [first]
        return [first] + [t for t in moves if t != first] if first in moves else moves


class _FirstRng:
    """A stand-in random stream that always picks the first of tied moves: the search order must
    not depend on any draw."""

    def randrange(self, n):
        return 0

    def random(self):
        return 0.0
