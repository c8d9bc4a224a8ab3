"""Kuhn poker: three cards (J, Q, K), one card each, one betting round of one chip.

The game-theoretic optimum is the known one-parameter family (Kuhn, 1950). With the first player
to act holding J it bets (bluffs) with probability alpha in [0, 1/3]; holding Q it checks and calls
a bet with probability alpha + 1/3; holding K it bets with probability 3 * alpha (and calls after
checking). The second player bets K and calls with it, checks Q behind and calls a bet with Q with
probability 1/3, bluffs J after a check with probability 1/3 and folds J to a bet. The first player's
value is -1/18 for every alpha; tests/multiplayer/test_kuhn_poker.py computes it exactly by
enumerating the six deals and checks that no deviation of either player gains.
"""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register
from procgym.kit import read_choice
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import seat_knobs

from ._poker import StyledPokerTask, chip_payoffs, match_over, match_rules

CARDS = "JQK"
MOVES = ("check", "bet", "call", "fold")
ALPHA = Fraction(1, 6)  # the exact policy's member of the optimal family (any alpha in [0, 1/3] is optimal)
ENDS = {("check", "check"), ("bet", "call"), ("bet", "fold"), ("check", "bet", "call"), ("check", "bet", "fold")}


def legal_moves(history: list[str]) -> list[str]:
    return ["call", "fold"] if history and history[-1] == "bet" else ["check", "bet"]


def optimal(card: int, history: list[str], alpha: Fraction = ALPHA) -> dict[str, Fraction]:
    """The optimal strategy's move probabilities for the player to act, holding `card` (0 J, 1 Q,
    2 K), after `history` (the hand's moves so far): the family of the module docstring."""
    third = Fraction(1, 3)
    if not history:  # first to act
        bet = (alpha, Fraction(0), 3 * alpha)[card]
        return {"check": 1 - bet, "bet": bet}
    if history == ["bet"]:  # second, facing a bet
        call = (Fraction(0), third, Fraction(1))[card]
        return {"call": call, "fold": 1 - call}
    if history == ["check"]:  # second, checked to
        bet = (third, Fraction(0), Fraction(1))[card]
        return {"check": 1 - bet, "bet": bet}
    call = (Fraction(0), alpha + third, Fraction(1))[card]  # first, after check and bet
    return {"call": call, "fold": 1 - call}


def styled(card: int, history: list[str], bluff: Fraction, call: Fraction) -> dict[str, Fraction]:
    """A simple exploitable style: bet and call with K; with Q check and call a bet with
    probability `call`; with J bet (bluff) with probability `bluff` when no bet is faced, else fold."""
    moves = legal_moves(history)
    if moves[0] == "check":
        bet = (bluff, Fraction(0), Fraction(1))[card]
        return {"check": 1 - bet, "bet": bet}
    p = (Fraction(0), call, Fraction(1))[card]
    return {"call": p, "fold": 1 - p}


