"""Timetables: catch the next departure, and chain connections with minimum transfer times across
a small rail network to reach a station as early as possible."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register

from procgym.kit import clock_text

from ._clock import grade_clock

LINE_NAMES = ("Red", "Blue", "Green", "Amber", "Violet", "Teal", "Grey", "Rose", "Lime", "Navy")
STATIONS = ("Ash", "Birch", "Cedar", "Dale", "Elm", "Fern", "Glen", "Holt", "Ivy", "June", "Kiln", "Lark")
# more names for the networks past level 10, used only where the first ones run out (so the
# draws of smaller networks stay as they were)
MORE_LINE_NAMES = ("Coral", "Ivory", "Jade", "Olive", "Plum", "Ruby")
MORE_STATIONS = ("Moor", "Nook", "Oak", "Pine", "Quay", "Reed")
_TIMETABLE_LINE = re.compile(r"^- \w+ line \((.+?), one direction only\): Trains leave \w+ (?:at ([\d:, ]+)|every "
                             r"(\d+) minutes from (\d\d:\d\d) to (\d\d:\d\d));", re.MULTILINE)
_SET_OUT = re.compile(r"You are at \w+ at (\d\d:\d\d)")


def _minutes(text: str) -> int:
    h, m = text.split(":")
    return 60 * int(h) + int(m)
FIRST, LAST = 5 * 60, 23 * 60 + 30  # service hours (the last departure of the long routes past level 10)


def trips(line: dict) -> list[list[tuple[str, int]]]:
    """Each trip of a line as [(station, time)], from its departures at the first stop and the
    cumulative ride times to later stops."""
    return [[(s, d + off) for s, off in zip(line["stops"], line["offsets"])] for d in line["departures"]]


def earliest_arrival(lines: list[dict], origin: str, destination: str, t0: int, transfer: int) -> int | None:
    """Connection scan: earliest arrival at `destination` leaving `origin` at or after t0.

    Boarding at the origin needs the traveller there by the departure; changing trains needs
    `transfer` minutes between arrival and the next departure; staying on a train needs none."""
    conns = []
    for li, line in enumerate(lines):
        for ti, trip in enumerate(trips(line)):
            for (a, dep), (b, arr) in zip(trip, trip[1:]):
                conns.append((dep, arr, a, b, (li, ti)))
    conns.sort()
    arrival = {origin: t0}
    ready = {origin: t0}  # the earliest time one can board a train at each station
    on_trip: set = set()
    for dep, arr, a, b, trip in conns:
        if trip in on_trip or ready.get(a, 10 ** 9) <= dep:
            on_trip.add(trip)
            if arr < arrival.get(b, 10 ** 9):
                arrival[b] = arr
                ready[b] = min(ready.get(b, 10 ** 9), arr + transfer)
    return arrival.get(destination) if destination != origin else t0


def _line_text(line: dict, listed: bool) -> str:
    stops = " -> ".join(line["stops"])
    rides = ", ".join(f"{b} {off} min after leaving {line['stops'][0]}" for b, off in
                      zip(line["stops"][1:], line["offsets"][1:]))
    if listed:
        when = "Trains leave " + line["stops"][0] + " at " + ", ".join(clock_text(d) for d in line["departures"])
    else:
        when = (f"Trains leave {line['stops'][0]} every {line['every']} minutes from {clock_text(line['departures'][0])} "
                f"to {clock_text(line['departures'][-1])}")
    return f"{line['name']} line ({stops}, one direction only): {when}; each reaches {rides}."


@register
class TimetableConnection(Task):
    """Earliest arrival through a timetable. Level 1 is one line: find the next departure and add
    the ride time. Higher levels chain lines that meet at interchange stations with a minimum
    transfer time, give some lines as explicit lists of departures with irregular gaps, and add
    alternative lines (faster but rarer, or a last train already gone) so the best route must be
    searched, not just followed. The reference is a connection-scan search."""

    name = "time/timetable_connection"
    knobs = (
        Knob("n_legs", [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 8),
             doc="lines on the main route"),
        Knob("alternatives", [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], (0, 8),
             doc="extra lines offering other routes"),
        Knob("transfer", [0, 0, 3, 4, 5, 5, 6, 7, 8, 10, 10, 10, 11, 12, 12, 13, 14, 14, 15, 15], (0, 60),
             doc="minimum minutes to change trains"),
        Knob("listed", [0.0, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7, 0.7, 0.7, 0.75, 0.75, 0.8, 0.8, 0.8, 0.85,
                        0.85, 0.9], (0.0, 1.0), doc="chance a line's departures are an explicit irregular list"),
    )
    answer_format = "the arrival time as HH:MM (24-hour clock)"
    example = "04:07"  # you set out at 06:00 or later, so no arrival is this early: never the answer

    def _line(self, rng, name, stops, listed, window) -> dict:
        offsets, t = [0], 0
        for _ in stops[1:]:
            t += rng.randint(4, 25)
            offsets.append(t)
        lo, hi = window
        if listed:
            deps, d = [], lo + rng.randint(0, 20)
            while d <= hi:
                deps.append(d)
                d += rng.randint(7, 45)
            every = None
        else:
            every = rng.choice([10, 12, 15, 20, 30, 40, 60])
            start = lo + rng.randint(0, every - 1)
            deps = list(range(start, hi + 1, every))
        return {"name": name, "stops": stops, "offsets": offsets, "departures": deps or [lo], "every": every,
                "listed": listed}

    def build(self, rng, params):
        n = params["n_legs"]
        line_pool = LINE_NAMES if n + params["alternatives"] <= len(LINE_NAMES) else LINE_NAMES + MORE_LINE_NAMES
        station_pool = STATIONS if 2 * n + 2 <= len(STATIONS) else STATIONS + MORE_STATIONS
        long_route = n > 5  # past level 10: set out in the morning, with trains all day
        for _attempt in range(40):
            names = list(line_pool)
            rng.shuffle(names)
            stations = rng.sample(station_pool, min(len(station_pool), 2 * n + 2))
            t0 = rng.randrange(6 * 60, 10 * 60 if long_route else 18 * 60, 1)
            window = (t0 - 60, min(LAST, t0 + 60 * n) if long_route else t0 + 4 * 60)
            lines, pos = [], 0
            for leg in range(n):
                hops = rng.randint(1, 2)
                stops = stations[pos:pos + hops + 1]
                pos += hops
                lines.append(self._line(rng, names[leg], stops, rng.random() < params["listed"], window))
            backbone = stations[:pos + 1]
            extra = stations[pos + 1:]
            for k in range(params["alternatives"]):
                # a shortcut between two backbone stations, or a detour through an unused station
                a, b = sorted(rng.sample(range(len(backbone)), 2))
                stops = [backbone[a]] + ([extra[k % len(extra)]] if extra and rng.random() < 0.4 else []) + [backbone[b]]
                line = self._line(rng, names[n + k], stops, rng.random() < params["listed"], window)
                if rng.random() < 0.5:  # rare but fast, or a last train that may already be gone
                    line["departures"] = sorted(rng.sample(line["departures"], min(3, len(line["departures"]))))
                    line["listed"] = True
                lines.append(line)
            origin, destination = backbone[0], backbone[-1]
            best = earliest_arrival(lines, origin, destination, t0, params["transfer"])
            if best is not None and best < 24 * 60:
                break
        else:
            raise ValueError("could not draw a timetable with a same-day route; lower n_legs")
        rng.shuffle(lines)
        text = "\n".join(f"- {_line_text(line, line['listed'])}" for line in lines)
        rule = ("Changing trains at a station takes at least " f"{params['transfer']} minutes (from arriving to "
                "departing); staying on the same train takes no time." if params["transfer"] else
                "Changing trains takes no time: you can board a train leaving at the very minute you arrive.")
        question = (f"A rail timetable (all times on the 24-hour clock, one day):\n{text}\n\n{rule} You are at {origin} "
                    f"at {clock_text(t0)} and can board any train leaving {origin} at or after that time. What is the "
                    f"earliest time you can arrive at {destination}?")
        return Draft(question, clock_text(best), {"minutes": best})

    def effort(self, problem):
        """The connection scan's work: every line is read, and every hop of every train that
        leaves between setting out and the earliest arrival is a connection to consider."""
        t0 = _minutes(_SET_OUT.search(problem.prompt).group(1))
        arrival = problem.check["minutes"]
        work = 0
        for stops, listed, every, first, last in _TIMETABLE_LINE.findall(problem.prompt):
            hops = stops.count("->")
            if listed:
                departures = [_minutes(t) for t in listed.split(", ")]
            else:
                departures = range(_minutes(first), _minutes(last) + 1, int(every))
            work += 1 + hops * sum(1 for d in departures if t0 <= d < arrival)
        return work

    def grade(self, answer, problem):
        return grade_clock(answer, problem.check["minutes"], "the earliest arrival time")
