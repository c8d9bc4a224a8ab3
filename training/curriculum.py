"""Curriculum schedulers: what the trainer practises next.

The trainer talks to a scheduler through exactly this interface:

    scheduler.sample(n) -> list[(task_name, difficulty)]   # one entry per group (prompt)
    scheduler.observe(results)     # after scoring; one dict per group:
                                   #   {"task", "difficulty", "rewards": [..G], "advantages": [..G]}
    scheduler.state_dict() -> dict # JSON-serialisable; saved in every checkpoint
    scheduler.load_state_dict(d)
    scheduler.metrics() -> dict    # flat {name: number}, logged with the step's metrics

`sample` must draw only from the scheduler's own seeded state, so a resumed run samples what the
uninterrupted run would have.

Schedulers (the config's `scheduler` field):

- "uniform": tasks and levels uniformly at random (the baseline).
- "bandit": a non-stationary bandit in the style of Self-Evolving Curriculum (SEC). Each arm's
  value moves by TD(0) towards the batch's mean absolute advantage of that arm,
  Q <- Q + alpha * (r - Q), and arms are drawn from the Boltzmann distribution
  p(arm) ~ weight * exp(Q / tau).
- "ucb": in the style of DUMP. An arm's score is the mean absolute advantage over its last
  `window` observations (one per group) plus c * sqrt(ln N / n_arm), N all observations and n_arm
  the arm's; untried arms come first. A batch of n picks takes the best arm n times, counting each
  pick as a pending observation so the exploration bonus spreads the batch.

Arms are categories ("graphs"), tasks ("graphs/shortest_path") or (task, level) pairs
("graphs/shortest_path@3"). With category or task arms and difficulty "curriculum", a per-task
DifficultyLadder picks the level: it moves up when the windowed success rate stays above the
target band and down when it stays below, for `patience` consecutive windows (hysteresis).
Mean absolute advantage is the learning signal: it is 0 for a group whose rewards are all equal
(too easy or too hard: nothing to learn) and largest for a success rate near one half.

Levels: each task climbs to its own highest level (20 for most tasks, 10 for a few; see
`Task.max_level`), and a fixed level past a task's highest is played at its highest. A calibration
file (`procgym calibrate`) can set where each task's ladder starts: at the level the model solves
about half of (`ladder_starts`).
"""
from __future__ import annotations

import fnmatch
import math
import random
from collections import defaultdict, deque
from typing import Protocol, Sequence

ALL_LEVELS = list(range(1, 11))  # the released levels: what a task not in the registry is given


def max_levels_of(tasks: Sequence[str]) -> dict[str, int]:
    """Each task's highest level from the registry (10 for a name the registry does not know)."""
    from procgym.registry import get

    out = {}
    for task in tasks:
        try:
            out[task] = get(task).max_level
        except (KeyError, ValueError):
            out[task] = len(ALL_LEVELS)
    return out


def _capped(task: str, level: int, max_levels: dict[str, int]) -> int:
    return min(level, max_levels.get(task, len(ALL_LEVELS)))


def _all_levels(task: str, max_levels: dict[str, int]) -> list[int]:
    return list(range(1, max_levels.get(task, len(ALL_LEVELS)) + 1))


class Scheduler(Protocol):
    def sample(self, n: int) -> list[tuple[str, int]]: ...

    def observe(self, results: list[dict]) -> None: ...

    def state_dict(self) -> dict: ...

    def load_state_dict(self, state: dict) -> None: ...

    def metrics(self) -> dict: ...


def _rng_state_to_json(state) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_state_from_json(state) -> tuple:
    version, internal, gauss = state
    return (version, tuple(internal), gauss)


