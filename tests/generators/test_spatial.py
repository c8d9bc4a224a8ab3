"""Per-task tests for spatial/*: the simulators against hand-worked instances and independent
brute force (networkx, unit-cell counting, winding numbers), accepted alternative answer forms
and rejected near misses."""
import itertools
import math
import random
import re

import networkx as nx
import pytest

import procgym
from procgym.generators.spatial.cube_nets import (FOUR_ROW_NETS, HEXOMINOES, NETS, draw, face_toward, fold,
                                                  symmetries)
from procgym.generators.spatial.dice import apply_move, simulate
from procgym.generators.spatial.grid_counting import components, count_rectangles, count_squares
from procgym.generators.spatial.grid_distance import distance
from procgym.generators.spatial.grid_transforms import (anti_transpose, apply_all, flip_lr, flip_ud, rotate_180,
                                                        rotate_ccw, rotate_cw, transpose)
from procgym.generators.spatial.lattice_polygon import interior_points, locate, star_polygon
from procgym.generators.spatial.rectangles import coverage, intersection
from procgym.generators.spatial._compass import read_position
from procgym.generators.spatial.relative_walk import walk
from procgym.kit import NotAnAnswer
from answer_helpers import ok

NAMES = procgym.tasks("spatial/*")


def test_ten_spatial_tasks():
    assert len(NAMES) >= 9


# ------------------------------------------------------------------ grid transforms
def test_transforms_on_a_known_grid():
    g = ["ABC", "DEF"]
    assert rotate_cw(g) == ["DA", "EB", "FC"]
    assert rotate_ccw(g) == ["CF", "BE", "AD"]
    assert rotate_180(g) == ["FED", "CBA"]
    assert flip_lr(g) == ["CBA", "FED"]
    assert flip_ud(g) == ["DEF", "ABC"]
    assert transpose(g) == ["AD", "BE", "CF"]
    assert anti_transpose(g) == ["FC", "EB", "DA"]
    assert apply_all(g, ["cw", "cw"]) == rotate_180(g)
    assert apply_all(g, ["cw", "ccw"]) == g
    assert apply_all(g, ["lr", "ud"]) == rotate_180(g)
    assert apply_all(g, ["tr", "lr"]) == rotate_cw(g)


def test_grid_transform_forms():
    p = procgym.generate("spatial/grid_transform", seed=3, difficulty=6)
    rows = p.check["grid"]
    assert ok(p, "/".join(rows))
    assert ok(p, "\n".join(rows))
    assert ok(p, "\n" + "\n".join(" ".join(r.lower()) for r in rows) + "\n")
    assert ok(p, " / ".join(",".join(r) for r in rows))
    assert not ok(p, "/".join(rows[::-1]) if rows[::-1] != rows else "/".join(r[::-1] for r in rows))
    assert not ok(p, "/".join(rows[:-1]))
    bad = [list(r) for r in rows]
    bad[0][0] = "Z" if bad[0][0] != "Z" else "Y"
    assert not ok(p, "/".join("".join(r) for r in bad))


# ------------------------------------------------------------------ cube nets
CROSS = [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)]  # .A.. / BCDE / .F..


def test_hexomino_census():
    assert len(HEXOMINOES) == 35
    assert len(NETS) == 11
    assert len(FOUR_ROW_NETS) == 6
    assert fold([(0, c) for c in range(6)]) is None  # a straight line of six
    assert fold([(r, c) for r in range(2) for c in range(3)]) is None  # a 2x3 block


def test_cross_net_folds_as_expected():
    names = dict(zip(CROSS, "ABCDEF"))
    labels = {names[c]: p for c, p in fold(CROSS).items()}
    opposite = {frozenset(pair) for pair in (("A", "F"), ("B", "D"), ("C", "E"))}
    pos = {"U": "D", "D": "U", "N": "S", "S": "N", "E": "W", "W": "E"}
    found = {frozenset((a, b)) for a in labels for b in labels if labels[b] == pos[labels[a]]}
    assert found == opposite
    # printed side out, C as the top: A is north, D east, B west
    assert face_toward(labels, "C", "A", "east") == "D"
    assert face_toward(labels, "C", "A", "west") == "B"
    assert face_toward(labels, "C", "D", "east") == "F"  # a quarter turn: south comes round to the east
    assert face_toward(labels, "E", "A", "east") == "B"  # upside down, east and west swap


