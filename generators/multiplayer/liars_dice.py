"""Liar's dice: hidden dice, rising bids on how many dice of a face the whole table shows, and
challenges; a lost challenge costs a die, and the last player with dice wins."""
from __future__ import annotations

import re
from math import comb

from procgym import Knob, register
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import SeatTask, seat_knobs

FACES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
FACE_WORDS = {1: ("one", "ones"), 2: ("two", "twos"), 3: ("three", "threes"), 4: ("four", "fours"),
              5: ("five", "fives"), 6: ("six", "sixes")}
# a bid: quantity and face, as digits or words (bid 3 5, 3 fives, bid 3 x 5); a challenge: liar
_BID = re.compile(r"(?:bid )?(\d{1,3}) (?:x )?(?:([1-6])|(one|two|three|four|five|six)(?:s|es)?)")
_CHALLENGE = {"liar", "challenge", "call liar"}


def bid_text(q: int, f: int) -> str:
    return f"{q} {FACE_WORDS[f][0 if q == 1 else 1]}"


def higher(bid: tuple[int, int], than: tuple[int, int] | None) -> bool:
    """Whether `bid` raises `than`: more dice, or as many of a higher face."""
    return than is None or bid[0] > than[0] or (bid[0] == than[0] and bid[1] > than[1])


def chance_at_least(need: int, unseen: int) -> float:
    """The probability that at least `need` of `unseen` fair dice show a given face."""
    if need <= 0:
        return 1.0
    return sum(comb(unseen, k) * 5 ** (unseen - k) for k in range(need, unseen + 1)) / 6 ** unseen


@register_game
class LiarsDice(MultiplayerGame):
    """Liar's dice for two or more players: each rolls a few dice in secret; in turn players bid
    that the whole table shows at least some number of dice of a face, each bid higher than the last
    (more dice, or as many of a higher face), or challenge the last bid. All dice are then shown:
    if the bid holds the challenger loses a die, else the bidder does, and the loser opens the next
    round with fresh rolls. The last player with dice wins. Higher levels give more dice each."""

    name = "liars_dice"
    knobs = (Knob("players", [2] * 10 + [3, 3, 4, 6, 5, 4, 6, 5, 6, 6], (2, 6), doc="players at the table"),
             Knob("dice", [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 4, 5, 4, 3, 4, 5, 4, 5, 5, 6], (1, 6),
                  doc="dice each player starts with"))
    action_format = "a bid as bid QUANTITY FACE (e.g. bid 3 5), or liar to challenge the last bid"
    example = "bid 0 7"  # no face 7 and no bid of zero dice: never a legal move

    def seats(self, params):
        return params["players"]

    def setup(self, rng, params):
        n, d = params["players"], params["dice"]
        rounds = n * d - 1  # each round costs one die; the game ends when one player has dice left
        rolls = [[[rng.randint(1, 6) for _ in range(d)] for _ in range(n)] for _ in range(rounds)]
        return {"dice": [d] * n, "rolls": rolls, "round": 0, "bids": [], "turn": 0}

    def hand(self, state, seat) -> list[int]:
        return sorted(state["rolls"][state["round"]][seat][:state["dice"][seat]])

    def standing(self, state):
        return tuple(state["bids"][-1][1:]) if state["bids"] else None

    def to_move(self, state):
        alive = [s for s, d in enumerate(state["dice"]) if d]
        return [] if len(alive) <= 1 else [state["turn"]]

    def read(self, state, seat, text):
        if text in _CHALLENGE:
            if not state["bids"]:
                raise Illegal("there is no bid to challenge yet: open with a bid.")
            return "liar"
        m = _BID.fullmatch(text)
        if not m:
            raise Illegal("write a bid as bid QUANTITY FACE (e.g. bid 3 5), or liar.")
        q, f = int(m.group(1)), int(m.group(2)) if m.group(2) else FACES[m.group(3)]
        total = sum(state["dice"])
        if not 1 <= q <= total:
            raise Illegal(f"bid between 1 and {total} dice (the dice on the table).")
        if not higher((q, f), self.standing(state)):
            q0, f0 = self.standing(state)
            raise Illegal(f"a bid must beat {bid_text(q0, f0)}: more dice, or as many of a higher face.")
        return [q, f]

    def next_alive(self, state, seat) -> int:
        n = len(state["dice"])
        return next(s % n for s in range(seat + 1, seat + n + 1) if state["dice"][s % n])

    def apply(self, state, moves):
        (seat, move), = moves.items()
        if move != "liar":
            state["bids"].append([seat, move[0], move[1]])
            state["turn"] = self.next_alive(state, seat)
            return f"{player_name(seat)} bids {bid_text(*move)}."
        bidder, q, f = state["bids"][-1]
        shown = "; ".join(f"{player_name(s)} {' '.join(map(str, self.hand(state, s)))}"
                          for s in range(len(state["dice"])) if state["dice"][s])
        count = sum(self.hand(state, s).count(f) for s in range(len(state["dice"])))
        loser = seat if count >= q else bidder
        verdict = "the bid holds" if count >= q else "the bid fails"
        state["dice"][loser] -= 1
        sentence = (f"{player_name(seat)} calls liar on {player_name(bidder)}'s bid of {bid_text(q, f)}. Dice: "
                    f"{shown}. There {'is' if count == 1 else 'are'} {bid_text(count, f)}: {verdict}, and "
                    f"{player_name(loser)} loses a die.")
        if state["dice"][loser] == 0:
            sentence += f" {player_name(loser)} is out of dice."
        alive = [s for s, d in enumerate(state["dice"]) if d]
        if len(alive) > 1:
            state["round"] += 1
            state["bids"] = []
            state["turn"] = loser if state["dice"][loser] else self.next_alive(state, loser)
            sentence += f" Round {state['round'] + 1}: everyone rolls again; {player_name(state['turn'])} opens."
        return sentence

    def payoffs(self, state):
        n = len(state["dice"])
        return [1.0 if d else -1.0 / (n - 1) for d in state["dice"]]

    def observe(self, state, seat):
        dice = ", ".join(f"{player_name(s)} {d}" for s, d in enumerate(state["dice"]))
        if not self.to_move(state):
            return f"Dice left: {dice}."
        mine = " ".join(map(str, self.hand(state, seat))) or "none (you are out)"
        bids = "; ".join(f"{player_name(s)} bid {bid_text(q, f)}" for s, q, f in state["bids"]) or "none yet"
        return f"Round {state['round'] + 1}. Dice left: {dice}. Your dice: {mine}. Bids this round: {bids}."

    def legal(self, state, seat):
        total, standing = sum(state["dice"]), self.standing(state)
        bids = [f"bid {q} {f}" for q in range(1, total + 1) for f in range(1, 7) if higher((q, f), standing)]
        return bids + (["liar"] if standing else [])

    def rules(self, params):
        n, d = params["players"], params["dice"]
        names = ", ".join(player_name(s) for s in range(n))
        loss = "-1" if n == 2 else f"-1/{n - 1}"
        return (f"Liar's dice for {n} players ({names}), {d} {'die' if d == 1 else 'dice'} each. Every round each "
                f"player rolls its dice in secret (six-sided; no face is wild). Players take turns in seat order: "
                f"bid that the whole table shows at least QUANTITY dice of FACE, higher than the last bid (more "
                f"dice, or as many of a higher face), or call liar on the last bid. Then all dice are shown: if at "
                f"least that many show the face the challenger loses a die, otherwise the bidder does; the loser "
                f"opens the next round. A player without dice is out; the last player with dice wins (payoff +1, "
                f"every other {loss}).")

    def strategy(self, policy, state, seat):
        if policy != "heuristic":
            return super().strategy(policy, state, seat)
        mine, unseen = self.hand(state, seat), sum(state["dice"]) - state["dice"][seat]
        standing = self.standing(state)
        if standing and chance_at_least(standing[0] - mine.count(standing[1]), unseen) < 0.5:
            return {"liar": 1.0}
        options = [(q, f) for q in range(1, sum(state["dice"]) + 1) for f in range(1, 7) if higher((q, f), standing)]
        if not options:
            return {"liar": 1.0}
        likely = [b for b in options if chance_at_least(b[0] - mine.count(b[1]), unseen) >= 0.5]
        q, f = likely[0] if likely else max(options, key=lambda b: chance_at_least(b[0] - mine.count(b[1]), unseen))
        return {f"bid {q} {f}": 1.0}

    def policy_text(self, policy):
        if policy == "heuristic":
            return ("calls liar when the last bid is less likely than not given its own dice, else makes the lowest "
                    "bid that is at least as likely as not")
        return super().policy_text(policy)


