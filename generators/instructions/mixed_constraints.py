"""Mixed constraints: any rules of the library together."""
from procgym import register

from ._constraints import TEXT_KINDS
from ._instruction_task import InstructionTask


@register
class MixedConstraints(InstructionTask):
    """Write a text under rules drawn from the whole library (counts, keywords, case, punctuation,
    layout, frame), so that any of them may interact. Higher levels add rules (1 at level 1, 8 at
    level 10, 12 at 20) and tighten the bounds."""

    name = "instructions/mixed_constraints"
    situations = ("Write a short text about {topic}.", "Write a message about {topic}.",
                  "Write a short blog post about {topic}.")
    anchors = ("words_exact", "start_end")
    pool = tuple(k for k in TEXT_KINDS if k not in ("words_exact", "start_end"))
