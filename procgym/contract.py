"""The task contract as executable checks.

Each `check_*` takes a Task (or a registered name) and raises AssertionError with a message
naming the task and the broken rule. `tests/test_contract.py` runs them over every registered
task; `tests/test_contract_bites.py` proves each one fails on a deliberately broken task.

    from procgym.contract import check_task
    check_task("graphs/shortest_path")   # every check; raises on the first broken rule
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import warnings

import math

from .knobs import HEADROOM_LEVEL
from .problem import Problem
from .registry import get
from .task import STEP_CRASHED, Task
from .verdict import Verdict

LEVELS_TO_PROBE = (1, 5, 10)
EFFORT_SEEDS = range(8)  # problems per level whose mean effort is compared with the next level's
RELEASED = range(2, 11)  # the released levels that may be listed as easier than the one before
HANG_GUARD_S = 5.0  # a hang detector, not a speed test: speed lives in bench/

HOSTILE = [
    "", " ", "<answer></answer>", "<answer>", "</answer>", "<answer>\x00\x01\x02</answer>",
    "<answer>" + "9" * 100_000 + "</answer>", "<answer>10^10^10</answer>", "<answer>10**10**10</answer>",
    "<answer>9^9^9^9^9</answer>", "<answer>" + "(" * 5000 + "1" + ")" * 5000 + "</answer>",
    "<answer>" + "[" * 5000 + "]" * 5000 + "</answer>", "<answer>" + "{" * 5000 + "}" * 5000 + "</answer>",
    "<answer>__import__('os').system('touch PWNED')</answer>", "<answer>eval('1+1')</answer>",  # safe: attack strings fed to verifiers, never run
    "<answer>exec(\"open('PWNED','w')\")</answer>", "<answer>$(touch PWNED)</answer>", "<answer>`rm -rf /`</answer>",  # safe: attack strings fed to verifiers, never run
    "<answer>{0.__class__.__mro__}</answer>", "<answer>%s%s%s%n</answer>", "<answer>\\input{/etc/passwd}</answer>",
    "<answer>\\def\\x{\\x}\\x</answer>", "<answer>lambda: 1</answer>", "<answer>1/0</answer>", "<answer>nan</answer>",
    "<answer>inf</answer>", "<answer>-0</answer>", "<answer>1e999999</answer>", "\\boxed{" * 3000,
    "<answer>" + "A," * 50_000 + "</answer>", "<answer>" + "\n" * 50_000 + "</answer>",
    "x" * 1_000_000, "<answer>" * 100_000, "</answer>" * 100_000, "<answer>\u202e\ufeff\U0001f600</answer>",
]


LOOKALIKES = {"0", "-0", "1", "inf", "-inf", "oo", "-oo", "nan", "none", "dne", "undefined"}


def _task(task) -> Task:
    return get(task) if isinstance(task, str) else task


def _fail(task: Task, rule: str):
    raise AssertionError(f"{task.name}: {rule}")


def _timed_verify(task: Task, problem, text) -> tuple[Verdict, float]:
    start = time.perf_counter()
    try:
        verdict = task.verify(problem, text)
    except BaseException as exc:  # the rule under test is exactly "never raises"
        _fail(task, f"verify raised {type(exc).__name__}: {exc}")
    return verdict, time.perf_counter() - start


def tag(answer: str) -> str:
    return f"<answer>{answer}</answer>"


# --------------------------------------------------------------------------- checks

def _probe_levels(task: Task) -> tuple[int, ...]:
    """Levels 1, 5 and 10, and the task's own highest level past 10."""
    return LEVELS_TO_PROBE + ((task.max_level,) if task.max_level > 10 else ())


