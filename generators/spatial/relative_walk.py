"""Follow turns and moves given relative to a walker's own heading; report where it ends and
which way it faces."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._compass import HEADINGS, STEP, read_position, turn


def walk(heading: str, steps) -> tuple[int, int, str]:
    """Run the instructions from (0, 0): each is ('turn', quarter turns clockwise) or
    ('move', side, distance) with side 0 forward, 1 right, 2 back, 3 left of the heading."""
    x = y = 0
    for step in steps:
        if step[0] == "turn":
            heading = turn(heading, step[1])
        else:
            dx, dy = STEP[turn(heading, step[1])]
            x, y = x + dx * step[2], y + dy * step[2]
    return x, y, heading


def turn_text(rng, quarters: int, degrees: bool) -> str:
    """A turn of `quarters` clockwise quarter turns (4 is a full circle) in words."""
    if degrees:
        if quarters == 4:
            return f"turn 360 degrees {rng.choice(['clockwise', 'counterclockwise'])}"
        if rng.random() < 0.5:
            return f"turn {quarters * 90} degrees clockwise"
        return f"turn {(4 - quarters) * 90} degrees counterclockwise"
    return {1: "turn right", 2: "turn around", 3: "turn left"}[quarters]


def move_text(side: int, distance: int) -> str:
    unit = "step" if distance == 1 else "steps"
    return {0: f"walk forward {distance} {unit}", 2: f"walk backward {distance} {unit} (without turning)",
            1: f"sidestep right {distance} {unit} (without turning)",
            3: f"sidestep left {distance} {unit} (without turning)"}[side]


# format examples; each problem shows one that is not its answer
_EXAMPLES = ("-2, 5, south", "3, -1, east", "0, 4, west", "-3, -2, north", "1, 2, east")


@register
class RelativeWalk(Task):
    """A walker starts at (0, 0) facing a compass direction and follows instructions relative to
    its own heading (turn left/right/around, walk forward/backward, sidestep). Give the final
    position and heading. Higher levels give more instructions, backward and sideways steps,
    and turns in degrees either way (including turns that add up to full circles)."""

    name = "spatial/relative_walk"
    knobs = (
        Knob("n_steps", [3, 4, 5, 6, 8, 10, 12, 15, 18, 24, 28, 32, 36, 40, 45, 50, 55, 60, 70, 80], (1, 80),
             doc="instructions"),
        Knob("sides", [1, 1, 2, 3, 4, 4, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="movement kinds: forward, +backward, +sidestep right, +sidestep left"),
        Knob("degrees", [False] * 4 + [True] * 16, doc="write turns in degrees, clockwise or counterclockwise"),
        Knob("max_distance", [3, 3, 4, 5, 5, 6, 7, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15], (1, 99),
             doc="longest single move"),
    )
    answer_format = ("the final position and heading as x, y, direction (x grows to the east, y to the north; "
                     "direction is north, east, south or west)")
    example = "-2, 5, south"

    def build(self, rng, params):
        start = rng.choice(HEADINGS)
        sides = [0, 2, 1, 3][:params["sides"]]
        steps, lines = [], []
        for i in range(params["n_steps"]):
            # alternate-ish: a turn is likelier right after a move so headings keep changing
            if i > 0 and steps[-1][0] == "move" and rng.random() < 0.6 or i == 0 and rng.random() < 0.3:
                q = rng.choice([1, 2, 3] + ([4] if params["degrees"] else []))
                steps.append(("turn", q % 4))
                lines.append(turn_text(rng, q, params["degrees"]))
            else:
                side, d = rng.choice(sides), rng.randint(1, params["max_distance"])
                steps.append(("move", side, d))
                lines.append(move_text(side, d))
        x, y, heading = walk(start, steps)
        listing = "\n".join(f"{i}. {t}" for i, t in enumerate(lines, 1))
        question = (f"You stand at (0, 0) facing {start}. The x coordinate grows to the east and y grows to the "
                    "north; each step moves one unit. Left, right, forward and backward are relative to the "
                    "way you are facing at that moment. Follow these instructions in order:\n"
                    f"{listing}\n\nWhere do you end up, and which way are you facing?")
        # every position and heading can be an answer: the example is drawn last, among those wrong here
        example = rng.choice([e for e in _EXAMPLES if e != f"{x}, {y}, {heading}"])
        return Draft(question, f"{x}, {y}, {heading}", {"x": x, "y": y, "heading": heading}, example=example)

    def effort(self, problem):
        # one update of position or heading per instruction
        listing = problem.prompt.split("in order:\n", 1)[1].split("\n\n", 1)[0]
        return len(listing.split("\n"))

    def grade(self, answer, problem):
        c = problem.check
        try:
            x, y, heading = read_position(answer)
        except ParseError as exc:
            return refused(exc)
        if (x, y) != (c["x"], c["y"]):
            return wrong("The final position is wrong.")
        return right() if heading == c["heading"] else wrong("The final heading is wrong.")
