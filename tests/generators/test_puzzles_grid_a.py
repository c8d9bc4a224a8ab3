"""Per-task tests for the constraint puzzles solved by generators/puzzles/_csp.py: kenken,
futoshiki, skyscrapers, killer_sudoku, kakuro, nonogram, hitori, binairo, star_battle and
magic_square. Uniqueness is re-proven here by brute force, independently of the generators'
solvers; each task has exact values on a hand-made instance, accepted alternative forms, and
rejected answers that break exactly one rule (with the feedback that says which)."""
import itertools
import random

import pytest

import procgym
from procgym import Problem
from procgym.generators.puzzles._boards import read_char_grid, read_number_grid
from procgym.generators.puzzles._csp import (LineSolver, TableSolver, cage_codes, clashes, decode, encode, placements,
                                             runs)
from procgym.generators.puzzles._latin import latin_solver, read_digit_grid
from procgym.generators.puzzles._regions import components
from procgym.kit import NotAnAnswer, normalize
from procgym.generators.puzzles.binairo import valid_lines
from procgym.generators.puzzles.futoshiki import count_solutions
from procgym.generators.puzzles.kakuro import _connected, find_runs
from procgym.generators.puzzles.kenken import cage_value
from procgym.generators.puzzles.magic_square import MagicSolver
from procgym.generators.puzzles.skyscrapers import visible
from procgym.generators.puzzles.star_battle import count_placements
from answer_helpers import feedback, ok

NAMES = ["puzzles/kenken", "puzzles/futoshiki", "puzzles/skyscrapers", "puzzles/killer_sudoku", "puzzles/kakuro",
         "puzzles/nonogram", "puzzles/hitori", "puzzles/binairo", "puzzles/star_battle", "puzzles/magic_square"]


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, None, {}, "hand-made", answer, check)


def rows_to_flat(text):
    return [int(ch) for ch in text if ch.isdigit()]


def latin_squares(n):
    rows = list(itertools.permutations(range(1, n + 1)))
    out = []

    def rec(chosen):
        if len(chosen) == n:
            out.append([v for row in chosen for v in row])
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in chosen for c in range(n)):
                rec(chosen + [row])

    rec([])
    return out


LATIN = {n: latin_squares(n) for n in (3, 4)}


# --------------------------------------------------------------------------- all ten

# every level, determinism and variety are the contract suite's (tests/test_contract.py); here
# only what is particular to these tasks


@pytest.mark.parametrize("name", NAMES)
def test_prompts_promise_one_solution_and_references_verify(name):
    for level in (1, 4):
        p = procgym.generate(name, seed=0, difficulty=level)
        assert p.prompt.isascii()
        assert "exactly one solution" in p.prompt or "exactly one completion" in p.prompt
        assert ok(p, p.answer), level


@pytest.mark.parametrize("name", NAMES)
def test_garbage_and_doubled_answers_are_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=4)
    for text in ("", "banana", "1", "{}", "(((", p.answer + "\n" + p.answer, p.answer.replace("\n", "", 1)):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- the shared solvers

def test_table_solver_counts_latin_squares():
    assert latin_solver(3).count([7] * 9, (), 100) == 12
    assert latin_solver(4).count([15] * 16, (), 1000) == 576
    # a table pins the first row to 1 2 3 or 3 2 1: a third of the 12 squares... times 2/6
    table = [((0, 1, 2), [cage_codes(3, 3, "+", 6)[0]])]
    assert latin_solver(3).count([7] * 9, table, 100) == 2
    assert decode(cage_codes(3, 3, "+", 6)[0], 3, 3) in ([1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1])


def test_table_solver_less_constraints_are_bounds_consistent():
    # a 3x3 Latin square with r1c1 < r1c2 < r1c3: the first row is 1 2 3, two squares remain
    assert latin_solver(3).count([7] * 9, (), 100, less=[(0, 1), (1, 2)]) == 2
    assert latin_solver(3).solutions([7] * 9, (), 5, less=[(0, 1), (1, 2)])[0][:3] == [1, 2, 3]
    assert latin_solver(3).count([7] * 9, (), 100, less=[(0, 1), (1, 0)]) == 0


def test_table_solver_matches_brute_force_on_random_tables():
    # random tables (random subsets of all value triples) on cells of a 4x4 Latin square: the
    # compact-table filtering must count exactly the squares every table allows
    rng = random.Random(3)
    triples = list(itertools.product(range(1, 5), repeat=3))
    for _ in range(12):
        tables = []
        for _ in range(3):
            cells = tuple(rng.sample(range(16), 3))
            allowed = rng.sample(triples, rng.randrange(1, 40))
            tables.append((cells, [encode(t, 4) for t in allowed]))
        want = sum(all(tuple(g[c] for c in cells) in {tuple(decode(x, 3, 4)) for x in codes}
                       for cells, codes in tables) for g in LATIN[4])
        assert latin_solver(4).count([15] * 16, tables, 1000) == want


