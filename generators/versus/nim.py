"""Take-away games against an opponent: multi-heap Nim (normal and misere) and subtraction games.

Both are impartial games: an exact solver (`solve`, memoised over heap multisets) gives every
position's result and its length under optimal play; the reference policy plays the
Sprague-Grundy strategy (nim-sum, misere rule, Grundy values of the subtraction set), which the
tests check against the solver.
"""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural

from ._opponent import LETTERS, OPPONENT, YOU, VersusTask, horizon_score, lookahead, pick

# a move: take N from A (also remove, tokens/stones, heap/pile, the heap's letter first: A 2, heap A: 2)
_TAKE = re.compile(r"(?:(?:take|takes|remove|removes) )?(?P<n>-?\d+)(?: (?:tokens?|stones?))?"
                   r"(?: (?:from )?(?:(?:the )?(?:heap|pile) )?(?P<heap>[a-z]))?")
_HEAP_FIRST = re.compile(r"(?:(?:heap|pile) )?(?P<heap>[a-z]) ?[:,]? (?P<n>-?\d+)")


def canon(heaps, takes) -> tuple:
    """A sorted tuple of the heaps that still allow a move (order and dead heaps do not matter)."""
    low = min(takes) if takes else 1
    return tuple(sorted(h for h in heaps if h >= low))


def options(h: int, takes) -> list[int]:
    """How many tokens may be taken from a heap of `h`."""
    return [t for t in takes if t <= h] if takes else list(range(1, h + 1))


@lru_cache(maxsize=500_000)
def solve(heaps: tuple, takes: tuple | None, misere: bool) -> tuple[int, int]:
    """(result, plies) for the player to move in a canonical position: result +1 (wins) or -1
    (loses), plies = how long the game lasts when the winner hurries and the loser stalls.

    `takes` None is Nim (take any number); otherwise the allowed amounts. With no move left the
    player to move loses, except in misere Nim, where the opponent just took the last token.
    """
    children = []
    for i, h in enumerate(heaps):
        if i and heaps[i - 1] == h:
            continue
        for t in options(h, takes):
            rest = heaps[:i] + (h - t,) + heaps[i + 1:]
            children.append(solve(canon(rest, takes), takes, misere))
    if not children:
        return (1, 0) if misere else (-1, 0)
    losing = [p for r, p in children if r < 0]
    if losing:
        return 1, 1 + min(losing)
    return -1, 1 + max(p for _, p in children)


def grundy_table(takes: tuple, top: int) -> list[int]:
    """Grundy values g(0..top) of one heap in the subtraction game with allowed amounts `takes`."""
    g = []
    for h in range(top + 1):
        seen = {g[h - t] for t in takes if t <= h}
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


def nim_move(heaps: list[int], misere: bool) -> tuple[int, int]:
    """A winning Nim move (heap index, amount) by the nim-sum, with the misere endgame rule."""
    big = [i for i, h in enumerate(heaps) if h > 1]
    ones = sum(1 for h in heaps if h == 1)
    if misere and len(big) <= 1:
        if not big:  # only 1-heaps: leave an odd number of them
            return heaps.index(1), 1
        i = big[0]  # reduce the one big heap to 0 or 1 so that an odd number of 1-heaps remains
        return i, heaps[i] - (1 if ones % 2 == 0 else 0)
    s = 0
    for h in heaps:
        s ^= h
    for i, h in enumerate(heaps):
        if h ^ s < h:
            return i, h - (h ^ s)
    return next(i for i, h in enumerate(heaps) if h), 1  # a lost position: any move


def grundy_move(heaps: list[int], takes: tuple) -> tuple[int, int]:
    """A winning subtraction-game move: one that leaves Grundy values XOR-ing to zero."""
    g = grundy_table(takes, max(heaps))
    s = 0
    for h in heaps:
        s ^= g[h]
    for i, h in enumerate(heaps):
        for t in sorted(takes, reverse=True):
            if t <= h and g[h - t] == g[h] ^ s:
                return i, t
    return next((i, t) for i, h in enumerate(heaps) for t in sorted(takes) if t <= h)


