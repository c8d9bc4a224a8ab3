"""Keyword weaving: a text that uses given words a set number of times and avoids others."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class KeywordWeaving(InstructionTask):
    """Write a text that uses keywords an exact or minimum number of times, includes a phrase,
    avoids forbidden words and a letter, and has palindromes and doubled words where asked. Higher
    levels add rules (1 at level 1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/keyword_weaving"
    situations = ("Write a short story about {topic}.", "Write a diary entry about {topic}.",
                  "Write a postcard message about {topic}.")
    anchors = ("words_exact", "start_end")
    pool = ("keyword_exact", "keyword_at_least", "phrase_included", "forbidden_words", "lipogram", "palindromes",
            "doubled_words", "letter_exact", "letter_at_least", "max_repeat", "words_between", "sentences_at_most",
            "max_word_letters", "no_char")
