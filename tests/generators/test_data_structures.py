"""Per-task tests for the data_structures tasks: exact values on hand-checked instances,
independent cross-checks of the simulators, accepted alternative forms and rejected near misses."""
import heapq
import random
from collections import OrderedDict

import networkx as nx
import pytest

import procgym
from procgym import Problem
from procgym.generators.data_structures._traversals import replacement_path, search_path, traverse
from procgym.generators.data_structures._value_lists import (listed_operations, numbered, read_name_names,
                                                             read_numbered_ints, read_yes_no_list)
from procgym.generators.data_structures.bst import run_bst
from procgym.generators.data_structures.caches import simulate_cache
from procgym.generators.data_structures.hashing import run_table, slots_probed
from procgym.generators.data_structures.heaps import priority_queue_order, run_heap
from procgym.generators.data_structures.linear import simulate
from procgym.generators.data_structures.union_find import DisjointSets, run_union_find
from answer_helpers import ok, tag

NAMES = ["data_structures/stack_queue_ops", "data_structures/priority_queue", "data_structures/heap_array",
         "data_structures/cache_simulation", "data_structures/union_find", "data_structures/bst_traversal",
         "data_structures/hash_probing"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


# --------------------------------------------------------------------------- all seven

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in procgym.get(name).levels:
        for seed in range(4):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_level_five_is_varied(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_and_doubled_answers_are_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=4)
    for text in ("", "banana", "1", "{}", "(((", "1/0", "yes", p.answer + p.answer, p.answer + ",1"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- stack_queue_ops

def test_stack_queue_simulation_exact():
    assert simulate("stack", [("push", 1), ("push", 2), ("pop",), ("push", 3), ("peek",)]) == ([2], {"S": [1, 3]})
    assert simulate("queue", [("enqueue", 1), ("enqueue", 2), ("dequeue",), ("enqueue", 3)]) == ([1], {"Q": [2, 3]})
    assert simulate("deque", [("push_front", 1), ("push_back", 2), ("push_front", 3), ("pop_back",),
                              ("peek_front",)]) == ([2], {"Q": [3, 1]})
    # S=[1,2] -> move S to Q -> S=[1] Q=[2] -> enqueue 3 -> move Q to S -> S=[1,2] Q=[3] -> pop, dequeue
    ops = [("push", 1), ("push", 2), ("move_sq",), ("enqueue", 3), ("move_qs",), ("pop",), ("dequeue",)]
    assert simulate("stack_and_queue", ops) == ([2, 3], {"S": [1], "Q": []})


def test_stack_queue_grading():
    p = record("data_structures/stack_queue_ops", {"values": [12, 5, 40], "what": "removed values"})
    for text in ("12,5,40", "12, 5, 40", "[12, 5, 40]", "12 5 40", "(12; 5; 40)", " 12 ,5 ,40. "):
        assert ok(p, text), text
    for text in ("12,40,5", "40,5,12", "12,5", "12,5,40,1", "12,5,41", "empty", "[]", "12,5,40.5"):
        assert not ok(p, text), text


def test_stack_queue_levels_ramp():
    low = procgym.get("data_structures/stack_queue_ops").params(seed=0, difficulty=1)
    high = procgym.get("data_structures/stack_queue_ops").params(seed=0, difficulty=10)
    assert low["structure"] in ("stack", "queue") and high["structure"] == "stack_and_queue"
    assert high["n_ops"] > low["n_ops"] and high["peeks"] > 0


# --------------------------------------------------------------------------- priority_queue

def test_priority_queue_tie_rules_exact():
    ops = [("insert", "C", 1), ("insert", "B", 1), ("insert", "A", 5), ("extract",), ("extract",), ("extract",)]
    assert priority_queue_order(ops, False, "fifo") == ["C", "B", "A"]
    assert priority_queue_order(ops, False, "lifo") == ["B", "C", "A"]
    assert priority_queue_order(ops, False, "alpha") == ["B", "C", "A"]
    assert priority_queue_order(ops, True, "fifo") == ["A", "C", "B"]
    # a change keeps the insertion time; a remove deletes without returning
    ops = [("insert", "X", 3), ("insert", "Y", 1), ("change", "X", 1), ("extract",)]
    assert priority_queue_order(ops, False, "fifo") == ["X"]
    assert priority_queue_order(ops, False, "lifo") == ["Y"]
    ops = [("insert", "X", 3), ("insert", "Y", 1), ("remove", "Y"), ("extract",)]
    assert priority_queue_order(ops, False, "fifo") == ["X"]


def _heapq_order(ops, largest):
    """An independent FIFO-tie priority queue: heapq with lazy invalidation."""
    heap, live, out, stamp = [], {}, [], {}
    for t, op in enumerate(ops):
        if op[0] in ("insert", "change"):
            when = t if op[0] == "insert" else stamp[op[1]]
            stamp[op[1]] = when
            entry = [(-op[2] if largest else op[2]), when, op[1], True]
            if op[1] in live:
                live[op[1]][3] = False
            live[op[1]] = entry
            heapq.heappush(heap, entry)
        elif op[0] == "remove":
            live.pop(op[1])[3] = False
        else:
            while not heap[0][3]:
                heapq.heappop(heap)
            entry = heapq.heappop(heap)
            del live[entry[2]]
            out.append(entry[2])
    return out


def test_priority_queue_matches_an_independent_heap():
    task = procgym.get("data_structures/priority_queue")
    checked = 0
    for level in task.levels:
        for seed in range(15):
            p = task.generate(seed=seed, difficulty=level, tie_rule="fifo")
            ops = []
            for line in p.prompt.split("Operations:\n")[1].split("\n\n")[0].splitlines():
                words = line.split(". ", 1)[1].split()
                if words[0] == "insert":
                    ops.append(("insert", words[1], int(words[-1])))
                elif words[0] == "change":
                    ops.append(("change", words[4], int(words[-1])))
                elif words[0] == "remove":
                    ops.append(("remove", words[1]))
                else:
                    ops.append(("extract",))
            largest = "largest priority" in p.prompt
            assert ",".join(_heapq_order(ops, largest)) == p.answer
            checked += 1
    assert checked == 15 * len(task.levels)


def test_priority_queue_grading():
    p = record("data_structures/priority_queue", {"names": ["C", "B", "A"], "items": ["A", "B", "C", "D"]})
    for text in ("C,B,A", "c, b, a", "[C, B, A]", "C B A"):
        assert ok(p, text), text
    for text in ("C,A,B", "C,B", "C,B,A,D", "C,B,Z", "B,C,A", "empty"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- heap_array

def test_heap_operations_exact():
    assert run_heap([], [("insert", 5), ("insert", 3), ("insert", 8), ("insert", 1)], False) == [1, 3, 8, 5]
    assert run_heap([1, 3, 8, 5], [("extract",)], False) == [3, 5, 8]
    # equal children: the left one is taken
    assert run_heap([1, 3, 3, 7], [("extract",)], False) == [3, 7, 3]
    # equal to a child: no swap (strictly smaller only)
    assert run_heap([1, 4, 4], [("extract",)], False) == [4, 4]
    assert run_heap([5, 4, 3, 2, 1], [], False) == [1, 2, 3, 5, 4]  # bottom-up heapify
    assert run_heap([], [("insert", 1), ("insert", 2), ("insert", 3)], True) == [3, 1, 2]
    assert run_heap([1, 3, 8, 5], [("replace", 9)], False) == [3, 5, 8, 9]


def test_heap_inserts_match_heapq():
    rng = random.Random(5)
    for _ in range(200):
        values = rng.sample(range(1, 200), rng.randint(1, 20))
        expected = []
        for v in values:
            heapq.heappush(expected, v)
        assert run_heap([], [("insert", v) for v in values], False) == expected


def test_heap_grading():
    p = record("data_structures/heap_array", {"array": [1, 3, 8, 5]})
    for text in ("1,3,8,5", "[1, 3, 8, 5]", "1 3 8 5"):
        assert ok(p, text), text
    for text in ("1,3,5,8", "1,3,8", "1,3,8,5,5", "5,8,3,1", "empty"):
        assert not ok(p, text), text
    assert "order" in procgym.verify(p, tag("1,3,5,8")).feedback


# --------------------------------------------------------------------------- cache_simulation

def test_cache_policies_exact():
    # LRU, capacity 2: A B A(hit) C(evicts B) B(evicts A)
    assert simulate_cache(list("ABACB"), 2, "lru") == (1, ["C", "B"])
    # LFU: A A(hit) B C(evicts B: count 1) B(evicts C: count 1, older than... only one with count 1)
    assert simulate_cache(list("AABCB"), 2, "lfu") == (1, ["B", "A"])
    assert simulate_cache(list("AABCB"), 2, "lru") == (2, ["C", "B"])
    # LFU tie between equal counts: the least recently used goes
    assert simulate_cache(list("ABC"), 2, "lfu") == (0, ["B", "C"])
    # an evicted key loses its count
    assert simulate_cache(list("AABBCCA"), 2, "lfu") == (3, ["A", "C"])


def test_lru_matches_ordered_dict():
    rng = random.Random(3)
    for _ in range(300):
        cap = rng.randint(1, 5)
        reqs = [rng.choice("ABCDEFG") for _ in range(rng.randint(1, 30))]
        cache, hits = OrderedDict(), 0
        for r in reqs:
            if r in cache:
                hits += 1
                cache.move_to_end(r)
            else:
                if len(cache) == cap:
                    cache.popitem(last=False)
                cache[r] = True
        assert simulate_cache(reqs, cap, "lru") == (hits, list(cache))


def test_cache_grading():
    p = record("data_structures/cache_simulation", {"hits": 3, "keys": ["B", "D"], "ordered": False,
                                                    "names": ["A", "B", "C", "D"]})
    for text in ("3; B,D", "3; D, B", "hits: 3; cache: B, D", "3\nB D", "3 | [B, D]", "3;b,d"):
        assert ok(p, text), text
    for text in ("2; B,D", "4; B,D", "3; B", "3; B,D,A", "3; B,B,D", "3, B, D", "3; B,Z", "B,D; 3"):
        assert not ok(p, text), text
    q = record("data_structures/cache_simulation", {"hits": 3, "keys": ["B", "D"], "ordered": True,
                                                    "names": ["A", "B", "C", "D"]})
    assert ok(q, "3; B, D") and not ok(q, "3; D, B")


def test_lfu_problems_differ_from_lru():
    task = procgym.get("data_structures/cache_simulation")
    for seed in range(20):
        p = task.generate(seed=seed, difficulty=9, policy="lfu")
        reqs = p.prompt.split("Requests, in order: ")[1].split("\n")[0].split()
        cap = int(p.prompt.split("holds at most ")[1].split()[0])
        lru = simulate_cache(reqs, cap, "lru")
        assert (lru[0], lru[1]) != (p.check["hits"], p.check["keys"])


# --------------------------------------------------------------------------- union_find

def test_union_find_exact():
    ops = [("union", 1, 2), ("query", 1, 3), ("union", 2, 3), ("query", 1, 3), ("union", 1, 3), ("query", 4, 5)]
    assert run_union_find(5, ops) == ([False, True, False], 3)


def test_union_find_matches_networkx():
    task = procgym.get("data_structures/union_find")
    for level in (1, 5, 10):
        for seed in range(10):
            p = task.generate(seed=seed, difficulty=level)
            n = p.params["n_elements"]
            g = nx.Graph()
            g.add_nodes_from(range(1, n + 1))
            answers = []
            for line in p.prompt.split("Operations:\n")[1].split("\n\n")[0].splitlines():
                kind, a, b = line.split(". ", 1)[1].split()
                if kind == "union":
                    g.add_edge(int(a), int(b))
                else:
                    answers.append(nx.has_path(g, int(a), int(b)))
            assert answers == p.check["answers"]
            assert nx.number_connected_components(g) == p.check["sets"]


def test_union_find_grading():
    p = record("data_structures/union_find", {"answers": [False, True, False], "sets": 3})
    for text in ("no,yes,no; 3", "No, Yes, No; 3", "[no, yes, no]; 3", "no yes no\n3", "no,yes,no; sets: 3",
                 "n,y,n; 3", "false, true, false; 3"):
        assert ok(p, text), text
    for text in ("no,yes,yes; 3", "no,yes,no; 2", "no,yes; 3", "no,yes,no,no; 3", "maybe,yes,no; 3",
                 "no,yes,no", "3; no,yes,no"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- bst_traversal

def _ins(*keys):
    return [("insert", k) for k in keys]


def test_bst_traversals_exact():
    ops = _ins(50, 30, 70, 20, 40, 60, 80)
    root = run_bst(ops, "successor")
    assert traverse(root, "preorder") == [50, 30, 20, 40, 70, 60, 80]
    assert traverse(root, "postorder") == [20, 40, 30, 60, 80, 70, 50]
    assert traverse(root, "levelorder") == [50, 30, 70, 20, 40, 60, 80]
    assert traverse(root, "inorder") == [20, 30, 40, 50, 60, 70, 80]
    assert traverse(run_bst(ops + [("delete", 50)], "successor"), "preorder") == [60, 30, 20, 40, 70, 80]
    assert traverse(run_bst(ops + [("delete", 50)], "predecessor"), "preorder") == [40, 30, 20, 70, 60, 80]
    # one child: the child moves up; absent keys and repeated inserts change nothing
    assert traverse(run_bst(ops + [("delete", 20), ("delete", 30), ("delete", 99), ("insert", 70)], "successor"),
                    "preorder") == [50, 40, 70, 60, 80]
    # the successor has a right child, which takes its place
    assert traverse(run_bst(_ins(50, 30, 70, 60, 65, 80) + [("delete", 50)], "successor"),
                    "preorder") == [60, 30, 70, 65, 80]


def test_bst_inorder_is_sorted_after_random_operations():
    rng = random.Random(11)
    for _ in range(300):
        ops, present = [], set()
        for _ in range(rng.randint(1, 30)):
            key = rng.randint(1, 40)
            kind = "delete" if present and rng.random() < 0.35 else "insert"
            ops.append((kind, key))
            present = present - {key} if kind == "delete" else present | {key}
        rule = rng.choice(["successor", "predecessor"])
        assert traverse(run_bst(ops, rule), "inorder") == sorted(present)


def test_bst_grading():
    p = record("data_structures/bst_traversal", {"keys": [60, 30, 20, 40, 70, 80]})
    for text in ("60,30,20,40,70,80", "60 30 20 40 70 80", "[60, 30, 20, 40, 70, 80]"):
        assert ok(p, text), text
    for text in ("60,30,40,20,70,80", "20,30,40,60,70,80", "60,30,20,40,70", "60,30,20,40,70,80,50", "empty"):
        assert not ok(p, text), text
    assert "order" in procgym.verify(p, tag("20,30,40,60,70,80")).feedback


# --------------------------------------------------------------------------- hash_probing

def test_hash_table_exact():
    ops = [("insert", 10), ("insert", 17), ("insert", 24), ("delete", 17), ("insert", 31), ("delete", 24),
           ("insert", 6)]
    assert run_table(7, 1, 0, ops) == ["E", "E", "E", 10, 31, "D", 6]
    # wrap-around
    assert run_table(5, 1, 0, [("insert", 4), ("insert", 9), ("insert", 14)]) == [9, 14, "E", "E", 4]
    # a delete probes past tombstones; an absent key stops at an empty slot; searches change nothing
    ops = [("insert", 3), ("insert", 10), ("insert", 17), ("delete", 10), ("delete", 17), ("delete", 24),
           ("search", 3)]
    assert run_table(7, 1, 0, ops) == ["E", "E", "E", 3, "D", "D", "E"]
    # affine hash (3k + 1) mod 7: 2 -> 0, 9 -> 0 -> 1
    assert run_table(7, 3, 1, [("insert", 2), ("insert", 9)]) == [2, 9, "E", "E", "E", "E", "E"]


def test_hash_table_every_live_key_is_findable():
    task = procgym.get("data_structures/hash_probing")
    for level in task.levels:
        for seed in range(10):
            p = task.generate(seed=seed, difficulty=level)
            slots = p.check["slots"]
            m = len(slots)
            h = p.prompt.split("h(k) = ")[1].split(".")[0]
            a, b = (1, 0) if h.startswith("k mod") else (int(h[1:].split("*")[0]), int(h.split("+ ")[1].split(")")[0]))
            for j, key in enumerate(slots):
                if isinstance(key, int):
                    i = (a * key + b) % m  # probing from home must reach j without crossing an empty slot
                    while i != j:
                        assert slots[i] != "E"
                        i = (i + 1) % m


def test_hash_grading():
    p = record("data_structures/hash_probing", {"slots": ["E", "E", "E", 10, 31, "D", 6]})
    for text in ("E,E,E,10,31,D,6", "E, E, E, 10, 31, D, 6", "[empty, empty, -, 10, 31, deleted, 6]",
                 "e e e 10 31 d 6", "_,_,_,10,31,tombstone,6"):
        assert ok(p, text), text
    for text in ("E,E,E,10,31,E,6", "E,E,E,31,10,D,6", "E,E,10,31,D,6", "E,E,E,10,31,D,6,E", "E,E,E,10,31,X,6",
                 "D,E,E,10,31,E,6"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- answer reading (procgym.kit)

VALUES = record("data_structures/linked_list_ops", {"values": [12, 5, 40]})
QUERIES = record("data_structures/range_queries", {"values": [3, 0, 5]})
PRIORITY = record("data_structures/priority_queue", {"names": ["C", "B", "A"], "items": ["A", "B", "C", "D"]})
HEAP = record("data_structures/heap_array", {"array": [1, 3, 8, 5]})
CACHE = record("data_structures/cache_simulation", {"hits": 3, "keys": ["B", "D"], "ordered": False,
                                                    "names": ["A", "B", "C", "D"]})
UNION = record("data_structures/union_find", {"answers": [False, True], "sets": 3})
HASH = record("data_structures/hash_probing", {"slots": ["E", 10, "D"]})
ONE = record("data_structures/stack_queue_ops", {"values": [17], "what": "removed values"})


@pytest.mark.parametrize("problem,text", [
    (VALUES, "12, 5, 40"), (VALUES, "[12; 5; 40]"), (VALUES, "12 5 40"), (VALUES, "final list: 12, 5, 40"),
    (QUERIES, "3, 0, 5"), (QUERIES, "Q3: 5, Q1: 3, Q2: 0"), (QUERIES, "1: 3; 2: 0; 3: 5"),
    (QUERIES, "answers: 3, 0, 5"), (PRIORITY, "C, B, A"), (PRIORITY, "c b a"), (HEAP, "[1, 3, 8, 5]"),
    (HEAP, "heap: 1, 3, 8, 5"),
    (CACHE, "3; D, B"), (CACHE, "hits: 3; cache: B, D"), (CACHE, "keys: B, D; hits: 3"), (CACHE, "3\nB D"),
    (UNION, "no, yes; 3"), (UNION, "No, Yes; sets: 3"), (UNION, "sets = 3; answers: n, y"), (UNION, "false true | 3"),
    (HASH, "E, 10, D"), (HASH, "empty, 10, deleted"), (HASH, "[_, 10, tombstone]"), (ONE, "17"),
])
def test_structure_answers_accepted(problem, text):
    assert ok(problem, text), procgym.verify(problem, tag(text)).feedback


@pytest.mark.parametrize("problem,text", [
    (VALUES, "12, 5, 40 or 12, 40, 5"), (VALUES, "12, 5, 40 I think"), (VALUES, "12, 5, 40\n12, 40, 5"),
    (VALUES, "12,, 5, 40"), (VALUES, "not 12, 5, 40"), (VALUES, "values: 12, 5"), (VALUES, "empty"),
    (QUERIES, "Q1: 3, Q2: 0"), (QUERIES, "Q1: 3, Q2: 0, Q3: 5, Q4: 1"), (QUERIES, "Q1: 3, Q1: 0, Q3: 5"),
    (QUERIES, "1: 3, 0, 5"), (QUERIES, "Q1 != 3, Q2: 0, Q3: 5"),
    (PRIORITY, "C, B, A or C, A, B"), (PRIORITY, "C, B, A, maybe"), (PRIORITY, "not C, B, A"),
    (HEAP, "1, 3, 8, 5?"), (CACHE, "hits: B, D; keys: 3"), (CACHE, "3 or 4; B, D"), (CACHE, "3; B, D or B, C"),
    (CACHE, "3"), (UNION, "answers: 3; sets: no, yes"), (UNION, "no, maybe; 3"), (UNION, "no, yes; 3 or 4"),
    (HASH, "E, 10, D or E, D, 10"), (HASH, "E, 10, X"),
    (ONE, "0, 17"), (ONE, "1 7"), (ONE, "17 or 18"), (ONE, "x != 17"), (ONE, "-17"),
])
def test_structure_near_misses_refused(problem, text):
    assert not ok(problem, text), text


def test_structure_readers():
    assert read_numbered_ints("[3, 5, -2]") == [3, 5, -2] and read_numbered_ints("3 5 -2") == [3, 5, -2]
    assert read_numbered_ints("2: 0, 1: 3", labelled=2) == [3, 0]
    assert read_name_names("C, a; B", {"A", "B", "C"}, "item") == ["C", "A", "B"]
    assert read_yes_no_list("Yes, n, false") == [True, False, False]
    for bad in ("3, 5 or 7", "3,,5", "1: 3"):
        with pytest.raises(ValueError):
            read_numbered_ints(bad, labelled=2)
    for bad in ("yes, maybe", "yes no or"):
        with pytest.raises(ValueError):
            read_yes_no_list(bad)


# --------------------------------------------------------------------------- levels past 10

def test_listed_operations_reads_back_the_numbered_list():
    prompt = "Rules.\n\nOperations:\n" + numbered(["push 4", "pop", "peek"]) + "\n\nList the values."
    assert listed_operations(prompt) == ["push 4", "pop", "peek"]


def test_work_counts_behind_the_effort_measures():
    # 3 lands home; 10 collides and moves on; a search for 17 passes 3 and 10 to an empty slot
    ops = [("insert", 3), ("insert", 10), ("search", 17), ("delete", 3)]
    assert slots_probed(7, 1, 0, ops) == 1 + 2 + 3 + 1
    tally = [0]
    assert run_heap([], [("insert", 5), ("insert", 3)], False, tally) == [3, 5] and tally[0] == 1
    ds = DisjointSets(4)
    ds.union(1, 2)
    ds.union(3, 1)
    assert ds.depth(3) == 2 and ds.depth(1) == 1 and ds.count == 2
    root = run_bst([("insert", k) for k in (40, 17, 63, 8, 25)], "successor")
    assert search_path(root, 25) == 3 and search_path(root, 30) == 3 and replacement_path(root, 40) == 1
    assert replacement_path(root, 17, "predecessor") == 1 and replacement_path(root, 63) == 0


def test_data_structure_tasks_reach_level_twenty():
    for name in NAMES:
        task = procgym.get(name)
        assert task.max_level == 20
        for seed in range(3):
            p = task.generate(seed=seed, difficulty=20)
            assert ok(p, p.answer) and task.effort(p) > task.effort(task.generate(seed=seed, difficulty=1))
