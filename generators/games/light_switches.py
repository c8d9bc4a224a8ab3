"""Light switches: find which switch drives each bulb by pressing switches and watching the bulbs."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

_NUMBERS = r"\d{1,4}(?:\s*[,\s]\s*\d{1,4})*"
_PRESS = re.compile(rf"^(?:press|toggle|flip)\s+({_NUMBERS})$")
_WIRING = re.compile(rf"^(?:wiring|answer)\s*:?\s+({_NUMBERS})$")


def numbers(text: str) -> list[int]:
    return [int(v) for v in re.split(r"[,\s]+", text.strip())]


def code_bits(n_switches: int) -> int:
    """Looks the binary-code policy needs: switch s (from 1) is flipped from its first position in
    look k iff bit k of s - 1 is set, so ceil(log2 n) looks give every switch its own pattern of
    changes (switch 1 never changes)."""
    return max(1, (n_switches - 1).bit_length())


def lit_bulbs(wiring, inverted, on) -> list[int]:
    """The bulbs (from 1) that are lit: a bulb is lit when its switch is on, or, for an inverted
    bulb, when its switch is off."""
    return [j + 1 for j, s in enumerate(wiring) if on[s - 1] != (j + 1 in inverted)]


def candidates(n_switches: int, n_bulbs: int, looks, may_invert: bool) -> list[list[int]]:
    """Per bulb, the switches consistent with every look (switch positions, lit bulbs): a bulb on
    switch s is lit exactly when s is on (or, for an inverted bulb, off); where bulbs may be
    inverted, a bulb's inversion is unknown, so only its changes between looks count."""
    out = []
    for j in range(1, n_bulbs + 1):
        seen = [j in lit for _, lit in looks]
        options = []
        for s in range(1, n_switches + 1):
            flips = {on[s - 1] != shown for (on, _), shown in zip(looks, seen)}  # the inversions it implies
            if flips == {False} or (may_invert and len(flips) == 1):
                options.append(s)
        out.append(options)
    return out


