"""Tracing a variable through a long generated program: its value after chained assignments,
reassignments and function calls, read in execution order."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._haystack import budget, tokens_knob

LINE_CHARS = 29  # the mean length of one program line with its line break
HEADS = ("total", "count", "rate", "limit", "offset", "score", "level", "width", "depth", "price", "stock", "delay")
TAILS = ("a", "b", "c", "in", "out", "max", "min", "old", "new", "sum", "base", "step")


def run(program: list) -> tuple[dict, dict]:
    """Executes our own statement tuples (never text): ("set", var, expr), ("def", name, body),
    ("call", name). An expression is ("int", k), ("var", v), ("add", v, k), ("plus", v, w) or
    ("minus", v, w). Returns the final values and each variable's dependency depth (the longest
    chain of assignments its final value rests on)."""
    env, depth, funcs = {}, {}, {}

    def assign(var, expr):
        kind = expr[0]
        if kind == "int":
            env[var], depth[var] = expr[1], 1
        elif kind == "var":
            env[var], depth[var] = env[expr[1]], depth[expr[1]] + 1
        elif kind == "add":
            env[var], depth[var] = env[expr[1]] + expr[2], depth[expr[1]] + 1
        else:
            a, b = env[expr[1]], env[expr[2]]
            d = max(depth[expr[1]], depth[expr[2]]) + 1
            env[var], depth[var] = (a + b if kind == "plus" else a - b), d

    for stmt in program:
        if stmt[0] == "set":
            assign(stmt[1], stmt[2])
        elif stmt[0] == "def":
            funcs[stmt[1]] = stmt[2]
        else:
            for _, var, expr in funcs[stmt[1]]:
                assign(var, expr)
    return env, depth


def expr_text(expr) -> str:
    kind = expr[0]
    if kind == "int":
        return str(expr[1])
    if kind == "var":
        return expr[1]
    if kind == "add":
        return f"{expr[1]} + {expr[2]}" if expr[2] >= 0 else f"{expr[1]} - {-expr[2]}"
    return f"{expr[1]} {'+' if kind == 'plus' else '-'} {expr[2]}"


@register
class CodeSymbolTrace(Task):
    """A long program in a small Python-like language: integer assignments that read other
    variables, functions whose bodies assign global variables, and calls of those functions.
    Give one variable's value after the program has run. The value depends on execution order: an
    assignment reads the values its variables have at that moment, a function body runs only
    when called (each time it is called), and later reassignments of a variable already read do
    not reach back. Near misses are look-alike variable names (total_a and total_b, count_a) and
    functions defined but never called. Levels grow the program from about 1,000 tokens to 32,000
    at level 10 (46,000 at 20) and the length of the chain of assignments the asked value rests on.

    Generation: about 200 problems/s at level 5 measured on a heavily loaded shared core, where
    long_context/running_state gave 476/s (950/s in its docstring), so some 400/s unloaded. A
    level-5 program has about 1,000 short lines, each drawn separately with several seeded draws,
    twice the lines of the other long-context documents of that length; the program is then
    interpreted once (no search or retry)."""

    name = "long_context/code_symbol_trace"
    knobs = (
        tokens_knob(),
        Knob("depth", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (1, 60),
             doc="length of the chain of assignments the asked variable's value rests on"),
        Knob("call_share", [10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 30, 32, 32, 34, 34, 36, 36, 38, 40], (0, 80),
             doc="percent of the statements that are function definitions or calls"),
    )
    answer_format = "an integer"
    example = "123456789"  # a value the program's small steps never reach (checked per problem)

    def build(self, rng, params):
        n = max(20, budget(params) // LINE_CHARS)
        share = params["call_share"] / 100
        k = params["depth"]
        names = [f"{h}_{t}" for h in HEADS for t in TAILS]
        names = [names[i] for i in rng.sample(range(len(names)), min(len(names), max(16, n // 12)))]
        rand = rng.random
        # the asked value's chain uses its own variables; the rest of the program (the noise) may read
        # them but never assigns them until the chain is complete, so the chain is exactly what counts
        chain_vars = names[:max(2, min(len(names) // 3, k))]
        target = chain_vars[0]
        noise_vars = names[len(chain_vars):]
        chain_set = set(chain_vars)
        steps = []  # (var, expr) of the chain, in execution order, ending with the target
        done = [chain_vars[int(rand() * len(chain_vars))] if k > 1 else target]
        steps.append((done[0], ("int", 1 + int(rand() * 20))))
        for i in range(1, k):
            var = target if i == k - 1 else chain_vars[int(rand() * len(chain_vars))]
            prev = steps[-1][0]
            x = rand()
            if x < 0.55 or len(done) < 2:
                expr = ("add", prev, int(rand() * 19) - 9 or 1)
            elif x < 0.75:
                expr = ("var", prev)
            else:
                other = done[int(rand() * len(done))]
                expr = ("plus", prev, other) if rand() < 0.6 else ("minus", prev, other)
            steps.append((var, expr))
            if var not in done:
                done.append(var)
        slots = sorted(rng.sample(range(n), min(n, k)))
        at = dict(zip(slots, range(k)))
        program, lines, funcs, pending, bodies = [], [], [], [], {}
        assigned = []  # chain variables already assigned, which the noise may read
        readable, seen = [], set()  # noise variables already assigned

        def noise_expr():
            if not readable or rand() < 0.15:
                return ("int", 1 + int(rand() * 20))
            j = int(rand() * (len(readable) + len(assigned)))
            v = readable[j] if j < len(readable) else assigned[j - len(readable)]
            return ("var", v) if rand() < 0.3 else ("add", v, int(rand() * 19) - 9 or 1)

        i = 0
        while i < n:
            if i in at:
                var, expr = steps[at[i]]
                if var not in assigned:
                    assigned.append(var)
                if rand() < share:  # this chain step lives in a function, called at once
                    fname = f"step_{len(funcs) + 1}"
                    funcs.append(fname)
                    program += [("def", fname, [("set", var, expr)]), ("call", fname)]
                    lines += [f"def {fname}():", f"    {var} = {expr_text(expr)}", f"{fname}()"]
                else:
                    program.append(("set", var, expr))
                    lines.append(f"{var} = {expr_text(expr)}")
                i += 1
                continue
            x = rand()
            if x < share / 2:  # a function of noise assignments, maybe never called
                fname = f"step_{len(funcs) + 1}"
                funcs.append(fname)
                body = [("set", noise_vars[int(rand() * len(noise_vars))], noise_expr())
                        for _ in range(1 + int(rand() * 2))]
                if rand() < 0.3:  # defined but never called: it may even name the asked variable
                    body.append(("set", target, noise_expr()))
                else:
                    pending.append(fname)
                program.append(("def", fname, body))
                bodies[fname] = body
                lines.append(f"def {fname}():")
                lines += [f"    {v} = {expr_text(e)}" for _, v, e in body]
            elif x < share and pending:
                fname = pending.pop(int(rand() * len(pending)))
                program.append(("call", fname))
                lines.append(f"{fname}()")
                for _, v, _e in bodies[fname]:
                    if v not in seen:
                        seen.add(v)
                        readable.append(v)
            else:
                if i > slots[-1] and rand() < 0.2:  # the chain is complete: its other variables may change
                    var = chain_vars[1 + int(rand() * (len(chain_vars) - 1))]
                else:
                    var = noise_vars[int(rand() * len(noise_vars))]
                expr = noise_expr()
                program.append(("set", var, expr))
                lines.append(f"{var} = {expr_text(expr)}")
                if var not in seen and var not in chain_set:
                    seen.add(var)
                    readable.append(var)
            i += 1
        env, depth = run(program)  # the reference solution: the program interpreted in order
        value = env[target]
        question = ("The program below is written in a small Python-like language. It runs once, top to bottom. "
                    "All variables are global integers; an assignment uses the values its variables have at that "
                    "moment; a function body runs only when the function is called, each time it is called.\n\n" +
                    "\n".join(lines) +
                    f"\n\nWhat is the value of {target} after the whole program has run?")
        example = self.example if value != int(self.example) else "-123456789"
        return Draft(question, str(value), {"value": value, "lines": len(lines), "depth": depth[target]},
                     example=example)

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the variable's final value")

    def effort(self, problem):
        # every line is read to find the assignments in force; the asked value's chain is then evaluated
        return problem.check["lines"] + 4 * problem.check["depth"]
