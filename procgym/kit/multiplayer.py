"""Multiplayer games: text games for two or more players, seeded, deterministic and zero-sum.

A game's rules are a `MultiplayerGame` subclass: stateless hooks over a JSON state dict, registered
once by name. A running game is a `Match`: the rules, the concrete knob values, the seed, the
game's state and the bookkeeping every game shares (the public log, invalid moves, forfeits).

    @register_game
    class Duel(MultiplayerGame):
        name = "duel"
        knobs = (Knob("target", [3] * 10, (1, 9), doc="points that win"),)
        action_format = "a number 1-3"
        example = "0"                                            # never a legal move
        def setup(self, rng, params): return {"points": [0, 0], "turn": 0, "target": params["target"]}
        def to_move(self, s): return [] if max(s["points"]) >= s["target"] else [s["turn"]]
        def read(self, s, seat, text): ...                       # the move text names, or raise Illegal(why)
        def apply(self, s, moves): ...                           # mutate s; return one public sentence
        def payoffs(self, s): ...                                # one per seat, summing to zero
        def observe(self, s, seat): ...                          # what `seat` sees (never others' secrets)
        def legal(self, s, seat): ...                            # the text of every legal move

    m = new_match("duel", seed=7, difficulty=3)                  # or procgym.new_match
    while not m.over:
        for player in m.to_move:                                 # "player_0", ...
            m.act(player, m.suggest(player, "random"))           # or a model's text
    m.payoffs                                                    # {"player_0": 1.0, "player_1": -1.0}

Rules of the shared bookkeeping (`Match`):

- Seats are numbered 0..n-1 in the hooks and named "player_0".."player_{n-1}" outside them.
  `roles` names what each seat is in the game ("first to act", "X"): a trainer keeps a baseline
  per (game, seat).
- All chance happens in `setup` (cards dealt for every hand, dice rolled for every round), from the
  match's own stream: a stable hash of (game, knob values, seed). So a match is a pure function of
  (game, knobs, seed, moves), and the state says everything: `Match.to_dict()` is JSON and
  `Match.from_dict` restores it. Hidden information lives in the state and `observe` keeps it
  hidden.
- `to_move` lists the seats whose move is awaited: one in a turn-based game, several in a
  simultaneous one (their moves are collected, unseen by each other, and applied together).
- A move is read strictly and completely: the text is normalised (`procgym.kit.normalize`), white
  space folded and (by default) lower-cased, then `read` must consume all of it. A move with
  leftover words, a hedge, a negation or a second move is invalid.
- **Invalid moves**: an invalid move is refused with a reason and changes nothing but the mover's
  count of invalid moves; the same player is asked again. The `max_invalid`-th invalid move of a
  player (3 by default; None: never) forfeits the game: the forfeiter's payoff is `-stake(params)`
  (the most a player can lose in the whole game, so forfeiting never pays) and the others share
  `+stake` equally.
- Terminal payoffs sum to zero (checked).

Built-in policies (`policies`): "random" (uniform over `legal`), "heuristic" (a sensible player),
and "exact" where the game is small enough (minimax, or the game-theoretic optimum of a poker game).
A policy is a distribution over legal move texts (`strategy`) or, for a search that breaks ties
with a random stream, a move drawn by `choose`; `Match.suggest` draws one move with a stream of its
own, so a seeded opponent is deterministic.
"""
from __future__ import annotations

import copy
import fnmatch
import json
import random
from fractions import Fraction
from typing import ClassVar

from procgym.knobs import Knob, check_level, max_level, resolve
from procgym.seeding import LazyRng, stable_rng

from .normalize import normalize
from .readers import NotAnAnswer

MAX_MOVE_CHARS = 1000  # characters of one move; every game's move grammar is far shorter
DEFAULT_MAX_INVALID = 3


class Illegal(ValueError):
    """A move that cannot be played; the message is one sentence saying why."""


def player_name(seat: int) -> str:
    return f"player_{seat}"