def check_declaration(task) -> None:
    """Name, knobs with the same number of levels (10 or more, to 20 or a stated reason), an
    answer format, a docstring and an effort measure."""
    task = _task(task)
    if "/" not in task.name or task.name != task.name.lower():
        _fail(task, "the name must be '<category>/<task>' in lowercase")
    if not task.answer_format or not task.example:
        _fail(task, "answer_format and example must be set")
    if not (type(task).__doc__ or "").strip():
        _fail(task, "the task class needs a docstring saying what is asked and what levels add")
    for knob in task.knobs:
        if len(knob.levels) < 10 or not knob.doc:
            _fail(task, f"knob {knob.name!r} needs at least 10 level values and a doc")
    counts = {k.name: len(k.levels) for k in task.knobs}
    if len(set(counts.values())) > 1:
        _fail(task, f"every knob needs the same number of levels, got {counts}")
    if task.max_level < HEADROOM_LEVEL and not task.cap_reason.strip():
        _fail(task, f"the knobs stop at level {task.max_level}: go on to {HEADROOM_LEVEL} or set cap_reason to say why not")
    if type(task).effort is Task.effort:
        _fail(task, "the task needs an effort(problem) measure of the work its reference solution needs")


def _generated(task: Task, seeds) -> dict[int, list[Problem]]:
    """The problems of every level for `seeds`; a failure to generate fails the task."""
    out = {}
    for level in task.levels:
        out[level] = []
        for seed in seeds:
            try:
                out[level].append(task.generate(seed=seed, difficulty=level))
            except Exception as exc:
                _fail(task, f"level {level} seed {seed} failed to generate: {type(exc).__name__}: {exc}")
    return out


def check_levels(task, seeds=EFFORT_SEEDS) -> dict[int, float]:
    """Every level generates a well-formed, JSON-serialisable problem, and each level is at least
    as hard as the one before (`check_effort`, on the same problems). Returns the mean effort per
    level."""
    from procgym.envs.text import in_charset

    task = _task(task)
    names = {k.name for k in task.knobs}
    problems = _generated(task, seeds)
    for level, batch in problems.items():
        for seed, p in zip(seeds, batch):
            if p.task != task.name or p.difficulty != level or p.seed != seed:
                _fail(task, "the record's task, difficulty and seed must be what was asked")
            if set(p.params) != names:
                _fail(task, f"params {sorted(p.params)} must be exactly the knobs {sorted(names)}")
            if not isinstance(p.prompt, str) or not p.prompt.strip() or not isinstance(p.answer, str) or not p.answer.strip():
                _fail(task, f"level {level}: the prompt and the answer must be non-empty strings")
            if not in_charset(p.prompt):
                bad = sorted({c for c in p.prompt if not in_charset(c)})
                _fail(task, f"level {level}: the prompt has characters outside the env charset: {bad[:5]}")
            try:
                json.dumps(p.to_dict(), allow_nan=False)
            except (TypeError, ValueError) as exc:
                _fail(task, f"level {level}: the record is not JSON-serialisable ({exc})")
    return _effort_rises(task, problems)


def check_knob_validation(task) -> None:
    """Out-of-range and unknown knob overrides raise ValueError naming the knob."""
    task = _task(task)
    for knob in task.knobs:
        bad = knob.valid[1] + 1 if knob.valid else ("not-a-choice" if knob.choices else "yes")
        try:
            task.generate(seed=0, difficulty=3, **{knob.name: bad})
        except ValueError as exc:
            if knob.name not in str(exc):
                _fail(task, f"the error for a bad {knob.name!r} must name the knob: {exc}")
        else:
            _fail(task, f"knob {knob.name!r} accepted the invalid value {bad!r}")
    try:
        task.generate(seed=0, difficulty=3, no_such_knob=1)
    except ValueError:
        pass
    else:
        _fail(task, "an unknown knob name was accepted")
    for level in (0, task.max_level + 1, "5"):
        try:
            task.generate(seed=0, difficulty=level)
        except ValueError:
            continue
        _fail(task, f"difficulty {level!r} was accepted")


def check_determinism(task, seeds=range(5)) -> None:
    """The same inputs give the same problem; the knob defaults at a level are stable."""
    task = _task(task)
    for level in _probe_levels(task):
        for seed in seeds:
            a = task.generate(seed=seed, difficulty=level).to_dict()
            b = task.generate(seed=seed, difficulty=level).to_dict()
            if a != b:
                _fail(task, f"seed {seed} level {level} gave two different problems")