class UniformScheduler:
    """Tasks and levels drawn uniformly at random (with replacement), from a seeded stream.

        s = UniformScheduler(["graphs/shortest_path", "arithmetic/expression_value"], levels=[1, 2], seed=0)
        s.sample(4)  # [("graphs/shortest_path", 2), ...]

    `levels=None` (difficulty "curriculum") means every level of the drawn task: this scheduler
    has no ladder. `max_levels` gives each task's highest level (default 10).
    """

    def __init__(self, tasks: Sequence[str], levels: Sequence[int] | None = None, seed: int = 0,
                 max_levels: dict[str, int] | None = None):
        if not tasks:
            raise ValueError("a scheduler needs at least one task")
        self.tasks = list(tasks)
        self.levels = list(levels) if levels else None
        self.max_levels = dict(max_levels or {})
        self.rng = random.Random(seed)
        self.count: dict[str, int] = defaultdict(int)
        self.reward_sum: dict[str, float] = defaultdict(float)

    def sample(self, n: int) -> list[tuple[str, int]]:
        out = []
        for _ in range(n):
            task = self.rng.choice(self.tasks)
            level = self.rng.choice(self.levels or _all_levels(task, self.max_levels))
            out.append((task, _capped(task, level, self.max_levels)))
        return out

    def observe(self, results: list[dict]) -> None:
        # Running per-task reward means: nothing here steers sampling, they are only reported.
        for group in results:
            rewards = list(group["rewards"])
            self.count[group["task"]] += len(rewards)
            self.reward_sum[group["task"]] += float(sum(rewards))

    def state_dict(self) -> dict:
        return {"rng": _rng_state_to_json(self.rng.getstate()), "count": dict(self.count),
                "reward_sum": dict(self.reward_sum)}

    def load_state_dict(self, state: dict) -> None:
        self.rng.setstate(_rng_state_from_json(state["rng"]))
        self.count = defaultdict(int, state["count"])
        self.reward_sum = defaultdict(float, state["reward_sum"])

    def metrics(self) -> dict:
        return {f"curriculum/mean_reward/{task}": self.reward_sum[task] / self.count[task]
                for task in sorted(self.count) if self.count[task]}



# --- difficulty ladder ---------------------------------------------------------------------------

class DifficultyLadder:
    """One task's level, moved to keep its success rate inside a target band.

    Rewards are collected into tumbling windows of `window` episodes. A window whose mean reward
    is above `high` counts towards a move up, below `low` towards a move down, inside the band
    resets both streaks. The level moves only after `patience` consecutive windows on the same
    side (hysteresis), then the streaks and the window start afresh at the new level.

        ladder = DifficultyLadder(levels=range(1, 11), start=1, low=0.3, high=0.7, window=4, patience=2)
        ladder.observe([1, 1, 1, 1]); ladder.observe([1, 1, 1, 1]); ladder.level  # 2
    """

    def __init__(self, levels: Sequence[int] = ALL_LEVELS, start: int = 1, low: float = 0.3, high: float = 0.7,
                 window: int = 32, patience: int = 2):
        self.levels = sorted(levels)
        if not self.levels:
            raise ValueError("a ladder needs at least one level")
        if not 0.0 <= low < high <= 1.0:
            raise ValueError(f"the ladder band needs 0 <= low < high <= 1, got ({low}, {high})")
        self.low, self.high, self.window, self.patience = low, high, int(window), int(patience)
        # Start at the highest allowed level not above `start` (or the lowest one).
        self.index = max([i for i, lv in enumerate(self.levels) if lv <= start] or [0])
        self.buffer: list[float] = []
        self.up = self.down = 0
        self.moves = 0

    @property
    def level(self) -> int:
        return self.levels[self.index]

    def observe(self, rewards: Sequence[float]) -> None:
        for reward in rewards:
            self.buffer.append(float(reward))
            if len(self.buffer) >= self.window:
                self._close_window()

    def _close_window(self) -> None:
        rate = sum(self.buffer) / len(self.buffer)
        self.buffer = []
        if rate > self.high:
            self.up, self.down = self.up + 1, 0
        elif rate < self.low:
            self.up, self.down = 0, self.down + 1
        else:
            self.up = self.down = 0
        step = 1 if self.up >= self.patience else -1 if self.down >= self.patience else 0
        if step:
            self.up = self.down = 0
            new = min(max(self.index + step, 0), len(self.levels) - 1)
            if new != self.index:
                self.index, self.moves = new, self.moves + 1

    def state_dict(self) -> dict:
        return {"index": self.index, "buffer": list(self.buffer), "up": self.up, "down": self.down,
                "moves": self.moves}

    def load_state_dict(self, state: dict) -> None:
        self.index, self.buffer = int(state["index"]), [float(r) for r in state["buffer"]]
        self.up, self.down, self.moves = int(state["up"]), int(state["down"]), int(state["moves"])