class MultiplayerGame:
    """The rules of a game for two or more players (see the module docstring)."""

    name: ClassVar[str] = ""
    knobs: ClassVar[tuple[Knob, ...]] = ()
    n_players: ClassVar[int] = 2
    roles: ClassVar[tuple[str, ...]] = ()  # what each seat is ("first to act", "X"); default: the seat names
    simultaneous: ClassVar[bool] = False  # whether seats move at the same time (the parallel API applies)
    action_format: ClassVar[str] = ""  # e.g. "check, bet, call or fold"
    example: ClassVar[str] = ""  # an example of the format that is never a legal move
    lowercase: ClassVar[bool] = True  # whether `read` gets the move in lower case
    policies: ClassVar[tuple[str, ...]] = ("random", "heuristic")

    # --- to implement -------------------------------------------------------------------------
    def setup(self, rng: random.Random, params: dict) -> dict:
        """The initial state (JSON values only), with every chance event already drawn from `rng`."""
        raise NotImplementedError

    def to_move(self, state: dict) -> list[int]:
        """The seats whose move is awaited; empty once the game is over."""
        raise NotImplementedError

    def read(self, state: dict, seat: int, text: str):
        """The move (a JSON value) that `text` names for `seat`, or raise Illegal with the reason."""
        raise NotImplementedError

    def apply(self, state: dict, moves: dict[int, object]) -> str:
        """Play the moves of every seat in `to_move` (one, unless simultaneous): mutate `state`
        and return one public sentence saying what happened."""
        raise NotImplementedError

    def payoffs(self, state: dict) -> list[float]:
        """Each seat's payoff once the game is over; they sum to zero."""
        raise NotImplementedError

    def observe(self, state: dict, seat: int) -> str:
        """What `seat` sees now: its own secrets and the public state, never another seat's secrets."""
        raise NotImplementedError

    def legal(self, state: dict, seat: int) -> list[str]:
        """The canonical text of every legal move of `seat` (each reads back through `read`)."""
        raise NotImplementedError

    def rules(self, params: dict) -> str:
        """The rules, shown to each player before its first move (the move format included)."""
        raise NotImplementedError

    def policy_text(self, policy: str) -> str:
        """What a built-in policy does, as a phrase after "The opponent ..." (games refine it)."""
        return {"random": "picks each move uniformly at random among its legal moves",
                "heuristic": "plays a simple heuristic", "exact": "plays perfectly"}.get(policy, f"plays {policy}")

    def stake(self, params: dict) -> float:
        """The most one player can lose in a whole game: what a forfeit costs."""
        return 1.0

    # --- policies -----------------------------------------------------------------------------
    def strategy(self, policy: str, state: dict, seat: int) -> dict[str, Fraction | float] | None:
        """The move probabilities of a built-in policy, or None where the policy is a search that
        `choose` runs instead. "random" is uniform over `legal`; a game states its others."""
        if policy == "random":
            moves = self.legal(state, seat)
            return {m: Fraction(1, len(moves)) for m in moves}
        return None

    def choose(self, policy: str, state: dict, seat: int, rng: random.Random) -> str:
        """One move of a built-in policy: drawn from `strategy` with `rng` (a game whose policy
        is a search overrides this)."""
        if policy not in self.policies:
            raise ValueError(f"{self.name} has no policy {policy!r}; its policies are {list(self.policies)}")
        if policy == "random":  # the draw `sample` makes from `strategy`, without a Fraction per move
            return uniform_choice(self.legal(state, seat), rng)
        dist = self.strategy(policy, state, seat)
        if dist is None:
            raise NotImplementedError(f"{self.name}: policy {policy!r} states no strategy and no choose")
        return sample(dist, rng)

    # --- provided -----------------------------------------------------------------------------
    def seats(self, params: dict) -> int:
        """The number of players of a game with these knob values."""
        return self.n_players

    def role(self, params: dict, seat: int) -> str:
        return self.roles[seat] if seat < len(self.roles) else player_name(seat)

    def params(self, seed: int = 0, difficulty: int = 3, **overrides) -> dict:
        """The concrete knob values for a level (ranges drawn from a stream of their own)."""
        check_level(difficulty, max_level(self.knobs))
        rng = LazyRng(self.name, "knobs", difficulty, sorted(overrides.items()), seed)
        return resolve(self.knobs, difficulty, overrides, rng)

    def describe(self) -> str:
        moves = ", simultaneous moves" if self.simultaneous else ""
        lines = [f"{self.name} ({self.seats(self.params())} players{moves})",
                 (type(self).__doc__ or "").strip(), f"move format: {self.action_format}",
                 f"policies: {', '.join(self.policies)}", "knobs:"]
        lines += [f"  {k.describe()}" for k in self.knobs]
        return "\n".join(lines)