def test_cage_codes_match_brute_force():
    for n, size, op, target in ((4, 2, "-", 1), (4, 2, "/", 2), (5, 3, "+", 9), (4, 3, "*", 12), (6, 3, "distinct+", 10)):
        clash = () if op == "distinct+" else ((0, 1), (1, 2))[:size - 1]
        got = sorted(tuple(decode(c, size, n)) for c in cage_codes(n, size, op, target, clash))
        want = []
        for values in itertools.product(range(1, n + 1), repeat=size):
            if op == "distinct+":
                if len(set(values)) == size and sum(values) == target:
                    want.append(values)
                continue
            if any(values[a] == values[b] for a, b in clash):
                continue
            if cage_value(op, list(values)) == target:
                want.append(values)
        assert got == sorted(want), (op, target)


def test_placements_and_runs():
    assert placements((2, 1), 5) == [0b01011, 0b10011, 0b10110]
    assert placements((), 3) == [0]
    assert placements((3,), 3) == [0b111]
    assert runs([1, 1, 0, 1, 0, 0, 1, 1, 1]) == [2, 1, 3]
    assert runs([0, 0]) == []


def test_line_solver_counts_binairo_grids():
    lines = valid_lines(4)
    assert len(lines) == 6
    brute = 0
    for rows in itertools.product(lines, repeat=4):
        cols = [sum((rows[r] >> c & 1) << r for r in range(4)) for c in range(4)]
        brute += len(set(rows)) == 4 and len(set(cols)) == 4 and all(c in lines for c in cols)
    assert LineSolver(4, 4).count([lines] * 4, [lines] * 4, 1000, None, True) == brute == 72


def refusal(read, *args) -> str:
    """The reason a reader gives for refusing its input (the test fails if it reads it)."""
    with pytest.raises(NotAnAnswer) as exc:
        read(*args)
    return str(exc.value)


def test_readers_tolerate_layout_but_not_meaning():
    assert read_char_grid("# . #\n. # .", 2, 3, "#.", "# and .") == ["#.#", ".#."]
    assert read_char_grid("#.#,.#.", 2, 3, "#.", "# and .") == ["#.#", ".#."]
    assert read_char_grid("#.#,\n.#.", 2, 3, "#.", "# and .") == ["#.#", ".#."]  # a comma ending a row's line
    assert read_char_grid(normalize("```\n#.#\n.#.\n```", full_stop=False), 2, 3, "#.", "# and .") == ["#.#", ".#."]
    assert refusal(read_char_grid, "#.#\n.#", 2, 3, "#.", "# and .") == "row 2 has 2 cells, not 3"
    assert refusal(read_char_grid, "#.#\n.x.", 2, 3, "#.", "# and .") == "row 2 has the character 'x'; use only # and ."
    assert refusal(read_char_grid, "#.#", 2, 3, "#.", "# and .") == "the grid must have 2 rows, one per line, not 1"
    assert read_number_grid("[[1, 2], [3, 4]]", 2, 2, 1, 4) == [1, 2, 3, 4]
    assert "not from 1 to 4" in refusal(read_number_grid, "1 2\n3 5", 2, 2, 1, 4)
    assert "whole numbers only" in refusal(read_number_grid, "1 2\n3 -4", 2, 2, 1, 4)


def test_grid_readers_refuse_second_candidates_and_words():
    # a grid followed by a second grid, a hedge or a negation is not a grid
    assert "rows" in refusal(read_char_grid, "#.#\n.#.\n.#.\n#.#", 2, 3, "#.")
    assert "character" in refusal(read_char_grid, "#.#\n.#. I think", 2, 3, "#.")
    assert "character" in refusal(read_char_grid, "not #.#\n.#.", 2, 3, "#.")
    assert "empty row" in refusal(read_char_grid, "#.#,,.#.", 2, 3, "#.")
    # a full stop after a complete '.'-grid ends the sentence; inside the grid it is a cell
    assert read_char_grid("#.#\n.#..", 2, 3, "#.") == ["#.#", ".#."]
    assert "cells" in refusal(read_char_grid, "#.#\n.#...", 2, 3, "#.")
    assert "character" in refusal(read_char_grid, "AB\nBA.", 2, 2, "AB")  # no '.' cells: no full stop to drop
    # letters match the allowed ones in either case
    assert read_char_grid("ab\nBA", 2, 2, "AB") == ["AB", "BA"]
    assert read_digit_grid("12\n21", 2) == [1, 2, 2, 1]
    assert read_digit_grid("1 2 | 3 4\n----+----\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 1", 4)[:8] == [1, 2, 3, 4, 3, 4, 1, 2]
    assert "digits only" in refusal(read_digit_grid, "12\n21 or 12", 2)
    assert "digits only" in refusal(read_digit_grid, "-12\n21", 2)
    assert "4 digits" in refusal(read_digit_grid, "12\n21\n12\n21", 2)
    assert read_digit_grid("1221", 2) == [1, 2, 2, 1]  # one line: the rows may run together
    assert "row 1 has 3 digits" in refusal(read_digit_grid, "122\n1", 2)


# --------------------------------------------------------------------------- kenken

def kenken_solutions(check):
    n = check["size"]
    return [g for g in LATIN[n] if all(cage_value(op, [g[i] for i in cells]) == t
                                       for _, op, t, cells in check["cages"])] if n in LATIN else None


def test_kenken_small_puzzles_are_unique_by_brute_force():
    for level in (1, 2):
        for seed in range(3):
            p = procgym.generate("puzzles/kenken", seed=seed, difficulty=level)
            sols = kenken_solutions(p.check)
            assert len(sols) == 1 and sols[0] == rows_to_flat(p.answer)


