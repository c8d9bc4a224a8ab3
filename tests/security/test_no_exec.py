"""No code path may execute text: an AST scan of every package folder for the calls that would.

Model text reaches verifiers (generators/, procgym/), envs, agents, the trainer and the
leaderboard. A banned call anywhere in those folders fails this test unless it is listed in
ALLOWED with the reason it is safe; a reviewer reads the reason. The safe-parsing module
(procgym/parsing.py) needs no entry: it parses with `ast.parse`, which only parses.

Scanning the AST (not grepping) means `re.compile` and `model.eval()` are not confused with the
builtins, and aliases (`from sympy import sympify as s`, `import pickle as p`) are still caught.
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ["procgym", "generators", "envs", "agents", "training", "leaderboard"]

BUILTINS = {"eval", "exec", "compile", "__import__", "breakpoint"}  # called by bare name
MODULE_CALLS = {  # module -> banned attributes (None: every call into the module)
    "subprocess": None, "pickle": {"load", "loads", "Unpickler"}, "marshal": {"load", "loads"},
    "shelve": None, "dill": None, "cloudpickle": None, "pty": None,
    "os": {"system", "popen", "fork", "forkpty", "execv", "execve", "execl", "execle", "execlp", "execlpe", "execvp",
           "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe",
           "posix_spawn", "posix_spawnp", "startfile"},
    "sympy": {"sympify", "parse_expr", "lambdify", "parse_latex", "S", "simplify_logic"},
    "yaml": {"load", "unsafe_load", "full_load", "load_all", "unsafe_load_all"},
    "sqlite3": None,  # runs SQL text: only the sql tasks' sandbox may, below
}
SYMPY_NAMES = {"sympify", "parse_expr", "lambdify", "parse_latex"}  # banned however imported
MODULE_ALIASES = {"sp": "sympy", "sym": "sympy"}

# (file relative to the repo root, enclosing function or "<module>") -> why it is safe
ALLOWED = {
    ("procgym/contract.py", "<module>"): "imports subprocess for fingerprints_in_subprocess (below)",
    ("procgym/contract.py", "fingerprints_in_subprocess"):
        "runs procgym's own fixed fingerprint code in a fresh interpreter with a list of registered task "
        "names as its argument (argv, no shell); used by the contract tests, never on model text",
    ("envs/serve/listen.py", "<module>"): "imports subprocess for child (below)",
    ("envs/serve/listen.py", "child"):
        "starts `python -m procgym.cli serve --port 0 ARGS` (procgym's own server, argv list, no shell) "
        "for the serve tests, docs examples and bench/serve.py; ARGS come from the caller's code, never "
        "from a model or a client",
    ("generators/sql/_sandbox.py", "<module>"): "imports sqlite3 for the SQL sandbox's _open (below)",
    ("generators/sql/_sandbox.py", "_open"):
        "opens a fresh in-memory SQLite database holding only the problem's own tables; model SQL runs "
        "there under an authorizer that allows only SELECT, reading those tables and a fixed list of pure "
        "functions (no ATTACH, PRAGMA, writes or load_extension), with PRAGMA query_only, size limits, "
        "VM-step and CPU-time limits and a row cap (run_query)",
    ("envs/task_env.py", "_info"):
        "unpickles only the bytes reset() itself pickled from the episode's problem record (a fast deep "
        "copy for each info dict); no bytes from a model, a file or the network reach pickle.loads",
}


def _banned_calls(tree: ast.AST):
    """(line, function, what) for every banned call or import in a module's AST."""
    aliases = dict(MODULE_ALIASES)  # local name -> module
    imported = {}  # local name -> "module.attr" for `from module import attr`
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                aliases[a.asname or a.name.split(".")[0]] = a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module:
            top = node.module.split(".")[0]
            for a in node.names:
                imported[a.asname or a.name] = f"{top}.{a.name}"
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            what = _judge(child, aliases, imported)
            if what:
                found.append((child.lineno, function, what))
            visit(child, name)

    visit(tree, "<module>")
    return found