def test_folding_handedness_does_not_depend_on_start_cell():
    rng = random.Random(0)
    for net in NETS:
        cells = list(rng.choice(symmetries(net)))
        names = dict(zip(cells, "ABCDEF"))
        ref = {names[c]: p for c, p in fold(cells).items()}
        for k in range(1, 6):
            order = cells[k:] + cells[:k]
            other = {names[c]: p for c, p in fold(order).items()}
            for top, north in itertools.permutations("ABCDEF", 2):
                if ref[north] in (ref[top], {"U": "D", "D": "U", "N": "S", "S": "N", "E": "W", "W": "E"}[ref[top]]):
                    continue
                assert face_toward(ref, top, north, "east") == face_toward(other, top, north, "east")


def test_cube_net_faces_forms():
    p = procgym.generate("spatial/cube_net_faces", seed=2, difficulty=8)
    ans = p.check["answers"]
    assert len(ans) == p.params["n_questions"]
    assert ok(p, ",".join(ans))
    assert ok(p, ", ".join(a.lower() for a in ans))
    assert ok(p, "[" + "; ".join(ans) + "]")
    assert not ok(p, ",".join(ans[:-1]))
    wrong = list(ans)
    wrong[0] = next(c for c in "ABCDEFGH" if c != ans[0])
    assert not ok(p, ",".join(wrong))


def test_cube_net_validity_forms():
    found_none = found_some = False
    for seed in range(40):
        p = procgym.generate("spatial/cube_net_validity", seed=seed, difficulty=6)
        valid = p.check["valid"]
        # every drawn shape is re-folded independently from the prompt text
        shapes = re.findall(r"Shape ([A-Z]):\n((?:[#.]+\n?)+)", p.prompt)
        redo = [lab for lab, block in shapes
                if fold([(r, c) for r, row in enumerate(block.split()) for c, ch in enumerate(row) if ch == "#"])]
        assert redo == valid
        if valid:
            found_some = True
            assert ok(p, ", ".join(reversed(valid)).lower())
            assert ok(p, ", ".join(f"Shape {v}" for v in valid))
            assert not ok(p, "none")
            assert not ok(p, ",".join(valid + valid[:1]))
            others = [lab for lab in p.check["labels"] if lab not in valid]
            if others:
                assert not ok(p, ",".join(valid + others[:1]))
            if len(valid) > 1:
                assert not ok(p, ",".join(valid[1:]))
        else:
            found_none = True
            assert ok(p, "none") and ok(p, "None.")
            assert not ok(p, "A")
    assert found_none and found_some


def test_draw():
    assert draw(CROSS) == [".#..", "####", ".#.."]


# ------------------------------------------------------------------ dice
DIE = {"U": 1, "D": 6, "N": 2, "S": 5, "E": 3, "W": 4}


def test_die_moves():
    assert apply_move(DIE, "N") == {"U": 5, "D": 2, "N": 1, "S": 6, "E": 3, "W": 4}
    assert apply_move(DIE, "E") == {"U": 4, "D": 3, "N": 2, "S": 5, "E": 1, "W": 6}
    assert apply_move(DIE, "cw") == {"U": 1, "D": 6, "N": 4, "S": 3, "E": 2, "W": 5}
    for m, back in (("N", "S"), ("E", "W"), ("cw", "ccw")):
        assert simulate(DIE, [m, back]) == DIE
        assert simulate(DIE, [m] * 4) == DIE
    rng = random.Random(1)
    die = dict(DIE)
    for _ in range(200):
        die = apply_move(die, rng.choice(["N", "S", "E", "W", "cw", "ccw"]))
        assert die["U"] + die["D"] == die["N"] + die["S"] == die["E"] + die["W"] == 7


def test_die_rolls_forms():
    p = procgym.generate("spatial/die_rolls", seed=5, difficulty=8)
    vals = p.check["values"]
    assert len(vals) == 3
    assert ok(p, ",".join(map(str, vals)))
    assert ok(p, "[" + ", ".join(map(str, vals)) + "]")
    assert not ok(p, ",".join(map(str, vals[:2])))
    assert not ok(p, ",".join(str(7 - v) for v in vals))
    q = procgym.generate("spatial/die_rolls", seed=5, difficulty=1)
    assert ok(q, str(q.check["values"][0])) and not ok(q, str(7 - q.check["values"][0]))


