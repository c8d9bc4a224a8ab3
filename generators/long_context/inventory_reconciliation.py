"""Stock movements across warehouses: one item's final count at one warehouse, after stocktakes."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._haystack import CITIES, below, budget, density_knob, tokens_knob

LINE_CHARS = 52  # the mean length of one movement line with its line break


def sku_lookalikes(code: str) -> list[str]:
    """Item codes one slip away from `code`: two neighbouring digits swapped, or one digit off by one."""
    out = {code[:i] + code[i + 1] + code[i] + code[i + 2:] for i in range(len(code) - 1) if code[i] != code[i + 1]}
    out |= {code[:i] + str((int(ch) + 1) % 10) + code[i + 1:] for i, ch in enumerate(code)}
    return sorted(out - {code})


def final_counts(opening: dict, moves: list) -> dict:
    """Every (item, warehouse) count after the log is replayed: receipts add, shipments take away,
    transfers move stock between warehouses, and a stocktake sets the count outright."""
    count = dict(opening)
    for kind, qty, item, *where in moves:
        if kind == "receive":
            count[item, where[0]] = count.get((item, where[0]), 0) + qty
        elif kind == "ship":
            count[item, where[0]] = count.get((item, where[0]), 0) - qty
        elif kind == "transfer":
            count[item, where[0]] = count.get((item, where[0]), 0) - qty
            count[item, where[1]] = count.get((item, where[1]), 0) + qty
        else:  # stocktake
            count[item, where[0]] = qty
    return count


def move_text(i: int, move) -> str:
    kind, qty, item, *where = move
    ref = f"MV-{i + 1:05d}"
    if kind == "receive":
        return f"{ref} received {qty} x SKU-{item} at {where[0]}"
    if kind == "ship":
        return f"{ref} shipped {qty} x SKU-{item} from {where[0]}"
    if kind == "transfer":
        return f"{ref} moved {qty} x SKU-{item} from {where[0]} to {where[1]}"
    return f"{ref} stocktake at {where[0]}: SKU-{item} counted {qty} on the shelf"


@register
class InventoryReconciliation(Task):
    """Opening stock of items at several warehouses, then a long log of movements: receipts,
    shipments, transfers between warehouses, and stocktakes that set a count outright (the
    shelf count replaces whatever the books said). Give one item's final count at one
    warehouse. Near misses are movements of look-alike item codes (two digits swapped, one digit
    off), of the asked item at other warehouses, and stocktakes that make the earlier
    movements irrelevant. Levels grow the log from about 1,000 tokens to 32,000 at level 10
    (46,000 at 20), the warehouses, and the share of near misses.

    Generation: about 500 problems/s at level 5 measured on a heavily loaded shared core, the same
    as long_context/running_state in the same run (476/s; 950/s in its docstring). A level-5 prompt
    is about 28,000 characters, some 540 movements each needing a few seeded draws, so the rate is
    bound by the document's size (no search or retry)."""

    name = "long_context/inventory_reconciliation"
    knobs = (
        tokens_knob(),
        Knob("warehouses", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12], (2, 20),
             doc="warehouses in the log"),
        density_knob("percent of the movements that are near misses (look-alike items, the item elsewhere)"),
    )
    answer_format = "an integer, the number of units on hand"
    example = "-1"  # a count on hand is never negative

    def build(self, rng, params):
        n_moves = max(12, budget(params) // LINE_CHARS)
        share = params["distractor_pct"] / 100
        sites = rng.sample(CITIES, params["warehouses"])
        site = sites[0]
        item = f"{1000 + below(rng, 9000)}"
        near = sku_lookalikes(item)
        near = [near[i] for i in sorted(rng.sample(range(len(near)), 3))]
        others = sorted({f"{1000 + below(rng, 9000)}" for _ in range(max(6, min(120, n_moves // 12)))}
                        - set(near) - {item})
        items = sorted([item] + near + others)
        stock = {(it, s): 10 * (1 + below(rng, 30)) for it in items for s in sites}
        opening = dict(stock)
        p_target = min(0.3, max(0.05, 10 / n_moves))
        rand = rng.random
        moves, touched = [], []
        n_near, n_others, n_sites = len(near), len(others), len(sites)
        for i in range(n_moves):
            x = rand()
            if x < p_target:
                it, s = item, site
            elif x < p_target + share:
                if rand() < 0.5:
                    it, s = near[int(rand() * n_near)], site
                else:
                    it, s = item, sites[1 + int(rand() * (n_sites - 1))]
            else:
                it, s = others[int(rand() * n_others)], sites[int(rand() * n_sites)]
            y = rand()
            have = stock[it, s]
            if y < 0.06 * (1 + share):  # a stocktake: the shelf count differs a little from the books
                qty = max(0, have + int(rand() * 11) - 5)
                move = ("stocktake", qty, it, s)
            elif y < 0.45 or have == 0:
                move = ("receive", 1 + int(rand() * 60), it, s)
            elif y < 0.75:
                move = ("ship", 1 + int(rand() * have), it, s)
            else:
                other = sites[int(rand() * n_sites)]
                if other == s:
                    other = sites[(sites.index(s) + 1) % n_sites]
                qty = 1 + int(rand() * have)
                move = ("transfer", qty, it, s, other) if rand() < 0.5 or stock[it, other] < qty else \
                    ("transfer", qty, it, other, s)
            moves.append(move)
            kind, qty, it2, *where = move
            if kind == "transfer":
                stock[it2, where[0]] -= qty
                stock[it2, where[1]] += qty
            elif kind == "stocktake":
                stock[it2, where[0]] = qty
            else:
                stock[it2, where[0]] += qty if kind == "receive" else -qty
            if it2 == item and site in where:
                touched.append(i)
        value = final_counts(opening, moves)[item, site]  # the reference solution: the log replayed
        last_take = max([i for i in touched if moves[i][0] == "stocktake" and moves[i][3] == site], default=-1)
        steps = sum(1 for i in touched if i >= last_take)  # movements that still count after the last stocktake
        rows = "\n".join(f"SKU-{it}  " + "  ".join(f"{s} {opening[it, s]}" for s in sites) for it in items)
        question = ("Opening stock, units on hand per warehouse:\n" + rows + "\n\nStock movements, in the order "
                    "they happened (a stocktake replaces the count of that item at that warehouse with the number "
                    "counted on the shelf; a move takes stock from the first warehouse to the second):\n" +
                    "\n".join(move_text(i, m) for i, m in enumerate(moves)) +
                    f"\n\nHow many units of SKU-{item} are on hand at {site} after every movement? Look-alike "
                    "item codes are different items.")
        return Draft(question, str(value), {"value": value, "lines": len(moves) + len(items), "steps": steps})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the number of units on hand")

    def effort(self, problem):
        # every line is read; the asked item's movements at the warehouse since its last stocktake are applied
        return problem.check["lines"] + problem.check["steps"]
