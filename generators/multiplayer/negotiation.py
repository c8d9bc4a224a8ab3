"""Negotiation: two players divide a pool of items by alternating offers before a deadline,
each valuing the items privately.

The pool holds a few items of a few types. Each player's values per item are drawn at setup
from every whole-number value vector that makes the whole pool worth TOTAL to it, all equally
likely (so the values are private, but the prior is common knowledge). Players take turns
proposing a division (what the proposer keeps; the other gets the rest); the other accepts it,
rejects it (no deal) or makes the next proposal while proposals are left. After the last one it
can only accept or reject. A deal is worth to each player its own value of its share; without
one both get 0.

Zero-sum transform: a player's payoff is its value of its share minus the other's value of the
other's share (0 without a deal), so it counts what one gets against what the rival gets. Any
deal is then good for one side exactly as much as it is bad for the other: a proposer must find
a division it values more than its rival does, and that the rival, not knowing the proposer's
values, still believes is good for it.

The heuristic reasons with the prior: as responder it accepts when its value of its share is
at least the expected value the proposer's share has for the proposer (else it rejects at the
deadline or counter-proposes); as proposer it claims the division with the best expected payoff
against a responder that reasons so, over the prior of the rival's values. No exact policy: the
game has private values and many proposals.
"""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from functools import lru_cache

import numpy as np

from procgym import Knob, register
from procgym.kit import Param, Tool, plural
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import SeatTask, seat_knobs

TOTAL = 10  # what the whole pool is worth to each player
ITEMS = ("book", "hat", "ball", "pen", "cup", "key")
_CLAIM = re.compile(r"claim((?: \d{1,3})+)")


def value_vectors(counts: tuple) -> tuple[tuple[int, ...], ...]:
    """Every vector of whole-number values per item (one per type) that makes the pool worth TOTAL."""
    return _with_total(counts, TOTAL)