@register
class LightSwitches(TurnBudgetTask):
    """Light switches: a panel of numbered switches, some on (shown), drives numbered bulbs; each
    bulb is wired to one switch, by hidden wiring. Each turn the player presses any set of
    switches (each pressed switch flips) and then sees which bulbs are lit; or states the wiring
    (the switch of every bulb), which ends the game, won if it is right. Higher levels add
    switches and bulbs, spare switches wired to no bulb (levels 4+), inverted bulbs, lit while
    their switch is off (levels 5+), switches shared by several bulbs (levels 6+), and cut the
    slack to nothing, so every look must split every bulb's candidates in half.

    The reference policy keeps, per bulb, the switches consistent with every look; it states the
    wiring once each bulb has one candidate, and otherwise sets the switches to the next bit of
    a binary code (switch s is flipped from its first position in look k iff bit k of s - 1 is
    set), pressing the switches whose position differs; with inverted bulbs about, only a bulb's
    changes between looks tell, and the codes' changes are distinct. ceil(log2 switches) looks
    give every switch its own code, so the budget is that plus the statement plus `slack`.
    `Draft.answer` states the wiring at once.
    """

    name = "games/light_switches"
    knobs = (
        Knob("switches", [3, 4, 5, 6, 8, 9, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96], (2, 500),
             doc="switches on the panel"),
        Knob("bulbs", [3, 4, 5, 5, 6, 7, 8, 10, 12, 12, 16, 18, 22, 24, 30, 36, 42, 48, 60, 72], (1, 500),
             doc="bulbs (at most the switches unless switches may be shared)"),
        Knob("shared", [False] * 5 + [True] * 15, doc="whether several bulbs may hang on one switch"),
        Knob("inverted", [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 14], (0, 500),
             doc="bulbs wired inverted: lit while their switch is off"),
        Knob("slack", [3, 2, 2, 1, 1, 1, 0, 0, 0, 0] + [0] * 10, (0, 100), doc="turns allowed beyond the policy's"),
    )
    answer_format = "press and switch numbers (e.g. press 1 3), or wiring and the switch of each bulb in order"
    example = "press 0"  # switches are numbered from 1: the example is never a winning action
    tools = (
        Tool("press", "Press switches (each one flips); the reply lists the lit bulbs.", "press {switches}",
             (Param("switches", "array", "the switch numbers to press, each at most once", items="integer"),)),
        Tool("wiring", "State the wiring and end the game: the switch of bulb 1, bulb 2, ... in order.",
             "wiring {switches}",
             (Param("switches", "array", "for each bulb in order, the number of its switch", items="integer"),)),
    )
    lowercase = True
    invalid_hint = "write press and switch numbers, or wiring and one switch per bulb"

    def build(self, rng, params):
        m, n, shared, k = params["switches"], params["bulbs"], params["shared"], params["inverted"]
        if not shared and n > m:
            raise ValueError(f"knob 'bulbs': {n} bulbs need shared switches on a panel of {m}")
        if k > n:
            raise ValueError(f"knob 'inverted': {k} is more than the {n} bulbs")
        wiring = [rng.randint(1, m) for _ in range(n)] if shared else rng.sample(range(1, m + 1), n)
        inverted = sorted(rng.sample(range(1, n + 1), k))
        budget = code_bits(m) + 1 + params["slack"]
        rules = []
        rules.append("Several bulbs may hang on the same switch." if shared
                     else "No two bulbs hang on the same switch.")
        if n < m:
            rules.append("Some switches may drive no bulb.")
        rules.append(("Some bulbs may be wired inverted: such a bulb is lit while its switch is off and dark "
                      "while it is on.") if k else "Every bulb is lit exactly while its switch is on.")
        on = [rng.random() < 0.5 for _ in range(m)]
        start = lit_bulbs(wiring, set(inverted), on)
        question = (
            f"Light switches. A panel has {m} switches, numbered 1 to {m}. They drive {n} bulbs, "
            f"numbered 1 to {n}; each bulb is wired to exactly one switch, and the wiring is hidden. "
            f"{' '.join(rules)}\n\n"
            f"Each turn, either press some switches (e.g. press 2 5: each pressed switch flips between off "
            f"and on), after which you see which bulbs are lit; or state the wiring, the switch of every "
            f"bulb in order (e.g. wiring 3 1 ... gives switch 3 for bulb 1, switch 1 for bulb 2, and so on). "
            f"Stating the wiring ends the game: you win if it is right.\n\n"
            f"You have {budget} turns; an invalid action also uses one.\n\n"
            f"Now: {self.switches_text(on)} {self.describe_lit(start)}")
        check = {"wiring": wiring, "inverted": inverted, "on": on, "switches": m, "bulbs": n, "budget": budget}
        return self.draft(question, "wiring " + " ".join(map(str, wiring)), check)

    @staticmethod
    def switches_text(on) -> str:
        up = [s + 1 for s, v in enumerate(on) if v]
        return f"Switches on: {', '.join(map(str, up)) if up else 'none'}."

    @staticmethod
    def describe_lit(lit) -> str:
        return f"Lit bulbs: {', '.join(map(str, lit))}." if lit else "No bulb is lit."

    def effort(self, problem):
        # the looks and the statement the policy plays, plus its consistency table: every switch
        # checked against every bulb at every look
        c = problem.check
        looks = code_bits(c["switches"])
        return looks + 1 + c["switches"] * c["bulbs"] * looks

    def start(self, problem):
        on = list(problem.check["on"])
        return {"on": on, "looks": [[list(on), self._lit(problem, on)]]}

    def _lit(self, problem, on):
        c = problem.check
        return lit_bulbs(c["wiring"], set(c["inverted"]), on)

    def act(self, problem, state, text):
        c = problem.check
        m, n = c["switches"], c["bulbs"]
        press, wiring = _PRESS.match(text), _WIRING.match(text)
        if press:
            chosen = numbers(press.group(1))
            if not all(1 <= s <= m for s in chosen):
                return f"Invalid press: switches are numbered 1 to {m}.", None
            if len(set(chosen)) != len(chosen):
                return "Invalid press: name each switch at most once.", None
            for s in chosen:
                state["on"][s - 1] = not state["on"][s - 1]
            lit = self._lit(problem, state["on"])
            state["looks"].append([list(state["on"]), lit])
            return f"You press {', '.join(map(str, chosen))}. {self.describe_lit(lit)}", None
        if wiring:
            stated = numbers(wiring.group(1))
            if len(stated) != n:
                return f"Invalid wiring: give one switch for each of the {n} bulbs, not {len(stated)}.", None
            if not all(1 <= s <= m for s in stated):
                return f"Invalid wiring: switches are numbered 1 to {m}.", None
            if stated == c["wiring"]:
                return "That is the wiring.", WIN
            wrong = [j + 1 for j, (s, t) in enumerate(zip(stated, c["wiring"])) if s != t]
            return (f"Wrong wiring: bulb {wrong[0]} is not on switch {stated[wrong[0] - 1]}. The wiring was "
                    f"{' '.join(map(str, c['wiring']))}."), LOSE
        return f"Invalid action: {self.invalid_hint}.", None

    def view(self, problem, state):
        return self.switches_text(state["on"])

    def unsolved(self, problem, state):
        return f"the wiring was {' '.join(map(str, problem.check['wiring']))}."

    def plan(self, problem, state):
        c = problem.check
        m = c["switches"]
        options = candidates(m, c["bulbs"], state["looks"], bool(c["inverted"]))
        if all(len(o) == 1 for o in options):
            return "wiring " + " ".join(str(o[0]) for o in options)
        # the lowest bit of the code (switch s is flipped from its first position iff bit k of s - 1
        # is set) that splits some bulb's candidates; from the start, after k looks, that is bit k
        split = lambda k: any(len({(s - 1) >> k & 1 for s in o}) == 2 for o in options)  # noqa: E731
        bit = next(k for k in range(code_bits(m)) if split(k))
        want = [c["on"][s] != bool((s >> bit) & 1) for s in range(m)]
        flips = [s + 1 for s in range(m) if want[s] != state["on"][s]]
        return "press " + " ".join(map(str, flips))
