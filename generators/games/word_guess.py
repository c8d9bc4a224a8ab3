"""Word guessing in the style of Wordle: find a secret word from per-letter feedback."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._words import WORD_LENGTHS, word_list

POLICY_WORK = 15_000  # feedback evaluations one policy call may spend choosing an informative guess


def feedback(guess: str, secret: str) -> str:
    """Per-letter marks: G = right letter in the right position, Y = the letter is in the word
    elsewhere, - = not in the word. A letter repeated in the guess is marked G or Y only as many
    times as it occurs in the secret: exact matches first, then Y from left to right."""
    marks = ["-"] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, s) in enumerate(zip(guess, secret)):
        if g == s:
            marks[i] = "G"
        else:
            unmatched[s] = unmatched.get(s, 0) + 1
    for i, g in enumerate(guess):
        if marks[i] != "G" and unmatched.get(g, 0) > 0:
            marks[i] = "Y"
            unmatched[g] -= 1
    return "".join(marks)


def letter_score(word: str, pool: list[str], presence: dict, positional: list) -> int:
    """How much a guess probes the pool: candidates sharing each distinct letter, plus positional hits."""
    return sum(presence.get(c, 0) for c in set(word)) + sum(positional[i].get(c, 0) for i, c in enumerate(word))


def choose_guess(words: list[str], candidates: list[str]) -> str:
    """The guess, from the whole list, that splits the candidates into the most feedback classes
    (ties: the smaller largest class, then a candidate, then list order). When that would cost more than POLICY_WORK
    evaluations, only the guesses with the best letter-coverage scores are considered."""
    if len(candidates) <= 2:
        return candidates[0]
    presence: dict[str, int] = {}
    positional = [dict() for _ in candidates[0]]
    for w in candidates:
        for c in set(w):
            presence[c] = presence.get(c, 0) + 1
        for i, c in enumerate(w):
            positional[i][c] = positional[i].get(c, 0) + 1
    pool = words
    budget = max(1, POLICY_WORK // len(candidates))
    if len(words) > budget:
        ranked = sorted(range(len(words)), key=lambda i: (-letter_score(words[i], candidates, presence, positional), i))
        pool = [words[i] for i in sorted(ranked[:budget])]
    is_candidate = set(candidates)
    best, best_key = pool[0], None
    for g in pool:
        sizes: dict[str, int] = {}
        for s in candidates:
            m = feedback(g, s)
            sizes[m] = sizes.get(m, 0) + 1
        key = (len(sizes), -max(sizes.values()), g in is_candidate)
        if best_key is None or key > best_key:
            best, best_key = g, key
    return best


@register
class WordGuess(TurnBudgetTask):
    """Guess a secret English word from a listed vocabulary, Wordle-style: each guess (a word from
    the list) is marked letter by letter G (right letter, right position), Y (in the word at
    another position) or - (not in the word), with repeated letters counted as in Wordle. Higher
    levels list more words (more look-alike candidates), use longer words and tighten the guess
    budget, so the agent must pick guesses that split the remaining candidates well.

    Word lists are package data (generators/games/words/words{4,5,6}.txt, common English words);
    each problem lists a random subset of `n_words` of them, the secret among them. The reference
    policy reads only the guess history in the state: it keeps the listed words consistent with
    every feedback so far and plays the word (from the whole list) that splits them into the most
    feedback classes. The policy needs at most 4 guesses over 1,500 seeds at every level; the
    budgets (8 down to 5) leave a margin that shrinks from 4 to 1.
    `Draft.answer` is the secret word (a one-guess win).
    """

    name = "games/word_guess"
    cap_reason = ("the packaged word lists are exhausted: level 10 lists 640 of the 642 five-letter words (the "
                  "longest list) with a 5-guess budget, one above the policy's worst case")
    knobs = (
        Knob("word_length", [4, 5, 4, 5, 6, 5, 6, 5, 6, 5], (4, 6), doc="letters per word (4, 5 or 6)"),
        Knob("n_words", [20, 40, 60, 100, 150, 250, 350, 400, 500, 640], (2, 642),
             doc="words in the listed vocabulary (at most the packaged list's size)"),
        Knob("max_guesses", [8, 7, 7, 6, 6, 6, 5, 5, 5, 5], (1, 100), doc="guess budget (invalid guesses count)"),
    )
    answer_format = "a guess as one word from the list, in letters only"
    example = "fjord"  # in no packaged list, so never the secret: the example never wins
    tools = (Tool("guess", "Guess a word from the list; the answer marks each of its letters.", "{word}",
                  (Param("word", "string", "a word from the list, letters only"),)),)
    unit = ("guess", "guesses")
    lowercase = True
    invalid_hint = "write one word from the list"

    def build(self, rng, params):
        length, n = params["word_length"], params["n_words"]
        if length not in WORD_LENGTHS:
            raise ValueError(f"knob 'word_length': {length} is not one of {list(WORD_LENGTHS)}")
        pool = word_list(length)
        if n > len(pool):
            raise ValueError(f"knob 'n_words': {n} is more than the {len(pool)} packaged {length}-letter words")
        words = sorted(rng.sample(pool, n))
        secret = rng.choice(words)
        budget = params["max_guesses"]
        question = (
            f"Word guessing. A secret {length}-letter English word has been chosen from this list of "
            f"{n} words:\n{' '.join(words)}\n\n"
            f"Each turn, guess one word from the list. Each letter of your guess is then marked: G = the "
            f"right letter in the right position; Y = the letter is in the secret word but at another "
            f"position; - = the letter is not in the secret word. Marks are given in the order of the "
            f"letters, e.g. GY--G. A letter that appears more often in your guess than in the secret "
            f"word is marked G or Y only as many times as the secret word contains it (right positions "
            f"first, then from left to right); its other copies are marked -.\n\n"
            f"You win by guessing the secret word. You have {budget} guesses; a guess that is not a word "
            f"from the list is rejected and still uses one.")
        return self.draft(question, secret, {"secret": secret, "words": words, "length": length, "budget": budget})

    def effort(self, problem):
        # before each guess of the reference policy, every listed word is checked against all the
        # feedback so far; the words still consistent are the candidates it weighs
        c, state, work = problem.check, self.initial_state(problem), 0
        for _ in range(c["budget"]):
            work += sum(1 for w in c["words"] if all(feedback(g, w) == m for g, m in state["history"]))
            state, _, _, done = self.step(problem, state, self.plan(problem, state))
            if done:
                break
        return work

    def start(self, problem):
        return {"history": []}

    def act(self, problem, state, text):
        c = problem.check
        if not text.isascii() or not text.isalpha():
            return f"Invalid guess: write one {c['length']}-letter word from the list, letters only.", None
        if len(text) != c["length"]:
            return f"Invalid guess: {text} has {len(text)} letters; the secret word has {c['length']}.", None
        if text not in set(c["words"]):
            return f"Invalid guess: {text} is not in the word list.", None
        marks = feedback(text, c["secret"])
        state["history"].append([text, marks])
        if text == c["secret"]:
            return f"{text}: {marks}.", WIN
        return f"{text}: {marks}.", None

    def unsolved(self, problem, state):
        return f"the word was {problem.check['secret']}."

    def plan(self, problem, state):
        words = problem.check["words"]
        candidates = [w for w in words if all(feedback(g, w) == m for g, m in state["history"])]
        if not candidates:  # feedback contradicts itself: cannot happen with true feedback
            return words[0]
        return choose_guess(words, candidates)
