"""Integer-list answers of the code tasks (printed outputs, a final stack, tape inputs)."""
from __future__ import annotations

from procgym.kit import NotAnAnswer, read_int_list, refused
from procgym.verdict import Verdict, right, wrong





def grade_int_list(answer: str, expected: list[int], what: str) -> Verdict:
    """The integers in order, compared with `expected`; `what` names the list in feedback."""
    try:
        given = read_int_list(answer)
    except NotAnAnswer as exc:
        return refused(exc)
    if given == expected:
        return right()
    if len(given) != len(expected):
        return wrong(f"{what[0].upper() + what[1:]} has {len(expected)} value{'s' if len(expected) != 1 else ''}, "
                     f"not {len(given)}.")
    return wrong(f"That is not {what}.")
