"""Recursive Tiny functions drawn from shapes of growing branching: linear, halving, two-way
(Fibonacci-like), parity-split, two-argument and mutually recursive. Each shape is an AST
builder; procgym's Tiny interpreter runs them."""
from __future__ import annotations


def _n(v):
    return ("num", v)


def _a(name="a"):
    return ("var", name)


def _bin(op, x, y):
    return ("bin", op, x, y)


def _call(name, *args):
    return ("call", name, list(args))


def _ret(e):
    return ("return", e)


def _base(rng, limit, param="a"):
    """if (a <= limit) { return a + c; }  (or a constant)"""
    value = _bin("+", _a(param), _n(rng.randint(0, 3))) if rng.random() < 0.5 else _n(rng.randint(1, 4))
    return ("if", _bin("<=", _a(param), _n(limit)), [_ret(value)], None)


def linear(rng):
    step = rng.randint(1, 2)
    body = [_base(rng, rng.randint(0, 1)),
            _ret(_bin("+", _call("f", _bin("-", _a(), _n(step))), _n(rng.randint(1, 5))))]
    return [("func", "f", ["a"], body)], (4, 30)


def halving(rng):
    d = rng.randint(2, 3)
    body = [_base(rng, rng.randint(0, 1)),
            _ret(_bin("+", _call("f", _bin("/", _a(), _n(d))), _bin("%", _a(), _n(rng.randint(3, 7)))))]
    return [("func", "f", ["a"], body)], (10, 400)


def parity(rng):
    body = [_base(rng, rng.randint(0, 2)),
            ("if", _bin("==", _bin("%", _a(), _n(2)), _n(0)),
             [_ret(_bin("+", _call("f", _bin("/", _a(), _n(2))), _n(rng.randint(1, 3))))], None),
            _ret(_bin("+", _call("f", _bin("-", _a(), _n(1))), _call("f", _bin("-", _a(), _n(rng.randint(2, 3))))))]
    return [("func", "f", ["a"], body)], (5, 30)


def twoway(rng):
    s1, s2 = 1, rng.randint(2, 3)
    combine = _bin("+", _call("f", _bin("-", _a(), _n(s1))), _call("f", _bin("-", _a(), _n(s2))))
    if rng.random() < 0.5:
        combine = _bin("%", combine, _n(rng.randint(50, 97)))
    body = [_base(rng, rng.randint(1, 2)), _ret(combine)]
    return [("func", "f", ["a"], body)], (3, 13)


def mutual(rng):
    f_body = [_base(rng, rng.randint(0, 1)),
              _ret(_bin("+", _call("g", _bin("-", _a(), _n(1))), _n(rng.randint(1, 3))))]
    g_body = [_base(rng, rng.randint(0, 1)),
              _ret(_bin("+", _call("f", _bin("/", _a(), _n(2))), _call("f", _bin("-", _a(), _n(rng.randint(1, 2))))))]
    return [("func", "f", ["a"], f_body), ("func", "g", ["a"], g_body)], (4, 18)


def grid(rng):
    # f(a, b) with two shrinking arguments: the call tree is a lattice walk
    base = ("if", _bin("or", _bin("<=", _a(), _n(0)), _bin("<=", _a("b"), _n(0))),
            [_ret(_bin("+", _a(), _bin("*", _a("b"), _n(rng.randint(1, 3)))))], None)
    rest = _bin("+", _call("f", _bin("-", _a(), _n(1)), _a("b")), _call("f", _a(), _bin("-", _a("b"), _n(rng.randint(1, 2)))))
    body = [base, _ret(_bin("%", rest, _n(rng.randint(50, 99))))]
    return [("func", "f", ["a", "b"], body)], (2, 6)


SHAPES = (linear, halving, parity, twoway, mutual, grid)
# the argument size per level, as a fraction of the drawn shape's range
SIZE = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 1.0]


def draw(rng, shapes: int, size: float):
    """(funcs, args): a function set from the first `shapes` shapes and its argument(s), scaled
    into the shape's own range by `size` in [0, 1] (with a little jitter)."""
    shape = SHAPES[rng.randrange(shapes)]
    funcs, (lo, hi) = shape(rng)
    top = lo + round((hi - lo) * size)
    args = [rng.randint(max(lo, top - 2), max(lo, top))]
    if len(funcs[0][2]) == 2:
        args.append(rng.randint(max(lo, top - 2), max(lo, top)))
    return funcs, args
