"""FAQ pairs: question and answer lines ('Q: ' then 'A: ') with rules on the questions and the answers."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import ItemPlan, write_faq


@register
class FaqPairs(InstructionTask):
    """Answer with a FAQ and nothing else: exactly n pairs of a 'Q: ' line ending in '?' and an
    'A: ' line ending in '.', plus rules: the words questions may start with, answers longer than
    their questions, answer lengths, initial letters, a keyword in every answer, lowercase. Higher
    levels add pairs and rules (1 at level 1, 8 at level 10, 9 from 12: the most the pool allows
    together)."""

    name = "instructions/faq_pairs"
    situations = ("Write a short FAQ for visitors of {topic}.", "Write frequently asked questions about {topic}.",
                  "Write a question and answer sheet about {topic}.")
    anchors = ("faq_shape",)
    pool = ("faq_openers", "faq_answer_longer", "faq_max_words", "faq_initial", "faq_keyword", "faq_lower",
            "faq_distinct_first", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9],
                              sentences=[3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11],
                              size_doc="question and answer pairs")

    def make_plan(self, rng, params):
        return ItemPlan(rng, params["sentences"])

    def write(self, plan):
        return write_faq(plan)
