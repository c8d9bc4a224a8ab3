"""Hypothesis strategies for hostile responses, and the properties every verifier and every
interactive step must keep on them. Used by tests/security/test_fuzz.py (a few examples per task
in CI) and bench/fuzz.py (many). Needs the dev extra (hypothesis).

    from procgym.fuzzing import responses, verify_failures
    @given(responses(problem))
    def test(text):
        assert verify_failures(task, problem, text) == []
"""
from __future__ import annotations

import copy
import json
import time

from hypothesis import strategies as st

from .problem import Problem
from .task import STEP_CRASHED, VERIFY_CRASHED, InteractiveTask, Task
from .verdict import Verdict

# feedback the task machinery gives when a verifier or a step raised: a bug to fix, even though
# the caller was protected
CRASH_MARKERS = (VERIFY_CRASHED, STEP_CRASHED, "The verifier returned no verdict")

_BRACKETS = ["()", "[]", "{}", "<>", "||", "\\left(\\right)", "\\frac{}{}", "\\sqrt{}", "\\boxed{}",
             "<answer></answer>"]
_ATOMS = ["9", "-", "+", ".", ",", ";", "^", "**", "e", "x", "/", "0", " ", "\n", "\\", "A", "none", "<answer>",
          "</answer>", "\\boxed{", "}", "(", ")", "[", "]", "{", "\u2212", "\u00bd", "\u0663", "\u00a0", "\ufeff",
          "\U0001f600", "\x00", "inf", "nan", "1e999", "10^10^10"]


def _nested(pair: str, depth: int, core: str) -> str:
    half = len(pair) // 2
    return pair[:half] * depth + core + pair[half:] * depth


def giant_numbers() -> st.SearchStrategy[str]:
    """Huge literals, exponent towers and long decimals."""
    return st.one_of(
        st.builds(lambda d, n: d * n, st.sampled_from("9170"), st.integers(50, 60_000)),
        st.builds(lambda n: "10^" * n + "10", st.integers(2, 400)),
        st.builds(lambda n: "9**" * n + "9", st.integers(2, 400)),
        st.builds(lambda k, s: f"{s}1e{'9' * k}", st.integers(1, 40), st.sampled_from(["", "-"])),
        st.builds(lambda n: "0." + "0" * n + "1", st.integers(10, 50_000)),
        st.builds(lambda n: "-" * n + "1", st.integers(2, 10_000)),
        st.builds(lambda n: f"2^{n}", st.integers(10**3, 10**30)),
        st.builds(lambda n: "1/" + "1" * n, st.integers(1, 5_000)),
    )


def nested_brackets() -> st.SearchStrategy[str]:
    return st.builds(_nested, st.sampled_from(_BRACKETS), st.integers(1, 3_000),
                     st.sampled_from(["", "1", "x", "A", "-0"]))


