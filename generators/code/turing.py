"""One-tape Turing machines: run a small machine from its transition table and give the final tape."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

STATES = "ABCDEFG"


def run_turing(table: dict, tape: str, max_steps: int, blank: str = "0") -> tuple[str, int] | None:
    """Run a one-tape Turing machine from state 'A' with the head on the first character of
    `tape`. `table[(state, symbol)] = (write, move, next)` with move 'L'/'R' and next 'H' to halt.
    Returns (the tape from its leftmost to its rightmost non-blank cell, steps), or None when it
    does not halt within `max_steps`."""
    cells = {i: c for i, c in enumerate(tape) if c != blank}
    pos, state, steps = 0, "A", 0
    while state != "H":
        if steps >= max_steps:
            return None
        write, move, state = table[(state, cells.get(pos, blank))]
        if write == blank:
            cells.pop(pos, None)
        else:
            cells[pos] = write
        pos += 1 if move == "R" else -1
        steps += 1
    if not cells:
        return "", steps
    lo, hi = min(cells), max(cells)
    return "".join(cells.get(i, blank) for i in range(lo, hi + 1)), steps


def _table(rng, n_states: int, symbols: str) -> dict:
    """A random complete transition table with no halting transition yet."""
    return {(st, a): (symbols[rng.randrange(len(symbols))], "LR"[rng.randrange(2)], STATES[rng.randrange(n_states)])
            for st in STATES[:n_states] for a in symbols}


def _first_visits(table: dict, tape: str, steps: int) -> list[tuple[int, tuple]]:
    """(step, key) for each transition key used for the first time within `steps` steps: making
    that key the halting rule gives a machine that halts exactly there."""
    cells = {i: c for i, c in enumerate(tape) if c != "0"}
    pos, state, seen, out = 0, "A", set(), []
    for t in range(steps):
        key = (state, cells.get(pos, "0"))
        if key not in seen:
            seen.add(key)
            out.append((t, key))
        write, move, state = table[key]
        if write == "0":
            cells.pop(pos, None)
        else:
            cells[pos] = write
        pos += 1 if move == "R" else -1
    return out


def _show(table: dict) -> str:
    lines = []
    for (state, sym), (write, move, nxt) in table.items():
        where = "left" if move == "L" else "right"
        then = "HALT" if nxt == "H" else f"go to state {nxt}"
        lines.append(f"state {state}, reading {sym}: write {write}, move {where}, {then}")
    return "\n".join(lines)


@register
class TuringMachine(Task):
    """Run a one-tape Turing machine given as a transition table and report the final tape.
    Machines are random tables; the halting rule is put on a transition first used late in a
    trial run, so the machine halts within a step window, and the final tape comes from running
    the finished table in the simulator here. Random tables that use no rule for the first time
    late in the run are drawn again, which is why the higher levels are slower (still above
    1,000 problems/s of CPU time on one core at level 10, a few hundred at level 20). Higher levels
    add states, a third symbol and longer runs, so more of the tape is rewritten several times."""

    name = "code/turing_machine"
    knobs = (
        Knob("states", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 7, 7], (1, 7), doc="states besides HALT"),
        Knob("symbols", [2, 2, 2, 2, 3, 2, 3, 3, 3, 3] + [3] * 10, (2, 3), doc="tape symbols (0 is the blank)"),
        Knob("min_steps", [3, 5, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 45, 50, 56, 63, 70, 80], (1, 500),
             doc="fewest steps a kept machine takes"),
        Knob("max_steps", [8, 12, 16, 20, 25, 30, 36, 42, 50, 60, 70, 80, 90, 100, 115, 130, 145, 160, 180, 200],
             (2, 1000), doc="most steps a kept machine takes"),
        Knob("input_length", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (0, 30),
             doc="length of the initial tape contents"),
    )
    answer_format = ("the final tape from its leftmost to its rightmost non-blank cell (blanks between them written "
                     "as 0), as one string of digits, e.g. 10301; write empty if the tape is all blank")
    example = "10301"  # the symbols are 0, 1 and 2 at most: a 3 is never on the tape, so never an answer

    def build(self, rng, params):
        symbols = "012"[:params["symbols"]]
        lo, hi = params["min_steps"], max(params["max_steps"], params["min_steps"])
        for _ in range(500):
            table = _table(rng, params["states"], symbols)
            tape = "".join(symbols[rng.randrange(1, len(symbols))] if rng.random() < 0.7 else "0"
                           for _ in range(params["input_length"]))
            tape = ("1" + tape[1:]) if tape else tape
            # halt on a rule first used late in the run: the machine then runs exactly that long
            late = [key for t, key in _first_visits(table, tape, hi) if t + 1 >= lo]
            if not late:
                continue
            halt = late[rng.randrange(len(late))]
            write, move, _ = table[halt]
            table[halt] = (write, move, "H")
            result = run_turing(table, tape, hi)  # the simulator, not the construction, gives the answer
            if result is not None and len(result[0]) >= 2:
                break
        else:  # pragma: no cover - random machines halt in the window often enough
            raise RuntimeError("could not build a halting Turing machine")
        final, steps = result
        question = (
            f"A Turing machine works on a tape of cells that extends without end in both directions; every cell holds "
            f"one of the symbols {', '.join(symbols)}, and 0 is the blank that fills the tape outside the input. "
            f"The head starts on the first (leftmost) symbol of the input, in state A. At each step the machine looks "
            f"at its state and the symbol under the head, then writes a symbol, moves one cell left or right and "
            f"changes state, as the table says; it stops when a rule says HALT (after writing and moving).\n\n"
            f"Input tape: {tape} (blank everywhere else)\n\nRules:\n{_show(table)}\n\n"
            f"Run the machine until it halts. What is on the tape then?")
        return Draft(question, final, {"final": final, "steps": steps})

    def effort(self, problem):
        # the trace: every step the simulator ran before the halting rule
        return problem.check["steps"]

    def grade(self, answer, problem):
        s = re.sub(r"[\s,]", "", answer)  # the cells may be spaced or comma-separated
        if s.lower() == "empty":
            s = ""
        if not re.fullmatch(r"[0-9]*", s) or len(s) > 1000:
            return wrong("Write the tape as one string of digits.")
        final = problem.check["final"]
        if s == final:
            return right()
        if s.strip("0") == final:
            return wrong("Leave out the blank 0 cells outside the leftmost and rightmost non-blank cells.")
        return wrong("That is not the final tape.")
