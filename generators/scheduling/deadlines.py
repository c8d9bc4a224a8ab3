"""Single-machine scheduling against due dates: minimum maximum lateness (earliest due date
first, and a branch-and-bound search once jobs have release times), and the largest number of
on-time jobs (Moore-Hodgson)."""
from __future__ import annotations

import heapq
import math

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._job_lists import read_task_names


def lateness_of(order: list[int], proc: list[int], due: list[int], release: list[int] | None = None) -> int:
    """The maximum lateness of running jobs in `order`, each as early as possible (at its release
    time or when the machine frees up, whichever is later)."""
    t, worst = 0, None
    for j in order:
        t = max(t, release[j]) if release else t
        t += proc[j]
        worst = t - due[j] if worst is None else max(worst, t - due[j])
    return worst


def edd_order(proc: list[int], due: list[int]) -> list[int]:
    """Earliest due date first (Jackson's rule), ties by job index: optimal for max lateness."""
    return sorted(range(len(proc)), key=lambda j: (due[j], j))


# partial orders a release-time search may visit before the instance is redrawn: far above the
# 13,700 that every order of 7 jobs (the most levels 1-10 have) adds up to, so it never cuts those
NODE_LIMIT = 20_000
RELEASE_TRIES = 20  # release-time draws before a problem falls back to the on-time question


class _OverLimit(Exception):
    pass


def min_lateness_with_release(proc: list[int], due: list[int], release: list[int], stats: dict | None = None,
                              node_limit: int | None = None) -> tuple[int, list[int]] | None:
    """The optimal max lateness and an order, by depth-first branch and bound over job orders
    (jobs tried in due-date order; a branch is cut when a lower bound on its max lateness cannot
    beat the best found). With `stats`, stats["nodes"] counts the partial orders visited; past
    `node_limit` of them the search gives up and returns None."""
    n = len(proc)
    visited = [0]
    order = edd_order(proc, due)
    best_order = sorted(range(n), key=lambda j: (release[j], due[j], j))  # a first incumbent
    best = [lateness_of(best_order, proc, due, release), best_order]
    seq: list[int] = []
    used = [False] * n

    def dfs(t: int, worst: int) -> None:
        visited[0] += 1
        if stats is not None:
            stats["nodes"] = visited[0]
        if node_limit is not None and visited[0] > node_limit:
            raise _OverLimit
        if len(seq) == n:
            if worst < best[0]:
                best[0], best[1] = worst, list(seq)
            return
        bound = worst
        for j in order:
            if not used[j]:
                bound = max(bound, max(t, release[j]) + proc[j] - due[j])
        if bound >= best[0]:
            return
        for j in order:
            if used[j]:
                continue
            start = max(t, release[j])
            # never start a job so late that another unscheduled job could have run entirely before it
            if any(not used[k] and k != j and max(t, release[k]) + proc[k] <= start for k in range(n)):
                continue
            used[j] = True
            seq.append(j)
            dfs(start + proc[j], max(worst, start + proc[j] - due[j]))
            seq.pop()
            used[j] = False

    try:
        dfs(0, -10**9)
    except _OverLimit:
        return None
    return best[0], best[1]


def max_on_time(proc: list[int], due: list[int]) -> list[int]:
    """The Moore-Hodgson algorithm: a largest set of jobs that can all finish by their due dates.
    Go through jobs by due date; when the current one would be late, drop the longest so far."""
    chosen: list[tuple[int, int]] = []  # max-heap by processing time: (-proc, job)
    t = 0
    for j in edd_order(proc, due):
        heapq.heappush(chosen, (-proc[j], -j))
        t += proc[j]
        if t > due[j]:
            p, _ = heapq.heappop(chosen)
            t += p
    return sorted(-j for _, j in chosen)


def feasible(jobs: list[int], proc: list[int], due: list[int]) -> bool:
    """Whether these jobs can all finish on time: exactly when they do in due-date order."""
    t = 0
    for j in sorted(jobs, key=lambda j: (due[j], j)):
        t += proc[j]
        if t > due[j]:
            return False
    return True


