"""Leduc hold'em: a six-card deck (J, Q, K in two suits), one private card each, a public card
after the first betting round, fixed bets of 2 then 4 chips and at most two bets (a bet and a raise)
per round (Southey et al., 2005)."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register
from procgym.kit import read_choice
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import seat_knobs

from ._poker import StyledPokerTask, chip_payoffs, match_over, match_rules

RANKS = "JQK"
SUITS = "sh"  # spades, hearts: card c is rank c // 2, suit c % 2
MOVES = ("check", "bet", "call", "raise", "fold")
BET_SIZES = (2, 4)  # chips of one bet (or raise) in the first and the second round
MAX_BETS = 2  # bets per round: a bet and one raise
ANTE = 1


def said(move: str) -> str:
    return "raises" if move == "raise" else f"{move}s"


def card_name(card: int) -> str:
    return f"{RANKS[card // 2]}{SUITS[card % 2]}"


def legal_moves(moves: list[str]) -> list[str]:
    """The legal moves of the player to act after `moves` in the current round."""
    bets = sum(m in ("bet", "raise") for m in moves)
    if moves and moves[-1] in ("bet", "raise"):
        return ["call", "raise", "fold"] if bets < MAX_BETS else ["call", "fold"]
    return ["check", "bet"]


def round_over(moves: list[str]) -> bool:
    return moves == ["check", "check"] or (bool(moves) and moves[-1] == "call")


def strength(card: int, public: int | None) -> int:
    """Showdown strength: a pair with the public card beats any unpaired card; else the rank."""
    return 10 + card // 2 if public is not None and card // 2 == public // 2 else card // 2


def styled(card: int, public: int | None, moves: list[str], bluff: Fraction, call: Fraction) -> dict:
    """A simple style: with a pair, or a K before the flop, bet and raise; with a middling hand
    (a Q before the flop, or a card above the public one) check and call a bet with probability
    `call`; with a weak hand bet (bluff) with probability `bluff` when no bet is faced, else fold."""
    legal = legal_moves(moves)
    s = strength(card, public)
    strong = s >= 10 or (public is None and s == 2)
    middling = not strong and (s == 1 if public is None else s > public // 2)
    if legal[0] == "check":
        bet = Fraction(1) if strong else Fraction(0) if middling else bluff
        return {"check": 1 - bet, "bet": bet}
    if strong:
        return {"raise": Fraction(1)} if "raise" in legal else {"call": Fraction(1)}
    p = call if middling else Fraction(0)
    return {"call": p, "fold": 1 - p}


@register_game
class LeducHoldem(MultiplayerGame):
    """Leduc hold'em for two players: a deck of six cards (J, Q, K in two suits); each antes one
    chip and gets one private card; a betting round (bets of 2 chips, at most a bet and a raise),
    then a public card and a second round (bets of 4). At the showdown a private card that pairs
    the public card wins, else the higher rank; equal ranks split the pot. A match may be several
    hands, the first to act alternating; the payoff is the chips won."""

    name = "leduc_holdem"
    knobs = (Knob("hands", [1] * 20, (1, 50), doc="hands in the match (the first to act alternates)"),)
    roles = ("first to act in hand 1", "second to act in hand 1")
    action_format = "check, bet, call, raise or fold"
    example = "all in"  # a fixed-limit game has no all-in: never a legal move

    def setup(self, rng, params):
        return {"deals": [rng.sample(range(6), 3) for _ in range(params["hands"])], "hand": 0, "round": 0,
                "moves": [[], []], "contrib": [ANTE, ANTE], "results": []}

    def first(self, state) -> int:
        return state["hand"] % 2

    def to_move(self, state):
        if state["hand"] >= len(state["deals"]):
            return []
        return [(self.first(state) + len(state["moves"][state["round"]])) % 2]

    def read(self, state, seat, text):
        move = read_choice(text, MOVES)
        allowed = legal_moves(state["moves"][state["round"]])
        if move not in allowed:
            if move == "raise" and "call" in allowed:
                why = f"this round already has {MAX_BETS} bets"
            elif allowed[0] == "call":
                why = "you face a bet"
            else:
                why = "there is no bet to call or raise"
            raise Illegal(f"{why}: {', '.join(allowed[:-1])} or {allowed[-1]}.")
        return move

    def apply(self, state, moves):
        (seat, move), = moves.items()
        rnd, contrib = state["round"], state["contrib"]
        size = BET_SIZES[rnd]
        if move == "call":
            contrib[seat] = contrib[1 - seat]
        elif move == "bet":
            contrib[seat] += size
        elif move == "raise":
            contrib[seat] = contrib[1 - seat] + size
        state["moves"][rnd].append(move)
        sentence = f"{player_name(seat)} {said(move)}."
        if move == "fold":
            return sentence + self._settle(state, winner=1 - seat)
        if not round_over(state["moves"][rnd]):
            return sentence
        if rnd == 0:
            state["round"] = 1
            public = state["deals"][state["hand"]][2]
            return sentence + f" The public card is {card_name(public)}."
        cards = state["deals"][state["hand"]]
        s0, s1 = strength(cards[0], cards[2]), strength(cards[1], cards[2])
        show = f" Showdown: player_0 has {card_name(cards[0])}, player_1 has {card_name(cards[1])}."
        return sentence + show + self._settle(state, winner=None if s0 == s1 else (0 if s0 > s1 else 1))

    def _settle(self, state, winner):
        contrib = state["contrib"]
        if winner is None:
            result, end = 0, " Equal ranks: the pot is split."
        else:
            won = contrib[1 - winner]
            result = won if winner == 0 else -won
            end = f" {player_name(winner)} wins {won} chip{'s' if won > 1 else ''}."
        state["results"].append(result)
        state.update(hand=state["hand"] + 1, round=0, moves=[[], []], contrib=[ANTE, ANTE])
        if state["hand"] < len(state["deals"]):
            end += f" Hand {state['hand'] + 1} is dealt."
        return end

    def payoffs(self, state):
        return chip_payoffs(state)

    def observe(self, state, seat):
        n, sign = len(state["deals"]), 1 if seat == 0 else -1
        total = sign * sum(state["results"])
        if state["hand"] >= n:
            return match_over(n, total)
        cards = state["deals"][state["hand"]]
        public = f"The public card is {card_name(cards[2])}." if state["round"] == 1 else "No public card yet."
        acts = []
        for rnd in range(state["round"] + 1):
            moves = state["moves"][rnd]
            done = ", ".join(f"{player_name((self.first(state) + i) % 2)} {said(m)}" for i, m in enumerate(moves))
            acts.append(f"round {rnd + 1}: {done or 'no action yet'}")
        head = f"Hand {state['hand'] + 1} of {n}. " if n > 1 else ""
        so_far = f" Your chips won in earlier hands: {total:+d}." if state["results"] else ""
        order = "first" if self.first(state) == seat else "second"
        return (f"{head}Your card: {card_name(cards[seat])}. {public} You act {order} in each round of this hand. "
                f"Actions: {'; '.join(acts)}. Chips in the pot: yours {state['contrib'][seat]}, the other's "
                f"{state['contrib'][1 - seat]}.{so_far}")

    def legal(self, state, seat):
        return legal_moves(state["moves"][state["round"]])

    def rules(self, params):
        return ("Leduc hold'em for two players, player_0 and player_1. The deck has six cards: J, Q and K in two suits "
                "(s, h); suits do not matter. Each player antes 1 chip and is dealt one private card. In the first "
                "betting round the first to act checks or bets; facing a bet a player calls, raises or folds (the "
                "other takes the pot); at most two bets per round (a bet and one raise); a round ends when both check "
                "or a bet is called. Bets and raises are 2 chips in the first round and 4 in the second. Then one "
                "public card is turned and a second round is played the same way. At the showdown a private card of "
                "the public card's rank (a pair) wins, otherwise the higher rank; equal ranks split the pot. "
                f"{match_rules(params['hands'])}")

    def stake(self, params):
        return (ANTE + MAX_BETS * sum(BET_SIZES)) * params["hands"]

    def strategy(self, policy, state, seat):
        if policy == "heuristic":
            cards = state["deals"][state["hand"]]
            public = cards[2] if state["round"] == 1 else None
            return styled(cards[seat], public, state["moves"][state["round"]], Fraction(1, 4), Fraction(1, 2))
        return super().strategy(policy, state, seat)

    def policy_text(self, policy):
        if policy == "heuristic":
            return ("bets and raises with a pair or a K before the public card, checks and calls half the time with "
                    "a middling card, and bluffs a weak card a quarter of the time")
        return super().policy_text(policy)


@register
class LeducHoldemMatch(StyledPokerTask):
    """A Leduc hold'em match (2 to 7 hands) against a built-in opponent with a stated style (how
    often it bluffs a weak card and calls with a middling one), won by finishing ahead on chips.
    The deals are drawn so that some line of play beats this opponent's seeded choices. Higher
    levels play more hands, the random opponent of levels 1-2 gives way to the styled one, and
    fewer turns are spare.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 270 problems/s at level 1, 130/s at level 5 and 77/s at level 10
    (bench/generation.py, one core).
    """

    name = "multiplayer/leduc_holdem"
    game = LeducHoldem()
    knobs = seat_knobs(game, hands=[2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12],
                       opponent=["random"] * 2 + ["heuristic"] * 18, spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)

    def style_strategy(self, state, seat, bluff, call):
        cards = state["deals"][state["hand"]]
        public = cards[2] if state["round"] == 1 else None
        return styled(cards[seat], public, state["moves"][state["round"]], bluff, call)

    def ahead(self, state, seat):
        cards = state["deals"][state["hand"]]
        return strength(cards[seat], cards[2]) > strength(cards[1 - seat], cards[2])

    def style_text(self, bluff, call):
        return ("The opponent bets and raises with a pair, or with a K before the public card; with a middling card "
                f"(a Q before the public card, or a card above the public one) it checks and calls a bet {call} of "
                f"the time; with a weak card it bets {bluff} of the times it can and folds to a bet.")

    def longest(self, params, seat):
        return 4 * params["hands"]  # at most two moves of one player in each of the two rounds