def check_distinct_seeds(task, n: int = 10, level: int = 5, need: int = 8) -> None:
    """Distinct seeds give distinct problems (at least `need` distinct prompts of `n`)."""
    task = _task(task)
    prompts = {task.generate(seed=s, difficulty=level).prompt for s in range(n)}
    if len(prompts) < need:
        _fail(task, f"only {len(prompts)} distinct prompts from {n} seeds at level {level}")


def check_json_round_trip(task) -> None:
    """to_dict -> JSON -> from_dict gives the same record, and it still verifies."""
    task = _task(task)
    for level in _probe_levels(task):
        p = task.generate(seed=11, difficulty=level)
        back = Problem.from_dict(json.loads(json.dumps(p.to_dict())))
        if back.to_dict() != p.to_dict():
            _fail(task, "the JSON round trip changed the record")
        if not task.verify(back.to_dict(), tag(p.answer)).correct:
            _fail(task, "the reference answer does not verify against the round-tripped record")


def check_reference_verifies(task, seeds=range(4)) -> None:
    """The reference answer verifies: bare, inside reasoning text, boxed, and raw."""
    task = _task(task)
    for level in _probe_levels(task):
        for seed in seeds:
            p = task.generate(seed=seed, difficulty=level)
            forms = {
                "tagged": tag(p.answer),
                "inside reasoning": f"Let me work through this step by step.\nI think it's 42, no.\n{tag(p.answer)}\nDone.",
                "with a wrong earlier tag": f"{tag('wrong guess')} On reflection: {tag(p.answer)}",
            }
            for form, text in forms.items():
                verdict, _ = _timed_verify(task, p, text)
                if not (verdict.correct and verdict.reward == 1.0):
                    _fail(task, f"level {level} seed {seed}: the reference answer ({form}) was rejected: {verdict.feedback}")
            boxed = task.generate(seed=seed, difficulty=level, answer_style="boxed")
            if not task.verify(boxed, f"So the answer is \\boxed{{{boxed.answer}}}.").correct:
                _fail(task, f"level {level} seed {seed}: the boxed reference answer was rejected")
            raw = task.generate(seed=seed, difficulty=level, answer_style="raw")
            if not task.verify(raw, raw.answer).correct:
                _fail(task, f"level {level} seed {seed}: the raw reference answer was rejected")


def check_rejects_wrong(task, n: int = 12, level: int = 5) -> None:
    """Garbage is rejected, and another problem's answer is mostly rejected."""
    task = _task(task)
    problems = [task.generate(seed=s, difficulty=level) for s in range(n)]
    for p in problems[:3]:
        for text in ("", tag(""), tag("banana"), tag("I don't know"), p.answer if p.answer_style != "raw" else ""):
            verdict, _ = _timed_verify(task, p, text)
            if verdict.correct or verdict.reward != 0.0:
                _fail(task, f"the wrong answer {text[:40]!r} was accepted")
    pairs = accepted = 0
    for i, p in enumerate(problems):
        for q in problems[i + 1:]:
            if q.answer.strip() != p.answer.strip():
                pairs += 1
                accepted += task.verify(p, tag(q.answer)).correct
    if pairs == 0:
        _fail(task, f"all {n} problems at level {level} have the same reference answer")
    if accepted > pairs // 2:
        _fail(task, f"{accepted} of {pairs} other problems' answers were accepted: the verifier is too lenient")


