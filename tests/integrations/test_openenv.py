"""The OpenEnv server (procgym.envs.serve.openenv_server) tested with OpenEnv's own client
(`EnvClient`, through ProcgymEnvClient) on a loopback port: 64 concurrent sessions give exactly the
in-process env's observations and rewards; bad requests get errors that name the problem while the
session and the server go on; a dropped client frees its session."""
import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openenv")  # the serve extra
pytest.importorskip("fastmcp")  # OpenEnv's server imports it

import httpx  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from procgym.envs.serve.listen import child, in_thread  # noqa: E402
from procgym.envs.serve.openenv_client import ProcgymEnvClient  # noqa: E402
from procgym.envs.serve.openenv_server import Environment, ProcgymEnvironment, create_app  # noqa: E402
from procgym.envs.serve.transcript import record  # noqa: E402

SESSIONS, STEPS = 64, 20
TASKS = {"games/mastermind": 12, "arithmetic/expression_value": 3}  # interactive and single-answer, with max_turns
TIMEOUT = 120  # seconds any test's client work may take
DOC = Path(__file__).resolve().parents[2] / "docs" / "integrations" / "openenv.md"


@pytest.fixture(scope="module")
def url():
    with in_thread(create_app(tasks="games/*,arithmetic/*", max_sessions=SESSIONS + 8)) as base:
        yield base


def sessions(url) -> dict:
    return httpx.get(f"{url}/sessions", timeout=10).json()


async def wait_for_sessions(url, active: int, seconds: float = 20.0) -> int:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while (now := sessions(url)["active"]) != active and loop.time() < deadline:
        await asyncio.sleep(0.05)
    return now


def test_the_environment_declares_concurrent_sessions():
    assert ProcgymEnvironment.SUPPORTS_CONCURRENT_SESSIONS is True
    assert issubclass(ProcgymEnvironment, Environment)


def test_64_concurrent_sessions_match_the_in_process_env(url):
    names = sorted(TASKS)
    transcripts = [record(names[i % 2], first_seed=100 + i, steps=STEPS, max_turns=TASKS[names[i % 2]], seed=i)
                   for i in range(SESSIONS)]
    actions = [e.payload for t in transcripts for e in t if e.kind == "step"]
    assert sum(isinstance(a, dict) for a in actions) > 50 and sum(isinstance(a, str) for a in actions) > 50
    assert any(e.expected["reward"] == 1.0 for t in transcripts for e in t if e.kind == "step")
    assert any(e.expected["verdict"]["correct"] is False for t in transcripts for e in t if e.kind == "step")

    async def play(events):
        seen = []
        async with ProcgymEnvClient(base_url=url, message_timeout_s=60) as env:
            for event in events:
                if event.kind == "reset":
                    result = await env.reset(**event.payload)
                    keys = ("text", "task", "turn", "max_turns", "tools", "problem")
                else:
                    result = await env.step(event.payload)
                    keys = ("text", "terminated", "truncated", "turn", "verdict")
                    assert result.reward == event.expected["reward"] and result.done == event.expected["done"]
                seen.append({k: getattr(result.observation, k) for k in keys})
        return seen

    async def main():
        return await asyncio.wait_for(asyncio.gather(*(play(t) for t in transcripts)), TIMEOUT)

    results = asyncio.run(main())
    steps = 0
    for transcript, seen in zip(transcripts, results):
        assert len(seen) == len(transcript)
        for event, got in zip(transcript, seen):
            assert got == {k: event.expected[k] for k in got}, (event.kind, event.payload)
            steps += event.kind == "step"
    assert steps == SESSIONS * STEPS
    assert asyncio.run(wait_for_sessions(url, 0)) == 0


