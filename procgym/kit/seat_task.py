"""A multiplayer game as a single-agent interactive task: the agent takes one seat, built-in
opponents take the others.

    @register
    class KuhnPokerTask(SeatTask):
        '''Kuhn poker against a built-in opponent ...'''
        name = "multiplayer/kuhn_poker"
        game = KuhnPoker()
        knobs = (*game knobs with this task's levels*, Knob("seat", ...), Knob("opponent", ...),
                 Knob("spare_turns", ...))

The task's knobs are the game's knobs (by name; the task may give them other levels) plus `seat`
(which seat the agent plays), `opponent` (a built-in policy of the game) and `spare_turns` (turns
allowed beyond the agent's longest possible game, for invalid moves). Each problem is a match
(dealt and seeded at generation) that the agent can win against the opponent: the opponent is
deterministic given the problem (its random draws come from `stable_rng(task, salt, moves so far,
seat)`, `salt` drawn at generation), so `winning_line`, an exhaustive depth-first search over the
agent's moves with the opponent's replies played out, decides at generation whether some line of
agent moves wins the match (payoff above zero), and a match without one is redrawn. The reference
policy plays that line; it sees the whole state (the other seats' cards too), as a referee would,
while the agent sees only its own observation. The reward is 1 for winning the match.

Every turn spends one unit of the budget `turn_limit` (procgym.kit.TurnBudgetTask): an invalid
move is refused with the reason and costs its turn (the multiplayer forfeit rule is off here:
running out of turns is the loss). The prompt's example is the game's example move, which is
never legal, so it never wins.
"""
from __future__ import annotations

import copy
import json
from collections import OrderedDict
from typing import ClassVar

from procgym.knobs import Knob
from procgym.seeding import stable_rng

from .interactive import LOSE, WIN, TurnBudgetTask
from .multiplayer import Match, MultiplayerGame, player_name
from .text import plural
from .tools import Param, Tool

SEARCH_NODES = 3_000  # agent moves tried per search: past it a match counts as not won (redrawn)
DRAWS = 200  # matches drawn per problem before generation gives up
_LINES: OrderedDict = OrderedDict()  # winning lines found, by state (a bounded cache of a pure function)
_MAX_LINES = 20_000


class _OutOfNodes(Exception):
    pass


