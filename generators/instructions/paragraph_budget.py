"""Paragraph budget: paragraphs held to word ranges one by one."""
from procgym import register

from . import _prose_rules  # noqa: F401  (registers the rules named in the pool)
from ._instruction_task import InstructionTask


@register
class ParagraphBudget(InstructionTask):
    """Write a text of an exact number of paragraphs, each within its own range of words (a word
    budget per paragraph), plus rules on sentences, paragraph openings, keywords, case and word
    lengths. Higher levels write longer texts, add rules (2 at level 1, 8 at level 10, 12 at 20) and
    narrow the ranges to exact counts."""

    name = "instructions/paragraph_budget"
    situations = ("Write a short essay about {topic}.", "Write a magazine column about {topic}.",
                  "Write a school report about {topic}.")
    anchors = ("words_exact", "start_end")
    must = ("paragraph_budget",)
    pool = ("sentences_exact", "para_first_word", "keyword_exact", "sentence_max_words", "no_commas",
            "uppercase_all", "max_word_letters", "forbidden_words", "questions_exact", "capital_words",
            "letter_at_least", "no_digits", "max_repeat", "keyword_order")
