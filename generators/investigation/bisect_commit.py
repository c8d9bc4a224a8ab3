"""Find the first bad commit of a history by testing commits, some of which cannot be built."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names, midpoint_probe

_TEST = re.compile(r"^test\s+([0-9a-f]{1,40})$", re.IGNORECASE)


def next_probe(n: int, known: dict) -> int | None:
    """The index the reference policy tests next, from the results so far (None: it answers)."""
    lo = max([0] + [k for k, r in known.items() if r == "pass"])
    hi = min([n - 1] + [k for k, r in known.items() if r == "fail"])
    return midpoint_probe(lo, hi, lambda k: k not in known)


def probes_needed(n: int, skips: set, bad: int) -> int:
    """How many tests the reference policy makes when `bad` is the first bad commit."""
    known: dict = {}
    while (k := next_probe(n, known)) is not None:
        known[k] = "skip" if k in skips else ("fail" if k >= bad else "pass")
    return len(known)


@register
class BisectCommit(TurnBudgetTask):
    """A history of commits is listed oldest first: the oldest is known good, the newest known bad,
    and one commit introduced the bug (every commit from it on fails the test). The agent tests
    commits (pass, fail, or untestable when the commit does not build) and names the first bad
    commit. Higher levels lengthen the history, make more commits untestable (so a bisection
    must step around them), and cut the spare tests down to the reference's worst case.

    The reference policy bisects between the newest passing and the oldest failing commit,
    testing the untested commit nearest the middle. The budget is its worst case over every
    possible first bad commit (the untestable ones held fixed) plus the slack. Neither the first
    bad commit nor its parent is untestable, so the answer is always determined.
    """

    name = "investigation/bisect_commit"
    knobs = (
        Knob("commits", [6, 8, 10, 14, 18, 24, 30, 40, 50, 64, 80, 100, 128, 160, 200, 256, 320, 400, 512, 640],
             (4, 1000), doc="commits in the history"),
        Knob("untestable", [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40], (0, 100),
             doc="commits that do not build"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's worst case"),
    )
    answer_format = "one command per turn: test HASH, or answer HASH (the first bad commit)"
    example = "test 0000000"  # a test never wins
    tools = (Tool("test", "Build and test one commit: pass, fail, or untestable.", "test {commit}",
                  (Param("commit", "string", "the commit's hash"),)),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        n = params["commits"]
        # a letter first, so that a hash reads as a name; the number after it is drawn without
        # repeats, so the hashes are distinct
        hashes = [rng.choice("abcdef") + f"{v:06x}" for v in rng.sample(range(16 ** 6), n)]
        bad = rng.randrange(1, n)
        # never the first bad commit or its parent, so that the answer is determined
        pool = [k for k in range(1, n - 1) if k not in (bad, bad - 1)]
        skips = sorted(rng.sample(pool, min(params["untestable"], len(pool))))
        worst = max(probes_needed(n, set(skips), b) for b in range(1, n) if b not in skips and b - 1 not in skips)
        check = {"hashes": hashes, "bad": bad, "skips": skips, "budget": worst + 1 + params["slack"]}
        question = (
            f"A repository has {n} commits, oldest first: {', '.join(hashes)}.\n"
            f"The oldest, {hashes[0]}, passes the test; the newest, {hashes[-1]}, fails it. One commit introduced "
            "the bug: it and every later commit fail, every earlier one passes. Some commits do not build and "
            "cannot be tested. Find the first bad commit.\n\n"
            "Commands (one per turn):\n"
            "  test HASH      build and test a commit: pass, fail, or untestable\n"
            "  answer HASH    name the first bad commit; this ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the bisection's tests, each halving what is left, and the commits it steps around
        return len(problem.answer.splitlines()) + len(problem.check["skips"])

    def start(self, problem):
        return {"known": {}}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, [check["hashes"][check["bad"]]], True, "one commit hash, as answer HASH")
        m = _TEST.match(text)
        if not m:
            return "Unknown command: use test HASH or answer HASH.", None
        h = m.group(1).lower()
        if h not in check["hashes"]:
            return f"There is no commit {h}.", None
        k = check["hashes"].index(h)
        result = "skip" if k in check["skips"] else ("fail" if k >= check["bad"] else "pass")
        state["known"][h] = result
        shown = {"skip": "untestable (it does not build)", "fail": "fail", "pass": "pass"}[result]
        return f"test {h}: {shown}.", None

    def unsolved(self, problem, state):
        return "the first bad commit was not named."

    def plan(self, problem, state):
        hashes = problem.check["hashes"]
        known = {hashes.index(h): r for h, r in state["known"].items()}
        k = next_probe(len(hashes), known)
        if k is None:
            hi = min([len(hashes) - 1] + [j for j, r in known.items() if r == "fail"])
            return f"answer {hashes[hi]}"
        return f"test {hashes[k]}"
