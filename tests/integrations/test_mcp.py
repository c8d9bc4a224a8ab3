"""The MCP server (procgym.envs.serve.mcp_server) tested with the MCP SDK's own client: in memory,
over stdio to `procgym serve --mcp`, and over streamable HTTP on loopback. Episodes played through
its tools give exactly the in-process env's observations and rewards; bad calls are error results
that name the problem, and the server goes on."""
import json
import re
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.client.client import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

from procgym.envs.serve.episodes import BadRequest  # noqa: E402
from procgym.envs.serve.listen import in_thread  # noqa: E402
from procgym.envs.serve.mcp_server import Episodes, build_server, http_app  # noqa: E402
from procgym.envs.serve.transcript import record  # noqa: E402

TASKS = "games/mastermind,arithmetic/expression_value"
DOC = Path(__file__).resolve().parents[2] / "docs" / "integrations" / "mcp.md"
TIMEOUT = 120  # seconds any test's client work may take


def run(main, *args, timeout: float = TIMEOUT):
    """Run the coroutine function `main(*args)`, bounded in time."""
    async def bounded():
        with anyio.fail_after(timeout):
            return await main(*args)
    return anyio.run(bounded)


def text(result) -> str:
    return result.content[0].text


async def play_transcript(client, events):
    """Replay record()'s events through the tools; returns the mismatches."""
    listed = {t.name for t in (await client.list_tools()).tools}
    wrong, session = [], None
    for event in events:
        if event.kind == "reset":
            options = {k: v for k, v in event.payload.items() if v is not None}
            result = await client.call_tool("start_episode", options)
            got = result.structured_content
            session = got["session"]
            expected = {"prompt": event.expected["text"], "seed": event.payload["seed"],
                        "tools": [t["function"] for t in event.expected["tools"]]}
            got = {k: got[k] for k in expected}
        else:
            action = event.payload
            if isinstance(action, str):
                result = await client.call_tool("step", {"session": session, "action": action})
            elif action["name"] in listed:  # the task's typed tool, called directly
                result = await client.call_tool(action["name"], {"session": session, **action["arguments"]})
            else:  # an unknown tool: the env answers the call as JSON text, as in process
                result = await client.call_tool("step", {"session": session, "action": json.dumps(action)})
            got = {k: v for k, v in result.structured_content.items()}
            e = event.expected
            expected = {"text": e["text"], "reward": e["reward"], "terminated": e["terminated"],
                        "truncated": e["truncated"], "done": e["done"], "turn": e["turn"],
                        "solved": e["verdict"]["correct"]}
        if result.is_error or got != expected:
            wrong.append((event.kind, event.payload, got, expected))
    return wrong


def test_episodes_through_the_tools_match_the_in_process_env():
    server = build_server(TASKS)

    async def main():
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"list_tasks", "start_episode", "step", "act", "end_episode", "guess", "submit_answer"} <= names
            wrong = []
            for i, (task, max_turns) in enumerate([("games/mastermind", 12), ("arithmetic/expression_value", 3)] * 3):
                wrong += await play_transcript(client, record(task, first_seed=50 + i, steps=20, max_turns=max_turns,
                                                              seed=i))
            return wrong

    assert run(main) == []
    assert len(server.procgym.episodes) > 0  # nothing ended them


def test_a_model_can_play_with_act_and_end_the_episode():
    server = build_server("games/*")  # `guess` means two things here, so it is reached through act

    async def main():
        async with Client(server) as client:
            assert "guess" not in {t.name for t in (await client.list_tools()).tools}
            listed = await client.call_tool("list_tasks", {"pattern": "games/master*"})
            assert listed.structured_content["tasks"] == [{"name": "games/mastermind", "interactive": True,
                                                           "tools": ["guess"]}]
            start = await client.call_tool("start_episode", {"task": "games/mastermind", "difficulty": 1, "seed": 4})
            session = start.structured_content["session"]
            assert f"session: {session}" in text(start) and "act(session, tool, arguments)" in text(start)
            assert start.structured_content["tools"][0]["name"] == "guess"
            assert "problem" not in start.structured_content  # the record, with its answer, never leaves the server
            result = await client.call_tool("act", {"session": session, "tool": "guess", "arguments": {"code": 7}})
            assert not result.is_error and "must be a string" in text(result)  # a mistyped call costs its turn
            assert result.structured_content["turn"] == 1
            ended = await client.call_tool("end_episode", {"session": session})
            assert ended.structured_content == {"session": session, "turns": 1}
            gone = await client.call_tool("step", {"session": session, "action": "<answer>GB</answer>"})
            assert gone.is_error and "no open episode" in text(gone)

    run(main)