def test_bad_requests_name_the_problem_and_the_session_goes_on(url):
    async def main():
        async with ProcgymEnvClient(base_url=url) as env:
            async def refused(call):
                with pytest.raises(RuntimeError) as info:
                    await call
                return str(info.value)

            assert "step before reset" in await refused(env.step("<answer>1</answer>"))
            assert "unknown task 'games/no_such_game'" in await refused(env.reset(task="games/no_such_game"))
            assert "not served here" in await refused(env.reset(task="graphs/shortest_path"))
            assert "difficulty must be an integer level 1-19, got 25" in await refused(
                env.reset(task="games/mastermind", difficulty=25))
            assert "unknown episode option 'colour'" in await refused(env.reset(task="games/mastermind", colour=3))
            assert "seed must be an integer" in await refused(env.reset(task="games/mastermind", seed=-1))
            assert "knob 'n_colors'" in await refused(env.reset(task="games/mastermind", knobs={"n_colors": 99}))
            first = await env.reset(task="games/mastermind", difficulty=2, seed=5, max_turns=12)
            assert "the action is 100001 characters long; the limit is 100000" in await refused(env.step("x" * 100_001))
            assert "the tool call is" in await refused(env.step({"name": "guess", "arguments": {"code": "R" * 30_000}}))
            state = await env.state()
            assert state.step_count == 0 and state.task == "games/mastermind" and state.seed == 5  # refusals cost no turn
            result = await env.step({"name": "guess", "arguments": {}})  # a malformed call is a turn, as in process
            assert result.observation.turn == 1 and "Missing argument 'code' of guess" in result.observation.text
            problem = first.observation.problem
            assert problem["seed"] == 5 and problem["task"] == "games/mastermind"
            single = await env.reset(task="arithmetic/expression_value", seed=3, difficulty=1)
            done = await env.step(f"<answer>{single.observation.problem['answer']}</answer>")
            assert done.done and done.reward == 1.0 and done.observation.text == "Correct."
            assert "the episode is over" in await refused(env.step("<answer>1</answer>"))
        return await wait_for_sessions(url, 0)

    assert asyncio.run(asyncio.wait_for(main(), TIMEOUT)) == 0


def test_malformed_frames_get_error_frames_and_the_socket_goes_on(url):
    async def main():
        async with connect(url.replace("http", "ws") + "/ws", open_timeout=20) as ws:
            async def ask(frame):
                await ws.send(frame)
                return json.loads(await asyncio.wait_for(ws.recv(), 30))

            error = await ask("{not json")
            assert error["type"] == "error" and error["data"]["code"] == "INVALID_JSON"
            assert (await ask(json.dumps({"type": "dance"})))["data"]["code"] == "UNKNOWN_TYPE"
            error = await ask(json.dumps({"type": "step", "data": {"mesage": "hi"}}))
            assert "unknown action field 'mesage'" in error["data"]["message"]
            error = await ask(json.dumps({"type": "step", "data": {"message": 3}}))
            assert "action field 'message'" in error["data"]["message"]
            for frame in ("[1, 2]", "7", "[" * 5000 + "]" * 5000, json.dumps({"a": 1}).encode()):
                error = await ask(frame)  # OpenEnv alone would end the session on these
                assert error["type"] == "error" and ("JSON object" in error["data"]["message"]
                                                     or "nested too deeply" in error["data"]["message"]
                                                     or "frames must be text" in error["data"]["message"])
            reply = await ask(json.dumps({"type": "reset", "data": {"task": "games/mastermind", "seed": 1}}))
            assert reply["type"] == "observation" and reply["data"]["observation"]["task"] == "games/mastermind"
            error = await ask(json.dumps({"type": "step", "data": {"message": "a", "tool_call": {"name": "guess"}}}))
            assert "exactly one of message" in error["data"]["message"]
            reply = await ask(json.dumps({"type": "step", "data": {"message": "<answer>GGGG</answer>"}}))
            assert reply["type"] == "observation" and reply["data"]["observation"]["turn"] == 1

    asyncio.run(asyncio.wait_for(main(), TIMEOUT))
    # session ids appear in OpenEnv's JSON-RPC route; an unknown one is named, and the server goes on
    reply = httpx.post(f"{url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "openenv/session/close",
                                          "params": {"session_id": "no-such-session"}}, timeout=10).json()
    assert reply["error"]["message"] == "Unknown session_id: no-such-session"
    assert httpx.get(f"{url}/health", timeout=10).json()["status"] == "healthy"


