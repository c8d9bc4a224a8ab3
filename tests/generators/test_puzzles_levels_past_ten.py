"""Puzzles past level 10: the top levels are still uniquely solvable where the puzzle promises one
solution (proved again here by each task's own counting solver, on the record alone), their
references verify, and they need more than level 10. Tasks that stop before level 20 say why."""
import pytest

import procgym
from procgym.generators.puzzles import (akari, binairo, cryptarithm, futoshiki, hashi, hitori, nonogram, skyscrapers,
                                       sudoku, tents, twenty_four, water_jugs)
from procgym.generators.puzzles._csp import TableSolver, cage_codes
from procgym.generators.puzzles._latin import GridSolver, latin_solver

# every task whose levels were extended, with the level it stops at
TOP = {"puzzles/akari": 20, "puzzles/binairo": 18, "puzzles/countdown": 20, "puzzles/cryptarithm": 19,
       "puzzles/futoshiki": 14, "puzzles/hanoi_variants": 20, "puzzles/hashi": 14, "puzzles/hitori": 20,
       "puzzles/kakuro": 16, "puzzles/n_queens": 20, "puzzles/nonogram": 20, "puzzles/peg_solitaire": 14,
       "puzzles/polyomino_tiling": 20, "puzzles/river_crossing": 20, "puzzles/skyscrapers": 13,
       "puzzles/sliding_tiles": 20, "puzzles/sokoban": 17, "puzzles/sudoku": 20, "puzzles/tents": 20,
       "puzzles/twenty_four": 15, "puzzles/water_jugs": 20}
# tasks whose generation cost (or grid) rules out levels past 10
AT_TEN = ["puzzles/battleship", "puzzles/numberlink", "puzzles/slitherlink"]


@pytest.mark.parametrize("name", sorted(TOP))
def test_top_level_exists_verifies_and_needs_more_than_level_ten(name):
    task = procgym.get(name)
    assert task.max_level == TOP[name]
    assert bool(task.cap_reason) == (TOP[name] < 20)
    top = [task.generate(seed=s, difficulty=task.max_level) for s in range(3)]
    for p in top:
        assert task.verify(p, f"<answer>{p.answer}</answer>").correct
    ten = [task.effort(task.generate(seed=s, difficulty=10)) for s in range(3)]
    assert sum(task.effort(p) for p in top) > sum(ten)
    with pytest.raises(ValueError):
        task.generate(seed=0, difficulty=task.max_level + 1)


@pytest.mark.parametrize("name", AT_TEN + ["puzzles/star_battle"])
def test_capped_tasks_say_why(name):
    task = procgym.get(name)
    assert task.max_level == (11 if name == "puzzles/star_battle" else 10) and len(task.cap_reason) > 40


def _digits(rows):
    return [0 if ch == "." else int(ch) for row in rows for ch in row]


def test_akari_top_level_is_unique():
    p = procgym.generate("puzzles/akari", seed=1, difficulty=20)
    c = p.check
    board = akari.Board(c["rows"], c["cols"], set(c["black"]))
    assert akari.count_solutions(board, {int(k): v for k, v in c["numbers"].items()}) == 1


def test_binairo_top_level_is_unique():
    p = procgym.generate("puzzles/binairo", seed=1, difficulty=18)
    n = p.check["size"]
    grid = [-1 if ch == "." else int(ch) for row in p.check["givens"] for ch in row]
    assert n == 18 and binairo.count_completions(grid, n) == 1


def test_cryptarithm_top_level_is_unique():
    c = procgym.generate("puzzles/cryptarithm", seed=1, difficulty=19).check
    assert len(c["addends"]) == 5 and len(cryptarithm.solve_alphametic(c["addends"], c["total"], c["hints"])) == 1


def test_countdown_top_level_uses_all_eight_numbers():
    p = procgym.generate("puzzles/countdown", seed=2, difficulty=20)
    assert len(p.check["numbers"]) == 8 and p.check["exact"] and 5000 <= p.check["target"] <= 20000
    assert procgym.verify(p, f"<answer>{p.answer}</answer>").correct


def test_futoshiki_top_level_is_unique():
    c = procgym.generate("puzzles/futoshiki", seed=1, difficulty=14).check
    n = c["size"]
    assert n == 8 and len(futoshiki.count_solutions(n, _digits(c["givens"]), [tuple(x) for x in c["less"]])) == 1


