"""Injection payloads, and a monitor that records any attempt to execute code, start a process
or write a file while model text is being checked.

A verifier reads text written by a model that is optimised to get reward, so it is treated as
hostile. The security tests (tests/security/) and the fuzz benchmark (bench/fuzz.py) feed these
payloads to every verifier and every interactive step inside `Monitor()`:

    with Monitor() as seen:
        task.verify(problem, "<answer>__import__('os').system('touch x')</answer>")
    assert not seen.events

The monitor uses two independent layers: a Python audit hook (PEP 578), which sees code being
compiled and executed from strings, processes being started and files opened for writing, from
any module and through any alias; and patches of the process-starting functions in `os`,
`subprocess` and `pty` that record the call and raise, so nothing can actually start even if the
hook missed it. Audit hooks cannot be removed once added, so one hook is added per process and
does nothing unless a monitor is active.
"""
from __future__ import annotations

import os
import sys
import threading

# --------------------------------------------------------------------------- payloads

PYTHON = [
    "__import__('os').system('touch pwned_py')",
    "open('pwned_open', 'w').write('x')",
    "exec(\"open('pwned_exec','w')\")",  # safe: an attack string the tests feed to verifiers, never run
    "eval(\"__import__('os').system('touch pwned_eval')\")",  # safe: an attack string the tests feed to verifiers, never run
    "compile('import os', 'f', 'exec')",
    "().__class__.__bases__[0].__subclasses__()",
    "[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == 'Popen'][0](['touch', 'pwned_sub'])",
    "lambda: __import__('subprocess').run(['touch', 'pwned_lambda'])",
    "import os; os.system('touch pwned_import')",
    "x if open('pwned_cond', 'w') else 1",
    "globals()['__builtins__']['eval']('1')",
    "breakpoint()",
    "getattr(__builtins__, 'exec')('1')",
    "Symbol('x').__class__.__init__.__globals__",
    "sympify(\"__import__('os').system('touch pwned_sympify')\")",  # safe: an attack string the tests feed to verifiers, never run
    "x.subs(x, __import__('os').system('touch pwned_subs'))",
    "Function('system')('touch pwned_function')",
    "cos\nsystem\n(S'touch pwned_pickle'\ntR.",  # a pickle opcode stream
    "!!python/object/apply:os.system ['touch pwned_yaml']",
    "9**9**9**9",
    "10^10^10^10",
]
SHELL = [
    "$(touch pwned_sh)", "`touch pwned_tick`", "; touch pwned_semicolon", "| touch pwned_pipe",
    "&& touch pwned_and", "\ntouch pwned_newline\n", "$(rm -rf ~)", "'; DROP TABLE results; --",
    "../../../../etc/passwd", "/dev/zero", "\x00touch pwned_nul",
]
LATEX = [
    "\\input{/etc/passwd}", "\\include{pwned}", "\\write18{touch pwned_tex}", "\\immediate\\write18{touch pwned_tex2}",
    "\\def\\x{\\x}\\x", "\\newcommand{\\a}{\\a}\\a", "\\openout1=pwned_tex3 \\write1{x}\\closeout1",
    "\\catcode`\\^=7", "\\frac{\\frac{\\frac{1}{2}}{3}}{\\input{/etc/passwd}}", "\\sqrt[\\write18{touch pwned}]{2}",
    "\\boxed{\\boxed{\\boxed{" * 50, "\\left(" * 2000 + "x" + "\\right)" * 2000,
]
FORMAT = [
    "{0.__class__.__mro__}", "{x.__init__.__globals__}", "{problem.check}", "%s%s%s%n%x", "%(answer)s", "{0!r}{1!r}",
    "{!r:>{width}}", "${7*7}", "{{7*7}}", "#{7*7}", "<%= 7*7 %>", "{answer}", "{0}{1}{2}",
]
INJECTIONS = PYTHON + SHELL + LATEX + FORMAT


