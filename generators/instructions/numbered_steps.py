"""Numbered steps: how-to instructions as a numbered list, with rules on steps and sentences."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class NumberedSteps(InstructionTask):
    """Write how-to instructions as a numbered list ('1. ', '2. ', ... in order) with an
    introduction: rules on the number of steps, sentence lengths, questions, keywords, a title, a
    start or end phrase, commas and word lengths. Higher levels add rules (2 at level 1, 8 at 10,
    12 at 20) and tighten the bounds."""

    name = "instructions/numbered_steps"
    situations = ("Write step-by-step instructions for enjoying {topic}.",
                  "Write a numbered guide to preparing for {topic}.", "Write a checklist, in steps, for {topic}.")
    anchors = ("words_exact", "start_end")
    must = ("numbered_exact",)
    pool = ("sentence_max_words", "sentences_exact", "questions_exact", "keyword_exact", "title", "end_phrase",
            "no_commas", "max_word_letters", "postscript", "highlights", "words_at_most", "bullets_exact",
            "uppercase_all", "paragraphs_exact", "letter_at_least")
