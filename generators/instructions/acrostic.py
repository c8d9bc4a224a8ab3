"""Acrostic: lines whose first letters spell a word, with further rules on the lines."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class Acrostic(InstructionTask):
    """Write an acrostic: one sentence per line, the first letters of the lines spelling a given
    word, under word counts, case, keywords, banned letters and word-length rules. Higher levels
    add rules (2 at level 1, 8 at 10, 12 at 20), longer words and tighter bounds."""

    name = "instructions/acrostic"
    situations = ("Write an acrostic poem about {topic}.", "Write an acrostic greeting about {topic}.")
    anchors = ("words_exact",)
    must = ("acrostic_lines",)
    pool = ("lowercase_all", "uppercase_all", "keyword_exact", "lipogram", "max_word_letters", "sentence_marks",
            "no_commas", "letter_at_least", "forbidden_words", "sentence_max_words", "palindromes", "max_repeat",
            "highlights", "placeholders")
