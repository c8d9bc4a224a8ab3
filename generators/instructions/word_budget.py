"""Word budget: a short text held to counts of words, sentences, paragraphs and letters."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class WordBudget(InstructionTask):
    """Write a short text that keeps counting rules: total words, sentences, paragraphs, characters,
    word lengths and repeats. Higher levels add rules (1 at level 1, 8 at level 10, 12 at 20), write
    longer references and tighten every at-least and at-most bound."""

    name = "instructions/word_budget"
    situations = ("Write a short note about {topic}.", "Write a brief description of {topic}.",
                  "Write a few lines for a newsletter about {topic}.")
    anchors = ("words_exact",)
    pool = ("sentences_exact", "sentences_at_least", "sentences_at_most", "paragraphs_exact", "chars_at_most",
            "max_word_letters", "min_word_letters", "sentence_max_words", "max_repeat", "letter_at_least",
            "forbidden_words", "lines_exact", "keyword_exact", "no_digits", "doubled_words")
