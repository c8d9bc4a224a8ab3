"""The shell game: track objects hidden under coloured cups through swaps, rotations and moves."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._words import COLORS, read_word

HIDDEN = ("ball", "coin", "ring", "pearl", "button", "die")
KINDS = ("swap_pos", "swap_color", "swap_contents", "rotate_left", "move", "reverse", "rotate_right")


def apply(cups: list, under: dict, move: tuple) -> tuple[list, dict]:
    """The row of cups (colours, left to right) and {cup colour: object} after one move;
    positions are 1-based."""
    cups, under = list(cups), dict(under)
    kind = move[0]
    if kind == "swap_contents":  # the cups stay; what is under them changes places
        a, b = under.pop(move[1], None), under.pop(move[2], None)
        if a is not None:
            under[move[2]] = a
        if b is not None:
            under[move[1]] = b
    elif kind == "swap_pos":
        i, j = move[1] - 1, move[2] - 1
        cups[i], cups[j] = cups[j], cups[i]
    elif kind == "swap_color":
        i, j = cups.index(move[1]), cups.index(move[2])
        cups[i], cups[j] = cups[j], cups[i]
    elif kind == "rotate_left":
        cups = cups[1:] + cups[:1]
    elif kind == "rotate_right":
        cups = cups[-1:] + cups[:-1]
    elif kind == "move":  # ('move', from, to): lifted out and put back so it is at position `to`
        cup = cups.pop(move[1] - 1)
        cups.insert(move[2] - 1, cup)
    elif kind == "reverse":
        cups.reverse()
    return cups, under


def describe(move: tuple) -> str:
    kind = move[0]
    return {
        "swap_pos": lambda: f"The cups at positions {move[1]} and {move[2]} swap places.",
        "swap_color": lambda: f"The {move[1]} cup and the {move[2]} cup swap places.",
        "swap_contents": lambda: (f"Without moving the cups, the magician secretly exchanges whatever is under the "
                                  f"{move[1]} cup with whatever is under the {move[2]} cup."),
        "rotate_left": lambda: "The leftmost cup slides to the right end; every other cup shifts one place left.",
        "rotate_right": lambda: "The rightmost cup slides to the left end; every other cup shifts one place right.",
        "move": lambda: (f"The cup at position {move[1]} is lifted out and put back so that it is at position "
                         f"{move[2]}; the cups in between close up the gap."),
        "reverse": lambda: "The whole row is reversed.",
    }[kind]()


def random_move(rng, cups: list, kinds) -> tuple:
    n = len(cups)
    kind = rng.choice(kinds)
    if kind == "swap_pos":
        return (kind, *sorted(rng.sample(range(1, n + 1), 2)))
    if kind in ("swap_color", "swap_contents"):
        return (kind, *rng.sample(cups, 2))
    if kind == "move":
        a, b = rng.sample(range(1, n + 1), 2)
        return (kind, a, b)
    return (kind,)


@register
class ShellGame(Task):
    """Objects are hidden under a row of coloured cups; the cups move (swaps by position or by
    colour, rotations, lift-and-reinsert, reversal) and the objects move with them. Give where
    an object ends up, which cup covers it, or what is under a given position. Higher levels
    have more cups, objects, moves and move kinds, including secret exchanges of what is under
    two cups (so an object changes cup)."""

    name = "cognition/shell_game"
    knobs = (
        Knob("n_cups", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12], (2, 12),
             doc="cups in the row"),
        Knob("n_hidden", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 6),
             doc="objects hidden under cups"),
        Knob("n_moves", [2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 20, 22, 24, 26, 28, 31, 34, 37, 40, 44], (1, 100),
             doc="moves"),
        Knob("kinds", [1, 2, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], (1, 7),
             doc="move kinds: swap by position, swap by colour, exchange contents, rotate left, lift-and-move, "
                 "reverse, rotate right"),
        Knob("ask", [["position"], ["position"], ["position"], ["position", "colour"],
                     ["position", "colour", "contents"], ["position", "colour", "contents"],
                     ["position", "colour", "contents"], ["position", "colour", "contents"],
                     ["position", "contents"], ["position", "contents"]] + [["position", "contents"]] * 10,
             choices=("position", "colour", "contents"),
             doc="an object's final position, the colour of the cup over it, or what lies under a position"),
    )
    answer_format = "an integer, the position (1 is the leftmost)"
    # each question's example is never its answer: positions start at 1, grey is not a cup colour
    # (COLORS) and an acorn is never hidden (HIDDEN)
    example = "0"

    def build(self, rng, params):
        n = params["n_cups"]
        cups = rng.sample(COLORS, n)
        hidden = rng.sample(HIDDEN, min(params["n_hidden"], n, len(HIDDEN)))
        under = dict(zip(rng.sample(cups, len(hidden)), hidden))  # cup colour -> object
        start, start_under = list(cups), dict(under)
        moves = []
        for _ in range(params["n_moves"]):
            mv = random_move(rng, cups, KINDS[:params["kinds"]])
            cups, under = apply(cups, under, mv)
            moves.append(mv)
        placed = " ".join(f"The {o} is under the {c} cup."
                          for c, o in sorted(start_under.items(), key=lambda x: start.index(x[0])))
        story = "\n".join(f"{i}. {describe(m)}" for i, m in enumerate(moves, 1))
        head = (f"Cups stand in a row; from left to right (positions 1 to {n}) they are: {', '.join(start)}. "
                f"{placed} Every other cup is empty. Whatever is under a cup moves with the cup (unless the "
                "magician exchanges contents).\n"
                f"The cups are moved, in order:\n{story}\n\n")
        ask = params["ask"]
        obj_cup = {o: c for c, o in under.items()}
        if ask == "contents":
            k = rng.randint(1, n)
            obj = under.get(cups[k - 1], "nothing")
            return Draft(head + f"What is under the cup at position {k} now? Answer nothing if it is empty.",
                         obj, {"object": obj}, answer_format="one word: the object's name, or nothing", example="acorn")
        moved = [o for o in hidden if obj_cup[o] != {v: k for k, v in start_under.items()}[o]]
        if ask == "colour" and not moved:
            ask = "position"  # no object changed cup: the colour question would answer itself
        obj = rng.choice(moved if ask == "colour" else hidden)
        if ask == "colour":
            colour = obj_cup[obj]
            return Draft(head + f"What colour is the cup that covers the {obj} now?", colour, {"colour": colour},
                         answer_format="one word: the cup's colour", example="grey")
        pos = cups.index(obj_cup[obj]) + 1
        return Draft(head + f"At which position (1 is the leftmost) is the {obj} now?", str(pos), {"position": pos})

    def effort(self, problem):
        # every move is followed for every hidden object (the cups that are actually hidden under)
        p = problem.params
        return p["n_moves"] * min(p["n_hidden"], p["n_cups"], len(HIDDEN))

    def grade(self, answer, problem):
        c = problem.check
        if "position" in c:
            return grade_int(answer, c["position"], "the position")
        try:
            if "colour" in c:
                given = read_word(answer, suffix="cup")
                return right() if given == c["colour"] else wrong("That is not the cup's colour.")
            given = "nothing" if is_none(answer) else read_word(answer)  # "nothing", "none", "empty"
        except ParseError as exc:
            return refused(exc)
        return right() if given == c["object"] else wrong("That is not what is under that cup.")
