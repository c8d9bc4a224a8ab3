"""verifiers (v1): procgym as an installed verifiers environment, run by verifiers' own eval runner
against a scripted OpenAI-compatible server on loopback (tests/agents/chat_server.py)."""
import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

vf = pytest.importorskip("verifiers.v1", reason="the verifiers extra is not installed (pip install -e '.[verifiers]')")
from verifiers.v1.cli.eval.runner import run_eval  # noqa: E402
from verifiers.v1.configs.cli.eval import EvalConfig  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[1] / "agents"))  # chat_server.py
from chat_server import ChatServer, agent_responder, oracle_responder  # noqa: E402

import procgym  # noqa: E402
import procgym_env  # noqa: E402
from procgym.agents import RandomAgent  # noqa: E402
from procgym.agents.base import play_episode  # noqa: E402
from procgym.datasets import record  # noqa: E402
from procgym.envs.task_env import TaskEnv  # noqa: E402
from procgym.training.adapters import verifiers as adapter  # noqa: E402

SINGLE, INTERACTIVE = "arithmetic/expression_value", "games/mastermind"
TASKS = [SINGLE, INTERACTIVE]


def problems(n, tasks=TASKS, levels=(1, 2), seed=0):
    return [{k: v for k, v in record(tasks, list(levels), seed, i).items() if k != "index"} for i in range(n)]


def evaluate(server, tmp_path, rollouts=1, **env):
    """verifiers' eval runner (what `vf-eval procgym-env ...` runs), results in tmp_path."""
    config = EvalConfig.model_validate({
        "env": adapter.env_config(**env).model_dump(), "model": "scripted", "num_rollouts": rollouts,
        "client": {"base_url": server.url, "api_key_var": "PROCGYM_TEST_KEY"},
        "rich": None, "push": False, "output_dir": str(tmp_path)})
    episodes = asyncio.run(run_eval(config))
    return [trace for episode in episodes for trace in episode.traces]


@pytest.fixture(autouse=True)
def api_key(monkeypatch):
    monkeypatch.setenv("PROCGYM_TEST_KEY", "sk-test")


def test_verifiers_finds_the_environment_by_its_id():
    assert vf.import_taskset("procgym-env") is procgym_env
    assert vf.default_harness_id("procgym-env") == "procgym-env"  # the in-process chat loop
    env = vf.load_environment(vf.resolve_env_config({"taskset": {"id": "procgym-env", "tasks": SINGLE}}))
    assert type(env) is adapter.ProcgymEnv and type(env.taskset) is adapter.ProcgymTaskset
    assert type(env._harnesses["player"]) is adapter.ProcgymChatHarness
    assert env.config.player.runtime.type == "subprocess"


def test_taskset_yields_procgyms_dataset_records():
    env = adapter.load_environment(tasks=TASKS, difficulty="1-2", num_examples=6, seed=4, system="Be brief.")
    tasks = list(env.taskset)
    assert [t.data.problem for t in tasks] == problems(6, seed=4)
    assert [t.data.interactive for t in tasks] == [False, True] * 3
    assert [t.data.idx for t in tasks] == list(range(6))
    first = tasks[0].data
    assert (first.prompt, first.system_prompt, first.name) == (first.problem["prompt"], "Be brief.", SINGLE)
    # The key is the problem's identity, not its position in this run.
    assert tasks[0].key == adapter.ProcgymTask(first.model_copy(update={"idx": 99})).key
    assert len({t.key for t in tasks}) == 6
    # num_examples=None: an endless stream that verifiers' views bound.
    endless = adapter.load_environment(tasks=SINGLE, num_examples=None).taskset
    assert not endless.bounded
    assert [t.data.problem for t in endless.take(3)] == problems(3, [SINGLE], levels=(3,))


def test_bad_configuration_names_the_problem():
    with pytest.raises(ValueError, match="no task matches"):
        adapter.load_environment(tasks="nope/*")
    with pytest.raises(ValueError, match="unknown task 'games/mastermnd'; did you mean games/mastermind"):
        adapter.load_environment(tasks=[SINGLE, "games/mastermnd"])
    with pytest.raises(ValueError, match="levels must be between 1 and 20"):
        adapter.load_environment(tasks=SINGLE, difficulty="0-3")
    with pytest.raises(ValueError, match="answer_style must be"):
        adapter.load_environment(tasks=SINGLE, answer_style="json")


