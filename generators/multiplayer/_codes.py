"""Mastermind codes: every code, black/white feedback, the codes consistent with a history of
guesses, and the minimax guess. A code is a string of colour letters ("abca"); colours are the
first `colours` letters of the alphabet, repeats allowed.

    feedback("abcd", "abdc")                         # (2, 2): a, b in place; c, d elsewhere
    consistent(4, 6, (("aabb", 1, 0),))              # the codes that answer aabb with 1 black, 0 white
    minimax_guess(4, 6, (("aabb", 1, 0),))           # the consistent code leaving the fewest in the worst case
"""
from __future__ import annotations

import itertools
import string
from functools import lru_cache

import numpy as np

MINIMAX_CANDIDATES = 300  # consistent codes weighed as the next minimax guess (the first ones, in order)


def feedback(secret: str, guess: str) -> tuple[int, int]:
    """(black, white): black pegs for the right colour in the right place, white for a right
    colour in another place, each peg of either code counted once."""
    black = sum(a == b for a, b in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


@lru_cache(maxsize=32)
def all_codes(pegs: int, colours: int) -> tuple[str, ...]:
    """Every code, in alphabetical order."""
    return tuple("".join(p) for p in itertools.product(string.ascii_lowercase[:colours], repeat=pegs))


@lru_cache(maxsize=32)
def _arrays(pegs: int, colours: int):
    """The codes as an (N, pegs) array of colour numbers, and their (N, colours) colour counts."""
    codes = np.array([[ord(ch) - ord("a") for ch in code] for code in all_codes(pegs, colours)], dtype=np.int8)
    counts = np.stack([(codes == c).sum(axis=1) for c in range(colours)], axis=1)
    return codes, counts


@lru_cache(maxsize=32)
def code_index(pegs: int, colours: int) -> dict[str, int]:
    """Each code's index in all_codes."""
    return {code: i for i, code in enumerate(all_codes(pegs, colours))}


def _scores(pegs: int, colours: int, guesses, among) -> np.ndarray:
    """Feedback of each guess (index rows) against each code of `among` (index columns), as
    black * (pegs + 1) + white."""
    codes, counts = _arrays(pegs, colours)
    g, s = np.asarray(guesses), np.asarray(among)
    black = (codes[g][:, None, :] == codes[s][None, :, :]).sum(axis=2)
    common = np.minimum(counts[g][:, None, :], counts[s][None, :, :]).sum(axis=2)
    return black * (pegs + 1) + common - black


@lru_cache(maxsize=20_000)
def consistent_indices(pegs: int, colours: int, history: tuple) -> tuple[int, ...]:
    """Indices (into all_codes) of the codes that give every (guess, black, white) of `history`."""
    codes, _ = _arrays(pegs, colours)
    keep = np.ones(len(codes), dtype=bool)
    for guess, black, white in history:
        score = _scores(pegs, colours, [code_index(pegs, colours)[guess]], np.arange(len(codes)))[0]
        keep &= score == black * (pegs + 1) + white
    return tuple(int(i) for i in np.flatnonzero(keep))


def consistent(pegs: int, colours: int, history) -> list[str]:
    """The codes that give every (guess, black, white) of `history`, in alphabetical order."""
    codes = all_codes(pegs, colours)
    return [codes[i] for i in consistent_indices(pegs, colours, tuple(map(tuple, history)))]


def opener(pegs: int) -> str:
    """The first minimax guess: colours in pairs, aabb... (Knuth's opening for 4 pegs)."""
    return "".join(string.ascii_lowercase[i // 2] for i in range(pegs))


@lru_cache(maxsize=20_000)
def minimax_guess(pegs: int, colours: int, history: tuple) -> str:
    """The consistent code whose worst feedback leaves the fewest codes consistent (the first such
    in alphabetical order, among the first MINIMAX_CANDIDATES); `opener` with no history."""
    if not history:
        return opener(pegs)
    left = consistent_indices(pegs, colours, history)
    if len(left) <= 2:
        return all_codes(pegs, colours)[left[0]]
    candidates = left[:MINIMAX_CANDIDATES]
    scores = _scores(pegs, colours, candidates, left)
    classes = (pegs + 1) ** 2
    sizes = np.stack([(scores == k).sum(axis=1) for k in range(classes)], axis=1)
    worst = sizes.max(axis=1)
    return all_codes(pegs, colours)[candidates[int(np.argmin(worst))]]


def guesses_to_break(pegs: int, colours: int, secret: str, limit: int) -> int:
    """How many guesses the minimax breaker needs for `secret` (limit + 1 when it fails)."""
    history: tuple = ()
    for turn in range(1, limit + 1):
        guess = minimax_guess(pegs, colours, history)
        black, white = feedback(secret, guess)
        if black == pegs:
            return turn
        history += ((guess, black, white),)
    return limit + 1
