"""Hangman over a listed vocabulary: find a secret word by guessing letters before the misses run out."""
from __future__ import annotations

from procgym import Draft, InteractiveTask, Knob, register

from ._boards import clean_action, plural, strip_prefix
from .word_guess import WORD_LENGTHS, word_list

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def pattern(word: str, guessed) -> str:
    """The word as shown: guessed letters in place, '_' for the others, separated by spaces."""
    return " ".join(ch if ch in guessed else "_" for ch in word)


def candidates(words, secret_view: str, guessed, wrong_words) -> list[str]:
    """The listed words consistent with the shown pattern, the missed letters and wrong words."""
    shown = secret_view.split(" ")
    guessed = set(guessed)
    out = []
    for w in words:
        if w in wrong_words:
            continue
        if all((ch in guessed) == (s != "_") and (s == "_" or s == ch) for ch, s in zip(w, shown)):
            out.append(w)
    return out


def choose_letter(cands: list[str], guessed) -> str:
    """The unguessed letter found in the most candidates (fewest words left on a miss); ties go to
    the letter that splits the candidates into the most position patterns, then alphabetical."""
    best, best_key = None, None
    for letter in ALPHABET:
        if letter in guessed:
            continue
        present, classes = 0, set()
        for w in cands:
            mask = tuple(i for i, ch in enumerate(w) if ch == letter)
            present += bool(mask)
            classes.add(mask)
        key = (present, len(classes))
        if best_key is None or key > best_key:
            best, best_key = letter, key
    return best


@register
class Hangman(InteractiveTask):
    """Hangman: a secret English word is drawn from a list shown in the prompt; each turn the
    player guesses a letter (revealed at every position it occupies, or a miss) or the whole word
    (a win, or a miss). Repeated letters, words outside the list and invalid actions are misses
    too; the game is lost at `max_misses` misses. Higher levels list more words, so more
    look-alike candidates (words that differ in one letter, like fight/light/might) must be told
    apart, and leave less room between the allowance and what careful play needs: each letter
    must be chosen to split the remaining candidates, not by letter frequency alone.

    The reference policy reads only the shown pattern and the guesses: it keeps the listed words
    consistent with them, names the word when one is left, and otherwise guesses the letter that
    the most candidates contain (ties: the most position patterns, then alphabetical). Its worst
    case over every secret of 2,000 vocabularies per level (its whole decision tree, see
    `worst_misses`) is 4, 5, 5, 6, 6, 7, 8, 8, 9, 9 misses at levels 1-10; each allowance
    exceeds that (margins 3 down to 1), so the policy wins. `Draft.answer` is the secret word (a
    one-guess win).
    """

    name = "games/hangman"
    knobs = (
        Knob("word_length", [4, 5, 6, 5, 6, 6, 5, 5, 5, 5], (4, 6), doc="letters per word (4, 5 or 6)"),
        Knob("n_words", [10, 20, 60, 40, 150, 300, 100, 200, 400, 500], (2, 642),
             doc="words in the listed vocabulary (at most the packaged list's size)"),
        Knob("max_misses", [7, 8, 7, 8, 8, 9, 9, 9, 10, 10], (1, 26),
             doc="misses that lose the game (invalid actions are misses)"),
    )
    answer_format = "a guess: one letter, e.g. e, or the whole word if you know it"
    example = "e"

    def build(self, rng, params):
        length, n, misses = params["word_length"], params["n_words"], params["max_misses"]
        if length not in WORD_LENGTHS:
            raise ValueError(f"knob 'word_length': {length} is not one of {list(WORD_LENGTHS)}")
        pool = word_list(length)
        if n > len(pool):
            raise ValueError(f"knob 'n_words': {n} is more than the {len(pool)} packaged {length}-letter words")
        words = sorted(rng.sample(pool, n))
        secret = rng.choice(words)
        question = (
            f"Hangman. A secret {length}-letter English word has been chosen from this list of {n} words:\n"
            f"{' '.join(words)}\n\n"
            f"Each turn, guess one letter: if the secret word contains it, it is revealed at every "
            f"position where it occurs; if not, that is a miss. You may instead guess the whole word: "
            f"right wins, wrong is a miss. A letter already guessed, a word not in the list or an "
            f"invalid action is also a miss. You win when the word is found; you lose at "
            f"{misses} misses.\n\nWord: {pattern(secret, '')}")
        return Draft(question, secret, {"secret": secret, "words": words, "length": length, "max_misses": misses})

    def initial_state(self, problem):
        return {"guessed": [], "missed": [], "wrong_words": [], "misses": 0, "turns": 0}

    def transition(self, problem, state, action):
        c = problem.check
        secret, limit = c["secret"], c["max_misses"]
        state["turns"] += 1
        text = clean_action(action)
        guess = strip_prefix(text, "guess", "letter", "word") if text is not None else None
        hit = False
        if guess is None:
            obs = "Invalid action: write one letter or one word."
        elif len(guess) == 1 and guess in ALPHABET:
            if guess in state["guessed"]:
                obs = f"You already guessed {guess}: that counts as a miss."
            elif guess in secret:
                state["guessed"].append(guess)
                hit = True
                obs = f"Yes: {guess} is in the word ({plural(secret.count(guess), 'position')})."
            else:
                state["guessed"].append(guess)
                state["missed"].append(guess)
                obs = f"No: {guess} is not in the word."
        elif guess.isascii() and guess.isalpha() and len(guess) == c["length"]:
            if guess == secret:
                return f"Yes: the word is {secret}. Solved with {plural(state['misses'], 'miss', 'misses')}.", 1.0, True
            if guess not in c["words"]:
                obs = f"{guess} is not in the word list: that counts as a miss."
            else:
                state["wrong_words"].append(guess)
                obs = f"No: the word is not {guess}."
        else:
            obs = (f"Invalid action: guess one letter (a-z) or one {c['length']}-letter word from the "
                   f"list; that counts as a miss.")
        if hit:
            if all(ch in state["guessed"] for ch in secret):
                return f"{obs} Word: {secret}. Solved with {plural(state['misses'], 'miss', 'misses')}.", 1.0, True
        else:
            state["misses"] += 1
        view = f"Word: {pattern(secret, state['guessed'])}."
        missed = f" Missed letters: {', '.join(state['missed'])}." if state["missed"] else ""
        left = limit - state["misses"]
        if left <= 0:
            return f"{obs} {view}{missed} Out of misses: the word was {secret}.", 0.0, True
        return f"{obs} {view}{missed} Misses left: {left}.", 0.0, False

    def policy(self, problem, state):
        c = problem.check
        view = pattern(c["secret"], state["guessed"])
        cands = candidates(c["words"], view, state["guessed"], state["wrong_words"])
        if len(cands) == 1:
            return cands[0]
        if not cands:  # cannot happen with true feedback
            return next(ch for ch in ALPHABET if ch not in state["guessed"])
        return choose_letter(cands, state["guessed"])


def worst_misses(words: list[str]) -> int:
    """The policy's most misses over every secret in `words` (its decision tree, walked in full)."""
    worst = 0

    def walk(cands: list[str], guessed: frozenset, misses: int):
        nonlocal worst
        if len(cands) == 1:
            worst = max(worst, misses)
            return
        letter = choose_letter(cands, guessed)
        groups: dict[tuple, list[str]] = {}
        for w in cands:
            groups.setdefault(tuple(i for i, ch in enumerate(w) if ch == letter), []).append(w)
        for mask, group in groups.items():
            walk(group, guessed | {letter}, misses + (not mask))

    walk(list(words), frozenset(), 0)
    return worst
