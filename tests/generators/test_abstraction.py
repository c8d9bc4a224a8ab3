"""Per-task tests for abstraction/*: the grid primitives on hand-worked grids, the uniqueness of
every answer cross-checked by a naive brute force over all compositions, accepted answer forms,
rejected near misses and the verifier's feedback."""
import itertools

import numpy as np
import pytest

import procgym
from procgym.generators.abstraction import _grids as G
from procgym.generators.abstraction.count_to_bar import bars
from procgym.generators.abstraction.denoise import remove_small
from procgym.generators.abstraction.draw_lines import rays
from procgym.generators.abstraction.fill_enclosed import fill_enclosed
from procgym.generators.abstraction.object_extraction import _pick
from procgym.generators.abstraction.one_d_shift import shift, slide, sort_colours
from procgym.generators.abstraction.pattern_extension import extend
from procgym.generators.abstraction.scale_up import scale
from procgym.generators.abstraction.symmetry_completion import complete
from answer_helpers import example_never_pays, feedback, ok
from grid_helpers import brute_outputs, grid, parse_prompt

NAMES = sorted(procgym.tasks("abstraction/*"))


def test_these_tasks_are_registered():
    assert set(f"abstraction/{t}" for t in (
        "count_to_bar", "denoise", "draw_lines", "fill_enclosed", "flip_rotate", "gravity", "object_extraction",
        "one_d_shift", "pattern_extension", "recolor_by_rule", "scale_up", "symmetry_completion")) <= set(NAMES)


# ------------------------------------------------------------------ primitives, worked by hand

def test_symmetries_match_numpy():
    g = grid("1 2 3\n4 5 6")
    a = np.array(g)
    expect = {
        "identity": a, "rotate 90 clockwise": np.rot90(a, -1), "rotate 180": np.rot90(a, 2),
        "rotate 90 counterclockwise": np.rot90(a, 1), "mirror left-right": a[:, ::-1], "flip upside down": a[::-1],
        "transpose": a.T, "anti-transpose": np.rot90(a, 2).T,
    }
    for name, fwd, inv in G.D4:
        assert np.array_equal(np.array(fwd(g)), expect[name]), name
        assert inv(fwd(g)) == g
    for _name, fwd, inv in G.SWAPS + G.ROLLS:
        assert inv(fwd(g)) == g


def test_gravity_by_hand():
    g = grid("1 0 2\n0 3 0\n0 0 0")
    assert G.gravity(g, "down") == grid("0 0 0\n0 0 0\n1 3 2")
    assert G.gravity(g, "right") == grid("0 1 2\n0 0 3\n0 0 0")
    # only colour 1 moves; 3 stays as an obstacle in the middle column
    g2 = grid("0 1 0\n0 3 0\n1 0 0")
    assert G.gravity(g2, "down", frozenset({1})) == grid("0 1 0\n0 3 0\n1 0 0")
    assert G.gravity(g2, "right", frozenset({1})) == grid("0 0 1\n0 3 0\n0 0 1")


def test_object_and_bar_primitives():
    g = grid("1 1 0 2\n0 0 0 2\n3 0 0 2\n0 0 1 0")
    assert _pick(g, "largest") == grid("2\n2\n2")
    assert _pick(g, "smallest") is None  # the 3 and the lone 1 tie
    assert _pick(g, "unique colour") is None  # 2 and 3 are both unique
    assert _pick(g, "topmost") is None
    assert _pick(g, "bottommost") == grid("1")
    assert bars(g, "objects", "ascending", "left") == grid("1 1\n2 0\n3 0")
    assert bars(g, "cells", "descending", "right") == grid("0 0 3\n2 2 2\n1 1 1")


