"""Placeholders template: a reusable template with [placeholders] and highlighted parts."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class PlaceholdersTemplate(InstructionTask):
    """Write a fill-in template: a counted number of [placeholders] in square brackets, highlighted
    *parts*, a title, a postscript, keywords and word counts. Higher levels add rules (1 at level 1,
    8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/placeholders_template"
    situations = ("Write a fill-in email template about {topic}.", "Write an invitation template for {topic}.",
                  "Write a form letter template about {topic}.")
    anchors = ("words_exact", "start_end")
    pool = ("placeholders", "highlights", "title", "postscript", "keyword_exact", "paragraphs_exact",
            "sentences_exact", "no_digits", "words_at_most", "bullets_exact", "lowercase_all", "max_repeat",
            "letter_at_least", "end_phrase")