def wrapped(payload: str, style: str = "tag") -> str:
    """The payload as a response marked for an answer style ("tag", "boxed" or "raw")."""
    if style == "tag":
        return f"Let me answer.\n<answer>{payload}</answer>"
    if style == "boxed":
        return f"So the answer is \\boxed{{{payload}}}."
    return payload


# --------------------------------------------------------------------------- monitor

# Audit events that mean a process is starting or something is being changed on disk.
_PROCESS_EVENTS = {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "os.startfile",
                   "subprocess.Popen", "pty.spawn", "ctypes.dlopen", "ctypes.call_function"}
_CHANGE_EVENTS = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link", "os.truncate",
                  "os.chmod", "os.chown", "shutil.rmtree", "shutil.move", "shutil.copyfile", "os.putenv",
                  "os.unsetenv", "socket.connect", "socket.bind", "urllib.Request", "http.client.connect",
                  "pickle.find_class"}  # not marshal: every import loads .pyc files with it
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

_STATE = threading.local()
_HOOK_ADDED = False
_HOOK_LOCK = threading.Lock()


def _active() -> list | None:
    return getattr(_STATE, "events", None)


def _from_source_file(code) -> bool:
    """Module code run by an import has a real file (or a frozen module) as its filename; code
    compiled from a string has '<string>' or similar."""
    filename = getattr(code, "co_filename", "")
    return filename.startswith("<frozen ") or os.path.isfile(filename)


def _writes(mode, flags) -> bool:
    if isinstance(mode, str) and any(ch in mode for ch in "wax+"):
        return True
    return isinstance(flags, int) and flags & _WRITE_FLAGS != 0


def _hook(event: str, args: tuple) -> None:
    events = _active()
    if events is None:
        return
    if event == "exec":
        if not _from_source_file(args[0] if args else None):
            events.append(("exec", repr(getattr(args[0], "co_filename", args))[:80]))
    elif event == "open":
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        if _writes(mode, flags):
            events.append(("open for writing", repr(path)[:120]))
    elif event in _PROCESS_EVENTS or event in _CHANGE_EVENTS or event.startswith("os.exec"):
        events.append((event, repr(args)[:120]))


def _install_hook() -> None:
    global _HOOK_ADDED
    with _HOOK_LOCK:
        if not _HOOK_ADDED:
            sys.addaudithook(_hook)
            _HOOK_ADDED = True


_PATCHED = {
    "os": ["system", "popen", "fork", "forkpty", "execv", "execve", "execl", "execle", "execlp", "execlpe", "execvp",
           "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe",
           "posix_spawn", "posix_spawnp"],
    "subprocess": ["Popen", "run", "call", "check_call", "check_output", "getoutput", "getstatusoutput"],
    "pty": ["spawn", "fork"],
}


class ProcessStartAttempt(RuntimeError):
    """Raised by the patched process-starting functions while a Monitor is active."""


class Monitor:
    """Records code execution from strings, process starts and file writes in this thread.

    `events` lists (event, detail) pairs. While active, the process-starting functions of os,
    subprocess and pty are replaced by recorders that raise ProcessStartAttempt (so a monitor
    is meant for tests and benchmarks, one at a time per process).
    """

    def __init__(self):
        self.events: list[tuple[str, str]] = []
        self._saved: list[tuple[object, str, object]] = []

    def __enter__(self) -> "Monitor":
        import importlib

        _install_hook()
        for module_name, names in _PATCHED.items():
            module = importlib.import_module(module_name)
            for name in names:
                if hasattr(module, name):
                    self._saved.append((module, name, getattr(module, name)))
                    setattr(module, name, self._recorder(f"{module_name}.{name}"))
        _STATE.events = self.events
        return self

    def __exit__(self, *exc) -> None:
        _STATE.events = None
        for module, name, original in reversed(self._saved):
            setattr(module, name, original)
        self._saved.clear()

    def _recorder(self, qualified: str):
        events = self.events

        def refuse(*args, **kwargs):
            events.append((qualified, repr(args)[:120]))
            raise ProcessStartAttempt(f"{qualified} was called while checking model text")

        return refuse
