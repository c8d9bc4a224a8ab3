"""Word length profile: a text held to counts of long, short and middle-sized words and their average."""
from procgym import register

from . import _prose_rules  # noqa: F401  (registers the rules named in the pool)
from ._instruction_task import InstructionTask


@register
class WordLengthProfile(InstructionTask):
    """Write a text whose words have a given length profile: exact counts of long words (6 or 7
    letters and more) and short words (2 or 3 letters and fewer), a count of 4-5 letter words, an
    average word length range, a shortest word bound, plus a total word count. Higher
    levels add rules (2 at level 1, 8 at level 10, 11 from 15) and tighten the bounds."""

    name = "instructions/word_length_profile"
    situations = ("Write a short description of {topic}.", "Write a postcard about {topic}.",
                  "Write a short announcement about {topic}.")
    anchors = ("words_exact",)
    must = ("long_words",)
    pool = ("short_words", "mid_words_at_least", "average_letters", "min_word_letters",
            "sentences_exact", "forbidden_words", "letter_at_least", "max_repeat", "no_digits", "lowercase_all")