def test_kenken_levels_grow_and_cages_cover_the_grid():
    sizes = [procgym.generate("puzzles/kenken", seed=0, difficulty=lv).check["size"] for lv in (1, 5, 10)]
    assert sizes == [3, 5, 8]
    p = procgym.generate("puzzles/kenken", seed=3, difficulty=10)
    cells = sorted(c for _, _, _, cage in p.check["cages"] for c in cage)
    assert cells == list(range(64))
    assert {op for _, op, _, _ in p.check["cages"]} >= {"+", "*"}


def test_kenken_level_11_is_a_unique_9x9():
    p = procgym.generate("puzzles/kenken", seed=2, difficulty=11)
    assert p.check["size"] == 9 and ok(p, p.answer)
    n = 9
    tables = [(cells, cage_codes(n, len(cells), op, t, clashes(cells, n))) for _, op, t, cells in p.check["cages"]]
    assert len(latin_solver(n).solutions([(1 << n) - 1] * (n * n), tables, 2)) == 1


KENKEN_3 = record("puzzles/kenken", {"size": 3, "cages": [
    ["A", "+", 3, [0, 3]], ["B", "-", 1, [1, 2]], ["C", "*", 6, [4, 5, 8]], ["D", "/", 3, [6, 7]]]})


@pytest.mark.parametrize("text", ["123\n231\n312", "1 2 3\n2 3 1\n3 1 2", "123,231,312", "[[1,2,3],[2,3,1],[3,1,2]]"])
def test_kenken_accepts_grid_forms(text):
    assert kenken_solutions(KENKEN_3.check) == [[1, 2, 3, 2, 3, 1, 3, 1, 2]]
    assert ok(KENKEN_3, text)


@pytest.mark.parametrize("text,why", [
    ("123\n312\n231", "Cage A (r1c1, r2c1) has sum 4, not 3."),  # a Latin square breaking only cages
    ("123\n231\n311", "Row 3 has two 1s."),
    ("123\n231\n132", "Column 1 has two 1s."),
    ("123\n231\n314", "Row 3, column 3 holds 4, which is not a digit from 1 to 3."),
    ("123\n231", "(9 digits), not 6"),
    ("123231\n312", "row 1 has 6 digits, not 3; write one row per line"),  # two rows run together
])
def test_kenken_rejects_near_misses(text, why):
    assert not ok(KENKEN_3, text)
    assert why in feedback(KENKEN_3, text)


# --------------------------------------------------------------------------- futoshiki

def futoshiki_solutions(check):
    n = check["size"]
    givens = [0 if ch == "." else int(ch) for row in check["givens"] for ch in row]
    return [g for g in LATIN[n] if all(not x or x == y for x, y in zip(givens, g))
            and all(g[a] < g[b] for a, b in check["less"])]


def test_futoshiki_small_puzzles_are_unique_by_brute_force():
    for level in (1, 2):
        for seed in range(3):
            p = procgym.generate("puzzles/futoshiki", seed=seed, difficulty=level)
            assert p.check["size"] == 4
            sols = futoshiki_solutions(p.check)
            assert len(sols) == 1 and sols[0] == rows_to_flat(p.answer)


def test_futoshiki_higher_levels_prune_to_fewer_clues():
    def clues(level):
        ps = [procgym.generate("puzzles/futoshiki", seed=s, difficulty=level) for s in range(4)]
        return sum(len(p.check["less"]) + sum(ch != "." for row in p.check["givens"] for ch in row)
                   for p in ps) / (4 * ps[0].check["size"] ** 2)
    assert clues(1) > clues(4) > clues(10)
    p = procgym.generate("puzzles/futoshiki", seed=0, difficulty=10)
    givens = [0 if ch == "." else int(ch) for row in p.check["givens"] for ch in row]
    assert len(count_solutions(7, givens, [tuple(x) for x in p.check["less"]], 2)) == 1


FUTOSHIKI_3 = record("puzzles/futoshiki", {"size": 3, "givens": ["1..", "...", "..."], "less": [[1, 2], [3, 6]]})


def test_futoshiki_hand_made_instance():
    # r1c1 = 1, r1c2 < r1c3 forces 1 2 3; r2c1 < r3c1 leaves 2 over 3
    assert futoshiki_solutions(FUTOSHIKI_3.check) == [[1, 2, 3, 2, 3, 1, 3, 1, 2]]
    assert ok(FUTOSHIKI_3, "1 2 3\n2 3 1\n3 1 2")


@pytest.mark.parametrize("text,why", [
    ("132\n213\n321", "r1c2 must be less than r1c3, but they hold 3 and 2."),  # Latin, givens kept: one sign broken
    ("123\n312\n231", "r2c1 must be less than r3c1, but they hold 3 and 2."),
    ("213\n132\n321", "must keep its given digit 1"),
    ("123\n231\n321", "Column 2 has two 2s."),
])
def test_futoshiki_rejects_near_misses(text, why):
    assert not ok(FUTOSHIKI_3, text)
    assert why in feedback(FUTOSHIKI_3, text)


def test_futoshiki_prompt_draws_the_signs():
    p = procgym.generate("puzzles/futoshiki", seed=2, difficulty=3)
    assert "'^' between two cells of a column means the upper cell is smaller" in p.prompt
    for a, b in p.check["less"]:
        assert f"r{a // 5 + 1}c{a % 5 + 1} < r{b // 5 + 1}c{b % 5 + 1}" in p.prompt


