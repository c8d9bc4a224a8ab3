"""Titled memo: a memo framed by a <<title>> line and a P.S., with rules on its body."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class TitledMemo(InstructionTask):
    """Write a memo that opens with a title line in double angular brackets and closes with a
    'P.S.' paragraph, under rules on its paragraphs, paragraph openings, placeholders, highlights,
    capitals, keywords and an end phrase (which the postscript must then end with). Higher levels
    add rules (3 at level 1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/titled_memo"
    situations = ("Write an office memo about {topic}.", "Write a notice for a club about {topic}.",
                  "Write a short announcement about {topic}.")
    anchors = ("words_exact",)
    must = ("title", "postscript")
    pool = ("paragraphs_exact", "para_first_word", "placeholders", "highlights", "capital_words", "keyword_exact",
            "end_phrase", "words_between", "sentences_exact", "bullets_exact", "uppercase_all", "no_commas",
            "forbidden_words", "letter_at_least")
