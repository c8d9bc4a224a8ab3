"""The versus games' opponent: the turn in which the agent moves and the built-in opponent replies.

A versus game is a two-player game the agent plays against a deterministic opponent from a
position that is won for the agent (checked at generation by an exact solver). Each game
subclasses `VersusTask` (a thin layer over procgym.kit.TurnBudgetTask, which keeps the turn
budget `turn_limit`) and implements a few hooks on a JSON position dict:

    parse(c, pos, text)         -> (move, None) or (None, "why the action is invalid")
    play(c, pos, move, who)     -> mutates pos (and whose turn it is); returns one sentence
    mover(c, pos)               -> YOU, OPPONENT, or None once the game is over
    final(c, pos)               -> (agent_won, "the closing sentence")
    reply(c, pos, rng)          -> the opponent's move (its only randomness is `rng`)
    best(c, pos)                -> the reference policy's move (perfect play)
    show(c, pos)                -> the board as text
    notation(c, move)           -> the canonical action text of a move

`parse` reads the whole action: a move with leftover words, a hedge or a negation is invalid.

The opponent's tie-breaking stream is `stable_rng(task name, c["salt"], ply)`: `salt` is drawn
from the problem's own seeded stream at generation, so an episode is a pure function of the
problem record and the actions, and `build` can play the reference line before the problem
exists (`Draft.answer` is that line).
"""
from __future__ import annotations

import copy

from procgym.kit import LOSE, WIN, TurnBudgetTask, plural
from procgym.seeding import stable_rng

YOU, OPPONENT = "you", "opponent"
WIN_SCORE = 10_000  # a search score: WIN_SCORE - plies for a win found within the horizon, its negation for a loss
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def pick(scored: list, rng):
    """A move of highest score from [(score, move), ...] (listed in a fixed order); ties are
    broken by `rng`, the opponent's only source of variety."""
    top = max(score for score, _ in scored)
    best = [move for score, move in scored if score == top]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def horizon_score(outcome: int, plies: int, depth: int) -> int:
    """The score a depth-limited negamax with a zero evaluation gives a move whose exact result,
    for the player choosing it, is `outcome` (+1 win, 0 draw, -1 loss) after `plies` plies: a
    result within the horizon counts, preferring quick wins and slow losses; anything beyond it
    looks like 0."""
    if plies > depth or outcome == 0:
        return 0
    return outcome * (WIN_SCORE - plies)


def lookahead(depth: int) -> str:
    """The prompt's sentence on the opponent's strength."""
    return (f"The opponent looks {plural(depth, 'move')} ahead (counting its own moves and yours) and plays "
            f"the best move it can see.")


class VersusTask(TurnBudgetTask):
    """Base of the versus games: the agent moves, the opponent replies, until the game ends."""

    budget_key = "turn_limit"
    invalid_hint = "write one move in the action format"

    # hooks, see the module docstring
    def parse(self, c, pos, text):
        raise NotImplementedError

    def play(self, c, pos, move, who) -> str:
        raise NotImplementedError

    def mover(self, c, pos):
        raise NotImplementedError

    def final(self, c, pos) -> tuple[bool, str]:
        raise NotImplementedError

    def reply(self, c, pos, rng):
        raise NotImplementedError

    def best(self, c, pos):
        raise NotImplementedError

    def show(self, c, pos) -> str:
        raise NotImplementedError

    def notation(self, c, move) -> str:
        raise NotImplementedError

    # the turn ---------------------------------------------------------------------------------
    def start(self, problem):
        return {"pos": copy.deepcopy(problem.check["start"]), "ply": 0}

    def act(self, problem, state, text):
        """The agent's move, then the opponent's replies, until the agent is to move again or the
        game is over. An invalid move changes nothing (the turn is still used)."""
        c, pos = problem.check, state["pos"]
        move, error = self.parse(c, pos, text)
        if move is None:
            return f"Invalid move: {error}", None
        parts = [self.play(c, pos, move, YOU)]
        state["ply"] += 1
        while self.mover(c, pos) == OPPONENT:
            rng = stable_rng(self.name, c["salt"], state["ply"])
            parts.append(self.play(c, pos, self.reply(c, pos, rng), OPPONENT))
            state["ply"] += 1
        if self.mover(c, pos) is None:
            won, closing = self.final(c, pos)
            return f"{' '.join(parts)}\n{self.show(c, pos)}\n{closing}", (WIN if won else LOSE)
        return " ".join(parts), None

    def view(self, problem, state):
        return self.show(problem.check, state["pos"])

    def unsolved(self, problem, state):
        return "you lose."

    def plan(self, problem, state):
        return self.notation(problem.check, self.best(problem.check, state["pos"]))

    def agent_positions(self, problem) -> list[dict]:
        """The positions at which the agent moves along the reference line (`Draft.answer`),
        replayed against the seeded opponent: what the reference solution had to decide."""
        state, out = self.start(problem), []
        for action in problem.answer.split("\n"):
            out.append(copy.deepcopy(state["pos"]))
            _, outcome = self.act(problem, state, action)
            if outcome is not None:
                break
        return out

    def versus_draft(self, c: dict, question: str, answer_format: str | None = None, example: str | None = None):
        """The Draft: the reference line as the answer. The prompt's example is a move that is never
        legal (an off-board square, a column 0, taking 0 tokens), so it never wins the game."""
        return self.draft(question, "\n".join(self.reference_line(c)), c, answer_format=answer_format,
                          example=example)
