"""Scheduling: choosing non-overlapping intervals (activity selection, weighted at harder levels)
and sequencing unit-time jobs with deadlines for the largest profit. Any optimal choice is correct."""
from __future__ import annotations

import bisect

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, is_none, preview, read_int, read_parts, refused, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._item_readers import read_item_names


def best_intervals(intervals: list[tuple[int, int, int]]) -> tuple[int, list[int]]:
    """Weighted interval scheduling on half-open intervals (start, end, weight): the best total
    weight and one optimal set of indices, by the DP over intervals sorted by end time."""
    order = sorted(range(len(intervals)), key=lambda i: (intervals[i][1], intervals[i][0], i))
    ends = [intervals[i][1] for i in order]
    best, take = [0] * (len(order) + 1), [False] * len(order)
    prev = [0] * len(order)
    for k, i in enumerate(order):
        s, _, w = intervals[i]
        prev[k] = bisect.bisect_right(ends, s, 0, k)  # intervals among the first k ending by s
        with_it = best[prev[k]] + w
        take[k] = with_it > best[k]
        best[k + 1] = max(best[k], with_it)
    chosen, k = [], len(order)
    while k > 0:
        if take[k - 1]:
            chosen.append(order[k - 1])
            k = prev[k - 1]
        else:
            k -= 1
    return best[-1], sorted(chosen)


def best_jobs(jobs: list[tuple[int, int]]) -> tuple[int, list[int | None]]:
    """Unit-time jobs (deadline, profit): the largest total profit of jobs finishing by their
    deadlines, and a schedule (slot t holds a job index or None). Greedy by profit, each job in
    the latest free slot before its deadline: exact, since feasible job sets form a matroid."""
    horizon = max((d for d, _ in jobs), default=0)
    slots: list[int | None] = [None] * horizon
    for i in sorted(range(len(jobs)), key=lambda i: (-jobs[i][1], i)):
        d = jobs[i][0]
        for t in range(min(d, horizon) - 1, -1, -1):
            if slots[t] is None:
                slots[t] = i
                break
    total = sum(jobs[i][1] for i in slots if i is not None)
    while slots and slots[-1] is None:
        slots.pop()
    return total, slots


def slots_looked_at(jobs: list[tuple[int, int]]) -> int:
    """How many slots best_jobs' greedy looks at, over all jobs, to place each one (or find no
    free slot by its deadline)."""
    horizon = max((d for d, _ in jobs), default=0)
    free = [True] * horizon
    looked = 0
    for i in sorted(range(len(jobs)), key=lambda i: (-jobs[i][1], i)):
        for t in range(min(jobs[i][0], horizon) - 1, -1, -1):
            looked += 1
            if free[t]:
                free[t] = False
                break
    return looked


