"""The packaged word lists of the word games (hangman, word guessing): common English words of
4, 5 and 6 letters, one file per length (generators/games/words/wordsN.txt)."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

WORD_LENGTHS = (4, 5, 6)


@lru_cache(maxsize=None)
def word_list(length: int) -> tuple[str, ...]:
    """The packaged list of common English words of a length (generators/games/words/wordsN.txt)."""
    text = resources.files("procgym.generators.games").joinpath("words", f"words{length}.txt").read_text("ascii")
    return tuple(sorted({w.strip() for w in text.splitlines() if w.strip()}))
