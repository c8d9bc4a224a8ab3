"""What the poker games share: a match of several hands, and single-agent tasks against an
opponent of a stated style.

A match is `hands` hands with the first to act alternating (player_0 in hand 1); the state's
`results` holds each finished hand's chips for player_0, and the payoff is their sum. A styled
opponent's two numbers (how often it bluffs a weak card, how often it calls with a middling one)
are quarters drawn per problem and stated in the prompt.
"""
from __future__ import annotations

from fractions import Fraction

from procgym.kit.multiplayer import sample
from procgym.kit.seat_task import SeatTask

STYLE_STEPS = 4  # a stated style's probabilities are quarters
AGGRESSION = {"raise": 0, "bet": 1, "call": 2, "check": 3, "fold": 4}


def match_rules(hands: int) -> str:
    """The rules' sentence on the match and the payoff."""
    if hands == 1:
        return "Your payoff is the chips you win or lose."
    return (f"The match is {hands} hands; the first to act alternates (player_0 in hand 1) and your payoff is your "
            f"total chips won.")


def match_over(hands: int, total: int) -> str:
    return (f"All {hands} hands are played. Your chips won: {total:+d}." if hands > 1
            else f"The hand is over. Your chips won: {total:+d}.")


def chip_payoffs(state: dict) -> list[int]:
    total = sum(state["results"])
    return [total, -total]


class StyledPokerTask(SeatTask):
    """A poker match against the game's policies, or (opponent "heuristic") against a style whose
    bluff and call frequencies are drawn per problem and stated. The search tries aggressive moves
    first when the agent holds the better hand, passive ones first otherwise."""

    def style_strategy(self, state: dict, seat: int, bluff: Fraction, call: Fraction) -> dict:
        """The style's move probabilities for `seat`."""
        raise NotImplementedError

    def ahead(self, state: dict, seat: int) -> bool:
        """Whether `seat` holds the better hand at a showdown (the referee's knowledge)."""
        raise NotImplementedError

    def style_text(self, bluff: str, call: str) -> str:
        """The prompt's sentence on the style, with the two frequencies as percentages."""
        raise NotImplementedError

    def extra(self, rng, params):
        if params["opponent"] != "heuristic":
            return {}
        return {"bluff": rng.randint(0, STYLE_STEPS), "call": rng.randint(0, STYLE_STEPS)}

    def opponent_move(self, c, m, seat, rng):
        if c["opponent"] != "heuristic":
            return super().opponent_move(c, m, seat, rng)
        return sample(self.style_strategy(m.state, seat, Fraction(c["bluff"], STYLE_STEPS),
                                          Fraction(c["call"], STYLE_STEPS)), rng)

    def opponent_text(self, c):
        if c["opponent"] != "heuristic":
            return super().opponent_text(c)
        return self.style_text(*(f"{100 * c[k] // STYLE_STEPS}%" for k in ("bluff", "call")))

    def order(self, c, m, moves):
        ahead = self.ahead(m.state, c["seat"])
        return sorted(moves, key=lambda t: AGGRESSION[t] if ahead else -AGGRESSION[t])
