"""Who knows what: birthday puzzles solved by eliminating possible worlds after public announcements."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused
from procgym.verdict import right, wrong

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
HOSTS = ("Cheryl", "Dana", "Maya", "Priya", "Rosa", "Yuki", "Nadia", "Leila")
AGENTS = (("Albert", "Bernard", "Carmen"), ("Omar", "Pablo", "Quinn"), ("Hugo", "Ivan", "Jade"),
          ("Kofi", "Lars", "Mina"))
PARTS = ("month", "day", "year")
KIND_TIERS = {
    "basic": ("know", "dont_know"),
    "nested": ("know", "dont_know", "knows_other_doesnt", "dont_know_but_other_doesnt"),
    "all": ("know", "dont_know", "knows_other_doesnt", "dont_know_but_other_doesnt", "unsure_other_knows"),
}

# A world is a tuple (month, day) or (month, day, year); agent i is told coordinate i.
# A statement is (kind, speaker, other): other is the agent it is about, or -1.


def knows(world, agent: int, S) -> bool:
    """Whether `agent`, told world[agent], can name the world among the remaining worlds S."""
    return sum(1 for v in S if v[agent] == world[agent]) == 1


def holds(statement, world, S) -> bool:
    """Whether the statement is true at `world` when the remaining worlds are S."""
    kind, x, y = statement
    if kind == "know":
        return knows(world, x, S)
    if kind == "dont_know":
        return not knows(world, x, S)
    possible = [v for v in S if v[x] == world[x]]  # the worlds the speaker cannot tell apart
    if kind == "knows_other_doesnt":
        return all(not knows(v, y, S) for v in possible)
    if kind == "dont_know_but_other_doesnt":
        return len(possible) > 1 and all(not knows(v, y, S) for v in possible)
    if kind == "unsure_other_knows":
        flags = {knows(v, y, S) for v in possible}
        return len(flags) == 2
    raise ValueError(f"unknown statement kind {kind!r}")


def announce(statement, S) -> list:
    """The worlds that remain after a public, truthful announcement: those at which it holds
    (the same as filtering by `holds`, computed in linear time from coordinate counts)."""
    kind, x, y = statement
    count_x: dict = {}
    for v in S:
        count_x[v[x]] = count_x.get(v[x], 0) + 1
    if kind == "know":
        return [w for w in S if count_x[w[x]] == 1]
    if kind == "dont_know":
        return [w for w in S if count_x[w[x]] > 1]
    count_y: dict = {}
    for v in S:
        count_y[v[y]] = count_y.get(v[y], 0) + 1
    some_knows: dict = {}  # per value of x: (does y know at some world, at every world)
    for v in S:
        k = count_y[v[y]] == 1
        any_k, all_k = some_knows.get(v[x], (False, True))
        some_knows[v[x]] = (any_k or k, all_k and k)
    if kind == "knows_other_doesnt":
        return [w for w in S if not some_knows[w[x]][0]]
    if kind == "dont_know_but_other_doesnt":
        return [w for w in S if count_x[w[x]] > 1 and not some_knows[w[x]][0]]
    if kind == "unsure_other_knows":
        return [w for w in S if some_knows[w[x]][0] and not some_knows[w[x]][1]]
    raise ValueError(f"unknown statement kind {kind!r}")


def simulate(worlds, statements) -> list[list]:
    """The remaining worlds before the first statement and after each one."""
    history = [list(worlds)]
    for st in statements:
        history.append(announce(st, history[-1]))
    return history


def render_world(w) -> str:
    text = f"{MONTHS[w[0]]} {w[1]}"
    return text if len(w) == 2 else f"{text} {w[2]}"


def render_statement(st, names, said_dont_know: bool, what: str) -> str:
    kind, x, y = st
    if kind == "know":
        return f"{'Now I' if said_dont_know else 'I'} know {what}."
    if kind == "dont_know":
        return f"I {'still ' if said_dont_know else ''}don't know {what}."
    if kind == "knows_other_doesnt":
        return f"I know that {names[y]} doesn't know {what}."
    if kind == "dont_know_but_other_doesnt":
        return f"I don't know {what}, but I know that {names[y]} doesn't know it either."
    return f"I don't know whether {names[y]} knows {what}."


_DATE = re.compile(r"([a-z]+)\s*(\d{1,2})(?:st|nd|rd|th)?(?:\s*,?\s*(\d{4}))?"
                   r"|(\d{1,2})(?:st|nd|rd|th)?\s*(?:of\s+)?([a-z]+)(?:\s*,?\s*(\d{4}))?")
_MONTH = {name.lower(): i for i, name in enumerate(MONTHS)} | {name.lower()[:3]: i for i, name in enumerate(MONTHS)} \
    | {"sept": 8}


def parse_date(text: str, with_year: bool):
    """(month index, day, year or None) from "May 15", "15 May", "May 15th, 2003"; NotAnAnswer otherwise."""
    s = " ".join(text.lower().split())
    m = _DATE.fullmatch(s)
    if not m:
        form = "Month Day Year" if with_year else "Month Day"
        raise NotAnAnswer(f"could not read {preview(text, 30)} as a date: write {form}")
    if m.group(1):
        word, day, year = m.group(1), m.group(2), m.group(3)
    else:
        day, word, year = m.group(4), m.group(5), m.group(6)
    month = _MONTH.get(word)
    if month is None:
        raise NotAnAnswer(f"{preview(word, 12)} is not a month")
    if with_year and year is None:
        raise NotAnAnswer("give the year too: write Month Day Year")
    if not with_year and year is not None:
        raise NotAnAnswer("there is no year in this puzzle: write Month Day")
    return month, int(day), int(year) if year else None


@register
class EpistemicPuzzle(Task):
    """Who knows what: friends each told one part of a birthday from a public list make public
    statements about what they know ("I don't know, but I know that Bernard doesn't know
    either"); find the date. One friend is told the month, another the day (a third the year,
    at higher levels). The answer is the one date consistent with every statement, found by simulating the
    elimination of possible worlds: after each truthful announcement the dates at which it
    would be false are removed, and knowing means only one remaining date matches what one was
    told. A puzzle is kept only when exactly one date survives and every statement removes
    something (except declared distractors). Higher levels add dates, a third friend, longer
    chains of statements, nested knowledge ("I know that X doesn't know", "I don't know whether
    X knows") and distractor statements that remove nothing but must be checked. The statement
    sequence is found by a randomised depth-first search over announcements, retried on fresh
    date lists when it fails, so the top levels generate only a few hundred problems/s. Past level
    10 the list grows to 40 dates with up to 7 informative statements and 5 distractors; long
    chains are rare, so levels 16-20 make only about 15 problems/s."""

    name = "logic/epistemic_puzzle"
    knobs = (
        Knob("n_dates", [5, 6, 7, 8, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 40], (3, 40),
             doc="candidate dates"),
        Knob("n_agents", [2, 2, 2, 2, 2, 2, 3, 3, 3, 3] + [3] * 10, (2, 3), doc="friends told a part of the date"),
        Knob("n_statements", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7], (1, 10),
             doc="statements that remove dates"),
        Knob("kinds", ["basic", "basic", "nested", "nested", "nested", "all", "all", "all", "all", "all"]
             + ["all"] * 10,
             choices=tuple(KIND_TIERS),
             doc="statements: know/don't know; + knows the other doesn't; + unsure whether the other knows"),
        Knob("distractors", [0, 0, 0, 0, 0, 1, 0, 1, 1, 2, 2, 3, 3, 4, 3, 3, 4, 4, 5, 5], (0, 5),
             doc="statements that remove nothing"),
    )
    answer_format = ("the date as Month Day (e.g. July 30); with a year in the puzzle, as Month Day Year "
                     "(e.g. July 30 2004)")
    example = "July 30"  # listed days run from 1 to 28: a 30th is never on the list, so never an answer

    def _worlds(self, rng, n, k):
        n_months = rng.randint(3, 5) if n <= 12 else rng.randint(4, 6)
        months = sorted(rng.sample(range(12), n_months))
        pool = sorted(rng.sample(range(1, 29), max(3, min(12, (n + 1) // 2 + (1 if k == 3 else 0)))))
        years = sorted(rng.sample(range(1995, 2010), 3)) if k == 3 else [None]
        cells = [(m, d) + ((y,) if y else ()) for m in months for d in pool for y in years]
        return sorted(rng.sample(cells, min(n, len(cells))))

    def _statements(self, rng, worlds, k, kinds, length, distractors, budget=400):
        """A sequence of `length` informative statements after which exactly one world remains
        (every statement removes a world; none before the last leaves just one), found by
        randomised depth-first search, with `distractors` uninformative statements slipped in."""
        options = [(kind, x, y) for kind in kinds for x in range(k)
                   for y in ([-1] if kind in ("know", "dont_know") else [j for j in range(k) if j != x])]
        nodes = [0]

        def search(S, depth, previous):
            nodes[0] += 1
            if nodes[0] > budget:
                return None
            last = depth == length - 1
            order = options[:]
            rng.shuffle(order)
            for st in order:
                if st == previous:
                    continue
                after = announce(st, S)
                if not after or len(after) == len(S) or (len(after) == 1) != last:
                    continue
                if last:
                    return [(st, S)]
                rest = search(after, depth + 1, st)
                if rest is not None:
                    return [(st, S)] + rest
                if nodes[0] > budget:
                    return None
            return None

        found = search(list(worlds), 0, None)
        if found is None:
            return None
        slots = set(rng.sample(range(length - 1), min(distractors, length - 1))) if length > 1 else set()
        out = []
        for i, (st, before) in enumerate(found):
            if i in slots:
                idle = [o for o in options if o[0] != "know" and o != st and len(announce(o, before)) == len(before)]
                if idle:
                    out.append(rng.choice(idle))
            out.append(st)
        return out

    def build(self, rng, params):
        k, n = params["n_agents"], params["n_dates"]
        kinds = KIND_TIERS[params["kinds"]]
        for _attempt in range(3000):
            worlds = self._worlds(rng, n, k)
            statements = self._statements(rng, worlds, k, kinds, params["n_statements"], params["distractors"])
            if statements is None:
                continue
            history = simulate(worlds, statements)
            if len(history[-1]) == 1:
                break
        else:
            raise ValueError("no puzzle found for these knob values (try fewer statements or more dates)")
        host = rng.choice(HOSTS)
        names = rng.choice(AGENTS)[:k]
        what = f"{host}'s birthday" if k == 2 else f"{host}'s date of birth"
        told = [f"{names[i]} only the {PARTS[i]}" for i in range(k)]
        told_text = (f"{told[0]} and {told[1]}" if k == 2 else f"{told[0]}, {told[1]} and {told[2]}")
        listing = ", ".join(render_world(w) for w in worlds)
        said_dont = set()
        lines = []
        for i, st in enumerate(statements, 1):
            lines.append(f'{i}. {names[st[1]]}: "{render_statement(st, names, st[1] in said_dont, what)}"')
            if st[0] in ("dont_know", "dont_know_but_other_doesnt"):
                said_dont.add(st[1])
        everyone = "both" if k == 2 else "all three"
        question = (f"{host} tells {names_join(names)} that her {'birthday' if k == 2 else 'date of birth'} is one of "
                    f"these {len(worlds)} dates:\n\n{listing}\n\nShe then tells {told_text} of the "
                    f"{'date' if k == 2 else 'date of birth'}, privately. Everyone knows the list and who was told "
                    f"which part. Then they say, in this order:\n\n" + "\n".join(lines) + "\n\n"
                    f"Each statement is true and heard by {everyone} friends, who are perfect logicians and take into "
                    "account everything said before it. Someone knows the date when only one date on the list fits "
                    "what they were told and everything said so far. \"I know that X doesn't know\" means that X "
                    "would not know for any date the speaker still considers possible"
                    + ("; \"I don't know whether X knows\" means that X would know for some of those dates and not "
                       "for others" if any(st[0] == "unsure_other_knows" for st in statements) else "")
                    + f". What is {what}?")
        answer = render_world(history[-1][0])
        check = {"worlds": [list(w) for w in worlds], "statements": [list(s) for s in statements]}
        shown = "July 30" if k == 2 else "July 30 2004"  # never on the list (see example)
        return Draft(question, answer, check,
                     answer_format=f"the date as Month Day (e.g. {shown})" if k == 2 else
                     f"the date as Month Day Year (e.g. {shown})",
                     example=shown)

    def effort(self, problem):
        """Eliminating worlds: each statement is tested at every date still possible, and a
        statement about another friend's knowledge tests that friend at each of them too."""
        worlds = [tuple(w) for w in problem.check["worlds"]]
        statements = [tuple(s) for s in problem.check["statements"]]
        history = simulate(worlds, statements)
        return sum(len(before) * (1 if st[0] in ("know", "dont_know") else 2)
                   for st, before in zip(statements, history))

    def grade(self, answer, problem):
        c = problem.check
        worlds = [tuple(w) for w in c["worlds"]]
        statements = [tuple(s) for s in c["statements"]]
        with_year = len(worlds[0]) == 3
        try:
            month, day, year = parse_date(answer, with_year)
        except NotAnAnswer as exc:
            return refused(exc)
        given = (month, day) + ((year,) if with_year else ())
        if given not in worlds:
            return wrong("That date is not on the list.")
        history = simulate(worlds, statements)
        for i, after in enumerate(history[1:], 1):
            if given not in after:
                return wrong(f"That date is ruled out by statement {i}.")
        return right()


def names_join(names) -> str:
    return " and ".join(names) if len(names) == 2 else f"{names[0]}, {names[1]} and {names[2]}"
