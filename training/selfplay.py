"""Self-play on multiplayer games: every seat of a match is played by the policy being trained.

    cfg = load_config("training/configs/selfplay_tiny_cpu.toml")   # selfplay_games = ["kuhn_poker"]
    train(cfg)                                  # or: procgym train --config training/configs/selfplay_tiny_cpu.toml

With `selfplay_games` set, each trainer step plays `prompts_per_step` deals (a game, a level, a
match seed) with `group_size` matches of each, every seat of every match played by the current
policy, all model turns of the batch going through one `backend.generate` call per round.

Each seat of a match is one token sequence, built as training/rollout.py builds an episode: the
seat's first observation (`Match.observation`: the rules, its role, its view) plus the action
format goes through the chat template; each later observation (what the others did since, a
refusal notice, its view) is appended as rendered suffix tokens (`ChatRenderer.observation_suffix`);
the loss mask covers the seat's sampled tokens only. The move is the reply's marked answer
(`procgym.extract.extract_answer`; a reply with none is sent as an empty move). The Match referees:
an invalid move is refused with the reason, which the seat reads in its next observation, and the
seat moves again; its `selfplay_max_invalid`-th refusal forfeits the match (payoff -stake, the
others share +stake: `Match.payoffs`). A seat's return is its payoff, shaped as any episode's
reward (training/rewards.py). A match cut short (a prompt over `max_prompt_tokens`, a seat out of
`max_episode_tokens` or past `selfplay_max_turns` model turns) ends as a draw: payoff 0 for every
seat, flagged truncated.

Advantages (`selfplay_advantage`):

- "rae": SPIRAL's role-conditioned advantage estimation (Liu et al., 2025, arXiv:2506.24119). A
  baseline per (game, seat) (a seat is a role: `game.roles`) is an exponential moving average of
  that seat's returns, b <- decay * b + (1 - decay) * mean(returns of that seat in the batch), and
  a seat's advantage is its return minus the baseline as it stood before this batch (the order of
  SPIRAL's released code, whose baseline holds none of the returns it is subtracted from).
  Baselines start at 0 (the value of a fair zero-sum seat) and are saved in checkpoints.
- "group": GRPO's group advantages per (deal, seat): a seat's return against the mean over the
  group_size matches of the same deal in the same seat, scaled by `advantage_scaling`.
- "none": the return itself (REINFORCE; SPIRAL's ablation without RAE).

In all three only the seats that moved count: a seat whose match ended before its first move (the
other seat forfeited) trains no token, gets advantage 0 and stays out of the means and baselines
(its free win would otherwise lower every playing seat's advantage; see batch_advantages).

Evaluation (`selfplay_eval_every`): `selfplay_eval_games` matches per (game, opponent, seat) with
the model in that seat and a built-in policy (`selfplay_eval_opponents`) in the others, seeds from
the reserved evaluation range, decoded at `eval_temperature`; win, draw and loss rates, mean return
and the invalid-move rate, per seat and over seats.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from procgym.extract import extract_answer, mark_answer, marker_name
from procgym.kit.multiplayer import Match, get_game, player_name
from procgym.prompts import format_prompt
from procgym.seeding import eval_seed, stable_rng, stable_seed

from .backends import Generation, cut_at_stop_strings
from .distributed import SINGLE, rollout_shares
from .metrics import summarize
from .rollout import Episode, strip_reasoning

EVAL_SALT = "procgym-selfplay-eval"
ADVANTAGES = ("rae", "group", "none")


# --- who plays a seat ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Seat:
    """Who plays a seat: the model (policy None) or a built-in policy of the game; `recorded`
    seats become token sequences (a built-in policy recorded this way writes demonstrations)."""

    policy: str | None = None
    recorded: bool = True


MODEL = Seat()


def opponent(policy: str) -> Seat:
    """A built-in opponent whose moves are played but not recorded."""
    return Seat(policy, recorded=False)


@dataclass
class SeatEpisode(Episode):
    """One seat of one match as a training sequence (an Episode), with the match's facts."""

    game: str = ""
    seat: int = 0
    role: str = ""
    invalid_moves: int = 0
    forfeited: bool = False
    unfinished: bool = False  # the match was cut short (a draw: payoff 0 for every seat)
    outcome: str = ""  # "win", "draw" or "loss": the seat's payoff above, at or below 0


