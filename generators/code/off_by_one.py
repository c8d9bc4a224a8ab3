"""Which loop bounds make a Tiny function return a given value: off-by-one reasoning."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_choice, refused
from procgym.verdict import right, wrong

from .._tiny_lang import LANGUAGE, render
from ._traced import trace

LETTERS = "ABCDEF"
# (start, comparison, bound offset): i = start; while (i cmp n + offset)
VARIANTS = ((0, "<", 0), (0, "<=", 0), (1, "<", 0), (1, "<=", 0), (0, "<", -1), (1, "<", 1), (2, "<=", 0),
            (0, "<=", -1), (1, "<=", 1), (2, "<", 0))


def _v(name):
    return ("var", name)


def _num(k):
    return ("num", k)


def _bin(op, a, b):
    return ("bin", op, a, b)


def _term(rng):
    i = _v("i")
    return [i, _bin("*", i, i), _bin("%", i, _num(rng.randint(2, 4))), _bin("+", _bin("*", _num(2), i), _num(1)),
            _bin("*", i, _num(rng.randint(2, 5)))][rng.randrange(5)]


def _body(rng, extras: int):
    """The loop body: s accumulates a term of i; extras add branches, a second variable and (the
    third extra) an inner loop over j < i."""
    body = [("assign", "s", _bin("+", _v("s"), _term(rng)))]
    kinds = ["branch", "second", "inner"]
    for k in range(extras):
        kind = kinds[k % 3] if k < 3 else kinds[rng.randrange(2)]  # one inner loop at most: runs stay short
        if kind == "branch":
            body.append(("if", _bin("==", _bin("%", _v("i"), _num(rng.randint(2, 3))), _num(0)),
                         [("assign", "s", _bin("+", _v("s"), _num(rng.randint(1, 9))))],
                         [("assign", "s", _bin("-", _v("s"), _num(rng.randint(1, 3))))] if rng.random() < 0.5 else None))
        elif kind == "second":
            body.append(("assign", "t", _bin("%", _bin("+", _v("t"), _v("s")), _num(rng.randint(7, 13)))))
        else:
            body += [("assign", "j", _num(0)),
                     ("while", _bin("<", _v("j"), _v("i")),
                      [("assign", "s", _bin("+", _v("s"), _bin("%", _v("j"), _num(rng.randint(2, 3))))),
                       ("assign", "j", _bin("+", _v("j"), _num(1)))])]
    return body + [("assign", "i", _bin("+", _v("i"), _num(1)))]


def _program(body, variant, arg, uses_t):
    start, cmp_, off = variant
    bound = _v("n") if off == 0 else _bin("+" if off > 0 else "-", _v("n"), _num(abs(off)))
    stmts = [("assign", "s", _num(0))] + ([("assign", "t", _num(0))] if uses_t else [])
    stmts += [("assign", "i", _num(start)), ("while", _bin(cmp_, _v("i"), bound), body)]
    ret = _bin("+", _v("s"), _v("t")) if uses_t else _v("s")
    return ("program", [("func", "f", ["n"], stmts + [("return", ret)])], [("print", ("call", "f", [_num(arg)]))])


def _header(variant) -> str:
    start, cmp_, off = variant
    bound = "n" if off == 0 else f"n {'+' if off > 0 else '-'} {abs(off)}"
    return f"i = {start}; while (i {cmp_} {bound})"


@register
class OffByOne(Task):
    """A Tiny function sums a term over a loop whose first value and bound are left blank;
    pick the option (start value and loop condition) that makes the program print the given
    value. Options differ by one at the start or the end of the range. Levels add options,
    grow the argument and add body code (branches on i, a second accumulator, an inner loop)
    that must be traced for the boundary iterations. Generation runs every option (again when
    two print the same), so level 20 makes about 100 problems/s."""

    name = "code/off_by_one"
    knobs = (
        Knob("options", [2, 3, 3, 4, 4, 4, 5, 5, 5, 6] + [6] * 10, (2, 6), doc="choices offered"),
        Knob("arg", [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10], (2, 20),
             doc="the argument n"),
        Knob("extras", [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (0, 8),
             doc="body statements beyond the accumulation"),
    )
    answer_format = "the letter of the option"
    example = "Z"  # no problem has an option Z

    def build(self, rng, params):
        k, arg = params["options"], params["arg"]
        for _ in range(10):  # bounded: the options' outputs must all differ
            body = _body(rng, params["extras"])
            uses_t = any(s[0] == "assign" and s[1] == "t" for s in body)
            variants = rng.sample(VARIANTS, k)
            runs = [trace(_program(body, v, arg, uses_t)) for v in variants]
            outs = [m.output[0] for m in runs]
            if len(set(outs)) == k:
                break
        else:  # keep the options whose outputs are distinct (at least the first two differ: n and n+1 terms)
            seen, kept = set(), []
            for v, m in zip(variants, runs):
                if m.output[0] not in seen:
                    seen.add(m.output[0])
                    kept.append((v, m))
            variants, runs = [v for v, _ in kept], [m for _, m in kept]
            outs = [m.output[0] for m in runs]
        target = rng.randrange(len(variants))
        text = render(_program(body, variants[target], arg, uses_t))
        shown = _header(variants[target]).split("; ")
        text = text.replace(f"    {shown[0]};\n    {shown[1]} {{", "    START;\n    while (CONDITION) {", 1)
        letters = LETTERS[:len(variants)]
        options = "\n".join(f"{L}) {_header(v)}" for L, v in zip(letters, variants))
        question = (f"{LANGUAGE}\n\nIn this program the line START and the loop condition CONDITION are left blank:\n\n"
                    f"{text}\n\nEach option below fills in START; and while (CONDITION). Which option makes the program "
                    f"print {outs[target]}?\n{options}")
        steps = sum(m.steps for m in runs)
        return Draft(question, letters[target], {"letter": letters[target], "letters": letters, "steps": steps})

    def effort(self, problem):
        # every option's run (a solver checks each candidate)
        return problem.check["steps"]

    def grade(self, answer, problem):
        c = problem.check
        # "B)" and "option B" name the option as plainly as "B"
        text = re.sub(r"^\s*(?:option\s+)?([A-Za-z])\s*\)?\s*$", r"\1", answer)
        try:
            given = read_choice(text, list(c["letters"]))
        except NotAnAnswer as exc:
            return refused(exc)
        return right() if given.upper() == c["letter"] else wrong("That option prints a different value.")