@register
class IntervalScheduling(Task):
    """Activity selection: choose as many pairwise non-overlapping intervals as possible (an
    interval ending at t does not overlap one starting at t). From level 7 the intervals carry
    weights and the goal is the largest total weight, where the earliest-finish greedy choice no
    longer works and a dynamic program is needed. The optimum comes from the weighted-interval
    DP; any non-overlapping set reaching it is accepted. Higher levels add intervals on a crowded
    time line, so many share endpoints and long intervals compete with chains of short ones."""

    name = "algorithms/interval_scheduling"
    knobs = (
        Knob("n_intervals", [4, 5, 6, 7, 8, 10, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (1, 60),
             doc="number of intervals"),
        Knob("horizon", [10, 12, 15, 18, 20, 24, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 66, 72, 80, 88], (2, 1000),
             doc="intervals lie within [0, horizon]"),
        Knob("max_weight", [1, 1, 1, 1, 1, 1, 9, 12, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 99], (1, 1000),
             doc="largest interval weight (1 = unweighted: maximise the count)"),
    )
    answer_format = "the names of the chosen intervals, comma-separated (in any order)"
    example = "B,E,Z9"  # Z9 is no interval's name (names are letters): never an answer

    def build(self, rng, params):
        n, horizon, mw = params["n_intervals"], params["horizon"], params["max_weight"]
        longest = max(2, horizon // 3)
        intervals = []
        for _ in range(n):
            length = rng.randint(1, longest)
            start = rng.randint(0, horizon - length)
            intervals.append((start, start + length, rng.randint(1, mw) if mw > 1 else 1))
        best, chosen = best_intervals(intervals)
        names = node_labels(n)
        weighted = mw > 1
        listing = "\n".join(f"{names[i]}: from {s} to {e}" + (f", weight {w}" if weighted else "")
                            for i, (s, e, w) in enumerate(intervals))
        goal = ("whose total weight is as large as possible" if weighted
                else "with as many intervals as possible")
        question = (f"These intervals are given by their start and end times:\n{listing}\n\n"
                    "Two intervals overlap if they share some stretch of time; an interval that ends at time t "
                    "does not overlap one that starts at time t. Choose a set of pairwise non-overlapping "
                    f"intervals {goal}.")
        check = {"intervals": {names[i]: list(iv) for i, iv in enumerate(intervals)}, "best": best}
        return Draft(question, ",".join(names[i] for i in chosen), check)

    def effort(self, problem):
        # sorting by end time (n log n comparisons), then one step per interval: the count greedy
        # compares its start with the last chosen end; the weighted DP binary-searches for the
        # intervals ending by its start and weighs taking it against leaving it
        ivs = list(problem.check["intervals"].values())
        n = len(ivs)
        log = max(1, (n - 1).bit_length())
        weighted = any(w != 1 for _, _, w in ivs)
        return n * log + n * (log + 1 if weighted else 1)

    def grade(self, answer, problem):
        c = problem.check
        ivs = c["intervals"]
        if is_none(answer):
            return wrong("At least one interval can be chosen.")
        try:
            chosen = read_item_names(answer, ivs, "interval")
        except ParseError as exc:
            return refused(exc)
        if len(set(chosen)) != len(chosen):
            return wrong("An interval is chosen more than once.")
        ordered = sorted(chosen, key=lambda x: (ivs[x][0], ivs[x][1]))
        for x, y in zip(ordered, ordered[1:]):
            if ivs[x][1] > ivs[y][0]:
                return wrong(f"Intervals {x} and {y} overlap.")
        total = sum(ivs[x][2] for x in chosen)
        if total != c["best"]:
            what = "total weight" if any(iv[2] != 1 for iv in ivs.values()) else "number of intervals"
            return wrong(f"That set is valid but its {what} is {total}, which is not the largest possible.")
        return right()


_IDLE = {"-", "_", "idle", "empty", "none"}
PROFIT_LABELS = {"profit", "total profit", "maximum profit", "max profit", "maximum total profit"}
SCHEDULE_LABELS = {"schedule", "order", "jobs", "sequence"}


def read_schedule(text: str, jobs) -> list[str | None]:
    """Slots in order, comma-separated: a job name, or - (also _, idle, empty, none) for an empty slot."""
    s = strip_brackets(text)
    items = [item.strip() for item in s.split(",")]
    if len(items) == 1:
        items = s.split()
    if len(items) > 10 * len(jobs) + 10:
        raise NotAnAnswer("the schedule is far longer than the number of jobs")
    schedule: list[str | None] = []
    for item in items:
        if item.lower() in _IDLE:
            schedule.append(None)
        elif item.upper() in jobs and len(item) <= 2 and item.isalpha():
            schedule.append(item.upper())
        else:
            raise NotAnAnswer(f"{preview(item, 20)} is not one of the jobs or - for an empty slot")
    return schedule


@register
class JobSequencing(Task):
    """Job sequencing with deadlines: unit-time jobs, one per time slot, each earning its profit
    only if it finishes by its deadline. Give the largest total profit and a schedule achieving
    it; the verifier checks the schedule slot by slot (deadlines, no job twice) and that its
    profit is the optimum, which comes from the exact greedy (highest profit first, into the
    latest free slot). Any optimal schedule is accepted. Higher levels add jobs and tighten the
    deadlines relative to the number of jobs, so more profitable-looking jobs must be dropped."""

    name = "algorithms/job_sequencing"
    knobs = (
        Knob("n_jobs", [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36], (1, 40),
             doc="number of jobs"),
        Knob("max_deadline", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (1, 40),
             doc="largest deadline"),
        Knob("max_profit", [10, 20, 20, 30, 40, 50, 60, 80, 90] + [99] * 11, (1, 10_000), doc="largest profit"),
    )
    answer_format = ("the maximum total profit, a semicolon, then the jobs in the order they run (slot 1 first), "
                     "comma-separated, writing - for an empty slot")
    example = "45; C,A,-,Z9"  # Z9 is no job's name (names are letters): never an answer

    def build(self, rng, params):
        n, md, mp = params["n_jobs"], params["max_deadline"], params["max_profit"]
        jobs = [(rng.randint(1, md), rng.randint(1, mp)) for _ in range(n)]
        best, slots = best_jobs(jobs)
        names = node_labels(n)
        listing = "\n".join(f"{names[i]}: deadline {d}, profit {p}" for i, (d, p) in enumerate(jobs))
        question = (f"There are {n} jobs. Each job takes one unit of time, and time is divided into slots 1, 2, 3, ... "
                    "Only one job can run in each slot, and each job runs at most once. A job earns its profit only "
                    "if it runs in a slot no later than its deadline (a job with deadline 2 must run in slot 1 or 2); "
                    f"jobs that cannot meet their deadline are simply left out.\n{listing}\n\n"
                    "Find the largest total profit and a schedule that earns it.")
        schedule = ",".join("-" if i is None else names[i] for i in slots)
        check = {"jobs": {names[i]: [d, p] for i, (d, p) in enumerate(jobs)}, "best": best}
        return Draft(question, f"{best}; {schedule}", check)

    def effort(self, problem):
        # the exact greedy: sort the jobs by profit (n log n comparisons), then each job looks at
        # the slots from its deadline back to the latest free one
        jobs = [tuple(j) for j in problem.check["jobs"].values()]
        n = len(jobs)
        return n * max(1, (n - 1).bit_length()) + slots_looked_at(jobs)

    def grade(self, answer, problem):
        c = problem.check
        jobs = c["jobs"]
        try:
            first, second = read_parts(answer, [PROFIT_LABELS, SCHEDULE_LABELS])
            stated = read_int(first)
            schedule = read_schedule(second, jobs)
        except ParseError as exc:
            return refused(exc)
        run = [x for x in schedule if x is not None]
        if len(set(run)) != len(run):
            return wrong("A job runs more than once.")
        for slot, job in enumerate(schedule, 1):
            if job is not None and slot > jobs[job][0]:
                return wrong(f"Job {job} runs in slot {slot}, after its deadline {jobs[job][0]}.")
        total = sum(jobs[x][1] for x in run)
        if total != stated:
            return wrong(f"The schedule earns {total}, not the stated {stated}.")
        if total != c["best"]:
            return wrong(f"That schedule earns {total}, which is not the largest possible profit.")
        return right()
