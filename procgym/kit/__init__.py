"""The task author's toolkit: one place for reading, grading and formatting answers.

    from procgym.kit import normalize, read_int, read_list, grade_number, grade_set, plural

- `normalize`: the one normalisation pass (Unicode, minus signs, spaces, wrappers, full stop).
- readers (`read_*`, `is_none`, `split_top`, `strip_brackets`): strict, whole-answer readers
  that raise `NotAnAnswer` with a one-sentence reason.
- graders (`grade_*`): read and compare, returning a Verdict.
- text (`plural`, `frac_text`, `decimal_text`, `number_text`, `money_text`, `clock_text`, `table`).
- tools (`Tool`, `Param`, `read_tool_call`, `to_action`): an interactive task's actions as typed
  function calls with OpenAI schemas (see procgym.kit.tools).
- `TurnBudgetTask`: the base class of interactive tasks (see procgym.kit.interactive).
"""
import types

from .graders import (grade_assignment, grade_expression, grade_fraction, grade_grid, grade_int, grade_list,
                      grade_none, grade_number, grade_sequence, grade_set, refused)
from .normalize import normalize
from .readers import (HEDGES, NONE_WORDS, NotAnAnswer, bracketed_groups, is_none, label_key, preview, read_choice,
                      read_expression, read_grid, read_int, read_int_list, read_items, read_labelled, read_list,
                      read_names, read_number, read_parts, read_rhs, read_set, read_token, read_value, read_yes_no,
                      refuse_hedges, split_assignment, split_top, strip_brackets)
from .tools import SUBMIT_ANSWER, Param, Tool, ToolCall, ToolCallError, read_tool_call, to_action
from .text import (clock_text, decimal_text, drawn_example, frac_text, is_terminating, money_text, number_text,
                   plural, table)

_INTERACTIVE = ("LOSE", "MAX_ACTION_CHARS", "WIN", "TurnBudgetTask")


def __getattr__(name):
    # procgym.task imports this package for `normalize`; the interactive base imports procgym.task,
    # so it is loaded on first use rather than at import
    if name in _INTERACTIVE:
        from . import interactive

        return getattr(interactive, name)
    raise AttributeError(f"module 'procgym.kit' has no attribute {name!r}")


# the public names: everything imported above (not the submodules themselves), plus the lazy ones
__all__ = [name for name, value in globals().items()
           if not name.startswith("_") and not isinstance(value, types.ModuleType)] + list(_INTERACTIVE)
