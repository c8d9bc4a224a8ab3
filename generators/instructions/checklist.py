"""Checklist: a to-do list of '- [ ] ' and '- [x] ' items, with counts of done items and rules on the items."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import ItemPlan, write_checklist


@register
class Checklist(InstructionTask):
    """Answer with a checklist and nothing else: an exact number of '- [ ] ' (open) and '- [x] '
    (done) items, each ending with a full stop, plus rules on how many are done, done items first,
    item lengths, initial letters, a keyword in every item and case. Higher levels add items and
    rules (1 at level 1, 8 at level 10, 10 from 14: the most the pool allows together) and
    tighten the bounds."""

    name = "instructions/checklist"
    situations = ("Write a to-do checklist for {topic}.", "Write the checklist of a volunteer preparing {topic}.",
                  "Write a progress checklist for a project about {topic}.")
    anchors = ("checklist_shape",)
    pool = ("checklist_done", "checklist_done_first", "checklist_both", "checklist_max_words", "checklist_initial",
            "checklist_keyword", "checklist_lower", "checklist_distinct_first", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 10, 10, 10, 10, 10],
                              size_doc="items of the checklist")

    def make_plan(self, rng, params):
        labels = ["x" if rng.random() < 0.5 else "" for _ in range(params["sentences"])]
        return ItemPlan(rng, params["sentences"], labels)

    def write(self, plan):
        return write_checklist(plan)
