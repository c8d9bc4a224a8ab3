"""Email reply: a reply with a fixed greeting and sign-off, paragraphs, a P.S. and placeholders."""
from procgym import register

from . import _prose_rules  # noqa: F401  (registers the rules named in the pool)
from ._instruction_task import InstructionTask


@register
class EmailReply(InstructionTask):
    """Write an email reply that starts and ends with given phrases (its greeting and sign-off), has
    an exact number of paragraphs and a P.S., plus rules an email template needs: [placeholders],
    questions back to the sender, keywords in order, sentence lengths, commas, a word range.
    Higher levels add rules (3 at level 1, 8 at level 10, 12 at 20) and tighten the bounds."""

    name = "instructions/email_reply"
    situations = ("Write a reply to a friend's email about {topic}.", "Write a reply to a customer asking about {topic}.",
                  "Write a reply to your manager's email about {topic}.")
    anchors = ("start_end",)
    must = ("paragraphs_exact", "postscript")
    pool = ("placeholders", "questions_exact", "keyword_order", "sentence_max_words", "commas_exact",
            "words_between", "forbidden_words", "no_digits", "keyword_exact", "highlights", "max_repeat",
            "sentences_at_most")
