"""Exam timetabling: the fewest time slots such that no student has two exams at once (and, at
higher levels, no slot holds more exams than there are rooms), as a graph colouring."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._job_lists import read_assignment

SLOT_COUNT_LABELS = {"slots", "number of slots", "smallest number of slots", "minimum slots", "minimum number of slots"}
ASSIGNMENT_LABELS = {"assignment", "slots per exam", "exams", "timetable", "schedule"}

_ENROLMENT = re.compile(r"^[A-Z][a-z]+\d*: ([A-Z]{1,2}(?:, [A-Z]{1,2})*)$", re.MULTILINE)  # read back by effort
STUDENTS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena", "Milo", "Nia",
            "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tara", "Uma", "Vic", "Wes", "Xena", "Yuri", "Zoe")


def conflicts(n: int, enrolments: list[list[int]]) -> list[int]:
    """Bitmasks: bit k of result[j] is set when exams j and k share a student."""
    adj = [0] * n
    for exams in enrolments:
        for a in exams:
            for b in exams:
                if a != b:
                    adj[a] |= 1 << b
    return adj


def colour_with(adj: list[int], k: int, cap: int, stats: dict | None = None) -> list[int] | None:
    """A slot (0..k-1) for every exam with no conflicting pair sharing a slot and at most `cap`
    exams per slot (0 = no limit), by backtracking (most-constrained exam first); None if none.
    With `stats`, stats["checks"] counts the (exam, slot) pairs examined: each partial timetable
    weighs every unplaced exam against every slot to pick the most constrained one."""
    n = len(adj)
    slot = [-1] * n
    members = [0] * k  # bitmask of exams in each slot
    sizes = [0] * k

    def pick() -> int:
        best, best_key = -1, None
        for j in range(n):
            if slot[j] < 0:
                blocked = sum(1 for s in range(k) if members[s] & adj[j] or (cap and sizes[s] >= cap))
                key = (blocked, bin(adj[j]).count("1"))
                if best_key is None or key > best_key:
                    best, best_key = j, key
        return best

    def go(placed: int, used: int) -> bool:
        if stats is not None:
            stats["checks"] = stats.get("checks", 0) + (n - placed) * k
        if placed == n:
            return True
        j = pick()
        for s in range(min(k, used + 1)):  # a new slot only as the next unused one
            if members[s] & adj[j] or (cap and sizes[s] >= cap):
                continue
            slot[j] = s
            members[s] |= 1 << j
            sizes[s] += 1
            if go(placed + 1, max(used, s + 1)):
                return True
            slot[j] = -1
            members[s] &= ~(1 << j)
            sizes[s] -= 1
        return False

    return slot if go(0, 0) else None


def min_slots(adj: list[int], cap: int, lower: int = 1, stats: dict | None = None) -> tuple[int, list[int]]:
    """The fewest slots and one timetable: try k = lower, lower + 1, ... until one exists."""
    n = len(adj)
    k = max(lower, 1, -(-n // cap) if cap else 1)
    while True:
        slot = colour_with(adj, k, cap, stats)
        if slot is not None:
            return k, slot
        k += 1


@register
class ExamTimetabling(Task):
    """Schedule exams into as few time slots as possible so that no student sits two exams in the
    same slot (and from level 6, no slot holds more exams than there are rooms): give the number
    of slots and a timetable. The conflicts must first be read off the students' enrolments; the
    minimum comes from an exact backtracking colouring, and any valid timetable with that many
    slots is accepted. Higher levels add exams and students with more exams each, students
    taking a single exam (who constrain nothing), a room limit, and instances where the minimum
    is more than the largest number of exams any one student takes."""

    name = "scheduling/exam_timetabling"
    knobs = (
        Knob("n_exams", [4, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13, 13, 14, 15, 16, 17, 18, 19, 20], (2, 26),
             doc="number of exams"),
        Knob("n_students", [3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (1, 26),
             doc="students taking two or more exams"),
        Knob("per_student", [2, 2] + [(2, 3)] * 4 + [(2, 4)] * 7 + [(2, 5)] * 7, (2, 8),
             doc="exams each student takes"),
        Knob("singles", [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (0, 10),
             doc="students taking one exam only"),
        Knob("rooms", [0] * 5 + [3] * 15, (0, 26), doc="most exams per slot (0: no limit)"),
        Knob("hidden", [False] * 4 + [True] * 16,
             doc="prefer instances whose minimum exceeds the largest student load"),
    )
    answer_format = ("the smallest number of slots, a semicolon, then each exam's slot as EXAM=SLOT, "
                     "comma-separated, slots numbered from 1")
    example = "3; A=1, B=2, C=1, Z9=3"  # Z9 is no exam's name (names are letters): never an answer
    several_answers = True  # any valid timetable with the fewest slots passes

    def build(self, rng, params):
        n, cap = params["n_exams"], params["rooms"]
        per = params["per_student"]
        exams = list(range(n))
        for _ in range(8):
            enrol = [sorted(rng.sample(exams, min(n, rng.randint(2, per)))) for _ in range(params["n_students"])]
            adj = conflicts(n, enrol)
            load = max(len(e) for e in enrol)
            k, slot = min_slots(adj, cap, load)
            if not params["hidden"] or k > load:
                break
        names = node_labels(n)
        singles = [[rng.randrange(n)] for _ in range(params["singles"])]
        everyone = enrol + singles
        rng.shuffle(everyone)
        people = rng.sample(STUDENTS, len(everyone)) if len(everyone) <= len(STUDENTS) else \
            [f"Student{i + 1}" for i in range(len(everyone))]
        rows = "\n".join(f"{who}: {', '.join(names[j] for j in exams)}" for who, exams in zip(people, everyone))
        rule = ("Each exam takes one whole time slot. No student may have two exams in the same slot.")
        if cap:
            rule += f" There are only {cap} exam rooms, so at most {cap} exams can take place in the same slot."
        question = (f"Exams {', '.join(names)} must be timetabled. These students take these exams:\n{rows}\n\n"
                    f"{rule} Every exam must get a slot. What is the smallest number of slots needed, and which "
                    f"slot does each exam get?")
        answer = f"{k}; " + ", ".join(f"{names[j]}={slot[j] + 1}" for j in range(n))
        pairs = sorted([names[a], names[b]] for a in range(n) for b in range(a + 1, n) if adj[a] >> b & 1)
        return Draft(question, answer, {"names": names, "best": k, "conflicts": pairs, "rooms": cap})

    def effort(self, problem):
        # the exact colouring search over the conflict graph, for every number of slots tried
        # (from the largest student load, a clique, or the room bound up): the (exam, slot) pairs
        # it weighs, plus the conflicts read off
        c = problem.check
        load = max(len(row.split(",")) for row in _ENROLMENT.findall(problem.prompt))
        index = {name: j for j, name in enumerate(c["names"])}
        adj = [0] * len(index)
        for a, b in c["conflicts"]:
            adj[index[a]] |= 1 << index[b]
            adj[index[b]] |= 1 << index[a]
        stats: dict = {}
        min_slots(adj, c["rooms"], load, stats)
        return stats.get("checks", 0) + len(c["conflicts"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [SLOT_COUNT_LABELS, ASSIGNMENT_LABELS])
            k = read_int(first)
            slots = read_assignment(second, set(c["names"]), "exam")
        except ParseError as exc:
            return refused(exc)
        if k != c["best"]:
            return wrong("That is not the smallest number of slots.")
        missing = [x for x in c["names"] if x not in slots]
        if missing:
            return wrong(f"Exam {missing[0]} has no slot.")
        if any(not 1 <= s <= k for s in slots.values()):
            return wrong(f"Slots must be numbered 1 to {k}.")
        for a, b in c["conflicts"]:
            if slots[a] == slots[b]:
                return wrong(f"Exams {a} and {b} share a student but are in the same slot.")
        if c["rooms"]:
            for s in range(1, k + 1):
                if sum(1 for v in slots.values() if v == s) > c["rooms"]:
                    return wrong(f"Slot {s} has more exams than there are rooms.")
        return right()
