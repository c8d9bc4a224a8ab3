"""The training reward: the verifier's, plus an optional format reward and DAPO's soft overlong penalty.

    shape_rewards(episodes, cfg)     # sets episode.reward from episode.env_reward and the config

    reward = reward_weight * env_reward
           + format_weight * [every turn marked an answer]
           + overlong_weight * overlong_penalty(longest turn, max_completion_tokens, overlong_buffer)

`episode.correct` (accuracy) and `episode.env_reward` (the verifier's reward) are never changed;
only `episode.reward`, which advantages are computed from, is.
"""
from __future__ import annotations


def overlong_penalty(length: int, max_tokens: int, buffer: int) -> float:
    """DAPO's soft overlong punishment, in [-1, 0]: 0 up to max_tokens - buffer tokens, then
    falling linearly to -1 at max_tokens (and -1 beyond). buffer 0 turns it off.

    >>> [overlong_penalty(n, 100, 20) for n in (80, 90, 100)]
    [0.0, -0.5, -1.0]
    """
    if buffer <= 0:
        return 0.0
    free = max_tokens - buffer
    if length <= free:
        return 0.0
    return max(-1.0, (free - length) / buffer)


def shaped_reward(env_reward: float, format_ok: bool, longest_turn: int, cfg) -> float:
    """One episode's training reward from its parts (weights from the TrainConfig `cfg`)."""
    reward = cfg.reward_weight * env_reward
    if cfg.format_weight:
        reward += cfg.format_weight * float(format_ok)
    if cfg.overlong_buffer:
        reward += cfg.overlong_weight * overlong_penalty(longest_turn, cfg.max_completion_tokens, cfg.overlong_buffer)
    return reward


def shape_rewards(episodes, cfg) -> None:
    """Set each episode's `reward` to its shaped training reward (episodes that never generated a
    turn, e.g. an over-long prompt, get the weighted environment reward only)."""
    for e in episodes:
        if e.turns == 0:
            e.reward = cfg.reward_weight * e.env_reward
            continue
        e.reward = shaped_reward(e.env_reward, e.format_ok, max(e.turn_tokens, default=0), cfg)
