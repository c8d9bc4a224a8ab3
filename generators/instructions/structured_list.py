"""Structured list: a text built round bullet points and a numbered list."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class StructuredList(InstructionTask):
    """Write a text with bullet points ('- ' lines) and often a numbered list: the number of items,
    a keyword in every bullet, the letter each bullet starts with, the longest bullet, plus word
    counts and a frame. Higher levels add interacting rules (1 at level 1, 8 at 10, 12 at 20) and
    tighten the bounds."""

    name = "instructions/structured_list"
    situations = ("Write a packing list with a short introduction for {topic}.",
                  "Write a list of tips about {topic}.", "Write meeting notes, as a list, about {topic}.")
    anchors = ("words_exact", "start_end")
    must = ("bullets_exact",)
    pool = ("numbered_exact", "keyword_each_bullet", "bullet_initial", "bullet_max_words", "words_at_most",
            "sentences_exact", "title", "end_phrase", "no_commas", "lowercase_all", "max_repeat", "paragraphs_exact",
            "lines_exact", "keyword_exact", "highlights")
