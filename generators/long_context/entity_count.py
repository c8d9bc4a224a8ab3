"""Counting distinct people in a long badge log: who entered given rooms inside a time window."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import clock_text, grade_int

from ._haystack import below, budget, density_knob, people, tokens_knob

ROOMS = 40  # Lab 1 to Lab 40: "Lab 3" has the look-alikes "Lab 13", "Lab 23", "Lab 30" to "Lab 39"
LINE_CHARS = 36  # the mean length of one log line with its line break
DAY_START, DAY_END = 7 * 3600, 20 * 3600


def lookalike_rooms(room: int) -> list[int]:
    """The other rooms whose number contains the digits of `room`."""
    return [r for r in range(1, ROOMS + 1) if r != room and str(room) in str(r)] or \
        [r for r in (room - 1, room + 1) if 1 <= r <= ROOMS]


def distinct_visitors(events, rooms, lo, hi) -> tuple[int, int]:
    """(distinct people, matching lines): entries into one of `rooms` from `lo` to `hi` seconds."""
    hits = [name for t, name, verb, room in events if verb == "entered" and room in rooms and lo <= t <= hi]
    return len(set(hits)), len(hits)


@register
class EntityCount(Task):
    """A long door-badge log, one line per entry or exit, in time order. Count the distinct people
    who entered one of the asked rooms inside a time window. Near misses are the same people
    entering again (counted once), entries into the room outside the window, exits from it inside
    the window, and entries into look-alike rooms (Lab 13 beside Lab 3). Levels grow the log from
    about 1,000 tokens to 32,000 at level 10 (46,000 at 20), the asked rooms from 1 to 2 (4 at 20)
    and the share of near misses.

    Generation: about 950 problems/s at level 5 and 210 at level 10 on one shared core. A level-5 prompt is
    about 28,000 characters, some 780 log lines each needing a few seeded draws, so the rate is bound near
    1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/entity_count"
    knobs = (
        tokens_knob(),
        Knob("rooms", [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4], (1, 6),
             doc="rooms asked about (a person counts once whichever of them they entered)"),
        density_knob("percent of the log lines that are near misses about the asked rooms"),
    )
    answer_format = "an integer, the number of distinct people"
    example = "-1"  # a count of people is never negative

    def build(self, rng, params):
        n = max(12, budget(params) // LINE_CHARS)
        share = params["distractor_pct"] / 100
        staff = people(rng, max(8, n // 5))
        asked = sorted(rng.sample(range(1, ROOMS + 1), params["rooms"]))
        near = sorted({r for room in asked for r in lookalike_rooms(room)} - set(asked))
        span = (DAY_END - DAY_START) * (2 + below(rng, 3)) // 10
        lo = DAY_START + 1800 * below(rng, (DAY_END - DAY_START - span) // 1800)
        hi = lo + span
        visitors = rng.sample(staff, max(2, min(len(staff) // 2, 3 + below(rng, 4 + n // 60))))
        p_match = min(0.4, max(0.02, 2 * len(visitors) * (DAY_END - DAY_START) / span / n))
        rand = rng.random
        times = sorted(DAY_START + int(rand() * (DAY_END - DAY_START)) for _ in range(n))
        events = []
        nv, ns, na, nn = len(visitors), len(staff), len(asked), len(near)
        for t in times:  # draws inlined as int(rand() * n): a level-10 log has 3,500 lines
            inside, x = lo <= t <= hi, rand()
            if inside and x < p_match:  # a real match, often by someone already counted
                events.append((t, visitors[int(rand() * nv)], "entered", asked[int(rand() * na)]))
            elif x < p_match + share:
                who = visitors[int(rand() * nv)] if rand() < 0.3 else staff[int(rand() * ns)]
                if not inside:
                    events.append((t, who, "entered", asked[int(rand() * na)]))
                elif rand() < 0.5:
                    events.append((t, who, "left", asked[int(rand() * na)]))
                else:
                    events.append((t, who, "entered", near[int(rand() * nn)]))
            else:
                verb = "left" if rand() < 0.5 else "entered"
                events.append((t, staff[int(rand() * ns)], verb, 1 + int(rand() * ROOMS)))
        value, hits = distinct_visitors(events, set(asked), lo, hi)  # the reference solution
        lines = [f"{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d} {name} {verb} Lab {room}"
                 for t, name, verb, room in events]
        where = " or ".join(f"Lab {r}" for r in asked)
        question = ("Here is a door-badge log for one day, one line per entry or exit, in time order.\n\n" +
                    "\n".join(lines) +
                    f"\n\nHow many distinct people entered {where} at a time from {clock_text(lo, seconds=True)} "
                    f"to {clock_text(hi, seconds=True)} inclusive? A person who entered several times"
                    + (", or entered more than one of these rooms," if len(asked) > 1 else "") +
                    " counts once; exits do not count. Answer 0 if no one did.")
        return Draft(question, str(value), {"value": value, "lines": n, "hits": hits})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the number of distinct people")

    def effort(self, problem):
        # every line is checked; each matching entry is looked up in the set of people seen
        return problem.check["lines"] + problem.check["hits"]
