"""procgym.kit.tools: typed tools, strict call reading, and the env's tool-call path."""
import json

import pytest

import procgym
from procgym.kit.tools import SUBMIT_ANSWER, Param, Tool, ToolCall, ToolCallError, read_tool_call, to_action

PRESS = Tool("press", "Press a light.", "press {row} {col}",
             (Param("row", "integer", "row"), Param("col", "integer", "column")))
WEIGH = Tool("weigh", "Weigh coins.", "weigh {left} against {right}",
             (Param("left", "array", "coins on the left", items="integer", sep=","),
              Param("right", "array", "coins on the right", items="integer", sep=",")))
POUR = Tool("pour", "Pour one jug into another.", "pour {source} into {target}",
            (Param("source", "string", "jug", enum=("A", "B")), Param("target", "string", "jug", enum=("A", "B"))))


def test_schema_is_openai_function_shape():
    s = PRESS.schema()
    assert s["type"] == "function"
    assert s["function"]["name"] == "press"
    assert s["function"]["parameters"] == {
        "type": "object", "properties": {"row": {"type": "integer", "description": "row"},
                                         "col": {"type": "integer", "description": "column"}},
        "required": ["row", "col"], "additionalProperties": False}
    assert WEIGH.schema()["function"]["parameters"]["properties"]["left"]["items"] == {"type": "integer"}
    assert POUR.schema()["function"]["parameters"]["properties"]["source"]["enum"] == ["A", "B"]


@pytest.mark.parametrize("call", [
    {"name": "press", "arguments": {"row": 1, "col": 2}},
    {"name": "press", "arguments": '{"row": 1, "col": 2}'},
    {"type": "function", "function": {"name": "press", "arguments": '{"row": 1, "col": 2}'}},
    {"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "press", "arguments": {"row": 1, "col": 2}}}]},
    '{"name": "press", "arguments": {"row": 1, "col": 2}}',
    '<tool_call>\n{"name": "press", "arguments": {"row": 1, "col": 2}}\n</tool_call>',
])
def test_every_call_shape_gives_the_same_action(call):
    assert to_action([PRESS], read_tool_call(call)) == "press 1 2"


def test_arrays_and_enums():
    assert to_action([WEIGH], ToolCall("weigh", {"left": [1, 2], "right": [3, 4]})) == "weigh 1,2 against 3,4"
    assert to_action([POUR], ToolCall("pour", {"source": "A", "target": "B"})) == "pour A into B"
    with pytest.raises(ToolCallError, match="must be one of A, B"):
        to_action([POUR], ToolCall("pour", {"source": "C", "target": "B"}))
    with pytest.raises(ToolCallError, match="array of integers"):
        to_action([WEIGH], ToolCall("weigh", {"left": [1, "2"], "right": [3]}))


@pytest.mark.parametrize("arguments, message", [
    ({"row": 1}, "Missing argument 'col' of press."),
    ({"row": 1, "col": 2, "colour": 3}, "Unknown argument 'colour' of press; it takes col, row."),
    ({"row": "1", "col": 2}, "Argument 'row' of press must be an integer, got '1'."),
    ({"row": True, "col": 2}, "Argument 'row' of press must be an integer, got true."),
    ({"row": 1.5, "col": 2}, "Argument 'row' of press must be an integer, got 1.5."),
])
def test_bad_arguments_are_named(arguments, message):
    with pytest.raises(ToolCallError) as err:
        to_action([PRESS], ToolCall("press", arguments))
    assert str(err.value) == message


def test_unknown_tool_lists_the_tools():
    with pytest.raises(ToolCallError, match="Unknown tool 'jump'; the tools are: press, pour."):
        to_action([PRESS, POUR], ToolCall("jump", {}))


@pytest.mark.parametrize("text", ["press 1 2", "{1, 2}", '{"a": 1}', "[1, 2]", "{not json", "", "x" * 30000])
def test_plain_text_is_not_a_call(text):
    assert read_tool_call(text) is None


@pytest.mark.parametrize("call, message", [
    ("<tool_call>{oops</tool_call>", "not valid JSON"),
    ({"tool_calls": []}, "exactly one tool call"),
    ({"tool_calls": [{"name": "a"}, {"name": "b"}]}, "exactly one tool call"),
    ({"name": "", "arguments": {}}, "no tool name"),
    ({"name": "press", "arguments": "[1]"}, "must be a JSON object"),
    ({"name": "press", "arguments": "{bad"}, "not valid JSON"),
    ('<tool_call>' + "[" * 100000 + '</tool_call>', "longer than"),
    ({"name": "press", "arguments": {"row": "1\n2", "col": 1}}, "must be an integer"),
])
def test_malformed_calls_say_why(call, message):
    with pytest.raises(ToolCallError, match=message):
        to_action([PRESS], read_tool_call(call))


def test_strings_must_be_one_line():
    with pytest.raises(ToolCallError, match="on one line"):
        SUBMIT_ANSWER.to_action({"answer": "3\n4"})


@pytest.mark.parametrize("tool, text, arguments", [
    (PRESS, "press 1 2", {"row": 1, "col": 2}),
    (PRESS, "press -1 22", {"row": -1, "col": 22}),
    (WEIGH, "weigh 1,2 against 3", {"left": [1, 2], "right": [3]}),
    (POUR, "pour A into B", {"source": "A", "target": "B"}),
])
def test_match_inverts_the_template(tool, text, arguments):
    assert tool.match(text) == arguments
    assert tool.to_action(tool.match(text)) == text


@pytest.mark.parametrize("text", ["press 1", "press 1 2 3", "press a 2", "push 1 2"])
def test_match_refuses_other_text(text):
    assert PRESS.match(text) is None


def test_single_answer_env_takes_submit_answer():
    env = procgym.make("number_theory/gcd_lcm", max_turns=3, feedback="binary")
    _, info = env.reset(seed=3)
    assert [s["function"]["name"] for s in env.tool_schemas()] == ["submit_answer"]
    obs, reward, terminated, truncated, _ = env.step({"name": "submit_answer", "arguments": {"answr": "1"}})
    assert (obs, reward, terminated) == ("Unknown argument 'answr' of submit_answer; it takes answer. Try again.", 0.0, False)
    answer = info["problem"]["answer"]
    obs, reward, terminated, _, info = env.step(json.dumps({"name": "submit_answer", "arguments": {"answer": answer}}))
    assert (obs, reward, terminated) == ("Correct.", 1.0, True)
    assert info["turn"] == 2


def test_submit_answer_is_read_like_a_marked_answer():
    p = procgym.generate("number_theory/gcd_lcm", seed=3)
    for style in ("tag", "boxed", "raw"):
        env = procgym.make("number_theory/gcd_lcm", answer_style=style)
        env.reset(seed=3)
        _, reward, *_ = env.step({"name": "submit_answer", "arguments": {"answer": p.answer}})
        assert reward == 1.0, style


def test_an_unmarked_reply_costs_a_turn_and_restates_the_budget():
    env = procgym.make("games/mastermind", difficulty=2)
    _, info = env.reset(seed=5)
    budget = info["problem"]["check"]["budget"]
    for turn in range(1, budget + 1):
        obs, reward, terminated, truncated, _ = env.step("I am thinking about it.")
        assert obs.startswith("No action found: mark your action with <answer></answer> tags.")
        if turn < budget:
            assert obs.endswith(f"Guesses left: {budget - turn}.") and not terminated
    assert terminated and not truncated and reward == 0.0 and "Out of guesses" in obs
