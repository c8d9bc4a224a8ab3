"""Hash tables with linear probing and tombstones: give the final contents of every slot."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._value_lists import LIST_LABELS, listed_operations, numbered, split_values

EMPTY, TOMBSTONE = "E", "D"
_EMPTY_WORDS = {"e", "empty", "-", "_", "none", "null", "nil"}
_TOMB_WORDS = {"d", "deleted", "del", "tombstone", "tomb"}


def _slot(item: str):
    """One slot's content: a key, E (or empty, -, _, none, null, nil) or D (or deleted, del, tombstone)."""
    word = item.lower()
    if word in _EMPTY_WORDS:
        return EMPTY
    if word in _TOMB_WORDS:
        return TOMBSTONE
    try:
        return read_int(item)
    except NotAnAnswer:
        raise NotAnAnswer(f"{preview(item, 20)} is not a key, E or D") from None


def run_table(m: int, a: int, b: int, ops: list[tuple]) -> list:
    """Slots after the operations; a slot holds a key, EMPTY or TOMBSTONE. h(k) = (a*k + b) mod m.

    insert: the first EMPTY or TOMBSTONE slot from h(k) on (wrapping); the key is never live
    already. delete: probe from h(k) past keys and tombstones to the key and leave a tombstone;
    stop at an EMPTY slot or after m probes (the key is absent). search changes nothing."""
    slots: list = [EMPTY] * m
    for kind, key in ops:
        home = (a * key + b) % m
        if kind == "insert":
            for i in range(m):
                j = (home + i) % m
                if slots[j] in (EMPTY, TOMBSTONE):
                    slots[j] = key
                    break
        elif kind == "delete":
            for i in range(m):
                j = (home + i) % m
                if slots[j] == EMPTY:
                    break
                if slots[j] == key:
                    slots[j] = TOMBSTONE
                    break
    return slots


def slots_probed(m: int, a: int, b: int, ops: list[tuple]) -> int:
    """How many slots the operations look at, following run_table's probe sequences: an insert
    up to the free slot it takes, a delete or search up to the key, an empty slot or all m."""
    slots: list = [EMPTY] * m
    probed = 0
    for kind, key in ops:
        home = (a * key + b) % m
        for i in range(m):
            j = (home + i) % m
            probed += 1
            if kind == "insert" and slots[j] in (EMPTY, TOMBSTONE):
                slots[j] = key
                break
            if kind != "insert" and (slots[j] == EMPTY or slots[j] == key):
                if kind == "delete" and slots[j] == key:
                    slots[j] = TOMBSTONE
                break
    return probed


_AFFINE = re.compile(r"h\(k\) = \((\d+)\*k \+ (\d+)\) mod m")  # the affine hash, as the prompt states it