def check_hostile(task, level: int = 5) -> float:
    """Verify never raises, never writes files, rewards 0 and stays bounded on hostile text.

    Returns the slowest verify time (seconds) for reporting.
    """
    task = _task(task)
    # a few hostile strings ("-0", "inf", "1/0") are legitimate answers to some problems: test on
    # a problem whose reference answer is not one of them
    candidates = (task.generate(seed=s, difficulty=level) for s in range(20))
    p = next((q for q in candidates if q.answer.strip().lower() not in LOOKALIKES), None) \
        or task.generate(seed=0, difficulty=level)
    before = set(os.listdir("."))
    slowest = 0.0
    for text in HOSTILE + [tag(p.answer * 200), tag(p.answer) * 3000]:
        verdict, seconds = _timed_verify(task, p, text)
        slowest = max(slowest, seconds)
        if not isinstance(verdict, Verdict) or not 0.0 <= verdict.reward <= 1.0 or not isinstance(verdict.feedback, str):
            _fail(task, f"verify returned a malformed verdict {verdict!r}")
        if text in HOSTILE and verdict.reward != 0.0:
            _fail(task, f"hostile input {text[:40]!r} got reward {verdict.reward}")
        if seconds > HANG_GUARD_S:
            _fail(task, f"verify took {seconds:.1f}s on {text[:40]!r}: it must stay bounded")
    for text in (None, 42, b"bytes", ["list"]):
        verdict, _ = _timed_verify(task, p, text)
        if verdict.correct:
            _fail(task, f"a non-text response {text!r} was accepted")
    if set(os.listdir(".")) != before:
        _fail(task, f"verify created files: {sorted(set(os.listdir('.')) - before)}")
    return slowest


def check_env(task, level: int = 3) -> None:
    """The env passes Gymnasium's check_env and keeps its info promises."""
    from gymnasium.utils.env_checker import check_env as gym_check_env

    from procgym.envs import make

    task = _task(task)
    env = make(task, difficulty=level, max_turns=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_env warns about render modes it cannot rebuild
        try:
            gym_check_env(env, skip_render_check=True)
        except Exception as exc:
            _fail(task, f"check_env failed: {type(exc).__name__}: {exc}")
    obs, info = env.reset(seed=5)
    if info.get("problem", {}).get("task") != task.name or "verdict" not in info:
        _fail(task, "reset's info must carry the problem record and the verdict")
    if obs != info["problem"]["prompt"]:
        _fail(task, "the first observation must be the prompt")


def check_invalid_actions(task, level: int = 3) -> None:
    """Interactive tasks answer invalid and hostile actions with an observation, never a crash."""
    from procgym.envs import make

    task = _task(task)
    if not task.interactive:
        return
    env = make(task, difficulty=level, max_turns=len(HOSTILE) + 1)
    env.reset(seed=1)
    for text in HOSTILE:
        try:
            observation, reward, terminated, truncated, _ = env.step(text)
        except Exception as exc:
            _fail(task, f"the env raised {type(exc).__name__} on the action {text[:40]!r}: {exc}")
        if not isinstance(observation, str) or reward != 0.0:
            _fail(task, f"the action {text[:40]!r} must give a text observation and no reward")
        if observation.startswith(STEP_CRASHED):  # the step's safety net caught an exception
            _fail(task, f"the dynamics raised on the action {text[:40]!r}: {observation}")
        if terminated or truncated:
            env.reset(seed=1)


def check_effort(task, seeds=EFFORT_SEEDS) -> dict[int, float]:
    """Each level is at least as hard as the one before: the mean of `task.effort` over seeds does
    not fall from one level to the next by more than sampling noise (two standard errors of the
    difference; any fall at all where the effort does not vary), and the top level needs more than
    level 1. A released level (2-10) that is easier and can never change is allowed only when the
    task lists it in `released_dips` with the reason, and a listed level that no longer falls fails
    too. Returns the mean per level. (`check_levels` runs this on the problems it checks.)"""
    task = _task(task)
    return _effort_rises(task, _generated(task, seeds))


def _effort_rises(task: Task, problems: dict[int, list[Problem]]) -> dict[int, float]:
    stats = {}
    for level, batch in problems.items():
        values = []
        for p in batch:
            try:
                value = task.effort(p)
            except Exception as exc:
                _fail(task, f"effort raised {type(exc).__name__} on level {level} seed {p.seed}: {exc}")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                _fail(task, f"effort must be a finite number >= 0, got {value!r} on level {level} seed {p.seed}")
            values.append(float(value))
        mean = sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1)
        stats[level] = (mean, var / len(values))
    dips = dict(task.released_dips)
    if any(level not in RELEASED for level in dips) or not all(str(why).strip() for why in dips.values()):
        _fail(task, f"released_dips may list only released levels 2-10, each with a reason, got {sorted(dips)}")
    for level in task.levels[1:]:
        (mean, se2), (before, se2_before) = stats[level], stats[level - 1]
        falls = mean < before - 2 * math.sqrt(se2 + se2_before)
        if falls and level not in dips:
            _fail(task, f"level {level} is easier than level {level - 1}: mean effort {mean:.4g} < {before:.4g}")
        if level in dips and not mean < before:
            _fail(task, f"released_dips lists level {level}, but it is not easier than level {level - 1}: remove it")
    first, last = stats[1][0], stats[task.max_level][0]
    if not last > first:
        _fail(task, f"level {task.max_level} needs no more effort than level 1 ({last:.4g} vs {first:.4g})")
    return {level: mean for level, (mean, _) in stats.items()}