def test_denoise_fill_and_rays_by_hand():
    g = grid("1 0 0 0\n0 2 2 0\n0 2 0 0\n0 0 0 3")
    assert remove_small(g, 1, False) == grid("0 0 0 0\n0 2 2 0\n0 2 0 0\n0 0 0 0")
    assert remove_small(g, 1, True) == grid("0 0 0 0\n0 2 2 0\n0 2 0 0\n0 0 0 0")
    diagonal_pair = grid("1 0 0\n0 1 0\n0 0 0")
    assert remove_small(diagonal_pair, 1, False) == grid("0 0 0\n0 0 0\n0 0 0")
    assert remove_small(diagonal_pair, 1, True) == diagonal_pair
    box = grid("0 0 0 0 0\n0 4 4 4 0\n0 4 0 4 0\n0 4 4 0 0\n0 0 0 0 0")
    # the corner gap at (3, 3) lets the inside out only diagonally
    assert fill_enclosed(box, 7, False) == grid("0 0 0 0 0\n0 4 4 4 0\n0 4 7 4 0\n0 4 4 0 0\n0 0 0 0 0")
    assert fill_enclosed(box, 7, True) == box
    assert fill_enclosed(box, None, False)[2][2] == 4
    marks = grid("0 0 0 0\n0 5 0 6\n0 0 0 0")
    assert rays(marks, ((0, 1),), None, False) == grid("0 0 0 0\n0 5 5 6\n0 0 0 0")
    assert rays(marks, ((-1, 0), (0, -1)), 6, True) == grid("0 0 0 6\n0 5 6 6\n0 0 0 0")  # stops at the 5
    assert rays(marks, ((0, -1),), 6, False) == grid("0 0 0 0\n6 5 6 6\n0 0 0 0")


def test_completion_extension_scale_and_rows_by_hand():
    g = grid("1 0 0\n2 0 2\n0 0 0")
    assert complete(g, "mirror left-right") == grid("1 0 1\n2 0 2\n0 0 0")
    assert complete(grid("1 0\n2 0"), "main diagonal") == grid("1 2\n2 0")
    assert complete(grid("1 2\n0 0"), "all eight symmetries") is None  # the 0s see both 1 and 2
    block = grid("1 2 0 0 0\n3 0 0 0 0")
    assert extend(block, "right", "repeat", 1) == grid("1 2 0 1 2\n3 0 0 3 0")
    assert extend(block, "right", "mirror", 0) == grid("1 2 2 1 1\n3 0 0 3 3")
    assert scale(grid("1 2"), 2, 1) == grid("1 2\n1 2")
    assert shift((1, 2, 0, 3), 1, True) == (3, 1, 2, 0)
    assert shift((1, 2, 0, 3), -2, False) == (0, 3, 0, 0)
    assert slide((1, 0, 2, 0), True) == (0, 0, 1, 2)
    assert sort_colours((3, 0, 1, 2), False) == (1, 0, 2, 3)


# ------------------------------------------------------------------ uniqueness by brute force

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 4, 7])
def test_answer_unique_by_brute_force(name, level):
    task = procgym.get(name)
    for seed in range(2):
        p = procgym.generate(name, seed=seed, difficulty=level)
        examples, test = parse_prompt(p.prompt)
        assert 2 <= len(examples) <= 5
        outs = brute_outputs(task, p, examples, test)
        assert outs == {grid(p.answer)}, (name, level, seed, len(outs))


def test_space_outputs_matches_brute_force_on_random_cases():
    import random
    rng = random.Random(5)
    family = [(name, fn) for name, fn, _ in G.D4[:4]]
    space = G.Space(family, ("swap", "roll"))
    for _ in range(20):
        xs = [G.scatter(rng, 3, 3, [1, 2, 3], 0.5) for _ in range(3)]
        rule = space.random_rule(rng)
        examples = [(x, space.apply(rule, x)) for x in xs[:2]]
        expect = set()
        for (_n, fn), post in itertools.product(family, itertools.product(G.SWAPS, G.ROLLS)):
            def run(x):
                v = fn(x)
                for entry in post:
                    v = entry[1](v)
                return v
            if all(run(x) == y for x, y in examples):
                expect.add(run(xs[2]))
        assert space.outputs(examples, xs[2]) == expect


# ------------------------------------------------------------------ fixed problems, forms, feedback

