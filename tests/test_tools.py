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


def test_strings_must_be_one_line_unless_they_hold_a_whole_answer():
    guess = Tool("guess", "Guess a word.", "{word}", (Param("word", "string", "a word"),))
    with pytest.raises(ToolCallError, match="on one line"):
        guess.to_action({"word": "cat\ndog"})
    assert SUBMIT_ANSWER.to_action({"answer": "1 2\n2 1"}) == "1 2\n2 1"  # a grid answer keeps its rows


def test_submit_answer_carries_a_grid_answer():
    p = procgym.generate("puzzles/latin_square", seed=2, difficulty=1)
    assert "\n" in p.answer
    env = procgym.make("puzzles/latin_square", difficulty=1)
    env.reset(seed=2)
    assert env.step({"name": "submit_answer", "arguments": {"answer": p.answer}})[:3] == ("Correct.", 1.0, True)


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


def test_match_reads_only_enum_values_and_gives_their_own_spelling():
    assert POUR.match("pour a into b") == {"source": "A", "target": "B"}
    assert POUR.match("pour C into B") is None
    move = Tool("move", "Move.", "{direction}", (Param("direction", "string", "way", enum=("up", "down")),))
    refuel = Tool("refuel", "Refuel.", "refuel")
    assert [t.name for t in (move, refuel) if t.match("refuel") is not None] == ["refuel"]
    assert move.match("UP") == {"direction": "up"}
    level = Tool("level", "Pick a level.", "level {n}", (Param("n", "integer", "a level", enum=(1, 10)),))
    assert level.match("level 10") == {"n": 10} and level.match("level 5") is None


# Calls of tools that the reference policies never make (the contract's replay covers the others):
# each reaches the task as the text action it stands for, with that action's observation. One
# scenario per row: (task, [(text action, call, the observation's first line)]), level 1, seed 0.
UNPLAYED = [
    ("games/minesweeper", [("flag D1", {"name": "flag", "arguments": {"cell": "D1"}}, "Flagged D1."),
                           ("unflag D1", {"name": "unflag", "arguments": {"cell": "D1"}}, "Unflagged D1.")]),
    ("games/peg_solitaire_stepwise", [("undo", {"name": "undo", "arguments": {}}, "Nothing to undo.")]),
    ("games/water_jugs_stepwise", [("empty A", {"name": "empty", "arguments": {"jug": "A"}}, "You empty A.")]),
    ("games/odd_coin", [("answer 1 lighter", {"name": "answer", "arguments": {"coin": 1, "weight": "lighter"}},
                         "Wrong: coin 1 is fake and heavier.")]),
    ("planning/sliding_puzzle", [("1", {"name": "slide_tile", "arguments": {"tile": 1}},
                                  "Tile 1 is not next to the gap.")]),
    ("planning/text_adventure", [("look", {"name": "look", "arguments": {}}, "You look around."),
                                 ("inventory", {"name": "inventory", "arguments": {}}, "You carry: nothing."),
                                 ("open crate", {"name": "open_crate", "arguments": {}}, "There is no crate here.")]),
    ("planning/levers", [("look", {"name": "look", "arguments": {}}, "You look around.")]),
    ("investigation/debugging", [("run 1", {"name": "run_test", "arguments": {"test": 1}},
                                  "test 1: xs = [1, -1], t = 3, n = 1 -> expected [0], got [1]: FAIL"),
                                 ("show 2-3", {"name": "show", "arguments": {"first": 2, "last": 3}}, "  2 | i = 0;")]),
    ("investigation/file_search", [("cat /notes/misc.txt", {"name": "cat", "arguments": {"path": "/notes/misc.txt"}},
                                    "/notes/misc.txt:"),
                                   ("grep approved by Sofia /finance",
                                    {"name": "grep",
                                     "arguments": {"text": "approved by Sofia", "directory": "/finance"}},
                                    "/finance/invoices/2023/batch_a.txt: Invoice 2951 was approved by Sofia Kim.")]),
    ("investigation/spreadsheet", [(f"{op.upper()} C2:C4", {"name": op, "arguments": {"ref": "C2:C4"}},
                                    f"{op.upper()}(C2:C4) = {value} (over 3 numbers)")
                                   for op, value in (("sum", 220), ("max", 96), ("min", 54))]),
]


@pytest.mark.parametrize("name, turns", UNPLAYED, ids=[row[0] for row in UNPLAYED])
def test_calls_the_policies_never_make_act_as_their_text(name, turns):
    task = procgym.get(name)
    by_text, by_tool = procgym.make(name, difficulty=1), procgym.make(name, difficulty=1)
    by_text.reset(seed=0)
    by_tool.reset(seed=0)
    for text, call, first_line in turns:
        assert to_action(task.tools, read_tool_call(call)) == text
        assert next(t for t in task.tools if t.name == call["name"]).match(text) == call["arguments"]
        stepped = by_tool.step(call)[:4]
        assert stepped == by_text.step(f"<answer>{text}</answer>")[:4]
        assert stepped[0].split("\n")[0] == first_line


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
