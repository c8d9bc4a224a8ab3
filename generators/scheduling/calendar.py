"""Calendar conflicts: the earliest common free slot in several people's calendars, or the fewest
rooms that can host a set of meetings."""
from __future__ import annotations

import math
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import clock_text, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._clock_times import read_clock
from ._job_lists import read_count

ROOM_LABELS = {"rooms", "number of rooms", "minimum rooms", "minimum number of rooms"}
START_LABELS = {"start", "start time", "time", "earliest start", "slot"}

# what the effort measure reads back from a prompt: meeting lines, person lines and their times
_MEETING = re.compile(r"^M\d+: \d\d:\d\d-\d\d:\d\d$", re.MULTILINE)
_PERSON = re.compile(r"^[A-Z][a-z]+(?: \(works [^)]*\))?: busy .*$", re.MULTILINE)
_WORKS = re.compile(r"\(works (\d\d:\d\d)-(\d\d:\d\d)\)")
_INTERVAL = re.compile(r"(\d\d:\d\d)-(\d\d:\d\d)")
_BUFFER = re.compile(r"needs at least (\d+) minutes between the new meeting")

NAMES = ["Ana", "Ben", "Chen", "Dara", "Eli", "Farah", "Gus", "Hana", "Ivo", "Jun"]
DAY_START, DAY_END = 9 * 60, 17 * 60


def earliest_slot(hours: list[tuple[int, int]], busy: list[list[tuple[int, int]]], length: int,
                  buffer: int = 0, stats: dict | None = None) -> int | None:
    """The earliest start t such that [t, t + length] lies in everyone's working hours and keeps
    at least `buffer` minutes away from every busy block of every person; None if there is none.

    The earliest feasible start is the common start of the working hours or the moment some
    (buffered) busy block ends, so only those candidates are tried, each checked against all blocks.
    With `stats`, stats["checks"] counts the candidates and the block checks they need."""
    lo = max(h[0] for h in hours)
    hi = min(h[1] for h in hours)
    blocks = [(s - buffer, e + buffer) for person in busy for s, e in person]
    for t in sorted({lo} | {e for _, e in blocks if e >= lo}):
        if stats is not None:
            stats["checks"] = stats.get("checks", 0) + 1 + len(blocks)
        if t + length <= hi and all(not (s < t + length and t < e) for s, e in blocks):
            return t
    return None


def min_rooms(meetings: list[tuple[int, int]], cleanup: int = 0) -> int:
    """The fewest rooms: the largest number of meetings in progress at once, where a room is
    busy from a meeting's start until `cleanup` minutes after its end (a sweep over events,
    with releases before starts at the same moment)."""
    events = sorted([(s, 1) for s, _ in meetings] + [(e + cleanup, -1) for _, e in meetings])
    best = now = 0
    for _, delta in events:
        now += delta
        best = max(best, now)
    return best