VALUE_LABELS = {
    "lateness": {"lateness", "maximum lateness", "max lateness", "minimum maximum lateness", "l max", "lmax"},
    "on_time": {"on time", "number on time", "jobs on time", "on-time jobs", "count"},
}
VALUE_LABELS["release"] = VALUE_LABELS["lateness"]
JOB_LABELS = {"order", "jobs", "sequence", "schedule", "set", "on time jobs"}
FORMATS = {
    "lateness": ("the minimum possible maximum lateness (an integer, negative if every job can finish early), a "
                 "semicolon, then an order of all the jobs that achieves it, comma-separated", "3; B,A,D,Z9"),
    "release": ("the minimum possible maximum lateness (an integer, negative if every job can finish early), a "
                "semicolon, then an order of all the jobs that achieves it, comma-separated", "3; B,A,D,Z9"),
    "on_time": ("the largest number of jobs that can finish on time, a semicolon, then the names of such a set of "
                "on-time jobs, comma-separated (in any order)", "3; A,C,Z9"),
}  # (format, example); Z9 is no job's name (names are letters), so no example is ever an answer


@register
class DeadlineLateness(Task):
    """Jobs with processing times and due dates on one machine: either find the smallest possible
    maximum lateness and an order achieving it, or the largest set of jobs that can all finish on
    time. Optima come from earliest-due-date order (Jackson's rule), the Moore-Hodgson algorithm,
    and, once jobs have release times, a branch-and-bound search; any order or set meeting the
    optimum is accepted. Higher levels add jobs and tighter due dates, switch to the on-time
    question (which needs choosing which jobs to give up), and from level 7 add release times
    (the machine may have to wait, and due-date order is no longer optimal). The release-time
    levels solve each instance by search, so they generate near 1,000 problems/s rather than
    several thousand, and about 50/s at level 20 (10 jobs, tight due dates); release times whose search runs past
    20,000 partial orders are redrawn (20 tries, then the on-time question is asked instead)."""

    name = "scheduling/deadline_lateness"
    knobs = (
        Knob("n_jobs", [3, 4, 4, 5, 5, 6, 5, 6, 6, 7, 8, 8, 9, 9, 9, 10, 10, 10, 10, 10], (1, 20),
             doc="number of jobs"),
        Knob("max_time", [5, 6, 7, 8, 9, 9, 9, 10, 10, 12, 12, 14, 14, 15, 16, 16, 18, 18, 20, 20], (1, 100),
             doc="longest processing time"),
        Knob("question", [["lateness"], ["lateness"], ["lateness", "on_time"], ["on_time"], ["lateness", "on_time"],
                          ["on_time"], ["release", "on_time"], ["release", "on_time"]] + [["release"]] * 12,
             choices=tuple(FORMATS), doc="what is asked"),
        Knob("tightness", [115, 105, 95, 85, 75, 70, 90, 85, 90, 90, 90, 85, 90, 85, 80, 90, 85, 80, 78,
             75], (10, 200),
             doc="due dates fall up to this percent of the total processing time"),
    )
    answer_format = FORMATS["lateness"][0]
    example = FORMATS["lateness"][1]

    def build(self, rng, params):
        n, question = params["n_jobs"], params["question"]
        proc = [rng.randint(1, params["max_time"]) for _ in range(n)]
        total = sum(proc)
        top = max(2, total * params["tightness"] // 100)
        due = [rng.randint(min(p, top), max(p, top)) for p in proc]
        names = node_labels(n)
        release = None
        if question == "release":
            for _ in range(RELEASE_TRIES):  # redrawn only where the search runs past its limit (never at n <= 7)
                release = [0] * n
                for j in rng.sample(range(n), n - 1):
                    release[j] = rng.randint(0, max(1, total // 2))
                # due dates measured from the release, so each job is at least possible on its own
                due = [release[j] + rng.randint(proc[j], max(proc[j], top)) for j in range(n)]
                solved = min_lateness_with_release(proc, due, release, node_limit=NODE_LIMIT)
                if solved is not None:
                    break
            else:  # every draw too hard to solve exactly: ask which jobs can be on time instead
                question, release = "on_time", None
        if question == "on_time":
            best = max_on_time(proc, due)
            answer = f"{len(best)}; {','.join(names[j] for j in best)}"
        elif question == "lateness":
            order = edd_order(proc, due)
            answer = f"{lateness_of(order, proc, due)}; {','.join(names[j] for j in order)}"
        else:
            value, order = solved
            answer = f"{value}; {','.join(names[j] for j in order)}"
        rows = []
        for j in range(n):
            row = f"{names[j]}: takes {proc[j]}, due at {due[j]}"
            if release is not None:
                row += f", released at {release[j]}"
            rows.append(row)
        common = ("One machine processes the jobs below, one at a time and without interruption, starting at time "
                  "0.")
        if release is not None:
            common += (" A job cannot start before its release time; the machine runs the jobs in the order you "
                       "choose, starting each one as soon as it is released and the previous one has finished (it "
                       "waits idle if the next job is not yet released).")
        else:
            common += " Every job is available at time 0 and the machine runs them back to back."
        if question == "on_time":
            ask = ("A job is on time if it finishes at or before its due date. Jobs that are given up are simply "
                   "not run (or run after all the others, which changes nothing). What is the largest number of "
                   "jobs that can all finish on time, and which jobs are they?")
        else:
            ask = ("A job's lateness is its finishing time minus its due date (negative if it finishes early). "
                   "Choose the order of all the jobs so that the largest lateness among them is as small as "
                   "possible. What is that smallest possible maximum lateness, and which order achieves it?")
        text = f"{common}\n" + "\n".join(rows) + f"\n\n{ask}"
        check = {"question": question, "names": names, "proc": proc, "due": due, "release": release,
                 "best": int(answer.split(";")[0])}
        fmt, example = FORMATS[question]
        return Draft(text, answer, check, answer_format=fmt, example=example)

    def effort(self, problem):
        # due-date order and Moore-Hodgson sort the jobs and pass over them once; with release
        # times the branch and bound scans the unscheduled jobs at every partial order it visits
        c = problem.check
        n = len(c["proc"])
        if c["question"] != "release":
            return n * max(1, math.ceil(math.log2(n))) + n
        stats: dict = {}
        min_lateness_with_release(c["proc"], c["due"], c["release"], stats)
        return stats["nodes"] * n

    def grade(self, answer, problem):
        c = problem.check
        names = c["names"]
        index = {name: j for j, name in enumerate(names)}
        labels = VALUE_LABELS[c["question"]]
        try:
            first, second = read_parts(answer, [labels, JOB_LABELS])
            value = read_int(first)
            jobs = [] if not second or is_none(second) else [index[name] for name in read_task_names(second, index, "job")]
        except ParseError as exc:
            return refused(exc)
        if len(set(jobs)) != len(jobs):
            return wrong("A job is listed twice.")
        if c["question"] == "on_time":
            if value != c["best"]:
                return wrong("That is not the largest number of on-time jobs.")
            if len(jobs) != value:
                return wrong(f"List exactly {value} jobs.")
            if not feasible(jobs, c["proc"], c["due"]):
                return wrong("Those jobs cannot all finish on time.")
            return right()
        if value != c["best"]:
            return wrong("That is not the smallest possible maximum lateness.")
        if len(jobs) != len(names):
            return wrong(f"Give an order of all {len(names)} jobs.")
        achieved = lateness_of(jobs, c["proc"], c["due"], c["release"])
        if achieved != c["best"]:
            return wrong(f"That order has maximum lateness {achieved}, not {c['best']}.")
        return right()
