"""Sentence rhythm: sentences alternating short and long, with sentence-level rules."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class SentenceRhythm(InstructionTask):
    """Write a text whose sentences alternate short and long, under rules on the number of
    sentences, question marks, sentence endings, keywords and paragraph counts: each placed word
    must keep every sentence inside its length. Higher levels add rules (2 at level 1, 8 at 10, 12
    at 20) and tighten the bounds."""

    name = "instructions/sentence_rhythm"
    situations = ("Write a short poem in prose about {topic}.", "Write a paragraph with a strong rhythm about {topic}.")
    anchors = ("words_exact", "start_end")
    must = ("alternating",)
    pool = ("sentences_exact", "questions_exact", "sentence_marks", "keyword_exact", "paragraphs_exact",
            "phrase_included", "postscript", "bullets_exact", "no_commas", "placeholders", "doubled_words",
            "lowercase_all", "letter_at_least", "title")
