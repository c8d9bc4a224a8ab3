"""Interview witnesses, exactly one of whom lies, and deduce who committed the theft."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask, plural

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names

SUSPECTS = ("Ada", "Boris", "Cleo", "Dmitri", "Edith", "Felix", "Greta", "Hugo", "Ines", "Jonas", "Karla", "Lionel",
            "Mona", "Nils", "Olga", "Pavel", "Quentin", "Rosa", "Sven", "Tilda", "Ugo", "Vera")
WITNESSES = ("Abbott", "Baxter", "Carver", "Dalton", "Ellison", "Foster", "Garner", "Holt", "Irving", "Jarvis",
             "Keller", "Lowell", "Mercer", "Norris", "Osborne", "Porter", "Quincy", "Ramsey", "Sutton", "Thorne",
             "Underwood", "Vance")
KINDS_BY_LEVEL = {1: ("innocent", "guilty"), 2: ("innocent", "guilty", "either", "neither"),
                  3: ("innocent", "guilty", "either", "neither", "truthful", "lying")}
_ASK = re.compile(r"^ask\s+([a-z]{1,16})$", re.IGNORECASE)


def holds(statement: list, culprit: str, liar: str) -> bool:
    """Whether a statement is true when `culprit` did it and `liar` is the one who lies."""
    kind, args = statement[0], statement[1:]
    if kind == "innocent":
        return culprit != args[0]
    if kind == "guilty":
        return culprit == args[0]
    if kind == "either":
        return culprit in args
    if kind == "neither":
        return culprit not in args
    if kind == "truthful":
        return liar != args[0]
    return liar == args[0]  # "lying"


def say(statement: list) -> str:
    kind, args = statement[0], statement[1:]
    return {"innocent": "{0} did not do it.", "guilty": "{0} did it.", "either": "It was {0} or {1}.",
            "neither": "It was neither {0} nor {1}.", "truthful": "{0} is telling the truth.",
            "lying": "{0} is lying."}[kind].format(*args)


def solutions(statements: dict, suspects: list) -> list[tuple[str, str]]:
    """Every (culprit, liar) under which exactly the liar's statement is false: the brute force
    the reference policy runs once it has heard every witness."""
    return [(c, liar) for c in suspects for liar in statements
            if all(holds(s, c, liar) == (w != liar) for w, s in statements.items())]


@register
class WitnessInterviews(TurnBudgetTask):
    """A theft has a list of suspects, one of whom did it, and a list of witnesses, exactly one of
    whom lies (every other one tells the truth). Asking a witness gives that witness's one
    statement: who did or did not do it, that it was one of two suspects or neither of them,
    and from level 6 on that another witness is lying or telling the truth. The agent names the
    culprit. Higher levels add suspects and witnesses, richer statements, and fewer spare turns.

    Statements are drawn true of the hidden culprit and liar (false for the liar), and a draw is
    kept only when exactly one culprit is consistent with it (the first draw or two almost
    always are); after 40 failed draws two honest witnesses accuse the culprit outright, which
    settles it. The
    reference policy asks every witness and runs through every (culprit, liar) pair.
    """

    name = "investigation/witness_interviews"
    knobs = (
        Knob("suspects", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (2, len(SUSPECTS)),
             doc="suspects"),
        Knob("witnesses", [3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (3, len(WITNESSES)),
             doc="witnesses, one of whom lies"),
        Knob("statements", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="kinds of statement: 1 names one suspect, 2 adds pairs, 3 adds statements about witnesses"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond asking every witness and answering"),
    )
    answer_format = "one command per turn: ask WITNESS, or answer SUSPECT"
    example = "ask Nobody"  # a question never wins
    tools = (Tool("ask", "Ask one witness for their statement.", "ask {witness}",
                  (Param("witness", "string", "the witness's name"),)),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"

    def _statement(self, rng, kinds, w, witnesses, suspects, culprit, liar, truth):
        for _ in range(60):
            kind = rng.choice(kinds)
            if kind in ("truthful", "lying"):
                s = [kind, rng.choice([x for x in witnesses if x != w])]
            elif kind in ("either", "neither"):
                s = [kind, *sorted(rng.sample(suspects, 2))]
            else:
                s = [kind, rng.choice(suspects)]
            if holds(s, culprit, liar) == truth:
                return s
        # "did not do it" of someone else is true, of the culprit false: always one of each
        return ["innocent", rng.choice([x for x in suspects if x != culprit]) if truth else culprit]

    def build(self, rng, params):
        suspects = rng.sample(SUSPECTS, params["suspects"])
        witnesses = rng.sample(WITNESSES, params["witnesses"])
        culprit, liar = rng.choice(suspects), rng.choice(witnesses)
        kinds = KINDS_BY_LEVEL[params["statements"]]
        for _ in range(40):
            statements = {w: self._statement(rng, kinds, w, witnesses, suspects, culprit, liar, w != liar)
                          for w in witnesses}
            if {c for c, _ in solutions(statements, suspects)} == {culprit}:
                break
        else:
            honest = [w for w in witnesses if w != liar]
            for w in rng.sample(honest, 2):
                statements[w] = ["guilty", culprit]
        check = {"suspects": suspects, "witnesses": witnesses, "statements": statements, "culprit": culprit,
                 "budget": len(witnesses) + 1 + params["slack"]}
        question = (
            f"Something was stolen. The suspects are {', '.join(suspects)}; exactly one of them did it. "
            f"The witnesses are {', '.join(witnesses)}. Exactly one witness lies (that witness's statement is "
            "false); every other witness tells the truth. Each witness makes one statement when asked. Who did "
            "it?\n\n"
            "Commands (one per turn):\n"
            "  ask WITNESS      hear that witness's statement\n"
            "  answer SUSPECT   name the culprit; this ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {plural(check['budget'], 'turn')}.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # every witness asked, then every (culprit, liar) pair checked against every statement
        c = problem.check
        return len(c["witnesses"]) + len(c["suspects"]) * len(c["witnesses"]) * len(c["witnesses"])

    def start(self, problem):
        return {"heard": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, [check["culprit"].lower()], True, "one suspect's name, as answer SUSPECT")
        m = _ASK.match(text)
        if not m:
            return "Unknown command: use ask WITNESS or answer SUSPECT.", None
        w = next((x for x in check["witnesses"] if x.lower() == m.group(1).lower()), None)
        if w is None:
            return f"There is no witness {m.group(1)}.", None
        if w not in state["heard"]:
            state["heard"].append(w)
        return f"{w} says: {say(check['statements'][w])}", None

    def unsolved(self, problem, state):
        return "the culprit was not named."

    def plan(self, problem, state):
        check = problem.check
        for w in check["witnesses"]:
            if w not in state["heard"]:
                return f"ask {w}"
        found = sorted({c for c, _ in solutions({w: check["statements"][w] for w in state["heard"]},
                                                check["suspects"])})
        return f"answer {found[0]}"
