"""Case and punctuation: a text held to letter case, sentence marks, commas and digits."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class CaseAndPunctuation(InstructionTask):
    """Write a text under rules of case (all lowercase, all capitals, capitalised words counted) and
    punctuation (every sentence ending with '!' or '?', questions counted, commas and digits
    counted or banned, a banned character). Higher levels add rules (1 at level 1, 8 at 10, 12 at
    20) and tighten the bounds."""

    name = "instructions/case_and_punctuation"
    situations = ("Write an excited message to a friend about {topic}.", "Write a shout-out for a poster about {topic}.",
                  "Write a short speech about {topic}.")
    anchors = ("words_exact", "start_end")
    pool = ("lowercase_all", "uppercase_all", "capital_words", "sentence_marks", "questions_exact", "no_commas",
            "commas_exact", "no_digits", "digits_exact", "no_char", "sentences_exact", "letter_exact",
            "words_at_least", "highlights")
