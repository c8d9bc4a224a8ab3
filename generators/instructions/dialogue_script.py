"""Dialogue script: speaker-labelled lines with a cast, counts per speaker and turn rules."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import ItemPlan, dialogue_labels, write_dialogue


@register
class DialogueScript(InstructionTask):
    """Answer with a short play script and nothing else: exactly n lines 'Name: words.' spoken by a
    given cast, plus rules on how many lines each speaker has, who opens and closes, turns (nobody
    twice in a row), questions, line lengths, initial letters and a keyword in every line. Higher
    levels add lines, speakers (2 to 4) and rules (1 at level 1, 8 at level 10, 11 from 16)."""

    name = "instructions/dialogue_script"
    situations = ("Write a short dialogue between friends about {topic}.",
                  "Write a scene for a radio play set during {topic}.",
                  "Write the script of a short sketch about {topic}.")
    anchors = ("dialogue_shape",)
    pool = ("dialogue_counts", "dialogue_alternate", "dialogue_opener", "dialogue_questions", "dialogue_max_words",
            "dialogue_initial", "dialogue_keyword", "dialogue_lower", "dialogue_distinct_first", "forbidden_words",
            "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 11, 11, 11],
                              size_doc="lines of the script (speakers: 2 + lines // 6)")

    def make_plan(self, rng, params):
        n = params["sentences"]
        return ItemPlan(rng, n, dialogue_labels(rng, n, min(4, 2 + n // 6)))

    def write(self, plan):
        return write_dialogue(plan)
