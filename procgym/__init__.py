"""procgym: procedural reasoning tasks with exact verifiers, as Gymnasium environments.

    import procgym
    procgym.tasks("graphs/*")
    p = procgym.generate("graphs/shortest_path", seed=7, difficulty=5)
    procgym.verify(p, "<answer>A,C,D</answer>")
    env = procgym.make("games/mastermind", difficulty=3)
"""
from .api import generate, verify
from .knobs import Knob
from .problem import Problem
from .registry import categories, get, register, select, tasks
from .task import Draft, InteractiveTask, Task
from .verdict import Verdict

__version__ = "0.1.0"


def make(name: str, **kwargs):
    """A gymnasium.Env for a task: `make("games/mastermind", difficulty=3, max_turns=12)`."""
    from procgym.envs import make as _make

    return _make(name, **kwargs)


__all__ = ["Draft", "InteractiveTask", "Knob", "Problem", "Task", "Verdict", "categories", "generate",
           "get", "make", "register", "select", "tasks", "verify"]