@lru_cache(maxsize=4096)
def _with_total(counts: tuple, total: int) -> tuple:
    if len(counts) == 1:
        return ((total // counts[0],),) if total % counts[0] == 0 else ()
    return tuple((v,) + tail for v in range(total // counts[0] + 1)
                 for tail in _with_total(counts[1:], total - v * counts[0]))


@lru_cache(maxsize=4096)
def claims(counts: tuple) -> tuple[tuple[int, ...], ...]:
    """Every division, as what the proposer keeps of each type."""
    return tuple(itertools.product(*(range(c + 1) for c in counts)))


def worth(values, share) -> int:
    return sum(v * k for v, k in zip(values, share))


def rest_of(counts, share) -> list[int]:
    return [c - k for c, k in zip(counts, share)]


@lru_cache(maxsize=4096)
def prior_sums(counts: tuple) -> tuple[int, tuple[int, ...]]:
    """(how many value vectors the prior has, their sum per type): the prior mean of an item of
    type t is sums[t] / size, kept as integers so comparisons are exact and quick."""
    vectors = value_vectors(counts)
    return len(vectors), tuple(sum(v[t] for v in vectors) for t in range(len(counts)))


def believes_good(counts, values, keep) -> bool:
    """Whether a responder with `values`, offered the rest of `keep`, expects the deal to be worth
    at least as much to it as `keep` is to the proposer on average over the prior (the
    heuristic's acceptance rule)."""
    size, sums = prior_sums(tuple(counts))
    return size * worth(values, rest_of(counts, keep)) >= worth(sums, keep)


@lru_cache(maxsize=4096)
def best_claim(counts: tuple, values: tuple) -> tuple[int, ...]:
    """The heuristic proposer's claim: the best expected payoff against a responder that accepts
    by `believes_good`, over the prior of its values (the first best in `claims` order)."""
    options = np.array(claims(counts))
    rivals = np.array(value_vectors(counts))
    theirs = (np.array(counts) - options) @ rivals.T  # (claims, rival vectors): the rival's value of its share
    size, sums = prior_sums(counts)
    accepted = size * theirs >= (options @ np.array(sums))[:, None]
    payoff = (options @ np.array(values))[:, None] - theirs
    expected = (accepted * payoff).mean(axis=1)
    return tuple(int(x) for x in options[int(np.argmax(expected))])


def share_text(counts) -> str:
    return ", ".join(f"{plural(k, ITEMS[t])}" for t, k in enumerate(counts))


@register_game
class Negotiation(MultiplayerGame):
    """Negotiation for two players: they divide a pool of items of a few types by alternating
    proposals (what the proposer keeps; the other gets the rest) before a deadline. Each player
    values the items privately; the whole pool is worth 10 to each. The responder accepts, rejects
    (no deal) or proposes in turn; after the last proposal it can only accept or reject. The payoff
    is one's value of one's share minus the other's value of its share (0 without a deal). Knobs
    set the item types, the most items of a type and the number of proposals."""

    name = "negotiation"
    knobs = (Knob("types", [2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, len(ITEMS)),
                  doc="kinds of item in the pool"),
             Knob("most", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 3, 4, 4, 5, 3, 4, 4, 5], (1, 5),
                  doc="the most items of one kind (1 to this each)"),
             Knob("proposals", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 7, 8, 9, 9, 9, 10, 11, 12], (1, 12),
                  doc="proposals allowed before the deadline"))
    roles = ("proposes first", "responds first")
    action_format = "claim followed by the number of items of each kind you keep (e.g. claim 2 0 1), accept, or reject"
    example = "claim"  # a claim with no numbers is never a move
    policies = ("random", "heuristic")

    def setup(self, rng, params):
        while True:  # a pool some values can total TOTAL for
            counts = [rng.randint(1, params["most"]) for _ in range(params["types"])]
            vectors = value_vectors(tuple(counts))
            if vectors:
                break
        values = [list(vectors[rng.randrange(len(vectors))]), list(vectors[rng.randrange(len(vectors))])]
        return {"counts": counts, "values": values, "limit": params["proposals"], "proposals": [], "deal": None,
                "over": False}

    def to_move(self, state):
        if state["over"]:
            return []
        return [1 - state["proposals"][-1]["by"]] if state["proposals"] else [0]

    def read(self, state, seat, text):
        standing, left = bool(state["proposals"]), state["limit"] - len(state["proposals"])
        if text in ("accept", "reject"):
            if not standing:
                raise Illegal(f"there is no proposal to {text} yet: make the first one (claim ...).")
            return text
        found = _CLAIM.fullmatch(text)
        if not found:
            raise Illegal(f"{text[:30]!r} is not a move: write claim and a number per kind of item, accept, or reject.")
        if left <= 0:
            raise Illegal("no proposals are left: accept or reject the last one.")
        keep = [int(x) for x in found.group(1).split()]
        counts = state["counts"]
        if len(keep) != len(counts):
            raise Illegal(f"give {len(counts)} numbers, one per kind of item ({', '.join(ITEMS[:len(counts)])}).")
        for t, (k, c) in enumerate(zip(keep, counts)):
            if k > c:
                raise Illegal(f"the pool has only {plural(c, ITEMS[t])}.")
        return keep

    def apply(self, state, moves):
        (seat, move), = moves.items()
        name, other = player_name(seat), player_name(1 - seat)
        if move == "accept":
            last = state["proposals"][-1]
            state["deal"] = list(last["keep"]) if last["by"] == 0 else rest_of(state["counts"], last["keep"])
            state["over"] = True
            return (f"{name} accepts: {player_name(last['by'])} keeps {share_text(last['keep'])}; {name} gets "
                    f"{share_text(rest_of(state['counts'], last['keep']))}. {self.reveal(state)}")
        if move == "reject":
            state["over"] = True
            return f"{name} rejects: no deal, both get 0. {self.reveal(state)}"
        state["proposals"].append({"by": seat, "keep": move})
        left = state["limit"] - len(state["proposals"])
        after = (f"{plural(left, 'proposal')} left." if left else
                 f"That was the last proposal: {other} accepts or rejects.")
        left_over = share_text(rest_of(state["counts"], move))
        return f"{name} claims {share_text(move)}, leaving {left_over} to {other}. {after}"

    def reveal(self, state) -> str:
        """The values, shown once the negotiation is over."""
        values = [", ".join(f"{ITEMS[t]} {v}" for t, v in enumerate(vs)) for vs in state["values"]]
        return f"Values were player_0: {values[0]}; player_1: {values[1]}."

    def payoffs(self, state):
        if state["deal"] is None:
            return [0, 0]
        mine = worth(state["values"][0], state["deal"])
        theirs = worth(state["values"][1], rest_of(state["counts"], state["deal"]))
        return [mine - theirs, theirs - mine]

    def stake(self, params):
        return TOTAL

    def observe(self, state, seat):
        counts, mine = state["counts"], state["values"][seat]
        other = player_name(1 - seat)
        values = ", ".join(f"{ITEMS[t]} {v}" for t, v in enumerate(mine))
        parts = [f"The pool: {share_text(counts)}. Your values per item: {values} (the pool is worth {TOTAL} to you; "
                 f"{other}'s values are hidden and make the pool worth {TOTAL} to it too)."]
        if state["over"]:
            deal = state["deal"]
            if deal is None:
                parts.append("No deal was made.")
            else:
                share = deal if seat == 0 else rest_of(counts, deal)
                parts.append(f"Deal: you get {share_text(share)}, worth {worth(mine, share)} to you.")
            return " ".join(parts)
        left = state["limit"] - len(state["proposals"])
        if state["proposals"]:
            last = state["proposals"][-1]
            share = rest_of(counts, last["keep"])
            parts.append(f"{other} claims {share_text(last['keep'])}; you would get {share_text(share)}, worth "
                         f"{worth(mine, share)} to you.")
        parts.append(f"Proposals left: {left}." if left else "No proposals are left: accept or reject.")
        return " ".join(parts)

    def legal(self, state, seat):
        out = ["accept", "reject"] if state["proposals"] else []
        if len(state["proposals"]) < state["limit"]:
            out += ["claim " + " ".join(map(str, keep)) for keep in claims(tuple(state["counts"]))]
        return out

    def rules(self, params):
        kinds = ", ".join(f"{w}s" for w in ITEMS[:params["types"]])
        n = params["proposals"]
        return (f"A negotiation for two players, player_0 and player_1, over a pool of items of {params['types']} "
                f"kinds ({kinds}). Each player has private whole-number values per item, drawn so that the whole pool "
                f"is worth {TOTAL} to it; every such set of values is equally likely, and each player sees only its "
                f"own. player_0 proposes first: a proposal is a claim of how many items of each kind the proposer "
                f"keeps (in the order {kinds}), the other player getting the rest. The other player then accepts it "
                f"(the deal is made), rejects it (no deal), or makes the next proposal; at most "
                f"{plural(n, 'proposal')} can be made, and after the last one only accept or reject remain. With a deal, your payoff is your "
                f"value of your share minus the other player's value of its share; with no deal it is 0.")

    def strategy(self, policy, state, seat):
        if policy == "heuristic":
            counts, values = state["counts"], state["values"][seat]
            if state["proposals"]:
                keep = state["proposals"][-1]["keep"]
                if believes_good(counts, values, keep):
                    return {"accept": Fraction(1)}
                if len(state["proposals"]) >= state["limit"]:
                    return {"reject": Fraction(1)}
            return {"claim " + " ".join(map(str, best_claim(tuple(counts), tuple(values)))): Fraction(1)}
        return super().strategy(policy, state, seat)


_POLICY_TEXT = {
    "random": "The other player picks each move uniformly at random among the legal ones.",
    "heuristic": (f"The other player takes every set of your values (totalling {TOTAL}) as equally likely. Offered a "
                  f"division, it accepts when the share it would get is worth to it at least what the share you keep "
                  f"is worth to you on average over those values; otherwise it rejects if no proposal is left, or "
                  f"claims the division with the best average payoff against a player who decides the same way."),
}


@register
class NegotiationMatch(SeatTask):
    """Divide a pool of items with a built-in negotiator by alternating proposals, each side valuing
    the items privately, and end with a division worth more to the agent than the opponent's share
    is to the opponent. Level 1 faces random moves, the rest a negotiator reasoning with the prior
    over the agent's values; higher levels bring more kinds of items, more items and more proposals
    before the deadline, so the opponent's values must be read from its own proposals.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 720 problems/s at level 1, 340/s at level 5 and 170/s at level 10
    (bench/generation.py --seconds 1, one core).
    """

    name = "multiplayer/negotiation"
    game = Negotiation()
    knobs = seat_knobs(game, opponent=["random"] + ["heuristic"] * 19, spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)
    tools = (Tool("claim", "Propose a division: how many items of each kind you keep (the other player gets the "
                  "rest).", "claim {keep}",
                  (Param("keep", "array", "the number of items of each kind you keep, in the pool's order",
                         items="integer"),)),
             Tool("accept", "Accept the standing proposal: the deal is made.", "accept"),
             Tool("reject", "Reject the standing proposal: no deal, both get 0.", "reject"))
    breadth = 3  # the agent's moves the search tries at each turn, best first

    def order(self, c, m, moves):
        state, seat = m.state, c["seat"]
        counts, mine, theirs = state["counts"], state["values"][seat], state["values"][1 - seat]

        def rank(move):
            # a move that ends the game with a win first (a claim only where a heuristic rival,
            # deciding by its own values, would accept it), then by the payoff were it to end it
            if move == "reject":
                return False, 0
            keep = state["proposals"][-1]["keep"] if move == "accept" else [int(x) for x in move.split()[1:]]
            share = rest_of(counts, keep) if move == "accept" else keep
            payoff = worth(mine, share) - worth(theirs, rest_of(counts, share))
            takes = move == "accept" or (c["opponent"] == "heuristic" and believes_good(counts, theirs, keep))
            return payoff > 0 and takes, payoff

        return sorted(moves, key=rank, reverse=True)[:self.breadth]

    def opponent_text(self, c):
        return _POLICY_TEXT[c["opponent"]]

    def longest(self, params, seat):
        return params["proposals"] // 2 + 1
