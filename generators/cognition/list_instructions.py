"""Follow a numbered list of edits (insert, delete, swap, move, reverse, rotate) to a list of
words and give the final list."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._words import read_words

ITEMS = (
    "apple", "banana", "cherry", "grape", "lemon", "mango", "melon", "olive", "peach", "pear", "plum", "kiwi",
    "fig", "lime", "date", "guava", "papaya", "quince", "berry", "coconut", "walnut", "almond", "carrot",
    "pepper", "onion", "potato", "radish", "turnip", "celery", "garlic", "bean", "pea",
)

# operation kinds in the order the levels unlock them
KINDS = ("insert", "delete_pos", "swap_pos", "move_end", "delete_item", "swap_items", "move_to",
         "insert_after", "reverse", "rotate")


def apply(items: list, op: tuple) -> list:
    """The list after one operation (positions are 1-based, as in the prompt)."""
    items = list(items)
    kind = op[0]
    if kind == "insert":  # ('insert', word, position): the word becomes item `position`
        items.insert(op[2] - 1, op[1])
    elif kind == "insert_after":  # ('insert_after', word, existing)
        items.insert(items.index(op[2]) + 1, op[1])
    elif kind == "delete_pos":
        del items[op[1] - 1]
    elif kind == "delete_item":
        items.remove(op[1])
    elif kind == "swap_pos":
        i, j = op[1] - 1, op[2] - 1
        items[i], items[j] = items[j], items[i]
    elif kind == "swap_items":
        i, j = items.index(op[1]), items.index(op[2])
        items[i], items[j] = items[j], items[i]
    elif kind == "move_end":  # ('move_end', word, 'front'|'end')
        items.remove(op[1])
        items.insert(0 if op[2] == "front" else len(items), op[1])
    elif kind == "move_to":  # ('move_to', word, position): after removal, it becomes item `position`
        items.remove(op[1])
        items.insert(op[2] - 1, op[1])
    elif kind == "reverse":
        items.reverse()
    elif kind == "rotate":  # ('rotate', k): the first k items move, in order, to the end
        items = items[op[1]:] + items[:op[1]]
    return items


def describe(op: tuple) -> str:
    kind = op[0]
    return {
        "insert": lambda: f"Insert {op[1]} so that it becomes item number {op[2]}.",
        "insert_after": lambda: f"Insert {op[1]} right after {op[2]}.",
        "delete_pos": lambda: f"Delete item number {op[1]}.",
        "delete_item": lambda: f"Delete {op[1]}.",
        "swap_pos": lambda: f"Swap items number {op[1]} and {op[2]}.",
        "swap_items": lambda: f"Swap {op[1]} and {op[2]}.",
        "move_end": lambda: f"Move {op[1]} to the {op[2]} of the list.",
        "move_to": lambda: f"Take {op[1]} out and put it back so that it becomes item number {op[2]}.",
        "reverse": lambda: "Reverse the whole list.",
        "rotate": lambda: f"Move the first {op[1]} item{'s' if op[1] > 1 else ''} (keeping their order) to the end.",
    }[kind]()


def random_op(rng, items: list, spare: list, kinds) -> tuple | None:
    n = len(items)
    kind = rng.choice(kinds)
    if kind in ("insert", "insert_after"):
        if not spare:
            return None
        word = spare.pop(rng.randrange(len(spare)))
        return (kind, word, rng.randint(1, n + 1)) if kind == "insert" else (kind, word, rng.choice(items))
    if n < 3:
        return None  # keep the list long enough for the other operations
    if kind == "delete_pos":
        return (kind, rng.randint(1, n))
    if kind == "delete_item":
        return (kind, rng.choice(items))
    if kind == "swap_pos":
        i, j = sorted(rng.sample(range(1, n + 1), 2))
        return (kind, i, j)
    if kind == "swap_items":
        a, b = rng.sample(items, 2)
        return (kind, a, b)
    if kind == "move_end":
        return (kind, rng.choice(items), rng.choice(["front", "end"]))
    if kind == "move_to":
        return (kind, rng.choice(items), rng.randint(1, n))
    if kind == "reverse":
        return (kind,)
    return (kind, rng.randint(1, n - 1))


@register
class ListInstructions(Task):
    """Start from a list of words and apply numbered edits in order: insert at a position,
    delete by position or by name, swap, move to the front/end or to a position, and at higher
    levels insert after an item, reverse and rotate. Give the final list. Higher levels apply
    more edits of more kinds, so positions shift under later edits."""

    name = "cognition/list_instructions"
    knobs = (
        Knob("n_items", [3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 14], (2, 20),
             doc="words in the starting list"),
        Knob("n_ops", [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 17, 19, 21, 23, 25, 28, 31, 34, 37, 40], (1, 60),
             doc="edits applied"),
        Knob("kinds", [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10], (1, 10),
             doc="how many kinds of edit may appear"),
    )
    answer_format = "the final list as comma-separated words in order"
    example = "rose, tulip, daisy"  # not in ITEMS, so never the answer

    def build(self, rng, params):
        words = list(ITEMS)
        rng.shuffle(words)
        items, spare = words[:params["n_items"]], words[params["n_items"]:]
        start = list(items)
        kinds = KINDS[:params["kinds"]]
        ops, misses = [], 0
        while len(ops) < params["n_ops"]:
            # an override may allow only kinds that the list can no longer take (inserts once every
            # word is in it): after a run of misses, any kind may be drawn
            op = random_op(rng, items, spare, kinds if misses < 20 else KINDS)
            if op is None:
                misses += 1
                continue
            misses = 0
            before = items
            items = apply(items, op)
            spare += [w for w in before if w not in items]  # deleted words may come back later
            ops.append(op)
        listing = "\n".join(f"{i}. {describe(op)}" for i, op in enumerate(ops, 1))
        question = (f"Start with this list (item number 1 is first):\n{', '.join(start)}\n\n"
                    "Apply these edits in order, each to the list as it stands after the previous edit "
                    "(item numbers always count from the front of the current list):\n"
                    f"{listing}\n\nWhat is the final list?")
        return Draft(question, ", ".join(items), {"items": items})

    def effort(self, problem):
        # every edit is applied to a list of about n_items words, and the final list is written out
        return problem.params["n_ops"] * problem.params["n_items"] + len(problem.check["items"])

    def grade(self, answer, problem):
        expected = problem.check["items"]
        try:
            given = read_words(answer)
        except ParseError as exc:
            return refused(exc)
        if sorted(given) != sorted(expected):
            return wrong("The final list has the wrong items.")
        return right() if given == expected else wrong("The items are right but the order is wrong.")
