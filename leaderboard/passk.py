"""pass@k with the unbiased estimator (Chen et al., 2021, "Evaluating Large Language Models
Trained on Code"): with n samples of which c are correct,

    pass@k = 1 - C(n - c, k) / C(n, k)

the probability that at least one of k samples drawn without replacement from the n is correct.
Computed as a product, 1 - prod_{i = n-c+1}^{n} (1 - k / i), which never forms huge binomials.
"""
from __future__ import annotations

from typing import Iterable


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased pass@k estimate for one problem with n samples, c of them correct."""
    if not (isinstance(n, int) and isinstance(c, int) and isinstance(k, int)):
        raise TypeError(f"n, c and k must be integers, got {n!r}, {c!r}, {k!r}")
    if n < 1 or not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"need n >= 1, 0 <= c <= n and 1 <= k <= n; got n={n}, c={c}, k={k}")
    if n - c < k:
        return 1.0
    product = 1.0
    for i in range(n - c + 1, n + 1):
        product *= 1.0 - k / i
    return 1.0 - product


def mean_pass_at_k(counts: Iterable[tuple[int, int]], k: int) -> float:
    """The mean pass@k over problems given as (n, c) pairs."""
    values = [pass_at_k(n, c, k) for n, c in counts]
    if not values:
        raise ValueError("no problems to average over")
    return sum(values) / len(values)


def default_ks(samples: int) -> list[int]:
    """1, 2, 4, ... up to the number of samples, plus the number itself: [1, 2, 4, 5] for 5."""
    ks, k = [], 1
    while k < samples:
        ks.append(k)
        k *= 2
    return ks + [samples]
