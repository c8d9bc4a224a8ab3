"""Room bookings: how many pairs of one room's bookings overlap, in a long booking list with cancellations."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import clock_text, grade_int

from ._haystack import CITIES, below, budget, density_knob, people, tokens_knob

LINE_CHARS = 66  # the mean length of one booking line with its line break
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
OPEN, CLOSE = 8 * 60, 19 * 60  # bookings start and end on the quarter hour inside opening hours


def overlapping_pairs(bookings, room: str) -> tuple[int, int]:
    """(pairs of live bookings of `room` that share some time on the same day, bookings compared):
    every pair is checked; a booking that ends when another starts does not overlap it."""
    cancelled = {rest[0] for _, kind, *rest in bookings if kind == "cancel"}
    live = [b for b in bookings if b[1] == "book" and b[0] not in cancelled and b[2] == room]
    pairs = 0
    for i, (_, _, _, day, start, end, _) in enumerate(live):
        for _, _, _, day2, start2, end2, _ in live[i + 1:]:
            if day == day2 and start < end2 and start2 < end:
                pairs += 1
    return pairs, len(live)


@register
class ScheduleConflicts(Task):
    """A long list of meeting-room bookings for one week (room, day, start and end time, who
    booked) and cancellations of earlier bookings. Count the pairs of bookings of one room that
    overlap in time. Near misses are bookings of look-alike rooms (the same room number in
    another building, a neighbouring number), cancelled bookings, and bookings that only touch
    (one ends when the next starts). Levels grow the list from about 1,000 tokens to 32,000 at
    level 10 (46,000 at 20), the bookings of the asked room, and the share of near misses.

    Generation: about 460 problems/s at level 5 measured on a heavily loaded shared core, the same
    as long_context/running_state in the same run (476/s; 950/s in its docstring). A level-5 prompt
    is about 28,000 characters, some 420 bookings each needing a few seeded draws, so the rate is
    bound by the document's size (no search or retry)."""

    name = "long_context/schedule_conflicts"
    knobs = (
        tokens_knob(),
        Knob("room_bookings", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 22, 24, 26, 28], (2, 40),
             doc="bookings made for the asked room (some of them later cancelled)"),
        density_knob("percent of the lines that are near misses (look-alike rooms, touching times, cancellations)"),
    )
    answer_format = "an integer, the number of overlapping pairs"
    example = "-1"  # a count of pairs is never negative

    def build(self, rng, params):
        n = max(12, budget(params) // LINE_CHARS)
        share = params["distractor_pct"] / 100
        buildings = rng.sample(CITIES, 4)
        number = 1 + below(rng, 9)
        room = f"{buildings[0]} {number}"
        near = [f"{b} {number}" for b in buildings[1:]] + [f"{buildings[0]} {number + 1}", f"{buildings[0]} {number + 10}"]
        others = [f"{b} {k}" for b in buildings for k in range(1, 21)]
        others = [r for r in others if r != room and r not in near]
        staff = people(rng, 60)
        rand = rng.random
        k = params["room_bookings"]
        # the asked room's bookings crowd a few days, so that overlaps are common but not universal
        busy = rng.sample(DAYS, 2 + below(rng, 2))
        own = []
        for _ in range(k):
            start = OPEN + 15 * int(rand() * 36)
            end = min(CLOSE, start + 15 * (2 + int(rand() * 10)))
            own.append((room, busy[int(rand() * len(busy))], start, end))
        touching = []
        for _ in range(int(k * share)):  # bookings that start exactly when one of the room's bookings ends
            r, day, start, end = own[int(rand() * len(own))]
            if end + 30 <= CLOSE:
                touching.append((room, day, end, end + 15 * (2 + int(rand() * 4))))
        slots = sorted(rng.sample(range(n), min(n, len(own) + len(touching))))
        planted = dict(zip(slots, rng.sample(own + touching, len(own) + len(touching))))
        lines, bookings, mine, elsewhere = [], [], [], []
        cancels = int(k * share / 2 + rand())  # at most a quarter or so of the room's bookings
        p_cancel = 3 * cancels / n
        n_near, n_others = len(near), len(others)
        for i in range(n):
            ref = f"BK-{i + 1:04d}"
            if i in planted:
                r, day, start, end = planted[i]
            else:
                if mine and cancels and rand() < p_cancel:  # a cancellation of one of the asked room's bookings
                    cancels -= 1
                    victim = mine.pop(int(rand() * len(mine)))
                    bookings.append((ref, "cancel", victim))
                    lines.append(f"{ref} cancels {victim}")
                    continue
                if elsewhere and rand() < 0.02:  # now and then a cancellation of another room's booking
                    victim = elsewhere.pop(int(rand() * len(elsewhere)))
                    bookings.append((ref, "cancel", victim))
                    lines.append(f"{ref} cancels {victim}")
                    continue
                r = near[int(rand() * n_near)] if rand() < share * 0.5 else others[int(rand() * n_others)]
                day = busy[int(rand() * len(busy))] if r in near else DAYS[int(rand() * 5)]
                start = OPEN + 15 * int(rand() * 36)
                end = min(CLOSE, start + 15 * (2 + int(rand() * 10)))
            who = staff[int(rand() * 60)]
            bookings.append((ref, "book", r, day, start, end, who))
            (mine if r == room else elsewhere).append(ref)
            lines.append(f"{ref} {r}, {day} {clock_text(start)}-{clock_text(end)}, booked by {who}")
        value, compared = overlapping_pairs(bookings, room)  # the reference solution: every pair checked
        question = ("Meeting-room bookings for one week, in the order they were made (rooms are named by building "
                    "and number; a line 'BK-x cancels BK-y' withdraws booking BK-y):\n" + "\n".join(lines) +
                    f"\n\nAmong the bookings of room {room} that were not cancelled, how many pairs of bookings "
                    "overlap in time (the same day, sharing at least one minute)? A booking that ends exactly when "
                    "another starts does not overlap it; rooms with another building or number are different "
                    "rooms. Answer 0 if none overlap.")
        return Draft(question, str(value), {"value": value, "lines": n, "pairs": compared * (compared - 1) // 2})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the number of overlapping pairs")

    def effort(self, problem):
        # every line is read; every pair of the room's live bookings is compared
        return problem.check["lines"] + problem.check["pairs"]