# --------------------------------------------------------------------------- skyscrapers

def skyscraper_solutions(check):
    n = check["size"]
    givens = [0 if ch == "." else int(ch) for row in check["givens"] for ch in row]
    out = []
    for g in LATIN[n]:
        if any(x and x != y for x, y in zip(givens, g)):
            continue
        seen = {}
        for k in range(n):
            row = g[k * n:(k + 1) * n]
            col = g[k::n]
            seen[f"left:{k}"], seen[f"right:{k}"] = visible(row), visible(row[::-1])
            seen[f"top:{k}"], seen[f"bottom:{k}"] = visible(col), visible(col[::-1])
        if all(seen[key] == v for key, v in check["clues"].items()):
            out.append(g)
    return out


def test_skyscrapers_small_puzzles_are_unique_by_brute_force():
    for level in (1, 3):
        for seed in range(3):
            p = procgym.generate("puzzles/skyscrapers", seed=seed, difficulty=level)
            sols = skyscraper_solutions(p.check)
            assert len(sols) == 1 and sols[0] == rows_to_flat(p.answer)


def test_skyscrapers_visibility():
    assert visible([1, 2, 3, 4]) == 4 and visible([4, 3, 2, 1]) == 1 and visible([2, 1, 4, 3]) == 2


# row 1 is 1 2 3 (3 seen from the left), so column 2 starts with 2; one seen from the bottom
# puts 3 at its foot: 123 / 312 / 231 is the only solution
SKY_3 = record("puzzles/skyscrapers", {"size": 3, "clues": {"left:0": 3, "bottom:1": 1}, "givens": ["...", "...", "..."]})


def test_skyscrapers_hand_made_instance_is_unique():
    assert skyscraper_solutions(SKY_3.check) == [[1, 2, 3, 3, 1, 2, 2, 3, 1]]


@pytest.mark.parametrize("text,why", [
    ("132\n213\n321", "In row 1 seen from the left, 2 buildings are visible, not 3."),
    ("123\n231\n312", "In column 2 seen from the bottom, 2 buildings are visible, not 1."),  # the other Latin square
    ("123\n231\n311", "Row 3 has two 1s."),
])
def test_skyscrapers_rejects_near_misses(text, why):
    assert ok(SKY_3, "123\n312\n231") and ok(SKY_3, "1 2 3, 3 1 2, 2 3 1")
    assert not ok(SKY_3, text)
    assert why in feedback(SKY_3, text)


# --------------------------------------------------------------------------- killer sudoku

def sudokus_4():
    return [g for g in LATIN[4] if all(len({g[(br + r) * 4 + bc + c] for r in range(2) for c in range(2)}) == 4
                                       for br in (0, 2) for bc in (0, 2))]


def test_killer_4x4_puzzles_are_unique_by_brute_force():
    grids = sudokus_4()
    assert len(grids) == 288
    for level in (1, 3):
        for seed in range(3):
            p = procgym.generate("puzzles/killer_sudoku", seed=seed, difficulty=level)
            sols = [g for g in grids if all(sum(g[i] for i in cells) == t and len({g[i] for i in cells}) == len(cells)
                                            for _, t, cells in p.check["cages"])]
            assert len(sols) == 1 and sols[0] == rows_to_flat(p.answer)


def test_killer_sizes_by_level():
    assert [procgym.generate("puzzles/killer_sudoku", seed=0, difficulty=lv).check["grid"] for lv in (1, 5, 10)] == \
        ["4x4", "6x6", "9x9"]


KILLER_4 = record("puzzles/killer_sudoku", {"grid": "4x4", "cages": [
    ["A", 3, [0, 1]], ["B", 7, [2, 3]], ["C", 5, [4, 8]], ["D", 2, [0, 6]]]})


@pytest.mark.parametrize("text,why", [
    ("2134\n3421\n1243\n4312", "Cage C (r2c1, r3c1) sums to 4, not 5."),  # a valid sudoku breaking one sum
    ("1234\n2341\n3412\n4123", "The box at rows 1-2, columns 1-2 has two 2s."),  # Latin, boxes broken
])
def test_killer_rejects_near_misses(text, why):
    assert not ok(KILLER_4, text)
    assert why in feedback(KILLER_4, text)


def test_killer_repeated_digit_in_a_cage_is_rejected_even_when_the_sum_fits():
    # cage D (r1c1, r2c3) sums to 2 only as 1 + 1: the rows, columns and boxes are fine
    assert feedback(KILLER_4, "1234\n3412\n2143\n4321") == "Cage D (r1c1, r2c3) has two 1s."
    fixed = record("puzzles/killer_sudoku", {"grid": "4x4", "cages": KILLER_4.check["cages"][:3]})
    assert ok(fixed, "1234\n3412\n2143\n4321") and ok(fixed, "12|34\n34|12\n21|43\n43|21")


# --------------------------------------------------------------------------- kakuro