def uniform_choice(moves: list[str], rng: random.Random) -> str:
    """One of `moves`, each equally likely: the same draw as `sample` over the uniform strategy
    (the same random number and the same float sums), in time linear in the moves and with no
    Fraction for each (Blotto at level 20 has 480,700 placements)."""
    moves = list(dict.fromkeys(moves))
    if not moves:
        raise ValueError("a strategy with no move of positive probability")
    x, acc, step = rng.random(), 0.0, 1 / len(moves)
    for move in moves:
        acc += step
        if x < acc:
            return move
    return moves[-1]


def sample(dist: dict, rng: random.Random) -> str:
    """A key of `dist` drawn with its probability (in the dict's order, so a seeded draw is stable)."""
    items = [(k, p) for k, p in dist.items() if p > 0]
    if not items:
        raise ValueError("a strategy with no move of positive probability")
    total = sum(p for _, p in items)
    x, acc = rng.random() * float(total), 0.0
    for k, p in items:
        acc += float(p)
        if x < acc:
            return k
    return items[-1][0]


def expected_payoffs(game: MultiplayerGame, state: dict, policies: dict[int, str]) -> list:
    """The exact expected payoffs from `state` when each seat plays a policy with a stated
    strategy (`policies` maps seat -> policy name), by walking the whole game tree. Exact (in
    fractions) when the strategies are. For small games: the tree is walked in full.

        expected_payoffs(get_game("kuhn_poker"), state, {0: "exact", 1: "exact"})
    """
    seats = game.to_move(state)
    if not seats:
        return [Fraction(p) if isinstance(p, int) else p for p in game.payoffs(state)]
    branches = [({}, Fraction(1))]
    for seat in seats:
        dist = game.strategy(policies[seat], state, seat)
        if dist is None:
            raise ValueError(f"{game.name}: policy {policies[seat]!r} states no strategy")
        branches = [({**moves, seat: text}, p * q) for moves, p in branches for text, q in dist.items() if q > 0]
    total = None
    for moves, p in branches:
        child = copy.deepcopy(state)
        game.apply(child, {seat: game.read(child, seat, text) for seat, text in moves.items()})
        values = [p * v for v in expected_payoffs(game, child, policies)]
        total = values if total is None else [a + b for a, b in zip(total, values)]
    return total


# --------------------------------------------------------------------------- the registry

_GAMES: dict[str, MultiplayerGame] = {}


def register_game(cls):
    """Class decorator: instantiate the game once and register it under `cls.name`."""
    if not cls.name or not cls.name.replace("_", "a").isalnum() or cls.name != cls.name.lower():
        raise ValueError(f"game name {cls.name!r} must be lowercase snake case")
    if cls.name in _GAMES and type(_GAMES[cls.name]).__qualname__ != cls.__qualname__:
        raise ValueError(f"game {cls.name!r} is already registered by {type(_GAMES[cls.name]).__qualname__}")
    _GAMES[cls.name] = cls()
    return cls


def games(pattern: str = "*") -> list[str]:
    """Sorted names of the registered multiplayer games matching a glob: `games("*poker*")`."""
    from procgym.registry import _load_generators

    _load_generators()
    return sorted(n for n in _GAMES if fnmatch.fnmatchcase(n, pattern))


def get_game(name) -> MultiplayerGame:
    """The registered game called `name` (a game instance is returned as it is)."""
    if isinstance(name, MultiplayerGame):
        return name
    games()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; the games are {sorted(_GAMES)}") from None


def new_match(name, seed: int = 0, difficulty: int = 3, max_invalid: int | None = DEFAULT_MAX_INVALID,
              **knobs) -> Match:
    """A new match of a game: `new_match("kuhn_poker", seed=7, difficulty=3)`."""
    return Match.new(get_game(name), seed=seed, difficulty=difficulty, max_invalid=max_invalid, **knobs)


# --------------------------------------------------------------------------- a running game

