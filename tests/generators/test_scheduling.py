"""Per-task tests for the scheduling tasks: exact values on hand-checked instances, independent
cross-checks of the solvers, accepted alternative answers and rejected near misses."""
import random

import networkx as nx
import pytest

import procgym
from procgym import Problem
from procgym.generators.scheduling.calendar import earliest_slot, min_rooms
from procgym.generators.scheduling.critical_path import earliest_finish, one_critical_path
from procgym.generators.scheduling.round_robin import round_robin
from answer_helpers import ok

NAMES = ["scheduling/critical_path", "scheduling/round_robin", "scheduling/calendar_conflicts"]


def record(name, check, answer="x"):
    return Problem(name, 0, None, {}, "hand-made", answer, check)


# --------------------------------------------------------------------------- all three

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in range(1, 11):
        for seed in range(4):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_and_doubled_answers_are_rejected(name):
    for seed in range(4):
        p = procgym.generate(name, seed=seed, difficulty=4)
        for text in ("", "banana", "{}", "(((", "1/0", "none", p.answer + p.answer):
            assert not ok(p, text), text


# --------------------------------------------------------------------------- critical_path

def _cpm(durations, preds):
    order = list(nx.topological_sort(nx.DiGraph([(u, v) for v in preds for u in preds[v]])))
    order += [v for v in durations if v not in order]
    idx = {v: i for i, v in enumerate(durations)}
    dur = [durations[v] for v in durations]
    p = {idx[v]: {idx[u]: lag for u, lag in preds[v].items()} for v in durations}
    ef = earliest_finish([idx[v] for v in order], dur, p)
    names = list(durations)
    return max(ef), [names[i] for i in one_critical_path(ef, dur, p)]


def test_critical_path_exact():
    durations = {"A": 3, "B": 2, "C": 4, "D": 1}
    assert _cpm(durations, {"A": {}, "B": {"A": 0}, "C": {"A": 0}, "D": {"B": 0, "C": 0}}) == (8, ["A", "C", "D"])
    # a wait after B makes the other branch critical
    assert _cpm(durations, {"A": {}, "B": {"A": 0}, "C": {"A": 0}, "D": {"B": 3, "C": 0}}) == (9, ["A", "B", "D"])


def _critical_record(waits=False):
    preds = {"A": {}, "B": {"A": 0}, "C": {"A": 0}, "D": {"B": 0, "C": 0}, "E": {}}
    durations = {"A": 3, "B": 4, "C": 4, "D": 1, "E": 2}
    return record("scheduling/critical_path", {"total": 8, "durations": durations, "preds": preds})


def test_critical_path_accepts_any_critical_chain():
    p = _critical_record()
    for text in ("8; A,B,D", "8; A,C,D", "8 days; A -> C -> D", "time: 8; path: a, c, d", "8\nA C D",
                 "8 | [A, B, D]", "8; A-B-D"):
        assert ok(p, text), text
    for text in ("7; A,C,D", "9; A,C,D", "8; C,D", "8; A,D", "8; A,C", "8; E", "8; A,C,D,E", "8; A,C,Z",
                 "8, A, C, D", "A,C,D; 8"):
        assert not ok(p, text), text


def test_critical_path_totals_match_networkx():
    task = procgym.get("scheduling/critical_path")
    for level in range(1, 11):
        for seed in range(8):
            p = task.generate(seed=seed, difficulty=level)
            c = p.check
            g = nx.DiGraph()
            for v, d in c["durations"].items():
                g.add_edge("start", v, weight=d)
                for u, lag in c["preds"][v].items():
                    g.add_edge(u, v, weight=lag + d)
            assert nx.dag_longest_path_length(g) == c["total"]
            assert "wait" in p.prompt or not any(lag for q in c["preds"].values() for lag in q.values())


# --------------------------------------------------------------------------- round_robin

def test_round_robin_exact():
    # P1 0-2, P2 2-4, P3 4-5, P1 5-7, P2 7-8, P1 8-9
    assert round_robin([0, 0, 0], [5, 3, 1], 2) == [9, 8, 5]
    # P2 arrives at 2 as P1's quantum runs out: P2 joins the queue first
    assert round_robin([0, 2], [4, 2], 2) == [6, 4]
    # the CPU idles until the next arrival
    assert round_robin([0, 5], [1, 2], 3) == [1, 7]
    # switching costs 1 between different processes, none for a process that continues
    assert round_robin([0, 0], [3, 2], 2, 1) == [7, 5]
    assert round_robin([0], [5], 2, 1) == [5]
    # after an idle gap the next process is a different one: the switch is charged
    assert round_robin([0, 5], [1, 1], 3, 2) == [1, 8]


