"""Critical path: the shortest time to finish a project of dependent tasks, and one critical path."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._job_lists import read_count, read_task_names

TIME_LABELS = {"time", "total time", "minimum time", "minimum total time", "duration", "total", "days",
               "project time", "length"}
PATH_LABELS = {"path", "critical path", "chain", "tasks"}


def earliest_finish(order: list[int], dur: list[int], preds: dict[int, dict[int, int]]) -> list[int]:
    """Earliest finish times by the forward pass of the critical path method, over a
    topological `order`; preds[v] maps each prerequisite u to the wait after u finishes."""
    ef = [0] * len(dur)
    for v in order:
        ef[v] = dur[v] + max((ef[u] + lag for u, lag in preds[v].items()), default=0)
    return ef


def one_critical_path(ef: list[int], dur: list[int], preds: dict[int, dict[int, int]]) -> list[int]:
    """Walk back from a task that finishes last through prerequisites that are tight."""
    v = max(range(len(dur)), key=lambda i: (ef[i], -i))
    path = [v]
    while preds[v]:
        start = ef[v] - dur[v]
        v = min(u for u, lag in preds[v].items() if ef[u] + lag == start)
        path.append(v)
    return path[::-1]


@register
class CriticalPath(Task):
    """A project of tasks with durations and prerequisites (some with a waiting time after the
    prerequisite finishes), any number running in parallel: give the minimum time to finish
    and one critical path. The minimum comes from the forward pass of the critical path
    method; any chain of direct prerequisites from a task without prerequisites whose
    durations and waits add up to the minimum is accepted. Higher levels add tasks and
    dependencies, waiting times on some dependencies, and redundant (implied) dependencies
    that change nothing but must be read."""

    name = "scheduling/critical_path"
    knobs = (
        Knob("n_tasks", [4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 39, 42], (2, 52),
             doc="number of tasks"),
        Knob("extra_edges", [1, 2, 3, 3, 4, 6, 8, 10, 12, 15, 17, 20, 23, 26, 29, 32, 36, 40, 44, 48], (0, 200),
             doc="dependencies beyond one per task"),
        Knob("max_duration", [5, 6, 8, 9, 9, 10, 12, 12, 15, 15, 15, 18, 18, 20, 20, 24, 24, 28, 28, 30], (1, 100),
             doc="longest task duration"),
        Knob("waits", [0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 50),
             doc="dependencies with a waiting time"),
        Knob("redundant", [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (0, 50),
             doc="implied dependencies listed as distractors"),
    )
    answer_format = ("the minimum total time, a semicolon, then one critical path as the task names in order, "
                     "comma-separated")
    example = "23; B,E,F,Z9"  # Z9 is no task's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_tasks"]
        dur = [rng.randint(1, params["max_duration"]) for _ in range(n)]
        # tasks 0..n-1 in a hidden topological order; names are shuffled below
        preds: dict[int, dict[int, int]] = {v: {} for v in range(n)}
        n_roots = max(1, min(n - 1, rng.randint(1, 1 + n // 5)))
        for v in range(n_roots, n):
            preds[v][rng.randrange(v)] = 0
        candidates = [(u, v) for v in range(1, n) for u in range(v) if u not in preds[v] and v >= n_roots]
        rng.shuffle(candidates)
        for u, v in candidates[:params["extra_edges"]]:
            preds[v][u] = 0
        edges = [(u, v) for v in range(n) for u in preds[v]]
        for u, v in rng.sample(edges, min(params["waits"], len(edges))):
            preds[v][u] = rng.randint(1, max(1, params["max_duration"] // 2))
        # redundant dependencies: u -> w implied by u -> v -> w, and with no wait they never bind
        reach = [set() for _ in range(n)]  # reach[v]: all tasks that must finish before v
        for v in range(n):
            for u in preds[v]:
                reach[v] |= reach[u] | {u}
        implied = [(u, v) for v in range(n) for u in sorted(reach[v]) if u not in preds[v]]
        for u, v in rng.sample(implied, min(params["redundant"], len(implied))):
            preds[v][u] = 0
        order = list(range(n))
        ef = earliest_finish(order, dur, preds)
        total = max(ef)
        path = one_critical_path(ef, dur, preds)
        names = node_labels(n)
        rng.shuffle(names)
        lines = []
        for v in sorted(range(n), key=lambda i: names[i]):
            if preds[v]:
                after = ", ".join(names[u] + (f" (+{lag} days wait)" if lag else "")
                                  for u, lag in sorted(preds[v].items(), key=lambda kv: names[kv[0]]))
                need = f"after {after}"
            else:
                need = "no prerequisites"
            lines.append(f"{names[v]}: {dur[v]} day{'s' if dur[v] != 1 else ''}, {need}")
        waits = any(lag for p in preds.values() for lag in p.values())
        wait_rule = "; \"(+w days wait)\" means the task can start only w days after that prerequisite finishes"
        question = ("A project consists of the tasks below. A task can start only when all of its prerequisites "
                    "(listed after \"after\") have finished" + (wait_rule if waits else "")
                    + ". Any number of tasks can run at the same time, and the project starts at time 0.\n\n"
                    + "\n".join(lines)
                    + "\n\nWhat is the minimum number of days needed to finish every task? Also give a critical path: "
                      "a chain of tasks that starts with a task with no prerequisites, in which each task is a "
                      "listed prerequisite of the next, and whose durations" + (" and waits" if waits else "")
                    + " add up to that minimum.")
        check = {"total": total, "durations": {names[v]: dur[v] for v in range(n)},
                 "preds": {names[v]: {names[u]: lag for u, lag in preds[v].items()} for v in range(n)}}
        return Draft(question, f"{total}; {','.join(names[v] for v in path)}", check)

    def effort(self, problem):
        # the forward pass visits every task and every dependency once; the path is traced back
        c = problem.check
        path = problem.answer.split(";")[1].split(",")
        return len(c["durations"]) + sum(len(p) for p in c["preds"].values()) + len(path)

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [TIME_LABELS, PATH_LABELS])
            total = read_count(first, ["days", "day"])
            path = read_task_names(second, c["durations"])
        except ParseError as exc:
            return refused(exc)
        if total != c["total"]:
            return wrong("That is not the minimum time to finish the project.")
        if c["preds"][path[0]]:
            return wrong(f"A critical path starts with a task that has no prerequisites; {path[0]} has some.")
        length = c["durations"][path[0]]
        for u, v in zip(path, path[1:]):
            if u not in c["preds"][v]:
                return wrong(f"{u} is not a listed prerequisite of {v}.")
            length += c["preds"][v][u] + c["durations"][v]
        if length != c["total"]:
            return wrong(f"That chain takes {length} days, not the minimum {c['total']}: it is not critical.")
        return right()
