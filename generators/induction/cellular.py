"""1-D elementary cellular automata: infer the local rule from shown generations, predict the next."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused, split_top
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

ON, OFF = "#", "."


def step(row: str, rule: int) -> str:
    """One synchronous update of an elementary CA with wrap-around (Wolfram rule numbering)."""
    n = len(row)
    bits = [c == ON for c in row]
    out = []
    for i in range(n):
        idx = (bits[i - 1] << 2) | (bits[i] << 1) | bits[(i + 1) % n]
        out.append(ON if (rule >> idx) & 1 else OFF)
    return "".join(out)


def _neighbourhood(row: str, i: int) -> int:
    n = len(row)
    return ((row[i - 1] == ON) << 2) | ((row[i] == ON) << 1) | (row[(i + 1) % n] == ON)


_START_ROW = re.compile(r"Starting from the row ([#.]+),")


def neighbourhoods(row: str) -> set[int]:
    n = len(row)
    bits = [c == ON for c in row]
    return {(bits[i - 1] << 2) | (bits[i] << 1) | bits[(i + 1) % n] for i in range(n)}


def observed_table(transitions) -> dict[int, bool] | None:
    """The partial rule table the transitions reveal (neighbourhood -> next state), None on a conflict."""
    table: dict[int, bool] = {}
    for a, b in transitions:
        n = len(a)
        bits = [c == ON for c in a]
        for i in range(n):
            idx = (bits[i - 1] << 2) | (bits[i] << 1) | bits[(i + 1) % n]
            v = b[i] == ON
            if table.setdefault(idx, v) != v:
                return None
    return table


def predict_rows(table: dict[int, bool], start: str, k: int) -> list[str] | None:
    """The next k rows if every rule consistent with `table` agrees on them, else None: any
    unrevealed neighbourhood met on the way could go either way and change that cell."""
    row, out = start, []
    for _ in range(k):
        n = len(row)
        bits = [c == ON for c in row]
        nxt = []
        for i in range(n):
            idx = (bits[i - 1] << 2) | (bits[i] << 1) | bits[(i + 1) % n]
            if idx not in table:
                return None
            nxt.append(ON if table[idx] else OFF)
        row = "".join(nxt)
        out.append(row)
    return out


def consistent_rules(transitions) -> list[int]:
    """Every rule number 0-255 that reproduces each (row, next_row) pair: a brute-force check."""
    return [r for r in range(256) if all(step(a, r) == b for a, b in transitions)]


def read_rows(answer: str) -> list[str]:
    """Rows of cells separated by commas, semicolons or line breaks (blank lines are skipped);
    spaces between the cells of a row are allowed. A row may hold # and . only, or 0 and 1
    (refused by the caller with a hint); anything else (a word, a bracket) is not an answer."""
    rows = [re.sub(r"\s", "", part) for part in split_top(answer.strip(), ",;\n")]
    rows = [r for r in rows if r]
    if not rows:
        raise NotAnAnswer("the answer is empty: give the rows")
    for r in rows:
        if not re.fullmatch(r"[#.]+|[01]+", r):
            raise NotAnAnswer(f"{preview(r)} is not a row of # and . cells")
    return rows


@register
class CellularAutomaton(Task):
    """An elementary cellular automaton (each cell's next state depends on itself and its two
    neighbours, with wrap-around) is shown by consecutive generations; the unknown local rule
    must be inferred and the next generations predicted. The answer is computed from the partial rule
    table the shown transitions reveal: problems are kept only when the predicted rows never
    meet an unrevealed neighbourhood, so every one of the 256 rules consistent with the shown
    transitions gives the same rows (the tests cross-check this by brute force). Higher levels widen the row, show fewer
    generations (so some neighbourhood patterns must be deduced from sparse evidence), give the
    examples as unrelated before/after pairs instead of one history, and ask for more rows."""

    name = "induction/cellular_automaton"
    released_dips = {5: "level 5 asks one generation from separate pairs, level 4 two generations of a "
                        "history: fewer cells to compute for about the same evidence read"}
    knobs = (
        Knob("width", [8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44, 48], (5, 60),
             doc="cells per row"),
        Knob("shown", [5, 5, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 2, 2, 2, 2], (2, 20),
             doc="rows shown (history) or pairs shown"),
        Knob("pairs", [False, False, False, False, True, False, True, True, True, True] + [True] * 10,
             doc="show separate before/after pairs rather than one history"),
        Knob("predict", [1, 1, 1, 2, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10], (1, 10),
             doc="generations to predict"),
    )
    answer_format = ("the predicted rows in order, each as a string of # (on) and . (off) with one character "
                     "per cell, rows separated by commas or new lines")
    example = "#..##.#.,.##..#.."
    keeps_full_stop = True  # a row may end in an off cell "."

    def build(self, rng, params):
        width, shown, predict = params["width"], params["shown"], params["predict"]
        rand_row = lambda: "".join(ON if rng.random() < 0.45 else OFF for _ in range(width))  # noqa: E731
        for _attempt in range(500):
            rule = rng.randrange(1, 255)
            if params["pairs"]:
                transitions = [(r, step(r, rule)) for r in (rand_row() for _ in range(shown))]
                start = rand_row()
                history = None
            else:
                rows = [rand_row()]
                for _ in range(shown - 1):
                    rows.append(step(rows[-1], rule))
                transitions = list(zip(rows, rows[1:]))
                start = rows[-1]
                history = rows
            if len({b for _, b in transitions} | {start}) < 2 or ON not in start or OFF not in start:
                continue
            table = observed_table(transitions)
            rows_out = predict_rows(table, start, predict)
            if rows_out is not None:
                if len(set(rows_out)) == 1 and rows_out[0] in (ON * width, OFF * width) and predict > 1:
                    continue  # dies out at once: too easy
                break
        else:
            raise RuntimeError("no determined automaton found")
        intro = (f"A row of {width} cells evolves in generations. Each cell is on (#) or off (.). In every "
                 "generation all cells update at once, and a cell's next state depends only on its own state "
                 "and the states of its left and right neighbours, by one fixed unknown rule (the same for all "
                 "cells and all generations). The row wraps around: the first cell's left neighbour is the last "
                 "cell, and the last cell's right neighbour is the first cell.")
        if history is not None:
            body = "Consecutive generations:\n" + "\n".join(history)
            ask = (f"Give the next {predict} generation{'s' if predict > 1 else ''} after the last row shown."
                   if predict > 1 else "Give the next generation after the last row shown.")
        else:
            body = "Examples, each a row and the row one generation later:\n" + "\n".join(
                f"{a} -> {b}" for a, b in transitions)
            ask = (f"Starting from the row {start}, give the next {predict} generations." if predict > 1 else
                   f"Starting from the row {start}, give the next generation.")
        question = f"{intro}\n\n{body}\n\n{ask}"
        return Draft(question, "\n".join(rows_out), {"rows": rows_out})

    def effort(self, problem):
        """A solver's work: it reads the shown transitions cell by cell until it has seen every
        neighbourhood its prediction needs (the rest of the evidence can be skipped), then
        computes every predicted cell."""
        predicted = problem.check["rows"]
        lines = [line for line in problem.prompt.splitlines() if line and set(line) <= {ON, OFF, " ", "-", ">"}]
        if "->" in lines[0]:  # separate pairs, and a start row of its own
            transitions = [tuple(line.split(" -> ")) for line in lines]
            start = _START_ROW.search(problem.prompt).group(1)
        else:  # one history: consecutive rows, starting from the last
            transitions, start = list(zip(lines, lines[1:])), lines[-1]
        needed = set().union(*(neighbourhoods(row) for row in [start] + predicted[:-1]))
        read = 0
        for before, _after in transitions:
            for i in range(len(before)):
                if not needed:
                    break
                read += 1
                needed.discard(_neighbourhood(before, i))
        return read + len(predicted) * len(start)

    def grade(self, answer, problem):
        try:
            rows = read_rows(answer)
        except ParseError as exc:
            return refused(exc)
        expected = problem.check["rows"]
        if rows and all(set(r) <= set("01") for r in rows):
            return wrong("Write each row with # and . characters, not digits.")
        if len(rows) != len(expected):
            return wrong(f"Give exactly {len(expected)} row(s).")
        width = len(expected[0])
        if any(len(r) != width or not set(r) <= {ON, OFF} for r in rows):
            return wrong(f"Each row must be {width} characters of # and .")
        if rows == expected:
            return right()
        first = next(i for i, (a, b) in enumerate(zip(rows, expected)) if a != b)
        return wrong(f"Row {first + 1} is wrong.")
