"""Mastermind for two players: each sets a secret code for the other to break, and the faster
breaker wins by the difference.

Each player is dealt a few random codes at setup (private) and, as codemaker, sets one of them
as its secret: the deal is the game's chance, the choice its maker's decision. player_0 sets a
code first and player_1 breaks it, guessing codes and reading black/white pegs (computed by the
game, so a maker cannot lie); then the roles swap. A breaker that runs out of guesses counts one
guess more than the limit. The payoff is the guesses the other needed minus the guesses one
needed, so it is zero-sum.

Policies. Breakers: random (any code), heuristic (a code drawn at random among those consistent
with every answer so far), minimax (after Knuth's aabb... opening, the consistent code whose
worst answer leaves the fewest codes, generators/multiplayer/_codes.py). Makers: random (any
dealt code); heuristic and minimax both set the dealt code the minimax breaker needs the most
guesses for. No exact policy: the game is too large to solve.
"""
from __future__ import annotations

import re
import string
from fractions import Fraction

from procgym import Knob, register
from procgym.kit import Param, Tool, plural
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import SeatTask, seat_knobs

from ._codes import all_codes, consistent, feedback, guesses_to_break, minimax_guess

_CODE = re.compile(r"[a-z]+|[a-z](?: [a-z])+")


def answer_text(black: int, white: int) -> str:
    return f"{black} black, {white} white"


def maker(state) -> int:
    """The seat that sets the code of this phase (player_0 in phase 0, player_1 in phase 1)."""
    return state["phase"]


@register_game
class Mastermind(MultiplayerGame):
    """Mastermind for two players, each in turn codemaker and codebreaker: each is dealt a few
    secret codes and, as codemaker, sets one of them; the other guesses codes, each answered with
    black pegs (right colour, right place) and white pegs (right colour, wrong place), until it
    guesses the code or runs out of guesses; then the roles swap. The payoff is the guesses the
    other needed minus one's own. Knobs set the code length, the colours, the guess limit and how
    many codes each maker is dealt."""

    name = "mastermind"
    knobs = (Knob("pegs", [3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5], (2, 5), doc="letters in a code"),
             Knob("colours", [3, 4, 4, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 5, 6, 6, 6], (2, 6),
                  doc="colours: the letters a, b, ... in play"),
             Knob("limit", [8, 8, 8, 8, 8, 7, 7, 7, 6, 6, 6, 6, 5, 5, 7, 7, 6, 7, 7, 6], (1, 20),
                  doc="guesses a breaker may make"),
             Knob("offers", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 10, 8, 10, 10, 8, 10, 12], (1, 20),
                  doc="codes dealt to each codemaker to choose from"))
    roles = ("codemaker first", "codebreaker first")
    action_format = "a code: its letters run together, e.g. abca"
    example = "zzz"  # z is never a colour in play
    policies = ("random", "heuristic", "minimax")

    def setup(self, rng, params):
        codes = all_codes(params["pegs"], params["colours"])
        k = min(params["offers"], len(codes))
        return {"pegs": params["pegs"], "colours": params["colours"], "limit": params["limit"],
                "offers": [sorted(rng.sample(codes, k)), sorted(rng.sample(codes, k))],
                "phase": 0, "secret": [None, None], "guesses": [[], []], "used": [None, None]}

    def to_move(self, state):
        if state["phase"] > 1:
            return []
        setter = maker(state)
        return [setter] if state["secret"][setter] is None else [1 - setter]

    def read(self, state, seat, text):
        if not _CODE.fullmatch(text):
            raise Illegal(f"{text[:20]!r} is not a code: write its letters run together, e.g. abca.")
        code, pegs = text.replace(" ", ""), state["pegs"]
        if len(code) != pegs:
            raise Illegal(f"a code has {pegs} letters, not {len(code)}.")
        last = string.ascii_lowercase[state["colours"] - 1]
        if any(ch > last for ch in code):
            raise Illegal(f"the colours are the letters a to {last}.")
        if seat == maker(state) and code not in state["offers"][seat]:
            raise Illegal(f"set one of the codes you were dealt: {', '.join(state['offers'][seat])}.")
        return code

    def apply(self, state, moves):
        (seat, code), = moves.items()
        setter = maker(state)
        if seat == setter:
            state["secret"][seat] = code
            return f"{player_name(seat)} sets its secret code; {player_name(1 - seat)} starts guessing."
        black, white = feedback(state["secret"][setter], code)
        guesses = state["guesses"][seat]
        guesses.append([code, black, white])
        sentence = f"{player_name(seat)} guesses {code}: {answer_text(black, white)}."
        if black == state["pegs"]:
            state["used"][seat] = len(guesses)
            sentence += f" It breaks {player_name(setter)}'s code in {plural(len(guesses), 'guess', 'guesses')}."
        elif len(guesses) == state["limit"]:
            state["used"][seat] = state["limit"] + 1
            sentence += (f" That was its last guess: the code was {state['secret'][setter]}, which counts as "
                         f"{state['limit'] + 1} guesses.")
        else:
            return sentence
        state["phase"] += 1
        if state["phase"] == 1:
            sentence += " Now player_1 sets a code and player_0 breaks it."
        return sentence

    def payoffs(self, state):
        d = state["used"][1] - state["used"][0]
        return [d, -d]

    def stake(self, params):
        return params["limit"]

    def observe(self, state, seat):
        pegs, colours = state["pegs"], state["colours"]
        last = string.ascii_lowercase[colours - 1]
        parts = [f"Codes have {pegs} letters from a to {last} (repeats allowed)."]
        mine = state["secret"][seat]
        parts.append(f"Your secret code: {mine}." if mine else
                     f"Your dealt codes, to set one as your secret: {', '.join(state['offers'][seat])}.")
        for breaker in (1, 0):  # phase 0's breaker is player_1
            setter, used, guesses = 1 - breaker, state["used"][breaker], state["guesses"][breaker]
            who = "You" if breaker == seat else player_name(breaker)
            whose = "your" if setter == seat else f"{player_name(setter)}'s"
            if used is not None:
                parts.append(f"{who} broke {whose} code in {used} guesses." if used <= state["limit"]
                             else f"{who} did not break {whose} code: that counts as {used} guesses.")
            elif state["phase"] == setter and state["secret"][setter]:
                tried = "; ".join(f"{g} {answer_text(b, w)}" for g, b, w in guesses) or "none yet"
                verb = "are" if breaker == seat else "is"
                parts.append(f"{who} {verb} breaking {whose} code. Guesses so far: {tried}. "
                             f"Guesses left: {state['limit'] - len(guesses)}.")
        return " ".join(parts)

    def legal(self, state, seat):
        if seat == maker(state):
            return list(state["offers"][seat])
        return list(all_codes(state["pegs"], state["colours"]))

    def rules(self, params):
        pegs, colours, limit = params["pegs"], params["colours"], params["limit"]
        last = string.ascii_lowercase[colours - 1]
        return (f"Mastermind for two players, player_0 and player_1. A code is {pegs} letters from a to {last}, "
                f"repeats allowed. Each player is dealt {plural(params['offers'], 'random code')} that only it sees. "
                f"First player_0 is the codemaker: it sets one of its dealt codes as its secret, and player_1 "
                f"breaks it: each guess is a code, answered with black pegs (right letter in the right place) and "
                f"white pegs (right letter in the wrong place; each letter of either code counts once), until it "
                f"guesses the code (all black) or has made {limit} guesses; a code not broken counts as {limit + 1} "
                f"guesses. Then the roles swap: player_1 sets one of its dealt codes and player_0 breaks it. Your "
                f"payoff is the guesses the other player needed minus the guesses you needed.")

    # --- policies -----------------------------------------------------------------------------
    def strategy(self, policy, state, seat):
        pegs, colours = state["pegs"], state["colours"]
        if seat == maker(state):
            if policy in ("heuristic", "minimax"):
                offers = state["offers"][seat]
                hardest = max(offers, key=lambda code: guesses_to_break(pegs, colours, code, state["limit"]))
                return {hardest: Fraction(1)}
            return {code: Fraction(1, len(state["offers"][seat])) for code in state["offers"][seat]}
        history = tuple(map(tuple, state["guesses"][seat]))
        if policy == "minimax":
            return {minimax_guess(pegs, colours, history): Fraction(1)}
        if policy == "heuristic":
            left = consistent(pegs, colours, history)
            return {code: Fraction(1, len(left)) for code in left}
        return super().strategy(policy, state, seat)

    def choose(self, policy, state, seat, rng):
        if policy == "heuristic" and seat != maker(state):  # the strategy's uniform draw, without its table
            left = consistent(state["pegs"], state["colours"], state["guesses"][seat])
            return left[rng.randrange(len(left))]
        return super().choose(policy, state, seat, rng)


