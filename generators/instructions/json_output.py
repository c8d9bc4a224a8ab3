"""JSON output: a JSON object with given keys, value types and rules on the values."""
from procgym import register

from ._formats import FieldPlan, write_json
from ._instruction_task import InstructionTask, instruction_knobs


@register
class JsonOutput(InstructionTask):
    """Answer with one JSON object: exactly the keys asked, each of its type (string, whole number,
    true/false, list of strings), plus rules on the values (word counts, a keyword, list length,
    alphabetical order, initial letters, parity, a range, lowercase, key order). Higher levels add
    keys and rules (1 at level 1, 8 at 10, 13 at 20) and narrow the ranges."""

    name = "instructions/json_output"
    situations = ("Describe {topic} as a JSON record.", "Fill in a JSON profile for {topic}.",
                  "Write the settings for an app about {topic} as a JSON object.")
    anchors = ("json_shape",)
    pool = ("json_key_order", "json_string_words", "json_string_keyword", "json_list_length", "json_list_sorted",
            "json_list_letter", "json_int_parity", "json_int_range", "json_bool", "json_lowercase",
            "forbidden_words", "chars_at_most")
    knobs = instruction_knobs(
        rules=[1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13],
        size_doc="keys of the JSON object, as n // 2 + 2",
        sentences=[4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 14])

    def make_plan(self, rng, params):
        # the sentences knob sets the number of keys here
        return FieldPlan(rng, params["sentences"] // 2 + 2)

    def write(self, plan):
        return write_json(plan)
