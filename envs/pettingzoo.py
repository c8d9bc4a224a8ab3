"""Any multiplayer game (procgym.kit.multiplayer) as a PettingZoo env: AEC for every game, and the
parallel API for simultaneous-move games.

    env = make_aec("kuhn_poker", difficulty=3)           # a pettingzoo.AECEnv
    env.reset(seed=7)                                   # reset(seed=s) plays new_match(name, seed=s)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else policy(obs, info["legal_moves"]))

    par = make_parallel("goofspiel", difficulty=3)       # simultaneous games only: a pettingzoo.ParallelEnv
    observations, infos = par.reset(seed=7)
    observations, rewards, terminations, truncations, infos = par.step({a: move for a in par.agents})

Observations and actions are text (a `gymnasium.spaces.Text` over procgym's charset, as in
procgym.envs.text); an observation is `Match.observation(agent)`. An invalid move is refused: the
same agent is selected again, its `infos[agent]["invalid"]` says why, and after `max_invalid`
invalid moves it forfeits (see procgym.kit.multiplayer). Rewards are the game's payoffs, given
once, when the game ends; `infos[agent]` carries `legal_moves` (the canonical text of each legal
move, empty when not to move) and `role`. An observation is a `TextObservation`, a str that
carries the dtype PettingZoo's api_test looks for. Games end by their rules, so nothing is truncated.
"""
from __future__ import annotations

import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from procgym.kit.interactive import printable
from procgym.kit.multiplayer import DEFAULT_MAX_INVALID, MAX_MOVE_CHARS, Match, MultiplayerGame, get_game

from .text import MAX_OBSERVATION, text_space


class TextObservation(str):
    """An observation: a `str` that also names its numpy dtype, the one `Text` spaces declare.
    PettingZoo's api_test compares every observation's `.dtype` with its space's, which a plain
    str lacks; everything else sees an ordinary string (JSON, comparisons, tokenizers)."""

    __slots__ = ()
    dtype = np.dtype(str)


