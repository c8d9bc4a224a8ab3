"""Mastermind: deduce a secret colour code from black/white peg feedback within a guess budget."""
from __future__ import annotations

import math
import re

import numpy as np

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask
from procgym.seeding import stable_rng

# Colours are named by their initials; the first `n_colors` of this palette are in play.
PALETTE = (("R", "red"), ("G", "green"), ("B", "blue"), ("Y", "yellow"), ("O", "orange"),
           ("P", "purple"), ("C", "cyan"), ("M", "magenta"), ("T", "teal"), ("L", "lime"))
# a guess: its colour letters run together (RGBY), or one letter at a time with separators (R G B Y, R,G,B,Y)
_SEPARATORS = re.compile(r"\s*[,;\-|/]\s*|\s+")
CANDIDATE_CAP = 120  # consistent codes the policy collects before choosing among them


def feedback(guess, secret) -> tuple[int, int]:
    """(black, white): black = right colour in the right position; white = right colour in the
    wrong position, each peg of either code counted at most once."""
    black = sum(g == s for g, s in zip(guess, secret))
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
    return black, common - black


def consistent_codes(history, n_pegs: int, n_colors: int, repeats: bool, order, limit: int):
    """Up to `limit` codes consistent with every (guess, black, white) in `history`.

    A depth-first search over positions, colours tried in `order[pos]`, pruned on partial
    codes: the blacks and the colour matches (black + white) of each past guess can only grow as
    positions are filled, and can grow by at most what the remaining positions allow. The codes
    come out in the search order, so the first one is the first consistent code in that order.
    """
    rows = []
    for guess, black, white in history:
        counts = [0] * n_colors
        for c in guess:
            counts[c] += 1
        rows.append((guess, black, black + white, counts))
    k = len(rows)
    found: list[tuple] = []
    code = [0] * n_pegs
    used = [0] * n_colors
    blacks = [0] * k
    matches = [0] * k
    # deficit[j] = sum over colours of max(0, counts_j[c] - used[c]): matches still obtainable
    deficit = [n_pegs] * k

    def dfs(pos: int) -> bool:
        if pos == n_pegs:
            found.append(tuple(code))
            return len(found) >= limit
        left = n_pegs - pos - 1
        for c in order[pos]:
            if not repeats and used[c]:
                continue
            ok = True
            changed = []
            for j in range(k):
                guess, b, m, counts = rows[j]
                nb = blacks[j] + (guess[pos] == c)
                gain = used[c] < counts[c]
                nm = matches[j] + gain
                nd = deficit[j] - gain
                if nb > b or nm > m or nb + left < b or nm + min(left, nd) < m:
                    ok = False
                    break
                changed.append((j, nb, nm, nd))
            if not ok:
                continue
            saved = [(j, blacks[j], matches[j], deficit[j]) for j, _, _, _ in changed]
            for j, nb, nm, nd in changed:
                blacks[j], matches[j], deficit[j] = nb, nm, nd
            code[pos] = c
            used[c] += 1
            stop = dfs(pos + 1)
            used[c] -= 1
            for j, b0, m0, d0 in saved:
                blacks[j], matches[j], deficit[j] = b0, m0, d0
            if stop:
                return True
        return False

    dfs(0)
    return found


def most_parts(candidates: list[tuple], n_colors: int) -> tuple:
    """The candidate whose feedback splits the candidates into the most classes (ties: first)."""
    codes = np.array(candidates, dtype=np.int64)
    counts = np.zeros((len(candidates), n_colors), dtype=np.int64)
    np.add.at(counts, (np.arange(len(candidates))[:, None], codes), 1)
    black = (codes[:, None, :] == codes[None, :, :]).sum(axis=2)
    common = np.minimum(counts[:, None, :], counts[None, :, :]).sum(axis=2)
    classes = np.sort(black * (codes.shape[1] + 1) + common, axis=1)
    parts = (np.diff(classes, axis=1) != 0).sum(axis=1)
    return candidates[int(np.argmax(parts))]


