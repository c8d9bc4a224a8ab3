"""Identical parallel machines: list scheduling (in the given order or longest first), the
optimal makespan on small instances, and list scheduling with precedence constraints."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._job_lists import read_per_item

MAKESPAN_LABELS = {"makespan", "minimum makespan", "smallest makespan", "min makespan"}
JOB_LABELS = {"machines", "assignment", "assignments", "start times", "starts", "jobs"}


def list_schedule(proc: list[int], m: int, order: list[int]) -> list[int]:
    """Machines (0-based) for each job: take jobs in `order`, each to the machine with the least
    load so far, ties to the lowest-numbered machine."""
    loads = [0] * m
    machine = [0] * len(proc)
    for j in order:
        k = min(range(m), key=lambda i: (loads[i], i))
        machine[j] = k
        loads[k] += proc[j]
    return machine


def lpt_order(proc: list[int]) -> list[int]:
    return sorted(range(len(proc)), key=lambda j: (-proc[j], j))


def makespan(proc: list[int], m: int, machine: list[int]) -> int:
    loads = [0] * m
    for j, k in enumerate(machine):
        loads[k] += proc[j]
    return max(loads)


def optimal_makespan(proc: list[int], m: int, stats: dict | None = None) -> tuple[int, list[int]]:
    """The minimum makespan and one assignment, by depth-first branch and bound: jobs longest
    first, machines with equal loads tried once, cut when a load reaches the best so far, stop at
    the lower bound max(longest job, ceil(total / m)). With `stats`, stats["nodes"] counts the
    partial assignments visited."""
    n = len(proc)
    order = lpt_order(proc)
    best_machine = list_schedule(proc, m, order)
    best = [makespan(proc, m, best_machine), best_machine]
    lower = max(max(proc), -(-sum(proc) // m))
    loads = [0] * m
    machine = [0] * n

    def dfs(k: int, current: int) -> bool:
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + 1
        if current >= best[0]:
            return False
        if k == n:
            best[0], best[1] = current, list(machine)
            return current == lower
        j = order[k]
        seen = set()
        for i in range(m):
            if loads[i] in seen:
                continue
            seen.add(loads[i])
            if loads[i] + proc[j] >= best[0]:
                continue
            loads[i] += proc[j]
            machine[j] = i
            if dfs(k + 1, max(current, loads[i])):
                return True
            loads[i] -= proc[j]
        return False

    if best[0] > lower:
        dfs(0, 0)
    return best[0], best[1]


def precedence_schedule(proc: list[int], m: int, preds: list[list[int]]) -> list[int]:
    """Start times under list scheduling with precedence: whenever a machine is idle, it starts
    the ready job (all prerequisites finished) with the lowest number; idle machines are filled
    lowest-numbered first, and decisions happen at time 0 and whenever a job finishes."""
    n = len(proc)
    start = [-1] * n
    finish = [0] * n
    busy_until = [0] * m
    time, started = 0, 0
    while started < n:
        for i in range(m):
            if busy_until[i] > time:
                continue
            ready = [j for j in range(n) if start[j] < 0 and all(start[u] >= 0 and finish[u] <= time for u in preds[j])]
            if not ready:
                break
            j = ready[0]
            start[j], finish[j] = time, time + proc[j]
            busy_until[i] = finish[j]
            started += 1
        if started < n:
            time = min(f for f in (busy_until + [finish[j] for j in range(n) if start[j] >= 0]) if f > time)
    return start


RULES = {
    "list": "list scheduling in the given order",
    "lpt": "longest processing time first",
    "optimal": "an optimal schedule",
    "precedence": "list scheduling with prerequisites",
}


@register
class ParallelMachines(Task):
    """Jobs on identical parallel machines: give the makespan (the time the last machine
    finishes) and the machine of each job under list scheduling in the given order or longest
    processing time first (rules and ties stated), or the minimum possible makespan with any
    assignment that achieves it, or, with prerequisites between jobs, the makespan and start times
    under list scheduling. Rule-based answers come from simulating the rule; the optimum from a
    branch-and-bound search, and any optimal assignment is accepted. Higher levels add jobs and
    machines, move from following a rule to optimising (on instances where longest-first is
    not optimal), and add prerequisites that leave machines idle."""

    name = "scheduling/parallel_machines"
    knobs = (
        Knob("n_jobs", [4, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15], (1, 20),
             doc="number of jobs"),
        Knob("machines", [2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5], (1, 8),
             doc="number of identical machines"),
        Knob("max_time", [6, 7, 8, 9, 10, 10, 12, 12, 14, 15, 15, 16, 18, 18, 20, 20, 22, 22, 24, 25], (1, 100),
             doc="longest processing time"),
        Knob("rule", [["list"], ["list"], ["list", "lpt"], ["lpt"], ["lpt", "optimal"], ["optimal"]]
             + [["optimal", "precedence"], ["precedence", "optimal"]] * 7,
             choices=tuple(RULES), doc="how the jobs are scheduled"),
        Knob("prerequisites", [0, 0, 0, 0, 0, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (0, 40),
             doc="precedence pairs (precedence rule)"),
        Knob("trap", [False] * 5 + [True] * 15, doc="optimal instances where longest-first is not optimal"),
    )
    answer_format = ("the makespan, a semicolon, then the machine number of each job J1, J2, ... in that order, "
                     "comma-separated")
    example = "-1; 1,2,1,3"  # a makespan is never negative: never an answer

    def build(self, rng, params):
        n, m, rule = params["n_jobs"], params["machines"], params["rule"]
        names = [f"J{j + 1}" for j in range(n)]
        for _ in range(12):
            proc = [rng.randint(1, params["max_time"]) for _ in range(n)]
            if rule != "optimal" or not params["trap"]:
                break
            best, _ = optimal_makespan(proc, m)
            if makespan(proc, m, list_schedule(proc, m, lpt_order(proc))) > best:
                break
        rows = "\n".join(f"{names[j]}: takes {proc[j]}" for j in range(n))
        head = (f"{m} identical machines (numbered 1 to {m}) are free from time 0. Each job below runs on one "
                f"machine, without interruption, and a machine runs one job at a time.\n{rows}\n\n")
        fmt = self.answer_format
        example = self.example
        if rule in ("list", "lpt"):
            order = list(range(n)) if rule == "list" else lpt_order(proc)
            machine = list_schedule(proc, m, order)
            value = makespan(proc, m, machine)
            how = ("Take the jobs in the order listed (J1 first)" if rule == "list" else
                   "Sort the jobs by processing time, longest first (jobs with equal times in the order listed), "
                   "and take them in that order")
            question = (head + f"{how}; put each job on the machine whose jobs so far add up to the smallest total "
                        "time (if several machines tie, the lowest-numbered one). Each machine runs its jobs back "
                        "to back. What is the makespan (the time when the last machine finishes), and which machine "
                        "does each job go to?")
            check = {"rule": rule, "proc": proc, "m": m, "best": value, "machine": [k + 1 for k in machine]}
            answer = f"{value}; {','.join(str(k + 1) for k in machine)}"
        elif rule == "optimal":
            value, machine = optimal_makespan(proc, m)
            question = (head + "Assign every job to a machine so that the makespan (the time when the last machine "
                        "finishes, each machine running its jobs back to back) is as small as possible. What is the "
                        "smallest possible makespan, and which machine does each job go to?")
            check = {"rule": rule, "proc": proc, "m": m, "best": value}
            answer = f"{value}; {','.join(str(k + 1) for k in machine)}"
        else:
            preds: list[list[int]] = [[] for _ in range(n)]
            pairs = [(u, v) for v in range(n) for u in range(v)]
            for u, v in sorted(rng.sample(pairs, min(params["prerequisites"], len(pairs)))):
                preds[v].append(u)
            start = precedence_schedule(proc, m, preds)
            value = max(s + p for s, p in zip(start, proc))
            lines = [f"{names[v]} cannot start until {', '.join(names[u] for u in preds[v])} "
                     f"{'has' if len(preds[v]) == 1 else 'have'} finished" for v in range(n) if preds[v]]
            question = (head + "Prerequisites:\n" + ("\n".join(lines) or "(none)")
                        + "\n\nThe machines follow this rule: at time 0 and whenever a job finishes, each idle "
                          "machine, lowest-numbered first, starts the lowest-numbered job that has not started and "
                          "whose prerequisites have all finished (a job finishing at that same moment counts as "
                          "finished); a machine with no such job stays idle until the next job finishes. What is the "
                          "makespan (the time when the last job finishes), and at what time does each job start?")
            check = {"rule": rule, "best": value, "start": start}
            answer = f"{value}; {','.join(map(str, start))}"
            fmt = ("the makespan, a semicolon, then the start time of each job J1, J2, ... in that order, "
                   "comma-separated")
            example = "-1; 0,0,4,9"
        return Draft(question, answer, check, answer_format=fmt, example=example)

    def effort(self, problem):
        # a rule: each job scans the machines' loads (after the sort); the optimum: the branch
        # and bound's partial assignments, each trying every machine; prerequisites: at every
        # start time, every job not yet started is checked for readiness
        c = problem.check
        if c["rule"] == "precedence":
            n = len(c["start"])
            return n * len(set(c["start"])) + n
        n, m = len(c["proc"]), c["m"]
        greedy = n * m + n * max(1, math.ceil(math.log2(n)))
        if c["rule"] != "optimal":
            return greedy
        stats: dict = {}
        optimal_makespan(c["proc"], m, stats)
        return greedy + stats.get("nodes", 0) * m

    def grade(self, answer, problem):
        c = problem.check
        n = len(c["start"]) if c["rule"] == "precedence" else len(c["proc"])
        try:
            first, second = read_parts(answer, [MAKESPAN_LABELS, JOB_LABELS])
            value = read_int(first)
            given = read_per_item(second, "J", n)
        except ParseError as exc:
            return refused(exc)
        if value != c["best"]:
            return wrong("That is not the makespan." if c["rule"] != "optimal" else
                         "That is not the smallest possible makespan.")
        if len(given) != n:
            return wrong(f"Give one number for each of the {n} jobs.")
        if c["rule"] == "precedence":
            bad = sum(g != e for g, e in zip(given, c["start"]))
            return right() if not bad else wrong(f"{bad} of the start times are wrong.")
        if c["rule"] != "optimal":
            bad = sum(g != e for g, e in zip(given, c["machine"]))
            return right() if not bad else wrong(f"{bad} of the jobs are on the wrong machine under this rule.")
        if any(not 1 <= k <= c["m"] for k in given):
            return wrong(f"Machines are numbered 1 to {c['m']}.")
        achieved = makespan(c["proc"], c["m"], [k - 1 for k in given])
        if achieved != c["best"]:
            return wrong(f"That assignment has makespan {achieved}, not {c['best']}.")
        return right()