_POLICY_TEXT = {
    "random": "The other player sets a dealt code at random and guesses codes uniformly at random.",
    "heuristic": ("The other player, as codemaker, sets the dealt code that the minimax breaker needs the most "
                  "guesses for; as codebreaker it guesses a code drawn at random among those consistent with every "
                  "answer so far."),
    "minimax": ("The other player, as codemaker, sets the dealt code that its own breaking method needs the most "
                "guesses for; as codebreaker it opens with aabb (letters in pairs), then guesses the code, among "
                "those consistent with every answer so far, whose worst answer leaves the fewest codes possible "
                "(the first in alphabetical order on a tie)."),
}


@register
class MastermindMatch(SeatTask):
    """Two-player Mastermind against a built-in opponent: set a code it will find hard, then break
    its code in fewer guesses than it needed for yours. Levels 1-5 face a breaker that guesses at
    random among the consistent codes, levels 6-10 a minimax breaker; higher levels bring longer
    codes, more colours, fewer guesses and more dealt codes to choose from.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 620 problems/s at level 1, 180/s at level 5 and 160/s at level 10
    (bench/generation.py --seconds 1, one core).
    """

    name = "multiplayer/mastermind"
    game = Mastermind()
    knobs = seat_knobs(game, opponent=["heuristic"] * 5 + ["minimax"] * 15, spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)
    tools = (Tool("code", "Play a code: as codemaker, the dealt code you set as your secret; as codebreaker, your "
                  "guess.", "{code}", (Param("code", "string", "the code's letters run together, e.g. abca"),)),)

    def order(self, c, m, moves):
        state, seat = m.state, c["seat"]
        if seat == maker(state):
            return moves
        return [state["secret"][1 - seat]]  # the referee's line breaks the code at once: no line needs fewer

    def opponent_text(self, c):
        return _POLICY_TEXT[c["opponent"]]

    def longest(self, params, seat):
        return 1 + params["limit"]