def test_bad_calls_are_error_results_that_name_the_problem():
    server = build_server(TASKS)

    async def main():
        async with Client(server) as client:
            start = await client.call_tool("start_episode", {"task": "arithmetic/expression_value", "seed": 2,
                                                             "difficulty": 1})
            session = start.structured_content["session"]
            calls = [
                ("start_episode", {"task": "games/no_such_game"}, "unknown task 'games/no_such_game'"),
                ("start_episode", {"task": "graphs/shortest_path"}, "not served here"),
                ("start_episode", {"task": "games/mastermind", "difficulty": 0}, "difficulty must be an integer level"),
                ("start_episode", {"task": "games/mastermind", "difficulty": "3"}, "must be an integer, got \"3\""),
                ("start_episode", {"task": "games/mastermind", "seed": -4}, "seed must be an integer"),
                ("start_episode", {"task": "games/mastermind", "colour": 1}, "unknown argument 'colour'"),
                ("start_episode", {}, "missing argument 'task'"),
                ("step", {"session": "nope", "action": "x"}, "no open episode 'nope'"),
                ("step", {"session": session}, "missing argument 'action'"),
                ("step", {"session": session, "action": "x" * 100_001}, "the action is 100001 characters long"),
                ("guess", {"session": session, "code": "GBPC"}, "guess is not a tool of arithmetic/expression_value"),
                ("act", {"session": session, "tool": "guess", "arguments": {}}, "guess is not a tool"),
                ("no_such_tool", {}, "unknown tool 'no_such_tool'"),
            ]
            for name, arguments, message in calls:
                result = await client.call_tool(name, arguments)
                assert result.is_error and message in text(result), (name, arguments, text(result))
            answer = await client.call_tool("step", {"session": session, "action": "<answer>not a number</answer>"})
            assert answer.structured_content["turn"] == 1  # the refusals cost no turn; the episode went on
            assert answer.structured_content["done"] and "[episode over: not solved]" in text(answer)
            over = await client.call_tool("step", {"session": session, "action": "<answer>1</answer>"})
            assert over.is_error and "is over" in text(over)

    run(main)


def test_episodes_are_bounded_in_number_and_idle_time():
    now = [0.0]
    episodes = Episodes(limit=2, idle_s=10.0, clock=lambda: now[0])
    a, b = episodes.open("env a"), episodes.open("env b")
    with pytest.raises(BadRequest, match="2 episodes are open"):
        episodes.open("env c")
    now[0] = 5.0
    assert episodes.get(a) == "env a"  # a is used again at t=5
    now[0] = 12.0
    c = episodes.open("env c")  # b, idle since t=0, is dropped
    assert len(episodes) == 2 and episodes.get(c) == "env c"
    with pytest.raises(BadRequest, match="no open episode"):
        episodes.get(b)
    episodes.close(a)
    assert len(episodes) == 1


def test_procgym_serve_mcp_over_stdio():
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "procgym.cli", "serve", "--mcp", "--tasks", "games/mastermind"])

    async def main():
        async with Client(stdio_client(params)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert "guess" in names and "submit_answer" not in names  # the one task's own tool, typed
            guess = next(t for t in (await client.list_tools()).tools if t.name == "guess")
            assert guess.input_schema["required"] == ["session", "code"]
            return await play_transcript(client, record("games/mastermind", first_seed=3, steps=12, max_turns=12))

    assert run(main, timeout=240) == []


def test_mcp_over_streamable_http():
    async def main(base):
        async with Client(base + "/mcp") as client:
            return await play_transcript(client, record("arithmetic/expression_value", first_seed=8, steps=6,
                                                        max_turns=3))

    with in_thread(http_app(build_server("arithmetic/*"))) as base:
        assert run(main, base) == []


def test_the_docs_example_runs_and_prints_what_the_docs_say():
    text_ = DOC.read_text()
    (code,) = re.findall(r"```python\n(.*?)```", text_, re.S)
    (printed,) = re.findall(r"It prints.*?```text\n(.*?)```", text_, re.S)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    session_id = re.compile(r"[0-9a-f]{32}")
    assert session_id.sub("ID", out.stdout) == session_id.sub("ID", printed)
