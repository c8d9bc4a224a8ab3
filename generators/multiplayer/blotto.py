"""Colonel Blotto over several rounds: two players split their troops over battlefields at the
same time; the larger force takes a field's value.

Every round is a fresh battle with the same troops and new field values (drawn at setup, shown
as each round starts), and the payoff adds up over rounds, so a round's equilibrium does not
depend on the others: the exact policy plays each round's one-shot equilibrium, solved as a
matrix game over every allocation (generators/multiplayer/_matrix_games.py, exact fractions).
The adaptive policy best-responds to what the other player did last round, which a player who
sees it coming can exploit.
"""
from __future__ import annotations

import string
from fractions import Fraction
from functools import lru_cache

import numpy as np

from procgym import Knob, register
from procgym.kit import Param, Tool, plural, read_int_list
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import seat_knobs

from ._matrix_games import solve
from ._simultaneous_task import SimultaneousMatch

FIELD_NAMES = string.ascii_uppercase
MAX_VALUE = 3  # field values are drawn from 1..MAX_VALUE
EXACT_ALLOCATIONS = 100  # the exact policy solves rounds with at most this many allocations per side


@lru_cache(maxsize=256)
def allocations(troops: int, fields: int) -> tuple[tuple[int, ...], ...]:
    """Every way to place `troops` over `fields` fields, in lexicographic order."""
    if fields == 1:
        return ((troops,),)
    return tuple((k,) + rest for k in range(troops + 1) for rest in allocations(troops - k, fields - 1))


def battle(values, mine, theirs) -> int:
    """The value `mine` takes minus the value `theirs` takes (a tied field goes to nobody)."""
    return sum(v * ((a > b) - (a < b)) for v, a, b in zip(values, mine, theirs))