# --- arms ----------------------------------------------------------------------------------------

ARM_KINDS = ("category", "task", "task_level")


def category_of(task: str) -> str:
    return task.split("/", 1)[0]


def arm_of(task: str, level: int, kind: str) -> str:
    """The arm a (task, level) belongs to: "graphs", "graphs/shortest_path" or "graphs/shortest_path@3"."""
    if kind == "category":
        return category_of(task)
    if kind == "task":
        return task
    return f"{task}@{level}"


def _excluded(task: str, level: int, patterns: Sequence[str]) -> bool:
    names = (task, category_of(task), f"{task}@{level}")
    return any(fnmatch.fnmatchcase(name, pat) for pat in patterns for name in names)


def build_arms(tasks: Sequence[str], levels: Sequence[int] | None, kind: str,
               exclude: Sequence[str] = (), max_levels: dict[str, int] | None = None
               ) -> dict[str, list[tuple[str, int | None]]]:
    """arm -> its (task, level) members, level None where a ladder or a uniform draw picks it.
    `exclude` holds globs matched against the task, its category and "task@level"; a task's
    task_level arms stop at its highest level (`max_levels`, default 10)."""
    if kind not in ARM_KINDS:
        raise ValueError(f"curriculum_arms must be one of {list(ARM_KINDS)}, got {kind!r}")
    arms: dict[str, list] = {}
    for task in sorted(tasks):
        if kind == "task_level":
            own = _all_levels(task, max_levels or {})
            for level in ([lv for lv in levels if lv <= own[-1]] if levels else own):
                if not _excluded(task, level, exclude):
                    arms.setdefault(arm_of(task, level, kind), []).append((task, level))
        elif not any(fnmatch.fnmatchcase(name, pat) for pat in exclude for name in (task, category_of(task))):
            arms.setdefault(arm_of(task, 0, kind), []).append((task, None))
    if not arms:
        raise ValueError("the curriculum has no arms left (every task or level is excluded)")
    return arms


