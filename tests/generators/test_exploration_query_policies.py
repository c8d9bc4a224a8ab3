"""Exploration tasks that find hidden items or values with queries: group testing, coin weighing, Ulam's game with lies, peak
finding, sorting by comparisons, finding the minimum and maximum, egg dropping and sorted-matrix
search. Their reference policies and budgets are checked against brute force over every hidden
instance of small sizes, and their dynamics and verifiers on fixed seeds."""
import itertools
import math
import random
from functools import lru_cache

import pytest

import procgym
from generators.exploration.coin_weighing import halving_next, worst_weighings
from generators.exploration.egg_drop import drop_next, fewest_drops
from generators.exploration.group_testing import splitting_next, worst_tests
from generators.exploration.min_and_max import pairing_next, pairing_worst
from generators.exploration.peak_finding import cross_bound, peak_next
from generators.exploration.sort_by_comparisons import insertion_next, insertion_worst
from generators.exploration.sorted_matrix_search import staircase_next
from generators.exploration.ulam_liar import berlekamp_bound, lie_counts, volume_next

WAVE2 = ["exploration/group_testing", "exploration/coin_weighing", "exploration/min_and_max", "exploration/ulam_liar",
         "exploration/peak_finding", "exploration/sort_by_comparisons", "exploration/egg_drop",
         "exploration/sorted_matrix_search"]


def tag(text):
    return f"<answer>{text}</answer>"


def replay(name, p, actions):
    """(reward, done, last observation) after the actions from the start."""
    task = procgym.get(name)
    state, obs, reward, done = task.initial_state(p), "", 0.0, False
    for action in actions:
        state, obs, reward, done = task.step(p, state, action)
        if done:
            break
    return reward, done, obs


@pytest.mark.parametrize("name", WAVE2)
def test_reference_wins_at_every_probe_level_and_is_deterministic(name):
    task = procgym.get(name)
    assert task.max_level == 20
    for level in (1, 5, 10, 20):
        for seed in range(3):
            p = task.generate(seed=seed, difficulty=level)
            assert p.to_json() == task.generate(seed=seed, difficulty=level).to_json()
            assert task.verify(p, tag(p.answer)).correct
            assert len(p.answer.splitlines()) <= p.check["budget"]


@pytest.mark.parametrize("name", WAVE2)
def test_invalid_action_spends_a_turn_and_says_why(name):
    task = procgym.get(name)
    p = task.generate(seed=2, difficulty=4)
    state = task.initial_state(p)
    for text in ("dance", "answer", "test 1 2 I think"):
        state, obs, reward, done = task.step(p, state, text)
        assert obs.startswith("Invalid") and reward == 0.0 and not done
    assert state["turn"] == 3
    assert f"left: {p.check['budget'] - 3}" in obs


# --------------------------------------------------------------------------- group testing

def play_splitting(n, k, defective):
    log = []
    while True:
        action = splitting_next(1, n, k, log)
        if action.startswith("answer"):
            return log, sorted(int(x) for x in action.split(" ", 1)[1].split(", "))
        items = [int(x) for x in action.split(" ", 1)[1].split(", ")]
        log.append([items, any(x in defective for x in items)])


@pytest.mark.parametrize("n,k", [(5, 1), (8, 1), (9, 2), (10, 3), (12, 2), (7, 4), (13, 3)])
def test_group_testing_worst_case_is_the_policy_worst_over_every_placement(n, k):
    most = 0
    for defective in itertools.combinations(range(1, n + 1), k):
        log, found = play_splitting(n, k, set(defective))
        assert found == list(defective)
        most = max(most, len(log))
    assert most == worst_tests(n, k)
    assert worst_tests(n, k) >= math.ceil(math.log2(math.comb(n, k)))  # the information bound


def test_group_testing_known_values():
    # one defective among 8 (a pool of 8 is sure to be positive): plain halving, 3 tests
    assert worst_tests(8, 1) == 3 and worst_tests(16, 1) == 4 and worst_tests(3, 2) == 2