def repeated_tags() -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda body, n: f"<answer>{body}</answer>" * n, st.text(max_size=12), st.integers(2, 5_000)),
        st.builds(lambda n: "<answer>" * n, st.integers(1, 20_000)),
        st.builds(lambda n: "</answer>" * n, st.integers(1, 20_000)),
        st.builds(lambda n: "<AnSwEr><answer>x</answer></ANSWER>" * n, st.integers(1, 1_000)),
        st.builds(lambda n: "\\boxed{" * n + "}" * (n // 2), st.integers(1, 5_000)),
    )


def repeated_units() -> st.SearchStrategy[str]:
    unit = st.one_of(st.sampled_from(_ATOMS), st.text(min_size=1, max_size=6))
    return st.builds(lambda u, n: u * n, unit, st.integers(1, 20_000))


def near_misses(reference: str) -> st.SearchStrategy[str]:
    """The reference answer with a few small edits: a character dropped, added or replaced, a
    digit changed, two neighbours swapped, a sign flipped, case changed, spacing changed."""

    def mutate(text: str, edits) -> str:
        s = list(text)
        for kind, position, char in edits:
            i = position % (len(s) + 1)
            if kind == "drop" and s:
                del s[min(i, len(s) - 1)]
            elif kind == "insert":
                s.insert(i, char)
            elif kind == "replace" and s:
                s[min(i, len(s) - 1)] = char
            elif kind == "digit":
                digits = [k for k, c in enumerate(s) if c.isdigit()]
                if digits:
                    k = digits[position % len(digits)]
                    s[k] = str((int(s[k]) + 1 + position % 9) % 10)
            elif kind == "swap" and len(s) > 1:
                j = min(i, len(s) - 2)
                s[j], s[j + 1] = s[j + 1], s[j]
            elif kind == "negate":
                s.insert(0, "-")
            elif kind == "case":
                s = list("".join(s).swapcase())
            elif kind == "space":
                s.insert(i, " ")
            elif kind == "duplicate":
                s = s + list(", ") + s
        return "".join(s)

    kinds = st.sampled_from(["drop", "insert", "replace", "digit", "swap", "negate", "case", "space", "duplicate"])
    chars = st.one_of(st.sampled_from(list("0123456789-+,;()[]{}/.^ xA\n")), st.characters())
    edits = st.lists(st.tuples(kinds, st.integers(0, 10_000), chars), min_size=1, max_size=4)
    return st.builds(mutate, st.just(reference), edits)


def answer_bodies(reference: str) -> st.SearchStrategy[str]:
    """What goes inside the answer marker: hostile bodies and near misses of the reference."""
    return st.one_of(
        near_misses(reference),
        st.text(max_size=200),  # arbitrary unicode, surrogates excluded by hypothesis
        giant_numbers(),
        nested_brackets(),
        repeated_tags(),
        repeated_units(),
        st.builds(lambda a, b: a + reference + b, st.text(max_size=20), st.text(max_size=20)),
    )


def responses(problem: Problem) -> st.SearchStrategy[str]:
    """Whole responses for a problem: bodies wrapped the way its answer style marks them, and
    sometimes not wrapped at all, or wrapped several times."""
    body = answer_bodies(problem.answer)
    wrap = st.sampled_from([
        lambda b: f"<answer>{b}</answer>", lambda b: f"\\boxed{{{b}}}", lambda b: b,
        lambda b: f"Reasoning...\n<answer>{b}</answer>\nDone.", lambda b: f"<answer>{b}", lambda b: f"{b}</answer>",
        lambda b: f"<answer>{problem.answer}</answer> no wait <answer>{b}</answer>",
    ])
    return st.builds(lambda w, b: w(b), wrap, body)


def actions(problem: Problem) -> st.SearchStrategy[str]:
    """Raw actions for an interactive step (already extracted from their marker)."""
    first = problem.answer.splitlines()[0] if problem.answer.strip() else ""
    return answer_bodies(first)


# --------------------------------------------------------------------------- properties

def verify_failures(task: Task, problem: Problem, text: str) -> list[str]:
    """Every broken promise of `task.verify` on `text` (an empty list when all hold): it returns
    a well-formed Verdict, does not crash internally, gives the same verdict twice, and leaves the
    problem record unchanged."""
    record = problem.to_dict()
    before = json.dumps(record, sort_keys=True)
    try:
        first = task.verify(problem, text)
        second = task.verify(record, text)
    except BaseException as exc:  # noqa: BLE001 - the promise under test is "never raises"
        return [f"verify raised {type(exc).__name__}: {exc}"]
    failures = []
    if not isinstance(first, Verdict) or not isinstance(first.feedback, str) or not 0.0 <= first.reward <= 1.0:
        failures.append(f"malformed verdict {first!r}")
    elif any(marker in first.feedback for marker in CRASH_MARKERS):
        failures.append(f"the verifier crashed: {first.feedback}")
    if first != second:
        failures.append(f"two calls disagree: {first} then {second}")
    if first.correct and first.reward != 1.0:
        failures.append(f"correct with reward {first.reward}")
    if json.dumps(problem.to_dict(), sort_keys=True) != before or json.dumps(record, sort_keys=True) != before:
        failures.append("verify changed the problem record")
    return failures


def step_failures(task: InteractiveTask, problem: Problem, state: dict, action: str) -> list[str]:
    """Every broken promise of an interactive step on `action`: it returns (state, observation,
    reward, done) with a text observation, leaves the given state unchanged, does not crash
    internally, and is deterministic."""
    before = copy.deepcopy(state)
    try:
        first = task.step(problem, state, action)
        second = task.step(problem, state, action)
    except BaseException as exc:  # noqa: BLE001
        return [f"step raised {type(exc).__name__}: {exc}"]
    failures = []
    if not (isinstance(first, tuple) and len(first) == 4 and isinstance(first[1], str)
            and isinstance(first[2], float) and isinstance(first[3], bool)):
        return [f"malformed step result {first!r:.200}"]
    if any(marker in first[1] for marker in CRASH_MARKERS):
        failures.append(f"the step crashed: {first[1]}")
    if state != before:
        failures.append("step changed the state it was given")
    if first[1:] != second[1:] or first[0] != second[0]:
        failures.append("two identical steps disagree")
    return failures


def timed(function, *args) -> tuple[object, float]:
    """(result, seconds) of one call."""
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start
