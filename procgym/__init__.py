"""procgym: procedural reasoning tasks with exact verifiers, as Gymnasium environments.

    import procgym
    procgym.tasks("graphs/*")
    p = procgym.generate("graphs/shortest_path", seed=7, difficulty=5)
    procgym.verify(p, "<answer>A,C,D</answer>")
    env = procgym.make("games/mastermind", difficulty=3)
    procgym.games(); m = procgym.new_match("kuhn_poker", seed=7)   # multiplayer games (procgym.kit.multiplayer)
"""
from .api import generate, verify
from .kit.multiplayer import get_game, games, new_match
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


__all__ = ["Draft", "InteractiveTask", "Knob", "Problem", "Task", "Verdict", "categories", "games", "generate",
           "get", "get_game", "new_match", "make", "register", "select", "tasks", "verify"]

# `gymnasium.make("procgym/<category>.<task>-v0")` works after `import procgym`: the ids come from a
# generated list of names, so no generator is imported here (that waits for the first env made)
from procgym.envs.registration import register_packaged as _register_packaged  # noqa: E402

_register_packaged()
