"""Injection payloads against every verifier and every interactive step: nothing runs, nothing is
written, no process starts, and the reward is 0.

Watched three ways: the working directory is an empty tmp folder that must stay empty; the
process-starting functions of os/subprocess/pty are replaced by recorders that raise; and a
Python audit hook records code compiled from strings being executed, processes starting and files
opened for writing from anywhere (procgym.hostile.Monitor).
"""
import os

import pytest

import procgym
from procgym.hostile import INJECTIONS, Monitor, ProcessStartAttempt, wrapped

NAMES = procgym.tasks()
INTERACTIVE = [n for n in NAMES if procgym.get(n).interactive]


def _problem(task, style):
    """A level-2 problem whose reference answer is not itself one of the payloads."""
    for seed in range(10):
        p = task.generate(seed=seed, difficulty=2, answer_style=style)
        if p.answer.strip() not in INJECTIONS:
            return p
    raise AssertionError(f"{task.name}: every reference answer is a payload")


@pytest.mark.parametrize("name", NAMES)
def test_verifier_runs_nothing_and_rewards_nothing(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    task = procgym.get(name)
    problems = {style: _problem(task, style) for style in ("tag", "boxed", "raw")}
    rewarded = []
    with Monitor() as seen:
        for payload in INJECTIONS:
            for style, problem in problems.items():
                verdict = task.verify(problem, wrapped(payload, style))
                if verdict.reward != 0.0 or verdict.correct:
                    rewarded.append((style, payload[:40]))
    assert not seen.events, f"{name}: {seen.events[:5]}"
    assert not rewarded, f"{name}: payloads were rewarded: {rewarded[:5]}"
    assert os.listdir(tmp_path) == [], f"{name}: files appeared: {os.listdir(tmp_path)}"


@pytest.mark.parametrize("name", INTERACTIVE)
def test_interactive_step_runs_nothing_and_rewards_nothing(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    task = procgym.get(name)
    env = procgym.make(name, difficulty=2, max_turns=len(INJECTIONS) * 2 + 1)
    env.reset(seed=1)
    problem, start = env.problem, task.initial_state(env.problem)
    with Monitor() as seen:
        for payload in INJECTIONS:
            # through the env (the action inside answer tags) and through the pure step function
            observation, reward, terminated, truncated, _ = env.step(wrapped(payload))
            assert isinstance(observation, str) and reward == 0.0, (name, payload[:40], observation[:80])
            if terminated or truncated:
                env.reset(seed=1)
            state, observation, reward, done = task.step(problem, start, payload)
            assert isinstance(observation, str) and reward == 0.0, (name, payload[:40], observation[:80])
    assert not seen.events, f"{name}: {seen.events[:5]}"
    assert os.listdir(tmp_path) == [], f"{name}: files appeared: {os.listdir(tmp_path)}"


# ------------------------------------------------------------------ the monitor itself bites

def test_monitor_sees_eval_exec_processes_and_writes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    import subprocess

    with Monitor() as seen:
        eval("1 + 1")  # noqa: S307 - the point of this test
        with pytest.raises(ProcessStartAttempt):
            os.system("touch pwned")
        with pytest.raises(ProcessStartAttempt):
            subprocess.run(["touch", "pwned"])
        with open("written", "w") as f:
            f.write("x")
    kinds = [event for event, _ in seen.events]
    assert kinds[0] == "exec" and "os.system" in kinds and "subprocess.run" in kinds
    assert "open for writing" in kinds
    assert os.listdir(tmp_path) == ["written"]  # the write itself is recorded, not blocked


def test_monitor_ignores_parsing_and_imports():
    import ast

    from procgym.parsing import parse_expression

    with Monitor() as seen:
        ast.parse("1 + 2", mode="eval")
        parse_expression("2x(x+1)^2", ["x"])
        import json.tool  # noqa: F401 - an import runs module code from a file
    assert seen.events == []


def test_monitor_restores_patched_functions():
    import subprocess

    before = (os.system, subprocess.Popen)
    with Monitor():
        assert os.system is not before[0]
    assert (os.system, subprocess.Popen) == before
