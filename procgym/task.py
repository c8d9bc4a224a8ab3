"""The task base classes: what a task family declares, and what the framework does for it.

A single-answer task declares `name`, `knobs`, `answer_format` and `example`, and implements
three methods:

    build(rng, params) -> Draft      # a question, one reference answer, and what grade() needs
    grade(answer, problem) -> Verdict  # `answer` is the extracted final answer text
    effort(problem) -> float         # the work its reference solution needs (steps, nodes, moves)

An interactive task also implements its dynamics (see InteractiveTask). Everything else, seeding,
knob resolution, prompt formatting, extraction and the never-raise guarantee, lives here.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import ClassVar

from . import budget as _budget
from .budget import BudgetExceeded
from .extract import MAX_ANSWER_CHARS, MAX_RESPONSE_CHARS, extract_answer, marker_name
from .kit.normalize import normalize
from .kit.tools import SUBMIT_ANSWER, Tool
from .knobs import Knob, check_level, max_level, resolve
from .problem import ANSWER_STYLES, Problem
from .prompts import format_prompt
from .seeding import LazyRng, stable_rng
from .verdict import Verdict, wrong


# What the safety nets below answer when a verifier or a step raised. The caller is protected,
# but it is a bug in the task: the contract suite and the fuzzers look for these.
VERIFY_CRASHED = "The answer could not be checked"
STEP_CRASHED = "That action could not be processed"


@dataclass
class Draft:
    """What `build` returns: the question text, one reference answer, and the verifier's data.

    `answer_format` and `example` override the task's own for this problem, for families whose
    problems ask for different kinds of answer (a date in one, a weekday in another).
    """

    question: str
    answer: str
    check: dict = field(default_factory=dict)
    answer_format: str | None = None
    example: str | None = None


class Task:
    """Base of every single-answer task. Subclass it, set the class attributes, register it."""

    name: ClassVar[str] = ""
    knobs: ClassVar[tuple[Knob, ...]] = ()
    answer_format: ClassVar[str] = ""  # e.g. "a reduced fraction p/q"
    example: ClassVar[str] = ""  # an example of the format (not an answer to any problem)
    interactive: ClassVar[bool] = False
    # whether an answer may end in "." (a grid with '.' cells); otherwise one trailing full stop is
    # dropped before grading, as a sentence would end
    keeps_full_stop: ClassVar[bool] = False
    # whether the answer is one of a handful of fixed values (yes/no, a weekday): the prompt's
    # example may then coincide with the answer, and the contract suite allows it
    closed_answers: ClassVar[bool] = False
    # whether several different answers are correct (the verifier checks constraints: a proper
    # colouring, a shortest path); the contract suite then cannot assume swapped values are wrong
    several_answers: ClassVar[bool] = False
    # seconds one verify call (or one interactive step) may take; None: procgym.budget's default
    budget_s: ClassVar[float | None] = None
    # the task's actions as typed tools (procgym.kit.tools): a single-answer task submits its answer
    tools: ClassVar[tuple[Tool, ...]] = (SUBMIT_ANSWER,)
    # why the knobs stop before level 20 (procgym.knobs.HEADROOM_LEVEL), for a task that cannot grow
    cap_reason: ClassVar[str] = ""
    # released levels (1-10, which never change) whose mean effort falls below the level before,
    # each with the reason: the contract's effort check allows exactly these falls and no others
    released_dips: ClassVar[dict[int, str]] = {}

    # --- to implement -------------------------------------------------------------------------
    def build(self, rng: random.Random, params: dict) -> Draft:
        raise NotImplementedError

    def grade(self, answer: str, problem: Problem) -> Verdict:
        raise NotImplementedError

    def effort(self, problem: Problem) -> float:
        """The work the reference solution needs for this problem, counted on the solver's side
        (search nodes, steps, moves, constraints, terms): the contract suite checks that its mean
        over seeds does not fall from one level to the next."""
        raise NotImplementedError

    # --- provided -----------------------------------------------------------------------------
    @property
    def category(self) -> str:
        return self.name.split("/", 1)[0]

    @property
    def max_level(self) -> int:
        """The highest difficulty level this task accepts: 10, or more where its knobs go on."""
        return max_level(self.knobs)

    @property
    def levels(self) -> range:
        """Every level this task accepts, 1 to `max_level`."""
        return range(1, self.max_level + 1)

    def params(self, seed: int = 0, difficulty: int = 3, **overrides) -> dict:
        """The concrete knob values for a level (ranges drawn from a stream of their own)."""
        check_level(difficulty, self.max_level)
        rng = LazyRng(self.name, "knobs", difficulty, sorted(overrides.items()), seed)  # seeded only if a knob draws
        return resolve(self.knobs, difficulty, overrides, rng)

    def generate(self, seed: int = 0, difficulty: int = 3, answer_style: str = "tag", **overrides) -> Problem:
        """A problem, determined by (name, concrete knob values, seed).

            task.generate(seed=7, difficulty=5, n_nodes=12)
        """
        if answer_style not in ANSWER_STYLES:
            raise ValueError(f"answer_style must be one of {list(ANSWER_STYLES)}, got {answer_style!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        params = self.params(seed, difficulty, **overrides)
        draft = self.build(stable_rng(self.name, params, seed), dict(params))
        prompt = format_prompt(draft.question, draft.answer_format or self.answer_format, draft.example or self.example,
                               answer_style, self.interactive)
        return Problem(self.name, seed, difficulty, params, prompt, draft.answer, draft.check, answer_style)

    def verify(self, problem: Problem | dict, text: str) -> Verdict:
        """Score a response. Never raises and never hangs: any failure, or running past the time
        budget (see procgym.budget), is a verdict of 0 with a reason."""
        seconds = self.budget_s or _budget.DEFAULT_BUDGET_S
        token = _budget.start(seconds)
        try:
            if isinstance(problem, dict):
                problem = Problem.from_dict(problem)
            if not isinstance(text, str):
                return wrong("The response is not text.")
            if len(text) > MAX_RESPONSE_CHARS:  # before extraction: no scan of a giant text at all
                return wrong(f"The response is longer than {MAX_RESPONSE_CHARS} characters.")
            answer = extract_answer(text, problem.answer_style)
            if answer is None:
                return wrong(f"No final answer found: mark it with {marker_name(problem.answer_style)}.")
            if len(answer) > MAX_ANSWER_CHARS:
                return wrong(f"The answer is longer than {MAX_ANSWER_CHARS} characters.")
            answer = normalize(answer, full_stop=not self.keeps_full_stop)
            if not answer:
                return wrong("The answer is empty.")
            verdict = self.grade(answer, problem)
            if not isinstance(verdict, Verdict):
                return wrong("The verifier returned no verdict.")
            return verdict
        except BudgetExceeded:
            return wrong(f"The answer took longer than {seconds:g}s to check, so it was not accepted.")
        except (RecursionError, MemoryError):
            return wrong("The answer is too complex to check.")
        except Exception as exc:  # a verifier must never crash the caller; report what broke
            return wrong(f"{VERIFY_CRASHED} ({type(exc).__name__}).")
        finally:
            _budget.stop(token)

    def describe(self) -> str:
        lines = [f"{self.name}{' (interactive)' if self.interactive else ''}", (self.__doc__ or "").strip(),
                 f"answer format: {self.answer_format}",
                 f"levels: 1-{self.max_level}" + (f" ({self.cap_reason})" if self.cap_reason else ""), "knobs:"]
        lines += [f"  {k.describe()}" for k in self.knobs]
        return "\n".join(lines)


class InteractiveTask(Task):
    """A task with dynamics: the agent acts, observes and acts again.

    Implement `build` (the prompt states the rules and the action format; the Draft's `answer`
    is one winning action sequence, one action per line), plus:

        initial_state(problem) -> dict
        transition(problem, state, action) -> (observation, reward, done)   # may mutate `state`
        policy(problem, state) -> str   # the reference policy's next action; it must win

    `transition` must be deterministic given (problem, state, action) and must answer an
    invalid action with an observation saying why, never an exception. `grade` replays the
    actions of an answer through the dynamics, so the env and the verifier cannot disagree.
    """

    interactive: ClassVar[bool] = True
    tools: ClassVar[tuple[Tool, ...]] = ()  # every interactive task declares its own

    def initial_state(self, problem: Problem) -> dict:
        raise NotImplementedError

    def transition(self, problem: Problem, state: dict, action: str) -> tuple[str, float, bool]:
        raise NotImplementedError

    def policy(self, problem: Problem, state: dict) -> str:
        raise NotImplementedError

    def step(self, problem: Problem, state: dict, action: str) -> tuple[dict, str, float, bool]:
        """A pure step: (new state, observation, reward, done); `state` is left unchanged.

        Never raises and never hangs: an action that is not text, too long, too slow to process
        (see procgym.budget) or that breaks the dynamics gets an observation saying so, no
        reward, and leaves the state as it was."""
        if not isinstance(action, str) or len(action) > MAX_ANSWER_CHARS:
            # Still a turn, like any invalid action
            return self.refuse(problem, state, "That action is not text." if not isinstance(action, str)
                               else f"That action is longer than {MAX_ANSWER_CHARS} characters.")
        action = normalize(action, full_stop=not self.keeps_full_stop)
        seconds = self.budget_s or _budget.DEFAULT_BUDGET_S
        token = _budget.start(seconds)
        try:
            new = copy.deepcopy(state)
            observation, reward, done = self.transition(problem, new, action)
            return new, observation, float(reward), bool(done)
        except BudgetExceeded:
            return copy.deepcopy(state), f"That action took longer than {seconds:g}s to process.", 0.0, False
        except (RecursionError, MemoryError):
            return copy.deepcopy(state), "That action is too complex to process.", 0.0, False
        except Exception as exc:  # the dynamics must never crash an episode; say what broke
            return copy.deepcopy(state), f"{STEP_CRASHED} ({type(exc).__name__}).", 0.0, False
        finally:
            _budget.stop(token)

    def refuse(self, problem: Problem, state: dict, reason: str) -> tuple[dict, str, float, bool]:
        """A turn spent on an action that could not be read (no marked action, a malformed tool
        call): `reason` is one sentence. The task's own dynamics count an empty action; a base
        class with a turn budget (procgym.kit.TurnBudgetTask) says just the reason and the budget."""
        new, observation, _, done = self.step(problem, state, "")
        return new, f"{reason} {observation}", 0.0, done

    def grade(self, answer: str, problem: Problem) -> Verdict:
        actions = [line.strip() for line in answer.splitlines() if line.strip()]
        if not actions:
            return wrong("No actions given: write one action per line.")
        state, total, done = self.initial_state(problem), 0.0, False
        for i, action in enumerate(actions):
            _budget.check()  # a long list of actions replays step by step: stop at the deadline
            state, observation, reward, done = self.step(problem, state, action)
            total += reward
            if done:
                if i + 1 < len(actions):  # a second plan after the first one ended is a hedge
                    return wrong(f"The episode ended after action {i + 1}, but more actions follow.")
                break
        if done and total >= 1.0:
            return Verdict(1.0, True, "Solved.")
        if done:
            return wrong(f"The episode ended unsolved: {observation}")
        return wrong("The actions do not finish the episode.")
