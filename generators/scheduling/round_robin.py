"""Round-robin CPU scheduling: completion times of processes under a time quantum."""
from __future__ import annotations

import re
from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._job_lists import read_per_item

_BURST = re.compile(r"^P\d+: arrives at \d+, needs (\d+) units?", re.MULTILINE)  # read back by effort
TIME_LABELS = {"completion times", "completion", "times", "finish times", "answer"}


def round_robin(arrival: list[int], burst: list[int], quantum: int, switch: int = 0) -> list[int]:
    """Completion times by an event simulation of the stated rules.

    Arrivals at time t enter the queue before a process preempted at t; simultaneous arrivals
    enter in index order. Dispatching a process other than the last one that ran costs `switch`
    time units first (never before the very first dispatch)."""
    n = len(arrival)
    pending = sorted(range(n), key=lambda i: (arrival[i], i))
    queue: deque[int] = deque()
    left = list(burst)
    done = [0] * n
    time, k, last, finished = 0, 0, None, 0

    def admit(upto: int) -> None:
        nonlocal k
        while k < n and arrival[pending[k]] <= upto:
            queue.append(pending[k])
            k += 1

    while finished < n:
        admit(time)
        if not queue:
            time = arrival[pending[k]]
            continue
        p = queue.popleft()
        if switch and last is not None and p != last:
            time += switch
            admit(time)
        run = min(quantum, left[p])
        time += run
        left[p] -= run
        admit(time)
        if left[p] == 0:
            done[p] = time
            finished += 1
        else:
            queue.append(p)
        last = p
    return done


@register
class RoundRobin(Task):
    """Round-robin CPU scheduling: processes with arrival and burst times share one CPU with a
    fixed time quantum; give every process's completion time. The rules, including the order
    when an arrival and a preemption happen at the same moment, are stated exactly and the
    answer comes from an event simulation of them. Higher levels add processes and longer
    bursts, stagger the arrivals (so the CPU can go idle and arrivals land mid-queue), and from
    level 7 charge a context-switch cost whenever the CPU changes process."""

    name = "scheduling/round_robin"
    knobs = (
        Knob("n_procs", [2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16], (1, 26),
             doc="number of processes"),
        Knob("quantum", [(2, 4)] * 3 + [(2, 5)] * 3 + [(2, 6)] * 2 + [(3, 6)] * 12, (1, 50), doc="the time quantum"),
        Knob("max_burst", [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], (1, 200),
             doc="longest CPU burst"),
        Knob("arrival_spread", [0, 2, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (0, 500),
             doc="arrival times are 0..this"),
        Knob("switch_cost", [0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4], (0, 20),
             doc="time to switch to a different process"),
    )
    answer_format = "the completion times of P1, P2, ... in that order, as a comma-separated list of integers"
    example = "14,6,0"  # every process needs CPU time, so none finishes at 0: never an answer

    def build(self, rng, params):
        n, q, s = params["n_procs"], params["quantum"], params["switch_cost"]
        spread = params["arrival_spread"]
        arrival = sorted(rng.randint(0, spread) for _ in range(n))
        arrival[0] = 0
        rng.shuffle(arrival)
        burst = [rng.randint(1, params["max_burst"]) for _ in range(n)]
        if max(burst) <= q:  # someone must be preempted
            burst[rng.randrange(n)] = q + rng.randint(1, max(1, q))
        done = round_robin(arrival, burst, q, s)
        table = "\n".join(f"P{i + 1}: arrives at {a}, needs {b} unit{'s' if b != 1 else ''} of CPU time"
                          for i, (a, b) in enumerate(zip(arrival, burst)))
        rules = [f"Processes join the back of a single ready queue when they arrive; processes arriving at the same "
                 f"time join in order of their numbers (P1 before P2).",
                 f"Whenever the CPU is free, it takes the process at the front of the queue and runs it for up to "
                 f"{q} time units (the quantum). A process that finishes within its quantum leaves at once; "
                 f"otherwise, after {q} units it goes to the back of the queue.",
                 "If a process arrives at the same moment that another process's quantum runs out, the arriving "
                 "process joins the queue before the preempted one.",
                 "If the queue is empty, the CPU stays idle until the next arrival."]
        if s:
            rules.append(f"Before running a process other than the one that ran last, the CPU spends {s} time "
                         f"unit{'s' if s != 1 else ''} switching (there is no switch before the very first process, "
                         f"and none when the process that just ran continues). Processes that arrive during a "
                         f"switch join the queue as usual.")
        question = (f"{n} processes share one CPU under round-robin scheduling, starting at time 0.\n{table}\n\n"
                    f"Rules:\n" + "\n".join(f"- {r}" for r in rules)
                    + "\n\nAt what time does each process finish?")
        return Draft(question, ",".join(map(str, done)), {"done": done})

    def effort(self, problem):
        # the simulation dispatches every process once per quantum it needs, and admits each arrival
        quantum = problem.params["quantum"]
        bursts = [int(b) for b in _BURST.findall(problem.prompt)]
        return sum(-(-b // quantum) for b in bursts) + len(bursts)

    def grade(self, answer, problem):
        expected = problem.check["done"]
        try:
            given = read_per_item(read_parts(answer, [TIME_LABELS])[0], "P", len(expected))
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give {len(expected)} completion times, one per process.")
        wrong_ones = [f"P{i + 1}" for i, (g, e) in enumerate(zip(given, expected)) if g != e]
        if not wrong_ones:
            return right()
        return wrong(f"{len(wrong_ones)} of the completion times are wrong.")

