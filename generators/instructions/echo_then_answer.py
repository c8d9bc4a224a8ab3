"""Echo then answer: repeat the request word for word, then answer under further rules."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class EchoThenAnswer(InstructionTask):
    """Repeat a given request word for word as the first paragraph, then answer it under rules on
    paragraphs, paragraph openings, placeholders, a postscript, an end phrase, capitals and
    keywords; the repeated request counts in every rule that counts over the whole text. Higher
    levels add rules (2 at level 1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/echo_then_answer"
    situations = ("Answer a customer's message about {topic}.", "Reply to a reader's question about {topic}.",
                  "Answer a request from a colleague about {topic}.")
    anchors = ("words_exact",)
    must = ("echo_request",)
    pool = ("paragraphs_exact", "para_first_word", "placeholders", "postscript", "end_phrase", "capital_words",
            "keyword_exact", "sentences_at_most", "forbidden_words", "highlights", "no_digits", "no_commas",
            "bullets_exact", "letter_exact")