class Match:
    """A game being played: the rules, knob values, seed, the game's state and the shared
    bookkeeping (public log, invalid moves, pending simultaneous moves, forfeit).

    Players are named "player_0".. (`players`); `to_move` names whose move is awaited;
    `observation(player)` is that player's text; `act(player, text)` plays a move; once `over`,
    `payoffs` maps each player to its payoff."""

    def __init__(self, game: MultiplayerGame, params: dict, seed: int, state: dict, difficulty: int | None = None,
                 max_invalid: int | None = DEFAULT_MAX_INVALID, log=None, seen=None, invalid=None, notice=None,
                 pending=None, forfeit: int | None = None, moves: int = 0, played=None):
        self.game, self.params, self.seed, self.difficulty = game, params, seed, difficulty
        self.state, self.max_invalid = state, max_invalid
        n = game.seats(params)
        self.log: list[str] = list(log or [])  # public sentences, in order
        self.seen: list[int] = list(seen or [0] * n)  # where each seat's news starts: its last move's sentence
        self.played: list[int] = list(played or [0] * n)  # valid moves made by each seat
        self.invalid: list[int] = list(invalid or [0] * n)  # invalid moves made by each seat
        self.notice: list[str | None] = list(notice or [None] * n)  # why a seat's last move was refused
        self.pending: dict[int, object] = {int(k): v for k, v in (pending or {}).items()}  # simultaneous moves in
        self.forfeit = forfeit
        self.moves = moves  # valid moves played so far (all seats)

    @classmethod
    def new(cls, game: MultiplayerGame, seed: int = 0, difficulty: int = 3,
            max_invalid: int | None = DEFAULT_MAX_INVALID, **knobs) -> Match:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        if max_invalid is not None and (isinstance(max_invalid, bool) or not isinstance(max_invalid, int)
                                        or max_invalid < 1):
            raise ValueError(f"max_invalid must be a positive integer or None, got {max_invalid!r}")
        params = game.params(seed, difficulty, **knobs)
        state = game.setup(stable_rng(game.name, params, seed), dict(params))
        return cls(game, params, seed, state, difficulty, max_invalid)

    # -- who and when ----------------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [player_name(i) for i in range(self.game.seats(self.params))]

    def seat(self, player) -> int:
        """The seat number of a player name ("player_1" -> 1); a seat number is returned as it is."""
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(self.players):
            return player
        if isinstance(player, str) and player in self.players:
            return self.players.index(player)
        raise KeyError(f"unknown player {player!r}; the players are {self.players}")

    def role(self, player) -> str:
        return self.game.role(self.params, self.seat(player))

    @property
    def over(self) -> bool:
        return self.forfeit is not None or not self.game.to_move(self.state)

    @property
    def to_move(self) -> list[str]:
        """The players whose move is awaited (a simultaneous move already in is not awaited)."""
        return [player_name(s) for s in self.owing()]

    @property
    def payoffs(self) -> dict[str, float]:
        """Each player's payoff; the game must be over."""
        if not self.over:
            raise ValueError("the game is not over")
        n = len(self.players)
        if self.forfeit is not None:
            stake = float(self.game.stake(self.params))
            values = [-stake if s == self.forfeit else stake / (n - 1) for s in range(n)]
        else:
            values = [float(v) for v in self.game.payoffs(self.state)]
        if len(values) != n or abs(sum(values)) > 1e-9:
            raise AssertionError(f"{self.game.name}: payoffs {values} must be one per player and sum to zero")
        return dict(zip(self.players, values))

    # -- moves -----------------------------------------------------------------------------------
    def legal_actions(self, player) -> list[str]:
        """The canonical text of every legal move of `player` now (empty when not to move)."""
        seat = self.seat(player)
        if player_name(seat) not in self.to_move:
            return []
        return self.game.legal(self.state, seat)

    def act(self, player, text) -> tuple[bool, str]:
        """Play `text` as `player`'s move: (valid, sentence). A refused move says why and counts
        towards the forfeit rule (see the module docstring); it never raises on any text."""
        seat = self.seat(player)
        name = player_name(seat)
        awaited = [] if self.forfeit is not None else self.game.to_move(self.state)
        if not awaited:
            return False, "The game is over."
        if seat not in awaited or seat in self.pending:
            return False, f"It is not {name}'s move."
        try:
            move = self._read(seat, text)
        except (Illegal, NotAnAnswer) as exc:
            return False, self._refuse(seat, str(exc))
        self.notice[seat] = None
        self.pending[seat] = move
        if any(s not in self.pending for s in awaited):
            return True, f"{name}'s move is in; waiting for the others."
        moves, self.pending = self.pending, {}
        sentence = self.game.apply(self.state, moves)
        self.moves += 1
        self.log.append(sentence)
        for s in moves:
            self.seen[s] = len(self.log) - 1  # a player's news starts with what its own move did
            self.played[s] += 1
        return True, sentence

    def owing(self) -> list[int]:
        """The seats whose move is awaited and not yet in (empty once the game is over)."""
        if self.forfeit is not None:
            return []
        return [s for s in self.game.to_move(self.state) if s not in self.pending]

    def _read(self, seat: int, text):
        if not isinstance(text, str):
            raise Illegal("the move is not text.")
        if len(text) > MAX_MOVE_CHARS:
            raise Illegal(f"the move is longer than {MAX_MOVE_CHARS} characters.")
        text = " ".join(normalize(text).split())
        if self.game.lowercase:
            text = text.lower()
        if not text:
            raise Illegal(f"the move is empty; write {self.game.action_format}.")
        return self.game.read(self.state, seat, text)

    def _refuse(self, seat: int, reason: str) -> str:
        self.invalid[seat] += 1
        reason = reason.strip().rstrip(".")
        reason = reason[:1].upper() + reason[1:]
        if self.max_invalid is not None and self.invalid[seat] >= self.max_invalid:
            self.forfeit = seat
            self.pending = {}
            sentence = (f"{player_name(seat)} made {self.invalid[seat]} invalid moves and forfeits the game "
                        f"(payoff -{_number(self.game.stake(self.params))}).")
            self.log.append(sentence)
            self.notice[seat] = f"Invalid move: {reason}."
            return f"Invalid move: {reason}. {sentence}"
        left = "" if self.max_invalid is None else (
            f" That is invalid move {self.invalid[seat]} of {self.max_invalid}: the {_ordinal(self.max_invalid)} "
            f"forfeits the game.")
        self.notice[seat] = f"Invalid move: {reason}.{left}"
        return self.notice[seat]

    def suggest(self, player, policy: str = "heuristic", rng: random.Random | None = None) -> str:
        """A move of a built-in policy for `player` now. Without `rng` the draw comes from a stream
        of (game, seed, moves so far, seat, policy), so the same state gives the same move."""
        seat = self.seat(player)
        rng = rng or stable_rng(self.game.name, self.seed, self.moves, seat, policy)
        return self.game.choose(policy, self.state, seat, rng)

    # -- what a player sees ----------------------------------------------------------------------
    def observation(self, player) -> str:
        """`player`'s text now: the rules (before its first move), what happened from its last move
        on (that move's own sentence first), its own view of the game, and whether and how to move.
        A pure function of the state."""
        seat = self.seat(player)
        name = player_name(seat)
        parts = []
        if not self._has_moved(seat):
            parts.append(f"{self.game.rules(self.params)}\nYou are {name} ({self.role(seat)}).")
        news = self.log[self.seen[seat]:]
        if news:
            parts.append(" ".join(news))
        if self.notice[seat]:
            parts.append(self.notice[seat])
        parts.append(self.game.observe(self.state, seat))
        if self.over:
            payoffs = self.payoffs
            parts.append("The game is over. Payoffs: " + ", ".join(f"{p} {_number(v)}" for p, v in payoffs.items())
                         + f". Yours: {_number(payoffs[name])}.")
        elif name in self.to_move:
            parts.append(f"Your move ({self.game.action_format}).")
        else:
            waiting = self.to_move
            parts.append(f"Waiting for {', '.join(waiting)}." if waiting else "Waiting.")
        return "\n".join(p for p in parts if p)

    def _has_moved(self, seat: int) -> bool:
        return self.played[seat] > 0 or seat in self.pending

    # -- records ---------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole match as JSON values (hidden information included: it is the referee's record)."""
        return {"game": self.game.name, "seed": self.seed, "difficulty": self.difficulty, "params": self.params,
                "state": self.state, "max_invalid": self.max_invalid, "log": self.log, "seen": self.seen,
                "invalid": self.invalid, "notice": self.notice, "pending": {str(k): v for k, v in self.pending.items()},
                "forfeit": self.forfeit, "moves": self.moves, "played": self.played}

    @classmethod
    def from_dict(cls, record: dict, game: MultiplayerGame | None = None) -> Match:
        record = json.loads(json.dumps(record))  # a private copy
        game = game or get_game(record["game"])
        return cls(game, record["params"], record["seed"], record["state"], record.get("difficulty"),
                   record.get("max_invalid", DEFAULT_MAX_INVALID), record["log"], record["seen"], record["invalid"],
                   record["notice"], record["pending"], record["forfeit"], record["moves"], record.get("played"))

    def copy(self) -> Match:
        # the state is JSON values only: a JSON round trip copies it faster than deepcopy
        return Match(self.game, dict(self.params), self.seed, json.loads(json.dumps(self.state)), self.difficulty,
                     self.max_invalid, self.log, self.seen, self.invalid, self.notice, copy.deepcopy(self.pending),
                     self.forfeit, self.moves, self.played)


def _number(value) -> str:
    value = float(value)
    return str(int(value)) if value.is_integer() else f"{value:g}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
