"""Shared machinery for the versus games: the turn loop against a built-in opponent.

A versus game is a two-player game the agent plays against a deterministic opponent from a
position that is won for the agent (checked at generation by an exact solver). Each game
subclasses `VersusTask` and implements a few hooks on a JSON position dict:

    start(c)                    -> a fresh position from the problem's check record `c`
    parse(c, pos, text)         -> (move, None) or (None, "why the action is invalid")
    play(c, pos, move, who)     -> mutates pos (and whose turn it is); returns one sentence
    mover(c, pos)               -> YOU, OPPONENT, or None once the game is over
    final(c, pos)               -> (agent_won, "the closing sentence")
    reply(c, pos, rng)          -> the opponent's move (its only randomness is `rng`)
    best(c, pos)                -> the reference policy's move (perfect play)
    show(c, pos)                -> the board as text
    notation(c, move)           -> the canonical action text of a move

The opponent's tie-breaking stream is `stable_rng(task name, c["salt"], ply)`: `salt` is drawn
from the problem's own seeded stream at generation, so an episode is a pure function of the
problem record and the actions, and `build` can play the reference line before the problem
exists (`Draft.answer` is that line).
"""
from __future__ import annotations

import copy
import re

from procgym import Draft, InteractiveTask
from procgym.seeding import stable_rng

YOU, OPPONENT = "you", "opponent"
WIN = 10_000  # a search score: WIN - plies for a win found within the horizon, its negation for a loss
MAX_ACTION_CHARS = 200
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
    return outcome * (WIN - plies)


def words(text: str) -> list[str]:
    """Lowercase letter runs and digit runs of an action."""
    return re.findall(r"[a-z]+|\d+", text.lower())


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def lookahead(depth: int) -> str:
    """The prompt's sentence on the opponent's strength."""
    return (f"The opponent looks {plural(depth, 'move')} ahead (counting its own moves and yours) and plays "
            f"the best move it can see.")


class VersusTask(InteractiveTask):
    """Base of the versus games: the agent moves, the opponent replies, until the game ends."""

    def start(self, c: dict) -> dict:
        return copy.deepcopy(c["start"])

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

    # the framework ----------------------------------------------------------------------------
    def initial_state(self, problem):
        return {"pos": self.start(problem.check), "turns": 0, "ply": 0}

    def transition(self, problem, state, action):
        return self.advance(problem.check, state, action)

    def policy(self, problem, state):
        return self.notation(problem.check, self.best(problem.check, state["pos"]))

    def advance(self, c: dict, state: dict, action) -> tuple[str, float, bool]:
        """One agent turn: its move, then the opponent's replies, until the agent is to move again
        or the game is over. An invalid action changes nothing but uses the turn."""
        state["turns"] += 1
        left = c["turn_limit"] - state["turns"]
        pos = state["pos"]
        if not isinstance(action, str) or len(action) > MAX_ACTION_CHARS:
            move, error = None, "write one move in the action format."
        else:
            move, error = self.parse(c, pos, action.strip())
        if move is None:
            text = f"Invalid move: {error}"
        else:
            parts = [self.play(c, pos, move, YOU)]
            state["ply"] += 1
            while self.mover(c, pos) == OPPONENT:
                rng = stable_rng(self.name, c["salt"], state["ply"])
                parts.append(self.play(c, pos, self.reply(c, pos, rng), OPPONENT))
                state["ply"] += 1
            if self.mover(c, pos) is None:
                won, closing = self.final(c, pos)
                return f"{' '.join(parts)}\n{self.show(c, pos)}\n{closing}", (1.0 if won else 0.0), True
            text = f"{' '.join(parts)}\n{self.show(c, pos)}"
        if left <= 0:
            return f"{text}\nOut of turns: you lose.", 0.0, True
        return f"{text}\nYour move. Turns left: {left}.", 0.0, False

    def reference_line(self, c: dict) -> list[str]:
        """The reference policy's actions against the opponent from the start; raises if it does
        not win (a bug: every start is solved as won)."""
        state = {"pos": self.start(c), "turns": 0, "ply": 0}
        actions, observation = [], ""
        for _ in range(c["turn_limit"]):
            actions.append(self.notation(c, self.best(c, state["pos"])))
            observation, reward, done = self.advance(c, state, actions[-1])
            if done:
                if reward >= 1.0:
                    return actions
                break
        raise RuntimeError(f"{self.name}: the reference policy did not win: {observation}")

    def draft(self, c: dict, question: str, **kwargs) -> Draft:
        return Draft(question, "\n".join(self.reference_line(c)), c, **kwargs)
