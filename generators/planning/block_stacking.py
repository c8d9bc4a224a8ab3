"""Block stacking: rearrange towers of lettered blocks into goal towers, one clear block at a time."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for

LETTERS = "ABCDEFGHIJKLMNOPQRST"
TABLE = -1
_MOVE = re.compile(r"^(?:move|put|place|stack)\s+(?:block\s+)?([a-t])\s+(?:onto|on|on top of|to)\s+"
                   r"(?:(?:the\s+)?(table)|(?:block\s+)?([a-t]))$")


def final(on: list[int], goal: list[int], x: int) -> bool:
    """Whether block x and everything under it already stand as in the goal."""
    while x != TABLE:
        if on[x] != goal[x]:
            return False
        x = on[x]
    return True


def clear_blocks(on: list[int]) -> list[int]:
    under = set(on)
    return [x for x in range(len(on)) if x not in under]


def greedy_move(on: list[int], goal: list[int], stats: dict | None = None) -> tuple[int, int] | None:
    """The tower-building policy: put a clear block straight onto its goal place when that place is
    ready (the table, or a clear block that is final itself); otherwise unstack a clear misplaced
    block onto the table. Lowest letter first. None when the goal is reached. Every block moves at
    most twice, so at most 2n moves."""
    clear = clear_blocks(on)
    if stats is not None:
        stats["checks"] = stats.get("checks", 0) + len(clear)
    for x in clear:
        if final(on, goal, x):
            continue
        y = goal[x]
        if y == TABLE or (y in clear and y != x and final(on, goal, y)):
            return x, y
    for x in clear:
        if not final(on, goal, x) and on[x] != TABLE:
            return x, TABLE
    return None


def towers(on: list[int]) -> list[list[int]]:
    """The towers, each bottom first, ordered by their bottom block."""
    above = {b: x for x, b in enumerate(on) if b != TABLE}
    result = []
    for x in range(len(on)):
        if on[x] == TABLE:
            tower = [x]
            while tower[-1] in above:
                tower.append(above[tower[-1]])
            result.append(tower)
    return result


def tower_text(on: list[int]) -> str:
    return "; ".join(" on ".join(LETTERS[x] for x in reversed(t)) + " on the table" for t in towers(on))


def random_towers(rng, n: int) -> list[int]:
    order = list(range(n))
    rng.shuffle(order)
    on, k = [TABLE] * n, rng.randint(1, max(1, (n + 1) // 2))
    cuts = sorted(rng.sample(range(1, n), k - 1)) if k > 1 else []
    for lo, hi in zip([0] + cuts, cuts + [n]):
        for i in range(lo + 1, hi):
            on[order[i]] = order[i - 1]
    return on


@register
class BlockStacking(TurnBudgetTask):
    """Blocks world: lettered blocks stand in towers on an unlimited table; move a clear block (no
    block on it) onto the table or onto another clear block until the towers match the goal, within
    a move budget. The reference policy builds the goal towers bottom up: it puts a block straight
    on its goal place whenever that place is ready and otherwise clears a misplaced block to the
    table; the budget is its moves plus slack, so with no slack the agent must plan at least as
    well. Higher levels: more blocks, taller towers and no slack."""

    name = "planning/block_stacking"
    knobs = (
        Knob("n_blocks", [3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (2, 20),
             doc="blocks"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="moves allowed beyond the reference policy's, as a percent of them (rounded up)"),
    )
    answer_format = "an action: move <block> onto <block>, or move <block> onto table"
    example = "move Z onto table"  # there is no block Z
    lowercase = True
    invalid_hint = "write move and a block letter, then onto and a block letter or table (move A onto B)"

    tools = (Tool("move", "Move a clear block onto another clear block or onto the table.", "move {block} onto {target}",
                  (Param("block", "string", "the letter of the block to move", enum=tuple(LETTERS)),
                   Param("target", "string", "the letter of the block to put it on, or table",
                         enum=tuple(LETTERS) + ("table",)))),)

    def build(self, rng, params):
        n = params["n_blocks"]
        start = random_towers(rng, n)
        goal = random_towers(rng, n)
        for _ in range(20):  # bounded: a goal equal to the start is no puzzle
            if goal != start:
                break
            goal = random_towers(rng, n)
        if goal == start:
            goal = [TABLE] * n if any(b != TABLE for b in start) else [TABLE] + list(range(n - 1))
        steps = self.line(start, goal)
        budget = budget_for(len(steps), params["slack_percent"])
        question = (
            f"Block stacking. {n} blocks, {', '.join(LETTERS[:n - 1])} and {LETTERS[n - 1]}, stand in towers "
            f"on a table with room for any number of towers. A block is clear when no block is on it. "
            f"Each turn, move one clear block onto the table or onto another clear block (move A onto B, "
            f"move A onto table). Reach the goal towers. A refused or invalid action still uses a turn. "
            f"You have {budget} turns.\n\nGoal: {tower_text(goal)}.\nNow: {tower_text(start)}.")
        check = {"start": start, "goal": goal, "budget": budget, "policy_moves": len(steps)}
        return self.draft(question, "\n".join(steps), check)

    @staticmethod
    def say(move) -> str:
        x, y = move
        return f"move {LETTERS[x]} onto {'table' if y == TABLE else LETTERS[y]}"

    def line(self, start, goal) -> list[str]:
        on, steps = list(start), []
        for _ in range(2 * len(on) + 1):
            move = greedy_move(on, goal)
            if move is None:
                return steps
            steps.append(self.say(move))
            on[move[0]] = move[1]
        raise RuntimeError("block stacking: the policy did not finish within 2n moves")

    def effort(self, problem):
        on, goal, stats = list(problem.check["start"]), problem.check["goal"], {}
        while (move := greedy_move(on, goal, stats)) is not None:
            stats["moves"] = stats.get("moves", 0) + 1
            on[move[0]] = move[1]
        return stats["checks"] + stats.get("moves", 0)

    def start(self, problem):
        return {"on": list(problem.check["start"])}

    def act(self, problem, state, text):
        m = _MOVE.match(text)
        if not m:
            return f"Invalid action: {self.invalid_hint}.", None
        on, n = state["on"], len(state["on"])
        x = LETTERS.index(m.group(1).upper())
        y = TABLE if m.group(2) else LETTERS.index(m.group(3).upper())
        if x >= n or y >= n:
            return f"There is no block {LETTERS[max(x, y)]}.", None
        clear = clear_blocks(on)
        if x == y:
            return "A block cannot go on itself.", None
        if x not in clear:
            return f"Block {LETTERS[x]} is not clear.", None
        if y != TABLE and y not in clear:
            return f"Block {LETTERS[y]} is not clear.", None
        if on[x] == y:
            return f"Block {LETTERS[x]} is already there.", None
        on[x] = y
        observation = f"You move {LETTERS[x]} onto {'the table' if y == TABLE else LETTERS[y]}."
        if on == problem.check["goal"]:
            return f"{observation} The towers match the goal.", WIN
        return observation, None

    def view(self, problem, state):
        return f"Now: {tower_text(state['on'])}."

    def unsolved(self, problem, state):
        return "the towers do not match the goal."

    def plan(self, problem, state):
        move = greedy_move(state["on"], problem.check["goal"])
        return self.say(move) if move else "move A onto table"
