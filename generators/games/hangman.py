"""Hangman over a listed vocabulary: find a secret word by guessing letters before the misses run out."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask, plural

from ._boards import policy_turns, strip_prefix
from ._words import WORD_LENGTHS, word_list

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
class Hangman(TurnBudgetTask):
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
    `worst_misses`) is 4, 5, 5, 6, 6, 7, 8, 8, 9, 9 misses at levels 1-10, and 10 at level 11 (the
    whole four-letter list, a single vocabulary); each allowance exceeds that (margins 3 down to
    1), so the policy wins. `Draft.answer` is the secret word (a
    one-guess win).
    """

    name = "games/hangman"
    cap_reason = ("the packaged word lists are exhausted: level 11 lists all 562 four-letter words, the list on "
                  "which the policy's worst case is largest (10 misses; all 642 five-letter words need 8, all 522 "
                  "six-letter words 6)")
    knobs = (
        Knob("word_length", [4, 5, 6, 5, 6, 6, 5, 5, 5, 5, 4], (4, 6), doc="letters per word (4, 5 or 6)"),
        Knob("n_words", [10, 20, 60, 40, 150, 300, 100, 200, 400, 500, 562], (2, 642),
             doc="words in the listed vocabulary (at most the packaged list's size)"),
        Knob("max_misses", [7, 8, 7, 8, 8, 9, 9, 9, 10, 10, 11], (1, 26),
             doc="misses that lose the game (invalid actions are misses)"),
    )
    answer_format = "a guess: one letter, e.g. e, or the whole word if you know it"
    example = "e"
    tools = (Tool("guess_letter", "Guess one letter: it is shown wherever it occurs in the word, or it is a miss.",
                  "{letter}", (Param("letter", "string", "one lowercase letter", enum=tuple(ALPHABET)),)),
             Tool("guess_word", "Guess the whole word, one from the list: a win, or a miss.", "{word}",
                  (Param("word", "string", "a word from the list"),),
                  parse=lambda text: {"word": text} if len(text) > 1 and text.isalpha() else None))
    budget_key = "max_misses"  # the budget counts misses: a turn that reveals letters costs nothing
    unit = ("miss", "misses")
    lowercase = True
    invalid_hint = "guess one letter (a-z) or one word from the list; that counts as a miss"

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
        # one letter never wins at once: no listed word repeats a single letter throughout
        return self.draft(question, secret, {"secret": secret, "words": words, "length": length, "max_misses": misses})

    def effort(self, problem):
        # the guesses the reference policy makes to pin the word down
        return policy_turns(self, problem)

    def start(self, problem):
        return {"guessed": [], "missed": [], "wrong_words": [], "hits": 0}

    def spent(self, problem, state):
        return state["turn"] - state["hits"]  # every turn that reveals no letter is a miss

    def act(self, problem, state, text):
        c = problem.check
        secret, guess = c["secret"], strip_prefix(text, "guess", "letter", "word")
        if len(guess) == 1 and guess in ALPHABET:
            if guess in state["guessed"]:
                return f"You already guessed {guess}: that counts as a miss.", None
            state["guessed"].append(guess)
            if guess not in secret:
                state["missed"].append(guess)
                return f"No: {guess} is not in the word.", None
            state["hits"] += 1
            said = f"Yes: {guess} is in the word ({plural(secret.count(guess), 'position')})."
            if all(ch in state["guessed"] for ch in secret):
                return f"{said} Word: {secret}.", WIN
            return said, None
        if guess.isascii() and guess.isalpha() and len(guess) == c["length"]:
            if guess == secret:
                return f"Yes: the word is {secret}.", WIN
            if guess not in c["words"]:
                return f"{guess} is not in the word list: that counts as a miss.", None
            state["wrong_words"].append(guess)
            return f"No: the word is not {guess}.", None
        return (f"Invalid action: guess one letter (a-z) or one {c['length']}-letter word from the list; that "
                f"counts as a miss.", None)

    def view(self, problem, state):
        missed = f" Missed letters: {', '.join(state['missed'])}." if state["missed"] else ""
        return f"Word: {pattern(problem.check['secret'], state['guessed'])}.{missed}"

    def unsolved(self, problem, state):
        return f"the word was {problem.check['secret']}."

    def plan(self, problem, state):
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
