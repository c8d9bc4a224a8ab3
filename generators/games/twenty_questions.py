"""Twenty questions over a table of generated objects: ask yes/no attribute questions, then name it."""
from __future__ import annotations

import re
from bisect import bisect_right

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

ATTRIBUTES = (
    ("color", ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")),
    ("shape", ("round", "square", "oval", "star", "triangle", "hexagon")),
    ("size", ("tiny", "small", "medium", "large", "huge")),
    ("material", ("wood", "metal", "glass", "stone", "plastic", "paper")),
    ("pattern", ("plain", "striped", "dotted", "checked", "spotted")),
    ("texture", ("smooth", "rough", "soft", "bumpy", "sticky")),
    ("age", ("new", "old", "antique", "modern", "vintage")),
    ("sound", ("silent", "quiet", "loud", "ringing", "humming")),
)
CONSONANTS, VOWELS = "bdfgklmnprstvz", "aeiou"
# a question: is it color=red? (the question mark is part of it, and may be left out)
_QUESTION = re.compile(r"^(?:is it |is its |is the |is )?([a-z]+)\s*(?:==|=| is | = )\s*([a-z]+) ?\??$")
_GUESS = re.compile(r"^(?:guess|it is|it's|is it|answer)\s+([a-z]+)$")


def object_names(rng, n: int) -> list[str]:
    """n distinct pronounceable two-syllable names (consonant-vowel twice), capitalised."""
    names: set[str] = set()
    while len(names) < n:
        names.add("".join(rng.choice(CONSONANTS) + rng.choice(VOWELS) for _ in range(2)).capitalize())
    return sorted(names)


def literal_masks(objects: list[list[str]], attributes: list[str]) -> list[tuple[int, str, int]]:
    """Every question (attribute index, value) that some object answers yes to, with the bitmask
    of those objects, in attribute order then value order of first appearance."""
    out = []
    for a in range(len(attributes)):
        masks: dict[str, int] = {}
        for i, row in enumerate(objects):
            masks[row[a]] = masks.get(row[a], 0) | (1 << i)
        out.extend((a, v, mask) for v, mask in masks.items())
    return out


def choose(candidates: int, literals) -> tuple | None:
    """The policy's move on a candidate set (bitmask): ("guess", index) when at most two objects
    are left, else the question whose larger side is smallest (ties: the earlier question)."""
    count = candidates.bit_count()
    if count <= 2:
        return ("guess", (candidates & -candidates).bit_length() - 1)
    best, best_key = None, count  # a question that splits nothing keeps all `count`
    for a, v, mask in literals:
        yes = (candidates & mask).bit_count()
        key = yes if 2 * yes >= count else count - yes  # the larger side
        if key < best_key:
            best, best_key = (a, v, mask), key
    return ("ask", *best)


def worst_turns(n: int, literals) -> int:
    """The most turns the policy takes over every possible secret: its decision tree, in full."""
    memo: dict[int, int] = {}

    def cost(cands: int) -> int:
        if cands in memo:
            return memo[cands]
        move = choose(cands, literals)
        if move[0] == "guess":
            rest = cands & ~(1 << move[1])
            value = 1 if not rest else 1 + cost(rest)
        else:
            mask = move[3]
            value = 1 + max(cost(cands & mask), cost(cands & ~mask))
        memo[cands] = value
        return value

    return cost((1 << n) - 1)


@register
class TwentyQuestions(TurnBudgetTask):
    """Twenty questions: the prompt tabulates objects by attributes (colour, shape, size, ...); a
    secret one is chosen. Each turn the player asks whether an attribute has a value ("is it
    color=red?", answered yes or no) or guesses an object ("guess Kopi"); naming the secret wins.
    Questions, guesses and invalid actions share one turn budget. Higher levels add objects,
    attributes and values per attribute and remove the slack, so questions must halve the
    remaining candidates rather than probe one value at a time.

    The reference policy keeps the objects consistent with the answers so far; with one or two
    left it guesses, otherwise it asks the question whose larger answer class is smallest. The
    budget is the policy's worst case over every possible secret (its whole decision tree,
    computed per problem) plus `slack`, so the policy always wins. `Draft.answer` is a guess of
    the secret (a one-turn win). Computing that tree is what bounds generation: over 1,000
    problems per second up to level 6, about 500 per second at levels 9-10 (40 objects).
    """

    name = "games/twenty_questions"
    knobs = (
        Knob("n_objects", [6, 8, 10, 12, 16, 20, 24, 28, 32, 40, 44, 48, 52, 56, 60, 66, 72, 80, 90, 100], (2, 120),
             doc="objects in the table"),
        Knob("n_attributes", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8] + [8] * 10, (1, len(ATTRIBUTES)), doc="attributes per object"),
        Knob("n_values", [2, 3, 3, 3, 3, 4, 4, 4, 5, 5] + [5] * 10, (2, 5), doc="values each attribute can take"),
        Knob("slack", [3, 2, 2, 1, 1, 1, 0, 0, 0, 0] + [0] * 10, (0, 100), doc="turns allowed beyond the policy's worst case"),
    )
    answer_format = "a question like is it color=red? (attribute=value), or a guess like guess Kopi"
    example = "is it color=red?"
    tools = (Tool("ask", "Ask whether the hidden object's attribute has a value; the answer is yes or no.",
                  "is it {attribute}={value}?",
                  (Param("attribute", "string", "an attribute of the table", enum=tuple(a for a, _ in ATTRIBUTES)),
                   Param("value", "string", "one of that attribute's values, as the table writes it"))),
             Tool("guess", "Guess which object it is; a wrong guess uses a turn.", "guess {name}",
                  (Param("name", "string", "an object's name from the table"),)))
    lowercase = True
    invalid_hint = "ask like is it attribute=value? or guess like guess <name>"

    def build(self, rng, params):
        n, k, v = params["n_objects"], params["n_attributes"], params["n_values"]
        if v ** k < n:
            raise ValueError(f"knob 'n_objects': {n} objects cannot all differ with {k} attributes of "
                             f"{v} values ({v ** k} combinations)")
        chosen = sorted(rng.sample(range(len(ATTRIBUTES)), k))
        attributes = [ATTRIBUTES[i][0] for i in chosen]
        values = [sorted(rng.sample(ATTRIBUTES[i][1], v)) for i in chosen]
        # skewed value frequencies per attribute: some values common, some rare
        cumulative = []
        for _ in range(k):
            weights = [rng.randint(1, 4) for _ in range(v)]
            cumulative.append([sum(weights[:i + 1]) for i in range(v)])
        rows: list[tuple] = []
        seen = set()
        if v ** k <= 4 * n:  # few combinations: draw distinct ones uniformly
            rows = [tuple(values[a][(i // v ** a) % v] for a in range(k)) for i in rng.sample(range(v ** k), n)]
        while len(rows) < n:
            row = tuple(values[a][bisect_right(cumulative[a], rng.random() * cumulative[a][-1])] for a in range(k))
            if row not in seen:
                seen.add(row)
                rows.append(row)
        names = object_names(rng, n)
        rng.shuffle(rows)
        objects = [list(r) for r in rows]
        secret = rng.randrange(n)
        literals = literal_masks(objects, attributes)
        budget = worst_turns(n, literals) + params["slack"]
        widths = [max(len(h), *(len(o[a]) for o in objects)) for a, h in enumerate(attributes)]
        name_w = max(4, *(len(x) for x in names))
        header = "name".ljust(name_w) + "  " + "  ".join(h.ljust(w) for h, w in zip(attributes, widths))
        table = "\n".join(names[i].ljust(name_w) + "  " + "  ".join(x.ljust(w) for x, w in zip(objects[i], widths))
                          for i in range(n))
        domain = "; ".join(f"{a}: {', '.join(vals)}" for a, vals in zip(attributes, values))
        question = (
            f"Twenty questions. I am thinking of one of these {n} objects:\n{header.rstrip()}\n"
            f"{chr(10).join(line.rstrip() for line in table.splitlines())}\n\n"
            f"Attribute values: {domain}.\n\n"
            f"Each turn, either ask whether the object has an attribute value, e.g. is it "
            f"{attributes[0]}={objects[0][0]}? (answered yes or no), or guess an object by name, e.g. "
            f"guess {names[0]}. You win by guessing the object. You have {budget} turns; every "
            f"question, guess and invalid action uses one.")
        check = {"names": names, "attributes": attributes, "values": values, "objects": objects,
                 "secret": names[secret], "budget": budget}
        return self.draft(question, f"guess {names[secret]}", check,
                          answer_format=(f"a question like is it {attributes[0]}={objects[0][0]}? "
                                         f"(attribute=value), or a guess like guess {names[0]}"),
                          example=f"is it {attributes[0]}={objects[0][0]}?")

    def effort(self, problem):
        # each answer of the reference episode is checked against every object still possible
        c, state, work = problem.check, self.initial_state(problem), 0
        attrs = c["attributes"]
        for _ in range(c["budget"]):
            work += sum(1 for i, row in enumerate(c["objects"]) if c["names"][i] not in state["wrong"]
                        and all((row[attrs.index(a)] == v) == yes for a, v, yes in state["asked"]))
            state, _, _, done = self.step(problem, state, self.plan(problem, state))
            if done:
                break
        return work

    def start(self, problem):
        return {"asked": [], "wrong": []}

    def act(self, problem, state, text):
        c = problem.check
        names = {n.lower(): n for n in c["names"]}
        attrs = c["attributes"]
        m = _GUESS.match(text)
        target = m.group(1) if m else text if text in names else None
        if target is not None and target in names:
            name = names[target]
            if name == c["secret"]:
                return f"Yes, it is {name}.", WIN
            if name not in state["wrong"]:
                state["wrong"].append(name)
            return f"No, it is not {name}.", None
        if target is not None:
            return f"Invalid guess: {target.capitalize()} is not one of the objects.", None
        question = _QUESTION.match(text)
        if not question:
            return f"Invalid action: ask like is it {attrs[0]}=<value>? or guess like guess <name>.", None
        attr, value = question.group(1), question.group(2)
        if attr not in attrs:
            return f"Invalid question: {attr} is not an attribute (attributes: {', '.join(attrs)}).", None
        if value not in c["values"][attrs.index(attr)]:
            return (f"Invalid question: {value} is not a value of {attr} "
                    f"(values: {', '.join(c['values'][attrs.index(attr)])}).", None)
        yes = c["objects"][c["names"].index(c["secret"])][attrs.index(attr)] == value
        state["asked"].append([attr, value, yes])
        return f"Is it {attr}={value}? {'Yes' if yes else 'No'}.", None

    def unsolved(self, problem, state):
        return f"it was {problem.check['secret']}."

    def plan(self, problem, state):
        c = problem.check
        names, attrs, objects = c["names"], c["attributes"], c["objects"]
        cands = 0
        for i, row in enumerate(objects):
            if names[i] in state["wrong"]:
                continue
            if all((row[attrs.index(a)] == v) == yes for a, v, yes in state["asked"]):
                cands |= 1 << i
        if not cands:  # cannot happen with true answers
            return f"guess {names[0]}"
        move = choose(cands, literal_masks(objects, attrs))
        if move[0] == "guess":
            return f"guess {names[move[1]]}"
        return f"is it {attrs[move[1]]}={move[2]}?"