def check_oracle(task, levels=None, episodes: int = 3) -> int:
    """The oracle agent solves every episode at levels 1, 5, 10 and the task's highest (or
    `levels`); returns the number solved."""
    from procgym.agents import OracleAgent, play_episode
    from procgym.envs import make

    task = _task(task)
    solved = 0
    for level in levels or _probe_levels(task):
        env = make(task, difficulty=level)
        for seed in range(episodes):
            result = play_episode(env, OracleAgent(task), seed=seed)
            if not result["solved"] or result["return"] < 1.0:
                _fail(task, f"the oracle failed level {level} seed {seed} after {result['turns']} turns")
            solved += 1
    return solved


TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")  # OpenAI's rule for a function's name
_SCHEMA_TYPES = {"string", "integer", "number", "boolean", "array"}


def _check_tool_schema(task: Task, schema: dict) -> str:
    """The function name of one OpenAI tool schema; fails naming what is malformed."""
    function = schema.get("function") if schema.get("type") == "function" else None
    if not isinstance(function, dict):
        _fail(task, f"a tool schema must be {{'type': 'function', 'function': {{...}}}}, got {str(schema)[:80]}")
    name = function.get("name")
    if not isinstance(name, str) or not TOOL_NAME.fullmatch(name):
        _fail(task, f"tool name {name!r} must match ^[a-zA-Z0-9_-]{{1,64}}$")
    if not isinstance(function.get("description"), str) or not function["description"].strip():
        _fail(task, f"tool {name} needs a description")
    params = function.get("parameters")
    if not isinstance(params, dict) or params.get("type") != "object" or not isinstance(params.get("properties"), dict):
        _fail(task, f"the parameters of tool {name} must be an object schema with properties")
    if not set(params.get("required", [])) <= set(params["properties"]):
        _fail(task, f"tool {name} requires parameters it does not declare")
    for pname, prop in params["properties"].items():
        kind = prop.get("type") if isinstance(prop, dict) else None
        if kind not in _SCHEMA_TYPES or not str(prop.get("description", "")).strip():
            _fail(task, f"parameter {pname!r} of tool {name} needs a JSON Schema type and a description")
        if kind == "array" and prop.get("items", {}).get("type") not in _SCHEMA_TYPES - {"array"}:
            _fail(task, f"array parameter {pname!r} of tool {name} needs the type of its items")
    try:
        json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError) as exc:
        _fail(task, f"the schema of tool {name} is not JSON ({exc})")
    return name


def _tool_call(task: Task, action: str) -> dict:
    """The one tool call that writes the text `action`: {"name", "arguments"}."""
    from procgym.kit.tools import ToolCallError

    calls = [(tool, args) for tool in task.tools for args in [tool.match(action)] if args is not None]
    if len(calls) != 1:
        _fail(task, f"the action {action[:60]!r} must match exactly one tool, but matches "
                    f"{[tool.name for tool, _ in calls] or 'none'}")
    tool, args = calls[0]
    try:
        tool.to_action(args)
    except ToolCallError as exc:
        _fail(task, f"tool {tool.name} matched {action[:60]!r} with arguments it refuses: {exc}")
    return {"name": tool.name, "arguments": args}


