"""Per-task tests for the second set of abstraction/* tasks: the primitives on hand-worked grids,
the uniqueness of every answer cross-checked by a naive brute force over all compositions, fixed
problems solved independently with numpy, accepted answer forms and rejected near misses."""
import itertools

import numpy as np
import pytest

import procgym
from procgym.generators.abstraction import _grids as G
from procgym.generators.abstraction.color_by_size import by_size
from procgym.generators.abstraction.connect_pairs import connect
from procgym.generators.abstraction.copy_pattern_to_markers import stamp
from procgym.generators.abstraction.grid_and_or import combine
from procgym.generators.abstraction.largest_rectangle_fill import fill_largest, largest_empty
from procgym.generators.abstraction.majority_color import majority
from procgym.generators.abstraction.move_object_to_wall import move_objects
from procgym.generators.abstraction.outline_objects import outline
from procgym.generators.abstraction.sort_columns_by_height import sort_bars
from procgym.generators.abstraction.tile_mirror import tile
from answer_helpers import example_never_pays, feedback, ok
from grid_helpers import brute_outputs, grid, parse_prompt

NEW = ("color_by_size", "connect_pairs", "copy_pattern_to_markers", "grid_and_or", "largest_rectangle_fill",
       "majority_color", "move_object_to_wall", "outline_objects", "sort_columns_by_height", "tile_mirror")
NAMES = [f"abstraction/{t}" for t in NEW]


def test_new_tasks_registered():
    for name in NAMES:
        assert procgym.get(name).name == name


# ------------------------------------------------------------------ primitives, worked by hand

def test_outline_by_hand():
    g = grid("0 0 0 0 0\n0 2 2 2 0\n0 2 2 2 0\n0 2 2 2 0\n0 0 0 0 0")
    assert outline(g, "interior", 0, False) == grid("0 0 0 0 0\n0 2 2 2 0\n0 2 0 2 0\n0 2 2 2 0\n0 0 0 0 0")
    assert outline(g, "halo", 5, False) == grid("0 5 5 5 0\n5 2 2 2 5\n5 2 2 2 5\n5 2 2 2 5\n0 5 5 5 0")
    assert outline(g, "halo", 5, True) == grid("5 5 5 5 5\n5 2 2 2 5\n5 2 2 2 5\n5 2 2 2 5\n5 5 5 5 5")
    notch = grid("2 2 2\n2 2 2\n2 2 0")
    # (1, 1) has its 4 neighbours of colour 2 but a 0 diagonally; edge cells never count as inside
    assert outline(notch, "interior", 7, False) == grid("2 2 2\n2 7 2\n2 2 0")
    assert outline(notch, "interior", 7, True) == notch


def test_connect_by_hand():
    g = grid("1 0 0 1\n0 3 0 0\n2 0 0 0\n0 3 2 0")
    assert connect(g, True, False, None) == grid("1 1 1 1\n0 3 0 0\n2 0 0 0\n0 3 2 0")
    assert connect(g, False, True, None) == grid("1 0 0 1\n0 3 0 0\n2 3 0 0\n0 3 2 0")
    assert connect(g, True, True, 4) == grid("1 4 4 1\n0 3 0 0\n2 4 0 0\n0 3 2 0")
    # a colour met three times in a line is no pair
    assert connect(grid("1 0 1 0 1"), True, False, None) == grid("1 0 1 0 1")


def test_majority_by_hand():
    g = grid("1 1 0 0\n2 0 0 3\n0 0 0 3\n0 0 0 4")
    assert majority(g, "grid", True) is None  # 1 and 3 tie
    assert majority(g, "object", True) == grid("1 1 0 0\n1 0 0 3\n0 0 0 3\n0 0 0 3")
    assert majority(g, "object", False) == grid("2 2 0 0\n2 0 0 4\n0 0 0 4\n0 0 0 4")
    assert majority(grid("1 1 0\n2 0 0\n0 0 1"), "grid", True) == grid("1 1 0\n1 0 0\n0 0 1")
    # the 1 and the 5 touch the 3s only diagonally: alone 4-connected, one object 8-connected
    h = grid("1 0 0\n0 3 3\n5 0 0")
    assert majority(h, "object", True, False) == h
    assert majority(h, "object", True, True) == grid("3 0 0\n0 3 3\n3 0 0")


