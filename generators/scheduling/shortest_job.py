"""Shortest-job-first CPU scheduling (non-preemptive SJF, preemptive SRTF, and highest response
ratio next): completion times and the exact average waiting or turnaround time."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, read_number, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._job_lists import read_per_item

_ROW = re.compile(r"^P\d+: arrives at (\d+), CPU burst (\d+)$", re.MULTILINE)  # read back by effort
TIME_LABELS = {"completion times", "completion", "times", "finish times"}
AVERAGE_LABELS = {"average", "avg", "mean", "average waiting time", "average turnaround time", "average time",
                  "average completion time", "average response time"}


def schedule(arrival: list[int], burst: list[int], policy: str, stats: dict | None = None) -> list[int]:
    """Completion times under `policy` by a simulation of the stated rules.

    sjf: when the CPU is free, run the arrived process with the shortest burst to completion.
    srtf: at every whole time unit, run the arrived process with the least remaining time.
    hrrn: when the CPU is free, run the arrived process with the highest response ratio
    (waiting so far + burst) / burst to completion.
    Ties: shorter burst (hrrn only), then earlier arrival, then lower process number. The CPU
    idles only when nothing has arrived. With `stats`, stats["scanned"] counts the processes
    looked at: every step of the simulation checks each process for arrival and remaining time."""
    n = len(arrival)
    left = list(burst)
    done = [0] * n
    time, finished = 0, 0
    while finished < n:
        if stats is not None:
            stats["scanned"] = stats.get("scanned", 0) + n
        ready = [i for i in range(n) if arrival[i] <= time and left[i]]
        if not ready:
            time = min(arrival[i] for i in range(n) if left[i])
            continue
        if policy == "srtf":
            p = min(ready, key=lambda i: (left[i], arrival[i], i))
            # run until it finishes or the next arrival, whichever is first (the choice can only
            # change at an arrival)
            nxt = min((arrival[i] for i in range(n) if arrival[i] > time), default=time + left[p])
            run = min(left[p], nxt - time)
        else:
            if policy == "sjf":
                p = min(ready, key=lambda i: (burst[i], arrival[i], i))
            else:
                p = min(ready, key=lambda i: (-Fraction(time - arrival[i] + burst[i], burst[i]), burst[i],
                                              arrival[i], i))
            run = left[p]
        time += run
        left[p] -= run
        if left[p] == 0:
            done[p] = time
            finished += 1
    return done


POLICIES = {
    "sjf": ("non-preemptive shortest job first",
            "Whenever the CPU is free, it picks, among the processes that have arrived and not finished, the one "
            "with the shortest CPU burst, and runs it to completion without interruption."),
    "srtf": ("preemptive shortest remaining time first",
             "At every moment, the CPU runs, among the processes that have arrived and not finished, the one with "
             "the least remaining CPU time. When a process arrives whose burst is shorter than the remaining time "
             "of the running process, the running process is interrupted (it keeps its remaining time and can "
             "resume later)."),
    "hrrn": ("non-preemptive highest response ratio next",
             "Whenever the CPU is free, it computes for each process that has arrived and not finished the "
             "response ratio (time waited so far + burst) / burst, where the time waited so far is the current "
             "time minus the arrival time, picks the one with the highest ratio, and runs it to completion "
             "without interruption."),
}
TIES = {
    "sjf": "Ties are broken by earlier arrival, then by the lower process number.",
    "srtf": ("Ties are broken by earlier arrival, then by the lower process number (so a process that arrives with "
             "the same remaining time as the running one does not interrupt it)."),
    "hrrn": "Ties are broken by the shorter burst, then earlier arrival, then the lower process number.",
}


@register
class ShortestJobFirst(Task):
    """CPU scheduling under shortest job first (non-preemptive), shortest remaining time first
    (preemptive) or highest response ratio next: give every process's completion time and the
    exact average waiting (or turnaround) time. The answer comes from a simulation of the stated
    rules, tie-breaking included. Higher levels add processes, longer bursts and staggered
    arrivals (the CPU may idle, and arrivals land mid-run), move from SJF to preemption and to
    response ratios (fraction comparisons that change as time passes), add equal bursts so the
    tie rules matter, and ask for turnaround as well as waiting time."""

    name = "scheduling/shortest_job_first"
    knobs = (
        Knob("n_procs", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16], (1, 26),
             doc="number of processes"),
        Knob("max_burst", [5, 6, 7, 8, 9, 10, 10, 12, 12, 14, 14, 15, 16, 16, 18, 18, 20, 20, 22, 24], (1, 100),
             doc="longest CPU burst"),
        Knob("arrival_spread", [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38], (0, 500),
             doc="arrival times are 0..this"),
        Knob("policy", [["sjf"], ["sjf"], ["sjf", "srtf"], ["srtf"], ["sjf", "srtf"], ["srtf", "hrrn"],
                        ["srtf", "hrrn"], ["hrrn", "srtf"]] + [["srtf", "hrrn"], ["hrrn", "srtf"]] * 6,
             choices=tuple(POLICIES), doc="the scheduling policy"),
        Knob("ties", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 25),
             doc="processes given the burst of another"),
        Knob("metric", [["waiting"]] * 3 + [["waiting", "turnaround"]] * 17,
             choices=("waiting", "turnaround"), doc="which average is asked for"),
    )
    answer_format = ("the completion times of P1, P2, ... in that order as a comma-separated list, a semicolon, "
                     "then the average as an exact number (an integer, a fraction p/q or a terminating decimal)")
    example = "14,6,0; 23/3"  # every process needs CPU time, so none finishes at 0: never an answer

    def build(self, rng, params):
        n, policy, metric = params["n_procs"], params["policy"], params["metric"]
        arrival = sorted(rng.randint(0, params["arrival_spread"]) for _ in range(n))
        arrival[0] = 0
        rng.shuffle(arrival)
        burst = [rng.randint(1, params["max_burst"]) for _ in range(n)]
        for _ in range(min(params["ties"], n - 1)):
            i, j = rng.sample(range(n), 2)
            burst[i] = burst[j]
        done = schedule(arrival, burst, policy)
        per = [c - a - (b if metric == "waiting" else 0) for c, a, b in zip(done, arrival, burst)]
        avg = Fraction(sum(per), n)
        table = "\n".join(f"P{i + 1}: arrives at {a}, CPU burst {b}" for i, (a, b) in enumerate(zip(arrival, burst)))
        title, rule = POLICIES[policy]
        defn = ("A process's waiting time is its completion time minus its arrival time minus its burst (the time it "
                "spends ready but not running)." if metric == "waiting" else
                "A process's turnaround time is its completion time minus its arrival time.")
        question = (f"{n} processes share one CPU under {title} scheduling, starting at time 0.\n{table}\n\n"
                    f"{rule} {TIES[policy]} If no process is waiting, the CPU is idle until the next arrival. "
                    f"Switching between processes takes no time.\n\n{defn}\n\nGive the time at which each process "
                    f"finishes, and the average {metric} time over all {n} processes.")
        answer = f"{','.join(map(str, done))}; {frac_text(avg)}"
        return Draft(question, answer, {"done": done, "average": [avg.numerator, avg.denominator], "metric": metric})

    def effort(self, problem):
        # the simulation: every step (each start or idle wait, and each arrival under preemption)
        # looks at every process; then the average over all processes
        rows = [(int(a), int(b)) for a, b in _ROW.findall(problem.prompt)]
        policy = next(key for key, (title, _) in POLICIES.items() if f" under {title} scheduling" in problem.prompt)
        stats: dict = {}
        schedule([a for a, _ in rows], [b for _, b in rows], policy, stats)
        return stats.get("scanned", 0) + len(rows)

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [TIME_LABELS, AVERAGE_LABELS])
            done = read_per_item(first, "P", len(c["done"]))
            avg = read_number(second)
        except ParseError as exc:
            return refused(exc)
        if len(done) != len(c["done"]):
            return wrong(f"Give {len(c['done'])} completion times, one per process.")
        bad = sum(g != e for g, e in zip(done, c["done"]))
        if bad:
            return wrong(f"{bad} of the completion times are wrong.")
        if avg != Fraction(*c["average"]):
            return wrong(f"The completion times are right but that is not the exact average {c['metric']} time.")
        return right()
