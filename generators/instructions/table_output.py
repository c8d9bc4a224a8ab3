"""Table output: a markdown table with given columns and rows, and rules on its cells."""
from procgym import register

from ._formats import TablePlan, write_table
from ._instruction_task import InstructionTask, instruction_knobs


@register
class TableOutput(InstructionTask):
    """Answer with one markdown table: the header row asked, a separator row and an exact number of
    rows, plus rules on columns (whole numbers, increasing order, a sum, a maximum, distinct cells,
    an initial letter, words per cell). Higher levels add rows, columns and rules (1 at level 1, 8
    at 10, 10 from 16: every rule of the pool) and tighten the bounds."""

    name = "instructions/table_output"
    situations = ("Make a table about {topic}.", "Summarise {topic} in a table.",
                  "Write an inventory table for {topic}.")
    anchors = ("table_shape",)
    pool = ("table_numbers", "table_sorted", "table_sum", "table_max_number", "table_distinct", "table_letter",
            "table_cell_words", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(
        rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 10],
        size_doc="rows of the table (columns: 3 + n // 5)",
        sentences=[3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12])

    def make_plan(self, rng, params):
        # the sentences knob sets the rows here; columns grow with it
        return TablePlan(rng, params["sentences"], 3 + params["sentences"] // 5)

    def write(self, plan):
        return write_table(plan)