def proportional(values, troops: int) -> tuple[int, ...]:
    """Troops in proportion to the field values (largest remainders get the spare troops,
    ties to the earlier field)."""
    total = sum(values)
    shares = [troops * v // total for v in values]
    order = sorted(range(len(values)), key=lambda i: (-(troops * values[i] % total), i))
    for i in order[:troops - sum(shares)]:
        shares[i] += 1
    return tuple(shares)


def gains(values, troops: int, theirs) -> np.ndarray:
    """battle(values, a, theirs) for every allocation a, in `allocations` order."""
    return (np.sign(np.array(allocations(troops, len(values))) - np.array(theirs)) * np.array(values)).sum(axis=1)


def best_responses(values, troops: int, theirs) -> list[tuple[int, ...]]:
    """Every allocation that does best this round against `theirs`."""
    scores = gains(values, troops, theirs)
    return [allocations(troops, len(values))[i] for i in np.flatnonzero(scores == scores.max())]


def equilibrium(values, troops: int) -> dict[tuple[int, ...], Fraction]:
    """An optimal mixed allocation of a round with these field values (allocation -> probability);
    the round is symmetric, so its value is 0. Solved once per multiset of values: fields of
    equal value are interchangeable, so the fields are sorted and the answer permuted back."""
    order = sorted(range(len(values)), key=lambda i: (-values[i], i))
    solved = sorted_equilibrium(tuple(values[i] for i in order), troops)
    out = {}
    for allocation, p in solved:
        placed = [0] * len(values)
        for k, i in enumerate(order):
            placed[i] = allocation[k]
        out[tuple(placed)] = p
    return out


@lru_cache(maxsize=1024)
def sorted_equilibrium(values: tuple, troops: int) -> tuple:
    options = allocations(troops, len(values))
    placed = np.array(options)
    # battle() of every pair at once: each field's value times who has more troops there
    matrix = (np.sign(placed[:, None, :] - placed[None, :, :]) * np.array(values)).sum(axis=2)
    _, rows, _ = solve(matrix.tolist())
    return tuple((a, p) for a, p in zip(options, rows) if p)


def allocation_text(allocation) -> str:
    return " ".join(map(str, allocation))


@lru_cache(maxsize=4)
def allocation_texts(troops: int, fields: int) -> tuple[str, ...]:
    """The text of every placement, in `allocations` order (kept: a level-20 round has 480,700)."""
    return tuple(allocation_text(a) for a in allocations(troops, fields))


@register_game
class Blotto(MultiplayerGame):
    """Colonel Blotto for two players, moves at the same time, over several rounds: each round both
    players split the same number of troops over the battlefields (each field has a value 1-3,
    new every round); on each field the larger force takes its value, a tie takes nothing. The
    payoff is the value a player took minus the value the other took, over all rounds. Knobs set
    the fields, troops and rounds."""

    name = "blotto"
    knobs = (Knob("fields", [2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 8, 8], (2, 8), doc="battlefields"),
             Knob("troops", [4, 5, 6, 6, 7, 6, 7, 8, 8, 10, 10, 12, 10, 12, 14, 16, 14, 16, 16, 18], (1, 30),
                  doc="troops each player places every round"),
             Knob("rounds", [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10], (1, 10),
                  doc="rounds (each a fresh battle)"))
    roles = ("first colonel", "second colonel")
    simultaneous = True
    action_format = "the troops for each field in field order, separated by spaces"
    example = "0"  # one number is never a whole allocation: there are always at least two fields
    policies = ("random", "heuristic", "adaptive", "exact")

    def setup(self, rng, params):
        values = [[rng.randint(1, MAX_VALUE) for _ in range(params["fields"])] for _ in range(params["rounds"])]
        return {"values": values, "troops": params["troops"], "round": 0, "placed": [], "score": [0, 0]}

    def to_move(self, state):
        return [] if state["round"] >= len(state["values"]) else [0, 1]

    def read(self, state, seat, text):
        troops, fields = state["troops"], len(state["values"][0])
        allocation = read_int_list(text)
        if len(allocation) != fields:
            raise Illegal(f"give {fields} numbers, one per field, not {len(allocation)}.")
        if min(allocation) < 0:
            raise Illegal("a field cannot get a negative number of troops.")
        if sum(allocation) != troops:
            raise Illegal(f"the troops must add up to {troops}, not {sum(allocation)}.")
        return allocation

    def apply(self, state, moves):
        r = state["round"]
        values = state["values"][r]
        placed = [moves[0], moves[1]]
        taken = [sum(v for v, a, b in zip(values, mine, theirs) if a > b) for mine, theirs in (placed, placed[::-1])]
        for seat in (0, 1):
            state["score"][seat] += taken[seat]
        state["placed"].append(placed)
        state["round"] += 1
        return (f"Round {r + 1}: player_0 placed {allocation_text(placed[0])}, player_1 placed "
                f"{allocation_text(placed[1])}; player_0 takes {taken[0]}, player_1 takes {taken[1]}. "
                f"Score: player_0 {state['score'][0]}, player_1 {state['score'][1]}.")

    def payoffs(self, state):
        d = state["score"][0] - state["score"][1]
        return [d, -d]

    def stake(self, params):
        return MAX_VALUE * params["fields"] * params["rounds"]

    def observe(self, state, seat):
        other = player_name(1 - seat)
        n, r = len(state["values"]), state["round"]
        score = f"Score: you {state['score'][seat]}, {other} {state['score'][1 - seat]}."
        if r >= n:
            return f"All {n} rounds are fought. {score}"
        fields = ", ".join(f"{FIELD_NAMES[i]} {v}" for i, v in enumerate(state["values"][r]))
        last = (f" Last round {other} placed {allocation_text(state['placed'][-1][1 - seat])}."
                if state["placed"] else "")
        return f"Round {r + 1} of {n}. Field values: {fields}. You place {state['troops']} troops.{last} {score}"

    def legal(self, state, seat):
        return list(allocation_texts(state["troops"], len(state["values"][0])))

    def rules(self, params):
        fields, rounds = params["fields"], params["rounds"]
        names = ", ".join(FIELD_NAMES[:fields])
        return (f"Colonel Blotto for two players, player_0 and player_1, over {plural(rounds, 'round')}. "
                f"There are {fields} battlefields, {names}; each round every field has a value from 1 to {MAX_VALUE}, "
                f"shown when the round starts. Each round both players place exactly {params['troops']} troops over "
                f"the fields at the same time, unseen by the other (any whole numbers, 0 allowed, adding up to "
                f"{params['troops']}); write them in field order, e.g. for three fields '3 0 1'. On each field the "
                f"player with more troops takes its value; a tie takes nothing. Troops do not carry over: every round "
                f"is a fresh battle, and both placements are shown after it. Your payoff is the total value you took "
                f"minus the total value the other player took.")

    # --- policies -----------------------------------------------------------------------------
    def strategy(self, policy, state, seat):
        values, troops = state["values"][state["round"]], state["troops"]
        if policy == "heuristic":
            return {allocation_text(proportional(values, troops)): Fraction(1)}
        if policy == "adaptive":
            if not state["placed"]:
                return {allocation_text(proportional(values, troops)): Fraction(1)}
            best = best_responses(values, troops, state["placed"][-1][1 - seat])
            return {allocation_text(a): Fraction(1, len(best)) for a in best}
        if policy == "exact":
            options = allocations(troops, len(values))
            if len(options) > EXACT_ALLOCATIONS:
                raise ValueError(f"blotto's exact policy solves rounds of at most {EXACT_ALLOCATIONS} allocations, "
                                 f"not {len(options)}")
            return {allocation_text(a): p for a, p in equilibrium(values, troops).items()}
        return super().strategy(policy, state, seat)


_POLICY_TEXT = {
    "random": "The other player picks its placement uniformly at random among all placements.",
    "heuristic": ("The other player places its troops in proportion to the field values (spare troops to the "
                  "largest remainders, ties to the earlier field)."),
    "adaptive": ("The other player places its troops in proportion to the field values in round 1; after that it "
                 "picks, at random among the ties, a placement that would have done best this round against "
                 "your placement of the last round."),
    "exact": "The other player plays each round's game-theoretic optimal mixed strategy (it draws at random).",
}


@register
class BlottoMatch(SimultaneousMatch):
    """Colonel Blotto over one to five rounds against a built-in opponent, from a match the agent
    can win (take more value than the opponent). Levels 1-2 face random placements, 3-4 a fixed
    proportional rule, 5-7 an opponent that best-responds to the agent's last placement (so the
    agent must anticipate it), 8-10 each round's optimal mixed strategy. More levels bring more
    fields and rounds.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 470 problems/s at level 1, 290/s at level 5 and 130/s at level 10
    (bench/generation.py --seconds 1, one core); each round's optimal strategy is
    solved once per process and set of field values (10-40 ms each).
    """

    name = "multiplayer/blotto"
    game = Blotto()
    # the exact policy solves rounds of at most 100 allocations: levels past 10 add rounds and reshape
    # the battle within that (4 fields of 6 troops: 84 allocations; 3 of 12: 91; 7 of 3: 84)
    knobs = seat_knobs(game, fields=[2, 3, 3, 3, 3, 4, 4, 3, 4, 4, 4, 4, 3, 4, 7, 3, 4, 3, 4, 4],
                       troops=[4, 5, 6, 6, 7, 6, 7, 6, 5, 5, 6, 6, 12, 6, 3, 12, 6, 12, 6, 6],
                       rounds=[1, 2, 2, 3, 3, 3, 4, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 9, 10],
                       opponent=["random"] * 2 + ["heuristic"] * 2 + ["adaptive"] * 3 + ["exact"] * 13,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)
    # a mixed opponent cannot be out-planned (no line wins against every draw), so the placements
    # chosen stay the measure, and the optimal opponent is solved only on small battles
    released_dips = {8: "level 8 brings in the optimal mixed opponent on level 4's battle (3 fields, 6 troops, 28 "
                        "placements a round, 3 rounds) after level 7's 120 placements a round over 4 rounds"}
    tools = (Tool("allocate", "Place your troops for this round: one number per field, in field order.", "{troops}",
                  (Param("troops", "array", "the troops for each field, in field order, adding up to your troops",
                         items="integer"),)),)

    def order(self, c, m, moves):
        # `moves` are the allocations in `allocations` order: rank them all at once against the reply
        state = m.state
        values, troops = state["values"][state["round"]], state["troops"]
        theirs = [int(x) for x in self.replies(c, m)[1 - c["seat"]].split()]
        best = np.argsort(-gains(values, troops, theirs), kind="stable")[:self.breadth]
        return [moves[i] for i in best]

    def opponent_text(self, c):
        return _POLICY_TEXT[c["opponent"]]

    def longest(self, params, seat):
        return params["rounds"]
