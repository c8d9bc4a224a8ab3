"""Haiku-like lines: short lines with an exact number of words each, and rules on their words."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import ItemPlan, write_plain


@register
class HaikuLikeLines(InstructionTask):
    """Answer with a short poem of exactly n lines whose word counts are given line by line (like a
    haiku counts syllables), plus rules: no punctuation, a given last word on one line, no word
    used twice, initial letters, a keyword in every line, lowercase. Higher levels add lines and
    rules (1 at level 1, 8 from level 10: the most the pool allows together); from there longer
    poems and tighter bounds keep levels growing."""

    name = "instructions/haiku_like_lines"
    situations = ("Write a short poem about {topic}.", "Write a few lines of verse for a card about {topic}.",
                  "Write a minimal poem inspired by {topic}.")
    anchors = ("line_word_counts",)
    pool = ("lines_no_punctuation", "line_end_word", "lines_distinct_words", "plain_initial", "plain_keyword",
            "plain_lower", "plain_distinct_first", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
                              sentences=[3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13],
                              size_doc="lines of the poem")

    def make_plan(self, rng, params):
        return ItemPlan(rng, params["sentences"])

    def write(self, plan):
        return write_plain(plan)