def _judge(node, aliases, imported) -> str | None:
    if isinstance(node, ast.Import):
        for a in node.names:
            top = a.name.split(".")[0]
            if top in MODULE_CALLS and MODULE_CALLS[top] is None:
                return f"import {a.name}"
            if a.name.startswith("sympy.parsing"):
                return f"import {a.name}"
    if isinstance(node, ast.ImportFrom) and node.module:
        top = node.module.split(".")[0]
        for a in node.names:
            banned = MODULE_CALLS.get(top, set())
            if banned is None or a.name in (banned or set()) or (top == "sympy" and a.name in SYMPY_NAMES) \
                    or node.module.startswith("sympy.parsing"):
                return f"from {node.module} import {a.name}"
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name):
        if func.id in BUILTINS:
            return f"{func.id}()"
        if func.id in imported:
            module, _, attr = imported[func.id].partition(".")
            banned = MODULE_CALLS.get(module, set())
            if banned is None or attr in (banned or set()):
                return f"{imported[func.id]}()"
        if func.id == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and node.args[1].value in BUILTINS | SYMPY_NAMES | {"system", "popen", "loads"}:
            return f"getattr(..., {node.args[1].value!r})"
    if isinstance(func, ast.Attribute):
        base = func.value
        while isinstance(base, ast.Attribute):  # sympy.core.sympify.sympify -> sympy
            base = base.value
        if isinstance(base, ast.Name):
            module = aliases.get(base.id, base.id if base.id in MODULE_CALLS or base.id == "builtins" else None)
            if module == "builtins" and func.attr in BUILTINS:
                return f"builtins.{func.attr}()"
            if module in MODULE_CALLS:
                banned = MODULE_CALLS[module]
                if banned is None or func.attr in banned:
                    return f"{module}.{func.attr}()"
        if func.attr in SYMPY_NAMES:
            return f".{func.attr}()"
        if func.attr == "load" and isinstance(base, ast.Name) and aliases.get(base.id) == "torch":
            weights_only = [k for k in node.keywords if k.arg == "weights_only"]
            if not (weights_only and isinstance(weights_only[0].value, ast.Constant) and weights_only[0].value.value is True):
                return "torch.load() without weights_only=True (unpickles arbitrary objects)"
    return None


def _sources():
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path


def test_no_banned_calls_outside_the_allowlist():
    offences = []
    used = set()
    for rel, path in _sources():
        for line, function, what in _banned_calls(ast.parse(path.read_text(encoding="utf-8"), filename=rel)):
            if (rel, function) in ALLOWED:
                used.add((rel, function))
                continue
            offences.append(f"{rel}:{line} in {function}: {what}")
    assert not offences, "code that can execute text (add to ALLOWED with a reason only after review):\n" + \
        "\n".join(offences)
    assert used == set(ALLOWED), f"stale allowlist entries: {sorted(set(ALLOWED) - used)}"


def test_the_allowlist_gives_a_reason_for_each_entry():
    for (rel, function), reason in ALLOWED.items():
        assert (ROOT / rel).is_file(), rel
        assert len(reason.split()) >= 5, f"{rel}:{function} needs a real reason"


# ------------------------------------------------------------------ the scan itself bites

@pytest.mark.parametrize("source,what", [
    ("eval(text)", "eval()"),
    ("exec(code)", "exec()"),
    ("compile(s, 'f', 'exec')", "compile()"),
    ("import builtins\nbuiltins.eval(s)", "builtins.eval()"),
    ("import sympy\nsympy.sympify(s)", "sympy.sympify()"),
    ("import sympy as sp\nsp.S(s)", "sympy.S()"),
    ("from sympy import sympify as safe\nsafe(s)", "from sympy import sympify"),
    ("from sympy.parsing.sympy_parser import parse_expr", "from sympy.parsing.sympy_parser import parse_expr"),
    ("import pickle as p\np.loads(b)", "pickle.loads()"),
    ("from pickle import loads\nloads(b)", "from pickle import loads"),
    ("import subprocess", "import subprocess"),
    ("import os\nos.system(s)", "os.system()"),
    ("import os\nos.posix_spawn(p, a, e)", "os.posix_spawn()"),
    ("getattr(__builtins__, 'exec')(s)", "getattr(..., 'exec')"),
    ("x.lambdify(s)", ".lambdify()"),
    ("import torch\ntorch.load(path)", "torch.load() without weights_only=True (unpickles arbitrary objects)"),
])
def test_scan_catches(source, what):
    assert what in [w for _, _, w in _banned_calls(ast.parse(source))]


@pytest.mark.parametrize("source", [
    "import re\nre.compile('x')", "model.eval()", "import ast\nast.parse(s)", "import torch\ntorch.load(p, weights_only=True)",
    "import sympy\nsympy.Symbol('x')", "import os\nos.path.join(a, b)", "sympy.S.Zero",
])
def test_scan_allows(source):
    assert _banned_calls(ast.parse(source)) == []