class SeatSummary(NamedTuple):
    """What the self-play metrics need of a seat's episode (small and picklable)."""

    game: str
    seat: int
    env_reward: float
    outcome: str
    invalid_moves: int
    turns: int
    forfeited: bool
    unfinished: bool


def seat_summary(e: SeatEpisode) -> SeatSummary:
    return SeatSummary(e.game, e.seat, float(e.env_reward), e.outcome, e.invalid_moves, e.turns, e.forfeited,
                       e.unfinished)


def outcome_of(payoff: float) -> str:
    return "win" if payoff > 0 else "loss" if payoff < 0 else "draw"


# --- playing matches ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayOptions:
    """How play_matches samples and bounds the model's turns (see TrainConfig for each)."""

    answer_style: str = "tag"
    max_prompt_tokens: int = 1024
    max_completion_tokens: int = 256
    max_episode_tokens: int = 4096
    max_turns: int = 32
    temperature: float = 1.0
    top_p: float = 1.0
    sampling: dict | None = None  # top_k, min_p, repetition_penalty, stop_strings (as backends take them)
    reasoning_markers: Sequence[str] | None = None  # strip reasoning before the move is extracted


def play_options(cfg, temperature: float | None = None) -> PlayOptions:
    """The PlayOptions of a TrainConfig (evaluation passes its own temperature)."""
    from .backends import SAMPLING_DEFAULTS
    from .trainer import sampling_options

    # evaluation samples without truncation, as evaluation.py does
    sampling = sampling_options(cfg) if temperature is None else {"stop_strings": list(cfg.stop_strings)}
    sampling = {k: v for k, v in sampling.items() if v != SAMPLING_DEFAULTS.get(k) and not (k == "stop_strings"
                                                                                        and not v)}
    return PlayOptions(cfg.answer_style, cfg.max_prompt_tokens, cfg.max_completion_tokens, cfg.max_episode_tokens,
                       cfg.selfplay_max_turns, cfg.temperature if temperature is None else temperature,
                       cfg.top_p if temperature is None else 1.0, sampling,
                       list(cfg.reasoning_markers) if cfg.strip_reasoning else None)


def first_prompt_text(m: Match, player: str, style: str) -> str:
    """A seat's first message: its observation, the action format and how to mark a move."""
    return format_prompt(m.observation(player), m.game.action_format, m.game.example, style, interactive=True)


def unmarked_note(style: str) -> str:
    """Shown with the next observation after a reply that marked no move."""
    return f"Your reply marked no move: put it inside {marker_name(style)}."


