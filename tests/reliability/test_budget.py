"""The per-call time budget: a verifier or a step that runs past it returns a verdict of 0 (or an
observation) saying why, in the main thread, in worker threads, in asyncio and in worker
processes; budgets are per thread, and a verifier cannot swallow the budget's exception."""
import asyncio
import multiprocessing
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from procgym import budget
from procgym.problem import Problem
from procgym.task import Draft, InteractiveTask, Task
from procgym.verdict import right, wrong


class Endless(Task):
    """A verifier that never finishes on its own, but checks the deadline as it loops (as the safe
    parser and the interactive replay do)."""

    name = "test/endless"
    answer_format = "anything"
    example = "x"
    budget_s = 0.05

    def build(self, rng, params):
        return Draft("Say anything.", "x")

    def grade(self, answer, problem):
        for _ in range(100_000):  # ~100 s without the budget: the test would fail, not hang
            budget.check()
            time.sleep(0.001)
        return right()


class Swallower(Endless):
    """A verifier that catches every Exception: the budget must still get out."""

    name = "test/swallower"

    def grade(self, answer, problem):
        for _ in range(100_000):
            try:
                budget.check()
                time.sleep(0.001)
            except Exception:  # noqa: BLE001 - the point of this test
                pass
        return right()


class Slow(Task):
    """Takes 0.2 s, checking the deadline, and is correct: fine under the default budget."""

    name = "test/slow"
    answer_format = "anything"
    example = "x"

    def build(self, rng, params):
        return Draft("Say anything.", "x")

    def grade(self, answer, problem):
        end = time.monotonic() + 0.2
        while time.monotonic() < end:
            budget.check()
            time.sleep(0.001)
        return right()


class EndlessGame(InteractiveTask):
    """A step that never finishes on its own."""

    name = "test/endless_game"
    answer_format = "a move"
    example = "go"
    budget_s = 0.05

    def build(self, rng, params):
        return Draft("Move.", "go")

    def initial_state(self, problem):
        return {"moves": 0}

    def transition(self, problem, state, action):
        state["moves"] += 1
        for _ in range(100_000):
            budget.check()
            time.sleep(0.001)
        return "moved", 1.0, True

    def policy(self, problem, state):
        return "go"


def _problem(task):
    return task.generate(seed=0, difficulty=1)


def _over_budget(verdict):
    return verdict.reward == 0.0 and not verdict.correct and "took longer than 0.05s" in verdict.feedback


def test_over_budget_verifier_returns_zero_saying_why():
    task = Endless()
    assert _over_budget(task.verify(_problem(task), "<answer>x</answer>"))


def test_a_verifier_cannot_swallow_the_budget():
    task = Swallower()
    assert _over_budget(task.verify(_problem(task), "<answer>x</answer>"))


def test_over_budget_step_says_why_and_keeps_the_state():
    task = EndlessGame()
    problem, state = _problem(task), {"moves": 0}
    new, observation, reward, done = task.step(problem, state, "go")
    assert "took longer than 0.05s" in observation and reward == 0.0 and not done
    assert new == {"moves": 0} and state == {"moves": 0}
    # grading replays the actions under one budget for the whole answer: it stops at the deadline
    assert _over_budget(task.verify(problem, "<answer>go\ngo\ngo</answer>"))


def test_budgets_in_threads_are_independent():
    endless, slow = Endless(), Slow()
    with ThreadPoolExecutor(8) as pool:
        futures = [pool.submit(endless.verify, _problem(endless), "<answer>x</answer>") for _ in range(4)]
        futures += [pool.submit(slow.verify, _problem(slow), "<answer>x</answer>") for _ in range(4)]
        results = [f.result() for f in futures]
    assert all(_over_budget(v) for v in results[:4])
    assert all(v.correct for v in results[4:])  # the other threads' short deadlines did not leak


def test_budget_under_asyncio():
    async def main():
        endless, slow = Endless(), Slow()
        return await asyncio.gather(asyncio.to_thread(endless.verify, _problem(endless), "<answer>x</answer>"),
                                    asyncio.to_thread(slow.verify, _problem(slow), "<answer>x</answer>"))

    over, fine = asyncio.run(main())
    assert _over_budget(over) and fine.correct


def _verify_endless(_):
    task = Endless()
    return task.verify(_problem(task), "<answer>x</answer>")


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method is Linux-only")
def test_budget_in_worker_processes():
    with multiprocessing.get_context("fork").Pool(2) as pool:
        assert all(_over_budget(v) for v in pool.map(_verify_endless, range(2)))


def test_an_outer_budget_tightens_but_never_loosens():
    slow = Slow()
    with budget.budget(0.05):
        assert "took longer than" in slow.verify(_problem(slow), "<answer>x</answer>").feedback
    with budget.budget(100.0):
        assert budget.remaining() > 99
        token = budget.start(0.01)
        assert budget.remaining() < 0.02
        budget.stop(token)
        assert budget.remaining() > 99
    assert budget.remaining() is None


def test_check_is_a_noop_outside_a_budget_and_raises_after_the_deadline():
    budget.check()
    with budget.budget(0.001):
        time.sleep(0.01)
        with pytest.raises(budget.BudgetExceeded):
            budget.check()
        with pytest.raises(budget.BudgetExceeded):
            list(budget.ticking(range(3)))
    with pytest.raises(ValueError, match="positive"):
        with budget.budget(0):
            pass


def test_budget_from_the_environment(monkeypatch):
    monkeypatch.setenv("PROCGYM_VERIFY_BUDGET_S", "0.5")
    assert budget._default_budget() == 0.5
    monkeypatch.setenv("PROCGYM_VERIFY_BUDGET_S", "soon")
    with pytest.raises(ValueError, match="PROCGYM_VERIFY_BUDGET_S"):
        budget._default_budget()
    monkeypatch.setenv("PROCGYM_VERIFY_BUDGET_S", "-1")
    with pytest.raises(ValueError, match="positive"):
        budget._default_budget()


def test_a_problem_record_dict_works_too():
    task = Endless()
    record = _problem(task).to_dict()
    assert _over_budget(task.verify(record, "<answer>x</answer>"))
    assert isinstance(Problem.from_dict(record), Problem)
    assert wrong().reward == 0.0
