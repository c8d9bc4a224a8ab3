"""Clue-style deduction: suggest a suspect, weapon and room, see one refuting card, then accuse."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask
from procgym.seeding import stable_rng

from ._boards import join_and, join_or

CATEGORIES = (
    ("suspect", ("Scarlet", "Mustard", "White", "Green", "Peacock", "Plum", "Rose", "Gray", "Orchid", "Peach")),
    ("weapon", ("Candlestick", "Dagger", "Pipe", "Revolver", "Rope", "Wrench", "Poison", "Axe", "Bat", "Trophy")),
    ("room", ("Kitchen", "Ballroom", "Conservatory", "Dining", "Billiard", "Library", "Lounge", "Hall", "Study",
              "Cellar", "Attic", "Garage")),
)
# more cards per category for the levels past 10, drawn from only when a level wants more cards than
# CATEGORIES holds (so the games of levels 1-10 draw exactly as they always did)
EXTRA = (("Brown", "Black", "Olive", "Ruby", "Navy", "Amber"),
         ("Hammer", "Knife", "Shovel", "Sword", "Chain", "Spear"),
         ("Pantry", "Gallery", "Nursery", "Chapel", "Tower", "Vault"))
# a suggestion's or an accusation's three cards, one per category, named as the prompt lists them
_TRIPLE = tuple(Param(kind, "string", f"one {kind} card of this game", enum=pool + extra)
                for (kind, pool), extra in zip(CATEGORIES, EXTRA))
_SPLIT = re.compile(r"[\s,;/+&]+|\band\b|\bwith\b|\bin\b|\bthe\b")


def parse_triple(text: str, cards: list[list[str]]) -> tuple[list[str] | None, str | None]:
    """One card of each category, named in any order (case-insensitive), or (None, why)."""
    lookup = {card.lower(): (i, card) for i, group in enumerate(cards) for card in group}
    words = [w for w in _SPLIT.split(text) if w]
    chosen: list[str | None] = [None] * len(cards)
    for w in words:
        if w not in lookup:
            return None, f"{w.capitalize()} is not a card in this game"
        i, card = lookup[w]
        if chosen[i] is not None:
            return None, f"name one {CATEGORIES[i][0]}, not two"
        chosen[i] = card
    missing = [CATEGORIES[i][0] for i, c in enumerate(chosen) if c is None]
    if missing:
        return None, f"name one suspect, one weapon and one room (missing: {', '.join(missing)})"
    return chosen, None


def candidates(cards: list[list[str]], hand: list[str], n_opponents: int, history) -> list[list[str]]:
    """Per category, the cards that may still be in the envelope, by sound reasoning on what the
    player has seen: the player's own cards and every card shown are out; a suggestion nobody
    refuted puts each suggested card the player does not hold in the envelope; and a card that
    every opponent has passed on (passing means holding none of the suggested cards) is in the
    envelope unless the player holds it."""
    out = [[c for c in group if c not in hand] for group in cards]
    shown = {h["shown"] for h in history if h["shown"]}
    out = [[c for c in group if c not in shown] for group in out]
    cleared: dict[str, set] = {}  # card -> opponents known not to hold it
    for h in history:
        for card in h["cards"]:
            cleared.setdefault(card, set()).update(h["passed"])
    for i, group in enumerate(out):
        sure = [card for card in group if len(cleared.get(card, ())) == n_opponents]
        if sure:
            out[i] = sure[:1]
    return out


@register
class ClueDeduction(TurnBudgetTask):
    """Clue-style deduction. One suspect, one weapon and one room are sealed in an envelope; the
    other cards are dealt to the player and to opponents seated in order. Each turn the player may
    suggest a suspect, weapon and room: the opponents, in seat order, check their hands, and the
    first one holding any of the three shows the player one of them (which one, when they hold
    several, is drawn from the problem's seed and the turn); the players who pass are named. Or
    the player accuses: right wins, wrong loses at once. Suggestions, accusations and invalid
    actions share one turn budget. Higher levels add cards per category and opponents (so the
    player holds fewer cards and more remain unseen) and cut the slack, so wasted suggestions,
    ones that name cards already eliminated, lose the game.

    The reference policy suggests, in each category, the first card not yet eliminated (once a
    category is solved, its envelope card, which nobody can show); each refutation then shows a
    card not yet eliminated, an unrefuted suggestion reveals the whole envelope, and a card every
    opponent has passed on is in the envelope. So it needs
    at most sum over categories of (candidates - 1) suggestions plus the accusation, where a
    category's candidates are its cards minus the player's own: the budget is that plus `slack`.
    `Draft.answer` is the correct accusation.
    """

    name = "games/clue_deduction"
    knobs = (
        Knob("n_suspects", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 14, 16], (2, 16),
             doc="suspect cards"),
        Knob("n_weapons", [3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 14, 15, 16], (2, 16),
             doc="weapon cards"),
        Knob("n_rooms", [3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 12, 13, 13, 14, 14, 15, 15, 16, 17, 18], (2, 18),
             doc="room cards"),
        Knob("n_opponents", [1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8], (1, 8),
             doc="opponents holding cards"),
        Knob("slack", [3, 2, 2, 1, 1, 0, 0, 0, 0, 0] + [0] * 10, (0, 100), doc="turns allowed beyond the policy's bound"),
    )
    answer_format = "suggest a suspect, weapon and room, e.g. suggest Plum, Rope, Library; or accuse the same way"
    example = "suggest Plum, Rope, Library"
    tools = (Tool("suggest", "Suggest a suspect, weapon and room: the first opponent holding one of them shows it "
                             "to you.", "suggest {suspect}, {weapon}, {room}", _TRIPLE),
             Tool("accuse", "Accuse a suspect, weapon and room: right wins, wrong loses at once.",
                  "accuse {suspect}, {weapon}, {room}", _TRIPLE))
    lowercase = True
    invalid_hint = "write suggest or accuse, then a suspect, a weapon and a room"

    def build(self, rng, params):
        sizes = [params["n_suspects"], params["n_weapons"], params["n_rooms"]]
        cards = [sorted(rng.sample(pool if k <= len(pool) else pool + extra, k))
                 for (_, pool), extra, k in zip(CATEGORIES, EXTRA, sizes)]
        envelope = [rng.choice(group) for group in cards]
        rest = [card for group in cards for card in group if card not in envelope]
        rng.shuffle(rest)
        players = params["n_opponents"] + 1  # seat 0 is the player
        hands = [sorted(rest[i::players]) for i in range(players)]
        hand = hands[0]
        budget = sum(len([c for c in g if c not in hand]) - 1 for g in cards) + 1 + params["slack"]
        opponents = "; ".join(f"Player {i} holds {len(hands[i])} cards" for i in range(1, players))
        example = f"{cards[0][0]}, {cards[1][0]}, {cards[2][0]}"
        question = (
            f"Clue. One suspect, one weapon and one room were sealed in an envelope; the other cards "
            f"were dealt to you and {params['n_opponents']} "
            f"{'opponent' if players == 2 else 'opponents'} (Players 1 to {players - 1}, in seat order).\n"
            f"Suspects: {', '.join(cards[0])}.\nWeapons: {', '.join(cards[1])}.\nRooms: {', '.join(cards[2])}.\n"
            f"Your cards: {', '.join(hand) if hand else '(none)'}. {opponents}.\n\n"
            f"Each turn, either suggest one suspect, one weapon and one room (suggest {example}): the "
            f"players check their hands in seat order from Player 1, and the first who holds any of the "
            f"three cards shows you one of them (you are told which players passed), or nobody can. Or "
            f"accuse (accuse {example}): if all three are the envelope's cards you win, otherwise you "
            f"lose at once. You have {budget} turns; every suggestion, accusation and invalid action "
            f"uses one.")
        check = {"cards": cards, "envelope": envelope, "hands": hands, "budget": budget}
        return self.draft(question, f"accuse {', '.join(envelope)}", check,
                          answer_format=(f"suggest a suspect, weapon and room, e.g. suggest {example}; or accuse "
                                         f"the same way, e.g. accuse {cards[0][-1]}, {cards[1][-1]}, {cards[2][-1]}"),
                          example=f"suggest {example}")

    def effort(self, problem):
        # the cards the player must rule out: per category, every card but the envelope's that the
        # player does not hold
        c = problem.check
        return sum(len([card for card in group if card not in c["hands"][0]]) - 1 for group in c["cards"])

    def start(self, problem):
        return {"history": []}

    def act(self, problem, state, text):
        c = problem.check
        verb, rest = (text.split(" ", 1) + [""])[:2]
        verb = {"suggest": "suggest", "suggestion": "suggest", "accuse": "accuse", "accusation": "accuse"}.get(verb)
        if verb is None:
            return f"Invalid action: {self.invalid_hint}.", None
        triple, why = parse_triple(rest, c["cards"])
        if triple is None:
            return f"Invalid {'accusation' if verb == 'accuse' else 'suggestion'}: {why}.", None
        if verb == "accuse":
            if triple == c["envelope"]:
                return f"Correct: it was {join_and(triple)}.", WIN
            return f"Wrong accusation: the envelope held {join_and(c['envelope'])}. You lose.", LOSE
        passed, refuter, shown = [], None, None
        for seat in range(1, len(c["hands"])):
            held = [card for card in triple if card in c["hands"][seat]]
            if held:
                rng = stable_rng(self.name, "show", problem.seed, state["turn"], triple)
                refuter, shown = seat, held[rng.randrange(len(held))]
                break
            passed.append(seat)
        state["history"].append({"cards": triple, "passed": passed, "refuter": refuter, "shown": shown})
        who = (f"{'Player' if len(passed) == 1 else 'Players'} {join_and(passed)} "
               f"{'has' if len(passed) == 1 else 'have'} none of them. ") if passed else ""
        if refuter is None:
            return f"Suggestion {', '.join(triple)}: Nobody can show you {join_or(triple)}.", None
        return f"Suggestion {', '.join(triple)}: {who}Player {refuter} shows you {shown}.", None

    def unsolved(self, problem, state):
        return f"the envelope held {join_and(problem.check['envelope'])}."

    def plan(self, problem, state):
        c = problem.check
        hand = c["hands"][0]
        cands = candidates(c["cards"], hand, len(c["hands"]) - 1, state["history"])
        if all(len(group) == 1 for group in cands):
            return "accuse " + ", ".join(group[0] for group in cands)
        return "suggest " + ", ".join(group[0] if group else c["cards"][i][0] for i, group in enumerate(cands))