def test_group_testing_answers_in_any_order_and_rejects_near_misses():
    name = "exploration/group_testing"
    task = procgym.get(name)
    p = task.generate(seed=3, difficulty=6)
    lines = p.answer.splitlines()
    defective = p.check["defective"]
    assert lines[-1] == "answer " + ", ".join(map(str, defective))
    head = "\n".join(lines[:-1])
    backwards = "answer " + ", ".join(map(str, reversed(defective)))
    assert task.verify(p, tag(head + "\n" + backwards)).correct
    assert task.verify(p, tag(head + "\n" + "defectives: " + "; ".join(map(str, defective)))).correct
    clean = next(x for x in range(p.check["first"], p.check["first"] + p.check["n"]) if x not in defective)
    near = "answer " + ", ".join(map(str, defective[:-1] + [clean]))
    assert not task.verify(p, tag(head + "\n" + near)).correct
    assert not task.verify(p, tag(head + "\n" + "answer " + ", ".join(map(str, defective[:-1])))).correct
    assert not task.verify(p, tag(head + "\n" + lines[-1] + " or " + str(clean))).correct
    # a positive pool says positive, a clean one negative
    first = p.check["first"]
    assert replay(name, p, [f"test {defective[0]}"])[2].startswith(f"Test of {defective[0]}: positive.")
    assert replay(name, p, [f"test {clean}"])[2].startswith(f"Test of {clean}: negative.")
    assert "there is no item" in replay(name, p, [f"test {first - 1}"])[2]
    assert "listed twice" in replay(name, p, [f"test {first}, {first}"])[2]


# --------------------------------------------------------------------------- Ulam's game

def test_berlekamp_bound_known_values():
    assert berlekamp_bound(10 ** 6, 0) == 20
    assert berlekamp_bound(10 ** 6, 1) == 25  # Ulam's question: a million numbers, one lie
    assert berlekamp_bound(16, 1) == 7  # 16 * 8 = 128 = 2^7
    assert berlekamp_bound(2, 1) == 3  # 2 * 4 = 8 <= 2^3, but 2 * 3 = 6 > 2^2


def test_lie_counts_match_direct_count():
    rng = random.Random(4)
    for _ in range(200):
        n = rng.randint(1, 25)
        log = [[rng.randint(-2, n + 2), rng.random() < 0.5] for _ in range(rng.randint(0, 7))]
        assert lie_counts(n, log) == [sum((x > t) != yes for t, yes in log) for x in range(1, n + 1)]


@pytest.mark.parametrize("n,lies", [(12, 1), (20, 1), (9, 2)])
def test_ulam_policy_finds_the_number_under_every_lie_pattern(n, lies):
    bound = berlekamp_bound(n, lies)
    for secret in range(1, n + 1):
        for lying in itertools.combinations(range(1, bound + 3), lies):
            log = []
            for _ in range(3 * bound):
                action = volume_next(1, n, lies, bound, log)
                if action.startswith("answer"):
                    break
                t = int(action.split()[1])
                log.append([t, (secret > t) != (len(log) + 1 in lying)])
            assert action == f"answer {secret}", (secret, lying, log)
            assert len(log) <= bound + 2


def test_ulam_answer_must_be_the_number():
    name = "exploration/ulam_liar"
    task = procgym.get(name)
    p = task.generate(seed=5, difficulty=7)
    lines = p.answer.splitlines()
    secret = p.check["secret"]
    assert lines[-1] == f"answer {secret}"
    head = "\n".join(lines[:-1])
    assert task.verify(p, tag(head + "\n" + f"the number is {secret}")).correct
    assert not task.verify(p, tag(head + "\n" + f"answer {secret + 1}")).correct
    assert not task.verify(p, tag(head + "\n" + f"answer {secret} or {secret + 1}")).correct
    # the replies lie only on the listed questions
    reward, done, obs = replay(name, p, [f"ask {secret}"])
    truthful = 1 not in p.check["lying"]
    assert obs.startswith(f"Is it greater than {secret}? {'No' if truthful else 'Yes'}.")


# --------------------------------------------------------------------------- peak finding