def test_http_routes_are_stateless_and_explain_it(url):
    reply = httpx.post(f"{url}/reset", json={"task": "arithmetic/expression_value", "seed": 4, "difficulty": 1},
                       timeout=30)
    assert reply.status_code == 200 and reply.json()["observation"]["problem"]["seed"] == 4
    reply = httpx.post(f"{url}/step", json={"action": {"message": "<answer>1</answer>"}}, timeout=30)
    assert reply.status_code == 400 and "step before reset" in reply.json()["detail"]
    reply = httpx.post(f"{url}/reset", json={"task": "nope/nope"}, timeout=30)
    assert reply.status_code == 400 and "unknown task 'nope/nope'" in reply.json()["detail"]
    schema = httpx.get(f"{url}/schema", timeout=30).json()
    assert {"message", "tool_call"} <= set(schema["action"]["properties"])
    assert {"text", "verdict", "tools"} <= set(schema["observation"]["properties"])


def test_a_dropped_client_frees_its_session(url):
    async def main():
        clients = [ProcgymEnvClient(base_url=url) for _ in range(8)]
        for i, client in enumerate(clients):
            await client.connect()
            await client.reset(task="games/mastermind", seed=i, max_turns=12)
            await client.step("<answer>GBPC</answer>")
        assert sessions(url)["active"] == 8
        for client in clients[:5]:  # gone mid-episode without a goodbye: the TCP connection just drops
            client._ws.transport.abort()
        assert await wait_for_sessions(url, 3) == 3
        for client in clients[5:]:
            result = await client.step("<answer>GBPC</answer>")  # the others play on
            assert result.observation.turn == 2
            await client.close()
        return await wait_for_sessions(url, 0)

    assert asyncio.run(asyncio.wait_for(main(), TIMEOUT)) == 0


def test_sessions_beyond_the_cap_are_refused_by_name():
    async def main(base):
        async with ProcgymEnvClient(base_url=base) as first:
            await first.reset(task="games/mastermind", seed=1)
            # the server answers a connection over the cap with an error frame, then closes it
            async with connect(base.replace("http", "ws") + "/ws", open_timeout=20) as second:
                error = json.loads(await asyncio.wait_for(second.recv(), 30))
            assert error["data"]["code"] == "CAPACITY_REACHED" and error["data"]["max_sessions"] == 1
            assert (await first.step("<answer>GBPC</answer>")).observation.turn == 1

    with in_thread(create_app(tasks="games/mastermind", max_sessions=1)) as base:
        asyncio.run(asyncio.wait_for(main(base), TIMEOUT))


def test_the_serve_command_refuses_bad_options(capsys):
    from procgym.cli import main

    assert main(["serve", "--tasks", "nope/*"]) == 2
    assert "no task matches" in capsys.readouterr().err
    assert main(["serve", "--transport", "http"]) == 2
    assert "--transport chooses the MCP transport" in capsys.readouterr().err


def test_the_docs_example_runs_and_prints_what_the_docs_say():
    text = DOC.read_text()
    (code,) = re.findall(r"```python\n(.*?)```", text, re.S)
    (printed,) = re.findall(r"It prints:\n\n```text\n(.*?)```", text, re.S)
    assert 'procgym serve --port 8000 --tasks "games/*,arithmetic/*"' in text
    with child("--tasks", "games/*,arithmetic/*", "--max-sessions", "16") as (base, _):  # procgym serve itself
        assert base.startswith("http://127.0.0.1:")
        out = subprocess.run([sys.executable, "-c", code.replace("http://127.0.0.1:8000", base)],
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-3000:]
        assert out.stdout == printed
        assert sessions(base) == {"active": 0, "max": 16}
