"""Submarine hunt: hit a submarine moving at an unknown constant velocity from east/west sonar replies."""
from __future__ import annotations

import re

import numpy as np

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

_FIRE = re.compile(r"^(?:fire|shoot)\s+(?:at\s+)?(-?\d{1,7})$")


def shot_bound(n: int, top_speed: int) -> int:
    """Shots the policy needs at most: each miss leaves at most half of the (start, velocity)
    candidates, and one candidate left is hit by the next shot, so 1 + floor(log2 N) for
    N = n * (2 * top_speed + 1) candidates."""
    return (n * (2 * top_speed + 1)).bit_length()


def candidates(low: int, n: int, top_speed: int, shots) -> tuple[np.ndarray, np.ndarray]:
    """(starts, velocities) of every submarine consistent with the shots [turn, x, reply]: at turn
    t (from 1) a submarine from start p at velocity v is at p + v * (t - 1)."""
    starts = np.repeat(np.arange(low, low + n, dtype=np.int64), 2 * top_speed + 1)
    speeds = np.tile(np.arange(-top_speed, top_speed + 1, dtype=np.int64), n)
    keep = np.ones(len(starts), dtype=bool)
    for turn, x, reply in shots:
        where = starts + speeds * (turn - 1)
        keep &= (where > x) if reply == "east" else (where < x)
    return starts[keep], speeds[keep]


@register
class SubmarineHunt(TurnBudgetTask):
    """Submarine hunt: a submarine starts at a whole-number position in a stated stretch of a line
    (east is increasing) and every turn moves by the same unknown whole number of positions, its
    velocity, from -V to V (0 included); it may leave the stretch. Each turn the player fires at a
    position: a hit wins; a miss is answered by sonar, east or west (where the submarine was when
    the shot fell, relative to the shot). Invalid actions also let a turn, and the submarine,
    pass. Higher levels lengthen the stretch and raise the top speed, so the player must reason
    about (start, velocity) pairs rather than a shrinking interval, and cut the slack to nothing.

    The reference policy keeps every (start, velocity) pair consistent with the sonar so far and
    fires at the lower median of where they put the submarine now: a miss leaves at most half of
    them and a lone candidate is hit, so it needs at most 1 + floor(log2(n (2V + 1))) shots; the
    budget is that plus `slack`. `Draft.answer` fires at the start on the first turn.
    """

    name = "games/submarine_hunt"
    knobs = (
        Knob("stretch", [8, 12, 16, 24, 32, 48, 64, 96, 128, 160, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800],
             (2, 2000), doc="positions where the submarine may start"),
        Knob("top_speed", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6], (0, 10),
             doc="the velocity is a whole number from -top_speed to top_speed"),
        Knob("slack", [4, 3, 3, 2, 2, 1, 1, 0, 0, 0] + [0] * 10, (0, 100),
             doc="shots allowed beyond the policy's bound"),
    )
    answer_format = "a shot as fire and a position, e.g. fire 12"
    example = "fire -1"  # every stretch starts at 0 or above: a first shot at -1 never hits
    tools = (Tool("fire", "Fire at a position; the reply is hit, or east or west of the shot.", "fire {position}",
                  (Param("position", "integer", "the position to fire at"),)),)
    unit = ("shot", "shots")
    lowercase = True
    invalid_hint = "write fire and a whole-number position, e.g. fire 12"

    def build(self, rng, params):
        n, top = params["stretch"], params["top_speed"]
        low = rng.randint(0, 4 * n)
        start, speed = rng.randint(low, low + n - 1), rng.randint(-top, top)
        budget = shot_bound(n, top) + params["slack"]
        question = (
            f"Submarine hunt. A submarine hides on a line of whole-number positions (east is the direction "
            f"of increasing numbers). At the first turn it is at some position from {low} to {low + n - 1}. "
            f"After every turn it moves by the same whole number of positions, its velocity, from "
            f"{-top} to {top} (0 means it stays; it may leave that stretch). You know neither its start "
            f"nor its velocity.\n\n"
            f"Each turn, fire at one position. If the submarine is there, you hit it and win. Otherwise "
            f"sonar tells you whether the submarine is east or west of your shot at that moment; then it "
            f"moves. You have {budget} shots; an invalid action also uses one, and the submarine moves on.")
        check = {"start": start, "speed": speed, "low": low, "stretch": n, "top_speed": top, "budget": budget}
        return self.draft(question, f"fire {start}", check)

    def effort(self, problem):
        # the shots the policy's plan needs at most (each one halving the candidate pairs), plus the
        # (start, velocity) pairs it tracks
        c = problem.check
        return shot_bound(c["stretch"], c["top_speed"]) + c["stretch"] * (2 * c["top_speed"] + 1)

    def start(self, problem):
        return {"shots": []}  # [turn, position, reply] of every miss

    def act(self, problem, state, text):
        c = problem.check
        m = _FIRE.match(text)
        if not m:
            return f"Invalid action: {self.invalid_hint}.", None
        x, turn = int(m.group(1)), state["turn"]
        where = c["start"] + c["speed"] * (turn - 1)
        if x == where:
            return f"Fire at {x}: hit!", WIN
        reply = "east" if where > x else "west"
        state["shots"].append([turn, x, reply])
        return f"Fire at {x}: miss; the submarine is {reply} of {x}.", None

    def unsolved(self, problem, state):
        c = problem.check
        return f"the submarine started at {c['start']} with velocity {c['speed']}."

    def plan(self, problem, state):
        c = problem.check
        starts, speeds = candidates(c["low"], c["stretch"], c["top_speed"], state["shots"])
        if len(starts) == 0:  # the replies contradict each other: cannot happen with true sonar
            return f"fire {c['low']}"
        now = np.sort(starts + speeds * state["turn"])  # positions at the next turn, turn + 1
        return f"fire {int(now[(len(now) - 1) // 2])}"