def check_tools(task, seeds=range(2), level: int = 2) -> None:
    """Typed tools: every task declares valid OpenAI function schemas; a single-answer task's
    submit_answer with the reference answer is correct; an interactive task's reference episode
    played as tool calls (each action through `tool.match`) gives the observations, rewards,
    done flags and states of the text episode."""
    from procgym.envs import make
    from procgym.extract import mark_answer

    task = _task(task)
    if not task.tools:
        _fail(task, "it declares no tools (an interactive task declares one per kind of action)")
    names = [_check_tool_schema(task, tool.schema()) for tool in task.tools]
    if len(set(names)) != len(names):
        _fail(task, f"tool names must be distinct, got {names}")
    for seed in seeds:
        text_env, tool_env = make(task, difficulty=level), make(task, difficulty=level)
        text_env.reset(seed=seed)
        tool_env.reset(seed=seed)
        problem = text_env.problem
        if not task.interactive:
            call = {"name": "submit_answer", "arguments": {"answer": problem.answer}}
            _, reward, terminated, *_ = tool_env.step(call)
            if reward != 1.0 or not terminated:
                _fail(task, f"seed {seed}: submit_answer with the reference answer was not correct")
            continue
        done = False
        while not done:
            action = task.policy(problem, text_env.state)
            call = _tool_call(task, action)
            # one seed sends the call as a dict, the other as the JSON text a model writes
            sent = call if seed % 2 == 0 else json.dumps(call)
            by_text = text_env.step(mark_answer(action, problem.answer_style))[:4]
            by_tool = tool_env.step(sent)[:4]
            if by_text != by_tool or text_env.state != tool_env.state:
                _fail(task, f"seed {seed} turn {text_env.turn}: the action {action[:60]!r} and the call {call} "
                            f"differ: {str(by_text)[:120]} vs {str(by_tool)[:120]}")
            done = by_text[2] or by_text[3]


# --------------------------------------------------------------------------- adversarial

ADVERSARIAL_LEVELS = (1, 5, 10)
ADVERSARIAL_SEEDS = range(6)
# the seven points the old equivalence check probed; an answer that is wrong only by a product
# vanishing there passed it
PROBE_ATTACK = "(x - 37/100)(x + 83/100)(x - 121/100)(x - 27/10)(x + 19/10)(x - 53/10)(x - 7/100)"
_LABELLED = re.compile(r"^\s*([A-Za-z_][\w ]{0,30}?)\s*=\s*([^,;=\n]+?)\s*$")
_EXAMPLE = re.compile(r"for example <answer>(.*)</answer>\.?\s*$", re.S)


def _wrong_answer(task: Task, p: Problem) -> str | None:
    """Another problem's reference answer that is wrong for `p` (same level), or None."""
    for seed in range(p.seed + 1, p.seed + 25):
        other = task.generate(seed=seed, difficulty=p.difficulty).answer
        if other.strip() != p.answer.strip() and not task.verify(p, tag(other)).correct:
            return other
    return None


def _adversarial_problems(task: Task):
    for level in ADVERSARIAL_LEVELS:
        for seed in ADVERSARIAL_SEEDS:
            yield task.generate(seed=seed, difficulty=level)


def _must_reject(task: Task, p: Problem, text: str, what: str) -> None:
    verdict, _ = _timed_verify(task, p, tag(text))
    if verdict.correct or verdict.reward != 0.0:
        _fail(task, f"level {p.difficulty} seed {p.seed}: {what} was accepted: {text[:80]!r}")


def _must_accept(task: Task, p: Problem, text: str, what: str) -> None:
    verdict, _ = _timed_verify(task, p, tag(text))
    if not verdict.correct:
        _fail(task, f"level {p.difficulty} seed {p.seed}: {what} was rejected: {text[:80]!r} ({verdict.feedback})")


def _on_last(task: Task, answer: str, fmt: str) -> str:
    """`fmt` applied to the answer, or for an interactive task to its last action only: the
    actions before it are a plan played out, and a hedge hides in the action that ends it."""
    answer = answer.strip()
    if not task.interactive or "\n" not in answer:
        return fmt.format(answer)
    head, last = answer.rsplit("\n", 1)
    return head + "\n" + fmt.format(last)


