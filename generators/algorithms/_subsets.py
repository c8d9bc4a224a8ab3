"""Subset-sum tables the algorithms families share (subset sum, k-sum, balanced partition), and
the check that a chosen multiset uses each value no more often than it is listed.

    tables = reach_tables([3, 5, 7]); subset_for([3, 5, 7], tables, 12)   # [1, 2]: 5 + 7
    count_subsets([1, 2, 3])[3]                                          # 2: {3}, {1, 2}
    over_used([7, 7], [7, 3])                                            # 7
"""
from __future__ import annotations

from collections import Counter


def over_used(chosen, pool) -> int | None:
    """The first value in `chosen` used more often than it occurs in `pool`, or None."""
    have = Counter(pool)
    for value, times in Counter(chosen).items():
        if times > have.get(value, 0):
            return value
    return None


def reach_tables(values: list[int]) -> list[int]:
    """Subset-sum bitsets of the prefixes: bit s of tables[i] is set when some subset of
    values[:i] sums to s (values are non-negative)."""
    tables = [1]
    for v in values:
        tables.append(tables[-1] | (tables[-1] << v))
    return tables


def subset_for(values: list[int], tables: list[int], target: int) -> list[int] | None:
    """Indices of a subset of `values` summing to `target`, traced back through `reach_tables`."""
    if target < 0 or not tables[-1] >> target & 1:
        return None
    chosen = []
    for i in range(len(values), 0, -1):
        if not tables[i - 1] >> target & 1:
            chosen.append(i - 1)
            target -= values[i - 1]
    return chosen[::-1]


def count_subsets(values: list[int]) -> list[int]:
    """ways[s]: the number of subsets (by index) of `values` summing to s."""
    ways = [1] + [0] * sum(values)
    top = 0
    for v in values:
        top += v
        # ways[s] += ways[s - v] for every s >= v, all from the counts before this value
        ways[v:top + 1] = [a + b for a, b in zip(ways[v:top + 1], ways[:top + 1 - v])]
    return ways


def fewest_terms(values: list[int]) -> list[int]:
    """fewest[s]: the fewest of `values` (each used at most once) summing to s; a large number
    where s cannot be reached."""
    total = sum(values)
    never = len(values) + 1
    fewest = [0] + [never] * total
    top = 0
    for v in values:
        top += v
        # fewest[s] = min(fewest[s], fewest[s - v] + 1) for every s >= v, from the values before
        fewest[v:top + 1] = [a if a <= b + 1 else b + 1 for a, b in zip(fewest[v:top + 1], fewest[:top + 1 - v])]
    return fewest
