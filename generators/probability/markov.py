"""Absorbing Markov chains: the probability of ending in a given absorbing state, and the expected
number of steps until absorption, solved exactly."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._exact import EXACT_FORMAT, PROB_EXAMPLE, PROB_FORMAT, fraction_check, grade_exact, solve_linear
from ._phrasing import and_list, question_of, word

EXITS = ("North door", "South door", "East door", "West door", "Roof hatch")


def absorption(transient: list, absorbing: list, p: dict, target=None) -> list[Fraction] | None:
    """For each transient state: the probability of being absorbed in `target` (or, with target None,
    the expected number of steps until absorption), solving (I - Q) x = b by Gauss-Jordan
    elimination over Fractions. p[s] maps each transient state s to {next state: probability}."""
    index = {s: i for i, s in enumerate(transient)}
    n = len(transient)
    a = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    b = []
    for s in transient:
        i = index[s]
        rhs = Fraction(0) if target is not None else Fraction(1)
        for t, q in p[s].items():
            if t in index:
                a[i][index[t]] -= q
            elif t == target:
                rhs += q
        b.append(rhs)
    return solve_linear(a, b)


def reaches(transient, p, start, goals) -> bool:
    seen, stack = {start}, [start]
    while stack:
        s = stack.pop()
        if s in goals:
            return True
        if s not in transient:
            continue
        for t in p[s]:
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return False


def split(rng, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.sample(range(1, total), parts - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [total])]


@register
class MarkovAbsorption(Task):
    """A random walk on a small chain (a robot moving between rooms, or a gambler's fortune) with
    absorbing states. Asks the exact probability of ending in a given absorbing state from a given
    start, or (harder levels) the expected number of moves until absorption. Levels add transient
    states, absorbing states, branches per state and self-loops, so the answer needs a linear system
    rather than one equation. Answers come from Gauss-Jordan elimination over Fractions."""

    name = "probability/markov_absorption"
    knobs = (
        Knob("n_transient", [2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 20),
             doc="non-absorbing states"),
        Knob("n_absorbing", [2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (2, 4),
             doc="absorbing states"),
        Knob("max_branches", [2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5], (2, 5),
             doc="most possible moves from a state"),
        Knob("self_loops", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="a state may stay where it is"),
        Knob("steps_percent", [0, 0, 0, 0, 20, 30, 40, 40, 50, 50, 50, 55, 55, 60, 60, 65, 65, 70, 70, 70], (0, 100),
             doc="chance of asking the expected number of moves instead of a probability"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        n, m = params["n_transient"], params["n_absorbing"]
        steps = rng.randrange(100) < params["steps_percent"]
        if n >= 3 and m == 2 and rng.random() < 0.3:
            return self._gambler(rng, n, params["self_loops"], steps)
        rooms = [chr(65 + i) for i in range(n)]
        exits = sorted(rng.sample(EXITS, m), key=EXITS.index)
        for _ in range(200):
            p = {}
            for s in rooms:
                options = [t for t in rooms + exits if t != s or params["self_loops"]]
                k = rng.randint(2, min(params["max_branches"], len(options)))
                nxt = rng.sample(options, k)
                den = rng.choice([d for d in (2, 3, 4, 5, 6, 8, 10) if d >= k])
                p[s] = dict(zip(nxt, (Fraction(w, den) for w in split(rng, den, k))))
            if not all(reaches(rooms, p, s, set(exits)) for s in rooms):
                continue
            start = rng.choice(rooms)
            target = rng.choice(exits)
            others = set(exits) - {target}
            if not (reaches(rooms, p, start, {target}) and reaches(rooms, p, start, others)):
                continue
            solved = absorption(rooms, exits, p, None if steps else target)
            if solved is None:
                continue
            value = solved[rooms.index(start)]
            break
        lines = []
        for s in rooms:
            moves = [f"to {'the ' + t if t in exits else 'room ' + t} with probability {frac_text(q)}" if t != s
                     else f"stays in room {s} with probability {frac_text(q)}"
                     for t, q in sorted(p[s].items(), key=lambda kv: (kv[0] in exits, kv[0]))]
            lines.append(f"- From room {s}: " + "; ".join(moves) + ".")
        question = (f"A robot moves through a building with {word(n)} {'room' if n == 1 else 'rooms'} "
                    f"({and_list(rooms)}) and {word(m)} exits (the {and_list(exits)}). Every minute it makes one move, "
                    f"chosen at random with these probabilities, independently of its earlier moves:\n"
                    + "\n".join(lines)
                    + f"\nWhen the robot reaches an exit it leaves the building and stops.\n\nThe robot starts in room "
                      f"{start}. ")
        if steps:
            question += ("What is the expected number of moves it makes until it leaves? (Staying in a room counts as "
                         "a move.)")
            return Draft(question, frac_text(value), fraction_check(value, kind="steps"), EXACT_FORMAT,
                         "-17/4")  # never the answer: no count of steps is negative
        question += f"What is the probability that it leaves through the {target}?"
        return Draft(question, frac_text(value), fraction_check(value))

    def effort(self, problem):
        # Gauss-Jordan elimination on the n transient states' equations (about n^2 (n + 1)
        # multiply-subtracts), after writing one coefficient per possible move
        question = question_of(problem)
        if "A gambler" in question:
            n = int(re.search(r"has \$0 or \$(\d+)", question).group(1)) - 1
            moves = n * (3 if "neither wins nor loses" in question else 2)
        else:
            n = len(re.findall(r"^- From room ", question, re.M))
            moves = question.count(" with probability ")
        return n * n * (n + 1) + moves

    @staticmethod
    def _gambler(rng, n, ties, steps):
        goal = n + 1
        for _ in range(100):
            den = rng.choice((3, 4, 5, 6))
            if ties:
                w, l = (sorted(rng.sample(range(1, den), 2)) + [0])[:2]
                t = den - w - l
                if t <= 0:
                    continue
            else:
                w = rng.randint(1, den - 1)
                l, t = den - w, 0
            break
        pw, pl, pt = Fraction(w, den), Fraction(l, den), Fraction(t, den)
        states = list(range(1, goal))
        p = {}
        for s in states:
            p[s] = {s + 1: pw, s - 1: pl}
            if pt:
                p[s][s] = pt
        start = rng.randint(1, goal - 1)
        solved = absorption(states, [0, goal], p, None if steps else goal)
        value = solved[start - 1]
        rules = f"wins $1 with probability {frac_text(pw)} and loses $1 with probability {frac_text(pl)}"
        if pt:
            rules = (f"wins $1 with probability {frac_text(pw)}, loses $1 with probability {frac_text(pl)}, and "
                     f"otherwise (probability {frac_text(pt)}) neither wins nor loses")
        question = (f"A gambler starts with ${start}. In each round she {rules}, independently of earlier rounds. "
                    f"She stops as soon as she has $0 or ${goal}.\n\n")
        if steps:
            question += "What is the expected number of rounds she plays?"
            return Draft(question, frac_text(value), fraction_check(value, kind="steps"), EXACT_FORMAT,
                         "-17/4")  # never the answer: no count of steps is negative
        question += f"What is the probability that she stops with ${goal}?"
        return Draft(question, frac_text(value), fraction_check(value))

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the exact answer")