def test_oracle_replies_score_one_everywhere(tmp_path):
    records = problems(6)
    with ChatServer(oracle_responder(records)) as server:
        traces = evaluate(server, tmp_path, rollouts=2, tasks=TASKS, difficulty="1-2", num_examples=6)
    assert len(traces) == 12
    assert all(t.ok and not t.errors for t in traces)
    assert [t.reward for t in traces] == [1.0] * 12
    assert [t.metrics["solved"] for t in traces] == [1.0] * 12
    single = [t for t in traces if not t.task.data.interactive]
    games = [t for t in traces if t.task.data.interactive]
    assert {t.num_turns for t in single} == {1} and {t.stop_condition for t in single} == {"agent_completed"}
    # Interactive: one model turn per guess until the code is found; the env then ends the exchange.
    for trace in games:
        outcome = trace.info["procgym"]
        assert outcome["solved"] and outcome["ended"] and outcome["return"] == 1.0
        assert trace.num_turns == outcome["turns"] > 1 and trace.stop_condition == "user_closed"
        # Each observation came back as the next user turn, verbatim from procgym's env.
        env = TaskEnv(INTERACTIVE, difficulty=trace.task.data.problem["difficulty"])
        env.reset(options={"problem": trace.task.data.problem})
        users = [m.content for m in trace.messages if m.role == "user"]
        replies = [m.content for m in trace.messages if m.role == "assistant"]
        assert users[0] == trace.task.data.problem["prompt"]
        assert users[1:] == [env.step(r)[0] for r in replies[:-1]]
    # The run is on disk the way verifiers writes it: one episode per line.
    (run_dir,) = tmp_path.iterdir()
    saved = [json.loads(line) for line in (run_dir / "traces.jsonl").read_text().splitlines()]
    assert len(saved) == 12 and all(e["ok"] for e in saved)
    assert [e["traces"][0]["rewards"]["procgym"]["score"] for e in saved] == [1.0] * 12


def test_wrong_replies_score_what_procgym_scores(tmp_path):
    """A chance-level agent (another problem's answers and winning moves): every reward equals
    procgym's own episode return for the same replies (play_episode on TaskEnv)."""
    records = problems(8)
    with ChatServer(agent_responder(records, RandomAgent(seed=1))) as server:
        traces = evaluate(server, tmp_path, tasks=TASKS, difficulty="1-2", num_examples=8)
    by_seed = {t.task.data.problem["seed"]: t for t in traces}
    expected = {p["seed"]: play_episode(TaskEnv(p["task"], difficulty=p["difficulty"]), RandomAgent(seed=1),
                                        options={"problem": p}) for p in records}
    assert {s: t.reward for s, t in by_seed.items()} == {s: e["return"] for s, e in expected.items()}
    assert {s: t.metrics["solved"] for s, t in by_seed.items()} == {s: float(e["solved"]) for s, e in expected.items()}
    assert {s: t.num_turns for s, t in by_seed.items()} == {s: e["turns"] for s, e in expected.items()}
    assert sum(t.reward for t in traces) < len(traces)  # the agent does get things wrong
    for trace in traces:
        if not trace.task.data.interactive:  # the single-answer reward is procgym.verify on the reply
            assert trace.reward == procgym.verify(trace.task.data.problem, trace.last_reply).reward


def test_a_verifiers_turn_limit_ends_the_episode_early(tmp_path):
    """`--env.player.max-turns 2` stops the exchange before the game is over: the reward is the
    return so far, and the outcome says the episode did not end."""
    records = problems(1, [INTERACTIVE], levels=(5,))
    with ChatServer(oracle_responder(records, wrong={str(records[0]["seed"])})) as server:
        (trace,) = evaluate(server, tmp_path, tasks=INTERACTIVE, difficulty=5, num_examples=1,
                            player={"max_turns": 2})
    assert trace.num_turns == 2 and trace.stop_condition == "max_turns"
    assert trace.reward == 0.0 and trace.info["procgym"] == {"return": 0.0, "solved": False, "turns": 2,
                                                             "ended": False}


def test_interactive_turn_cap_from_the_taskset(tmp_path):
    """`--env.taskset.max-turns` caps the procgym episode itself (TaskEnv max_turns): truncated."""
    records = problems(1, [INTERACTIVE], levels=(5,))
    with ChatServer(oracle_responder(records, wrong={str(records[0]["seed"])})) as server:
        (trace,) = evaluate(server, tmp_path, tasks=INTERACTIVE, difficulty=5, num_examples=1, max_turns=3)
    assert trace.info["procgym"] == {"return": 0.0, "solved": False, "turns": 3, "ended": True}
    assert trace.num_turns == 3 and trace.stop_condition == "user_closed"


def test_the_docs_example_runs_and_prints_what_the_page_says(tmp_path):
    page = (Path(__file__).parents[2] / "docs" / "integrations" / "verifiers.md").read_text()
    example = re.findall(r"```python\n(.*?)```", page, re.S)[-1]
    printed = re.search(r"It prints, for 4 problems x 2 rollouts:\n\n```\n(.*?)```", page, re.S).group(1)
    out = subprocess.run([sys.executable, "-c", example], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == printed