def test_tile_move_size_by_hand():
    g = grid("1 2\n0 3")
    assert tile(g, "1x2", (0, 1)) == grid("1 2 2 1\n0 3 3 0")
    assert tile(g, "2x1", (0, 2)) == grid("1 2\n0 3\n0 3\n1 2")
    assert tile(g, "2x2", (0, 1, 2, 3)) == grid("1 2 2 1\n0 3 3 0\n0 3 3 0\n1 2 2 1")
    m = grid("0 5 0 0\n0 5 0 0\n0 0 0 0\n4 4 0 0")
    # the 4 bar is nearest the floor and moves first (it is there already); the 5 bar stops on it
    assert move_objects(m, "down") == grid("0 0 0 0\n0 5 0 0\n0 5 0 0\n4 4 0 0")
    assert move_objects(m, "right") == grid("0 0 0 5\n0 0 0 5\n0 0 0 0\n0 0 4 4")
    assert move_objects(m, "up", 4) == grid("0 5 0 0\n0 5 0 0\n4 4 0 0\n0 0 0 0")
    assert move_objects(m, "up", 7) is None
    s = grid("1 1 1 0\n0 0 0 0\n2 0 2 2")
    assert by_size(s, 9, 8) == grid("9 9 9 0\n0 0 0 0\n8 0 2 2")
    assert by_size(s, None, None) == grid("3 3 3 0\n0 0 0 0\n1 0 2 2")
    assert by_size(grid("1 0 2"), 3, 4) is None  # the two objects tie


def test_combine_stamp_sort_by_hand():
    g = grid("1 0 5 2 2\n0 1 5 0 2")
    assert combine(g, "and", 7) == grid("7 0\n0 7")
    assert combine(g, "xor", 3) == grid("0 3\n0 0")
    assert combine(g, "neither", 3) == grid("0 0\n3 0")
    assert combine(g, "first only", 4) == grid("0 0\n0 0")
    assert combine(g, "second only", 4) == grid("0 4\n0 0")
    stacked = grid("1 1\n6 6\n0 1")
    assert combine(stacked, "or", 8) == grid("8 8")
    assert combine(grid("1 0 1\n1 1 1"), "and", 2) is None  # no divider
    t = grid("1 2 0 0 0\n3 4 0 0 0\n0 0 0 0 0\n0 0 0 9 0\n0 0 0 0 0")
    assert stamp(t, 0, 0, True) == grid("1 2 0 0 0\n3 4 0 0 0\n0 0 0 0 0\n0 0 0 1 2\n0 0 0 3 4")
    assert stamp(t, 1, 1, False) == grid("0 0 0 0 0\n0 0 0 0 0\n0 0 1 2 0\n0 0 3 4 0\n0 0 0 0 0")
    assert stamp(t, 2, 0, True) is None  # outside the 2 x 2 template
    b = grid("0 0 3\n0 1 3\n2 1 3")
    assert sort_bars(b, "height", False) == grid("0 0 3\n0 1 3\n2 1 3")
    assert sort_bars(b, "height", True) == grid("3 0 0\n3 1 0\n3 1 2")
    assert sort_bars(b, "colour", True) == grid("3 0 0\n3 0 1\n3 2 1")
    assert sort_bars(grid("1 0\n0 1"), "height", True) is None  # a floating cell


def naive_largest(g, square):
    """Every all-0 rectangle (or square) tried; the unique best one's box, or None."""
    h, w = len(g), len(g[0])
    best, found = 0, []
    for r0, r1, c0, c1 in itertools.product(range(h), range(h), range(w), range(w)):
        if r1 < r0 or c1 < c0 or (square and r1 - r0 != c1 - c0):
            continue
        if any(g[i][j] for i in range(r0, r1 + 1) for j in range(c0, c1 + 1)):
            continue
        size = r1 - r0 + 1 if square else (r1 - r0 + 1) * (c1 - c0 + 1)
        if size > best:
            best, found = size, []
        if size == best:
            found.append((r0, c0, r1 - r0 + 1, c1 - c0 + 1))
    return found[0] if len(found) == 1 else None


def test_largest_rectangle_by_hand_and_naive():
    g = grid("1 0 0 0\n0 0 0 2\n3 0 0 0")
    assert largest_empty(g, False) == (0, 1, 3, 2)
    assert fill_largest(g, False, 7) == grid("1 7 7 0\n0 7 7 2\n3 7 7 0")
    assert largest_empty(g, True) is None  # four 2 x 2 squares tie
    assert largest_empty(grid("1 0 0\n0 0 0\n0 0 1"), False) is None
    import random
    rng = random.Random(3)
    for _ in range(200):
        x = G.scatter(rng, rng.randint(2, 6), rng.randint(2, 6), [1, 2], rng.uniform(0.2, 0.6))
        for square in (False, True):
            assert largest_empty(x, square) == naive_largest(x, square)


# ------------------------------------------------------------------ uniqueness by brute force

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 4, 7])
def test_answer_unique_by_brute_force(name, level):
    task = procgym.get(name)
    for seed in range(2):
        p = procgym.generate(name, seed=seed, difficulty=level)
        examples, test = parse_prompt(p.prompt)
        assert 2 <= len(examples) <= 5
        assert brute_outputs(task, p, examples, test) == {grid(p.answer)}, (name, level, seed)


# ------------------------------------------------------------------ fixed problems solved with numpy