class TakeAway(VersusTask):
    """Shared turn mechanics of the take-away games."""

    tools = (Tool("take", "Take some tokens from one heap.", "take {count} from {heap}",
                  (Param("count", "integer", "how many tokens to take"),
                   Param("heap", "string", "the heap's letter, e.g. A"))),)

    def takes(self, c):
        return tuple(c["takes"]) if c.get("takes") else None

    def parse(self, c, pos, text):
        heaps, takes = pos["heaps"], self.takes(c)
        names = LETTERS[:len(heaps)]
        m = _TAKE.fullmatch(text.lower()) or _HEAP_FIRST.fullmatch(text.lower())
        if m and m.group("n").startswith("-"):
            return None, "take a positive number of tokens."
        heap = (m.group("heap") or ("a" if len(heaps) == 1 else "")).upper() if m else ""
        if not heap:
            return None, f"write how many tokens to take and from which heap, e.g. take 2 from {names[-1]}."
        if heap not in names:
            return None, f"there is no heap {heap} (heaps: {', '.join(names)})."
        if len(m.group("n")) > 6:
            return None, "that is far more tokens than any heap holds."
        i, n = names.index(heap), int(m.group("n"))
        if n < 1:
            return None, "take at least one token."
        if takes and n not in takes:
            return None, f"you may take only {self.allowed_text(takes)} tokens at a time."
        if n > heaps[i]:
            return None, f"heap {heap} has only {plural(heaps[i], 'token')}."
        return (i, n), None

    @staticmethod
    def allowed_text(takes) -> str:
        takes = sorted(takes)
        if takes == list(range(1, takes[-1] + 1)):
            return f"1 to {takes[-1]}"
        return ", ".join(map(str, takes[:-1])) + f" or {takes[-1]}"

    def play(self, c, pos, move, who):
        i, n = move
        pos["heaps"][i] -= n
        pos["mover"] = OPPONENT if who == YOU else YOU
        pos["last"] = who
        return f"{'You' if who == YOU else 'The opponent'} took {n} from {LETTERS[i]}."

    def has_moves(self, c, pos) -> bool:
        takes = self.takes(c)
        return any(options(h, takes) for h in pos["heaps"])

    def mover(self, c, pos):
        return pos["mover"] if self.has_moves(c, pos) else None

    def show(self, c, pos):
        return "Heaps: " + ", ".join(f"{LETTERS[i]} {h}" for i, h in enumerate(pos["heaps"]))

    def notation(self, c, move):
        return f"take {move[1]} from {LETTERS[move[0]]}"

    def reply(self, c, pos, rng):
        """Depth-limited negamax (zero evaluation at the horizon), read off the exact solver:
        a result within `opponent_depth` plies is seen, anything further looks even."""
        takes, misere = self.takes(c), c.get("misere", False)
        scored = []
        for i, h in enumerate(pos["heaps"]):
            for t in options(h, takes):
                rest = list(pos["heaps"])
                rest[i] -= t
                result, plies = solve(canon(rest, takes), takes, misere)
                scored.append((horizon_score(-result, plies + 1, c["opponent_depth"]), (i, t)))
        return pick(scored, rng)

    def start_position(self, rng, n_heaps, max_heap, takes, misere, min_heap=1) -> list[int]:
        """Random heaps from which the player to move (the agent) wins, by the exact solver."""
        for _ in range(10_000):
            heaps = [rng.randint(min_heap, max_heap) for _ in range(n_heaps)]
            if solve(canon(heaps, takes), takes, misere)[0] > 0:
                return heaps
        raise ValueError(f"knob 'max_heap': no winning start with {n_heaps} heaps of {min_heap}-{max_heap} "
                         f"tokens was found")


