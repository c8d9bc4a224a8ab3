"""CSV output: a header line and rows of comma-separated cells with typed columns."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import FieldsPlan, write_csv


@register
class CsvOutput(InstructionTask):
    """Answer with CSV and nothing else: the header line given, exactly n rows, every cell of its
    column's kind (a whole number, one word, yes or no), plus rules on columns: increasing order, a
    sum, a range, an initial letter, a count of yes, distinct cells. Higher levels add rows, columns
    and rules (1 at level 1, 6 at level 10, 9 from 15: the most the pool allows together)."""

    name = "instructions/csv_output"
    situations = ("Export a small data sheet about {topic} as CSV.", "Write a CSV file listing items for {topic}.",
                  "Write the rows of a spreadsheet about {topic} as CSV.")
    anchors = ("csv_shape",)
    pool = ("csv_sorted", "csv_sum", "csv_range", "csv_letter", "csv_yes_count", "csv_distinct", "chars_at_most",
            "forbidden_words")
    knobs = instruction_knobs(rules=[1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 9, 9, 9, 9],
                              sentences=[3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12],
                              size_doc="rows (columns: 3 + n // 4)")

    def make_plan(self, rng, params):
        return FieldsPlan(rng, 3 + params["sentences"] // 4, params["sentences"])

    def write(self, plan):
        return write_csv(plan)