def test_die_rolls_replayed_from_prompt():
    for seed in range(10):
        p = procgym.generate("spatial/die_rolls", seed=seed, difficulty=6)
        start = re.search(r"with (\d) on top, (\d) facing north and (\d) facing east", p.prompt)
        top, north, east = map(int, start.groups())
        die = {"U": top, "D": 7 - top, "N": north, "S": 7 - north, "E": east, "W": 7 - east}
        steps = re.search(r"Moves, in order: (.*)\.\n", p.prompt).group(1).split("; ")
        for step in steps:
            times = int(re.search(r"(\d+) times", step).group(1)) if "times" in step else 1
            move = ("ccw" if "counterclockwise" in step else "cw") if "spin" in step else step.split()[1][0].upper()
            die = simulate(die, [move] * times)
        assert die["U"] == p.check["values"][0]


# ------------------------------------------------------------------ relative walk
def test_walk():
    assert walk("north", [("move", 0, 3), ("turn", 1), ("move", 0, 2)]) == (2, 3, "east")
    assert walk("south", [("move", 1, 5), ("turn", 1), ("move", 3, 2)]) == (-5, -2, "west")
    assert walk("east", [("move", 2, 4), ("turn", 2)]) == (-4, 0, "west")


def test_relative_walk_forms():
    p = procgym.generate("spatial/relative_walk", seed=4, difficulty=7)
    x, y, h = p.check["x"], p.check["y"], p.check["heading"]
    assert ok(p, f"{x}, {y}, {h}")
    assert ok(p, f"({x}, {y}) facing {h.capitalize()}")
    assert ok(p, f"x={x}, y={y}, {h[0].upper()}")
    assert not ok(p, f"{x + 1}, {y}, {h}")
    other = {"north": "south", "south": "north", "east": "west", "west": "east"}[h]
    assert not ok(p, f"{x}, {y}, {other}")
    if x != y:
        assert not ok(p, f"{y}, {x}, {h}")
    assert not ok(p, f"{x}, {y}")
    assert ok(p, f"y = {y}, x = {x}, facing {h}")  # labelled coordinates, in either order
    assert ok(p, f"({x}, {y}, {h})") and ok(p, f"{x}, {y}, {h}.")
    # a hedge, a negation, a second candidate or leftover words is not an answer
    for text in (f"not {x}, {y}, {h}", f"{x}, {y}, {h} I think", f"{x}, {y}, {h} or {other}", f"{x}, {y}, {h}\n0, 0, {h}",
                 f"x != {x}, y = {y}, {h}", f"y = {x}, y = {y}, {h}", f"x = {x}, {y}, {h}", f"0, {x}, {y}, {h}"):
        assert not ok(p, text), text
    with pytest.raises(NotAnAnswer):
        read_position("3, -2, north or south")
    assert read_position("(3, -2) heading W") == (3, -2, "west")


# ------------------------------------------------------------------ counting in grids
def brute_rectangles(grid, squares):
    rows, cols = len(grid), len(grid[0])
    n = 0
    for r1, r2 in itertools.combinations_with_replacement(range(rows), 2):
        for c1, c2 in itertools.combinations_with_replacement(range(cols), 2):
            if squares and r2 - r1 != c2 - c1:
                continue
            n += all(grid[r][c] == "#" for r in range(r1, r2 + 1) for c in range(c1, c2 + 1))
    return n


def test_rectangle_counts_match_brute_force():
    assert count_rectangles(["##", "##"]) == 9
    assert count_squares(["###", "###", "###"]) == 14
    assert count_rectangles(["#.#"]) == 2
    rng = random.Random(7)
    for _ in range(60):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        grid = ["".join(rng.choice("##.") for _ in range(cols)) for _ in range(rows)]
        assert count_rectangles(grid) == brute_rectangles(grid, False)
        assert count_squares(grid) == brute_rectangles(grid, True)


def test_count_rectangles_near_miss():
    p = procgym.generate("spatial/count_rectangles", seed=1, difficulty=8)
    v = p.check["value"]
    assert ok(p, str(v)) and ok(p, f"{v}.")
    assert not ok(p, str(v + 1)) and not ok(p, str(v - 1))


