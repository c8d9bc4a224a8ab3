"""Caches: simulate an LRU or LFU cache on a request sequence; report the hits and the final contents."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._value_lists import read_name_names, says_empty

HIT_LABELS = {"hits", "hit", "number of hits", "hit count"}
KEY_LABELS = {"keys", "cache", "final cache", "contents", "cached keys", "cache contents", "final keys"}

RULES = {
    "lru": ("It uses the LRU (least recently used) policy: on a miss with a full cache, the key whose most recent "
            "request is the oldest is evicted, then the requested key is added."),
    "lfu": ("It uses the LFU (least frequently used) policy: each cached key has a count of its requests since it "
            "last entered the cache (the request that brings it in counts 1, each hit adds 1). On a miss with a "
            "full cache, the key with the smallest count is evicted; among keys with equal counts, the one whose "
            "most recent request is the oldest is evicted. Then the requested key is added with count 1. A key "
            "that is evicted loses its count."),
}


def simulate_cache(requests: list[str], capacity: int, policy: str) -> tuple[int, list[str]]:
    """Hits, and the final cache contents in eviction order (the key that would go next first)."""
    last: dict[str, int] = {}  # cached key -> time of its latest request
    count: dict[str, int] = {}  # cached key -> requests since it entered
    hits = 0
    for t, key in enumerate(requests):
        if key in last:
            hits += 1
            count[key] += 1
        else:
            if len(last) == capacity:
                victim = min(last, key=lambda k: (count[k] if policy == "lfu" else 0, last[k]))
                del last[victim], count[victim]
            count[key] = 1
        last[key] = t
    order = sorted(last, key=lambda k: (count[k] if policy == "lfu" else 0, last[k]))
    return hits, order


def _requests(rng, n: int, keys: list[str]) -> list[str]:
    """Requests with some locality: often one of the last few keys again, otherwise any key."""
    out: list[str] = []
    for _ in range(n):
        if out and rng.random() < 0.45:
            out.append(rng.choice(out[-4:]))
        else:
            out.append(rng.choice(keys))
    return out


@register
class CacheSimulation(Task):
    """Simulate a cache of fixed capacity under the LRU or LFU eviction policy (tie rule for
    LFU: least recently used among the least frequent) and report the number of hits and the
    keys cached at the end. Higher levels lengthen the request sequence, add keys and capacity,
    switch to LFU (choosing sequences where LFU and LRU end differently, so the policy must be
    followed exactly), and from level 7 ask for the final keys in eviction order."""

    name = "data_structures/cache_simulation"
    knobs = (
        Knob("n_requests", [6, 8, 10, 12, 14, 16, 18, 21, 24, 28, 32, 36, 40, 44, 48, 53, 58, 64, 70, 76], (1, 200),
             doc="length of the request sequence"),
        Knob("capacity", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 20),
             doc="keys the cache holds"),
        Knob("n_keys", [3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 16], (1, 26),
             doc="distinct keys that may be requested"),
        Knob("policy", [["lru"]] * 3 + [["lru", "lfu"]] * 4 + [["lru", "lfu", "lfu"]] * 13, choices=("lru", "lfu"),
             doc="eviction policy"),
        Knob("ordered", [False] * 6 + [True] * 14, doc="ask for the final keys in eviction order"),
    )
    answer_format = "the number of hits, a semicolon, then the keys in the cache at the end, comma-separated"
    example = "3; B,Z9"  # Z9 is no key's name (names are letters): never an answer

    def build(self, rng, params):
        n, cap, policy = params["n_requests"], params["capacity"], params["policy"]
        keys = node_labels(max(params["n_keys"], 1))
        for attempt in range(40):
            reqs = _requests(rng, n, keys)
            hits, order = simulate_cache(reqs, cap, policy)
            evictions = len(reqs) - hits - len(order)
            if hits == 0 or (evictions == 0 and len(keys) > cap):
                continue
            if policy == "lfu" and attempt < 30:
                other = simulate_cache(reqs, cap, "lru")
                if other == (hits, order) or (not params["ordered"] and set(other[1]) == set(order)):
                    continue
            break
        if params["ordered"]:
            fmt = ("the number of hits, a semicolon, then the keys in the cache at the end, comma-separated, in "
                   "eviction order: the key that would be evicted next first")
            ask = ("How many requests are hits, and which keys are in the cache at the end, listed in eviction "
                   "order (the key the policy would evict next first, the one it would evict last at the end)?")
        else:
            fmt = ("the number of hits, a semicolon, then the keys in the cache at the end, comma-separated, in "
                   "any order")
            ask = "How many requests are hits, and which keys are in the cache at the end?"
        question = (f"A cache holds at most {cap} keys and starts empty. A request for a key already in the cache "
                    f"is a hit; otherwise it is a miss and the key is brought into the cache. {RULES[policy]}\n\n"
                    f"Requests, in order: {' '.join(reqs)}\n\n{ask}")
        answer = f"{hits}; {','.join(order)}"
        return Draft(question, answer, {"hits": hits, "keys": order, "ordered": params["ordered"],
                                        "names": sorted(set(reqs))}, answer_format=fmt)

    def effort(self, problem):
        # each request is looked up among the cached keys (LFU also updates its count); each
        # eviction compares every cached key; an eviction order ranks the final keys
        c, params = problem.check, problem.params
        n, capacity = params["n_requests"], params["capacity"]
        evictions = n - c["hits"] - len(c["keys"])
        per_request = 2 if params["policy"] == "lfu" else 1
        ranking = len(c["keys"]) * max(1, (len(c["keys"]) - 1).bit_length()) if c["ordered"] else 0
        return n * per_request + evictions * capacity + ranking

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [HIT_LABELS, KEY_LABELS])
            hits = read_int(first)
            keys = [] if says_empty(second) else read_name_names(second, set(c["names"]), "requested key")
        except ParseError as exc:
            return refused(exc)
        if len(set(keys)) != len(keys):
            return wrong("A key is listed twice.")
        if hits != c["hits"]:
            return wrong("That is not the number of hits.")
        if set(keys) != set(c["keys"]):
            return wrong("Those are not the keys in the cache at the end.")
        if c["ordered"] and keys != c["keys"]:
            return wrong("The right keys, but not in eviction order.")
        return right()
