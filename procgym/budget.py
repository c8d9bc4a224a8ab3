"""Per-call time budgets for verifiers and interactive steps: a cooperative deadline.

A verifier runs inside every RL step on text written by a model that is optimised to get
reward, so it must never hang its caller. How the budget is enforced, and why this way:

- `signal.alarm` is out: it only works in the main thread of the main interpreter, so it fails
  in thread pools, async servers and Ray actors.
- A watchdog process per call is out: a process hop costs far more than the ~20 microseconds a
  simple verification takes.
- So the work is bounded in two layers. First by construction: the safe parser caps text
  length, digits, AST nodes, nesting depth, exponents and the size of numeric powers, and
  symbolic equivalence evaluates at a fixed number of probe points with fixed precision, so no
  single sympy call can blow up. Second, a deadline held in a `ContextVar` (one per thread and
  per asyncio task; nothing is shared across processes) is set when a verification or a step
  starts, and the loops whose length depends on the answer call `check()`, which raises
  `BudgetExceeded` once the deadline has passed. `Task.verify` turns that into a verdict of 0
  saying why; `InteractiveTask.step` into an observation saying why.

Setting the deadline costs one `time.monotonic()` and a ContextVar set/reset (well under a
microsecond). `check()` outside any budget is a no-op.

    with budget(0.5):            # an outer caller may tighten (never loosen) the budget
        procgym.verify(problem, text)
    for action in ticking(actions):   # a loop that checks the deadline each round
        ...
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")


def _default_budget() -> float:
    raw = os.environ.get("PROCGYM_VERIFY_BUDGET_S", "")
    try:
        value = float(raw) if raw else 2.0
    except ValueError:
        raise ValueError(f"PROCGYM_VERIFY_BUDGET_S must be a number of seconds, got {raw!r}") from None
    if not value > 0:
        raise ValueError(f"PROCGYM_VERIFY_BUDGET_S must be positive, got {raw!r}")
    return value


DEFAULT_BUDGET_S = _default_budget()  # seconds per verify call or step; generous: hostile input takes < 0.1 s

_DEADLINE: ContextVar[float | None] = ContextVar("procgym_deadline", default=None)


class BudgetExceeded(BaseException):
    """The current verification ran past its deadline.

    A BaseException (like KeyboardInterrupt), so a verifier's own `except Exception` cannot
    swallow it and carry on; only the task machinery catches it.
    """


def start(seconds: float) -> object:
    """Open a budget of `seconds` from now (never later than an enclosing one); returns the token
    that `stop` needs. For the hot path; elsewhere use the `budget` context manager."""
    deadline = time.monotonic() + seconds
    current = _DEADLINE.get()
    return _DEADLINE.set(deadline if current is None or deadline < current else current)


def stop(token) -> None:
    """Close the budget `start` opened."""
    _DEADLINE.reset(token)


@contextmanager
def budget(seconds: float = DEFAULT_BUDGET_S):
    """Run the block under a deadline `seconds` from now (or the enclosing, earlier one)."""
    if not seconds > 0:
        raise ValueError(f"a budget must be a positive number of seconds, got {seconds!r}")
    token = start(seconds)
    try:
        yield
    finally:
        stop(token)


def remaining() -> float | None:
    """Seconds left in the current budget, or None outside any budget."""
    deadline = _DEADLINE.get()
    return None if deadline is None else deadline - time.monotonic()


def check() -> None:
    """Raise BudgetExceeded if the current budget has run out; a no-op outside any budget."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.monotonic() > deadline:
        raise BudgetExceeded("the time budget ran out")


def ticking(items: Iterable[T], every: int = 1) -> Iterator[T]:
    """Iterate over `items`, checking the deadline every `every` items."""
    for i, item in enumerate(items):
        if i % every == 0:
            check()
        yield item