def test_islands_match_networkx():
    rng = random.Random(3)
    for _ in range(40):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        grid = ["".join(rng.choice("#..") for _ in range(cols)) for _ in range(rows)]
        for diagonal in (False, True):
            g = nx.Graph()
            cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "#"]
            g.add_nodes_from(cells)
            for (r, c) in cells:
                for dr, dc in ([(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])):
                    if (r + dr, c + dc) in g:
                        g.add_edge((r, c), (r + dr, c + dc))
            assert sorted(components(grid, diagonal)) == sorted(len(k) for k in nx.connected_components(g))


def test_islands_rule_matters_and_near_miss():
    assert len(components(["#.", ".#"], False)) == 2
    assert len(components(["#.", ".#"], True)) == 1
    p = procgym.generate("spatial/count_islands", seed=2, difficulty=6)
    v = p.check["value"]
    assert ok(p, str(v)) and not ok(p, str(v + 1))


# ------------------------------------------------------------------ rectangles
def test_coverage_matches_unit_cells():
    rng = random.Random(5)
    for _ in range(40):
        rects = []
        for _ in range(rng.randint(2, 5)):
            x1, x2 = sorted(rng.sample(range(10), 2))
            y1, y2 = sorted(rng.sample(range(10), 2))
            rects.append((x1, y1, x2, y2))
        cells = {}
        for x in range(10):
            for y in range(10):
                k = sum(1 for r in rects if r[0] <= x < r[2] and r[1] <= y < r[3])
                if k:
                    cells[k] = cells.get(k, 0) + 1
        assert coverage(rects) == cells
    assert intersection((0, 0, 4, 4), (2, 1, 6, 3)) == 4
    assert intersection((0, 0, 2, 2), (2, 0, 4, 2)) == 0


def test_rectangle_overlap_reads_mixed_descriptions():
    for seed in range(8):
        p = procgym.generate("spatial/rectangle_overlap", seed=seed, difficulty=6)
        rects = []
        for line in p.prompt.splitlines():
            m = re.match(r"R\d+ has opposite corners \((-?\d+), (-?\d+)\) and \((-?\d+), (-?\d+)\)", line)
            if m:
                a, b, c, d = map(int, m.groups())
                rects.append((min(a, c), min(b, d), max(a, c), max(b, d)))
            m = re.match(r"R\d+ has lower-left corner \((-?\d+), (-?\d+)\), width (\d+) and height (\d+)", line)
            if m:
                a, b, w, h = map(int, m.groups())
                rects.append((a, b, a + w, b + h))
        assert [tuple(r) for r in p.check["rects"]] == rects
        v = p.check["value"]
        assert ok(p, str(v)) and not ok(p, str(v + 1))


# ------------------------------------------------------------------ distances
def test_distance_matches_networkx():
    rng = random.Random(11)
    for _ in range(30):
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        grid = ["".join("#" if rng.random() < 0.3 else "." for _ in range(cols)) for _ in range(rows)]
        free = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "."]
        if len(free) < 2:
            continue
        s, t = rng.sample(free, 2)
        for king, cut in ((False, True), (True, True), (True, False)):
            g = nx.Graph()
            g.add_nodes_from(free)
            for (r, c) in free:
                for dr, dc in [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if king else []):
                    n = (r + dr, c + dc)
                    if n not in g:
                        continue
                    if dr and dc and not cut and (grid[r][c + dc] == "#" or grid[r + dr][c] == "#"):
                        continue
                    g.add_edge((r, c), n)
            want = nx.shortest_path_length(g, s, t) if nx.has_path(g, s, t) else None
            assert distance(grid, s, t, king, cut) == want


def test_corner_cutting_rule():
    grid = ["S#", "#T"]
    assert distance(grid, (0, 0), (1, 1), True, True) == 1
    assert distance(grid, (0, 0), (1, 1), True, False) is None
    p = procgym.generate("spatial/grid_distance", seed=0, difficulty=9)
    v = p.check["value"]
    assert ok(p, str(v)) and not ok(p, str(v - 1))


# ------------------------------------------------------------------ lattice polygons
def winding(p, poly):
    total = 0.0
    for a, b in zip(poly, poly[1:] + poly[:1]):
        a1 = math.atan2(a[1] - p[1], a[0] - p[0])
        b1 = math.atan2(b[1] - p[1], b[0] - p[0])
        d = b1 - a1
        while d > math.pi:
            d -= 2 * math.pi
        while d < -math.pi:
            d += 2 * math.pi
        total += d
    return round(total / (2 * math.pi))


