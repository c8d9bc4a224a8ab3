"""Debug a generated program in Tiny, procgym's own small language: run its tests, read its lines
and submit a one-line fix, which is accepted when the whole test suite passes. Programs are run
only by the Tiny interpreter (generators/code/_tiny_lang.py), never as Python."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.generators._tiny_lang import LANGUAGE, TinyError, parse, run
from procgym.kit import WIN, Param, Tool, TurnBudgetTask, plural


# interpreter steps one test may take: a fix that loops forever fails the test (the correct
# programs need a few hundred steps on the generated inputs)
RUN_STEPS = 3_000

# Correct programs, one statement or brace per line. {v} names are renamed per part; K, T are
# constants drawn per problem. Inputs: xs (a list), t and n (integers).
TEMPLATES = {
    "sum_above": ("prints the sum of the elements of xs greater than t", [
        "{s} = 0;", "{i} = 0;", "while ({i} < len(xs)) {", "    if (xs[{i}] > t) {", "        {s} = {s} + xs[{i}];",
        "    }", "    {i} = {i} + 1;", "}", "print({s});"]),
    "count_multiples": ("prints how many elements of xs are multiples of K", [
        "{c} = 0;", "{i} = 0;", "while ({i} < len(xs)) {", "    if (xs[{i}] % K == 0) {", "        {c} = {c} + 1;",
        "    }", "    {i} = {i} + 1;", "}", "print({c});"]),
    "maximum": ("prints the largest element of xs", [
        "{m} = xs[0];", "{i} = 1;", "while ({i} < len(xs)) {", "    if (xs[{i}] > {m}) {", "        {m} = xs[{i}];",
        "    }", "    {i} = {i} + 1;", "}", "print({m});"]),
    "first_above": ("prints the index of the first element of xs greater than t, or -1 if there is none", [
        "{r} = 0 - 1;", "{i} = len(xs) - 1;", "while ({i} >= 0) {", "    if (xs[{i}] > t) {", "        {r} = {i};",
        "    }", "    {i} = {i} - 1;", "}", "print({r});"]),
    "product": ("prints the product K * (K + 1) * ... * (K + n - 1) (1 when n is 0)", [
        "{p} = 1;", "{i} = 0;", "while ({i} < n) {", "    {p} = {p} * ({i} + K);", "    {i} = {i} + 1;", "}",
        "print({p});"]),
    "alternating": ("prints xs[0] - xs[1] + xs[2] - xs[3] + ...", [
        "{s} = 0;", "{i} = 0;", "while ({i} < len(xs)) {", "    if ({i} % 2 == 0) {", "        {s} = {s} + xs[{i}];",
        "    } else {", "        {s} = {s} - xs[{i}];", "    }", "    {i} = {i} + 1;", "}", "print({s});"]),
    "reversed_scaled": ("prints the elements of xs in reverse order, each multiplied by K", [
        "{ys} = [];", "{i} = len(xs) - 1;", "while ({i} >= 0) {", "    push({ys}, xs[{i}] * K);", "    {i} = {i} - 1;",
        "}", "{j} = 0;", "while ({j} < len({ys})) {", "    print({ys}[{j}]);", "    {j} = {j} + 1;", "}"]),
    "collatz_sum": ("prints the sum over xs of f(x), where f(x) is x / 2 for even x and 3 * x + 1 for odd x", [
        "func {f}(a) {", "    if (a % 2 == 0) {", "        return a / 2;", "    }", "    return 3 * a + 1;", "}",
        "{s} = 0;", "{i} = 0;", "while ({i} < len(xs)) {", "    {s} = {s} + {f}(xs[{i}]);", "    {i} = {i} + 1;", "}",
        "print({s});"]),
    "clamp_count": ("prints how many elements of xs lie between t and t + K inclusive, via a helper function", [
        "func {f}(a, lo) {", "    if (a >= lo and a <= lo + K) {", "        return 1;", "    }", "    return 0;", "}",
        "{c} = 0;", "{i} = 0;", "while ({i} < len(xs)) {", "    {c} = {c} + {f}(xs[{i}], t);", "    {i} = {i} + 1;",
        "}", "print({c});"]),
}
SIMPLE = ("sum_above", "count_multiples", "maximum", "product", "alternating")
SWAPS = {"<": ("<=", ">"), "<=": ("<", ">="), ">": (">=", "<"), ">=": (">", "<="), "==": ("!=",), "!=": ("==",),
         "+": ("-", "*"), "-": ("+",), "*": ("+",)}
_TOK = re.compile(r"\d+|[A-Za-z_][A-Za-z_0-9]*|==|!=|<=|>=|[-+*/%<>=(){}\[\];,]|\s+|.")


def mutations(line: str) -> list[str]:
    """Every single-token variant of a line: a comparison or arithmetic operator swapped for a
    near one, or an integer literal moved by one. The bug injector and the reference policy's
    fix search use this same neighbourhood (it is closed under undoing a change)."""
    toks = _TOK.findall(line)
    out = []
    for k, tok in enumerate(toks):
        if tok in SWAPS:
            out += ["".join(toks[:k] + [alt] + toks[k + 1:]) for alt in SWAPS[tok]]
        elif tok.isdigit():
            out += ["".join(toks[:k] + [str(v)] + toks[k + 1:]) for v in (int(tok) - 1, int(tok) + 1) if v >= 0]
    return out


def outputs(program, inputs: dict):
    """What a program (its lines, or its parsed tree) prints on one test's inputs, or the error
    text when it cannot run."""
    try:
        if isinstance(program, list):
            program = parse("\n".join(program))
        return run(program, inputs, max_steps=RUN_STEPS)
    except TinyError as exc:
        return f"error: {exc}"


def passes(lines: list[str], tests: list) -> bool:
    try:
        program = parse("\n".join(lines))
    except TinyError:
        return False
    for inputs, expected in tests:
        try:
            if run(program, inputs, max_steps=RUN_STEPS) != expected:
                return False
        except TinyError:
            return False
    return True


def make_program(rng, n_parts: int, pool: tuple) -> tuple[list[str], list[str], dict]:
    """Lines of a correct program of `n_parts` parts, their descriptions and the constants."""
    lines, described, consts = [], [], {"K": rng.randrange(2, 5)}
    funcs, body = [], []
    for k, key in enumerate(rng.sample(pool, n_parts)):
        text, template = TEMPLATES[key]
        suffix = "" if k == 0 else str(k + 1)
        names = {v: v + suffix for v in ("s", "i", "c", "m", "r", "p", "ys", "j")}
        names["f"] = "f" + suffix
        part = [re.sub(r"\{(\w+)\}", lambda m: names[m.group(1)], line).replace("K", str(consts["K"]))
                for line in template]
        described.append(text.replace("K", str(consts["K"])))
        if part[0].startswith("func"):
            end = part.index("}") + 1
            funcs += part[:end]
            part = part[end:]
        body += part
    lines = funcs + body
    return lines, described, consts


def random_inputs(rng) -> dict:
    return {"xs": [rng.randrange(-5, 20) for _ in range(rng.randrange(1, 8))], "t": rng.randrange(0, 12),
            "n": rng.randrange(0, 6)}


def show_inputs(inputs: dict) -> str:
    return f"xs = [{', '.join(map(str, inputs['xs']))}], t = {inputs['t']}, n = {inputs['n']}"


def show_output(out) -> str:
    return out if isinstance(out, str) else "[" + ", ".join(map(str, out)) + "]"


_FIX_CACHE: dict = {}


def find_fix(lines: list[str], tests: list) -> tuple[int, str] | None:
    """The reference policy's search: the first (line number, new line) among all single-token
    mutations of all lines that makes every test pass."""
    key = ("\n".join(lines), repr(tests))
    if key not in _FIX_CACHE:
        if len(_FIX_CACHE) > 2_000:
            _FIX_CACHE.clear()
        # failing tests first: most candidates fail one of them, so each is rejected after one run
        failing = [t for t in tests if outputs(lines, t[0]) != t[1]]
        tests = failing + [t for t in tests if t not in failing]
        found = None
        for n, line in enumerate(lines, 1):
            for new in mutations(line):
                if passes(lines[:n - 1] + [new] + lines[n:], tests):
                    found = (n, bare(new))
                    break
            if found:
                break
        _FIX_CACHE[key] = found
    return _FIX_CACHE[key]


def bare(line: str) -> str:
    """A line without its indentation and the block braces that open or close it."""
    text = line.strip()
    if text.startswith("}"):
        text = text[1:].strip()
    if text.endswith("{"):
        text = text[:-1].strip()
    return text


def with_braces(original: str, new: str) -> str:
    """`new` in place of `original`: its indentation, and the braces `original` opens or closes
    when `new` leaves them out (so a fix never has to balance braces)."""
    text, old = new.strip(), original.strip()
    if old.endswith("{") and not text.endswith("{"):
        text += " {"
    if old.startswith("}") and not text.startswith("}"):
        text = "} " + text
    return original[:len(original) - len(original.lstrip())] + text


_FIX = re.compile(r"^fix\s+(?:line\s+)?(\d{1,4})\s*[:=]?\s*(.*)$", re.IGNORECASE | re.DOTALL)
_SHOW = re.compile(r"^(?:show|list|cat)(?:\s+(?:lines?\s+)?(\d{1,4})(?:\s*-\s*(\d{1,4}))?)?$", re.IGNORECASE)
_RUN = re.compile(r"^(?:run|test)(?:\s+(?:tests?\s+)?(all|\d{1,4}))?$", re.IGNORECASE)


@register
class Debugging(TurnBudgetTask):
    """A program in Tiny (the project's own small language) has exactly one buggy line: one
    operator or constant was changed, so some of its tests fail. The agent runs the tests (run,
    run K), reads the program (show A-B, at most `show_limit` lines at a time) and submits a
    one-line fix (fix N: new line), which is accepted when the whole test suite then passes
    (any such fix wins; a failing fix is not applied and uses a turn). Higher levels use programs
    of more parts (each printing its own result, with helper functions at levels 4+), so the
    bug hides among more lines, show fewer lines per command and leave fewer spare turns.

    The reference policy runs the tests, reads every line, then searches all single-token
    changes (operators and constants, the neighbourhood the bug came from) for one that passes
    the suite. The injected bug is checked to fail at least one test; `Draft.answer` restores
    the original line, which passes by construction and is re-checked by running the suite.
    Generation runs every test through the Tiny interpreter (and redraws bugs that no test
    catches), so it makes about 400 problems/s at level 5 and 190 at level 10, not 1,000.
    """

    name = "investigation/debugging"
    knobs = (
        Knob("parts", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7], (1, len(TEMPLATES)),
             doc="independent computations in the program"),
        Knob("helpers", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether programs may use helper functions"),
        Knob("n_tests", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12], (1, 12),
             doc="tests in the suite"),
        Knob("show_limit", [30, 30, 25, 20, 15, 12, 10, 10, 8, 8, 7, 7, 7, 6, 6, 6, 5, 5, 5, 5], (3, 100),
             doc="lines one show command prints"),
        Knob("slack", [6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1], (0, 50),
             doc="spare turns beyond the reference plan"),
    )
    answer_format = "one command per turn: run, run K, show A-B, or fix N: new line"
    example = "run"  # a query never wins (a fix may)
    tools = (Tool("run", "Run every test and show inputs, expected and actual output.", "run"),
             Tool("run_test", "Run one test.", "run {test}", (Param("test", "integer", "the test's number, from 1"),)),
             Tool("show", "Print lines first to last of the program with their numbers.", "show {first}-{last}",
                  (Param("first", "integer", "the first line, from 1"), Param("last", "integer", "the last line"))),
             Tool("fix", "Replace one line and run the suite: if every test passes you win, otherwise the fix is "
                         "not applied.", "fix {line}: {code}",
                  (Param("line", "integer", "the line's number"), Param("code", "string", "the new line of code"))))
    invalid_hint = "see the command list in the first message"

    def build(self, rng, params):
        pool = tuple(TEMPLATES) if params["helpers"] else SIMPLE
        for _ in range(200):
            lines, described, _ = make_program(rng, params["parts"], pool)
            tree, tests = parse("\n".join(lines)), []
            for _ in range(params["n_tests"]):
                inputs = random_inputs(rng)
                tests.append([inputs, outputs(tree, inputs)])
            if any(isinstance(out, str) for _, out in tests):
                continue
            n = rng.randrange(len(lines)) + 1
            options = mutations(lines[n - 1])
            if not options:
                continue
            buggy = lines[:n - 1] + [rng.choice(options)] + lines[n:]
            if not passes(buggy, tests):
                break
        else:  # pragma: no cover - the draw above succeeds within a few tries
            raise ValueError("no failing bug found")
        check = {"lines": buggy, "tests": tests, "show_limit": params["show_limit"], "bug_line": n, "budget": 0}
        answer = ["run", *(f"show {a}-{min(len(buggy), a + params['show_limit'] - 1)}"
                           for a in range(1, len(buggy) + 1, params["show_limit"])),
                  f"fix {n}: {bare(lines[n - 1])}"]
        check["budget"] = len(answer) + params["slack"]
        what = "\n".join(f"  - {d}" for d in described)
        question = (
            f"A program in Tiny, a small language, has {len(buggy)} lines and exactly one buggy line. It should "
            f"do the following, printing the results in this order:\n{what}\n"
            f"Its inputs are xs (a list of integers), t and n (integers). It has {plural(len(tests), 'test')}; "
            "some fail.\n\n"
            f"{LANGUAGE}\n\n"
            "Commands (one per turn):\n"
            "  run            run every test (run K runs test K) and show inputs, expected and actual output\n"
            f"  show A-B       print lines A to B with their numbers (at most {params['show_limit']} lines; "
            "show N prints one line)\n"
            "  fix N: LINE    replace line N with LINE (one line of code) and run the whole suite: if every test "
            "passes you win, otherwise the fix is not applied. The line keeps its indentation, and the braces it "
            "opens or closes may be left out (fix 3: while (i < n) keeps line 3's final {)\n"
            f"A test that runs more than {RUN_STEPS:,} interpreter steps fails. Every command, valid or not, uses "
            f"a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(answer), check)

    def effort(self, problem):
        # the reference runs the suite, reads every line, and tries single-token fixes line by
        # line: every candidate up to the buggy line is one trial of the suite
        check = problem.check
        trials = sum(len(mutations(line)) for line in check["lines"][:check["bug_line"]])
        return len(check["tests"]) + len(check["lines"]) + trials

    def start(self, problem):
        return {"ran": False, "seen": []}

    def _report(self, check, picked):
        out, tree = [], check["lines"]
        try:
            tree = parse("\n".join(check["lines"]))
        except TinyError:
            pass
        for k in picked:
            inputs, expected = check["tests"][k - 1]
            got = outputs(tree, inputs)
            verdict = "pass" if got == expected else "FAIL"
            out.append(f"test {k}: {show_inputs(inputs)} -> expected {show_output(expected)}, "
                       f"got {show_output(got)}: {verdict}")
        return "\n".join(out)

    def act(self, problem, state, text):
        check = problem.check
        lines, n_lines = check["lines"], len(check["lines"])
        m = _RUN.match(text)
        if m:
            which = m.group(1)
            if which is None or which.lower() == "all":
                state["ran"] = True
                return self._report(check, range(1, len(check["tests"]) + 1)), None
            k = int(which)
            if not 1 <= k <= len(check["tests"]):
                return f"There is no test {k}: tests are numbered 1 to {len(check['tests'])}.", None
            return self._report(check, [k]), None
        m = _SHOW.match(text)
        if m:
            a = int(m.group(1)) if m.group(1) else 1
            b = int(m.group(2)) if m.group(2) else (a if m.group(1) else min(n_lines, check["show_limit"]))
            if not 1 <= a <= b <= n_lines:
                return f"Lines run from 1 to {n_lines}; ask for show A-B with 1 <= A <= B <= {n_lines}.", None
            if b - a + 1 > check["show_limit"]:
                return f"show prints at most {check['show_limit']} lines at a time.", None
            for k in range(a, b + 1):
                if k not in state["seen"]:
                    state["seen"].append(k)
            return "\n".join(f"{k:>3} | {lines[k - 1]}" for k in range(a, b + 1)), None
        m = _FIX.match(text)
        if m:
            n, new = int(m.group(1)), m.group(2).strip()
            if not 1 <= n <= n_lines:
                return f"There is no line {n}: lines run from 1 to {n_lines}.", None
            if not new or "\n" in new:
                return "A fix is one line of code: fix N: LINE.", None
            fixed = lines[:n - 1] + [with_braces(lines[n - 1], new)] + lines[n:]
            try:
                tree = parse("\n".join(fixed))
            except TinyError as exc:
                return f"Fix rejected: the program no longer parses ({exc}).", None
            failing = [k for k, (inputs, expected) in enumerate(check["tests"], 1) if outputs(tree, inputs) != expected]
            if not failing:
                return (f"Fix accepted: line {n} is now {fixed[n - 1].strip()!r} and all {len(check['tests'])} "
                        f"tests pass.", WIN)
            return (f"Fix rejected: with that line, {plural(len(failing), 'test')} still "
                    f"{'fails' if len(failing) == 1 else 'fail'} "
                    f"({', '.join(map(str, failing))}). The program is unchanged.", None)
        return "Unknown command: use run, run K, show A-B, show N or fix N: LINE.", None

    def unsolved(self, problem, state):
        return "the bug was not fixed."

    def plan(self, problem, state):
        check = problem.check
        if not state["ran"]:
            return "run"
        n_lines, limit = len(check["lines"]), check["show_limit"]
        for a in range(1, n_lines + 1):
            if a not in state["seen"]:
                return f"show {a}-{min(n_lines, a + limit - 1)}"
        found = find_fix(check["lines"], check["tests"])
        return f"fix {found[0]}: {found[1]}" if found else "run"