def is_peak(grid, r, c):
    n = len(grid)
    return all(grid[r][c] > grid[r + dr][c + dc] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
               if 0 <= r + dr < n and 0 <= c + dc < n)


def test_peak_policy_finds_a_peak_on_random_grids_within_its_bound():
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(1, 12)
        values = rng.sample(range(10 * n * n + 10), n * n)
        grid = [values[i * n:(i + 1) * n] for i in range(n)]
        seen = {}
        while True:
            action = peak_next(n, seen)
            word, r, c = action.split()
            r, c = int(r), int(c)
            if word == "answer":
                break
            assert f"{r} {c}" not in seen
            seen[f"{r} {c}"] = grid[r - 1][c - 1]
        assert is_peak(grid, r - 1, c - 1)
        assert len(seen) <= cross_bound(n, n)


def test_peak_grids_have_one_peak_at_the_answer():
    task = procgym.get("exploration/peak_finding")
    for level in (3, 12):
        for seed in range(4):
            p = task.generate(seed=seed, difficulty=level)
            grid = p.check["grid"]
            n = len(grid)
            assert len({v for row in grid for v in row}) == n * n
            peaks = [(r + 1, c + 1) for r in range(n) for c in range(n) if is_peak(grid, r, c)]
            last = p.answer.splitlines()[-1].split()
            assert peaks == [(int(last[1]), int(last[2]))]
            assert p.check["budget"] < n * n or n <= 6


def test_cross_bound_values():
    # 5 x 5: cross 9 + 2, then 2 x 2: cross 3 + 2, then 1 x 1: 1 + 2
    assert cross_bound(5, 5) == 11 + 5 + 3
    assert cross_bound(1, 1) == 3 and cross_bound(0, 4) == 0


def test_peak_answer_must_be_a_peak():
    name = "exploration/peak_finding"
    task = procgym.get(name)
    p = task.generate(seed=1, difficulty=4)
    lines = p.answer.splitlines()
    head, (_, r, c) = "\n".join(lines[:-1]), lines[-1].split()
    assert task.verify(p, tag(head + f"\npeak ({r}, {c})")).correct
    n = len(p.check["grid"])
    other = (int(r) % n) + 1
    assert not task.verify(p, tag(head + f"\nanswer {other} {c}")).correct
    assert "rows and columns run from 1" in replay(name, p, [f"query {n + 1} 1"])[2]


