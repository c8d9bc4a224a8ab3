"""Hypothesis fuzzing of every verifier and every interactive step, with a few derandomized
examples per task so CI stays within a minute or two (bench/fuzz.py runs many more).

Inputs: arbitrary unicode, giant numbers and exponent towers, deeply nested brackets, repeated and
unbalanced tags, and near-miss mutations of the reference answer. Properties (procgym.fuzzing):
a well-formed verdict, no internal crash, the same verdict twice, the problem record unchanged;
for steps, a text observation, the given state unchanged, determinism.
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import procgym
from procgym.fuzzing import actions, responses, step_failures, verify_failures

NAMES = procgym.tasks()
INTERACTIVE = [n for n in NAMES if procgym.get(n).interactive]
EXAMPLES = 4

CI = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None, print_blob=True,
              suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", NAMES)
def test_fuzz_verify(name):
    task = procgym.get(name)
    problem = task.generate(seed=0, difficulty=3)

    @CI
    @given(st.data())
    def run(data):
        text = data.draw(responses(problem), label="response")
        assert verify_failures(task, problem, text) == []

    run()


@pytest.mark.parametrize("name", INTERACTIVE)
def test_fuzz_step(name):
    task = procgym.get(name)
    problem = task.generate(seed=0, difficulty=3)
    state = task.initial_state(problem)

    @CI
    @given(st.data())
    def run(data):
        action = data.draw(actions(problem), label="action")
        assert step_failures(task, problem, state, action) == []

    run()