def test_locate_and_pick_match_brute_force():
    square = [(0, 0), (4, 0), (4, 4), (0, 4)]
    assert locate((2, 2), square) == "inside"
    assert locate((4, 2), square) == "boundary"
    assert locate((0, 0), square) == "boundary"
    assert locate((5, 2), square) == "outside"
    assert interior_points(square) == 9
    rng = random.Random(2)
    for _ in range(25):
        poly = star_polygon(rng, rng.randint(3, 10), rng.randint(3, 8))
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        inside = 0
        for x in range(min(xs) - 1, max(xs) + 2):
            for y in range(min(ys) - 1, max(ys) + 2):
                where = locate((x, y), poly)
                if where != "boundary":
                    assert (winding((x, y), poly) != 0) == (where == "inside")
                inside += where == "inside"
        assert interior_points(poly) == inside


def test_point_in_polygon_forms():
    for seed in range(20):
        p = procgym.generate("spatial/point_in_polygon", seed=seed, difficulty=4)
        inside = p.check["inside"]
        if not inside:
            assert ok(p, "none") and not ok(p, "P1")
            continue
        assert ok(p, ", ".join(reversed(inside)).lower())
        assert not ok(p, ",".join(inside[:-1]) or "none")
        extra = [n for n in p.check["names"] if n not in inside]
        if extra:
            assert not ok(p, ",".join(inside + extra[:1]))
    counted = next(procgym.generate("spatial/point_in_polygon", seed=s, difficulty=9) for s in range(40)
                   if "value" in procgym.generate("spatial/point_in_polygon", seed=s, difficulty=9).check)
    v = counted.check["value"]
    assert ok(counted, str(v)) and not ok(counted, str(v + 1))


@pytest.mark.parametrize("name", NAMES)
def test_level_five_varies(name):
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 9


# ------------------------------------------------------------------ audit: whole answers, own examples

SPATIAL = ["spatial/count_islands", "spatial/count_rectangles", "spatial/cube_net_faces", "spatial/cube_net_validity",
           "spatial/die_rolls", "spatial/grid_distance", "spatial/grid_transform", "spatial/point_in_polygon",
           "spatial/rectangle_overlap", "spatial/relative_walk"]


@pytest.mark.parametrize("name", SPATIAL)
def test_examples_are_never_answers(name):
    from procgym.contract import prompt_example

    for level in (1, 4, 9):
        for seed in range(25):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert not ok(p, prompt_example(p.prompt)), (level, seed)


@pytest.mark.parametrize("name", SPATIAL)
def test_hedges_and_second_candidates_are_refused(name):
    p = procgym.generate(name, seed=3, difficulty=6)
    a = p.answer
    for text in (f"not {a}", f"{a} I think", f"{a} or maybe not", f"{a}\n{a}x", f"0, {a}", f"{a} (not sure)"):
        assert not ok(p, text), text


def test_set_answers_read_none_and_refuse_repeats():
    for seed in range(40):
        p = procgym.generate("spatial/cube_net_validity", seed=seed, difficulty=3)
        valid = p.check["valid"]
        if not valid:
            assert ok(p, "none") and ok(p, "no shapes") and ok(p, "[]") and not ok(p, "A")
        else:
            assert ok(p, "; ".join(valid)) and not ok(p, ",".join(valid + valid[:1]))
            assert not ok(p, "none") and not ok(p, ",".join(valid) + " or none")
    for seed in range(40):
        p = procgym.generate("spatial/point_in_polygon", seed=seed, difficulty=3)
        inside = p.check["inside"]
        if inside:
            assert ok(p, "; ".join(inside).lower()) and not ok(p, ",".join(inside + inside[:1]))
            assert not ok(p, "not " + ",".join(inside))


def test_letter_grid_reader():
    from procgym.generators.spatial.grid_transforms import read_letter_grid

    assert read_letter_grid("ab c/DEF") == ["ABC", "DEF"] and read_letter_grid("[A,B / C,D]") == ["AB", "CD"]
    for bad in ("AB//CD", "AB/CD/", "AB/C1"):
        with pytest.raises(NotAnAnswer):
            read_letter_grid(bad)


def test_die_answers():
    for seed in range(20):
        p = procgym.generate("spatial/die_rolls", seed=seed, difficulty=1)
        top = p.check["values"][0]
        assert ok(p, str(top)) and ok(p, f"top = {top}") and not ok(p, f"bottom = {top}")
        assert not ok(p, f"{top}, {7 - top}") and not ok(p, f"{top} {7 - top}")
