"""Arrangement puzzles: seat people in a row or around a table, or rank them, from clues that
leave exactly one possibility (proven by the position solver in _common)."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, read_items, refused
from procgym.verdict import right, wrong

from ._positions import PositionCSP, pin_down
from ._wording import ordinal

PEOPLE = ("Ann", "Ben", "Cara", "Dan", "Eve", "Finn", "Gail", "Hugo", "Iris", "Jack", "Kim", "Leo")
MORE_PEOPLE = ("Mona", "Nico", "Olga", "Pete")  # for puzzles past 12 people (smaller ones draw from PEOPLE alone)


def _names(rng, n: int) -> list[str]:
    """n distinct names in a fixed order: from PEOPLE, and from MORE_PEOPLE too past 12 people."""
    pool = PEOPLE if n <= len(PEOPLE) else PEOPLE + MORE_PEOPLE
    return sorted(rng.sample(pool, n), key=pool.index)


def _solver_work(n: int, clues, circular: bool) -> int:
    """The position solver's work (search nodes and constraint revisions) to find the arrangement
    and prove that no second one exists."""
    csp = _csp(n, clues, circular)
    csp.solutions(limit=2)
    return csp.work()


def _holds(clue, pos, n, circular) -> bool:
    """Whether `clue` holds when pos[i] is the 0-based seat/place of person i."""
    kind = clue[0]
    if kind == "at":
        return pos[clue[1]] == clue[2]
    if kind == "not_at":
        return pos[clue[1]] != clue[2]
    if kind == "end":
        return pos[clue[1]] in (0, n - 1)
    if kind == "not_end":
        return pos[clue[1]] not in (0, n - 1)
    a, b = pos[clue[1]], pos[clue[2]]
    d = a - b
    if kind == "right_of":  # a is clue[3] seats/places after b
        return (d % n == clue[3] % n) if circular else d == clue[3]
    if kind == "next":
        return (d % n in (1, n - 1)) if circular else abs(d) == 1
    if kind == "not_next":
        return not ((d % n in (1, n - 1)) if circular else abs(d) == 1)
    if kind == "before":
        return a < b
    if kind == "gap":  # exactly clue[3] people between (a row or a ranking)
        return abs(d) == clue[3] + 1
    if kind == "behind_ge":  # a at least clue[3] places after b
        return d >= clue[3]
    if kind == "opposite":
        return d % n == n // 2
    if kind == "one_end":
        return (a in (0, n - 1)) != (b in (0, n - 1))
    if kind == "exactly_one_at":
        return (a == clue[3]) != (b == clue[3])
    if kind == "sandwich":  # b < a < c in order
        return b < a < pos[clue[3]]
    raise ValueError(f"unknown clue {kind!r}")


def _csp(n, clues, circular) -> PositionCSP:
    full = (1 << n) - 1
    ends = 1 | (1 << (n - 1))
    unary: dict[int, int] = {}
    binary = []

    def restrict(v, mask):
        unary[v] = unary.get(v, full) & mask

    for clue in clues:
        kind = clue[0]
        if kind == "at":
            restrict(clue[1], 1 << clue[2])
        elif kind == "not_at":
            restrict(clue[1], full & ~(1 << clue[2]))
        elif kind == "end":
            restrict(clue[1], ends)
        elif kind == "not_end":
            restrict(clue[1], full & ~ends)
        elif kind == "right_of":
            binary.append((clue[1], clue[2], ("right_of", clue[3], circular)))
        elif kind == "next":
            binary.append((clue[1], clue[2], ("next_to", 0, circular)))
        elif kind == "not_next":
            binary.append((clue[1], clue[2], ("not_next_to", 0, circular)))
        elif kind == "before":
            binary.append((clue[1], clue[2], ("before", 0, False)))
        elif kind == "gap":
            binary.append((clue[1], clue[2], ("dist", clue[3] + 1, False)))
        elif kind == "behind_ge":
            binary.append((clue[1], clue[2], ("after_by_ge", clue[3], False)))
        elif kind == "opposite":
            binary.append((clue[1], clue[2], ("opposite", 0, True)))
        elif kind == "one_end":
            binary.append((clue[1], clue[2], ("one_end", 0, False)))
        elif kind == "exactly_one_at":
            binary.append((clue[1], clue[2], ("either_first", clue[3], False)))
        elif kind == "sandwich":
            binary.append((clue[2], clue[1], ("before", 0, False)))
            binary.append((clue[1], clue[3], ("before", 0, False)))
    return PositionCSP(n, n, [list(range(n))], unary, binary)


def _draw(rng, n, pos, kinds, weights, circular):
    """A random clue true of `pos` (person i in 0-based position pos[i]), or None."""
    kind = rng.choices(kinds, weights)[0]
    a = rng.randrange(n)
    b = rng.choice([i for i in range(n) if i != a])
    pa, pb = pos[a], pos[b]
    d = pa - pb
    if kind == "at":
        return ["at", a, pa]
    if kind == "not_at":
        return ["not_at", a, rng.choice([p for p in range(n) if p != pa])]
    if kind == "end":
        return ["end", a] if pa in (0, n - 1) else None
    if kind == "not_end":
        return ["not_end", a] if pa not in (0, n - 1) else None
    if kind == "right_of":
        if circular:
            k = d % n
            return ["right_of", a, b, k] if 1 <= k <= 2 else None
        return ["right_of", a, b, d] if 1 <= d <= 2 else None
    if kind == "next":
        return ["next", a, b] if _holds(["next", a, b], pos, n, circular) else None
    if kind == "not_next":
        return ["not_next", a, b] if _holds(["not_next", a, b], pos, n, circular) else None
    if kind == "before":
        return ["before", a, b] if pa < pb else ["before", b, a]
    if kind == "gap":
        return ["gap", a, b, abs(d) - 1] if abs(d) >= 2 else None
    if kind == "behind_ge":
        return ["behind_ge", a, b, rng.randint(2, d)] if d >= 2 else None
    if kind == "opposite":
        return ["opposite", a, b] if n % 2 == 0 and d % n == n // 2 else None
    if kind == "one_end":
        return ["one_end", a, b] if (pa in (0, n - 1)) != (pb in (0, n - 1)) else None
    if kind == "exactly_one_at":
        spot = rng.choice([0, n - 1])
        return ["exactly_one_at", a, b, spot] if (pa == spot) != (pb == spot) else None
    if kind == "sandwich":
        c = rng.choice([i for i in range(n) if i not in (a, b)])
        trio = sorted((a, b, c), key=lambda i: pos[i])
        return ["sandwich", trio[1], trio[0], trio[2]]
    raise ValueError(kind)


def _make(rng, n, kinds, weights, circular, minimal, redundant):
    pos = list(range(n))
    rng.shuffle(pos)

    def fallback(alt):
        i = next(i for i in range(n) if alt[i] != pos[i])
        return ["at", i, pos[i]]

    clues = pin_down(rng, pos, lambda: _draw(rng, n, pos, kinds, weights, circular),
                     lambda c, s: _holds(c, s, n, circular), lambda cs: _csp(n, cs, circular), fallback, minimal)
    added = 0
    for _ in range(40 * redundant):  # distractors: true clues the solution does not need
        if added >= redundant:
            break
        extra = _draw(rng, n, pos, kinds, weights, circular)
        if extra is not None and extra not in clues:
            clues.append(extra)
            added += 1
    rng.shuffle(clues)
    return clues


_PLACE = re.compile(r"(?:(?:seat|place|position)\s*)?(\d{1,2})\s*[:.)=-]\s*(.*)", re.IGNORECASE | re.S)


def parse_order(answer: str, names) -> list[int]:
    """Person indices, seat by seat, from "Ann, Ben, Cara" (commas, semicolons, new lines or arrows
    between names; names matched case-insensitively), or with numbered places such as
    "1: Ann, 2: Ben" or "Seat 2: Ben, Seat 1: Ann": the numbers then place the people, in any order,
    every place once. NotAnAnswer with a reason otherwise."""
    text = re.sub(r"\s*(?:->|>|\n)\s*", ",", answer.strip())
    items = read_items(text, separators=",;")
    lookup = {n.lower(): i for i, n in enumerate(names)}
    numbered = [_PLACE.fullmatch(item) for item in items]
    if any(numbered) and not all(numbered):
        raise NotAnAnswer("number every place (1: Ann) or none of them")
    places = [int(m.group(1)) for m in numbered] if all(numbered) else list(range(1, len(items) + 1))
    people = [m.group(2) for m in numbered] if all(numbered) else items
    out = [-1] * len(names)
    for place, item in zip(places, people):
        key = " ".join(item.lower().split())
        if key not in lookup:
            raise NotAnAnswer(f"{preview(item, 20)} is not one of the people")
        if lookup[key] in out:
            raise NotAnAnswer(f"{names[lookup[key]]} appears twice")
        if not 1 <= place <= len(names):
            raise NotAnAnswer(f"there is no place {place}: they run from 1 to {len(names)}")
        if out[place - 1] >= 0:
            raise NotAnAnswer(f"place {place} is given twice")
        out[place - 1] = lookup[key]
    if -1 in out:
        missing = next(names[i] for i in range(len(names)) if i not in out)
        raise NotAnAnswer(f"give all {len(names)} people; {missing} is missing")
    return out


def _grade(answer, c):
    names = c["names"]
    try:
        order = parse_order(answer, names)
    except NotAnAnswer as exc:
        return refused(exc)
    pos = [0] * len(names)
    for place, person in enumerate(order):
        pos[person] = place
    for i, clue in enumerate(c["clues"], 1):
        if not _holds(clue, pos, len(names), c["circular"]):
            return wrong(f"Clue {i} is violated.")
    return right()  # every clue holds, and the solver proved only one arrangement does


def _seat_text(clue, names, n, circular):
    def nm(i):
        return names[clue[i]]

    kind = clue[0]
    if kind == "at":
        return f"{nm(1)} sits in seat {clue[2] + 1}."
    if kind == "not_at":
        return f"{nm(1)} does not sit in seat {clue[2] + 1}."
    if kind == "end":
        return f"{nm(1)} sits at one end of the row."
    if kind == "not_end":
        return f"{nm(1)} does not sit at either end of the row."
    if kind == "right_of":
        if circular:
            k = clue[3]
            return (f"{nm(1)} sits immediately clockwise of {nm(2)}." if k == 1 else
                    f"{nm(1)} sits {k} seats clockwise of {nm(2)}.")
        return (f"{nm(1)} sits immediately to the right of {nm(2)}." if clue[3] == 1 else
                f"{nm(1)} sits {clue[3]} seats to the right of {nm(2)}.")
    if kind == "next":
        return f"{nm(1)} sits next to {nm(2)}."
    if kind == "not_next":
        return f"{nm(1)} does not sit next to {nm(2)}."
    if kind == "before":
        return f"{nm(1)} sits somewhere to the left of {nm(2)}."
    if kind == "gap":
        g = clue[3]
        return f"Exactly {g} {'person sits' if g == 1 else 'people sit'} between {nm(1)} and {nm(2)}."
    if kind == "opposite":
        return f"{nm(1)} sits directly opposite {nm(2)}."
    if kind == "one_end":
        return f"Exactly one of {nm(1)} and {nm(2)} sits at an end of the row."
    raise ValueError(kind)


SEAT_TIERS = {
    "row": {1: ("at", "right_of", "end"), 2: ("at", "right_of", "end", "next", "not_at"),
            3: ("at", "right_of", "end", "next", "not_at", "before", "not_end", "not_next"),
            4: ("at", "right_of", "end", "next", "not_at", "before", "not_end", "not_next", "gap", "one_end")},
    "round": {1: ("at", "right_of", "opposite"), 2: ("at", "right_of", "opposite", "next", "not_at"),
              3: ("at", "right_of", "opposite", "next", "not_at", "not_next"),
              4: ("at", "right_of", "opposite", "next", "not_at", "not_next")},
}


@register
class SeatingArrangement(Task):
    """Seat n people in numbered seats, in a row (seats 1 to n from left to right) or around a
    round table (seats 1 to n clockwise), from clues such as "Ann sits immediately to the right
    of Ben", "Cara sits directly opposite Dan" or "exactly 2 people sit between Eve and Finn".
    Clues are added to rule out alternative seatings found by the task's own constraint solver,
    which proves the final clue set leaves exactly one seating (the answer is the solver's).
    The verifier checks the answer is a seating of everyone and then every clue. Higher levels
    add people, switch to the round table (where clockwise offsets and opposite seats take
    more care), unlock negative and distance clues, give fewer direct seat numbers, minimise the
    clue set, and add redundant true clues as distractors. Generation is a solver-driven search
    (one uniqueness proof per added clue and per clue tried for removal), so it may fall below
    1,000 problems/s: 800-1,800/s at level 5 and 400-500/s at level 10 on one core. Past level 10
    the table grows to 14 people (more names past 12) with no direct seat numbers at the top, and
    generation falls to a few dozen problems/s at level 20."""

    name = "logic/seating_arrangement"
    knobs = (
        Knob("n_people", [4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 12, 13, 13, 14, 14], (3, 16),
             doc="people and seats"),
        Knob("table", ["row", "row", "row", ["row", "round"], ["row", "round"], ["row", "round"],
                       ["row", "round"], "round", ["row", "round"], "round"] + [["row", "round"], "round"] * 5,
             choices=("row", "round"), doc="a row of seats or a round table"),
        Knob("kinds", [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4), doc="clue kinds unlocked (tiers 1-4)"),
        Knob("at_weight", [2.0, 1.5, 1.0, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2, 0.2, 0.15, 0.15, 0.1, 0.1, 0.1, 0.05, 0.05,
                           0.05, 0.05, 0.0], (0.0, 10.0), doc="relative weight of clues that give a seat number"),
        Knob("minimal", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="drop clues while the seating stays unique"),
        Knob("redundant", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8], (0, 10),
             doc="extra true clues that are not needed"),
    )
    answer_format = ("the names in seat order, from seat 1 to the last seat, separated by commas")
    example = "Zoe, Max, Una, Ray"  # names no puzzle uses (they come from PEOPLE): never an answer

    def build(self, rng, params):
        n = params["n_people"]
        circular = params["table"] == "round"
        names = _names(rng, n)
        kinds = SEAT_TIERS[params["table"]][params["kinds"]]
        if circular and n % 2:
            kinds = tuple(k for k in kinds if k != "opposite")
        weights = [params["at_weight"] if k == "at" else 1.0 for k in kinds]
        clues = _make(rng, n, kinds, weights, circular, params["minimal"], params["redundant"])
        sols = _csp(n, clues, circular).solutions(limit=2)
        assert len(sols) == 1, "the clues must leave exactly one seating"
        pos = sols[0]
        order = sorted(range(n), key=lambda i: pos[i])
        lines = "\n".join(f"{i}. {_seat_text(c, names, n, circular)}" for i, c in enumerate(clues, 1))
        if circular:
            setting = (f"{n} people ({', '.join(names)}) sit around a round table with seats numbered 1 to {n} "
                       f"clockwise (seat {n} is followed by seat 1). 'k seats clockwise of X' means k steps "
                       f"clockwise from X's seat; 'next to' means in a neighbouring seat"
                       + ("; 'directly opposite' means half the table away." if n % 2 == 0 else "."))
        else:
            setting = (f"{n} people ({', '.join(names)}) sit in a row of seats numbered 1 to {n} from left to "
                       f"right. 'To the right of' means a higher seat number ('immediately' means exactly one "
                       f"higher, 'k seats to the right' exactly k higher); 'to the left of' means a lower seat "
                       f"number; 'next to' means neighbouring seats; 'exactly k people between' counts the people "
                       f"strictly between the two.")
        question = (f"{setting}\n\nClues:\n{lines}\n\nExactly one seating satisfies every clue. Who sits in each "
                    f"seat?")
        return Draft(question, ", ".join(names[i] for i in order),
                     {"names": names, "circular": circular, "clues": clues})

    def effort(self, problem):
        c = problem.check
        return _solver_work(len(c["names"]), c["clues"], c["circular"])

    def grade(self, answer, problem):
        return _grade(answer, problem.check)


def _rank_text(clue, names, ctx):
    ahead, behind, verb = ctx["ahead"], ctx["behind"], ctx["verb"]

    def nm(i):
        return names[clue[i]]

    kind = clue[0]
    if kind == "at":
        return f"{nm(1)} {verb} {ordinal(clue[2] + 1)}."
    if kind == "not_at":
        return f"{nm(1)} did not {ctx['base']} {ordinal(clue[2] + 1)}."
    if kind == "right_of":
        k = clue[3]
        return (f"{nm(1)} {verb} directly {behind} {nm(2)}." if k == 1 else
                f"{nm(1)} {verb} exactly {k} places {behind} {nm(2)}.")
    if kind == "before":
        return f"{nm(1)} {verb} {ahead} {nm(2)}."
    if kind == "gap":
        g = clue[3]
        return (f"Exactly {g} {ctx['who1'] if g == 1 else ctx['whos']} {verb} between {nm(1)} and {nm(2)}.")
    if kind == "behind_ge":
        return f"{nm(1)} {verb} at least {clue[3]} places {behind} {nm(2)}."
    if kind == "exactly_one_at":
        spot = "first" if clue[3] == 0 else "last"
        return f"Exactly one of {nm(1)} and {nm(2)} {verb} {spot}."
    if kind == "sandwich":
        return f"{nm(1)} {verb} {behind} {nm(2)} but {ahead} {names[clue[3]]}."
    raise ValueError(kind)


RANK_TIERS = {1: ("at", "before", "right_of"), 2: ("at", "before", "right_of", "not_at"),
              3: ("at", "before", "right_of", "not_at", "gap", "sandwich"),
              4: ("at", "before", "right_of", "not_at", "gap", "sandwich", "behind_ge", "exactly_one_at")}
CONTEXTS = (
    {"intro": "{n} runners ({names}) finished a race with no ties.", "verb": "finished", "base": "finish",
     "ahead": "ahead of", "behind": "behind", "who1": "runner", "whos": "runners", "first": "first place",
     "last": "last place"},
    {"intro": "{n} people ({names}) stand in a single queue, one behind another; position 1 is the front.",
     "verb": "stood", "base": "stand", "ahead": "ahead of", "behind": "behind", "who1": "person",
     "whos": "people", "first": "the front", "last": "the back"},
)


@register
class OrderingPuzzle(Task):
    """Rank n people (a race finish or a queue) from clues such as "Ann finished ahead of Ben",
    "Cara finished exactly 2 places behind Dan", "exactly one of Eve and Finn finished first" or
    "Gail finished behind Hugo but ahead of Iris". Clues are added to rule out alternative orders
    found by the task's own constraint solver, which proves the final clue set leaves exactly one
    total order (the answer is the solver's). The verifier checks the answer is an order of
    everyone and then every clue. Higher levels add people, unlock counted gaps, three-person
    clues, "at least k places" and exclusive-or clues, give fewer direct places, minimise the
    clue set, and add redundant true clues as distractors. Generation is a solver-driven search
    (one uniqueness proof per added clue and per clue tried for removal): about 1,900
    problems/s at level 5 but 250-470/s at level 10 (10 people) on one core. Past level 10 the race
    grows to 16 people (more names past 12) with more distractors, at a few dozen problems/s at
    level 20."""

    name = "logic/ordering_puzzle"
    knobs = (
        Knob("n_people", [3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15, 16], (3, 16),
             doc="people to rank"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4), doc="clue kinds unlocked (tiers 1-4)"),
        Knob("at_weight", [2.0, 1.5, 1.0, 0.8, 0.5, 0.4, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1, 0.05, 0.05, 0.05, 0.05, 0.0,
                           0.0, 0.0, 0.0], (0.0, 10.0), doc="relative weight of clues that give a place directly"),
        Knob("minimal", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="drop clues while the order stays unique"),
        Knob("redundant", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 3, 4, 4, 5, 5, 6, 6, 7, 8], (0, 10),
             doc="extra true clues that are not needed"),
    )
    answer_format = "the names from first place to last place, separated by commas"
    example = "Zoe, Max, Una"  # names no puzzle uses (they come from PEOPLE): never an answer

    def build(self, rng, params):
        n = params["n_people"]
        names = _names(rng, n)
        ctx = CONTEXTS[rng.randrange(len(CONTEXTS))]
        kinds = RANK_TIERS[params["kinds"]]
        weights = [params["at_weight"] if k == "at" else 1.0 for k in kinds]
        clues = _make(rng, n, kinds, weights, False, params["minimal"], params["redundant"])
        sols = _csp(n, clues, False).solutions(limit=2)
        assert len(sols) == 1, "the clues must leave exactly one order"
        pos = sols[0]
        order = sorted(range(n), key=lambda i: pos[i])
        lines = "\n".join(f"{i}. {_rank_text(c, names, ctx)}" for i, c in enumerate(clues, 1))
        question = (ctx["intro"].format(n=n, names=", ".join(names)) + f" Places are numbered 1 ({ctx['first']}) "
                    f"to {n} ({ctx['last']}). 'Ahead of' means a smaller place number and 'behind' a larger one; "
                    f"'exactly k places behind' means the place number is k larger; 'exactly k between' counts "
                    f"those strictly between the two.\n\nClues:\n{lines}\n\nExactly one order satisfies every "
                    f"clue. What is the order?")
        return Draft(question, ", ".join(names[i] for i in order),
                     {"names": names, "circular": False, "clues": clues})

    def effort(self, problem):
        c = problem.check
        return _solver_work(len(c["names"]), c["clues"], False)

    def grade(self, answer, problem):
        return _grade(answer, problem.check)
