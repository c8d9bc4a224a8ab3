"""Per-task tests for the second batch of data_structures and scheduling tasks (tries, range
queries, monotonic stacks and deques, linked lists, AVL trees; shortest job first, deadlines,
parallel machines, exam timetabling): exact values on hand-checked instances, independent
brute-force cross-checks of the solvers, accepted alternative answers and rejected near misses."""
import itertools
import random
from fractions import Fraction

import pytest

import procgym
from procgym import Problem
from procgym.generators.data_structures.avl import run_avl
from procgym.generators.data_structures._traversals import traverse as avl_traverse
from procgym.generators.data_structures.linked_lists import pointer_steps, run_list
from procgym.generators.data_structures.monotonic import VARIANTS, nearest, window_extremes
from procgym.generators.data_structures.range_queries import run_queries
from procgym.generators.data_structures.tries import run_trie
from procgym.generators.scheduling.deadlines import (edd_order, feasible, lateness_of, max_on_time,
                                                    min_lateness_with_release)
from procgym.generators.scheduling.machines import (list_schedule, lpt_order, makespan, optimal_makespan,
                                                   precedence_schedule)
from procgym.generators.scheduling.shortest_job import schedule
from procgym.generators.scheduling.timetabling import conflicts, min_slots
from answer_helpers import ok

