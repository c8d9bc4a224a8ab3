"""Sealed-bid auctions of several items, one after the other, under private values and budgets.

Each player values each item privately (values drawn at setup; a player sees only its own) and
has one budget for the whole sale. Each round both bid for the item up, at the same time; the
higher bid takes it and pays its own bid (first price) or the other's bid (second price); a
tie leaves the item unsold. A player's surplus is the value of what it won minus what it paid,
and the payoff is its surplus minus the other's: relative surplus, so the game is zero-sum and
raising a rival's price or denying it a cheap item pays as much as a bargain of one's own.

This is a game of incomplete information over many bids, so no exact policy is offered. The
heuristic bids what would be the equilibrium for one item alone under relative surplus, with
values uniform on [0, V] and no budget: a bidder with value v that bids b(x), as if its value
were x, against a rival with value y bidding b(y), expects
    (x/V)(v - b(x)) - (1/V) integral_x^V (y - b(y)) dy
at first price, whose first-order condition at x = v gives b(v) = 2v/3 (shading less than the v/2 of plain surplus: losing hands the rival its
surplus); at second price the same reasoning gives b(v) = (2v + V)/3, above the value, to
raise the rival's price. It rounds to whole numbers and never bids more than its budget left,
so with several items and tight budgets it can be outplayed.
"""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register
from procgym.kit import Param, Tool, read_int
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import seat_knobs

from ._simultaneous_task import SimultaneousMatch


def values_text(values) -> str:
    return ", ".join(f"item {i + 1}: {v}" for i, v in enumerate(values))


def price(pricing: str, bids: list[int], winner: int) -> int:
    return bids[winner] if pricing == "first" else bids[1 - winner]


def heuristic_bid(pricing: str, value: int, top: int, budget: int) -> int:
    """The one-item equilibrium bid under relative surplus (see the module docstring), rounded:
    2v/3 at first price, (2v + top)/3 at second price; at most `budget`."""
    bid = (2 * value + 1) // 3 if pricing == "first" else (2 * value + top + 1) // 3
    return min(budget, bid)