@register
class LiarsDiceMatch(SeatTask):
    """Liar's dice for two against a built-in opponent, as the opener or the second player, from
    rolls (drawn for every round at the start) that some line of play wins against this opponent's
    seeded choices. Levels 1-2 face a random bidder, from level 3 an opponent that bids and
    challenges by the odds given its own dice; higher levels give each player more dice (1 to 5),
    so more rounds and longer bidding.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 770 problems/s at level 1, 350/s at level 5 and 60/s at level 10
    (bench/generation.py, one core).
    """

    name = "multiplayer/liars_dice"
    cap_reason = ("the legal bids grow with every die at the table and the search plays each out against every "
                  "opponent: past 20 dice (level 16: four players of five) a problem takes half a second or more")
    game = LiarsDice()
    # levels past 10 seat more players and dice; the game's own levels go on to 20 (for self-play)
    knobs = seat_knobs(game, players=[2] * 10 + [3, 3, 4, 6, 5, 4], dice=[1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 4, 5, 4, 3, 4, 5],
                       opponent=["random"] * 2 + ["heuristic"] * 14,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0])

    def order(self, c, m, moves):
        """Referee's knowledge first: challenge a false bid, else raise to the lowest true bid."""
        state = m.state
        counts = [sum(self.game.hand(state, s).count(f) for s in range(len(state["dice"]))) for f in range(7)]
        standing = self.game.standing(state)
        liar = ["liar"] if "liar" in moves else []
        if standing and counts[standing[1]] < standing[0]:
            return liar + [t for t in moves if t != "liar"]
        true = [t for t in moves if t != "liar" and counts[int(t.split()[2])] >= int(t.split()[1])]
        return true + liar + [t for t in moves if t not in true and t != "liar"]

    def longest(self, params, seat):
        total = params["players"] * params["dice"]
        return (total - 1) * (6 * total // 2 + 1)
