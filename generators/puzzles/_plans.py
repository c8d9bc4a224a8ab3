"""Plans for the step-by-step puzzles (water jugs, river crossing, Hanoi variants, peg solitaire,
sliding tiles, Sokoban): reading a list of steps or a string of move letters, and the rule for
plans that need not be the shortest: a plan ends when the goal is reached. One that reaches the
goal and goes on is two answers in one (a solution, then moves that happen not to undo it) and
is refused. (Where the fewest steps are required, the count already refuses it.)

    read_steps("fill A, pour A B", "step")        # ["fill A", "pour A B"]
    read_move_letters("R R U, L")                  # "RRUL"
    beyond_goal(3, 5, "step")                      # the feedback for steps after the goal
    ordinal_list(["A", "B", "C"])                 # "A, B and C"
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, read_items

MAX_STEPS = 2_000  # steps of one plan: longer lists are refused before any work
_MOVE_LETTERS = re.compile(r"[UDLR]+")
_GAPS = re.compile(r"[ ,;]+")


def read_steps(text: str, what: str = "step") -> list[str]:
    """The items of a comma-separated plan (one optional pair of brackets around it), stripped;
    an empty item, an empty plan or more than MAX_STEPS steps is refused."""
    if text.count(",") >= MAX_STEPS:
        raise NotAnAnswer(f"the plan has more than {MAX_STEPS} {what}s")
    return read_items(text)


def read_move_letters(text: str) -> str:
    """The moves of a plan written as the letters U, D, L, R (sliding tiles, Sokoban), upper-
    cased, on one line: spaces, commas or semicolons between letters are tolerated. A line
    break is refused (two lines are two candidates), and so is any other character."""
    if "\n" in text.strip():
        raise NotAnAnswer("write the moves on one line")
    letters = _GAPS.sub("", text.upper())
    if len(letters) > MAX_STEPS:
        raise NotAnAnswer(f"the plan has more than {MAX_STEPS} moves")
    if not _MOVE_LETTERS.fullmatch(letters):
        bad = next((ch for ch in letters if ch not in "UDLR"), "")
        raise NotAnAnswer(f"{preview(bad)} is not a move: use only the letters U, D, L and R")
    return letters


def beyond_goal(done: int, given: int, what: str = "step") -> str:
    """The feedback for a plan whose goal is reached at `done` of its `given` steps."""
    more = given - done
    follow = f"1 more {what} follows" if more == 1 else f"{more} more {what}s follow"
    return f"The goal is reached after {what} {done}, but {follow}: give one plan that ends when the goal is reached."


def ordinal_list(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