@register_game
class SealedBidAuction(MultiplayerGame):
    """Sealed-bid auctions for two players, bids at the same time: items are sold one at a time;
    each player has private values for the items (only its own are shown to it) and one budget for
    the whole sale. The higher bid takes the item and pays its bid (first price) or the other bid
    (second price); a tie leaves it unsold. The payoff is a player's surplus (values won minus
    prices paid) minus the other's. Knobs set the items, the value range, the budget and the price
    rule."""

    name = "sealed_bid_auction"
    knobs = (Knob("items", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (1, 12),
                  doc="items sold, one per round"),
             Knob("max_value", [10] * 10 + [10, 12, 12, 14, 14, 16, 16, 18, 18, 20], (2, 50),
                  doc="each private value is drawn from 1 to this"),
             Knob("budget", [10, 12, 12, 15, 15, 16, 16, 18, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40], (1, 200),
                  doc="each player's money for the whole sale"),
             Knob("pricing", ["second"] * 4 + ["first"] * 16, choices=("first", "second"),
                  doc="first: the winner pays its own bid; second: it pays the other bid"))
    roles = ("bidder 0", "bidder 1")
    simultaneous = True
    action_format = "your bid, a whole number from 0 to your budget left"
    example = "-1"  # a bid is never negative
    policies = ("random", "heuristic")

    def setup(self, rng, params):
        values = [[rng.randint(1, params["max_value"]) for _ in range(params["items"])] for _ in range(2)]
        return {"values": values, "top": params["max_value"], "pricing": params["pricing"],
                "budget": [params["budget"]] * 2, "round": 0,
                "surplus": [0, 0], "sales": []}

    def to_move(self, state):
        return [] if state["round"] >= len(state["values"][0]) else [0, 1]

    def read(self, state, seat, text):
        bid = int(text) if text.isascii() and text.isdigit() else read_int(text)
        if bid < 0:
            raise Illegal("a bid cannot be negative.")
        if bid > state["budget"][seat]:
            raise Illegal(f"you have {state['budget'][seat]} left to bid, not {bid}.")
        return bid

    def apply(self, state, moves):
        r = state["round"]
        bids = [moves[0], moves[1]]
        sentence = f"Item {r + 1}: player_0 bid {bids[0]}, player_1 bid {bids[1]}; "
        if bids[0] == bids[1]:
            winner = None
            sentence += "a tie, so it goes unsold."
        else:
            winner = 0 if bids[0] > bids[1] else 1
            paid = price(state["pricing"], bids, winner)
            state["budget"][winner] -= paid
            state["surplus"][winner] += state["values"][winner][r] - paid
            sentence += f"{player_name(winner)} takes it for {paid}."
        state["sales"].append({"bids": bids, "winner": winner})
        state["round"] += 1
        if state["round"] == len(state["values"][0]):  # the sale is over: the values can be shown
            sentence += (f" The sale is over. Values were player_0 {values_text(state['values'][0])}; player_1 "
                         f"{values_text(state['values'][1])}. Surplus: player_0 {state['surplus'][0]}, "
                         f"player_1 {state['surplus'][1]}.")
        return sentence

    def payoffs(self, state):
        d = state["surplus"][0] - state["surplus"][1]
        return [d, -d]

    def stake(self, params):
        return params["items"] * params["max_value"] + params["budget"]

    def observe(self, state, seat):
        other = player_name(1 - seat)
        n, r = len(state["values"][0]), state["round"]
        mine = state["values"][seat]
        won = [i + 1 for i, sale in enumerate(state["sales"]) if sale["winner"] == seat]
        status = (f"Your values: {values_text(mine)}. Items you won: {', '.join(map(str, won)) or 'none'}. "
                  f"Your surplus: {state['surplus'][seat]}. Budget left: you {state['budget'][seat]}, "
                  f"{other} {state['budget'][1 - seat]}.")
        if r >= n:
            return f"All {n} items are sold. {status}"
        return f"Item {r + 1} of {n} is up ({state['pricing']}-price). {status}"

    def legal(self, state, seat):
        return [str(b) for b in range(state["budget"][seat] + 1)]

    def rules(self, params):
        n, rule = params["items"], params["pricing"]
        pays = "its own bid" if rule == "first" else "the other player's bid"
        return (f"A sealed-bid auction for two players, player_0 and player_1: {n} item{'s are' if n > 1 else ' is'} "
                f"sold one at a time. Each player has a private value from 1 to {params['max_value']} for each item "
                f"(you see only your own values) and a budget of {params['budget']} for the whole sale. For each item "
                f"both players bid at the same time, unseen by the other, any whole number from 0 to the budget they "
                f"have left. The higher bid takes the item and pays {pays} ({rule}-price); a tie leaves the item "
                f"unsold and nobody pays. Both bids are shown after each item. Your surplus is the total value of "
                f"the items you won minus what you paid; your payoff is your surplus minus the other player's.")

    def strategy(self, policy, state, seat):
        if policy == "heuristic":
            value = state["values"][seat][state["round"]]
            bid = heuristic_bid(state["pricing"], value, state["top"], state["budget"][seat])
            return {str(bid): Fraction(1)}
        return super().strategy(policy, state, seat)


_POLICY_TEXT = {
    "random": "The other player bids a whole number drawn uniformly from 0 to its budget left.",
    "heuristic": ("The other player bids two thirds of its value for the item at a first-price sale, and two "
                  "thirds of its value plus a third of the top value at a second-price sale (rounded to the nearest "
                  "whole number), never more than its budget left."),
}


@register
class SealedBidAuctionMatch(SimultaneousMatch):
    """A sealed-bid auction of one to six items against a built-in bidder, from a sale the agent
    can win (end with more surplus than the opponent). Levels 1-2 face random bids, the rest a
    bidder that plays the one-item equilibrium of relative surplus (above its value at second
    price, levels 1-4; two thirds of it at first price, from level 5). Higher levels sell more
    items on tighter budgets, so money must be kept for the items that count.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 850 problems/s at level 1, 370/s at level 5 and 260/s at level 10
    (bench/generation.py --seconds 1, one core).
    """

    name = "multiplayer/sealed_bid_auction"
    game = SealedBidAuction()
    knobs = seat_knobs(game, opponent=["random"] * 2 + ["heuristic"] * 18, spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)
    tools = (Tool("bid", "Bid for the item up this round.", "{amount}",
                  (Param("amount", "integer", "your bid, from 0 to your budget left"),)),)

    def preference(self, state, seat, move, replies):
        r, other = state["round"], 1 - seat
        bids = [0, 0]
        bids[seat], bids[other] = int(move), int(replies[other])
        if bids[0] == bids[1]:
            return 0, 0
        winner = 0 if bids[0] > bids[1] else 1
        gain = state["values"][winner][r] - price(state["pricing"], bids, winner)
        return (gain if winner == seat else -gain), -bids[seat]  # the relative surplus, then the cheaper bid

    def opponent_text(self, c):
        return _POLICY_TEXT[c["opponent"]]

    def longest(self, params, seat):
        return params["items"]
