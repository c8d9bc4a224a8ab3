"""The command grammar shared by the tool_use tasks: one command per turn, a tool name followed by
its arguments separated by spaces, read strictly (the exact number of arguments, whole numbers as
digits only), and the finish command that ends an episode by comparing the system's final state
with the goal state."""
from __future__ import annotations

import re

from procgym.kit import LOSE, WIN, Tool

_INT = re.compile(r"\d{1,9}")
_TIME = re.compile(r"(\d{1,2}):(00|30)")
_WORD = re.compile(r"[A-Za-z0-9_./:-]{1,60}")
FINISH_TOOL = Tool("finish", "Say that the goal is reached; this ends the episode and the final state is checked.",
                   "finish", ())


class CommandError(ValueError):
    """A command that cannot be read; the message is one sentence for the agent."""


def read_command(text: str, grammar: dict[str, tuple[str, ...]]) -> tuple[str, list]:
    """(command, arguments) of `text` under `grammar` ({command: argument kinds, each "int" or
    "word", "time" (HH:MM on the hour or half hour) or "list" (words joined by commas)}); whole numbers
    and times (in minutes after midnight) come back as int, lists as lists of words. Raises
    CommandError naming what is wrong."""
    words = text.split(" ")
    command = words[0].lower()
    if command not in grammar:
        raise CommandError(f"unknown command {words[0][:30]!r}; the commands are {', '.join(grammar)}")
    kinds, args = grammar[command], words[1:]
    if len(args) != len(kinds):
        usage = " ".join([command] + [k.upper() for k in kinds])
        raise CommandError(f"{command} takes {len(kinds)} argument{'s' if len(kinds) != 1 else ''}: {usage}")
    out = []
    for kind, arg in zip(kinds, args):
        if kind == "int":
            if not _INT.fullmatch(arg):
                raise CommandError(f"{arg[:30]!r} is not a whole number")
            out.append(int(arg))
        elif kind == "time":
            found = _TIME.fullmatch(arg)
            if not found or int(found.group(1)) > 23:
                raise CommandError(f"{arg[:30]!r} is not a time on the hour or half hour, like 09:30")
            out.append(int(found.group(1)) * 60 + int(found.group(2)))
        elif kind == "list":
            items = arg.split(",")
            if not all(_WORD.fullmatch(item) for item in items):
                raise CommandError(f"{arg[:30]!r} is not a list of names joined by commas")
            out.append(items)
        else:
            if not _WORD.fullmatch(arg):
                raise CommandError(f"{arg[:30]!r} is not a name")
            out.append(arg)
    return command, out


def page_of(lines: list[str], page: int, size: int, what: str) -> str:
    """Page `page` (from 1) of `lines`, `size` to a page, with a header saying how many pages."""
    pages = max(1, -(-len(lines) // size))
    if not 1 <= page <= pages:
        return f"Error: there is no page {page}; the {what} fill {pages} page{'s' if pages != 1 else ''}."
    shown = lines[(page - 1) * size: page * size]
    return f"{what.capitalize()}, page {page} of {pages}:\n" + "\n".join(shown)


def pages_needed(count: int, size: int) -> int:
    return max(1, -(-count // size))


def finish(state_view, goal_view, describe) -> tuple[str, str]:
    """The finish command: WIN when the final state equals the goal state, else LOSE with the
    first difference (`describe(final, goal)` says it in words)."""
    if state_view == goal_view:
        return "Finished: the final state meets the goal.", WIN
    return f"Finished, but the goal is not met: {describe(state_view, goal_view)}.", LOSE


def replayed_effort(task, problem, reads: dict[str, int]) -> int:
    """A task's effort from its reference script: one for each tool call, plus the rows each
    reading command in `reads` shows (its observation's lines less the header lines `reads` gives),
    replayed from the start as the oracle plays it."""
    state, work = task.initial_state(problem), 0
    for line in problem.answer.split("\n"):
        observation, _, _ = task.transition(problem, state, line)
        command = line.split()[0]
        work += 1 + (observation.count("\n") - reads[command] if command in reads else 0)
    return work