@register
class CalendarConflicts(Task):
    """Calendar conflicts, one of two questions per problem: the earliest time at which several
    people are all free for a meeting of a given length (within everyone's working hours), or
    the fewest rooms that can host a set of meetings. Both answers come from our own sweep
    solvers. Higher levels add people, busy blocks and meetings, overlapping and back-to-back
    blocks listed out of order, per-person working hours, finer times, and a required gap
    (a buffer between meetings, or cleaning time before a room can be reused)."""

    name = "scheduling/calendar_conflicts"
    knobs = (
        Knob("question", [["slot", "rooms"]] * 20,
             choices=("slot", "rooms"),
             doc="'slot': earliest common free time; 'rooms': fewest rooms for the meetings"),
        Knob("n_people", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10], (1, 10),
             doc="people whose calendars must all be free"),
        Knob("busy_blocks", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (0, 20),
             doc="busy blocks per person"),
        Knob("n_meetings", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 31, 34, 37, 40], (1, 60),
             doc="meetings needing rooms"),
        Knob("step", [30, 30, 15, 15, 15, 15] + [5] * 14, (1, 60), doc="times are multiples of this many minutes"),
        Knob("own_hours", [False] * 4 + [True] * 16, doc="each person has their own working hours"),
        Knob("messy", [False] * 3 + [True] * 17,
             doc="one person's busy blocks (or the meetings) may overlap, touch, and are listed out of order"),
        Knob("buffer", [0, 0, 0, 0, 0, 5, 10, 10, 15, 15, 15, 20, 20, 20, 25, 25, 25, 30, 30, 30], (0, 120),
             doc="required gap in minutes around meetings (slot) or room cleaning time (rooms)"),
    )
    answer_format = "a time HH:MM (24-hour) or an integer"
    example = "06:45"  # before anyone's working hours (08:00 at the earliest): never an answer

    def build(self, rng, params):
        if params["question"] == "slot":
            return self._slot(rng, params)
        return self._rooms(rng, params)

    # ------------------------------------------------------------------ earliest common slot
    def _slot(self, rng, params):
        step, k, buf = params["step"], params["n_people"], params["buffer"]
        people = rng.sample(NAMES, k)
        for attempt in range(30):
            length = rng.choice([m for m in (30, 45, 60, 90) if m % step == 0] or [step * 2])
            if params["own_hours"]:
                hours = [(rng.choice([480, 510, 540, 570, 600]), rng.choice([960, 990, 1020, 1050, 1080]))
                         for _ in range(k)]
            else:
                hours = [(DAY_START, DAY_END)] * k
            lo, hi = max(h[0] for h in hours), min(h[1] for h in hours)
            # keep one window free for everyone so a slot exists; the solver may find an earlier one
            w = lo + step * rng.randint(0, (hi - lo - length) // step)
            keep_free = (w - buf, w + length + buf)
            busy = [self._blocks(rng, a, b, params, keep_free) for a, b in hours]
            t = earliest_slot(hours, busy, length, buf)
            if attempt < 25 and t == max(h[0] for h in hours):
                continue  # the first moment of the common day is too easy
            break
        lines = []
        for name, (lo, hi), blocks in zip(people, hours, busy):
            when = ", ".join(f"{clock_text(s)}-{clock_text(e)}" for s, e in blocks) or "nothing"
            work = f" (works {clock_text(lo)}-{clock_text(hi)})" if params["own_hours"] else ""
            lines.append(f"{name}{work}: busy {when}")
        hours_text = ("Each person is available only within their own working hours." if params["own_hours"] else
                      f"Everyone works {clock_text(DAY_START)}-{clock_text(DAY_END)}.")
        gap = (f" Each person also needs at least {buf} minutes between the new meeting and any of their busy "
               f"blocks." if buf else " The meeting may start exactly when a busy block ends and end exactly when "
               "one starts.")
        question = (f"{len(people)} people want to schedule a {length}-minute meeting today. {hours_text} Busy "
                    f"blocks are given as start-end times (24-hour clock); a person is busy from the start to the end "
                    f"of each block.\n\n" + "\n".join(lines) + f"\n\nThe meeting must fit entirely within everyone's "
                    f"working hours and must not overlap anyone's busy blocks.{gap} What is the earliest time "
                    f"the meeting can start?")
        return Draft(question, clock_text(t), {"kind": "slot", "start": t, "length": length},
                     answer_format="the start time as HH:MM on the 24-hour clock", example=self.example)

    @staticmethod
    def _blocks(rng, lo: int, hi: int, params, keep_free: tuple[int, int]) -> list[tuple[int, int]]:
        """One person's busy blocks within [lo, hi], none meeting the `keep_free` window: disjoint
        and in time order, or (when `messy`) possibly overlapping or touching and in any order."""
        step = params["step"]
        blocks: list[tuple[int, int]] = []
        for _ in range(params["busy_blocks"] * 6):
            if len(blocks) == params["busy_blocks"]:
                break
            dur = step * rng.randint(max(1, 30 // step), max(1, 120 // step))
            start = lo + step * rng.randint(0, max(0, (hi - lo - dur) // step))
            if params["messy"] and blocks and rng.random() < 0.3:
                start = rng.choice(blocks)[1]  # back to back with another block
                if start + dur > hi:
                    continue
            if keep_free[0] < start + dur and start < keep_free[1]:
                continue
            if not params["messy"] and any(s < start + dur and start < e for s, e in blocks):
                continue
            blocks.append((start, start + dur))
        return blocks if params["messy"] else sorted(blocks)

    # ------------------------------------------------------------------ fewest rooms
    def _rooms(self, rng, params):
        step, n, clean = params["step"], params["n_meetings"], params["buffer"]
        meetings = []
        for _ in range(n):
            dur = step * rng.randint(max(1, 30 // step), max(1, 120 // step))
            start = DAY_START + step * rng.randint(0, (DAY_END - DAY_START - dur) // step)
            meetings.append((start, start + dur))
        # a few meetings start exactly when another ends (or when its cleaning ends): the boundary rule matters
        for i in range(1, n):
            if rng.random() < 0.3:
                j = rng.randrange(i)
                dur = meetings[i][1] - meetings[i][0]
                start = meetings[j][1] + (clean if rng.random() < 0.5 else 0)
                if start + dur <= DAY_END + 120:
                    meetings[i] = (start, start + dur)
        if not params["messy"]:
            meetings.sort()
        rooms = min_rooms(meetings, clean)
        lines = [f"M{i + 1}: {clock_text(s)}-{clock_text(e)}" for i, (s, e) in enumerate(meetings)]
        rule = (f"After a meeting ends, its room needs {clean} minutes of cleaning before the next meeting can start "
                f"in it, so a meeting ending at 10:00 and one starting at 10:{clean:02d} or later can share a room."
                if clean else "A meeting ending at 10:00 and another starting at 10:00 can use the same room.")
        question = (f"These {n} meetings take place today (start-end, 24-hour clock):\n" + "\n".join(lines)
                    + f"\n\nEach meeting needs a room for its whole time, and a room holds one meeting at a time. "
                      f"{rule} What is the smallest number of rooms that can host all the meetings?")
        return Draft(question, str(rooms), {"kind": "rooms", "rooms": rooms},
                     answer_format="the number of rooms, an integer", example="-1")  # never negative

    def effort(self, problem):
        # rooms: sort the 2n start and release events, then sweep them; slot: the earliest-start
        # search checks each candidate start against every busy block it tries
        c = problem.check
        if c["kind"] == "rooms":
            events = 2 * len(_MEETING.findall(problem.prompt))
            return events * max(1, math.ceil(math.log2(events))) + events
        hours, busy = [], []
        for line in _PERSON.findall(problem.prompt):
            work, blocks = _WORKS.search(line), _INTERVAL.findall(line.split("busy", 1)[1])
            hours.append((read_clock(work.group(1)), read_clock(work.group(2))) if work else (DAY_START, DAY_END))
            busy.append([(read_clock(a), read_clock(b)) for a, b in blocks])
        buffer = int(_BUFFER.search(problem.prompt).group(1)) if _BUFFER.search(problem.prompt) else 0
        stats: dict = {}
        earliest_slot(hours, busy, c["length"], buffer, stats)
        return stats.get("checks", 0) + sum(len(b) for b in busy)

    def grade(self, answer, problem):
        c = problem.check
        try:
            if c["kind"] == "rooms":
                given = read_count(read_parts(answer, [ROOM_LABELS])[0], ["rooms", "room"])
                return right() if given == c["rooms"] else wrong("That is not the smallest number of rooms.")
            text = read_parts(answer, [START_LABELS])[0]
            if "-" in text:  # a range "10:30-11:15": the end must match the meeting's length
                first, _, second = text.partition("-")
                start, end = read_clock(first), read_clock(second)
                if end - start != c["length"]:
                    return wrong(f"The meeting lasts {c['length']} minutes.")
            else:
                start = read_clock(text)
        except ParseError as exc:
            return refused(exc)
        if start == c["start"]:
            return right()
        return wrong("The meeting cannot start then." if start < c["start"] else "There is an earlier start time.")
