"""Two responses: two different answers separated by a ****** line, under shared rules."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class TwoResponses(InstructionTask):
    """Give two different responses separated by a line of six asterisks, under rules that count
    over the whole text (words, sentences, keywords, bullets, case, punctuation). Higher levels add
    rules (2 at level 1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/two_responses"
    situations = ("Give two different short answers to a friend asking about {topic}.",
                  "Write two alternative openings for an article about {topic}.")
    anchors = ("words_exact", "start_end")
    must = ("two_responses",)
    pool = ("sentences_exact", "paragraphs_exact", "keyword_exact", "bullets_exact", "keyword_each_bullet",
            "lowercase_all", "uppercase_all", "no_commas", "sentence_marks", "postscript", "words_at_most",
            "forbidden_words", "letter_exact", "palindromes")