class SeatTask(TurnBudgetTask):
    """A multiplayer game played from one seat against built-in opponents (see the module doc)."""

    game: ClassVar[MultiplayerGame]
    budget_key = "turn_limit"
    invalid_hint = "write one move in the action format"
    search_nodes: ClassVar[int] = SEARCH_NODES  # a task whose moves are costly to play out may search less
    lowercase = False  # the game reads its own case
    tools = (Tool("move", "Play one move in the game.", "{move}",
                  (Param("move", "string", "the move, written in the action format"),)),)

    @property
    def answer_format(self):  # the game's move format
        return self.game.action_format

    @property
    def example(self):
        return self.game.example

    # --- hooks a task may override ------------------------------------------------------------
    def opponent_move(self, c: dict, m: Match, seat: int, rng) -> str:
        """The built-in opponent's move for `seat` (its only randomness is `rng`)."""
        return self.game.choose(c["opponent"], m.state, seat, rng)

    def opponent_text(self, c: dict) -> str:
        """The prompt's sentence on the opponent."""
        others = [player_name(s) for s in range(self.game.n_players) if s != c["seat"]]
        who = f"The opponent ({', '.join(others)})" if len(others) == 1 else f"Each opponent ({', '.join(others)})"
        return f"{who} {self.game.policy_text(c['opponent'])}."

    def longest(self, params: dict, seat: int) -> int:
        """The most valid moves `seat` can make in one match (the budget adds spare turns)."""
        raise NotImplementedError

    def order(self, c: dict, m: Match, moves: list[str]) -> list[str]:
        """The agent's moves in the order the search tries them (legal order by default)."""
        return moves

    def effort(self, problem) -> float:
        """The choices the reference line makes: at each of the agent's moves along it (replayed
        against the seeded opponents), the legal moves it is picked from."""
        c = problem.check
        m = Match.from_dict(copy.deepcopy(c["match"]), self.game)
        choices = 0
        for text in problem.answer.split("\n"):
            if m.over or c["seat"] not in m.owing():
                break
            choices += len(self.game.legal(m.state, c["seat"]))
            valid, _ = self.advance(c, m, text)
            if not valid:
                break
        return choices

    # --- generation ---------------------------------------------------------------------------
    def game_params(self, params: dict) -> dict:
        return {k.name: params[k.name] for k in self.game.knobs}

    def build(self, rng, params):
        gp = self.game_params(params)
        seat = params["seat"]
        if not 0 <= seat < self.game.seats(gp):
            raise ValueError(f"knob 'seat': {seat} is not a seat of a {self.game.seats(gp)}-player game")
        for _ in range(DRAWS):
            match_seed, salt = rng.randrange(2**62), rng.randrange(2**31)
            state = self.game.setup(stable_rng(self.game.name, gp, match_seed), dict(gp))
            m = Match(self.game, gp, match_seed, state, max_invalid=None)
            c = {"seat": seat, "opponent": params["opponent"], "salt": salt,
                 "turn_limit": self.longest(gp, seat) + params["spare_turns"]}
            c.update(self.extra(rng, params))
            self.reply(c, m)
            if m.over:
                continue
            try:
                line = self.winning_line(c, m)
            except _OutOfNodes:
                continue
            if line:
                c["match"] = m.to_dict()
                return self.draft(self.question(c, m), "\n".join(self.reference_line(c)), c)
        raise ValueError(f"knob 'opponent': no match won against the {params['opponent']} opponent was found "
                         f"in {DRAWS} draws")

    def extra(self, rng, params) -> dict:
        """More of the check record a task needs (an opponent's stated style); drawn after the match."""
        return {}

    def question(self, c: dict, m: Match) -> str:
        seat = c["seat"]
        name = player_name(seat)
        news = " ".join(m.log)
        return (f"{self.game.rules(m.params)}\nYou are {name} ({m.role(seat)}). {self.opponent_text(c)}\n"
                + (f"{news}\n" if news else "")
                + f"{self.game.observe(m.state, seat)}\n"
                f"It is your move. After each of your moves you see what the other players did. You have "
                f"{plural(c['turn_limit'], 'turn')}; an invalid move is rejected and still uses a turn. "
                f"Win the match: finish with a payoff above zero.")

    # --- dynamics -----------------------------------------------------------------------------
    def match_of(self, problem, state) -> Match:
        return Match.from_dict(state["match"], self.game)

    def start(self, problem):
        return {"match": copy.deepcopy(problem.check["match"])}

    def reply(self, c: dict, m: Match) -> None:
        """The opponents move until the agent is to move or the game is over."""
        while True:
            owing = m.owing()
            if not owing or c["seat"] in owing:
                return
            for seat in owing:
                move = self.opponent_move(c, m, seat, stable_rng(self.name, c["salt"], m.moves, seat))
                valid, sentence = m.act(seat, move)
                if not valid:
                    raise RuntimeError(f"{self.name}: the opponent's move {move!r} was refused: {sentence}")

    def advance(self, c: dict, m: Match, text: str) -> tuple[bool, str]:
        """The agent's move and the opponents' replies: (valid, the sentences since the agent's move)."""
        seat = c["seat"]
        before = len(m.log)
        valid, sentence = m.act(seat, text)
        if not valid:
            return False, sentence
        self.reply(c, m)
        return True, " ".join(m.log[before:]) or sentence

    def act(self, problem, state, text):
        c = problem.check
        m = self.match_of(problem, state)
        valid, news = self.advance(c, m, text)
        if not valid:
            return news, None  # the state stays as it was
        state["match"] = m.to_dict()
        if m.over:
            mine = m.payoffs[player_name(c["seat"])]
            closing = self.game.observe(m.state, c["seat"])
            if mine > 0:
                return f"{news}\n{closing}\nYou win the match (payoff {_signed(mine)}).", WIN
            return f"{news}\n{closing}\nThe match is over with your payoff {_signed(mine)}: not a win.", LOSE
        return news, None

    def view(self, problem, state):
        return self.game.observe(self.match_of(problem, state).state, problem.check["seat"])

    def unsolved(self, problem, state):
        return "the match was not won."

    def plan(self, problem, state):
        c = problem.check
        m = self.match_of(problem, state)
        try:
            line = self.winning_line(c, m)
        except _OutOfNodes:
            line = None
        if line:
            return line[0]
        return self.game.legal(m.state, c["seat"])[0]  # off every winning line: any legal move

    # --- the search ---------------------------------------------------------------------------
    def winning_line(self, c: dict, m: Match) -> list[str] | None:
        """The agent's moves from `m` (agent to move) that win the match against the opponents'
        deterministic replies: the first such line in depth-first order, or None when there is
        none. Raises _OutOfNodes past `search_nodes` tried moves."""
        key = self._key(c, m)
        if key in _LINES:
            _LINES.move_to_end(key)
            if _LINES[key] is _OutOfNodes:
                raise _OutOfNodes
            return _LINES[key]
        try:
            line = self._search(c, m, [self.search_nodes], set())
        except _OutOfNodes:
            self._remember(key, _OutOfNodes)  # remembered too: generating the same problem again is quick
            raise
        self._remember(key, line)
        if line:  # every state along the line continues with the rest of it
            m = m.copy()
            for i, text in enumerate(line[:-1]):
                self.advance(c, m, text)
                self._remember(self._key(c, m), line[i + 1:])
        return line

    def _search(self, c, m: Match, nodes: list[int], lost: set) -> list[str] | None:
        seat = c["seat"]
        me = player_name(seat)
        for text in self.order(c, m, self.game.legal(m.state, seat)):
            nodes[0] -= 1
            if nodes[0] < 0:
                raise _OutOfNodes
            child = m.copy()
            valid, sentence = self.advance(c, child, text)
            if not valid:
                raise RuntimeError(f"{self.name}: the legal move {text!r} was refused: {sentence}")
            if child.over:
                if child.payoffs[me] > 0:
                    return [text]
                continue
            key = json.dumps(child.state, sort_keys=True)
            if key in lost:
                continue
            rest = self._search(c, child, nodes, lost)
            if rest is not None:
                return [text] + rest
            lost.add(key)
        return None

    def _key(self, c, m: Match) -> str:
        return json.dumps([self.name, {k: v for k, v in c.items() if k != "match"}, m.params, m.seed, m.state],
                          sort_keys=True)

    @staticmethod
    def _remember(key, line):
        _LINES[key] = line
        if len(_LINES) > _MAX_LINES:
            _LINES.popitem(last=False)


def seat_knobs(game: MultiplayerGame, opponent: list, spare_turns: list, seat=None, **levels) -> tuple[Knob, ...]:
    """The knobs of a SeatTask: the game's knobs (with other levels where `levels` names them),
    then `seat` (default: drawn from every seat at each level), `opponent` and `spare_turns`."""
    out = []
    for k in game.knobs:
        out.append(Knob(k.name, levels.pop(k.name), k.valid, k.choices, k.doc) if k.name in levels else k)
    if levels:
        raise ValueError(f"{game.name} has no knobs {sorted(levels)}")
    n = game.n_players
    out.append(Knob("seat", seat or [(0, n - 1)] * len(opponent), (0, n - 1),
                    doc="the seat the agent plays (0 moves first)"))
    out.append(Knob("opponent", opponent, choices=tuple(game.policies), doc="the built-in policy of the other seats"))
    out.append(Knob("spare_turns", spare_turns, (0, 20),
                    doc="turns allowed beyond the longest game, for invalid moves"))
    return tuple(out)


def _signed(value: float) -> str:
    text = str(int(value)) if float(value).is_integer() else f"{value:g}"
    return text if value <= 0 else f"+{text}"
