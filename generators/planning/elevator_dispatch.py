"""Elevator dispatch: move a lift between floors to carry every waiting passenger to their floor."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Tool, TurnBudgetTask

from ._plans import budget_for

_UP = re.compile(r"^(?:(?:go|move)\s+)?up(?:\s+one floor)?$")
_DOWN = re.compile(r"^(?:(?:go|move)\s+)?down(?:\s+one floor)?$")
_OPEN = re.compile(r"^(?:open|stop|open doors|open the doors)$")


def stop(check: dict, state: dict) -> tuple[list[int], list[int]]:
    """Who leaves and who boards if the doors open now: riders for this floor leave, then people
    waiting here board in list order while there is room."""
    floor, riding = state["floor"], state["riding"]
    leaving = [p for p in riding if check["to"][p] == floor]
    room = check["capacity"] - len(riding) + len(leaving)
    boarding = [p for p in state["waiting"] if check["from"][p] == floor][:max(0, room)]
    return leaving, boarding


def scan_action(check: dict, state: dict) -> str | None:
    """The SCAN (elevator algorithm) policy: stop where someone leaves or can board; otherwise keep
    going the way the lift last went while any call (a rider's floor, or a waiting person's floor
    while there is room) lies that way, else turn round. None when nobody is left to carry."""
    leaving, boarding = stop(check, state)
    if leaving or boarding:
        return "open"
    room = len(state["riding"]) < check["capacity"]
    calls = [check["to"][p] for p in state["riding"]] + ([check["from"][p] for p in state["waiting"]] if room else [])
    if not calls:
        return None
    floor, going_up = state["floor"], state["up"]
    ahead = [c for c in calls if (c > floor if going_up else c < floor)]
    if ahead:
        return "up" if going_up else "down"
    return "down" if going_up else "up"


@register
class ElevatorDispatch(TurnBudgetTask):
    """A lift in a building of several floors, with passengers waiting on some floors, each going to
    another floor; the lift holds a limited number of people. Each turn the lift goes up one floor,
    goes down one floor, or opens its doors (riders for that floor get out, then people waiting
    there get in, in list order, while there is room). Deliver everyone within a turn budget: the
    turns the SCAN policy (keep going one way while there are calls ahead, stop wherever someone
    gets out or in) needs, plus slack, so with no slack the agent must plan at least as well as
    SCAN. Higher levels: taller buildings, more passengers, a smaller lift (so the order of
    pick-ups matters) and no slack."""

    name = "planning/elevator_dispatch"
    knobs = (
        Knob("floors", [4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (2, 40),
             doc="floors in the building"),
        Knob("passengers", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 12, 12], (1, 20),
             doc="people to carry"),
        Knob("capacity", [4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1], (1, 20),
             doc="people the lift holds"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="turns allowed beyond the SCAN policy's, as a percent of them (rounded up)"),
    )
    answer_format = "an action: up, down or open"
    example = "sideways"  # not a lift move
    tools = (Tool("up", "Move the lift up one floor.", "up"),
             Tool("down", "Move the lift down one floor.", "down"),
             Tool("open", "Open the doors: riders for this floor get out, then waiting people get in.", "open"))
    lowercase = True
    invalid_hint = "write up, down or open"

    def build(self, rng, params):
        floors, n = params["floors"], params["passengers"]
        origin, target = [], []
        for _ in range(n):
            a, b = rng.sample(range(1, floors + 1), 2)
            origin.append(a)
            target.append(b)
        start = rng.randint(1, floors)
        check = {"floors": floors, "from": origin, "to": target, "capacity": min(params["capacity"], n),
                 "start": start, "budget": 10 ** 6}
        steps = self.scan_line(check)
        check["budget"] = budget_for(len(steps), params["slack_percent"])
        check["scan_turns"] = len(steps)
        people = "\n".join(f"- Passenger {p + 1} waits on floor {a} and wants floor {b}."
                           for p, (a, b) in enumerate(zip(origin, target)))
        question = (
            f"Elevator dispatch. A building has floors 1 to {floors}. The lift is on floor {start} with "
            f"its doors shut and holds at most {check['capacity']} "
            f"{'person' if check['capacity'] == 1 else 'people'}.\n{people}\n\n"
            f"Each turn, the lift goes up one floor, goes down one floor, or opens its doors (open): "
            f"riders for this floor get out, then people waiting on this floor get in, lowest passenger "
            f"number first, while there is room. Carry every passenger to their floor. An invalid "
            f"action still uses a turn. You have {check['budget']} turns.\n\n"
            f"{self.describe(check, self.start_of(check))}")
        return self.draft(question, "\n".join(steps), check)

    @staticmethod
    def start_of(check) -> dict:
        return {"floor": check["start"], "riding": [], "waiting": list(range(len(check["from"]))),
                "up": check["start"] < check["floors"]}

    def scan_line(self, check) -> list[str]:
        state, steps = self.start_of(check), []
        while True:
            action = scan_action(check, state)
            if action is None:
                return steps
            steps.append(action)
            self.apply(check, state, action)

    @staticmethod
    def apply(check, state, action) -> str:
        if action == "open":
            leaving, boarding = stop(check, state)
            state["riding"] = [p for p in state["riding"] if p not in leaving] + boarding
            state["waiting"] = [p for p in state["waiting"] if p not in boarding]
            said = []
            if leaving:
                said.append("passenger" + ("s " if len(leaving) > 1 else " ") + ", ".join(str(p + 1) for p in leaving)
                            + " got out")
            if boarding:
                said.append("passenger" + ("s " if len(boarding) > 1 else " ") + ", ".join(str(p + 1) for p in boarding)
                            + " got in")
            return f"The doors open on floor {state['floor']}: {' and '.join(said) or 'nobody moves'}."
        state["floor"] += 1 if action == "up" else -1
        state["up"] = action == "up"
        return f"The lift goes {action} to floor {state['floor']}."

    @staticmethod
    def describe(check, state) -> str:
        riding = ", ".join(str(p + 1) for p in state["riding"]) or "nobody"
        waiting = "; ".join(f"{p + 1} on floor {check['from'][p]}" for p in state["waiting"]) or "nobody"
        return f"Lift on floor {state['floor']}. Riding: {riding}. Waiting: {waiting}."

    def effort(self, problem):
        # the SCAN policy's turns, plus the calls it weighs at every turn
        c = problem.check
        return c["scan_turns"] + len(c["from"])

    def start(self, problem):
        return self.start_of(problem.check)

    def act(self, problem, state, text):
        check = problem.check
        if _OPEN.match(text):
            action = "open"
        elif _UP.match(text):
            if state["floor"] == check["floors"]:
                return "The lift is on the top floor.", None
            action = "up"
        elif _DOWN.match(text):
            if state["floor"] == 1:
                return "The lift is on floor 1.", None
            action = "down"
        else:
            return f"Invalid action: {self.invalid_hint}.", None
        observation = self.apply(check, state, action)
        if not state["riding"] and not state["waiting"]:
            return f"{observation} Every passenger has arrived.", WIN
        return observation, None

    def view(self, problem, state):
        return self.describe(problem.check, state)

    def unsolved(self, problem, state):
        return "some passengers were not delivered."

    def plan(self, problem, state):
        return scan_action(problem.check, state) or "open"