@register
class Nim(TakeAway):
    """Nim against a computer opponent: heaps of tokens, take any number from one heap per turn;
    in normal play whoever takes the last token wins, in misere play whoever takes it loses. The
    start is always a win for the agent (it moves first), so perfect play (the nim-sum, and the
    misere endgame rule) wins every game. Higher levels add heaps and larger heaps (more binary
    digits in the nim-sum), bring in misere play (a coin flip at levels 5-8, always at 9-10),
    let the opponent look further ahead (a mistake is punished sooner) and leave fewer spare
    turns for invalid moves."""

    name = "versus/nim"
    cap_reason = ("the opponent reads an exact solver memoised over heap multisets, which grows as C(heaps + "
                  "largest heap, heaps): six heaps of up to 15 tokens (level 15) already take seconds to solve "
                  "cold in pure Python, and a seventh heap five times that")
    knobs = (
        Knob("n_heaps", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6], (1, 6), doc="number of heaps"),
        Knob("max_heap", [3, 4, 5, 6, 7, 7, 9, 11, 13, 15, 15, 12, 13, 14, 15], (1, 15), doc="largest starting heap"),
        Knob("misere", [False, False, False, False, [False, True], [False, True], [False, True],
                        [False, True]] + [True] * 7, doc="whoever takes the last token loses"),
        Knob("opponent_depth", [1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 10, 10, 12, 14, 16], (1, 60),
             doc="plies the opponent looks ahead"),
        Knob("spare_turns", [4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0], (0, 20),
             doc="turns allowed beyond the longest possible game (for invalid moves)"),
    )
    answer_format = "a move as take N from HEAP"
    example = "take 0 from A"  # taking no token is never legal: the example never wins

    def build(self, rng, params):
        n, misere = params["n_heaps"], params["misere"]
        heaps = self.start_position(rng, n, params["max_heap"], None, misere)
        limit = (sum(heaps) + 1) // 2 + params["spare_turns"]
        c = {"start": {"heaps": heaps, "mover": YOU}, "misere": misere, "takes": None,
             "opponent_depth": params["opponent_depth"], "turn_limit": limit, "salt": rng.randrange(2**31)}
        names = LETTERS[:n]
        rule = ("Misere play: whoever takes the last token LOSES." if misere
                else "Normal play: whoever takes the last token wins.")
        question = (
            f"Nim against a computer opponent. {plural(n, 'heap')} of tokens: "
            f"{', '.join(f'{names[i]} {h}' for i, h in enumerate(heaps))}.\n"
            f"Players alternate turns and you move first. On your turn take one or more tokens from a single "
            f"heap (any number, up to the whole heap). {rule}\n"
            f"{lookahead(params['opponent_depth'])} After each of your moves you "
            f"see the opponent's reply and the heaps. You have {limit} turns; an invalid move is rejected "
            f"and still uses a turn. Win the game.")
        return self.versus_draft(c, question)

    def final(self, c, pos):
        if c["misere"]:
            return (pos["last"] == OPPONENT,
                    "The opponent took the last token: you win." if pos["last"] == OPPONENT
                    else "You took the last token: you lose.")
        return (pos["last"] == YOU, "You took the last token: you win." if pos["last"] == YOU
                else "The opponent took the last token: you lose.")

    def best(self, c, pos):
        return nim_move(pos["heaps"], c["misere"])

    def effort(self, problem):
        # every move of the reference line needs the nim-sum: one binary digit column per bit of
        # the largest heap, over the heaps still in play
        return sum(sum(1 for h in pos["heaps"] if h) * max(pos["heaps"]).bit_length()
                   for pos in self.agent_positions(problem))