def play_matches(backend, renderer, matches: list[Match], seats: list[list[Seat]], options: PlayOptions, *,
                 groups: Sequence[int] | None = None, seed: int = 0) -> tuple[list[list[SeatEpisode | None]], dict]:
    """Play every match to the end; returns (for each match, one SeatEpisode per recorded seat and
    None for the others; timing).

    seats[i][s] says who plays seat s of match i (MODEL, opponent(policy) or a recorded built-in
    Seat). Each round, every built-in opponent to move plays at once (Match.suggest, deterministic
    per state), then every recorded seat to move gets its observation appended and all model
    turns are sampled in one backend.generate call, with a seed from (seed, round); a recorded
    built-in seat's turn is its move marked in the answer style plus the end-of-turn token, with
    log-prob 0. `groups[i]` is match i's group index (default i). timing: {"generation": s,
    "scoring": s, "generated_tokens": n}.
    """
    tokenizer = renderer.tokenizer
    style = options.answer_style
    extra = dict(options.sampling or {})
    stop_strings = list(extra.get("stop_strings", ()))
    decode = lambda ids: tokenizer.decode(ids, skip_special_tokens=False)  # noqa: E731
    groups = list(groups) if groups is not None else list(range(len(matches)))
    episodes = []
    for i, m in enumerate(matches):
        row = []
        for s, who in enumerate(seats[i]):
            row.append(SeatEpisode(m.game.name, m.difficulty or 0, m.seed, groups[i], game=m.game.name, seat=s,
                                   role=m.role(s)) if who.recorded else None)
        episodes.append(row)
    ended_with_eot, unmarked = {}, set()
    cut = [False] * len(matches)  # a match stopped short: a draw, truncated
    timing = {"generation": 0.0, "scoring": 0.0, "generated_tokens": 0}
    rnd = 0
    while True:
        start = time.perf_counter()
        for i, m in enumerate(matches):  # built-in opponents move at once
            while not cut[i] and not m.over and any(not seats[i][m.seat(p)].recorded for p in m.to_move):
                for p in m.to_move:
                    if not seats[i][m.seat(p)].recorded:
                        m.act(p, m.suggest(p, seats[i][m.seat(p)].policy))
        timing["scoring"] += time.perf_counter() - start
        turns = []  # (match, seat) awaited, its context ready
        for i, m in enumerate(matches):
            if cut[i] or m.over:
                continue
            for p in m.to_move:
                s = m.seat(p)
                e = episodes[i][s]
                if not e.token_ids:
                    ids = renderer.first_prompt(first_prompt_text(m, p, style))
                    e.append(ids, trained=False)
                    e.prompt_tokens = len(ids)
                    cut[i] |= len(ids) > options.max_prompt_tokens
                else:
                    text = m.observation(p)
                    if (i, s) in unmarked:
                        text = f"{unmarked_note(style)}\n{text}"
                    suffix = renderer.observation_suffix(text, ended_with_eot[(i, s)])
                    if len(e.token_ids) + len(suffix) >= options.max_episode_tokens:
                        cut[i] = True
                    else:
                        e.append(suffix, trained=False)
                cut[i] |= e.turns >= options.max_turns
                turns.append((i, s))
        turns = [(i, s) for i, s in turns if not cut[i]]
        if not turns:
            break
        sampled = [(i, s) for i, s in turns if seats[i][s].policy is None]
        generations = {}
        if sampled:
            start = time.perf_counter()
            limits = [min(options.max_completion_tokens, options.max_episode_tokens - len(episodes[i][s].token_ids))
                      for i, s in sampled]
            out = backend.generate([episodes[i][s].token_ids for i, s in sampled], limits,
                                   temperature=options.temperature, top_p=options.top_p,
                                   seed=stable_seed("selfplay-rollout", seed, rnd) % (2**62), **extra)
            if stop_strings:
                out = [cut_at_stop_strings(g, decode, stop_strings) for g in out]
            generations = dict(zip(sampled, out))
            timing["generation"] += time.perf_counter() - start
        start = time.perf_counter()
        for i, s in turns:
            m, e, who = matches[i], episodes[i][s], seats[i][s]
            if who.policy is None:
                gen = generations[(i, s)]
            else:  # a demonstration: the built-in policy's move, written as the model would
                ids = renderer.encode(mark_answer(m.suggest(s, who.policy), style)) + [renderer.eot_id]
                gen = Generation(ids, [0.0] * len(ids), "stop")
            e.add_turn(gen)
            timing["generated_tokens"] += len(gen.token_ids) if who.policy is None else 0
            text = tokenizer.decode(gen.token_ids, skip_special_tokens=True)
            e.completions.append(text)
            move = extract_answer(strip_reasoning(text, options.reasoning_markers) if options.reasoning_markers
                                  else text, style)
            e.format_ok &= move is not None
            unmarked.discard((i, s))
            if move is None:
                unmarked.add((i, s))
            ok, _ = m.act(s, move if move is not None else "")
            e.invalid_moves += not ok
            ended_with_eot[(i, s)] = bool(gen.token_ids) and gen.token_ids[-1] == renderer.eot_id
        timing["scoring"] += time.perf_counter() - start
        rnd += 1
    for i, m in enumerate(matches):
        payoffs = {p: 0.0 for p in m.players} if cut[i] else m.payoffs
        for s, e in enumerate(episodes[i]):
            if e is None:
                continue
            e.env_reward = e.reward = payoffs[player_name(s)]
            e.correct = e.env_reward > 0
            e.outcome = outcome_of(e.env_reward)
            e.forfeited = m.forfeit == s
            e.unfinished = cut[i]
            e.truncated |= cut[i]
            if e.turns and not ended_with_eot.get((i, s), True):  # close a turn cut by length (untrained)
                e.append(renderer.encode(renderer.closing_text(False)), trained=False)
    return episodes, timing


