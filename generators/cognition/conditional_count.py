"""Count the objects in a generated inventory that satisfy a stated logical condition."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

SIZES = ("small", "medium", "large")
COLOURS = ("red", "blue", "green", "yellow", "black", "white")
SHAPES = ("ball", "box", "cone", "ring", "cube", "star", "disc")
MATERIALS = ("wooden", "metal", "glass", "plastic")
ATTRS = ("colour", "shape", "size", "material")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def holds(cond, item: dict) -> bool:
    """Evaluate a condition tree: ('is', attr, value) | ('not', c) | ('and'|'or', c1, c2)."""
    op = cond[0]
    if op == "is":
        return item[cond[1]] == cond[2]
    if op == "not":
        return not holds(cond[1], item)
    if op == "and":
        return holds(cond[1], item) and holds(cond[2], item)
    return holds(cond[1], item) or holds(cond[2], item)


def atom_text(attr: str, value: str, negated: bool = False) -> str:
    neg = "not " if negated else ""
    if attr == "shape":
        return f"it is {neg}a {value}"
    return f"it is {neg}{value}"


def render(cond, top: bool = True) -> str:
    """A condition in words with explicit brackets, so that AND/OR precedence never matters."""
    op = cond[0]
    if op == "is":
        return atom_text(cond[1], cond[2])
    if op == "not":
        inner = cond[1]
        if inner[0] == "is":
            return atom_text(inner[1], inner[2], negated=True)
        return f"NOT ({render(inner, True)})"
    text = f"{render(cond[1], False)} {op.upper()} {render(cond[2], False)}"
    return text if top else f"({text})"


def random_condition(rng, atoms: list, negate: int):
    """A random condition tree over the given distinct (attr, value) atoms; each atom is
    negated with probability negate%, and compound parts less often."""
    if len(atoms) == 1:
        atom = ("is", *atoms[0])
        return ("not", atom) if rng.randrange(100) < negate else atom
    left = rng.randint(1, len(atoms) - 1)
    node = (rng.choice(["and", "or"]), random_condition(rng, atoms[:left], negate),
            random_condition(rng, atoms[left:], negate))
    return ("not", node) if len(atoms) >= 3 and rng.randrange(100) < negate // 3 else node


def item_text(count: int, item: dict, attrs) -> str:
    words = [item[a] for a in ("size", "colour", "material") if a in attrs]
    noun = item["shape"] + ("es" if count > 1 and item["shape"] in ("box",) else "s" if count > 1 else "")
    qty = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return f"{qty} {' '.join(words)} {noun}"


@register
class ConditionalCount(Task):
    """An inventory lists groups of objects (quantity, size, colour, material, shape); count the
    objects that satisfy a condition combining attributes with AND, OR and NOT. Higher levels
    list more groups, use quantities above one, add the material attribute, and nest more
    atoms and negations in the condition."""

    name = "cognition/conditional_count"
    knobs = (
        Knob("n_groups", [4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 35, 38, 41, 45], (1, 100),
             doc="groups in the inventory"),
        Knob("max_quantity", [1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (1, 20),
             doc="largest quantity in a group"),
        Knob("n_atoms", [1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 8),
             doc="attribute tests in the condition"),
        Knob("negate_percent", [0, 0, 20, 25, 30, 35, 40, 40, 45, 50, 50, 50, 50, 55, 55, 55, 60, 60, 60, 60], (0, 100),
             doc="chance an atom is negated"),
        Knob("n_attrs", [3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (2, 4),
             doc="attributes: colour, shape, size, material"),
    )
    answer_format = "an integer"
    example = "-11"  # a count is never negative: never the answer

    def build(self, rng, params):
        attrs = ATTRS[:params["n_attrs"]]
        # fewer values per attribute than lists hold, so that attributes repeat and interact
        values = {"colour": rng.sample(COLOURS, 4), "shape": rng.sample(SHAPES, 4), "size": list(SIZES),
                  "material": rng.sample(MATERIALS, 3)}
        for _ in range(50):
            groups = []
            for _ in range(params["n_groups"]):
                item = {a: rng.choice(values[a]) for a in attrs}
                groups.append((rng.randint(1, params["max_quantity"]), item))
            pairs = [(a, v) for a in attrs for v in values[a]]
            atoms = rng.sample(pairs, min(params["n_atoms"], len(pairs)))
            cond = random_condition(rng, atoms, params["negate_percent"])
            value = sum(q for q, item in groups if holds(cond, item))
            total = sum(q for q, _ in groups)
            if 0 < value < total:  # neither none nor all: the condition must be applied
                break
        listing = "\n".join(f"- {item_text(q, item, attrs)}" for q, item in groups)
        question = (f"A shelf holds these objects:\n{listing}\n\n"
                    f"How many objects (counting every single object, not groups) satisfy this condition: "
                    f"{render(cond)}?")
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # every group is tested against every atom of the condition, and the matches are added up
        return problem.params["n_groups"] * (problem.params["n_atoms"] + 1)

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the count")