@register
class SubtractionGame(TakeAway):
    """A subtraction game against a computer opponent: on each turn a player takes an allowed
    number of tokens (1 to k, or a listed set such as 1, 3 or 4) from one heap; whoever cannot
    move loses. The start is a win for the agent, who moves first; perfect play needs the
    Sprague-Grundy values of the heaps (periodic for 1..k, irregular for other sets) XOR-ed
    together. Higher levels go from one heap with takes 1..k to several heaps with irregular
    sets, larger heaps, a deeper-looking opponent and fewer spare turns."""

    name = "versus/subtraction_game"
    cap_reason = ("the opponent reads an exact solver memoised over heap multisets, one table per take set: four "
                  "heaps of up to 28 tokens (level 14) take a few hundred milliseconds cold per set in pure Python, "
                  "and a fifth heap or larger heaps many times that")
    knobs = (
        Knob("n_heaps", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4], (1, 5), doc="number of heaps"),
        Knob("max_heap", [8, 10, 10, 12, 14, 14, 16, 18, 20, 22, 24, 24, 26, 28], (2, 30), doc="largest starting heap"),
        Knob("rule", ["range", "range", "range", "range", ["range", "set"]] + ["set"] * 9,
             choices=("range", "set"), doc="takes 1..k, or an irregular set of allowed amounts"),
        Knob("max_take", [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8], (2, 9), doc="largest allowed take"),
        Knob("opponent_depth", [1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 10, 12, 14, 16], (1, 60),
             doc="plies the opponent looks ahead"),
        Knob("spare_turns", [4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0], (0, 20),
             doc="turns allowed beyond the longest possible game (for invalid moves)"),
    )
    answer_format = "a move as take N from HEAP"
    example = "take 0 from A"  # taking no token is never legal: the example never wins

    def build(self, rng, params):
        n, k = params["n_heaps"], params["max_take"]
        if params["rule"] == "range":
            takes = tuple(range(1, k + 1))
        else:  # 1 plus one to two other amounts up to k, k included: irregular Grundy values
            takes = tuple(sorted({1, k} | set(rng.sample(range(2, k), min(rng.randint(0, 1), k - 2)))))
        heaps = self.start_position(rng, n, params["max_heap"], takes, False, min_heap=2)
        limit = (sum(heaps) + 1) // 2 + params["spare_turns"]
        c = {"start": {"heaps": heaps, "mover": YOU}, "misere": False, "takes": list(takes),
             "opponent_depth": params["opponent_depth"], "turn_limit": limit, "salt": rng.randrange(2**31)}
        names = LETTERS[:n]
        where = "the heap" if n == 1 else "a single heap"
        question = (
            f"A subtraction game against a computer opponent. {plural(n, 'heap')} of tokens: "
            f"{', '.join(f'{names[i]} {h}' for i, h in enumerate(heaps))}.\n"
            f"Players alternate turns and you move first. On your turn take exactly "
            f"{self.allowed_text(takes)} tokens from {where} (never more than the heap holds). "
            f"A player who cannot move loses (so whoever makes the last move wins).\n"
            f"{lookahead(params['opponent_depth'])} After each of your moves you "
            f"see the opponent's reply and the heaps. You have {limit} turns; an invalid move is rejected "
            f"and still uses a turn. Win the game.")
        fmt = None if n > 1 else "a move as take N from A (the only heap)"
        return self.versus_draft(c, question, answer_format=fmt)

    def final(self, c, pos):
        if pos["last"] == YOU:
            return True, "The opponent cannot move: you win."
        return False, "You cannot move: you lose."

    def best(self, c, pos):
        return grundy_move(pos["heaps"], tuple(c["takes"]))

    def effort(self, problem):
        # the Grundy table up to the largest heap (one lookup per allowed take), then on every move
        # of the reference line the XOR over the heaps and a search of the heaps x takes for a move
        c = problem.check
        takes = len(c["takes"])
        table = max(c["start"]["heaps"]) * takes
        return table + sum(sum(1 for h in pos["heaps"] if h) * (1 + takes) for pos in self.agent_positions(problem))