class _MatchHolder:
    """What both envs share: the game, its knobs, and the match of the current episode."""

    metadata: dict = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def _init(self, game, difficulty: int, max_invalid, render_mode, knobs):
        self.game: MultiplayerGame = get_game(game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.difficulty, self.max_invalid, self.knobs, self.render_mode = difficulty, max_invalid, knobs, render_mode
        probe = Match.new(self.game, seed=0, difficulty=difficulty, max_invalid=max_invalid, **knobs)  # validates now
        self.possible_agents = probe.players
        # one space object per agent, returned every time (PettingZoo seeds spaces through them)
        self._observation_spaces = {a: text_space(MAX_OBSERVATION) for a in self.possible_agents}
        self._action_spaces = {a: text_space(MAX_MOVE_CHARS) for a in self.possible_agents}
        self.agents: list[str] = []
        self.match: Match | None = None
        self.metadata = {**self.metadata, "name": f"procgym/{self.game.name}"}
        self._seeds = np.random.default_rng()

    def _new_match(self, seed) -> Match:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            match_seed = int(seed)
        else:
            match_seed = int(self._seeds.integers(0, 2**62))
        match = Match.new(self.game, seed=match_seed, difficulty=self.difficulty, max_invalid=self.max_invalid,
                          **self.knobs)
        if match.players != self.possible_agents:
            raise ValueError(f"{self.game.name}: seed {match_seed} gives players {match.players}, not "
                             f"{self.possible_agents}: fix the player count with a knob")
        return match

    def _info(self, agent: str, reason: str | None = None) -> dict:
        info = {"legal_moves": self.match.legal_actions(agent), "role": self.match.role(agent),
                "to_move": agent in self.match.to_move}
        if reason is not None:
            info["invalid"] = reason
        return info

    def _observation(self, agent: str) -> str:
        return TextObservation(printable(self.match.observation(agent))[:MAX_OBSERVATION])

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def render(self):
        if self.match is None:
            return None
        text = "\n".join(self.match.log) or "(no move yet)"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def state(self) -> dict:
        """The whole match as JSON (hidden information included): the referee's view."""
        return self.match.to_dict() if self.match is not None else {}


class MultiplayerAEC(_MatchHolder, AECEnv):
    """A multiplayer game as a PettingZoo AECEnv (see the module docstring)."""

    def __init__(self, game: str | MultiplayerGame, difficulty: int = 3, max_invalid: int | None = DEFAULT_MAX_INVALID,
                 render_mode: str | None = None, **knobs):
        AECEnv.__init__(self)
        self._init(game, difficulty, max_invalid, render_mode, knobs)
        self.metadata = {**self.metadata, "is_parallelizable": False}

    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new match; `reset(seed=s)` plays `new_match(game, seed=s, ...)`. `options={"match":
        record}` resumes a `Match.to_dict()` record of this game."""
        if options and "match" in options:
            self.match = Match.from_dict(options["match"], self.game)
        else:
            self.match = self._new_match(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: self.match.over for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: self._info(a) for a in self.agents}
        self.agent_selection = self._next(self.agents[0])

    def observe(self, agent):
        return self._observation(agent)

    def _next(self, start: str) -> str:
        """The first agent from `start` on (in seat order, wrapping round) whose move is awaited;
        `start` itself once the game is over (every agent is then terminated)."""
        waiting = self.match.to_move
        i = self.agents.index(start)
        return next((a for a in self.agents[i:] + self.agents[:i] if a in waiting), start)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        valid, sentence = self.match.act(agent, action)
        if self.match.over:
            for a, payoff in self.match.payoffs.items():
                self.rewards[a] = payoff
                self.terminations[a] = True
        self.infos = {a: self._info(a) for a in self.agents}
        if not valid:
            self.infos[agent]["invalid"] = sentence
        # a refused move is asked for again; otherwise the turn passes on in seat order
        self.agent_selection = self._next(agent if not valid else
                                          self.agents[(self.agents.index(agent) + 1) % len(self.agents)])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class MultiplayerParallel(_MatchHolder, ParallelEnv):
    """A simultaneous-move game as a PettingZoo ParallelEnv (see the module docstring)."""

    def __init__(self, game: str | MultiplayerGame, difficulty: int = 3, max_invalid: int | None = DEFAULT_MAX_INVALID,
                 render_mode: str | None = None, **knobs):
        self._init(game, difficulty, max_invalid, render_mode, knobs)
        if not self.game.simultaneous:
            raise ValueError(f"{self.game.name} is turn-based: use make_aec for it")
        self.metadata = {**self.metadata, "is_parallelizable": True}

    def reset(self, seed: int | None = None, options: dict | None = None):
        if options and "match" in options:
            self.match = Match.from_dict(options["match"], self.game)
        else:
            self.match = self._new_match(seed)
        self.agents = list(self.possible_agents)
        return {a: self._observation(a) for a in self.agents}, {a: self._info(a) for a in self.agents}

    def step(self, actions: dict):
        """Each awaited agent's move (agents not awaited are ignored). An invalid move is refused
        and that agent is asked again at the next step, while the valid moves stay in."""
        refused = {}
        for agent in list(self.match.to_move):
            if self.match.over:
                break
            if agent in actions:
                valid, sentence = self.match.act(agent, actions[agent])
                if not valid:
                    refused[agent] = sentence
        agents = list(self.agents)
        over = self.match.over
        rewards = {a: (self.match.payoffs[a] if over else 0.0) for a in agents}
        observations = {a: self._observation(a) for a in agents}
        infos = {a: self._info(a, refused.get(a)) for a in agents}
        terminations = {a: over for a in agents}
        truncations = {a: False for a in agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def make_aec(game, difficulty: int = 3, max_invalid: int | None = DEFAULT_MAX_INVALID,
             render_mode: str | None = None, **knobs) -> MultiplayerAEC:
    """A registered game (or a game instance) as a PettingZoo AECEnv: `make_aec("kuhn_poker")`."""
    return MultiplayerAEC(game, difficulty=difficulty, max_invalid=max_invalid, render_mode=render_mode, **knobs)


def make_parallel(game, difficulty: int = 3, max_invalid: int | None = DEFAULT_MAX_INVALID,
                  render_mode: str | None = None, **knobs) -> MultiplayerParallel:
    """A simultaneous-move game as a PettingZoo ParallelEnv: `make_parallel("goofspiel")`."""
    return MultiplayerParallel(game, difficulty=difficulty, max_invalid=max_invalid, render_mode=render_mode,
                               **knobs)