def test_fixed_flip_rotate_problem():
    p = procgym.generate("abstraction/flip_rotate", seed=3, difficulty=1)
    examples, test = parse_prompt(p.prompt)
    a = np.array(test)
    fits = []
    # the symmetry is found from the examples with numpy, independently of the generator
    ops = [lambda m: m, lambda m: np.rot90(m, -1), lambda m: np.rot90(m, 2), lambda m: np.rot90(m, 1),
           lambda m: m[:, ::-1], lambda m: m[::-1], lambda m: m.T, lambda m: np.rot90(m, 2).T]
    for op in ops:
        if all(op(np.array(x)).shape == np.array(y).shape and np.array_equal(op(np.array(x)), np.array(y))
               for x, y in examples):
            fits.append(tuple(map(tuple, op(a).tolist())))
    assert set(fits) == {grid(p.answer)}


@pytest.mark.parametrize("name", NAMES)
def test_forms_and_near_misses(name):
    p = procgym.generate(name, seed=11, difficulty=5)
    rows = [r.split() for r in p.answer.split("\n")]
    packed = "\n".join("".join(r) for r in rows)
    assert ok(p, p.answer) and ok(p, packed)
    assert ok(p, "\n" + packed + "\n\n")  # blank lines around the grid
    assert ok(p, "\n".join("  ".join(r) for r in rows))  # wider spacing
    assert ok(p, "\n".join(", ".join(r) for r in rows))  # commas between cells
    assert ok(p, "[" + ",\n".join("[" + ", ".join(r) + "]" for r in rows) + "]")  # a list of lists
    assert not ok(p, "\n".join("[" + ", ".join(r) + "] or" for r in rows))
    # one wrong cell, a missing row, an extra column, commas, a hedge
    wrong_cell = [r[:] for r in rows]
    wrong_cell[-1][-1] = "1" if wrong_cell[-1][-1] != "1" else "2"
    assert not ok(p, "\n".join(" ".join(r) for r in wrong_cell))
    assert f"row {len(rows)}, column {len(rows[-1])}" in feedback(p, "\n".join(" ".join(r) for r in wrong_cell))
    assert not ok(p, "\n".join(" ".join(r) for r in rows[:-1]))
    if len(rows) > 1:
        assert f"{len(rows)} rows" in feedback(p, "\n".join(" ".join(r) for r in rows[:-1]))
    assert not ok(p, "\n".join(" ".join(r + ["0"]) for r in rows))
    assert "cells" in feedback(p, "\n".join(" ".join(r + ["0"]) for r in rows))
    assert not ok(p, "\n".join(";".join(r) for r in rows)) or all(len(r) == 1 for r in rows)
    assert not ok(p, p.answer + " or\n" + p.answer)
    assert not ok(p, "not\n" + p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_determinism_and_distinct_seeds(name):
    a = procgym.generate(name, seed=21, difficulty=6)
    b = procgym.generate(name, seed=21, difficulty=6)
    c = procgym.generate(name, seed=22, difficulty=6)
    assert a.to_dict() == b.to_dict()
    assert a.prompt != c.prompt


def test_levels_compose_more_primitives():
    for name in NAMES:
        low = procgym.generate(name, seed=0, difficulty=5)
        mid = procgym.generate(name, seed=0, difficulty=6)
        high = procgym.generate(name, seed=0, difficulty=13)
        assert low.params["steps"] == 1 and mid.params["steps"] == 2 and high.params["steps"] == 3
        assert low.check["space"] < mid.check["space"] < high.check["space"]
        first, second = (G.STAGE_TEXT[s] for s in procgym.get(name).stage_names)
        assert first not in low.prompt and first in mid.prompt and second not in mid.prompt and second in high.prompt


def test_example_never_pays():
    for name in NAMES:
        example_never_pays(name, seeds=range(10))


@pytest.mark.parametrize("name", ["abstraction/flip_rotate", "abstraction/scale_up", "abstraction/one_d_shift"])
def test_three_primitive_answer_unique_by_brute_force(name):
    # level 13 composes the family with two generic stages: thousands of compositions, tried forwards
    task = procgym.get(name)
    p = procgym.generate(name, seed=0, difficulty=13)
    examples, test = parse_prompt(p.prompt)
    assert p.params["steps"] == 3 and 2 <= len(examples) <= 5
    assert brute_outputs(task, p, examples, test) == {grid(p.answer)}