# --------------------------------------------------------------------------- sorting

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_binary_insertion_worst_case_over_every_order(n):
    most = 0
    for perm in itertools.permutations(range(n)):
        known = {}
        while True:
            action = insertion_next(1, n, known)
            if action.startswith("answer"):
                break
            _, i, j = action.split()
            i, j = int(i), int(j)
            known[f"{i} {j}"] = perm[i - 1] < perm[j - 1]
            known[f"{j} {i}"] = not known[f"{i} {j}"]
        order = [int(x) for x in action.split(" ", 1)[1].split(", ")]
        assert [perm[i - 1] for i in order] == sorted(perm)
        most = max(most, len(known) // 2)
    assert most == insertion_worst(n) >= math.ceil(math.log2(math.factorial(n)))


def test_insertion_worst_known_values():
    assert [insertion_worst(n) for n in range(1, 9)] == [0, 1, 3, 5, 8, 11, 14, 17]


def test_sort_answer_order_matters():
    name = "exploration/sort_by_comparisons"
    task = procgym.get(name)
    p = task.generate(seed=0, difficulty=6)
    c = p.check
    order = sorted(range(c["first"], c["first"] + len(c["values"])), key=lambda i: c["values"][i - c["first"]])
    assert c["order"] == order
    lines = p.answer.splitlines()
    head = "\n".join(lines[:-1])
    assert lines[-1] == "answer " + ", ".join(map(str, order))
    assert task.verify(p, tag(head + "\nanswer [" + ", ".join(map(str, order)) + "]")).correct
    swapped = order[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not task.verify(p, tag(head + "\nanswer " + ", ".join(map(str, swapped)))).correct
    assert not task.verify(p, tag(head + "\nanswer " + ", ".join(map(str, reversed(order))))).correct
    a, b = order[0], order[-1]
    assert replay(name, p, [f"compare {b} {a}"])[2].startswith(f"Item {a} is smaller than item {b}.")
    assert "each item" in replay(name, p, ["answer " + ", ".join(map(str, order[:-1]))])[2]


# --------------------------------------------------------------------------- egg drop

@lru_cache(maxsize=None)
def brute_drops(eggs, floors):
    """The minimax number of drops by trying every first drop (floors unknown floors remain)."""
    if floors == 0:
        return 0
    if eggs == 0:
        return 10 ** 9
    return 1 + min(max(brute_drops(eggs - 1, f - 1), brute_drops(eggs, floors - f)) for f in range(1, floors + 1))


def test_fewest_drops_matches_brute_force_and_classics():
    for eggs in (1, 2, 3):
        for floors in range(0, 40):
            assert fewest_drops(eggs, floors) == brute_drops(eggs, floors)
    assert fewest_drops(2, 100) == 14 and fewest_drops(2, 36) == 8 and fewest_drops(1, 10) == 10


@pytest.mark.parametrize("eggs,floors", [(1, 7), (2, 36), (2, 40), (3, 60)])
def test_egg_policy_finds_every_safe_floor_within_the_optimum(eggs, floors):
    for safe in range(floors + 1):
        log = []
        while True:
            action = drop_next(floors, eggs, log)
            if action.startswith("answer"):
                break
            f = int(action.split()[1])
            log.append([f, f > safe])
            assert sum(b for _, b in log) <= eggs
        assert action == f"answer {safe}"
        assert len(log) <= fewest_drops(eggs, floors)


def test_egg_drop_dynamics():
    name = "exploration/egg_drop"
    task = procgym.get(name)
    p = task.generate(seed=4, difficulty=3)
    c = p.check
    top = c["floors"]
    assert replay(name, p, ["drop 0"])[2].startswith("Invalid action")
    if c["safe"] < top:
        obs = replay(name, p, [f"drop {top}"] * (c["eggs"] + 1))[2]
        assert obs.startswith("Invalid action: every egg is broken")
    lines = p.answer.splitlines()
    head = "\n".join(lines[:-1])
    assert lines[-1] == f"answer {c['safe']}"
    assert task.verify(p, tag(head + f"\nfloor {c['safe']}")).correct
    wrong = c["safe"] + 1 if c["safe"] < top else c["safe"] - 1
    assert not task.verify(p, tag(head + f"\nanswer {wrong}")).correct


# --------------------------------------------------------------------------- sorted matrix

def test_sorted_matrix_is_sorted_and_the_staircase_walks_to_the_target():
    task = procgym.get("exploration/sorted_matrix_search")
    for level in (2, 9, 15):
        for seed in range(4):
            p = task.generate(seed=seed, difficulty=level)
            grid = p.check["grid"]
            rows, cols = len(grid), len(grid[0])
            assert all(grid[r][c] < grid[r][c + 1] for r in range(rows) for c in range(cols - 1))
            assert all(grid[r][c] < grid[r + 1][c] for r in range(rows - 1) for c in range(cols))
            assert len({v for row in grid for v in row}) == rows * cols
            (tr, tc), = [(r + 1, c + 1) for r in range(rows) for c in range(cols) if grid[r][c] == p.check["target"]]
            lines = p.answer.splitlines()
            assert lines[-1] == f"answer {tr} {tc}"
            assert len(lines) - 1 == (tr - 1) + (cols - tc) + 1  # one read per step left or down
            assert (tr - 1) + (cols - tc) >= (rows + cols - 1) // 2


def test_staircase_on_a_known_matrix():
    grid = [[1, 4, 7], [2, 5, 8], [3, 6, 9]]
    seen, actions = {}, []
    while True:
        action = staircase_next(3, 3, 6, seen)
        actions.append(action)
        if action.startswith("answer"):
            break
        _, r, c = action.split()
        seen[f"{r} {c}"] = grid[int(r) - 1][int(c) - 1]
    assert actions == ["query 1 3", "query 1 2", "query 2 2", "query 3 2", "answer 3 2"]


def test_sorted_matrix_wrong_cell_loses():
    name = "exploration/sorted_matrix_search"
    task = procgym.get(name)
    p = task.generate(seed=6, difficulty=5)
    lines = p.answer.splitlines()
    head, (_, r, c) = "\n".join(lines[:-1]), lines[-1].split()
    assert task.verify(p, tag(head + f"\nfound ({r}, {c})")).correct
    reward, done, obs = replay(name, p, lines[:-1] + [f"answer {r} {int(c) % len(p.check['grid'][0]) + 1}"])
    assert done and reward == 0.0 and "You lose" in obs


# --------------------------------------------------------------------------- coin weighing

@pytest.mark.parametrize("n,k", [(6, 1), (8, 2), (9, 3), (10, 4), (11, 2)])
def test_coin_weighing_worst_case_is_the_policy_worst_over_every_placement(n, k):
    most = 0
    for heavy in itertools.combinations(range(1, n + 1), k):
        log = []
        while True:
            action = halving_next(1, n, k, log)
            if action.startswith("answer"):
                break
            coins = [int(x) for x in action.split(" ", 1)[1].split(", ")]
            log.append([coins, sum(x in heavy for x in coins)])
        assert action == "answer " + ", ".join(map(str, heavy))
        most = max(most, len(log))
    assert most == worst_weighings(n, k)


def test_coin_weighing_known_values_and_dynamics():
    # one heavy coin: binary search; all coins heavy or none: nothing to weigh
    assert worst_weighings(8, 1) == 3 and worst_weighings(9, 1) == 4
    assert worst_weighings(5, 5) == 0 and worst_weighings(5, 0) == 0
    name = "exploration/coin_weighing"
    task = procgym.get(name)
    p = task.generate(seed=2, difficulty=6)
    c = p.check
    light = next(x for x in range(c["first"], c["first"] + c["n"]) if x not in c["heavy"])
    obs = replay(name, p, [f"weigh {c['heavy'][0]}, {light}"])[2]
    assert obs.startswith(f"Coins {c['heavy'][0]}, {light} weigh 21 grams.")
    lines = p.answer.splitlines()
    head = "\n".join(lines[:-1])
    assert task.verify(p, tag(head + "\nheavy coins: " + ", ".join(map(str, reversed(c["heavy"]))))).correct
    near = "answer " + ", ".join(map(str, c["heavy"][1:] + [light]))
    assert not task.verify(p, tag(head + "\n" + near)).correct


# --------------------------------------------------------------------------- min and max

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_pairing_finds_min_and_max_of_every_order_in_three_halves_n(n):
    for perm in itertools.permutations(range(n)):
        known = {}
        while True:
            action = pairing_next(1, n, known)
            if action.startswith("answer"):
                break
            _, i, j = action.split()
            i, j = int(i), int(j)
            assert f"{i} {j}" not in known
            known[f"{i} {j}"] = perm[i - 1] < perm[j - 1]
            known[f"{j} {i}"] = not known[f"{i} {j}"]
        assert action == f"answer {perm.index(0) + 1} {perm.index(n - 1) + 1}"
        assert len(known) // 2 == pairing_worst(n) == math.ceil(3 * n / 2) - 2


def test_min_and_max_answer_needs_both_in_order():
    name = "exploration/min_and_max"
    task = procgym.get(name)
    p = task.generate(seed=1, difficulty=7)
    c = p.check
    lines = p.answer.splitlines()
    head = "\n".join(lines[:-1])
    assert lines[-1] == f"answer {c['smallest']} {c['largest']}"
    assert c["values"][c["smallest"] - c["first"]] == min(c["values"])
    assert task.verify(p, tag(head + f"\nanswer {c['smallest']}, {c['largest']}")).correct
    assert not task.verify(p, tag(head + f"\nanswer {c['largest']} {c['smallest']}")).correct
    assert c["budget"] == math.ceil(3 * len(c["values"]) / 2) - 2 + 1 + 1  # slack 1 at level 7