NAMES = ["data_structures/trie_operations", "data_structures/range_queries", "data_structures/next_greater_element",
         "data_structures/sliding_window_extremes", "data_structures/linked_list_ops", "data_structures/avl_tree",
         "scheduling/shortest_job_first", "scheduling/deadline_lateness", "scheduling/parallel_machines",
         "scheduling/exam_timetabling"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


# --------------------------------------------------------------------------- all ten

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
    for seed in range(3):
        p = procgym.generate(name, seed=seed, difficulty=4)
        for text in ("", "banana", "{}", "(((", "1/0", "none", "yes", p.answer + p.answer, p.answer + ",1"):
            assert not ok(p, text), text


# --------------------------------------------------------------------------- trie_operations

def _naive_trie(ops):
    words, out = set(), []
    for kind, w in ops:
        if kind == "insert":
            words.add(w)
        elif kind == "delete":
            words.discard(w)
        elif kind == "count":
            out.append(sum(x.startswith(w) for x in words))
        else:
            out.append(len({x[:k] for x in words for k in range(1, len(x) + 1)}))
    return out


def test_trie_exact():
    ops = [("insert", "car"), ("insert", "cat"), ("insert", "cart"), ("count", "ca"), ("nodes", ""),
           ("delete", "ca"), ("count", "ca"), ("delete", "car"), ("count", "car"), ("nodes", ""),
           ("delete", "cart"), ("nodes", ""), ("insert", "cat"), ("count", "cat"), ("count", "dog")]
    # nodes: c, ca, car, cat, cart = 5; after deleting car, cart still needs c-a-r-t: 5; after cart: c, ca, cat = 3
    assert run_trie(ops) == [3, 5, 3, 1, 5, 3, 1, 0]


def test_trie_matches_a_set_of_words():
    rng = random.Random(1)
    for _ in range(300):
        ops = []
        for _ in range(rng.randint(1, 30)):
            w = "".join(rng.choice("ab") for _ in range(rng.randint(1, 4)))
            ops.append((rng.choice(["insert", "insert", "delete", "count", "nodes"]), w))
        assert run_trie(ops) == _naive_trie(ops), ops


def test_trie_generated_problems_match_the_naive_model():
    task = procgym.get("data_structures/trie_operations")
    for level in (2, 6, 10):
        for seed in range(6):
            p = task.generate(seed=seed, difficulty=level)
            lines = p.prompt.split("Operations:\n")[1].split("\n\n")[0].splitlines()
            ops = []
            for line in lines:
                parts = line.split(". ", 1)[1].split()
                ops.append((parts[0], parts[1] if len(parts) > 1 else ""))
            assert _naive_trie(ops) == p.check["values"]


def test_trie_grading():
    p = record("data_structures/trie_operations", {"values": [3, 0, 5]})
    for text in ("3,0,5", "3, 0, 5", "[3 0 5]", "1: 3, 2: 0, 3: 5", "Q1=3; Q2=0; Q3=5", "answers: 3, 0, 5",
                 "2: 0, 1: 3, 3: 5"):
        assert ok(p, text), text
    for text in ("3,0", "3,0,5,0", "3,5,0", "3,1,5", "1: 3, 2: 0", "1: 3, 1: 0, 3: 5", "empty", "3,0,5.5"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- range_queries

def _naive_queries(values, ops):
    a, out = list(values), []
    for op in ops:
        if op[0] == "add":
            a[op[1] - 1] += op[2]
        elif op[0] == "set":
            a[op[1] - 1] = op[2]
        elif op[0] == "node":
            k = op[1]
            out.append(sum(a[k - (k & -k):k]))
        else:
            seg = a[op[1] - 1:op[2]]
            out.append({"sum": sum, "min": min, "max": max}[op[0]](seg))
    return out


def test_range_queries_exact():
    values = [5, -2, 7, 1, 3, 8]
    ops = [("sum", 2, 4), ("add", 3, -4), ("min", 1, 6), ("set", 2, 10), ("max", 1, 3), ("node", 4), ("node", 6),
           ("sum", 1, 6)]
    # a = 5,-2,3,1,3,8 then 5,10,3,1,3,8: node 4 = a1..a4 = 19, node 6 = a5+a6 = 11
    assert run_queries(values, ops) == [6, -2, 10, 19, 11, 30]


def test_range_queries_match_a_plain_array():
    rng = random.Random(2)
    for _ in range(300):
        n = rng.randint(1, 17)
        values = [rng.randint(-9, 20) for _ in range(n)]
        ops = []
        for _ in range(rng.randint(1, 25)):
            kind = rng.choice(["add", "set", "sum", "min", "max", "node"])
            if kind in ("add", "set"):
                ops.append((kind, rng.randint(1, n), rng.randint(-9, 9)))
            elif kind == "node":
                ops.append((kind, rng.randint(1, n)))
            else:
                a, b = sorted((rng.randint(1, n), rng.randint(1, n)))
                ops.append((kind, a, b))
        assert run_queries(values, ops) == _naive_queries(values, ops)


def test_range_queries_levels_add_query_kinds():
    low = procgym.generate("data_structures/range_queries", seed=0, difficulty=1).prompt
    high = procgym.generate("data_structures/range_queries", seed=0, difficulty=10).prompt
    assert "Fenwick" not in low and "smallest" not in low
    assert "Fenwick" in high and "set a[" in high


def test_range_queries_grading():
    p = record("data_structures/range_queries", {"values": [17, -3, 8]})
    for text in ("17,-3,8", "17, -3, 8", "[17, -3, 8]", "17 -3 8", "1) 17, 2) -3, 3) 8"):
        assert ok(p, text), text
    for text in ("17,3,8", "17,-3", "-3,17,8", "17,-3,9", "17,-3,8,0"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- next_greater_element

def _naive_nearest(values, variant):
    n, out = len(values), []
    for i, v in enumerate(values):
        if variant == "next_greater":
            found = [w for w in values[i + 1:] if w > v]
        elif variant == "next_smaller":
            found = [w for w in values[i + 1:] if w < v]
        elif variant == "next_greater_or_equal":
            found = [w for w in values[i + 1:] if w >= v]
        elif variant == "previous_greater":
            found = [w for w in reversed(values[:i]) if w > v]
        elif variant == "previous_smaller":
            found = [w for w in reversed(values[:i]) if w < v]
        elif variant == "circular_next_greater":
            found = [w for w in values[i + 1:] + values[:i] if w > v]
        else:
            steps = [d for d in range(1, n - i) if values[i + d] > v]
            out.append(steps[0] if steps else 0)
            continue
        out.append(found[0] if found else -1)
    return out


def test_nearest_exact():
    values = [4, 7, 7, 2, 9, 1]
    assert nearest(values, "next_greater") == [7, 9, 9, 9, -1, -1]
    assert nearest(values, "next_greater_or_equal") == [7, 7, 9, 9, -1, -1]
    assert nearest(values, "next_smaller") == [2, 2, 2, 1, 1, -1]
    assert nearest(values, "previous_greater") == [-1, -1, -1, 7, -1, 9]
    assert nearest(values, "previous_smaller") == [-1, 4, 4, -1, 2, -1]
    assert nearest(values, "circular_next_greater") == [7, 9, 9, 9, -1, 4]
    assert nearest(values, "wait_greater") == [1, 3, 2, 1, 0, 0]


def test_nearest_matches_brute_force():
    rng = random.Random(3)
    for _ in range(400):
        values = [rng.randint(1, 8) for _ in range(rng.randint(1, 12))]
        for variant in VARIANTS:
            assert nearest(values, variant) == _naive_nearest(values, variant), (values, variant)


def test_next_greater_grading():
    p = record("data_structures/next_greater_element", {"values": [7, -1, 9, 9, -1]})
    for text in ("7,-1,9,9,-1", "[7, -1, 9, 9, -1]", "7 -1 9 9 -1", "7; -1; 9; 9; -1"):
        assert ok(p, text), text
    for text in ("7,1,9,9,1", "7,-1,9,9", "7,-1,9,-1,9", "7,0,9,9,0", "7,-1,9,9,-1,-1"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- sliding_window_extremes

def test_window_exact_and_brute_force():
    values = [1, 3, -1, -3, 5, 3, 6, 7]
    assert window_extremes(values, 3, "max") == [3, 3, 5, 5, 6, 7]
    assert window_extremes(values, 3, "min") == [-1, -3, -3, -3, 3, 3]
    assert window_extremes(values, 3, "range") == [4, 6, 8, 8, 3, 4]
    assert window_extremes(values, 3, "max", 2) == [3, 5, 6]
    assert window_extremes(values, 4, "min", 3) == [-3, -3]  # windows 1-4, 4-7
    rng = random.Random(4)
    for _ in range(400):
        n = rng.randint(1, 14)
        values = [rng.randint(-5, 5) for _ in range(n)]
        k, s = rng.randint(1, n), rng.randint(1, 3)
        for kind in ("max", "min", "range"):
            expect = []
            for start in range(0, n - k + 1, s):
                w = values[start:start + k]
                expect.append(max(w) if kind == "max" else min(w) if kind == "min" else max(w) - min(w))
            assert window_extremes(values, k, kind, s) == expect


def test_window_grading():
    p = record("data_structures/sliding_window_extremes", {"values": [9, 9, 7, 12]})
    for text in ("9,9,7,12", "[9, 9, 7, 12]", "9 9 7 12"):
        assert ok(p, text), text
    for text in ("9,7,12", "9,9,7,12,12", "9,9,12,7", "9,9,7,13"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- linked_list_ops

def _naive_list(values, ops):
    a = list(values)
    for op in ops:
        kind = op[0]
        if kind == "push_front":
            a.insert(0, op[1])
        elif kind == "push_back":
            a.append(op[1])
        elif kind == "insert_after" and op[1] in a:
            a.insert(a.index(op[1]) + 1, op[2])
        elif kind == "delete" and op[1] in a:
            a.remove(op[1])
        elif kind == "reverse" and 1 <= op[1] < op[2] <= len(a):
            a[op[1] - 1:op[2]] = a[op[1] - 1:op[2]][::-1]
        elif kind == "rotate" and a:
            k = op[1] % len(a)
            a = a[len(a) - k:] + a[:len(a) - k]
        elif kind == "swap_pairs":
            for i in range(0, len(a) - 1, 2):
                a[i], a[i + 1] = a[i + 1], a[i]
        elif kind == "remove_from_end" and 1 <= op[1] <= len(a):
            del a[len(a) - op[1]]
    return a


def test_linked_list_exact():
    ops = [("push_front", 9), ("insert_after", 2, 7), ("reverse", 2, 4), ("delete", 5), ("rotate", 2),
           ("swap_pairs",), ("remove_from_end", 2), ("delete", 42)]
    # 9,1,2,3 -> 9,1,2,7,3 -> 9,7,2,1,3 -> (no 5) -> 1,3,9,7,2 -> 3,1,7,9,2 -> 3,1,7,2
    assert run_list([1, 2, 3], ops) == [3, 1, 7, 2]


def test_linked_list_matches_a_python_list():
    rng = random.Random(5)
    for _ in range(400):
        values = rng.sample(range(1, 60), rng.randint(0, 7))
        fresh = iter(range(100, 200))
        ops = []
        for _ in range(rng.randint(1, 12)):
            kind = rng.choice(["push_front", "push_back", "insert_after", "delete", "reverse", "rotate",
                               "swap_pairs", "remove_from_end"])
            if kind in ("push_front", "push_back"):
                ops.append((kind, next(fresh)))
            elif kind == "insert_after":
                ops.append((kind, rng.randint(1, 60), next(fresh)))
            elif kind == "delete":
                ops.append((kind, rng.randint(1, 60)))
            elif kind == "reverse":
                ops.append((kind, rng.randint(1, 6), rng.randint(1, 9)))
            elif kind == "swap_pairs":
                ops.append((kind,))
            else:
                ops.append((kind, rng.randint(1, 8)))
        assert run_list(values, ops) == _naive_list(values, ops), (values, ops)


def test_linked_list_grading():
    p = record("data_structures/linked_list_ops", {"values": [4, 17, 9, 23]})
    for text in ("4,17,9,23", "[4, 17, 9, 23]", "4 17 9 23", "(4; 17; 9; 23)"):
        assert ok(p, text), text
    for text in ("23,9,17,4", "4,17,9", "4,17,9,23,5", "4,9,17,23", "empty"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- avl_tree

def _h(t):
    return 0 if t is None else 1 + max(_h(t[1]), _h(t[2]))


def _rot_right(t):
    k, (lk, ll, lr), r = t
    return (lk, ll, (k, lr, r))


def _rot_left(t):
    k, l, (rk, rl, rr) = t
    return (rk, (k, l, rl), rr)


def _bal(t):
    return _h(t[1]) - _h(t[2])


def _fix(t):
    b = _bal(t)
    if b > 1:
        if _bal(t[1]) < 0:
            t = (t[0], _rot_left(t[1]), t[2])
        return _rot_right(t)
    if b < -1:
        if _bal(t[2]) > 0:
            t = (t[0], t[1], _rot_right(t[2]))
        return _rot_left(t)
    return t


def _ins(t, x):
    if t is None:
        return (x, None, None)
    if x == t[0]:
        return t
    return _fix((t[0], _ins(t[1], x), t[2]) if x < t[0] else (t[0], t[1], _ins(t[2], x)))


def _del(t, x):
    if t is None:
        return None
    k, l, r = t
    if x < k:
        return _fix((k, _del(l, x), r))
    if x > k:
        return _fix((k, l, _del(r, x)))
    if l is None:
        return r
    if r is None:
        return l
    m = r
    while m[1] is not None:
        m = m[1]
    return _fix((m[0], l, _del(r, m[0])))


def _pre(t):
    return [] if t is None else [t[0]] + _pre(t[1]) + _pre(t[2])


def test_avl_exact():
    def pre(ops):
        return avl_traverse(run_avl(ops), "preorder")
    assert pre([("insert", k) for k in range(1, 8)]) == [4, 2, 1, 3, 6, 5, 7]  # ascending run: perfect tree
    assert pre([("insert", 30), ("insert", 10), ("insert", 20)]) == [20, 10, 30]  # left-right double rotation
    assert pre([("insert", 10), ("insert", 30), ("insert", 20)]) == [20, 10, 30]  # right-left double rotation
    # delete 1: node 2 has balance -2 and its right child 4 balance 0 -> single left rotation
    assert pre([("insert", k) for k in (2, 1, 4, 3, 5)] + [("delete", 1)]) == [4, 2, 3, 5]
    # two children: 4 takes its successor 5
    ops = [("insert", k) for k in (4, 2, 6, 1, 3, 5, 7)] + [("delete", 4)]
    assert avl_traverse(run_avl(ops), "levelorder") == [5, 2, 6, 1, 3, 7]
    assert avl_traverse(run_avl(ops), "postorder") == [1, 3, 2, 7, 6, 5]


def test_avl_matches_an_independent_functional_avl():
    rng = random.Random(6)
    for _ in range(300):
        ops, t = [], None
        for _ in range(rng.randint(1, 25)):
            op = (rng.choice(["insert", "insert", "delete"]), rng.randint(1, 30))
            ops.append(op)
            t = _ins(t, op[1]) if op[0] == "insert" else _del(t, op[1])
        root = run_avl(ops)
        assert avl_traverse(root, "preorder") == _pre(t)
        keys = avl_traverse(root, "inorder")
        assert keys == sorted(set(keys))


def test_avl_grading():
    p = record("data_structures/avl_tree", {"values": [40, 17, 8, 25, 63]})
    for text in ("40,17,8,25,63", "[40, 17, 8, 25, 63]", "40 17 8 25 63"):
        assert ok(p, text), text
    for text in ("8,17,25,40,63", "40,17,8,25", "40,17,25,8,63", "17,40,8,25,63", "empty"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- shortest_job_first

def _tick_schedule(arrival, burst, policy):
    """Unit-step reference: decide at every whole time unit (non-preemptive keeps the current job)."""
    n, left, done, t, cur = len(arrival), list(burst), [0] * len(arrival), 0, None
    while not all(done):
        ready = [i for i in range(n) if arrival[i] <= t and left[i]]
        if cur is None or policy == "srtf":
            if not ready:
                t += 1
                continue
            if policy == "srtf":
                cur = min(ready, key=lambda i: (left[i], arrival[i], i))
            elif policy == "sjf":
                cur = min(ready, key=lambda i: (burst[i], arrival[i], i))
            else:
                cur = max(ready, key=lambda i: (Fraction(t - arrival[i] + burst[i], burst[i]), -burst[i],
                                                -arrival[i], -i))
        left[cur] -= 1
        t += 1
        if left[cur] == 0:
            done[cur] = t
            cur = None
    return done


def test_shortest_job_exact():
    arrival, burst = [0, 1, 2, 3], [8, 4, 9, 5]
    assert schedule(arrival, burst, "srtf") == [17, 5, 26, 10]  # average waiting 26/4
    assert schedule(arrival, burst, "sjf") == [8, 12, 26, 17]  # average waiting 31/4
    assert schedule([0, 2, 4, 6, 8], [3, 6, 4, 5, 2], "hrrn") == [3, 9, 13, 20, 15]
    assert schedule([0, 10], [2, 3], "sjf") == [2, 13]  # the CPU idles from 2 to 10
    # equal remaining time: the running process is not interrupted
    assert schedule([0, 2], [5, 3], "srtf") == [5, 8]


def test_shortest_job_matches_a_tick_simulation():
    rng = random.Random(7)
    for _ in range(400):
        n = rng.randint(1, 6)
        arrival = [rng.randint(0, 12) for _ in range(n)]
        burst = [rng.randint(1, 8) for _ in range(n)]
        for policy in ("sjf", "srtf", "hrrn"):
            assert schedule(arrival, burst, policy) == _tick_schedule(arrival, burst, policy), (arrival, burst, policy)


def test_shortest_job_grading():
    p = record("scheduling/shortest_job_first", {"done": [17, 5, 26, 10], "average": [13, 2], "metric": "waiting"})
    for text in ("17,5,26,10; 13/2", "17, 5, 26, 10; 6.5", "[17 5 26 10]; 26/4", "P1=17, P2=5, P3=26, P4=10; 6.50",
                 "completion times: 17,5,26,10; average waiting time: 13/2", "17,5,26,10\n13/2",
                 "17,5,26,10; \\frac{13}{2}"):
        assert ok(p, text), text
    for text in ("17,5,26,10; 6", "17,5,26,10; 7", "17,5,26,10; 2/13", "17,5,10,26; 13/2", "17,5,26; 13/2",
                 "17,5,26,10", "13/2", "17,5,26,10; 6 1/2", "P1=17, P2=5, P3=26; 13/2", "18,5,26,10; 13/2"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- deadline_lateness

def _brute_lateness(proc, due, release=None):
    return min(lateness_of(list(order), proc, due, release) for order in itertools.permutations(range(len(proc))))


def _brute_on_time(proc, due):
    n = len(proc)
    return max(len(s) for r in range(n + 1) for s in itertools.combinations(range(n), r)
               if any(all(t <= due[j] for t, j in zip(itertools.accumulate(proc[j] for j in order), order))
                      for order in itertools.permutations(s)))


def test_deadline_exact():
    proc, due = [3, 3, 4], [5, 3, 6]
    assert edd_order(proc, due) == [1, 0, 2] and lateness_of([1, 0, 2], proc, due) == 4
    proc, due = [8, 6, 6, 2, 2, 8], [10, 11, 7, 4, 10, 10]
    assert len(max_on_time(proc, due)) == 3
    # with release times the machine may idle: waiting for the urgent C beats starting A at once
    value, order = min_lateness_with_release([4, 2, 1], [10, 9, 3], [0, 1, 1])
    assert value == _brute_lateness([4, 2, 1], [10, 9, 3], [0, 1, 1]) == -1


def test_deadline_solvers_match_brute_force():
    rng = random.Random(8)
    for _ in range(300):
        n = rng.randint(1, 6)
        proc = [rng.randint(1, 9) for _ in range(n)]
        due = [rng.randint(1, 25) for _ in range(n)]
        release = [rng.randint(0, 15) for _ in range(n)]
        assert lateness_of(edd_order(proc, due), proc, due) == _brute_lateness(proc, due)
        best = max_on_time(proc, due)
        assert feasible(best, proc, due) and len(best) == _brute_on_time(proc, due)
        value, order = min_lateness_with_release(proc, due, release)
        assert sorted(order) == list(range(n))
        assert value == lateness_of(order, proc, due, release) == _brute_lateness(proc, due, release)


def _deadline_record(question, release=None):
    proc, due = [3, 3, 4], [5, 3, 6]
    best = 4 if question == "lateness" else 2
    return record("scheduling/deadline_lateness", {"question": question, "names": ["A", "B", "C"], "proc": proc,
                                                   "due": due, "release": release, "best": best})


def test_deadline_grading():
    p = _deadline_record("lateness")
    # B,A,C: L = 0, 1, 4; B,C,A: 0, 1, 5; A,B,C: -2, 3, 4 -> also optimal
    for text in ("4; B,A,C", "4; A,B,C", "4; b, a, c", "max lateness: 4; order: B -> A -> C", "4\nB A C"):
        assert ok(p, text), text
    for text in ("4; B,C,A", "3; B,A,C", "5; B,C,A", "4; B,A", "4; B,A,C,A", "4; B,A,D", "B,A,C; 4", "4"):
        assert not ok(p, text), text
    p = _deadline_record("on_time")
    # A and B together: B then A finishes 3, 6 > 5: no; B and C: 3, 7 > 6: no; A and C: 3, 7 > 6: no
    assert _brute_on_time([3, 3, 4], [5, 3, 6]) == 1
    p.check["best"] = 1
    for text in ("1; B", "1; A", "1; C", "1; [c]"):
        assert ok(p, text), text
    for text in ("2; A,B", "1; A,B", "1; ", "0; ", "1; D", "1"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- parallel_machines

def test_machines_exact():
    proc = [1, 4, 5, 4]
    assert list_schedule(proc, 2, [0, 1, 2, 3]) == [0, 1, 0, 1]
    assert makespan(proc, 2, [0, 1, 0, 1]) == 8
    assert lpt_order([3, 5, 3, 7]) == [3, 1, 0, 2]
    # the classic LPT gap: 3,3,2,2,2 on two machines; LPT gives 7, the optimum is 6
    proc = [3, 3, 2, 2, 2]
    assert makespan(proc, 2, list_schedule(proc, 2, lpt_order(proc))) == 7
    assert optimal_makespan(proc, 2)[0] == 6
    proc = [4, 10, 7, 2, 1, 8, 2, 11, 14]
    preds = [[], [], [], [], [2, 3], [], [], [5], [5, 6]]
    assert precedence_schedule(proc, 4, preds) == [0, 0, 0, 0, 7, 2, 4, 10, 10]


def test_optimal_makespan_matches_brute_force():
    rng = random.Random(9)
    for _ in range(200):
        n, m = rng.randint(1, 7), rng.randint(1, 3)
        proc = [rng.randint(1, 12) for _ in range(n)]
        value, machine = optimal_makespan(proc, m)
        assert makespan(proc, m, machine) == value
        assert value == min(makespan(proc, m, list(a)) for a in itertools.product(range(m), repeat=n))


def _event_precedence(proc, m, preds):
    """Tick-by-tick reference for list scheduling with precedence."""
    n, start, t, free_at = len(proc), [-1] * len(proc), 0, [0] * m
    while min(start) < 0:
        for i in range(m):
            if free_at[i] <= t:
                ready = [j for j in range(n) if start[j] < 0 and all(0 <= start[u] and start[u] + proc[u] <= t
                                                                     for u in preds[j])]
                if ready:
                    start[ready[0]] = t
                    free_at[i] = t + proc[ready[0]]
        t += 1
    return start


def test_precedence_schedule_matches_a_tick_simulation():
    rng = random.Random(10)
    for _ in range(300):
        n, m = rng.randint(1, 8), rng.randint(1, 4)
        proc = [rng.randint(1, 9) for _ in range(n)]
        preds = [sorted(rng.sample(range(v), rng.randint(0, min(2, v)))) for v in range(n)]
        assert precedence_schedule(proc, m, preds) == _event_precedence(proc, m, preds)


def test_machines_grading():
    p = record("scheduling/parallel_machines", {"rule": "optimal", "proc": [3, 3, 2, 2, 2], "m": 2, "best": 6})
    for text in ("6; 1,1,2,2,2", "6; 2,2,1,1,1", "makespan: 6; J1=1, J2=1, J3=2, J4=2, J5=2", "6\n1 1 2 2 2"):
        assert ok(p, text), text
    for text in ("7; 1,2,1,2,1", "6; 1,2,1,2,1", "6; 1,1,2,2", "6; 1,1,2,2,3", "6; 0,0,1,1,1", "6", "5; 1,1,2,2,2"):
        assert not ok(p, text), text
    p = record("scheduling/parallel_machines", {"rule": "list", "proc": [1, 4, 5, 4], "m": 2, "best": 8,
                                                "machine": [1, 2, 1, 2]})
    assert ok(p, "8; 1,2,1,2") and ok(p, "8; J2=2, J1=1, J4=2, J3=1")
    assert not ok(p, "8; 2,1,2,1")  # the tie rule puts J1 on machine 1
    p = record("scheduling/parallel_machines", {"rule": "precedence", "best": 24, "start": [0, 0, 4, 9]})
    assert ok(p, "24; 0,0,4,9") and not ok(p, "24; 0,0,4,10") and not ok(p, "23; 0,0,4,9")


# --------------------------------------------------------------------------- exam_timetabling

def _brute_slots(n, adj, cap):
    for k in range(1, n + 1):
        for a in itertools.product(range(k), repeat=n):
            if all(not (adj[i] >> j & 1) or a[i] != a[j] for i in range(n) for j in range(n)) and \
                    (not cap or max(a.count(s) for s in range(k)) <= cap):
                return k
    return None


def test_timetabling_exact():
    # a 5-cycle of conflicts needs 3 slots though no student takes more than 2 exams
    enrol = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]]
    adj = conflicts(5, enrol)
    assert min_slots(adj, 0, 2)[0] == 3
    assert min_slots(adj, 2, 2)[0] == 3
    assert min_slots(conflicts(4, [[0, 1]]), 0)[0] == 2
    assert min_slots(conflicts(4, [[0, 1]]), 1)[0] == 4  # one room: one exam per slot


def test_timetabling_matches_brute_force():
    rng = random.Random(11)
    for _ in range(150):
        n = rng.randint(2, 6)
        enrol = [rng.sample(range(n), rng.randint(2, min(3, n))) for _ in range(rng.randint(1, 5))]
        adj = conflicts(n, enrol)
        cap = rng.choice([0, 0, 2, 3])
        k, slot = min_slots(adj, cap)
        assert k == _brute_slots(n, adj, cap)
        assert all(slot[i] != slot[j] for i in range(n) for j in range(n) if adj[i] >> j & 1)


def test_timetabling_grading():
    check = {"names": ["A", "B", "C", "D", "E"], "best": 3, "rooms": 2,
             "conflicts": [["A", "B"], ["A", "E"], ["B", "C"], ["C", "D"], ["D", "E"]]}
    p = record("scheduling/exam_timetabling", check)
    for text in ("3; A=1, B=2, C=1, D=2, E=3", "3; a=2, b=1, c=2, d=1, e=3", "slots: 3; A: 1, B: 2, C: 3, D: 2, E: 3",
                 "3\nE=3 D=2 C=1 B=2 A=1"):
        assert ok(p, text), text
    for text in ("2; A=1, B=2, C=1, D=2, E=1", "3; A=1, B=1, C=2, D=3, E=2", "3; A=1, B=2, C=1, D=2",
                 "3; A=1, B=2, C=1, D=2, E=4", "3; A=1, B=2, C=3, D=1, E=2, A=3", "4; A=1, B=2, C=1, D=2, E=3",
                 "3; A=1, B=2, C=1, D=2, E=3, F=1", "3"):
        assert not ok(p, text), text
    check["rooms"] = 1
    check["best"] = 5
    assert not ok(record("scheduling/exam_timetabling", check), "5; A=1, B=2, C=1, D=2, E=3")


# --------------------------------------------------------------------------- levels past 10 (data_structures)

STRUCTURES = [n for n in NAMES if n.startswith("data_structures/")]


@pytest.mark.parametrize("name", STRUCTURES)
def test_levels_past_ten_generate_and_verify(name):
    task = procgym.get(name)
    assert task.max_level == 20
    for level in range(11, 21):
        for seed in range(3):
            p = task.generate(seed=seed, difficulty=level)
            assert p.prompt.isascii() and ok(p, p.answer), (level, seed)


def test_avl_effort_counts_walks_and_rotations():
    ops = "Operations:\n1. insert 1\n2. insert 2\n3. insert 3\n\nList the keys."
    p = Problem("data_structures/avl_tree", 0, None, {}, ops, "2,1,3", {"values": [2, 1, 3]})
    # insert 2 walks past 1 (down and back up); insert 3 past 1 and 2, then one left rotation at 1
    assert procgym.get("data_structures/avl_tree").effort(p) == 2 * 1 + (2 * 2 + 1) + 3


def test_work_counts_of_lists_and_stacks():
    assert pointer_steps([1, 2, 3], ("delete", 2)) == 3 and pointer_steps([1, 2, 3], ("push_front", 9)) == 1
    assert pointer_steps([1, 2, 3], ("delete", 7)) == 4  # an absent value: the whole list is walked
    tally = [0]
    assert nearest([1, 2], "next_greater", tally) == [2, -1] and tally[0] == 3  # two positions, one pop
    tally = [0]
    assert window_extremes([3, 1, 2], 2, "max", 1, tally) == [3, 2]
    # pushes 3 (one deque for a max), 2 windows read, 1 pop (1 < 2) and 1 expiry (3 leaves)
    assert tally[0] == 3 + 2 + 1 + 1
