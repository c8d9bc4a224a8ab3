"""Roll a die across a table and track which number ends up on each side."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, read_int, read_list, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._cube import SOURCE

# spinning the die a quarter turn clockwise as seen from above: north goes to east
SPIN_CW = {"E": "N", "S": "E", "W": "S", "N": "W", "U": "U", "D": "D"}
SPIN_CCW = {v: k for k, v in SPIN_CW.items()}
WORDS = {"U": "top", "D": "bottom", "N": "north", "S": "south", "E": "east", "W": "west"}
ROLL_WORDS = {"N": "north", "S": "south", "E": "east", "W": "west"}


def apply_move(die: dict, move: str) -> dict:
    """The die after one move: a roll 'N'/'S'/'E'/'W' (the top face tips over toward that
    side) or a spin 'cw'/'ccw' (a quarter turn about the vertical axis, seen from above)."""
    source = {"cw": SPIN_CW, "ccw": SPIN_CCW}.get(move) or SOURCE[move]
    return {p: die[source[p]] for p in die}


def simulate(die: dict, moves) -> dict:
    for m in moves:
        die = apply_move(die, m)
    return die


def move_text(move: str, times: int) -> str:
    base = {"cw": "spin a quarter turn clockwise", "ccw": "spin a quarter turn counterclockwise"}.get(
        move) or f"roll {ROLL_WORDS[move]}"
    return base if times == 1 else f"{base} {times} times"


@register
class DieRolls(Task):
    """A standard die sits on a table with known top, north and east faces; it is rolled (and at
    higher levels spun) through a sequence of moves. Give the numbers on the asked sides. Higher
    levels have longer sequences, repeated moves written as counts, spins about the vertical
    axis, and ask about more sides."""

    name = "spatial/die_rolls"
    knobs = (
        Knob("n_moves", [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 23, 26, 29, 32, 36, 40, 44, 48, 54, 60], (1, 60),
             doc="instructions in the sequence"),
        Knob("spins", [False, False, False] + [True] * 17, doc="include quarter-turn spins about the vertical axis"),
        Knob("max_repeat", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9], (1, 9),
             doc="largest 'n times' in one instruction"),
        Knob("n_asked", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6], (1, 6), doc="sides asked about"),
    )
    answer_format = "the numbers on the asked sides, in the order asked, comma-separated"
    example = "4,0"  # no face shows 0: never an answer

    def build(self, rng, params):
        top = rng.randint(1, 6)
        north = rng.choice([v for v in range(1, 7) if v not in (top, 7 - top)])
        east = rng.choice([v for v in range(1, 7) if v not in (top, 7 - top, north, 7 - north)])
        die = {"U": top, "D": 7 - top, "N": north, "S": 7 - north, "E": east, "W": 7 - east}
        kinds = ["N", "S", "E", "W"] + (["cw", "ccw"] if params["spins"] else [])
        steps, moves = [], []
        for _ in range(params["n_moves"]):
            m, k = rng.choice(kinds), rng.randint(1, params["max_repeat"])
            steps.append(move_text(m, k))
            moves += [m] * k
        final = simulate(die, moves)
        asked = ["U"] + rng.sample(["N", "S", "E", "W", "D"], params["n_asked"] - 1)
        values = [final[p] for p in asked]
        question = (
            "A standard die (opposite faces add up to 7) sits on a table with "
            f"{top} on top, {north} facing north and {east} facing east. "
            "Rolling the die toward a direction tips it over its bottom edge on that side, so the top face "
            "turns to face that direction."
            + (" Spinning turns it a quarter turn about the vertical axis as seen from above (clockwise: the "
               "north face turns to face east)." if params["spins"] else "")
            + f"\nMoves, in order: {'; '.join(steps)}.\n\n"
            + (f"After all moves, which numbers are on the {', '.join(WORDS[p] for p in asked)} sides?"
               if len(asked) > 1 else "After all moves, which number is on top?"))
        if len(asked) > 1:
            return Draft(question, ",".join(map(str, values)), {"values": values})
        return Draft(question, str(values[0]), {"values": values},
                     answer_format="one number, the number on top", example="0")  # no face shows 0

    def effort(self, problem):
        # the simulation tracks every quarter turn ("roll north 3 times" is three), then reads the sides
        moves = problem.prompt.split("Moves, in order: ", 1)[1].split(".\n", 1)[0].split("; ")
        turns = sum(int(m.rsplit(" ", 2)[1]) if m.endswith(" times") else 1 for m in moves)
        return turns + len(problem.check["values"])

    def grade(self, answer, problem):
        expected = problem.check["values"]
        if len(expected) == 1:
            return grade_int(answer, expected[0], "the number on top", name="top")
        try:
            given = read_list(answer, read_int, separators=",;")
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} numbers.")
        return right() if given == expected else wrong("At least one number is wrong.")
