"""Sectioned document: a text in numbered SECTION parts with a postscript and paragraph rules."""
from procgym import register

from ._instruction_task import InstructionTask


@register
class SectionedDocument(InstructionTask):
    """Write a document split into 'SECTION 1', 'SECTION 2', ... parts, with rules on paragraphs,
    lines, sentences, bullets inside the sections, a postscript and keywords. Higher levels add
    rules (2 at level 1, 8 at 10, 12 at 20) and tighten the bounds."""

    name = "instructions/sectioned_document"
    situations = ("Write a short report in sections about {topic}.", "Write a guide in sections about {topic}.",
                  "Write a plan in sections for {topic}.")
    anchors = ("words_exact",)
    must = ("sections_exact",)
    pool = ("postscript", "paragraphs_exact", "lines_exact", "sentences_exact", "sentences_at_least", "bullets_exact",
            "numbered_exact", "keyword_exact", "end_phrase", "uppercase_all", "highlights", "capital_words",
            "forbidden_words", "words_at_most")