def numpy_fits(examples, test, candidates):
    """The test outputs of every candidate function (on numpy arrays) that reproduces the examples."""
    outs = set()
    for f in candidates:
        if all(np.array_equal(f(np.array(x)), np.array(y)) and f(np.array(x)).shape == np.array(y).shape
               for x, y in examples):
            outs.add(tuple(map(tuple, f(np.array(test)).tolist())))
    return outs


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_tile_mirror_by_numpy(seed):
    p = procgym.generate("abstraction/tile_mirror", seed=seed, difficulty=3)
    examples, test = parse_prompt(p.prompt)
    ops = [lambda a: a, lambda a: a[:, ::-1], lambda a: a[::-1], lambda a: a[::-1, ::-1]]
    cands = []
    for q in itertools.product(ops, repeat=4):
        cands.append(lambda a, q=q: np.block([[q[0](a), q[1](a)], [q[2](a), q[3](a)]]))
    for q in itertools.product(ops, repeat=2):
        cands.append(lambda a, q=q: np.hstack([q[0](a), q[1](a)]))
        cands.append(lambda a, q=q: np.vstack([q[0](a), q[1](a)]))
    assert numpy_fits(examples, test, cands) == {grid(p.answer)}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_grid_and_or_by_numpy(seed):
    p = procgym.generate("abstraction/grid_and_or", seed=seed, difficulty=4)
    examples, test = parse_prompt(p.prompt)

    def split(a):
        h, w = a.shape
        if w % 2 and len(set(a[:, w // 2])) == 1 and a[0, w // 2]:
            return a[:, :w // 2] > 0, a[:, w // 2 + 1:] > 0
        return a[:h // 2] > 0, a[h // 2 + 1:] > 0
    ops = [np.logical_and, np.logical_or, np.logical_xor, lambda x, y: ~x & ~y, lambda x, y: x & ~y,
           lambda x, y: ~x & y]
    cands = [lambda a, op=op, c=c: np.where(op(*split(a)), c, 0) for op in ops for c in range(1, 10)]
    assert numpy_fits(examples, test, cands) == {grid(p.answer)}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sort_columns_by_numpy(seed):
    p = procgym.generate("abstraction/sort_columns_by_height", seed=seed, difficulty=2)
    examples, test = parse_prompt(p.prompt)

    def sorter(key, rev):
        def f(a):
            heights = (a > 0).sum(axis=0)
            colours = a.max(axis=0)
            k = heights if key == "h" else colours
            order = sorted(range(a.shape[1]), key=lambda j: -k[j] if rev else k[j])  # stable
            return a[:, order]
        return f
    cands = [sorter(k, r) for k in "hc" for r in (False, True)]
    assert numpy_fits(examples, test, cands) == {grid(p.answer)}


# ------------------------------------------------------------------ forms, near misses, determinism

@pytest.mark.parametrize("name", NAMES)
def test_forms_and_near_misses(name):
    p = procgym.generate(name, seed=11, difficulty=5)
    rows = [r.split() for r in p.answer.split("\n")]
    packed = "\n".join("".join(r) for r in rows)
    assert ok(p, p.answer) and ok(p, packed)
    assert ok(p, "\n" + packed + "\n\n")
    assert ok(p, "\n".join(", ".join(r) for r in rows))
    assert ok(p, "[" + ",\n".join("[" + ", ".join(r) + "]" for r in rows) + "]")
    wrong_cell = [r[:] for r in rows]
    wrong_cell[0][0] = "1" if wrong_cell[0][0] != "1" else "2"
    assert not ok(p, "\n".join(" ".join(r) for r in wrong_cell))
    assert "row 1, column 1" in feedback(p, "\n".join(" ".join(r) for r in wrong_cell))
    assert not ok(p, "\n".join(" ".join(r) for r in rows[:-1]))
    assert not ok(p, "\n".join(" ".join(r + ["0"]) for r in rows))
    assert not ok(p, p.answer + " or\n" + p.answer)
    assert not ok(p, "not\n" + p.answer)
    assert not ok(p, "")
    assert not ok(p, "the answer is\n" + p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_determinism_and_levels(name):
    a = procgym.generate(name, seed=21, difficulty=6)
    assert a.to_dict() == procgym.generate(name, seed=21, difficulty=6).to_dict()
    assert a.prompt != procgym.generate(name, seed=22, difficulty=6).prompt
    low = procgym.generate(name, seed=0, difficulty=5)
    high = procgym.generate(name, seed=0, difficulty=13)
    assert low.params["steps"] == 1 and a.params["steps"] == 2 and high.params["steps"] == 3
    assert low.check["space"] < a.check["space"] < high.check["space"]


def test_example_never_pays():
    for name in NAMES:
        example_never_pays(name, seeds=range(10))


@pytest.mark.parametrize("name", ["abstraction/grid_and_or", "abstraction/sort_columns_by_height"])
def test_three_primitive_answer_unique_by_brute_force(name):
    p = procgym.generate(name, seed=0, difficulty=13)
    examples, test = parse_prompt(p.prompt)
    assert p.params["steps"] == 3
    assert brute_outputs(procgym.get(name), p, examples, test) == {grid(p.answer)}