def test_hashi_top_level_is_unique_with_all_26_letters():
    c = procgym.generate("puzzles/hashi", seed=1, difficulty=14).check
    assert len(c["islands"]) == 26
    assert hashi.count_solutions([tuple(rc) for rc in c["islands"]], c["numbers"])[0] == 1


def test_hitori_top_level_is_unique():
    c = procgym.generate("puzzles/hitori", seed=1, difficulty=20).check
    assert c["size"] == 20 and hitori.HitoriSolver(c["size"], c["numbers"]).count(2) == 1


def test_kakuro_top_level_is_unique():
    c = procgym.generate("puzzles/kakuro", seed=1, difficulty=16).check
    rows, cols = c["rows"], c["cols"]
    white = [ch == "." for row in c["layout"] for ch in row]
    solver = TableSolver(rows * cols, 9, [cells for _, cells, _ in c["runs"]])
    tables = [(cells, cage_codes(9, len(cells), "distinct+", total)) for _, cells, total in c["runs"]]
    assert len(solver.solutions([511 if w else 1 for w in white], tables, 2)) == 1


def test_nonogram_top_level_is_unique():
    c = procgym.generate("puzzles/nonogram", seed=1, difficulty=20).check
    assert (c["rows"], c["cols"]) == (20, 20)
    assert len(nonogram.solutions([tuple(x) for x in c["row_clues"]], [tuple(x) for x in c["col_clues"]])) == 1


def test_skyscrapers_top_level_is_unique():
    c = procgym.generate("puzzles/skyscrapers", seed=1, difficulty=13).check
    n = c["size"]
    full = (1 << n) - 1
    domains = [1 << (d - 1) if d else full for d in _digits(c["givens"])]
    assert n == 8 and latin_solver(n).count(domains, skyscrapers.tables_for(n, c["clues"]), 2) == 1


def test_sudoku_top_level_is_a_unique_12x12_grid_written_with_letters():
    p = procgym.generate("puzzles/sudoku", seed=1, difficulty=20)
    givens = sudoku.parse_symbol_rows(p.check["givens"])
    assert p.check["grid"] == "12x12" and GridSolver(12, 3, 4).count(givens, 2) == 1
    assert set("ABC") <= set(p.answer) and "A, B and C" in p.prompt
    for form in (p.answer.lower(), p.answer.replace("\n", " "), "\n".join(" ".join(row) for row in p.answer.split())):
        assert procgym.verify(p, f"<answer>{form}</answer>").correct
    wrong = p.answer.replace("A", "10", 1)  # 10 is two cells, not the value A stands for
    assert not procgym.verify(p, f"<answer>{wrong}</answer>").correct
    level_ten = procgym.generate("puzzles/sudoku", seed=1, difficulty=10)
    assert level_ten.check["grid"] == "9x9" and "letters" not in level_ten.prompt


def test_tents_top_level_is_unique():
    c = procgym.generate("puzzles/tents", seed=1, difficulty=20).check
    assert (c["rows"], c["cols"]) == (20, 20)
    assert tents.count_solutions(20, 20, set(c["trees"]), c["row_counts"], c["col_counts"], 3) == 1


def test_twenty_four_top_level_is_decided_by_the_exhaustive_search():
    for seed in range(4):
        c = procgym.generate("puzzles/twenty_four", seed=seed, difficulty=15).check
        assert len(c["numbers"]) == 5 and 500 <= c["target"] <= 2000
        assert (twenty_four.solve(c["numbers"], c["target"]) is not None) == c["solvable"]


def test_water_jugs_top_level_asks_for_the_fewest_steps():
    p = procgym.generate("puzzles/water_jugs", seed=1, difficulty=20)
    c = p.check
    assert c["minimal"] and c["tap"] and len(c["caps"]) == 3 and c["fewest"] >= 14
    seen = water_jugs.bfs(tuple(c["start"]), tuple(c["caps"]), c["tap"])
    assert min(d for s, (d, _, _) in seen.items() if water_jugs.goal_met(s, c["goal"])) == c["fewest"]
    assert len(p.answer.split(", ")) == c["fewest"]
