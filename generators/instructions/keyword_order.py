"""Keyword order: a text that uses given words once each, in a given order."""
from procgym import register

from . import _prose_rules  # noqa: F401  (registers the rules named in the pool)
from ._instruction_task import InstructionTask


@register
class KeywordOrder(InstructionTask):
    """Write a short text that uses 3 to 5 given words exactly once each and in the order listed,
    plus rules that interact with the placement: a fixed frame or word count, further keywords,
    a phrase, forbidden words, sentence lengths and paragraphs. Higher levels add rules (2 at level
    1, 8 at level 10, 12 at 20), write longer references and tighten the bounds."""

    name = "instructions/keyword_order"
    situations = ("Write a short story about {topic}.", "Write a travel note about {topic}.",
                  "Write a diary entry about {topic}.")
    anchors = ("words_exact", "start_end")
    must = ("keyword_order",)
    pool = ("keyword_exact", "phrase_included", "forbidden_words", "sentence_max_words", "sentences_exact",
            "paragraphs_exact", "no_commas", "lowercase_all", "max_word_letters", "questions_exact", "no_digits",
            "title", "max_repeat", "keyword_at_least")
