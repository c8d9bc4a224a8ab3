"""Key-value lines: 'key: value' lines for given keys in order, each value of its kind."""
from procgym import register

from ._instruction_task import InstructionTask, instruction_knobs
from ._records import FieldsPlan, write_kv


@register
class KeyValueLines(InstructionTask):
    """Answer with 'key: value' lines and nothing else: the keys given, in order, each value of its
    kind (a whole number, one word, yes or no), plus rules on values: an exact number, a range, an
    initial letter, a word length, a yes or no. Higher levels add keys and rules (1 at level 1, 6 at
    level 10, every rule of the pool from 13: the pool has one rule of each kind, so it stops
    there); tighter ranges and more keys keep levels 13-20 harder."""

    name = "instructions/key_value_lines"
    situations = ("Fill in a settings file for an app about {topic}.", "Write the record card of {topic}.",
                  "Write a configuration for an event about {topic}.")
    anchors = ("kv_shape",)
    pool = ("kv_sum", "kv_range", "kv_letter", "kv_yes_count", "kv_long_word", "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(rules=[1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8],
                              size_doc="keys, as 3 + n // 2")

    def make_plan(self, rng, params):
        return FieldsPlan(rng, 3 + params["sentences"] // 2, 1)

    def write(self, plan):
        return write_kv(plan)
