"""Find the miscounted bin of a stock list by weighing groups of bins on a scale."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask, normalize, plural, preview

from ._answers import ANSWER_TOOL, answer_text

ITEMS = (("bolt", 3), ("nut", 2), ("washer", 1), ("hinge", 7), ("bracket", 11), ("spring", 5), ("pulley", 13),
         ("gear", 9), ("valve", 17), ("clamp", 6))
# a separator is required between names, so that a failed match cannot backtrack over splits
_WEIGH = re.compile(r"^weigh\s+([a-z0-9]{1,8}(?:(?:\s*,\s*|\s+)[a-z0-9]{1,8}){0,199})$", re.IGNORECASE)
_ANSWER = re.compile(r"^([a-z][a-z0-9]{0,7})(?:\s*[,:=]\s*|\s+)?(?:(?<=[\s,:=])(\d{1,6}))?$")


def next_group(order: list[str], readings: list, expected: dict, capacity: int, need_count: bool) -> tuple[list[str] | None, set]:
    """The reference policy from the readings so far: (the bins it weighs next, or None once one
    bin is left and, where `need_count`, a reading of it was off; the candidate bins). Each
    reading of a group keeps the group (its weight is off) or drops it (its weight is as listed)."""
    cand, off_groups = list(order), []
    for group, reading in readings:
        off = reading != sum(expected[b] for b in group)
        cand = [b for b in cand if (b in group) == off]
        if off:
            off_groups.append(group)
    if len(cand) == 1:
        seen_off = any(cand[0] in group for group in off_groups)
        return (None if seen_off or not need_count else [cand[0]]), set(cand)
    if not cand:
        return None, set()
    return cand[:max(1, min(capacity, len(cand) // 2))], set(cand)


def weighings(order, expected, actual, capacity, need_count) -> list:
    """Every weighing the reference makes against the true contents."""
    readings: list = []
    for _ in range(len(order) + 2):
        group, _ = next_group(order, readings, expected, capacity, need_count)
        if group is None:
            return readings
        readings.append([group, sum(actual[b] for b in group)])
    raise RuntimeError("the weighing policy did not settle")  # pragma: no cover


@register
class InventoryAudit(TurnBudgetTask):
    """A stock list gives each bin's item, the weight of one item and the listed count; exactly
    one bin's real count differs from the list. The agent weighs groups of bins on a scale (the
    total weight of their contents) and names the miscounted bin; from level 6 on it must also
    give that bin's real count. Higher levels add bins and kinds of items of different weights,
    limit how many bins fit on the scale at once (levels 11+), and cut the spare weighings down
    to the reference policy's worst case.

    The reference policy halves the suspect bins (at most `capacity` on the scale) and keeps
    whichever part reads off the list; when elimination leaves one bin whose weight it never saw
    off, it weighs that bin alone to learn its count. The budget is its worst case over every
    bin being the miscounted one, plus the slack. Generation plays that worst case over every bin
    to size the budget, so it makes about 1,200 problems/s at level 5 on an idle core, and under
    1,000 on a loaded one.
    """

    name = "investigation/inventory_audit"
    knobs = (
        Knob("bins", [4, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48, 56, 64, 72, 80, 96, 112], (2, 200),
             doc="bins on the stock list"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (1, len(ITEMS)),
             doc="kinds of items, each of its own weight"),
        Knob("ask_count", [False] * 5 + [True] * 15, doc="whether the answer also gives the bin's real count"),
        Knob("capacity", [200] * 10 + [16, 14, 12, 10, 9, 8, 7, 6, 5, 4], (1, 200),
             doc="bins that fit on the scale at once"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's worst case"),
    )
    answer_format = "one command per turn: weigh BIN BIN ..., or answer BIN (with its real count where asked)"
    example = "weigh b0"  # a weighing never wins
    tools = (Tool("weigh", "Weigh the contents of some bins together; the scale shows the total in grams.",
                  "weigh {bins}", (Param("bins", "array", "the bins to put on the scale", items="string"),)),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        n = params["bins"]
        names = [f"b{k}" for k in sorted(rng.sample(range(1, 3 * n + 1), n))]
        kinds = rng.sample(ITEMS, params["kinds"])
        stock = [[b, *rng.choice(kinds), rng.randrange(5, 60)] for b in names]  # bin, item, grams, listed
        k = rng.randrange(n)
        delta = rng.choice([-3, -2, -1, 1, 2, 3])
        expected = {b: g * c for b, _, g, c in stock}
        worst = 0
        for b, _, g, c in stock:
            actual = dict(expected, **{b: g * (c + 1)})
            worst = max(worst, len(weighings(names, expected, actual, params["capacity"], params["ask_count"])))
        check = {"stock": stock, "odd": k, "real": stock[k][3] + delta, "ask_count": params["ask_count"],
                 "capacity": params["capacity"], "budget": worst + 1 + params["slack"]}
        rows = "\n".join(f"  {b}: {c} x {item} ({g} g each)" for b, item, g, c in stock)
        ask = (" and its real count, as answer BIN COUNT (answer b3 12)" if params["ask_count"]
               else ", as answer BIN")
        cap = (f" at most {plural(params['capacity'], 'bin')} at a time" if params["capacity"] < n
               else " any number of bins at once")
        question = (
            f"The stock list of a store room has {plural(n, 'bin')}:\n{rows}\n"
            "Exactly one bin holds a different number of items than listed (the bins and the items are otherwise "
            f"as listed, and the bins themselves weigh nothing). Name that bin{ask}.\n\n"
            "Commands (one per turn):\n"
            f"  weigh B1 B2 ...   put bins on the scale ({cap.strip()}) and read the total weight in grams\n"
            "  answer ...        ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # every bin's listed weight worked out, then every bin put on the scale and added up
        return len(problem.check["stock"]) + sum(len(line.split()) - 1 for line in problem.answer.splitlines())

    def start(self, problem):
        return {"readings": []}

    def _judge(self, check, given):
        given = normalize(given).lower()
        odd = check["stock"][check["odd"]][0]
        m = _ANSWER.match(given)
        if not m or (check["ask_count"] and m.group(2) is None) or (not check["ask_count"] and m.group(2)):
            form = "answer BIN COUNT" if check["ask_count"] else "answer BIN"
            return f"Invalid answer {preview(given)}: write {form}, and nothing else.", None
        shown = f"{odd} {check['real']}" if check["ask_count"] else odd
        right = m.group(1) == odd and (not check["ask_count"] or int(m.group(2)) == check["real"])
        if right:
            return f"Correct: the answer is {shown}.", WIN
        return f"Wrong answer {preview(given)}: the answer was {shown}.", LOSE

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return self._judge(check, given)
        m = _WEIGH.match(text)
        if not m:
            return "Unknown command: use weigh BIN BIN ... or answer.", None
        group = re.split(r"\s*,\s*|\s+", m.group(1).strip())
        known = {row[0]: row for row in check["stock"]}
        for b in group:
            if b not in known:
                return f"There is no bin {b}.", None
        if len(set(group)) != len(group):
            return "Name each bin once per weighing.", None
        if len(group) > check["capacity"]:
            return f"At most {plural(check['capacity'], 'bin')} fit on the scale.", None
        odd = check["stock"][check["odd"]][0]
        total = sum(g * (check["real"] if b == odd else c) for b, _, g, c in (known[b] for b in group))
        state["readings"].append([group, total])
        return f"The scale shows {total} g.", None

    def unsolved(self, problem, state):
        return "the miscounted bin was not named."

    def plan(self, problem, state):
        check = problem.check
        order = [row[0] for row in check["stock"]]
        expected = {b: g * c for b, _, g, c in check["stock"]}
        group, cand = next_group(order, state["readings"], expected, check["capacity"], check["ask_count"])
        if group is not None:
            return "weigh " + " ".join(group)
        b = next(iter(cand))
        if not check["ask_count"]:
            return f"answer {b}"
        row = next(r for r in check["stock"] if r[0] == b)
        dev = next(reading - sum(expected[x] for x in grp) for grp, reading in state["readings"]
                   if b in grp and reading != sum(expected[x] for x in grp))
        return f"answer {b} {row[3] + dev // row[2]}"