@register_game
class KuhnPoker(MultiplayerGame):
    """Kuhn poker for two players: a deck of J, Q and K; each player antes one chip and gets one
    card; the first to act checks or bets one chip; facing a bet a player calls or folds; after a
    check the other may check (showdown) or bet. The higher card wins the pot at a showdown. A
    match may be several hands, with the first seat to act alternating; the payoff is the chips
    won."""

    name = "kuhn_poker"
    knobs = (Knob("hands", [1] * 20, (1, 50), doc="hands in the match (the first to act alternates)"),)
    roles = ("first to act in hand 1", "second to act in hand 1")
    action_format = "check, bet, call or fold"
    example = "raise"  # there is no raise in Kuhn poker: never a legal move
    policies = ("random", "heuristic", "exact")

    def setup(self, rng, params):
        deals = [rng.sample(range(3), 2) for _ in range(params["hands"])]
        return {"deals": deals, "hand": 0, "history": [], "results": []}

    def first(self, state) -> int:
        return state["hand"] % 2

    def to_move(self, state):
        if state["hand"] >= len(state["deals"]):
            return []
        return [(self.first(state) + len(state["history"])) % 2]

    def read(self, state, seat, text):
        move = read_choice(text, MOVES)
        allowed = legal_moves(state["history"])
        if move not in allowed:
            why = "you face a bet" if allowed[0] == "call" else "there is no bet to call"
            raise Illegal(f"{why}: {' or '.join(allowed)}.")
        return move

    def apply(self, state, moves):
        (seat, move), = moves.items()
        history = state["history"]
        history.append(move)
        sentence = f"{player_name(seat)} {move}s."
        if tuple(history) not in ENDS:
            return sentence
        cards = state["deals"][state["hand"]]
        if move == "fold":
            winner, amount = 1 - seat, 1
            end = f" {player_name(winner)} wins the pot ({amount} chip from {player_name(seat)})."
        else:
            winner = 0 if cards[0] > cards[1] else 1
            amount = 2 if "bet" in history else 1
            end = (f" Showdown: player_0 has {CARDS[cards[0]]}, player_1 has {CARDS[cards[1]]}; "
                   f"{player_name(winner)} wins {amount} chip{'s' if amount > 1 else ''}.")
        state["results"].append(amount if winner == 0 else -amount)
        state["hand"] += 1
        state["history"] = []
        if state["hand"] < len(state["deals"]):
            end += f" Hand {state['hand'] + 1} is dealt."
        return sentence + end

    def payoffs(self, state):
        return chip_payoffs(state)

    def observe(self, state, seat):
        n, total = len(state["deals"]), sum(state["results"]) * (1 if seat == 0 else -1)
        so_far = f"Your chips won so far: {total:+d}." if state["results"] else ""
        if state["hand"] >= n:
            return match_over(n, total)
        card = CARDS[state["deals"][state["hand"]][seat]]
        order = "first" if self.first(state) == seat else "second"
        history = state["history"]
        acts = (", ".join(f"{player_name((self.first(state) + i) % 2)} {m}s" for i, m in enumerate(history))
                if history else "none yet")
        pot = 2 + history.count("bet") + history.count("call")
        head = f"Hand {state['hand'] + 1} of {n}. " if n > 1 else ""
        return (f"{head}Your card: {card}. You act {order} this hand. Actions this hand: {acts}. Pot: {pot} chips. "
                f"{so_far}").rstrip()

    def legal(self, state, seat):
        return legal_moves(state["history"])

    def rules(self, params):
        return ("Kuhn poker for two players, player_0 and player_1. The deck has three cards, J < Q < K. Each "
                "player antes 1 chip and is dealt one card, seen only by its holder. The first to act checks or "
                "bets 1 chip. Facing a bet, a player calls (adds 1 chip; showdown) or folds (the bettor takes the "
                "pot). After a check the other player checks (showdown) or bets. At a showdown the higher card "
                f"takes the pot. {match_rules(params['hands'])}")

    def stake(self, params):
        return 2 * params["hands"]

    def card(self, state, seat) -> int:
        return state["deals"][state["hand"]][seat]

    def policy_text(self, policy):
        if policy == "heuristic":
            return "bets and calls with K, checks Q and calls a bet half the time, and bluffs J a quarter of the time"
        if policy == "exact":
            return "plays a game-theoretic optimal strategy (mixing its choices at random)"
        return super().policy_text(policy)

    def strategy(self, policy, state, seat):
        if policy == "exact":
            return optimal(self.card(state, seat), state["history"])
        if policy == "heuristic":
            return styled(self.card(state, seat), state["history"], Fraction(1, 4), Fraction(1, 2))
        return super().strategy(policy, state, seat)


@register
class KuhnPokerMatch(StyledPokerTask):
    """A Kuhn poker match (3 to 11 hands) against a built-in opponent, won by finishing ahead on
    chips. The deals are drawn so that some line of play beats this opponent's seeded choices. At
    levels 1-6 the opponent plays a stated, exploitable style (how often it bluffs with J and calls
    with Q); from level 7 it plays a game-theoretic optimal strategy, which no style beats on
    average. Higher levels also play more hands and leave fewer spare turns.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 350 problems/s at level 1, 70/s at level 5 and 12/s at level 10 (11 hands)
    (bench/generation.py, one core).
    """

    name = "multiplayer/kuhn_poker"
    game = KuhnPoker()
    knobs = seat_knobs(game, hands=[3, 3, 5, 5, 7, 7, 7, 9, 9, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16],
                       opponent=["heuristic"] * 6 + ["exact"] * 14, spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)

    def style_strategy(self, state, seat, bluff, call):
        return styled(self.game.card(state, seat), state["history"], bluff, call)

    def ahead(self, state, seat):
        cards = state["deals"][state["hand"]]
        return cards[seat] > cards[1 - seat]

    def style_text(self, bluff, call):
        return (f"The opponent always bets and calls with K; holding J it bets {bluff} of the times it can and folds "
                f"to a bet; holding Q it never bets and calls a bet {call} of the time.")

    def longest(self, params, seat):
        return 2 * params["hands"]
