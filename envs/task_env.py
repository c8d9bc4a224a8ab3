"""Any task as a gymnasium.Env with text observations and text actions.

Single-answer tasks become multi-turn through attempts: a wrong attempt returns feedback until
the attempts run out. Interactive tasks run their own dynamics, one action per step.

    env = TaskEnv("graphs/shortest_path", difficulty=5, max_turns=3, feedback="full")
    obs, info = env.reset(seed=7)       # reset(seed=s) gives the problem procgym.generate(seed=s) gives
    obs, reward, terminated, truncated, info = env.step("<answer>A,C,D</answer>")
"""
from __future__ import annotations

import json
import pickle

import gymnasium as gym

from procgym.extract import MAX_RESPONSE_CHARS, extract_answer, mark_answer, marker_name
from procgym.kit.tools import ToolCallError, read_tool_call, to_action
from procgym.problem import Problem
from procgym.registry import get
from procgym.task import InteractiveTask, Task
from procgym.verdict import Verdict

from .text import MAX_ACTION, MAX_OBSERVATION, text_space

FEEDBACK_LEVELS = ("none", "binary", "full")
DEFAULT_INTERACTIVE_TURNS = 200  # a safety cap; interactive tasks end themselves through their budgets


class TaskEnv(gym.Env):
    """A procgym task as a Gymnasium environment.

    Args:
        task: a registered task name or a Task instance.
        difficulty: a level from 1 to the task's `max_level` (20 for most tasks, 10 for a few).
        max_turns: attempts for single-answer tasks (default 1), a turn cap for interactive ones.
        feedback: after a wrong attempt show "none" (an empty observation), "binary"
            ("Incorrect.") or "full" (the verifier's sentence).
        answer_style: "tag", "boxed" or "raw": how responses mark the answer or action.
        **knobs: knob overrides passed to the task.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, task: str | Task, difficulty: int = 3, max_turns: int | None = None,
                 feedback: str = "full", answer_style: str = "tag", render_mode: str | None = None, **knobs):
        self.task = get(task) if isinstance(task, str) else task
        if feedback not in FEEDBACK_LEVELS:
            raise ValueError(f"feedback must be one of {list(FEEDBACK_LEVELS)}, got {feedback!r}")
        if max_turns is not None and (not isinstance(max_turns, int) or max_turns < 1):
            raise ValueError(f"max_turns must be a positive integer, got {max_turns!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.task.params(0, difficulty, **knobs)  # validates difficulty and knobs now, not at reset
        self.difficulty, self.feedback, self.answer_style, self.knobs = difficulty, feedback, answer_style, knobs
        self.max_turns = max_turns or (DEFAULT_INTERACTIVE_TURNS if self.task.interactive else 1)
        self.render_mode = render_mode
        self.observation_space = text_space(MAX_OBSERVATION)
        self.action_space = text_space(MAX_ACTION)
        self.problem: Problem | None = None
        self._record: bytes | None = None  # the pickled problem record of this episode
        self.state: dict | None = None
        self.history: list[dict] = []
        self.turn = 0
        self.done = False
        self.verdict: Verdict | None = None

    # -- gymnasium API ------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Start an episode. `reset(seed=s)` plays problem seed s; `options={"problem": record}`
        plays a given problem record (from a dataset, say)."""
        super().reset(seed=seed)
        options = options or {}
        if "problem" in options:
            record = options["problem"]
            self.problem = record if isinstance(record, Problem) else Problem.from_dict(record)
            if self.problem.task != self.task.name:
                raise ValueError(f"problem is for {self.problem.task!r}, this env plays {self.task.name!r}")
        else:
            problem_seed = seed if seed is not None else int(self.np_random.integers(0, 2**62))
            self.problem = self.task.generate(problem_seed, self.difficulty, self.answer_style, **self.knobs)
        self.state = self.task.initial_state(self.problem) if self.task.interactive else None
        # Every info gets its own copy of the record (callers keep infos; check_env insists), but
        # Problem.to_dict on every step cost more than most verifiers (bench/env_step.py): the
        # record is pickled once per episode and each info unpickles it, 5-10x faster.
        self._record = pickle.dumps(self.problem.to_dict(), pickle.HIGHEST_PROTOCOL)
        self.turn, self.done, self.verdict = 0, False, None
        self.history = [{"role": "user", "content": self.problem.prompt}]
        return self.problem.prompt, self._info()

    def step(self, action: str | dict):
        """One turn: `action` is the model's text (the answer or action marked as the prompt says)
        or one tool call, as OpenAI's JSON shape (a dict, or that JSON as text; see
        procgym.kit.tools.read_tool_call). Either form has the same dynamics."""
        if self.problem is None:
            raise RuntimeError("call reset() before step()")
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        if not isinstance(action, (str, dict)):
            action = str(action)
        self.turn += 1
        self.history.append({"role": "assistant",
                             "content": action if isinstance(action, str) else json.dumps(action, default=str)})
        if isinstance(self.task, InteractiveTask):
            observation, reward, terminated = self._act(action)
        else:
            observation, reward, terminated = self._attempt(action)
        truncated = not terminated and self.turn >= self.max_turns
        self.done = terminated or truncated
        self.history.append({"role": "user", "content": observation})
        return observation, reward, terminated, truncated, self._info()

    def render(self):
        text = "\n\n".join(f"[{m['role']}]\n{m['content']}" for m in self.history)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def tool_schemas(self) -> list[dict]:
        """The task's actions as OpenAI function schemas (submit_answer for a single-answer task)."""
        return [tool.schema() for tool in self.task.tools]

    # -- internals ----------------------------------------------------------------------------
    def _action_text(self, action) -> tuple[str | None, str | None]:
        """(the action text a tool call stands for, or None for plain text; the reason a tool call
        cannot be read, or None)."""
        try:
            call = read_tool_call(action)
            return (None if call is None else to_action(self.task.tools, call)), None
        except ToolCallError as exc:
            return None, str(exc)

    def _attempt(self, action):
        answer, problem = self._action_text(action)
        if problem is not None:  # a malformed call is named whatever the feedback level: it tells nothing of the answer
            self.verdict = Verdict(0.0, False, problem)
        else:
            self.verdict = self.task.verify(self.problem, action if answer is None
                                            else mark_answer(answer, self.problem.answer_style))
        if self.verdict.correct:
            return "Correct.", self.verdict.reward, True
        out_of_attempts = self.turn >= self.max_turns
        if problem is not None:
            observation = problem
        elif self.feedback == "none":
            observation = ""
        elif self.feedback == "binary":
            observation = "Incorrect."
        else:
            observation = self.verdict.feedback
        if not out_of_attempts and (self.feedback != "none" or problem is not None):
            observation += " Try again."
        return observation, self.verdict.reward, out_of_attempts

    def _act(self, text):
        # A reply without a readable action still costs its turn, as the rules say: the task
        # restates the turns left and the state after the reason.
        action, problem = self._action_text(text)
        if problem is None and action is None:
            if len(text) > MAX_RESPONSE_CHARS:  # before extraction, as Task.verify does
                problem = f"The response is longer than {MAX_RESPONSE_CHARS} characters."
            else:
                action = extract_answer(text, self.problem.answer_style)
                if action is None:
                    problem = f"No action found: mark your action with {marker_name(self.problem.answer_style)}."
        if problem is not None:
            self.state, observation, reward, done = self.task.refuse(self.problem, self.state, problem)
        else:
            self.state, observation, reward, done = self.task.step(self.problem, self.state, action)
        self.verdict = Verdict(reward, bool(done and reward >= 1.0), observation)
        return observation, reward, done

    def _info(self) -> dict:
        return {
            "problem": pickle.loads(self._record),  # safe: bytes this env pickled itself at reset
            "verdict": None if self.verdict is None else self.verdict.to_dict(),
            "turn": self.turn,
            "task": self.task.name,
        }
