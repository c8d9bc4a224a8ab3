"""Nested list: a two-level list with an exact number of sub-items under each item."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import ItemPlan, nested_labels, write_nested


@register
class NestedList(InstructionTask):
    """Answer with a two-level list and nothing else: exactly k items ('- ') with a given number of
    sub-items ('  - ') under each, every item ending with a full stop, plus rules: short items and
    longer sub-items, sub-item lengths, initial letters, a keyword in every sub-item, lowercase.
    Higher levels add items and rules (1 at level 1, 7 from level 10: the most the pool allows
    together); from there more items and tighter bounds keep levels growing."""

    name = "instructions/nested_list"
    situations = ("Write an outline, as a nested list, of {topic}.", "Write a plan with sub-points for {topic}.",
                  "Write the table of contents, with subsections, of a booklet about {topic}.")
    anchors = ("nested_shape",)
    pool = ("nested_top_short", "nested_max_words", "nested_initial", "nested_keyword", "nested_lower",
            "nested_distinct_first", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
                              sentences=[3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9],
                              size_doc="top-level items (each with 1 to 3 sub-items)")

    def make_plan(self, rng, params):
        labels = nested_labels(rng, params["sentences"])
        return ItemPlan(rng, len(labels), labels)

    def write(self, plan):
        return write_nested(plan)