def check_hedges(task) -> None:
    """The right answer joined with a wrong one, negated or disowned is not an answer."""
    task = _task(task)
    for p in _adversarial_problems(task):
        a = p.answer.strip()
        b = _wrong_answer(task, p)
        hedges = {_on_last(task, a, "not {}"): "a negation", _on_last(task, a, "{} is wrong"): "a disowned answer",
                  _on_last(task, a, "x != {}"): "an inequation", _on_last(task, a, "{} or maybe not"): "a hedge"}
        if b is not None:
            b = b.strip()
            first_b = b.split("\n", 1)[0] if task.interactive else b
            hedges.update({_on_last(task, a, "{} or " + first_b.replace("{", "{{").replace("}", "}}")): "a hedge",
                           f"{a}\n{b}": "two candidates", f"{a}\n\n{b}": "two candidates"})
            if not task.interactive:
                hedges.update({f"{b} or {a}": "a hedge", f"{b}\n{a}": "two candidates"})
                if "," not in a and "\n" not in a:
                    hedges[f"{a}, {b}"] = "a list where one value is asked"
        if not task.interactive and "\n" not in a and "," not in a:
            hedges[f"0, {a}"] = "a list where one value is asked"
            hedges[f"3x + 1 = {a}"] = "an equation whose left side is not the unknown"
            if re.fullmatch(r"[1-9]\d{0,17}", a):
                n = int(a)
                hedges[f"-{a}"] = "the negated value"
                factor = next((k for k in range(2, min(1000, n)) if n % k == 0 and n // k > 1), None)
                if factor:
                    hedges[f"{factor} {n // factor}"] = "two numbers side by side"
                    hedges[f"{factor}\n{n // factor}"] = "two numbers on two lines"
        for text, what in hedges.items():
            _must_reject(task, p, text, what)


def check_empty_and_leftover(task) -> None:
    """An empty answer (also after a wrong boxed one) and leftover words are refused."""
    task = _task(task)
    for p in _adversarial_problems(task):
        a = p.answer.strip()
        b = _wrong_answer(task, p)
        for text in ("", " ", "\n"):
            _must_reject(task, p, text, "an empty answer")
        if b is not None:
            verdict, _ = _timed_verify(task, p, f"\\boxed{{{b.strip()}}} <answer></answer>")
            if verdict.correct:
                _fail(task, "an empty tag after a wrong \\boxed{} answer was accepted")
        for fmt in ("{} I think", "I guess {}", "{} (not sure)"):
            _must_reject(task, p, _on_last(task, a, fmt), "leftover words")


def check_swapped_labels(task) -> None:
    """Labelled answers (`m = 23, n = 26`) are read by name: other orders pass, swapped values fail."""
    task = _task(task)
    for p in _adversarial_problems(task):
        parts = [part for part in re.split(r"[,;]\s*|\n", p.answer.strip()) if part.strip()]
        matches = [_LABELLED.match(part) for part in parts]
        if len(parts) < 2 or not all(matches):
            continue
        names = [m.group(1).strip() for m in matches]
        values = [m.group(2).strip() for m in matches]
        if len(set(names)) != len(names):
            continue
        _must_accept(task, p, ", ".join(reversed(parts)), "the labelled values in another order")
        i, j = next(((i, j) for i in range(len(values)) for j in range(i + 1, len(values))
                     if values[i] != values[j]), (None, None))
        if i is not None and not task.several_answers:
            swapped = list(values)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            _must_reject(task, p, ", ".join(f"{n} = {v}" for n, v in zip(names, swapped)), "swapped labels")


def check_probe_attack(task) -> None:
    """A symbolic answer plus a product that vanishes at fixed points is not equivalent."""
    from procgym.parsing import ParseError, parse_expression

    task = _task(task)
    for p in _adversarial_problems(task):
        a = p.answer.strip()
        if "x" not in a or "\n" in a:
            continue
        body = a.split("=", 1)[1] if a.count("=") == 1 else a
        try:
            parse_expression(body, ("x",))
        except ParseError:
            continue
        _must_reject(task, p, f"{a} + {PROBE_ATTACK}", "the fixed-probe-point attack")


def check_accepted_forms(task) -> None:
    """Typographic variants of the right answer pass: a trailing full stop, a no-break space,
    U+2212 for minus, full-width digits, $...$ and backticks around it."""
    task = _task(task)
    wide = str.maketrans("0123456789", "０１２３４５６７８９")
    for p in _adversarial_problems(task):
        a = p.answer.strip()
        forms = {f"`{a}`": "backticks", f" {a} ": "surrounding spaces"}
        if "\n" not in a:
            forms[f"${a}$"] = "math mode"
        if not task.keeps_full_stop:
            forms[f"{a}."] = "a trailing full stop"
        if " " in a:
            forms[a.replace(" ", "\u00a0")] = "no-break spaces"
        if "-" in a:
            forms[a.replace("-", "\u2212")] = "U+2212 minus signs"
        if any(c.isdigit() for c in a):
            forms[a.translate(wide)] = "full-width digits"
        for text, what in forms.items():
            _must_accept(task, p, text, f"the right answer with {what}")


def prompt_example(prompt: str) -> str | None:
    """The example answer the prompt shows (the text inside its `for example <answer>` tag)."""
    m = _EXAMPLE.search(prompt)
    return None if m is None else m.group(1)


def check_example_not_correct(task, seeds=range(20)) -> None:
    """The prompt's example answer is never a correct answer to its own problem, unless the task
    declares `closed_answers` (yes/no, a handful of labels)."""
    task = _task(task)
    if task.closed_answers:
        return
    for level in ADVERSARIAL_LEVELS:
        for seed in seeds:
            p = task.generate(seed=seed, difficulty=level)
            example = prompt_example(p.prompt)
            if example is not None and task.verify(p, tag(example)).correct:
                _fail(task, f"level {level} seed {seed}: the prompt's example {example[:40]!r} is a correct answer")


def check_example_does_not_leak(task, seeds=range(20)) -> None:
    """A per-problem example must not reveal the answer. An example swapped in only where the
    task's usual example would be right tells the model that the usual one is the answer. Fails
    when every sampled problem that shows another example is one where the usual example is right."""
    task = _task(task)
    if task.closed_answers:
        return
    swapped = [p for level in ADVERSARIAL_LEVELS for seed in seeds
               for p in [task.generate(seed=seed, difficulty=level)] if prompt_example(p.prompt) != task.example]
    if swapped and all(task.verify(p, tag(task.example)).correct for p in swapped):
        _fail(task, f"the example differs from {task.example!r} only in problems whose answer it is "
                    f"({len(swapped)} of {len(ADVERSARIAL_LEVELS) * len(seeds)}), so the swap gives the answer away")


ADVERSARIAL = [check_hedges, check_empty_and_leftover, check_swapped_labels, check_probe_attack,
               check_accepted_forms, check_example_not_correct, check_example_does_not_leak]


CHECKS = [check_declaration, check_levels, check_knob_validation, check_determinism, check_distinct_seeds,
          check_json_round_trip, check_reference_verifies, check_rejects_wrong, check_hostile, check_env,
          check_invalid_actions, check_oracle, check_tools, *ADVERSARIAL]


def check_task(task) -> None:
    """Run every contract check on one task."""
    for check in CHECKS:
        check(task)


# --------------------------------------------------------------------------- across processes

def fingerprints(names, seeds=range(3), levels=LEVELS_TO_PROBE) -> dict[str, str]:
    """A hash of each task's problems for the given seeds and levels."""
    import hashlib

    out = {}
    for name in names:
        task, h = _task(name), hashlib.sha256()
        for level in levels:
            for seed in seeds:
                h.update(task.generate(seed=seed, difficulty=level).to_json().encode())
        out[task.name] = h.hexdigest()
    return out


def fingerprints_in_subprocess(names, hash_seed: str) -> dict[str, str]:
    """`fingerprints` computed in a fresh interpreter with a given PYTHONHASHSEED."""
    code = ("import json, sys; from procgym.contract import fingerprints; "
            "print(json.dumps(fingerprints(json.loads(sys.argv[1]))))")
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    # safe: runs our own fingerprint code over registered task names; no model text reaches it
    out = subprocess.run([sys.executable, "-c", code, json.dumps(list(names))], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
