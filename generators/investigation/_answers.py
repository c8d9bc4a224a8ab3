"""The answer command of the investigation tasks: `answer VALUE` ends the episode, and the value is
judged strictly against the expected one (a whole number read as a number, a name compared
without regard to case or spacing); a hedged or empty value is an invalid command, not a guess.
`ANSWER_TOOL` is that command as a typed tool."""
from __future__ import annotations

import re

from procgym.kit import LOSE, WIN, NotAnAnswer, Param, Tool, normalize, preview, read_int, refuse_hedges

_ANSWER = re.compile(r"^answer(?:\s*[:=]\s*|\s+|$)(.*)$", re.IGNORECASE | re.DOTALL)
_WHOLE = re.compile(r"-?\d+")
ANSWER_TOOL = Tool("answer", "Give the final answer to the question; this ends the game, right or wrong.",
                   "answer {value}", (Param("value", "string", "the answer: one number or one name"),))


def answer_text(text: str) -> str | None:
    """The value of an `answer ...` command (possibly empty), or None when it is another command."""
    m = _ANSWER.match(text)
    return m.group(1).strip() if m else None


def judge(expected: str, given: str) -> tuple[str, str | None]:
    """The answer command: (observation, WIN or LOSE), or (why, None) for a value that is no
    answer at all (empty, hedged, or not a number where a number is asked)."""
    given = normalize(given)
    if not given:
        return "An answer needs a value: answer VALUE.", None
    try:
        refuse_hedges(given)
        if _WHOLE.fullmatch(expected):
            right = read_int(given) == int(expected)
        else:
            right = " ".join(given.lower().split()) == expected.lower()
    except NotAnAnswer as exc:
        return f"Invalid answer: {exc}. Write answer and one value.", None
    if right:
        return f"Correct: the answer is {expected}.", WIN
    return f"Wrong answer {preview(given)}: the answer was {expected}.", LOSE
