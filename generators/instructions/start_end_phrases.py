"""Start and end phrases: a text whose opening, closing and paragraph openings are fixed."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class StartEndPhrases(InstructionTask):
    """Write a text that begins and ends with given words, or starts with a title or the request
    repeated word for word, with paragraph openings, a postscript and an end phrase. Higher levels
    add rules (1 at level 1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/start_end_phrases"
    situations = ("Write a short letter about {topic}.", "Write a speech opening about {topic}.",
                  "Write a reply to a friend who asked about {topic}.")
    anchors = ("start_end", "words_exact")
    pool = ("start_phrase", "end_phrase", "title", "echo_request", "postscript", "para_first_word",
            "paragraphs_exact", "sentences_exact", "keyword_exact", "words_between", "phrase_included",
            "no_commas", "capital_words", "letter_exact")