@register
class HashProbing(Task):
    """A hash table with linear probing: keys are inserted and deleted (deletions leave
    tombstones that later insertions reuse and that searches probe past); give every slot's
    final content. The table comes from running the stated procedures. Higher levels enlarge
    the table and the operation list, choose keys that collide into long clusters that wrap
    around the end, add deletions and re-insertions that land in tombstones, use an affine hash
    (a*k + b) mod m, and add searches and deletions of absent keys that change nothing."""

    name = "data_structures/hash_probing"
    knobs = (
        # past level 10 the table grows with the inserts, so it stays about three quarters full
        Knob("table_size", [7, 7, 8, 10, 11, 11, 13, 13, 16, 17, 19, 19, 21, 22, 24, 25, 27, 28, 30, 31], (3, 60),
             doc="number of slots m"),
        Knob("n_inserts", [4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 25], (1, 100),
             doc="insert operations"),
        Knob("n_deletes", [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9], (0, 50),
             doc="delete operations on keys in the table"),
        Knob("distractors", [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 30),
             doc="searches and deletions of absent keys, which change nothing"),
        Knob("hash", [["mod"]] * 6 + [["mod", "affine"]] * 14, choices=("mod", "affine"),
             doc="'mod': h(k) = k mod m; 'affine': h(k) = (a*k + b) mod m"),
    )
    answer_format = ("the contents of slots 0, 1, 2, ... in order, comma-separated: the key, or E for an empty "
                     "slot, or D for a tombstone")
    example = "E,23,D,E,23,E,E"  # a key is never in the table twice: never an answer

    def build(self, rng, params):
        m = params["table_size"]
        a, b = (1, 0) if params["hash"] == "mod" else (rng.choice([k for k in range(2, m) if _coprime(k, m)] or [1]),
                                                       rng.randrange(1, m))
        homes = rng.sample(range(m), max(1, min(m, 2 + m // 4)))  # few home slots: long clusters
        for _ in range(20):
            ops = self._operations(rng, params, m, a, b, homes)
            final = run_table(m, a, b, ops)
            if any(isinstance(k, int) and final[(a * k + b) % m] != k for k in final):
                break  # some key was displaced: the probing matters
        slots = run_table(m, a, b, ops)
        h = "k mod m" if (a, b) == (1, 0) else f"({a}*k + {b}) mod m"
        question = (f"A hash table has m = {m} slots, numbered 0 to {m - 1}, all empty at the start. The hash of a "
                    f"key k is h(k) = {h}. It uses linear probing: a probe sequence looks at slots h(k), h(k)+1, "
                    f"h(k)+2, ..., wrapping from slot {m - 1} to slot 0.\n"
                    f"- \"insert k\": put k in the first slot of its probe sequence that is empty or holds a "
                    f"tombstone. (No key is inserted while it is already in the table.)\n"
                    f"- \"delete k\": follow the probe sequence past other keys and tombstones until k is found, and "
                    f"replace it by a tombstone; if an empty slot is reached first, or all {m} slots have been "
                    f"checked, k is not in the table and nothing changes.\n"
                    f"- \"search k\": looks k up and changes nothing.\n\n"
                    f"Operations:\n{numbered(f'{k} {x}' for k, x in ops)}\n\n"
                    f"Give the final content of every slot, from slot 0 to slot {m - 1}.")
        answer = ",".join(str(s) for s in slots)
        return Draft(question, answer, {"slots": slots})

    @staticmethod
    def _operations(rng, params, m, a, b, homes) -> list[tuple]:
        n_del = params["n_deletes"]
        kinds = ["insert"] * params["n_inserts"] + ["delete"] * n_del
        rng.shuffle(kinds)
        ops: list[tuple] = []
        live: list[int] = []
        dead: list[int] = []
        used: set[int] = set()
        inv_a = pow(a, -1, m)
        for kind in kinds:
            if kind == "delete" and live:
                key = rng.choice(live)
                live.remove(key)
                dead.append(key)
                ops.append(("delete", key))
                continue
            if len(live) >= m - 1:
                continue
            if dead and rng.random() < 0.3:
                key = dead.pop(rng.randrange(len(dead)))  # re-insert a deleted key
            else:
                key = _fresh_key(rng, m, a, b, inv_a, homes, used)
            live.append(key)
            used.add(key)
            ops.append(("insert", key))
        for _ in range(params["distractors"]):
            at = rng.randrange(len(ops) + 1)
            present = {k for k in run_table(m, a, b, ops[:at]) if isinstance(k, int)}
            if rng.random() < 0.5 and present:
                ops.insert(at, ("search", rng.choice(sorted(present))))
            else:
                absent = _fresh_key(rng, m, a, b, inv_a, homes, used | present)
                ops.insert(at, (rng.choice(["search", "delete"]), absent))
        return ops

    def effort(self, problem):
        # every operation follows its probe sequence, one slot at a time, from its home slot
        m = len(problem.check["slots"])
        affine = _AFFINE.search(problem.prompt)
        a, b = (int(affine.group(1)), int(affine.group(2))) if affine else (1, 0)
        ops = [(kind, int(key)) for kind, key in (line.split() for line in listed_operations(problem.prompt))]
        return slots_probed(m, a, b, ops)

    def grade(self, answer, problem):
        expected = problem.check["slots"]
        try:
            given = [_slot(item) for item in split_values(read_parts(answer, [LIST_LABELS | {"slots", "table"}])[0])]
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} slot contents, not {len(given)}.")
        if given == expected:
            return right()
        if sorted(x for x in given if isinstance(x, int)) == sorted(x for x in expected if isinstance(x, int)):
            if [isinstance(x, int) for x in given] == [isinstance(x, int) for x in expected]:
                return wrong("The keys are placed right, but empty slots and tombstones are mixed up.")
            return wrong("The right keys are in the table, but not all in the right slots.")
        return wrong("That is not the final table.")


def _coprime(x: int, y: int) -> bool:
    while y:
        x, y = y, x % y
    return x == 1


def _fresh_key(rng, m: int, a: int, b: int, inv_a: int, homes: list[int], used: set[int]) -> int:
    """A key not used before, usually one whose hash is one of the few `homes` (collisions)."""
    for _ in range(200):
        if rng.random() < 0.8:
            residue = (rng.choice(homes) - b) * inv_a % m  # a*k + b = home (mod m)
            key = residue + m * rng.randrange(0, max(1, 100 // m))
        else:
            key = rng.randrange(1, 100)
        if 0 < key and key not in used:
            return key
    return max(used | {99}) + 1