def _naive_round_robin(arrival, burst, q):
    """Tick-by-tick reference for switch cost 0."""
    n, t, left, done, queue, arrived = len(arrival), 0, list(burst), [0] * len(arrival), [], set()
    running, used = None, 0
    while not all(done):
        for i in range(n):
            if arrival[i] == t and i not in arrived:
                arrived.add(i)
                queue.append(i)
        if running is not None and (left[running] == 0 or used == q):
            if left[running] == 0:
                done[running] = t
            else:
                queue.append(running)
            running = None
        if running is None and queue:
            running, used = queue.pop(0), 0
        if all(done):
            break
        if running is not None:
            left[running] -= 1
            used += 1
        t += 1
    return done


def test_round_robin_matches_a_tick_simulation():
    rng = random.Random(2)
    for _ in range(400):
        n = rng.randint(1, 6)
        arrival = [rng.randint(0, 12) for _ in range(n)]
        burst = [rng.randint(1, 9) for _ in range(n)]
        q = rng.randint(1, 5)
        assert round_robin(arrival, burst, q) == _naive_round_robin(arrival, burst, q), (arrival, burst, q)


def test_round_robin_grading():
    p = record("scheduling/round_robin", {"done": [9, 8, 5]})
    for text in ("9,8,5", "9, 8, 5", "[9 8 5]", "P1=9, P2=8, P3=5", "P1=9, P2=8, P3=5.", "P3: 5, P1: 9, P2: 8", "p1 = 9; p2 = 8; p3 = 5"):
        assert ok(p, text), text
    for text in ("9,5,8", "9,8", "9,8,5,1", "9,8,6", "P1=9, P2=8", "P1=9, P1=8, P3=5", "P1=9 banana P2=8, P3=5",
                 "P1=9, P2=8, P4=5", "5,8,9"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- calendar_conflicts

def test_earliest_slot_exact():
    hours = [(540, 1020)] * 2
    busy = [[(540, 600), (660, 720)], [(600, 630)]]
    assert earliest_slot(hours, busy, 30) == 630  # 10:30-11:00 touches 11:00 exactly
    assert earliest_slot(hours, busy, 45) == 720
    assert earliest_slot(hours, busy, 30, buffer=10) == 730
    assert earliest_slot([(540, 600), (570, 1020)], [[], []], 30) == 570
    assert earliest_slot([(540, 600), (570, 1020)], [[], []], 45) is None


def _brute_slot(hours, busy, length, buffer):
    lo, hi = max(h[0] for h in hours), min(h[1] for h in hours)
    for t in range(lo, hi - length + 1):
        if all(e + buffer <= t or t + length <= s - buffer for person in busy for s, e in person):
            return t
    return None


def test_earliest_slot_matches_brute_force():
    rng = random.Random(4)
    for _ in range(300):
        k = rng.randint(1, 4)
        hours = [(rng.choice([480, 540, 600]), rng.choice([960, 1020, 1080])) for _ in range(k)]
        starts = [[rng.randrange(480, 1060, 5) for _ in range(rng.randint(0, 5))] for _ in range(k)]
        busy = [[(s, s + rng.randint(1, 12) * 10) for s in person] for person in starts]
        length, buffer = rng.choice([15, 30, 45, 60, 90]), rng.choice([0, 0, 5, 10])
        assert earliest_slot(hours, busy, length, buffer) == _brute_slot(hours, busy, length, buffer)


def test_min_rooms_exact_and_brute_force():
    assert min_rooms([(540, 600), (600, 660), (570, 630)]) == 2
    assert min_rooms([(540, 600), (600, 660), (570, 630)], 10) == 3
    assert min_rooms([(540, 600), (610, 660)], 10) == 1
    rng = random.Random(6)
    for _ in range(300):
        starts = [rng.randrange(540, 1000, 15) for _ in range(rng.randint(1, 10))]
        meetings = [(s, s + rng.randint(1, 8) * 15) for s in starts]
        clean = rng.choice([0, 5, 15])
        points = {s for s, _ in meetings}
        most = max(sum(s <= t < e + clean for s, e in meetings) for t in points)
        assert min_rooms(meetings, clean) == most


def test_calendar_grading():
    slot = record("scheduling/calendar_conflicts", {"kind": "slot", "start": 630, "length": 30})
    for text in ("10:30", "10.30", "10h30", "10:30-11:00", "10:30 - 11:00", " 10:30. "):
        assert ok(slot, text), text
    for text in ("10:35", "10:00", "11:00", "10:30-11:15", "1030", "10:30 to 11:00", "25:30", "10:75", "630"):
        assert not ok(slot, text), text
    early = record("scheduling/calendar_conflicts", {"kind": "slot", "start": 570, "length": 30})
    assert ok(early, "9:30") and ok(early, "09:30")
    rooms = record("scheduling/calendar_conflicts", {"kind": "rooms", "rooms": 3})
    for text in ("3", "3 rooms", " 3. "):
        assert ok(rooms, text), text
    for text in ("2", "4", "3.5", "three"):
        assert not ok(rooms, text), text


def test_calendar_asks_both_questions():
    kinds = {procgym.generate("scheduling/calendar_conflicts", seed=s, difficulty=5).check["kind"] for s in range(20)}
    assert kinds == {"slot", "rooms"}


# --------------------------------------------------------------------------- answer reading (procgym.kit)

ROOMS = record("scheduling/calendar_conflicts", {"kind": "rooms", "rooms": 4})
SLOT = record("scheduling/calendar_conflicts", {"kind": "slot", "start": 13 * 60 + 30, "length": 30})
CRITICAL = record("scheduling/critical_path", {"total": 5, "durations": {"A": 2, "B": 3, "C": 1},
                                               "preds": {"A": {}, "B": {"A": 0}, "C": {}}})
ON_TIME = record("scheduling/deadline_lateness", {"question": "on_time", "names": ["A", "B", "C"], "proc": [2, 2, 2],
                                                  "due": [2, 4, 3], "release": None, "best": 2})
LATENESS = record("scheduling/deadline_lateness", {"question": "lateness", "names": ["A", "B"], "proc": [1, 2],
                                                   "due": [1, 2], "release": None, "best": 1})
EXAMS = record("scheduling/exam_timetabling", {"names": ["A", "B", "C"], "best": 2, "conflicts": [["A", "B"]],
                                               "rooms": 0})
OPTIMAL = record("scheduling/parallel_machines", {"rule": "optimal", "proc": [3, 3, 2], "m": 2, "best": 5})
STARTS = record("scheduling/parallel_machines", {"rule": "precedence", "best": 5, "start": [0, 0, 3]})
TIMES = record("scheduling/round_robin", {"done": [14, 6, 19]})
SJF = record("scheduling/shortest_job_first", {"done": [7, 1, 5], "average": [13, 3], "metric": "waiting"})


@pytest.mark.parametrize("problem,text", [
    (ROOMS, "4"), (ROOMS, "4 rooms"), (ROOMS, "rooms: 4"), (SLOT, "13:30"), (SLOT, "1:30 pm"), (SLOT, "13.30"),
    (SLOT, "13:30-14:00"), (SLOT, "start: 13:30"),
    (CRITICAL, "5; A, B"), (CRITICAL, "5 days; A -> B"), (CRITICAL, "critical path: A, B; total time: 5"),
    (ON_TIME, "2; A, B"), (ON_TIME, "2; B, A"), (ON_TIME, "on time: 2; jobs: B, A"), (LATENESS, "1; A, B"),
    (LATENESS, "maximum lateness = 1; order: A, B"),
    (EXAMS, "2; A=1, B=2, C=1"), (EXAMS, "2; C: 2, B: 1, A: 2"), (EXAMS, "slots: 2; A = 1, B = 2, C = 2"),
    (OPTIMAL, "5; 1, 2, 1"), (OPTIMAL, "makespan: 5; J3=2, J1=2, J2=1"), (STARTS, "5; 0, 0, 3"),
    (STARTS, "5\nJ1 = 0, J2 = 0, J3 = 3"),
    (TIMES, "14, 6, 19"), (TIMES, "P2=6, P1=14, P3=19"), (TIMES, "[14 6 19]"),
    (SJF, "7, 1, 5; 13/3"), (SJF, "P1=7, P2=1, P3=5; average = \\frac{13}{3}"), (SJF, "average: 13/3; times: 7, 1, 5"),
])
def test_scheduling_answers_accepted(problem, text):
    assert ok(problem, text), procgym.verify(problem, f"<answer>{text}</answer>").feedback


@pytest.mark.parametrize("problem,text", [
    (ROOMS, "0, 4"), (ROOMS, "4 or 5"), (ROOMS, "about 4"), (ROOMS, "x != 4"), (ROOMS, "4 rooms, I think"),
    (SLOT, "13:30 or 14:00"), (SLOT, "13:30?"), (SLOT, "not 13:30"), (SLOT, "13:30-14:30"), (SLOT, "25:30"),
    (CRITICAL, "5; A, B or C"), (CRITICAL, "path: 5; time: A, B"), (CRITICAL, "5"), (CRITICAL, "5 or 6; A, B"),
    (ON_TIME, "2; A, B, maybe C"), (ON_TIME, "jobs: 2; on time: A, B"), (ON_TIME, "2; A, A"),
    (LATENESS, "1; A, B or B, A"), (LATENESS, "1"),
    (EXAMS, "2; A=1, B=2"), (EXAMS, "2; A=1, B=2, C=1, A=1"), (EXAMS, "2; A=1, B=2, C=1 or C=2"),
    (EXAMS, "2; A != 1, B=2, C=1"), (EXAMS, "2; A=1, B=2, D=1"),
    (OPTIMAL, "5; 1, 2"), (OPTIMAL, "5; J1=2, J2=1"), (OPTIMAL, "5; 1, 2, 1 or 2, 1, 2"), (STARTS, "5; 0, 0, 3, 0"),
    (TIMES, "14, 6, 19 or 14, 6, 20"), (TIMES, "P1=14, P2=6"), (TIMES, "P1=14, P2=6, P3=19, P4=1"),
    (TIMES, "P1=14, P1=6, P3=19"), (TIMES, "14, 6, 19?"),
    (SJF, "7, 1, 5; 13/3 or 4"), (SJF, "times: 13/3; average: 7, 1, 5"), (SJF, "7, 1, 5"), (SJF, "7, 1, 5; 4.33"),
])
def test_scheduling_near_misses_refused(problem, text):
    assert not ok(problem, text), text


# --------------------------------------------------------------------------- levels past 10

def test_release_search_gives_up_past_its_node_limit_and_top_levels_stay_exact():
    from procgym.generators.scheduling.deadlines import lateness_of, min_lateness_with_release

    proc, due, release = [4, 2, 1, 3], [10, 9, 3, 8], [0, 1, 1, 2]
    assert min_lateness_with_release(proc, due, release, node_limit=1) is None
    assert min_lateness_with_release(proc, due, release, node_limit=10_000) == min_lateness_with_release(
        proc, due, release)
    task = procgym.get("scheduling/deadline_lateness")
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=20)
        c = p.check
        assert c["question"] == "release" and len(c["proc"]) == 10
        order = [c["names"].index(x) for x in p.answer.split("; ")[1].split(",")]
        assert lateness_of(order, c["proc"], c["due"], c["release"]) == c["best"]
        assert ok(p, p.answer)


def test_calendar_effort_reads_back_the_slot_problem():
    """The slot effort re-runs the earliest-start search on the calendars read back from the
    prompt; that search finds the reference start at every level."""
    from procgym.generators.scheduling import calendar as cal

    task = procgym.get("scheduling/calendar_conflicts")
    for level in (3, 10, 20):
        for seed in range(12):
            p = task.generate(seed=seed, difficulty=level)
            if p.check["kind"] != "slot":
                continue
            hours, busy = [], []
            for line in cal._PERSON.findall(p.prompt):
                work, blocks = cal._WORKS.search(line), cal._INTERVAL.findall(line.split("busy", 1)[1])
                hours.append((cal.read_clock(work.group(1)), cal.read_clock(work.group(2))) if work
                             else (cal.DAY_START, cal.DAY_END))
                busy.append([(cal.read_clock(a), cal.read_clock(b)) for a, b in blocks])
            gap = cal._BUFFER.search(p.prompt)
            assert len(hours) == p.params["n_people"]
            assert cal.earliest_slot(hours, busy, p.check["length"], int(gap.group(1)) if gap else 0) == p.check["start"]
            assert task.effort(p) > 0
