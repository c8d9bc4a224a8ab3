"""Ordering events scattered through a long activity report, past postponed plans and look-alikes."""
from __future__ import annotations

import datetime as dt

from procgym import Draft, Knob, Task, register
from procgym.kit import drawn_example, read_names, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._haystack import CITIES, below, budget, density_knob, filler, tokens_knob

TEAMS = ("data", "web", "mobile", "platform", "sales", "support", "finance", "research")
KINDS = ("kickoff meeting", "design review", "security audit", "budget review", "beta launch", "customer workshop",
         "code freeze", "staff offsite", "board briefing", "product launch", "hiring fair", "safety inspection",
         "data migration", "user study", "partner summit")
HELD = ("On {d} at {t} the {o} {m} team held its {k}.", "The {o} {m} team held its {k} on {d} at {t}.",
        "The {k} of the {o} {m} team took place on {d}, {t}.")
PLANNED = ("An earlier plan put the {k} of the {o} {m} team on {d} at {t}; that date was dropped.",
           "The {o} {m} team first scheduled its {k} for {d} at {t}, but postponed it.")
YEAR_START = dt.date(2023, 1, 1)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


SLOTS = 120  # five-minute slots a day, 08:00 to 17:55


def minute_of(slot: int) -> int:
    """The minute of the year at which a slot starts."""
    return slot // SLOTS * 1440 + 480 + 5 * (slot % SLOTS)


def when(minute: int) -> tuple[str, str]:
    """A minute of 2023 (from 1 January 00:00) as (YYYY-MM-DD, HH:MM)."""
    day = YEAR_START + dt.timedelta(days=minute // 1440)
    return day.isoformat(), f"{minute % 1440 // 60:02d}:{minute % 60:02d}"


def order(held: dict, asked: list) -> list[int]:
    """The positions of the asked events in time order: a sort by the minute each was held."""
    return sorted(range(len(asked)), key=lambda i: held[asked[i]])


@register
class TimelineOrdering(Task):
    """A long activity report, one line per event in no particular order, says when each team's
    events were held; other lines give dates that were planned and then dropped. Put k asked
    events (labelled A, B, ...) in the order they were held. Near misses are the dropped dates of
    the same events, and the same kind of event held by another team or office. Levels grow the
    report from about 1,000 tokens to 32,000 at level 10 (46,000 at 20), the events to order from
    3 to 8 (13 at 20) and the share of near misses.

    Generation: about 900 problems/s at level 5 and 220 at level 10 on one shared core. A level-5 prompt is
    about 28,000 characters, some 330 report lines each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/timeline_ordering"
    knobs = (
        tokens_knob(),
        Knob("events", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (3, 20),
             doc="events to put in order"),
        density_knob("percent of the lines that are dropped plans (near misses), most about the asked events"),
    )
    answer_format = "the letters of the events from earliest to latest, separated by commas"
    example = "B, A, C"

    def build(self, rng, params):
        k, share = params["events"], params["distractor_pct"] / 100
        # held lines are about 80 characters long, dropped plans about 100
        n_lines = max(k + 4, int(budget(params) / (80 + 22 * share)))
        n_held = max(k + 2, min(len(CITIES) * len(TEAMS) * len(KINDS), int(n_lines * (1 - share))))
        ids = rng.sample(range(len(CITIES) * len(TEAMS) * len(KINDS)), n_held)
        events = [(CITIES[i // (len(TEAMS) * len(KINDS))], TEAMS[i // len(KINDS) % len(TEAMS)], KINDS[i % len(KINDS)])
                  for i in ids]
        slots = rng.sample(range(365 * SLOTS), n_held)  # distinct slots: no two events at the same time
        held = {ev: minute_of(s) for ev, s in zip(events, slots)}
        asked = events[:k]
        lines = [HELD[below(rng, 3)].format(d=d, t=t, o=o, m=m, k=kind)
                 for (o, m, kind), minute in held.items() for d, t in [when(minute)]]

        def dropped(rng):
            o, m, kind = asked[below(rng, k)] if rng.random() < 0.6 else events[below(rng, n_held)]
            minute = minute_of(below(rng, 365 * SLOTS))
            if minute == held[(o, m, kind)]:
                return filler(rng)
            d, t = when(minute)
            return PLANNED[below(rng, 2)].format(d=d, t=t, o=o, m=m, k=kind)

        lines += [dropped(rng) for _ in range(n_lines - len(lines))]
        rng.shuffle(lines)
        ranks = order(held, asked)  # the reference solution: sort the asked events by when they were held
        answer = [LETTERS[i] for i in ranks]
        listing = "\n".join(f"{LETTERS[i]}: the {kind} of the {o} {m} team" for i, (o, m, kind) in enumerate(asked))
        question = ("Below is an activity report, one line per entry, in no particular order. Each event was "
                    "held exactly once; dates that were planned and then dropped or postponed do not count.\n\n"
                    + "\n".join(lines) +
                    f"\n\nPut these events in the order they were held, earliest first:\n{listing}")
        candidates = [", ".join(LETTERS[:k]), ", ".join(reversed(LETTERS[:k])), ", ".join(LETTERS[1:k] + "A")]
        example = drawn_example(rng, candidates, lambda c: c != ", ".join(answer))
        return Draft(question, ", ".join(answer), {"order": answer, "lines": len(lines)}, example=example)

    def grade(self, answer, problem):
        expected = problem.check["order"]
        try:
            given = read_names(answer, set(expected), "event", name=r"[A-Za-z]")
        except ParseError as exc:
            return refused(exc)
        if sorted(given) != sorted(expected):
            return wrong(f"Give each of the {len(expected)} events exactly once.")
        return right() if given == expected else wrong("That is not the order in which the events were held.")

    def effort(self, problem):
        # every line is read to find the asked events' dates, then they are sorted
        k = problem.params["events"]
        return problem.check["lines"] + k * k.bit_length()