@register
class Mastermind(TurnBudgetTask):
    """Mastermind: find a secret code of `n_pegs` coloured pegs, each one of `n_colors` colours
    (named by initials; each problem draws its colours from a palette of ten: R red, G green,
    B blue, Y yellow, O orange, P purple, C cyan, M magenta, T teal, L lime), with or without
    repeated colours. Each guess is answered with black pegs (right colour, right position) and
    white pegs (right colour, wrong position). Higher levels lengthen the code, add colours, allow
    repeats (levels 4+) and tighten the guess budget relative to the size of the code space, so
    each guess must be consistent with all the feedback so far and informative.

    The reference policy reads only the guess/feedback history in the state: it enumerates codes
    consistent with all feedback by a pruned depth-first search (colours tried in an order fixed
    per problem from its seed, not from the secret), collects the first CANDIDATE_CAP of them (all
    of them when fewer) and plays the one that splits those into the most feedback classes. Each
    level's guess budget is the policy's worst case over 2,500 seeds at that level (6, 6, 6, 7, 8,
    8, 8, 8, 8, 9 guesses at levels 1-10) plus a margin that shrinks from 6 to 1; at levels 11-18 its
    worst case over 150-400 seeds (9, 9, 9, 9, 10, 9, 10, 10) plus 2, and at level 19 plus 1.
    `Draft.answer` is the secret itself (a one-guess win); the policy never runs at generation time.
    """

    name = "games/mastermind"
    cap_reason = ("the palette has ten colours and eight pegs take the policy over a second a game (its pruned "
                  "search of consistent codes): level 19 plays 8 pegs of 10 colours with one guess to spare, and "
                  "9 pegs would take seconds a game to play and to calibrate")
    knobs = (
        Knob("n_pegs", [4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8], (2, 8), doc="pegs in the code"),
        Knob("n_colors", [4, 5, 6, 6, 7, 6, 7, 8, 7, 8, 9, 10, 8, 9, 10, 8, 9, 10, 10], (2, 10), doc="colours in play"),
        Knob("repeats", [False, False, False] + [True] * 16,
             doc="whether a colour may appear more than once in the secret code"),
        Knob("max_guesses", [12, 11, 10, 9, 10, 10, 10, 9, 9, 10, 11, 11, 11, 11, 12, 11, 12, 12, 11], (1, 100),
             doc="guess budget (invalid guesses count)"),
    )
    answer_format = ("a guess as one colour letter per peg, left to right, e.g. RGBY "
                     "(spaces or commas between letters are also accepted)")  # per problem: its pegs and colours
    example = "RGBY"
    tools = (Tool("guess", "Guess the secret code; the answer is its black and white pegs.", "{code}",
                  (Param("code", "string", "one colour letter per peg, left to right, e.g. RGBY"),)),)
    unit = ("guess", "guesses")
    invalid_hint = "write the code as colour letters"

    def build(self, rng, params):
        n, k, repeats = params["n_pegs"], params["n_colors"], params["repeats"]
        if not repeats and k < n:
            raise ValueError(f"knob 'n_colors': {k} colours cannot fill {n} pegs without repeats "
                             f"(need n_colors >= n_pegs or repeats=True)")
        colours = [PALETTE[i] for i in sorted(rng.sample(range(len(PALETTE)), k))]
        if repeats:
            secret = [rng.randrange(k) for _ in range(n)]
        else:
            secret = rng.sample(range(k), n)
        code = "".join(colours[c][0] for c in secret)
        budget = params["max_guesses"]
        names = ", ".join(f"{letter} ({word})" for letter, word in colours)
        rule = ("Colours may repeat in the code." if repeats
                else "No colour appears more than once in the code.")
        question = (
            f"Mastermind. A secret code of {n} pegs has been chosen; each peg is one of {k} colours: "
            f"{names}. {rule}\n\n"
            f"Each turn, guess a code of {n} colour letters (your guesses may repeat colours). After each "
            f"guess you are told how many black and white pegs it scores: black = pegs of the right "
            f"colour in the right position; white = pegs of the right colour in the wrong position. "
            f"Each peg of the guess and of the code counts at most once, so black + white is the number "
            f"of colours the guess shares with the code, counted with multiplicity.\n\n"
            f"You win by guessing the code exactly ({n} black). You have {budget} guesses; a guess that "
            f"is not a valid code is rejected and still uses one.")
        check = {"secret": code, "n_pegs": n, "n_colors": k, "repeats": repeats, "budget": budget,
                 "colours": "".join(letter for letter, _ in colours)}
        letters = check["colours"]
        if not repeats:
            # one colour on every peg: a valid guess, and never a code whose colours all differ
            example = letters[0] * n
        else:
            # any guess may be the code: the example is drawn (last of all draws) from a few fixed
            # guesses, leaving out the code, so it tells only that it is not the code
            shown = sorted({"".join(letters[(i * 3 + 1) % k] for i in range(n)), letters[0] * n, letters[1] * n,
                            letters[-1] * n, "".join(letters[i % k] for i in range(n))} - {code})
            example = shown[rng.randrange(len(shown))]
        fmt = (f"a guess as {n} colour letters, left to right, e.g. {example} "
               f"(spaces or commas between letters are also accepted)")
        return self.draft(question, code, check, answer_format=fmt, example=example)

    def effort(self, problem):
        # the information the deduction must gather: log2 of the codes the secret may be
        c = problem.check
        k, n = c["n_colors"], c["n_pegs"]
        return n * math.log2(k) if c["repeats"] else math.log2(math.perm(k, n))

    def start(self, problem):
        return {"history": []}

    def _parse(self, problem, text):
        c = problem.check
        parts = _SEPARATORS.split(text)
        if len(parts) > 1 and any(len(part) != 1 for part in parts):
            return None, "Invalid guess: write the colour letters together (RGBY) or one by one (R G B Y)."
        text = "".join(parts).upper()
        if not text.isascii() or not text.isalpha():
            return None, f"Invalid guess: write {c['n_pegs']} colour letters from {', '.join(c['colours'])}."
        bad = sorted(set(text) - set(c["colours"]))
        if bad:
            return None, (f"Invalid guess: {', '.join(bad)} {'is not a colour' if len(bad) == 1 else 'are not colours'}"
                          f" in this game (colours: {', '.join(c['colours'])}).")
        if len(text) != c["n_pegs"]:
            return None, f"Invalid guess: {text} has {len(text)} pegs; the code has {c['n_pegs']}."
        return text, None

    def act(self, problem, state, text):
        c = problem.check
        guess, error = self._parse(problem, text)
        if guess is None:
            return error, None
        black, white = feedback(guess, c["secret"])
        state["history"].append([guess, black, white])
        if black == c["n_pegs"]:
            return f"{guess}: {black} black, 0 white.", WIN
        return f"{guess}: {black} black, {white} white.", None

    def unsolved(self, problem, state):
        return f"the code was {problem.check['secret']}."

    def plan(self, problem, state):
        c = problem.check
        n, colours = c["n_pegs"], c["colours"]
        index = {letter: i for i, letter in enumerate(colours)}
        history = [(tuple(index[x] for x in g), b, w) for g, b, w in state["history"]]
        rng = stable_rng(self.name, "policy-order", problem.seed, n, colours, c["repeats"])
        order = []
        for _ in range(n):
            perm = list(range(len(colours)))
            rng.shuffle(perm)
            order.append(perm)
        candidates = consistent_codes(history, n, len(colours), c["repeats"], order, CANDIDATE_CAP)
        if not candidates:  # feedback contradicts itself: cannot happen with true feedback
            return colours[0] * n
        return "".join(colours[i] for i in most_parts(candidates[:CANDIDATE_CAP], len(colours)))