# --- deals, batches and advantages ------------------------------------------------------------------

class Deal(NamedTuple):
    """What one group of matches plays: a game at a level from a match seed."""

    game: str
    level: int
    seed: int


def select_games(patterns) -> list[str]:
    """Game names matching the globs (sorted, each once); ValueError naming a glob that matches none."""
    from procgym.kit.multiplayer import games

    names = []
    for pattern in patterns:
        found = games(pattern)
        if not found:
            raise ValueError(f"selfplay_games: no multiplayer game matches {pattern!r}; the games are {games()}")
        names += [n for n in found if n not in names]
    return sorted(names)


def game_knobs(cfg, game: str) -> dict:
    """The knob overrides of cfg.knobs that `game` declares."""
    declared = {k.name for k in get_game(game).knobs}
    return {k: v for k, v in cfg.knob_overrides.items() if k in declared}


def new_matches(cfg, deal: Deal, count: int) -> list[Match]:
    """`count` fresh matches of a deal (the same cards, dice and opening for each)."""
    max_invalid = cfg.selfplay_max_invalid or None
    return [Match.new(get_game(deal.game), seed=deal.seed, difficulty=deal.level, max_invalid=max_invalid,
                      **game_knobs(cfg, deal.game)) for _ in range(count)]


def deals(cfg, games: list[str], seed: int, count: int) -> list[Deal]:
    """The deals of one generation round: deal g's game and level are drawn from a stream of
    (seed, g) and its match seed is (seed, g)'s problem seed, so a deal is the same whichever
    process plays it."""
    from .trainer import problem_seed

    out = []
    for g in range(count):
        rng = stable_rng("selfplay-deal", seed, g)
        out.append(Deal(games[rng.randrange(len(games))], cfg.levels[rng.randrange(len(cfg.levels))],
                        problem_seed(seed, g)))
    return out


def baseline_key(game: str, seat: int) -> str:
    """The RAE baseline of a (game, role): a role is a seat ("kuhn_poker/player_0")."""
    return f"{game}/{player_name(seat)}"


def rae_advantages(baselines: dict, keys: Sequence[str], returns: Sequence[float],
                   decay: float) -> tuple[list[float], dict]:
    """Role-conditioned advantages of one batch and the baselines after it.

    A_i = returns[i] - b[keys[i]], with b as it stood before this batch (0 for a key not seen
    before); then, for every key in the batch, b <- decay * b + (1 - decay) * mean(its returns).

    >>> rae_advantages({"g/player_0": 0.5}, ["g/player_0", "g/player_0", "g/player_1"], [1.0, -1.0, 2.0], 0.75)
    ([0.5, -1.5, 2.0], {'g/player_0': 0.375, 'g/player_1': 0.5})
    """
    advantages = [r - baselines.get(k, 0.0) for k, r in zip(keys, returns)]
    batch: dict = {}
    for k, r in zip(keys, returns):
        batch.setdefault(k, []).append(r)
    after = dict(baselines)
    for k, values in batch.items():
        after[k] = decay * baselines.get(k, 0.0) + (1 - decay) * (sum(values) / len(values))
    return advantages, after


