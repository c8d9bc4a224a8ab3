"""Letter play: a text held to rules on letters: a banned letter, letter counts, palindromes."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class LetterPlay(InstructionTask):
    """Write a text under rules on letters: a letter it must never use, how often a letter appears,
    palindrome words, word lengths in letters, doubled words and letter case. Each placed word
    must also avoid the banned letter and fit the length bounds. Higher levels add rules (1 at level
    1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/letter_play"
    situations = ("Write a word puzzle text about {topic}.", "Write a playful riddle-like note about {topic}.",
                  "Write a tongue twister story about {topic}.")
    anchors = ("words_exact", "start_end")
    pool = ("lipogram", "letter_exact", "letter_at_least", "palindromes", "max_word_letters", "min_word_letters",
            "doubled_words", "uppercase_all", "lowercase_all", "capital_words", "keyword_exact", "no_char",
            "max_repeat", "sentences_at_most")
