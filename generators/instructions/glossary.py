"""Glossary: 'term: definition' lines for given terms, sorted, with rules on the definitions."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import ItemPlan, write_glossary
from ._writer import KEYWORDS


@register
class Glossary(InstructionTask):
    """Answer with a glossary and nothing else: one 'term: definition.' line for each of the terms
    given, plus rules: alphabetical order, terms in capitals, no definition using its own term,
    definition lengths, initial letters, a keyword in every definition, lowercase definitions.
    Higher levels add terms and rules (1 at level 1, 8 at level 10, 9 from 12:
    the most the pool allows together)."""

    name = "instructions/glossary"
    situations = ("Write a glossary for a booklet about {topic}.", "Define the key terms of a guide to {topic}.",
                  "Write the word list at the back of a children's book about {topic}.")
    anchors = ("glossary_shape",)
    pool = ("glossary_sorted", "glossary_no_self", "glossary_capital", "glossary_max_words", "glossary_initial",
            "glossary_keyword", "glossary_lower", "glossary_distinct_first", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9],
                              size_doc="terms of the glossary")

    def make_plan(self, rng, params):
        return ItemPlan(rng, params["sentences"], rng.sample(KEYWORDS, params["sentences"]))

    def write(self, plan):
        return write_glossary(plan)
