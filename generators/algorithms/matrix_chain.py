"""Matrix-chain multiplication: the fewest scalar multiplications needed to multiply a chain of
matrices, and at harder levels an optimal parenthesization, checked by computing its cost."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from procgym.kit import grade_int

_OPERATORS = set(" \t\r\n*x.\u00d7\u00b7\u22c5")
MAX_DEPTH = 200


def chain_order(dims: list[int]) -> tuple[int, str]:
    """The minimum cost of multiplying matrices i (dims[i] x dims[i+1]) and one optimal full
    parenthesization, by the O(n^3) interval dynamic program."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for span in range(1, n):
        for i in range(n - span):
            j = i + span
            cost[i][j], split[i][j] = min((cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1], k)
                                          for k in range(i, j))

    def text(i: int, j: int, outer: bool) -> str:
        if i == j:
            return chr(65 + i)
        inner = text(i, split[i][j], False) + text(split[i][j] + 1, j, False)
        return inner if outer else f"({inner})"

    return cost[0][n - 1], text(0, n - 1, True)


def parenthesization_cost(text: str, dims: list[int]) -> int:
    """The cost of the product a parenthesization describes; ValueError when it is not a full
    parenthesization of the chain A, B, C, ... in order. Each group (and the whole) must hold
    one or two factors, so the order of every multiplication is explicit."""
    n = len(dims) - 1
    stack: list[list[tuple[int, int, int]]] = [[]]

    def close(terms):
        if len(terms) == 1:
            return terms[0]
        if len(terms) == 0:
            raise ValueError("there are empty parentheses")
        if len(terms) > 2:
            raise ValueError("a group has more than two factors: parenthesize so that each product has two")
        (a, b, c1), (d, e, c2) = terms
        if b + 1 != d:
            raise ValueError(f"{chr(65 + b)} and {chr(65 + d)} are not neighbours in the chain")
        return a, e, c1 + c2 + dims[a] * dims[b + 1] * dims[e + 1]

    for ch in text:
        if ch in _OPERATORS:
            continue
        if ch in "([{":
            if len(stack) > MAX_DEPTH:
                raise ValueError("the parentheses nest too deeply")
            stack.append([])
        elif ch in ")]}":
            if len(stack) == 1:
                raise ValueError("the parentheses are unbalanced")
            term = close(stack.pop())
            stack[-1].append(term)
        elif "A" <= ch <= "Z" and ord(ch) - 65 < n:
            k = ord(ch) - 65
            stack[-1].append((k, k, 0))
        else:
            raise ValueError(f"{ch!r} is not one of the matrices")
        if len(stack[-1]) > 2:
            raise ValueError("a group has more than two factors: parenthesize so that each product has two")
    if len(stack) != 1:
        raise ValueError("the parentheses are unbalanced")
    first, last, cost = close(stack[0])
    if (first, last) != (0, n - 1):
        raise ValueError("the product must multiply every matrix of the chain exactly once, in order")
    return cost


@register
class MatrixChain(Task):
    """Matrix-chain multiplication: given the dimensions of matrices A, B, C, ... to be multiplied
    in that order, find the fewest scalar multiplications (multiplying p x q by q x r costs p*q*r)
    over all ways to parenthesize the product. The optimum comes from the O(n^3) interval DP.
    From level 6 the answer is an optimal parenthesization instead, which the verifier costs out,
    so any optimal one passes. Higher levels lengthen the chain (the number of parenthesizations
    grows like the Catalan numbers) and widen the range of dimensions."""

    name = "algorithms/matrix_chain"
    knobs = (
        Knob("n_matrices", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (2, 26),
             doc="number of matrices in the chain"),
        Knob("max_dim", [6, 8, 10, 12, 15, 20, 20, 25, 30, 40, 40, 45, 50, 55, 60, 65, 70, 80, 90, 99], (2, 1000),
             doc="largest matrix dimension"),
        Knob("parenthesize", [False, False, False, False, [False, True]] + [True] * 15,
             doc="ask for an optimal parenthesization instead of the cost"),
    )
    answer_format = "an integer"
    example = "-1"  # a cost is never negative: never an answer

    def build(self, rng, params):
        n, top = params["n_matrices"], params["max_dim"]
        dims = [rng.randint(2, top) for _ in range(n + 1)]
        best, order = chain_order(dims)
        names = [chr(65 + i) for i in range(n)]
        listing = "\n".join(f"{names[i]}: {dims[i]} x {dims[i + 1]}" for i in range(n))
        intro = (f"The matrices below are multiplied in the order {''.join(names)}:\n{listing}\n\n"
                 "Multiplying a p x q matrix by a q x r matrix takes p*q*r scalar multiplications. "
                 "The order of the factors is fixed, but the product can be parenthesized in any way.")
        if not params["parenthesize"]:
            question = f"{intro} What is the minimum total number of scalar multiplications needed?"
            return Draft(question, str(best), {"cost": best})
        # the form is shown on a chain of another length, so the examples are never this answer
        shown = ("three", "(AB)C", "A(BC)") if n != 3 else ("four", "(AB)(CD)", "A((BC)D)")
        question = (f"{intro} Give a parenthesization that needs the minimum total number of scalar "
                    f"multiplications. Write it with the matrix letters and parentheses only, so that every "
                    f"product multiplies exactly two factors; for a chain of {shown[0]} matrices, {shown[1]} "
                    f"and {shown[2]} are examples of the form.")
        return Draft(question, order, {"dims": dims, "cost": best},
                     "a full parenthesization of the product with letters and parentheses", shown[1])

    def effort(self, problem):
        # the interval DP tries every split point of every sub-chain, (n^3 - n) / 6 of them; an
        # asked-for parenthesization is then traced back through the n - 1 chosen splits
        n = problem.params["n_matrices"]
        return (n ** 3 - n) // 6 + (n - 1 if "dims" in problem.check else 0)

    def grade(self, answer, problem):
        c = problem.check
        if "dims" not in c:
            return grade_int(answer, c["cost"], "the minimum number of multiplications")
        try:
            cost = parenthesization_cost(answer.strip(), c["dims"])
        except ValueError as exc:
            return wrong(f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
        if cost != c["cost"]:
            return wrong(f"That order costs {cost} multiplications, which is not the minimum.")
        return right()
