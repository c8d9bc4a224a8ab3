"""Find the key whose cached value is stale by comparing range sums of a cache and its store."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask, plural

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names

SOURCES = ("cache", "store")
_SUM = re.compile(r"^sum\s+(cache|store)\s+([a-z]\d{1,5})\s*(?:-|\s|\.\.|to)\s*([a-z]\d{1,5})$", re.IGNORECASE)
_GET = re.compile(r"^get\s+(cache|store)\s+([a-z]\d{1,5})$", re.IGNORECASE)


def next_query(check: dict, state: dict) -> str:
    """The reference policy: read both values of every key with a pending write, then bisect the
    other keys, comparing the cache's and the store's sum over a span of keys with the pending
    keys' known differences taken off."""
    keys, pending = check["keys"], check["pending"]
    for k in pending:
        for source in SOURCES:
            if keys[k] not in state["got"][source]:
                return f"get {source} {keys[k]}"
    cand = [k for k in range(len(keys)) if k not in pending]
    lo, hi = 0, len(cand) - 1
    sums = {(s, a, b): v for s, a, b, v in state["sums"]}
    while lo < hi:
        mid = (lo + hi) // 2
        a, b = cand[lo], cand[mid]
        for source in SOURCES:
            if (source, a, b) not in sums:
                return f"sum {source} {keys[a]} {keys[b]}"
        known = sum(state["got"]["store"][keys[p]] - state["got"]["cache"][keys[p]] for p in pending if a <= p <= b)
        if sums["store", a, b] - sums["cache", a, b] != known:
            hi = mid
        else:
            lo = mid + 1
    return f"answer {keys[cand[lo]]}"


@register
class CacheBug(TurnBudgetTask):
    """A cache sits in front of a key-value store; the keys are listed in order. Exactly one key's
    cached value is stale (it differs from the store); a few other keys, listed in the prompt,
    have writes still in flight, so their cache and store values differ legitimately. The agent
    reads single values (get cache K, get store K) and sums over a span of keys (sum cache A B,
    sum store A B) and names the stale key. Higher levels add keys and pending writes and cut
    the spare turns down to the reference policy's worst case.

    The reference policy first reads both values of every pending key, then bisects the other
    keys with one cache sum and one store sum per step, taking the pending keys' differences
    off. The budget is that worst case (two reads per pending key, two sums per halving of the
    other keys, and the answer) plus the slack.
    """

    name = "investigation/cache_bug"
    knobs = (
        Knob("keys", [4, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 320, 400], (2, 1000),
             doc="keys in the store"),
        Knob("pending", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8], (0, 50),
             doc="keys with a write in flight (a legitimate difference)"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's worst case"),
    )
    answer_format = "one command per turn: get cache K, get store K, sum cache A B, sum store A B, or answer K"
    example = "get cache k0"  # a read never wins
    tools = (Tool("get", "Read one key's value from the cache or from the store.", "get {source} {key}",
                  (Param("source", "string", "where to read", enum=SOURCES), Param("key", "string", "the key"))),
             Tool("sum", "Add up the values of the keys from first to last (in the listed order) in the cache or "
                         "the store.", "sum {source} {first} {last}",
                  (Param("source", "string", "where to read", enum=SOURCES),
                   Param("first", "string", "the first key of the span"),
                   Param("last", "string", "the last key of the span"))),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        n = params["keys"]
        keys = [f"k{k}" for k in sorted(rng.sample(range(1, 5 * n), n))]
        store = [rng.randrange(100, 1000) for _ in keys]
        cache = list(store)
        picked = rng.sample(range(n), min(n - 1, params["pending"]) + 1)
        stale, pending = picked[0], sorted(picked[1:])
        for k in picked:
            cache[k] = rng.choice([v for v in range(100, 1000) if v != store[k]])
        m = n - len(pending)
        check = {"keys": keys, "store": store, "cache": cache, "stale": stale, "pending": pending,
                 "budget": 2 * len(pending) + 2 * math.ceil(math.log2(m)) + 1 + params["slack"]}
        shown = ", ".join(keys[k] for k in pending)
        question = (
            f"A cache sits in front of a key-value store with {plural(n, 'key')}, in this order: {', '.join(keys)}. "
            "Every value is a whole number. Exactly one key's cached value is stale: it differs from the store. "
            + (f"The keys {shown} have writes in flight, so their cached values differ from the store too; that is "
               "expected and not the bug. " if len(pending) > 1 else
               f"The key {shown} has a write in flight, so its cached value differs from the store too; that is "
               "expected and not the bug. " if pending else "")
            + "Find the stale key.\n\n"
            "Commands (one per turn):\n"
            "  get cache K, get store K       one key's value in the cache or the store\n"
            "  sum cache A B, sum store A B   the sum of the values of keys A to B (in the order above)\n"
            "  answer K                       name the stale key; this ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # every value read or added up by the reference's commands
        check, work = problem.check, 0
        for line in problem.answer.splitlines():
            m = _SUM.match(line)
            work += 1 + (check["keys"].index(m.group(3)) - check["keys"].index(m.group(2)) + 1 if m else 0)
        return work

    def start(self, problem):
        return {"got": {"cache": {}, "store": {}}, "sums": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, [check["keys"][check["stale"]]], True, "one key, as answer K")
        m = _GET.match(text)
        if m:
            source, key = m.group(1).lower(), m.group(2).lower()
            if key not in check["keys"]:
                return f"There is no key {key}.", None
            v = check[source][check["keys"].index(key)]
            state["got"][source][key] = v
            return f"{source} {key} = {v}", None
        m = _SUM.match(text)
        if m:
            source, a, b = m.group(1).lower(), m.group(2).lower(), m.group(3).lower()
            for key in (a, b):
                if key not in check["keys"]:
                    return f"There is no key {key}.", None
            i, j = check["keys"].index(a), check["keys"].index(b)
            if i > j:
                return f"{a} comes after {b}: write the span first key first.", None
            total = sum(check[source][i:j + 1])
            if [source, i, j, total] not in state["sums"]:
                state["sums"].append([source, i, j, total])
            return f"sum of {source} {a} to {b} ({plural(j - i + 1, 'key')}) = {total}", None
        return "Unknown command: use get cache K, get store K, sum cache A B, sum store A B or answer K.", None

    def unsolved(self, problem, state):
        return "the stale key was not named."

    def plan(self, problem, state):
        return next_query(problem.check, state)