def group_seat_advantages(returns: list[list[list[float]]], acted: list[list[list[bool]]],
                          scaling: str, eps: float = 1e-4) -> list[list[list[float]]]:
    """GRPO advantages per (deal, seat): returns[g][j][s] is seat s's return in match j of deal g;
    each (g, s) compares the matches of deal g in which seat s moved (acted[g][j][s]) with their
    mean, divided by their std ("group"), by the std of every acting seat's return in the batch
    ("batch") or by nothing ("none"); stds Bessel-corrected plus eps, as grpo.group_advantages.
    A seat that never moved gets 0."""
    def std(values):
        if len(values) < 2:
            return 0.0
        mean = sum(values) / len(values)
        return (sum((v - mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5

    everyone = [r for deal, did in zip(returns, acted) for match, m in zip(deal, did) for r, a in zip(match, m) if a]
    batch_std = std(everyone)
    out = []
    for deal, did in zip(returns, acted):
        adv = [[0.0] * len(match) for match in deal]
        for s in range(len(deal[0])):
            mine = [j for j in range(len(deal)) if did[j][s]]
            values = [deal[j][s] for j in mine]
            scale = {"group": std(values) + eps, "batch": batch_std + eps, "none": 1.0}[scaling]
            for j in mine:
                adv[j][s] = (deal[j][s] - sum(values) / len(values)) / scale
        out.append(adv)
    return out


def batch_advantages(method: str, returns: list[list[list[float]]], acted: list[list[list[bool]]],
                     keys: list[list[list[str]]], baselines: dict, decay: float,
                     scaling: str) -> tuple[list[list[list[float]]], dict]:
    """The advantages of a batch laid out as returns[g][j][s] (deal, match, seat), and the RAE
    baselines after it (unchanged unless method is "rae").

    Only seats that moved (acted[g][j][s]) take part: a seat whose match ended before its first
    move (the other seat forfeited) made no decision and trains no token, and counting its free
    win in a group mean or a moving baseline would lower the advantage of every seat that did
    play. Such seats get advantage 0."""
    if method not in ADVANTAGES:
        raise ValueError(f"selfplay_advantage must be one of {ADVANTAGES}, got {method!r}")
    if method == "group":
        return group_seat_advantages(returns, acted, scaling), baselines
    if method == "none":
        return [[[r if a else 0.0 for r, a in zip(match, m)] for match, m in zip(deal, did)]
                for deal, did in zip(returns, acted)], baselines
    flat = [(k, r) for deal, did, ks in zip(returns, acted, keys) for match, m, mk in zip(deal, did, ks)
            for r, a, k in zip(match, m, mk) if a]
    values, after = rae_advantages(baselines, [k for k, _ in flat], [r for _, r in flat], decay)
    it = iter(values)
    return [[[next(it) if a else 0.0 for a in m] for m in did] for did in acted], after


# --- metrics ---------------------------------------------------------------------------------------

def outcome_stats(rows: Sequence[SeatSummary]) -> dict:
    """Mean return, the fraction of seats that moved at all and their mean return (what the
    baselines see), win/draw/loss rates, invalid-move rate (refused moves per model turn), forfeit
    rate, unfinished rate (matches cut short) and the number of seats, of some seat summaries."""
    n, turns = max(len(rows), 1), sum(r.turns for r in rows)
    moved = [r.env_reward for r in rows if r.turns]
    return {"return": sum(r.env_reward for r in rows) / n,
            "moved": len(moved) / n, "return_moved": sum(moved) / max(len(moved), 1),
            **{o: sum(r.outcome == o for r in rows) / n for o in ("win", "draw", "loss")},
            "invalid_rate": sum(r.invalid_moves for r in rows) / max(turns, 1),
            "forfeit_rate": sum(r.forfeited for r in rows) / n, "unfinished_rate": sum(r.unfinished for r in rows) / n,
            "seats": len(rows)}


def by_seat(rows: Sequence[SeatSummary]) -> dict:
    """{(game, seat): [summaries]}, sorted."""
    out: dict = {}
    for r in rows:
        out.setdefault((r.game, r.seat), []).append(r)
    return dict(sorted(out.items()))


def seat_metrics(summaries: Sequence[SeatSummary]) -> dict:
    """outcome_stats over every seat of a batch ("selfplay/win", ...) and per (game, seat)
    ("selfplay/kuhn_poker/player_0/return", ...)."""
    out = {f"selfplay/{k}": v for k, v in outcome_stats(summaries).items()}
    for (game, seat), rows in by_seat(summaries).items():
        out.update({f"selfplay/{game}/{player_name(seat)}/{k}": v for k, v in outcome_stats(rows).items()})
    return out


# --- evaluation against built-in opponents ---------------------------------------------------------

def eval_deals(cfg, games: list[str]) -> list[tuple[Deal, int, str]]:
    """(deal, model seat, opponent) of every evaluation match: selfplay_eval_games per (game,
    opponent, seat), levels in turn, seeds from the reserved evaluation range (shared by every
    seat and opponent, so they meet the same deals)."""
    out = []
    for game in games:
        seats = get_game(game).seats(get_game(game).params(0, cfg.levels[0], **game_knobs(cfg, game)))
        for policy in cfg.selfplay_eval_opponents:
            for seat in range(seats):
                for k in range(cfg.selfplay_eval_games):
                    level = cfg.levels[k % len(cfg.levels)]
                    out.append((Deal(game, level, eval_seed(EVAL_SALT, game, level, k)), seat, policy))
    return out


def play_eval(cfg, backend, renderer, items, seed: int) -> list[SeatEpisode]:
    """The model's seat episode of each evaluation item, in order (batches of cfg.batch_episodes matches)."""
    options = play_options(cfg, temperature=cfg.eval_temperature)
    out = []
    size = max(1, cfg.batch_episodes)
    for start in range(0, len(items), size):
        chunk = items[start:start + size]
        matches = [new_matches(cfg, deal, 1)[0] for deal, _, _ in chunk]
        seats = [[MODEL if s == seat else opponent(policy) for s in range(len(m.players))]
                 for m, (_, seat, policy) in zip(matches, chunk)]
        played, _ = play_matches(backend, renderer, matches, seats, options, seed=stable_seed(seed, start))
        out += [row[seat] for row, (_, seat, _) in zip(played, chunk)]
    return out


def eval_rows(cfg, backend, renderer, games: list[str], dist=SINGLE, tp: int = 1) -> list[dict]:
    """Play the evaluation matches (each rank its share) and return one row per match:
    {"game", "opponent", "seat", "level", "seed", "return", "outcome", "invalid_moves", "turns", "forfeited",
    "unfinished"}."""
    items = eval_deals(cfg, games)
    played, reported = rollout_shares(len(items), dist.rank, dist.world, tp)
    mine = [items[i] for i in played]
    episodes = play_eval(cfg, backend, renderer, mine, seed=stable_seed("selfplay-eval", cfg.seed))
    keep = set(reported)
    rows = [{"game": deal.game, "opponent": policy, "seat": seat, "level": deal.level, "seed": deal.seed,
             "return": float(e.env_reward), "outcome": e.outcome, "invalid_moves": e.invalid_moves, "turns": e.turns,
             "forfeited": e.forfeited, "unfinished": e.unfinished}
            for i, (deal, seat, policy), e in zip(played, mine, episodes) if i in keep]
    return [r for part in dist.gather_objects(rows) for r in part]


def eval_metrics(rows: list[dict]) -> dict:
    """outcome_stats of the model per (game, opponent) over its seats
    ("selfplay_eval/kuhn_poker/random/win", ...) and per seat (".../random/player_0/win", ...), from eval_rows."""
    out = {}
    by: dict = {}
    for r in rows:
        by.setdefault((r["game"], r["opponent"]), []).append(
            SeatSummary(r["game"], r["seat"], r["return"], r["outcome"], r["invalid_moves"], r["turns"],
                        r["forfeited"], r["unfinished"]))
    for (game, policy), summaries in sorted(by.items()):
        out.update({f"selfplay_eval/{game}/{policy}/{k}": v for k, v in outcome_stats(summaries).items()})
        for (_, seat), seat_rows in by_seat(summaries).items():
            out.update({f"selfplay_eval/{game}/{policy}/{player_name(seat)}/{k}": v
                        for k, v in outcome_stats(seat_rows).items()})
    return out


# --- demonstrations for a warm start ---------------------------------------------------------------

def demonstrations(cfg, renderer, games: list[str], count: int, policy: str = "random",
                   master_seed: int = 1) -> list[tuple[list[int], list[int]]]:
    """(token ids, loss mask) of `count` matches in which a built-in policy plays every seat,
    laid out exactly as self-play rollouts are (one sequence per seat; the policy's moves marked
    in the answer style are the trained tokens): supervised data that teaches the move format
    and legal moves before self-play. Match seeds come from dataset_seed(master_seed, i)."""
    from procgym.seeding import dataset_seed

    specs = deals(cfg, games, stable_seed("demonstrations", master_seed), count)
    matches = [new_matches(cfg, Deal(d.game, d.level, dataset_seed(master_seed, i)), 1)[0] for i, d in enumerate(specs)]
    seats = [[Seat(policy)] * len(m.players) for m in matches]
    played, _ = play_matches(None, renderer, matches, seats, play_options(cfg))
    return [(e.token_ids, e.loss_mask) for row in played for e in row if e is not None and any(e.loss_mask)]


# --- the trainer's self-play mode -----------------------------------------------------------------

class SelfPlay:
    """Self-play batches for the trainer, with the RAE baselines (checkpointed), metrics and evaluation.

        play = SelfPlay(cfg)
        groups, results, summaries, stats = play.gather(backend, renderer, step, dist)
        metrics = play.metrics()                      # per-seat returns, outcomes, invalid moves, baselines
        metrics |= play.evaluate(backend, renderer)   # against the built-in opponents
        state = play.state_dict(); play.load_state_dict(state)
    """

    def __init__(self, cfg):
        self.cfg = cfg
        self.games = select_games(cfg.selfplay_games)
        self.baselines: dict[str, float] = {}
        self.last: list[SeatSummary] = []

    def gather(self, backend, renderer, step: int, dist=SINGLE):
        """Play one step's deals (each rank its share), compute every seat's advantage from the
        returns of the whole batch (identically on every rank) and return what gather_batch
        returns: (this rank's groups of seat episodes, group results, episode summaries, stats)."""
        from .rewards import shape_rewards
        from .trainer import round_seed, rollout_group

        cfg = self.cfg
        seed = round_seed(cfg, step, 0)
        specs = deals(cfg, self.games, seed, cfg.prompts_per_step)
        played, mine = rollout_shares(len(specs), dist.rank, dist.world, rollout_group(cfg))
        matches, seats, group_ids = [], [], []
        for g in played:
            for m in new_matches(cfg, specs[g], cfg.group_size):
                matches.append(m)
                seats.append([MODEL] * len(m.players))
                group_ids.append(g)
        rows, timing = play_matches(backend, renderer, matches, seats, play_options(cfg), groups=group_ids, seed=seed)
        local = {}
        for g, row in zip(group_ids, rows):
            shape_rewards(row, cfg)
            local.setdefault(g, []).append(row)
        shared = [{"id": g, "game": specs[g].game, "level": specs[g].level,
                   "returns": [[e.reward for e in row] for row in local[g]],
                   "acted": [[e.turns > 0 for e in row] for row in local[g]],
                   "episodes": [summarize(e) for row in local[g] for e in row],
                   "seats": [seat_summary(e) for row in local[g] for e in row],
                   "generated": sum(e.generated_tokens for row in local[g] for e in row)} for g in mine]
        everything = sorted((r for part in dist.gather_objects(shared) for r in part), key=lambda r: r["id"])
        returns = [r["returns"] for r in everything]
        keys = [[[baseline_key(r["game"], s) for s in range(len(row))] for row in r["returns"]] for r in everything]
        acted = [r["acted"] for r in everything]
        advantages, self.baselines = batch_advantages(cfg.selfplay_advantage, returns, acted, keys, self.baselines,
                                                      cfg.rae_decay, cfg.advantage_scaling)
        kept = []
        for r, adv in zip(everything, advantages):
            r["advantages"] = [a for match in adv for a in match]
            r["rewards"] = [x for match in r["returns"] for x in match]
            r["env_rewards"] = [s.env_reward for s in r["seats"]]
            r["task"], r["difficulty"] = r["game"], r["level"]
            if r["id"] in local:
                episodes = [e for row in local[r["id"]] for e in row]
                for e, a in zip(episodes, r["advantages"]):
                    e.advantage = a
                kept.append(episodes)
        self.last = [s for r in everything for s in r["seats"]]
        stats = {"generation": timing["generation"], "scoring": timing["scoring"],
                 "generated_tokens": sum(r["generated"] for r in everything), "rounds": 1,
                 "zero_variance": sum(max(r["rewards"]) == min(r["rewards"]) for r in everything),
                 "groups_played": len(everything), "kept_groups": len(everything),
                 "kept_advantages": [a for r in everything for a in r["advantages"]]}
        return kept, everything, [s for r in everything for s in r["episodes"]], stats

    def metrics(self) -> dict:
        """The last batch's per-seat metrics, and the RAE baselines after it."""
        out = seat_metrics(self.last)
        if self.cfg.selfplay_advantage == "rae":
            out.update({f"selfplay/{key}/baseline": value for key, value in sorted(self.baselines.items())})
        return out

    def evaluate(self, backend, renderer, dist=SINGLE) -> dict:
        """Metrics of the matches against the built-in opponents (eval_rows, eval_metrics)."""
        from .trainer import rollout_group

        start = time.perf_counter()
        out = eval_metrics(eval_rows(self.cfg, backend, renderer, self.games, dist, rollout_group(self.cfg)))
        out["time/selfplay_eval"] = time.perf_counter() - start
        return out

    def state_dict(self) -> dict:
        return {"baselines": dict(self.baselines)}

    def load_state_dict(self, state: dict) -> None:
        self.baselines = {str(k): float(v) for k, v in (state or {}).get("baselines", {}).items()}


def validate_selfplay(cfg) -> None:
    """Raise ConfigError for a self-play setting that cannot work (called by config.validate)."""
    from .config import ConfigError

    try:
        games = select_games(cfg.selfplay_games)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if cfg.difficulty == "curriculum":
        raise ConfigError('self-play needs fixed levels (difficulty like 3 or "1-3"), got "curriculum"')
    for name, bad in (("drop_zero_variance", cfg.drop_zero_variance), ("history_reasoning", cfg.history_reasoning
                                                                       == "drop")):
        if bad:
            raise ConfigError(f"{name}={getattr(cfg, name)!r} is not supported with self-play (selfplay_games)")
    declared = {k.name for g in games for k in get_game(g).knobs}
    unknown = sorted(set(cfg.knob_overrides) - declared)
    if unknown:
        raise ConfigError(f"knobs: no selected game declares {', '.join(unknown)} "
                          f"(the games' knobs are {', '.join(sorted(declared)) or 'none'})")
    for g in games:
        missing = [p for p in cfg.selfplay_eval_opponents if p not in get_game(g).policies]
        if missing:
            raise ConfigError(f"selfplay_eval_opponents: {g} has no policy {', '.join(map(repr, missing))}; "
                              f"its policies are {list(get_game(g).policies)}")