def kakuro_solutions(check, limit=3):
    rows, cols = check["rows"], check["cols"]
    whites = [r * cols + c for r in range(rows) for c in range(cols) if check["layout"][r][c] == "."]
    runs_of = {i: [(cells, t) for _, cells, t in check["runs"] if i in cells] for i in whites}
    values, out = {}, []

    def rec(k):
        if len(out) >= limit:
            return
        if k == len(whites):
            out.append(dict(values))
            return
        i = whites[k]
        for d in range(1, 10):
            values[i] = d
            good = True
            for cells, t in runs_of[i]:
                got = [values[j] for j in cells if j in values]
                if len(set(got)) < len(got) or sum(got) > t or (len(got) == len(cells) and sum(got) != t):
                    good = False
                    break
            if good:
                rec(k + 1)
            del values[i]

    rec(0)
    return out


def test_kakuro_small_puzzles_are_unique_by_brute_force():
    for level in (1, 2):
        for seed in range(3):
            p = procgym.generate("puzzles/kakuro", seed=seed, difficulty=level)
            sols = kakuro_solutions(p.check)
            assert len(sols) == 1
            cols = p.check["cols"]
            answer = p.answer.split("\n")
            assert all(int(answer[i // cols][i % cols]) == d for i, d in sols[0].items())


def test_kakuro_narrow_grid_breaks_middle_row_runs_by_whole_columns():
    # in a 3-row grid a middle-row cell turns black only with its column: no single-cell step
    # gets there, and the layout search used to loop forever on level 1 (3x4, runs of 3)
    for seed in range(3):
        p = procgym.generate("puzzles/kakuro", seed=seed, difficulty=1, rows=3, cols=4, max_run=3)
        assert max(len(cells) for _, cells, _ in p.check["runs"]) <= 3
        assert ok(p, p.answer)


def test_kakuro_flood_fill_agrees_with_components():
    rng = random.Random(4)
    for _ in range(300):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        white = [rng.random() < 0.6 for _ in range(rows * cols)]
        cells = [i for i in range(rows * cols) if white[i]]
        assert _connected(white, rows, cols) == (bool(cells) and len(components(cells, rows, cols)) == 1)
    # a piece wrapping from the end of one row to the start of the next is not connected
    assert not _connected([False, True, True, False], 2, 2)


def test_kakuro_layout_rules():
    for level in (5, 10):
        p = procgym.generate("puzzles/kakuro", seed=1, difficulty=level)
        rows, cols = p.check["rows"], p.check["cols"]
        white = [ch == "." for row in p.check["layout"] for ch in row]
        found = find_runs(white, rows, cols)
        assert [[k, c] for k, c in found] == [[k, c] for k, c, _ in p.check["runs"]]
        for i in range(rows * cols):  # each white cell in one across and one down run
            if white[i]:
                assert sorted(k for k, cells in found if i in cells) == ["across", "down"]
        assert max(len(c) for _, c in found) <= p.params["max_run"]


KAKURO_2 = record("puzzles/kakuro", {"rows": 2, "cols": 3, "layout": ["..#", "..#"], "runs": [
    ["across", [0, 1], 3], ["across", [3, 4], 7], ["down", [0, 3], 4], ["down", [1, 4], 6]]})


def test_kakuro_hand_made_instance():
    assert kakuro_solutions(KAKURO_2.check) == [{0: 1, 1: 2, 3: 3, 4: 4}]
    for text in ("12#\n34#", "1 2 #\n3 4 #", "12#,34#"):
        assert ok(KAKURO_2, text)


@pytest.mark.parametrize("text,why", [
    ("21#\n25#", "The down r1c1-r2c1 run has two 2s."),  # every sum right, one repeat
    ("12#\n35#", "The across r2c1-r2c2 run sums to 8, not 7."),
    ("123\n34#", "r1c3 is a black cell; write # there."),
    ("1##\n34#", "r1c2 is a white cell; it needs a digit."),
    ("10#\n34#", "row 1 has the character '0'"),
])
def test_kakuro_rejects_near_misses(text, why):
    assert not ok(KAKURO_2, text)
    assert why in feedback(KAKURO_2, text)


# --------------------------------------------------------------------------- nonogram

def nonogram_solutions(check):
    rows, cols = check["rows"], check["cols"]
    cands = [placements(tuple(c), cols) for c in check["row_clues"]]
    out = []
    for choice in itertools.product(*cands):
        grid = [choice[r] >> c & 1 for r in range(rows) for c in range(cols)]
        if all(runs(grid[c::cols]) == check["col_clues"][c] for c in range(cols)):
            out.append(grid)
    return out


def test_nonogram_small_puzzles_are_unique_by_brute_force():
    for level in (1, 3):
        for seed in range(3):
            p = procgym.generate("puzzles/nonogram", seed=seed, difficulty=level)
            sols = nonogram_solutions(p.check)
            assert len(sols) == 1
            assert sols[0] == [1 if ch == "#" else 0 for ch in p.answer.replace("\n", "")]


NONO_3 = record("puzzles/nonogram", {"rows": 3, "cols": 3, "row_clues": [[1], [3], [1]], "col_clues": [[1], [3], [1]]})


@pytest.mark.parametrize("text", [".#.\n###\n.#.", ". # .\n# # #\n. # .", ".#.,###,.#.", ".#. ### .#."])
def test_nonogram_accepts_grid_forms(text):
    assert ok(NONO_3, text)


@pytest.mark.parametrize("text,why", [
    (".#.\n###\n..#", "Column 2 has runs 2, but its clue is 3."),
    ("#..\n###\n.#.", "Column 1 has runs 2, but its clue is 1."),
    (".#.\n#.#\n.#.", "Row 2 has runs 1 1, but its clue is 3."),
    (".#.\n###\n...", "Row 3 has runs 0, but its clue is 1."),
    (".X.\n###\n.#.", "use only # (painted) and . (blank)"),
])
def test_nonogram_rejects_near_misses(text, why):
    assert not ok(NONO_3, text)
    assert why in feedback(NONO_3, text)


# --------------------------------------------------------------------------- hitori

def hitori_shadings(n, numbers):
    """Every valid shading: a depth-first search over cells with the adjacency rule, and the
    duplicate and connectivity rules checked on each complete shading."""
    out, shaded = [], [False] * (n * n)

    def connected():
        open_ = [i for i in range(n * n) if not shaded[i]]
        seen, todo = {open_[0]}, [open_[0]]
        while todo:
            i = todo.pop()
            r, c = divmod(i, n)
            for j, inside in ((i - n, r > 0), (i + n, r < n - 1), (i - 1, c > 0), (i + 1, c < n - 1)):
                if inside and not shaded[j] and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == len(open_)

    def rec(i):
        if i == n * n:
            for k in range(n):
                for line in ([k * n + c for c in range(n)], [r * n + k for r in range(n)]):
                    kept = [numbers[j] for j in line if not shaded[j]]
                    if len(kept) != len(set(kept)):
                        return
            if connected():
                out.append("".join("#" if s else "." for s in shaded))
            return
        r, c = divmod(i, n)
        rec(i + 1)
        if not (c and shaded[i - 1]) and not (r and shaded[i - n]):
            shaded[i] = True
            rec(i + 1)
            shaded[i] = False

    rec(0)
    return out


def test_hitori_small_puzzles_are_unique_by_brute_force():
    for level in (1, 3):
        for seed in range(3):
            p = procgym.generate("puzzles/hitori", seed=seed, difficulty=level)
            sols = hitori_shadings(p.check["size"], p.check["numbers"])
            assert sols == [p.answer.replace("\n", "")]


HITORI_3 = record("puzzles/hitori", {"size": 3, "numbers": [1, 1, 2, 2, 3, 1, 3, 2, 3]})


@pytest.mark.parametrize("text,why", [
    ("...\n...\n..#", "Row 1 keeps two unshaded 1s (r1c1 and r1c2)."),  # only the duplicate rule broken
    ("##.\n...\n..#", "Shaded cells r1c1 and r1c2 are next to each other."),  # only adjacency broken
    (".#.\n#..\n..#", "The unshaded cells are not all connected: r1c3 is cut off from r1c1."),
])
def test_hitori_rejects_answers_breaking_one_rule(text, why):
    assert ok(HITORI_3, "#..\n...\n..#") and ok(HITORI_3, "# . .\n. . .\n. . #")
    assert not ok(HITORI_3, text)
    assert why in feedback(HITORI_3, text)


def test_hitori_accepts_another_valid_shading_of_a_hand_made_grid():
    # the hand-made grid is not unique: its other valid shadings pass too (rules, not equality)
    sols = hitori_shadings(3, HITORI_3.check["numbers"])
    assert len(sols) > 1
    for s in sols:
        assert ok(HITORI_3, "\n".join(s[k:k + 3] for k in (0, 3, 6)))


# --------------------------------------------------------------------------- binairo

def binairo_solutions(check):
    n = check["size"]
    lines = valid_lines(n)
    cands = []
    for row in check["givens"]:
        cands.append([p for p in lines if all(ch == "." or int(ch) == (p >> c & 1) for c, ch in enumerate(row))])
    out = []
    for choice in itertools.product(*cands):
        cols = [sum((choice[r] >> c & 1) << r for r in range(n)) for c in range(n)]
        if len(set(choice)) == n and len(set(cols)) == n and all(c in lines for c in cols):
            out.append(choice)
    return out


def test_binairo_small_puzzles_are_unique_by_brute_force():
    for level in (1, 2):
        for seed in range(3):
            p = procgym.generate("puzzles/binairo", seed=seed, difficulty=level)
            sols = binairo_solutions(p.check)
            n = p.check["size"]
            assert len(sols) == 1
            assert ["".join(str(row >> c & 1) for c in range(n)) for row in sols[0]] == p.answer.split("\n")


BIN_4 = record("puzzles/binairo", {"size": 4, "givens": ["0...", "....", "....", "...."]})


@pytest.mark.parametrize("text", ["0101\n1010\n0110\n1001", "0 1 0 1\n1 0 1 0\n0 1 1 0\n1 0 0 1",
                                  "0101,1010,0110,1001", "0110\n1001\n0101\n1010"])
def test_binairo_accepts_forms_and_other_valid_grids(text):
    assert ok(BIN_4, text)


def one_rule_breaker(n, rule, seed=0):
    """A random n x n 0/1 grid that breaks only `rule` ("count", "triple", "rows")."""
    rng = random.Random(seed)
    balanced = [p for p in range(1 << n) if p.bit_count() * 2 == n]
    lines = set(valid_lines(n))
    while True:
        pool = balanced if rule == "triple" else valid_lines(n)
        rows = [rng.choice(pool) for _ in range(n)]
        if rule == "count":
            rows[0] = rows[0] ^ 1  # one cell flipped: its row and column lose the balance
        cols = [sum((rows[r] >> c & 1) << r for r in range(n)) for c in range(n)]
        rows_ok = len(set(rows)) == n
        if rule == "triple" and rows_ok and len(set(cols)) == n and all(c.bit_count() * 2 == n for c in cols) \
                and any(r not in lines for r in rows + cols):
            return rows
        if rule == "rows" and not rows_ok and len(set(cols)) == n and all(c in lines for c in cols):
            return rows
        if rule == "count" and rows_ok and len(set(cols)) == n:
            return rows


@pytest.mark.parametrize("rule,why", [("triple", "in a row (positions"), ("rows", "are identical"),
                                      ("count", "it needs 2 of each")])
def test_binairo_rejects_grids_breaking_one_rule(rule, why):
    rows = one_rule_breaker(4 if rule == "count" else 6, rule)
    n = len(rows)
    text = "\n".join("".join(str(r >> c & 1) for c in range(n)) for r in rows)
    p = record("puzzles/binairo", {"size": n, "givens": ["." * n] * n})
    assert not ok(p, text)
    assert why.replace("2 of each", f"{n // 2} of each") in feedback(p, text)


def test_binairo_keeps_givens():
    assert feedback(BIN_4, "1010\n0101\n0110\n1001") == "Row 1, column 1 must keep its given digit 0."


# --------------------------------------------------------------------------- star battle

def star_solutions(check):
    n, regions = check["size"], check["regions"]
    out = []
    for perm in itertools.permutations(range(n)):
        if any(abs(perm[r] - perm[r + 1]) < 2 for r in range(n - 1)):
            continue
        if len({regions[r][perm[r]] for r in range(n)}) == n:
            out.append(list(perm))
    return out


def test_star_battle_small_puzzles_are_unique_by_brute_force():
    for level in (1, 4):
        for seed in range(3):
            p = procgym.generate("puzzles/star_battle", seed=seed, difficulty=level)
            sols = star_solutions(p.check)
            assert len(sols) == 1
            assert ["".join("*" if sols[0][r] == c else "." for c in range(len(sols[0]))) for r in range(len(sols[0]))] \
                == p.answer.split("\n")


def test_star_battle_solver_matches_brute_force_on_random_maps():
    rng = random.Random(5)
    for _ in range(8):
        n = 6
        region = [rng.randrange(n) for _ in range(n * n)]
        labels = ["".join("ABCDEF"[region[r * n + c]] for c in range(n)) for r in range(n)]
        assert count_placements(region, n, 1000) == len(star_solutions({"size": n, "regions": labels}))


STAR_5 = record("puzzles/star_battle", {"size": 5, "regions": ["AABBB", "AABBB", "CCDDD", "CCDEE", "CCDEE"]})


def test_star_battle_accepts_every_valid_placement():
    sols = star_solutions(STAR_5.check)
    assert len(sols) > 1
    for perm in sols:
        assert ok(STAR_5, "\n".join("".join("*" if perm[r] == c else "." for c in range(5)) for r in range(5)))
    assert ok(STAR_5, "* . . . .\n. . * . .\n. . . . *\n. * . . .\n. . . * .")


def test_star_battle_rejects_answers_breaking_one_rule():
    n = 5
    regions = STAR_5.check["regions"]
    # find, by brute force, placements that break exactly one rule
    touching = [p for p in itertools.permutations(range(n))
                if len({regions[r][p[r]] for r in range(n)}) == n and any(abs(p[r] - p[r + 1]) < 2 for r in range(n - 1))]
    regional = [p for p in itertools.permutations(range(n))
                if len({regions[r][p[r]] for r in range(n)}) < n and all(abs(p[r] - p[r + 1]) >= 2 for r in range(n - 1))]
    assert touching and regional

    def text(p):
        return "\n".join("".join("*" if p[r] == c else "." for c in range(n)) for r in range(n))

    assert "touch" in feedback(STAR_5, text(touching[0]))
    assert "Region" in feedback(STAR_5, text(regional[0])) and "stars, not 1." in feedback(STAR_5, text(regional[0]))
    assert feedback(STAR_5, text([0, 2, 4, 1, 1])) == "Column 2 has 2 stars, not 1."
    assert feedback(STAR_5, "*....\n..*..\n....*\n.*...\n.....") == "Row 5 has 0 stars, not 1."


# --------------------------------------------------------------------------- magic square

def magic_3():
    out = []
    for p in itertools.permutations(range(1, 10)):
        lines = [p[0:3], p[3:6], p[6:9], p[0::3], p[1::3], p[2::3], (p[0], p[4], p[8]), (p[2], p[4], p[6])]
        if all(sum(line) == 15 for line in lines):
            out.append(list(p))
    return out


def test_magic_3x3_puzzles_are_unique_by_brute_force():
    squares = magic_3()
    assert len(squares) == 8
    for level in (1, 3):
        for seed in range(3):
            p = procgym.generate("puzzles/magic_square", seed=seed, difficulty=level)
            givens = p.check["givens"]
            sols = [s for s in squares if all(not g or g == v for g, v in zip(givens, s))]
            assert len(sols) == 1 and sols[0] == [int(x) for x in p.answer.split()]


def test_magic_bigger_puzzles_are_unique_and_blank_more_with_level():
    for level, n in ((5, 4), (10, 5)):
        p = procgym.generate("puzzles/magic_square", seed=1, difficulty=level)
        assert p.check["size"] == n
        assert MagicSolver(n).count(p.check["givens"], 2) == 1
    assert procgym.generate("puzzles/magic_square", seed=1, difficulty=10).check["givens"].count(0) == 16


def test_magic_square_levels_past_10_are_unique_7x7_squares():
    for level in (11, 17):
        p = procgym.generate("puzzles/magic_square", seed=2, difficulty=level)
        assert p.check["size"] == 7 and ok(p, p.answer)
        assert MagicSolver(7).count(p.check["givens"], 2) == 1
    with pytest.raises(ValueError, match="size"):
        procgym.generate("puzzles/magic_square", seed=0, difficulty=5, size=6)


MAGIC_3 = record("puzzles/magic_square", {"size": 3, "givens": [2, 7, 6, 9, 5, 1, 0, 0, 0]})


@pytest.mark.parametrize("text", ["2 7 6\n9 5 1\n4 3 8", "[[2,7,6],[9,5,1],[4,3,8]]", "2,7,6; 9,5,1; 4,3,8",
                                  " 2  7  6 \n 9  5  1 \n 4  3  8 "])
def test_magic_accepts_forms(text):
    assert ok(MAGIC_3, text)


@pytest.mark.parametrize("text,why", [
    ("2 7 6\n9 5 1\n8 3 4", "Column 1 sums to 19, not 15."),
    ("2 7 6\n9 5 1\n3 4 8", "Column 1 sums to 14, not 15."),
    ("2 7 6\n9 5 1\n4 3 3", "3 appears twice (row 3, column 2 and row 3, column 3)."),
    ("4 3 8\n9 5 1\n2 7 6", "must keep its given number 2"),  # a valid magic square, givens moved
    ("2 7 6\n9 5 1\n4 3 10", "not from 1 to 9"),
])
def test_magic_rejects_near_misses(text, why):
    assert not ok(MAGIC_3, text)
    assert why in feedback(MAGIC_3, text)


def test_magic_solver_counts_every_4x4_completion_of_a_row():
    # with the first row given as 1 15 14 4 (a row of the Duerer-type squares), completions exist and are counted
    grid = [1, 15, 14, 4] + [0] * 12
    assert MagicSolver(4).count(grid, 5) == 5
    assert MagicSolver(4).count([16, 16] + [0] * 14, 2) == 0  # a repeated number


# --------------------------------------------------------------------------- knob validation

def test_odd_binairo_size_and_bad_kakuro_layouts_raise_value_errors_naming_the_knob():
    with pytest.raises(ValueError, match="size"):
        procgym.generate("puzzles/binairo", seed=0, difficulty=1, size=5)
    with pytest.raises(ValueError, match="max_run"):
        procgym.generate("puzzles/kakuro", seed=0, difficulty=1, max_run=1)
    with pytest.raises(ValueError, match="size"):
        procgym.generate("puzzles/skyscrapers", seed=0, difficulty=1, size=10)


def test_table_solver_is_generic():
    # two cells, values 1..3, must differ, and a table saying their sum is 4: (1,3) and (3,1)
    solver = TableSolver(2, 3, [[0, 1]])
    codes = cage_codes(3, 2, "+", 4, ((0, 1),))
    assert solver.count([7, 7], [((0, 1), codes)], 10) == 2


# --------------------------------------------------------------------------- audit: whole answers, own examples

@pytest.mark.parametrize("name", ["puzzles/nonogram", "puzzles/hitori", "puzzles/star_battle"])
def test_dot_grids_keep_a_trailing_dot_cell(name):
    assert procgym.get(name).keeps_full_stop
    for seed in range(6):
        p = procgym.generate(name, seed=seed, difficulty=2)
        assert ok(p, p.answer) and ok(p, p.answer + ".")  # the grid, then a sentence's full stop
        assert not ok(p, p.answer + "..") and not ok(p, p.answer + "\n" + p.answer)
        assert not ok(p, p.answer + " I think") and not ok(p, "not " + p.answer)


def test_nonogram_examples_are_drawn_among_patterns_wrong_for_the_puzzle():
    from procgym.contract import prompt_example
    from procgym.generators.puzzles.nonogram import clue_problem, example_grids

    check = {"rows": 2, "cols": 3, "row_clues": [[1, 1], [1, 1]], "col_clues": [[2], [], [2]]}
    grids = example_grids(2, 3)
    assert len({tuple(g) for g in grids}) == 5 and clue_problem(["#.#", "#.#"], check) is None
    assert sum(clue_problem(g, check) is None for g in grids) == 1  # the stripes solve this one
    shown = set()
    for seed in range(20):  # the example varies from problem to problem, whatever the answer
        p = procgym.generate("puzzles/nonogram", seed=seed, difficulty=1)
        shown.add(prompt_example(p.prompt))
        assert prompt_example(p.prompt).split("\n") in example_grids(4, 4) and not ok(p, prompt_example(p.prompt))
    assert len(shown) >= 3


@pytest.mark.parametrize("name", NAMES)
def test_examples_are_never_answers(name):
    from procgym.contract import prompt_example

    for seed in range(8):
        p = procgym.generate(name, seed=seed, difficulty=1)
        assert not ok(p, prompt_example(p.prompt))