def parse_weights(pairs: Sequence[str]) -> dict[str, float]:
    """["graphs=2", "arithmetic/*=0.5"] -> {"graphs": 2.0, "arithmetic/*": 0.5}."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        try:
            weight = float(value)
        except ValueError:
            weight = -1.0
        if not sep or not name.strip() or not weight >= 0 or math.isinf(weight):
            raise ValueError(f"curriculum_weights must be arm=weight pairs with a weight >= 0, got {pair!r}")
        out[name.strip()] = weight
    return out


def arm_weights(arms: Sequence[str], weights: dict[str, float]) -> dict[str, float]:
    """Each arm's prior weight: the last matching glob in `weights` (by arm name or, for task and
    task_level arms, by task or category), else 1. A glob that matches no arm is an error."""
    out = {arm: 1.0 for arm in arms}
    for pattern, weight in weights.items():
        hit = False
        for arm in arms:
            task = arm.split("@", 1)[0]
            if any(fnmatch.fnmatchcase(name, pattern) for name in (arm, task, category_of(task))):
                out[arm], hit = weight, True
        if not hit:
            raise ValueError(f"curriculum_weights: {pattern!r} matches no arm (arms: {', '.join(arms)})")
    if not any(w > 0 for w in out.values()):
        raise ValueError("curriculum_weights leave every arm at weight 0")
    return out


# --- bandit schedulers ---------------------------------------------------------------------------

class ArmScheduler:
    """The parts the bandits share: arms, weights, the per-task ladder, sampling an arm's member,
    statistics and state. Subclasses provide `_pick(n) -> list[arm]` and `_update(arm, signals)`."""

    kind = "arm"

    def __init__(self, tasks: Sequence[str], levels: Sequence[int] | None = None, seed: int = 0, *,
                 arms: str = "task", weights: dict[str, float] | None = None, exclude: Sequence[str] = (),
                 ladder: dict | None = None, max_levels: dict[str, int] | None = None,
                 ladder_starts: dict[str, int] | None = None):
        if not tasks:
            raise ValueError("a scheduler needs at least one task")
        self.arm_kind = arms
        self.max_levels = dict(max_levels or {})
        self.members = build_arms(tasks, levels, arms, exclude, self.max_levels)
        self.arms = sorted(self.members)
        self.weights = arm_weights(self.arms, weights or {})
        self.levels = list(levels) if levels else None
        self.rng = random.Random(seed)
        # A ladder per task when the level is free (difficulty "curriculum") and arms are coarser than levels.
        # A calibration's 50% level, where given, replaces the config's common start for that task.
        ladder, starts = dict(ladder or {}), dict(ladder_starts or {})
        self.ladders: dict[str, DifficultyLadder] = {}
        if self.levels is None and arms != "task_level":
            for members in self.members.values():
                for task, _ in members:
                    options = {**ladder, **({"start": starts[task]} if task in starts else {})}
                    self.ladders[task] = DifficultyLadder(_all_levels(task, self.max_levels), **options)
        self.count: dict[str, int] = {arm: 0 for arm in self.arms}  # groups observed per arm
        self.picked: dict[str, int] = {arm: 0 for arm in self.arms}  # groups sampled per arm
        self.reward_sum: dict[str, float] = defaultdict(float)  # per task, as the uniform scheduler
        self.episodes: dict[str, int] = defaultdict(int)
        self.last_share: dict[str, float] = {arm: 0.0 for arm in self.arms}

    # the two hooks
    def _pick(self, n: int) -> list[str]:
        raise NotImplementedError

    def _update(self, arm: str, signals: list[float]) -> None:
        raise NotImplementedError

    def probabilities(self) -> dict[str, float]:
        raise NotImplementedError

    # the interface
    def sample(self, n: int) -> list[tuple[str, int]]:
        chosen = self._pick(n)
        out = []
        for arm in chosen:
            self.picked[arm] += 1
            members = self.members[arm]
            task, level = members[0] if len(members) == 1 else self.rng.choice(members)
            if level is None:
                level = self.ladders[task].level if task in self.ladders else self.rng.choice(self.levels)
            out.append((task, _capped(task, level, self.max_levels)))
        self.last_share = {arm: chosen.count(arm) / max(n, 1) for arm in self.arms}
        return out

    def observe(self, results: list[dict]) -> None:
        by_arm: dict[str, list[float]] = defaultdict(list)
        for group in results:
            task, level = group["task"], int(group["difficulty"])
            rewards = [float(r) for r in group["rewards"]]
            advantages = [float(a) for a in group["advantages"]]
            self.reward_sum[task] += sum(rewards)
            self.episodes[task] += len(rewards)
            arm = arm_of(task, level, self.arm_kind)
            if arm not in self.members:
                continue  # a task this scheduler does not steer (excluded, or from an older config)
            # A group's signal: its mean absolute advantage.
            by_arm[arm].append(sum(abs(a) for a in advantages) / max(len(advantages), 1))
            self.count[arm] += 1
            if task in self.ladders and level == self.ladders[task].level:
                self.ladders[task].observe(rewards)  # a group from before a move says nothing of the new level
        for arm in sorted(by_arm):
            self._update(arm, by_arm[arm])

    def _extra_state(self) -> dict:
        return {}

    def _load_extra_state(self, state: dict) -> None:
        pass

    def state_dict(self) -> dict:
        return {"kind": self.kind, "rng": _rng_state_to_json(self.rng.getstate()), "arms": list(self.arms),
                "count": dict(self.count), "picked": dict(self.picked), "reward_sum": dict(self.reward_sum),
                "episodes": dict(self.episodes), "last_share": dict(self.last_share),
                "ladders": {task: ladder.state_dict() for task, ladder in sorted(self.ladders.items())},
                **self._extra_state()}

    def load_state_dict(self, state: dict) -> None:
        if state.get("kind") != self.kind or list(state.get("arms", [])) != self.arms:
            raise ValueError(f"this curriculum state is for a {state.get('kind')!r} scheduler over arms "
                             f"{state.get('arms')}, not a {self.kind!r} one over {self.arms}")
        self.rng.setstate(_rng_state_from_json(state["rng"]))
        self.count = {arm: int(state["count"][arm]) for arm in self.arms}
        self.picked = {arm: int(state["picked"][arm]) for arm in self.arms}
        self.reward_sum = defaultdict(float, state["reward_sum"])
        self.episodes = defaultdict(int, state["episodes"])
        self.last_share = {arm: float(state["last_share"][arm]) for arm in self.arms}
        for task, ladder_state in state["ladders"].items():
            if task in self.ladders:
                self.ladders[task].load_state_dict(ladder_state)
        self._load_extra_state(state)

    def values(self) -> dict[str, float]:
        raise NotImplementedError

    def metrics(self) -> dict:
        out = {f"curriculum/mean_reward/{task}": self.reward_sum[task] / self.episodes[task]
               for task in sorted(self.episodes) if self.episodes[task]}
        probs, values = self.probabilities(), self.values()
        for arm in self.arms:
            out[f"curriculum/value/{arm}"] = values[arm]
            out[f"curriculum/prob/{arm}"] = probs[arm]
            out[f"curriculum/count/{arm}"] = self.count[arm]
        for task, ladder in sorted(self.ladders.items()):
            out[f"curriculum/level/{task}"] = ladder.level
        return out


class BoltzmannBandit(ArmScheduler):
    """SEC-style bandit: TD(0) values on mean absolute advantage, Boltzmann sampling.

        Q[arm] <- Q[arm] + alpha * (r - Q[arm])     r: the arm's mean |advantage| in this batch
        p(arm) = w[arm] * exp(Q[arm] / tau) / sum_b w[b] * exp(Q[b] / tau)
    """

    kind = "bandit"

    def __init__(self, tasks, levels=None, seed=0, *, alpha: float = 0.5, tau: float = 0.1, q_init: float = 0.0,
                 **kw):
        super().__init__(tasks, levels, seed, **kw)
        if not 0.0 < alpha <= 1.0:
            raise ValueError(f"alpha must be in (0, 1], got {alpha!r}")
        if not tau > 0:
            raise ValueError(f"tau must be > 0, got {tau!r}")
        self.alpha, self.tau = float(alpha), float(tau)
        self.q = {arm: float(q_init) for arm in self.arms}

    def probabilities(self) -> dict[str, float]:
        top = max(self.q[arm] for arm in self.arms if self.weights[arm] > 0)
        raw = {arm: self.weights[arm] * math.exp((self.q[arm] - top) / self.tau) for arm in self.arms}
        total = sum(raw.values())
        return {arm: raw[arm] / total for arm in self.arms}

    def _pick(self, n: int) -> list[str]:
        probs = self.probabilities()
        cumulative, acc = [], 0.0
        for arm in self.arms:
            acc += probs[arm]
            cumulative.append(acc)
        out = []
        for _ in range(n):
            u = self.rng.random() * acc
            index = next((i for i, c in enumerate(cumulative) if u < c), len(cumulative) - 1)
            while probs[self.arms[index]] == 0:  # never land on a zero-weight arm by rounding
                index -= 1
            out.append(self.arms[index])
        return out

    def _update(self, arm: str, signals: list[float]) -> None:
        reward = sum(signals) / len(signals)
        self.q[arm] += self.alpha * (reward - self.q[arm])

    def values(self) -> dict[str, float]:
        return dict(self.q)

    def _extra_state(self) -> dict:
        return {"q": dict(self.q)}

    def _load_extra_state(self, state: dict) -> None:
        self.q = {arm: float(state["q"][arm]) for arm in self.arms}


class UCBBandit(ArmScheduler):
    """DUMP-style UCB: windowed mean absolute advantage plus an exploration bonus.

        score(arm) = w[arm] * (mean of the arm's last W signals + c * sqrt(ln N / n_arm))
    N counts every observed group and n_arm the arm's; an arm never observed scores +inf. Within a
    batch each pick adds a pending observation (N and n_arm + 1, signal unchanged), so one batch
    spreads over several arms; ties go to the seeded stream.
    """

    kind = "ucb"

    def __init__(self, tasks, levels=None, seed=0, *, c: float = 0.5, window: int = 20, **kw):
        super().__init__(tasks, levels, seed, **kw)
        if not c >= 0:
            raise ValueError(f"ucb_c must be >= 0, got {c!r}")
        if int(window) < 1:
            raise ValueError(f"window must be >= 1, got {window!r}")
        self.c, self.window = float(c), int(window)
        self.history: dict[str, deque] = {arm: deque(maxlen=self.window) for arm in self.arms}

    def mean(self, arm: str) -> float:
        h = self.history[arm]
        return sum(h) / len(h) if h else 0.0

    def scores(self, pending: dict[str, int] | None = None) -> dict[str, float]:
        pending = pending or {}
        total = sum(self.count.values()) + sum(pending.values())
        out = {}
        for arm in self.arms:
            n = self.count[arm] + pending.get(arm, 0)
            if self.weights[arm] == 0:
                out[arm] = -math.inf
            elif n == 0:
                out[arm] = math.inf
            else:
                bonus = self.c * math.sqrt(math.log(total) / n) if total > 1 else 0.0
                out[arm] = self.weights[arm] * (self.mean(arm) + bonus)
        return out

    def _pick(self, n: int) -> list[str]:
        pending: dict[str, int] = defaultdict(int)
        out = []
        for _ in range(n):
            scores = self.scores(pending)
            best = max(scores.values())
            tied = [arm for arm in self.arms if scores[arm] == best]
            arm = tied[0] if len(tied) == 1 else self.rng.choice(tied)
            pending[arm] += 1
            out.append(arm)
        return out

    def probabilities(self) -> dict[str, float]:
        # UCB is deterministic given its statistics: report each arm's share of the last batch.
        return dict(self.last_share)

    def values(self) -> dict[str, float]:
        return {arm: self.mean(arm) for arm in self.arms}

    def _update(self, arm: str, signals: list[float]) -> None:
        self.history[arm].extend(signals)

    def _extra_state(self) -> dict:
        return {"history": {arm: list(h) for arm, h in self.history.items()}}

    def _load_extra_state(self, state: dict) -> None:
        self.history = {arm: deque((float(x) for x in state["history"][arm]), maxlen=self.window)
                        for arm in self.arms}


# name -> factory(tasks, levels, seed, **options); the config's `scheduler` field picks one.
SCHEDULERS = {"uniform": UniformScheduler, "bandit": BoltzmannBandit, "ucb": UCBBandit}


def make_scheduler(name: str, tasks: Sequence[str], levels: Sequence[int] | None, seed: int,
                   **options) -> Scheduler:
    """Build a scheduler. Options (all optional; see scheduler_options for the config's names):
    arms ("category" | "task" | "task_level"), weights ({glob: w}), exclude ([globs]),
    ladder ({start, low, high, window, patience}), ladder_starts ({task: level}, from a
    calibration), alpha, tau (bandit), c, window (ucb). The uniform scheduler takes only
    `exclude`. Each task's highest level comes from the registry."""
    if name not in SCHEDULERS:
        raise ValueError(f"scheduler must be one of {sorted(SCHEDULERS)}, got {name!r}")
    max_levels = max_levels_of(tasks)
    if name == "uniform":
        exclude = options.get("exclude") or ()
        kept = [t for t in tasks if not any(fnmatch.fnmatchcase(n, p) for p in exclude for n in (t, category_of(t)))]
        if not kept:
            raise ValueError("the curriculum has no tasks left (every task is excluded)")
        return UniformScheduler(kept, levels, seed, max_levels)
    allowed = {"arms", "weights", "exclude", "ladder", "ladder_starts"} | (
        {"alpha", "tau", "q_init"} if name == "bandit" else {"c", "window"})
    kwargs = {k: v for k, v in options.items() if k in allowed}
    return SCHEDULERS[name](tasks, levels, seed, max_levels=max_levels, **kwargs)


def scheduler_options(cfg) -> dict:
    """make_scheduler's options from a TrainConfig (with its calibration file's ladder starts)."""
    starts = {}
    if getattr(cfg, "calibration", ""):
        from procgym.leaderboard.calibration import ladder_starts, load_calibration

        starts = ladder_starts(load_calibration(cfg.calibration))
    return {"ladder_starts": starts, "arms": cfg.curriculum_arms, "weights": parse_weights(cfg.curriculum_weights),
            "exclude": list(cfg.curriculum_exclude), "alpha": cfg.curriculum_alpha, "tau": cfg.curriculum_tau,
            "c": cfg.curriculum_ucb_c, "window": cfg.curriculum_window,
            "ladder": {"start": cfg.ladder_start, "low": cfg.ladder_low, "high": cfg.ladder_high,
                       "window": cfg.ladder_window, "patience": cfg.ladder_patience}}
