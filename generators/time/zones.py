"""Time zones with fixed UTC offsets: converting local times along a journey of flights and
layovers, and finding the earliest meeting that fits everyone's local working hours."""
from __future__ import annotations

import datetime as dt
import re

from procgym import Draft, Knob, Task, register

from procgym.kit import grade_int

from ._calendar import WEEKDAYS
from ._clock import datetime_text, grade_datetime, offset_text, without_unit

# Fixed offsets in minutes; the half- and quarter-hour ones appear at higher levels.
WHOLE_OFFSETS = (-600, -480, -420, -360, -300, -240, -180, 0, 60, 120, 180, 240, 300, 420, 480, 540, 600, 720, 780)
ODD_OFFSETS = (-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765, 825)
CITIES = ("Amsel", "Brell", "Corvo", "Dunmore", "Elwick", "Farrow", "Galen", "Harth", "Isley", "Jorvik", "Kestle",
          "Lunde")
ZONE_RULE = ("Each place keeps a fixed offset from UTC all year (no daylight saving): local time = UTC + offset, "
             "so UTC = local time - offset.")


# Examples that are never answers: journeys and meetings start in 2020-2035 and last days, so no
# answer is in 2099; a flight takes a positive number of minutes.
DATETIME_EXAMPLE = "2099-07-14 06:45"
MINUTES_EXAMPLE = "-415"


def _offsets(rng, n: int, odd: bool) -> list[int]:
    pool = list(WHOLE_OFFSETS) + (list(ODD_OFFSETS) if odd else [])
    out = rng.sample(pool, n)
    if odd and not any(o % 60 for o in out):
        out[rng.randrange(n)] = rng.choice(ODD_OFFSETS)  # at least one half- or quarter-hour zone
    return out


def _hm(minutes: int) -> str:
    h, m = divmod(minutes, 60)
    return f"{h} h {m:02d} min" if h else f"{m} min"


TRAVEL_KINDS = ("arrival", "duration")
# what effort() reads back from a prompt
_LEG = re.compile(r"^Leg \d+ leaves", re.MULTILINE)
_PERSON = re.compile(r"^- \w+ \(UTC[+-]\d\d:\d\d\) works .*?(?:; busy \(local time\) (.*))?\.$", re.MULTILINE)
_BUSY = re.compile(r"\d{4}-\d{2}-\d{2} \d\d:\d\d-\d\d:\d\d")
_DAY0 = re.compile(r"earliest start at or after (\d{4}-\d{2}-\d{2}) 00:00 UTC")


@register
class TimezoneTravel(Task):
    """Follow a journey through fixed-offset time zones: convert a local time, or fly legs with
    given durations and layovers and give the local arrival date and time at the end (or, from
    the local departure and arrival times, the flight time). Higher levels add legs, half- and
    quarter-hour offsets, long flights that cross midnight and the date line, and the inverse
    question."""

    name = "time/timezone_travel"
    released_dips = {5: "half of level 5 asks a flight time from two local times (two conversions and a "
                        "subtraction), less work than level 4's two-leg arrivals"}
    knobs = (
        Knob("n_legs", [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (0, 10),
             doc="flights (0 = a plain conversion)"),
        Knob("odd_offsets", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether offsets like UTC+05:30 and UTC+05:45 appear"),
        Knob("max_flight", [180, 300, 480, 600, 720, 840, 900, 960, 1020, 1080, 1140, 1080, 1200, 1140, 1200, 1140,
                            1200, 1140, 1200, 1200], (30, 1200),
             doc="longest flight in minutes"),
        Knob("kinds", ["arrival", "arrival", "arrival", "arrival", ["arrival", "duration"], ["arrival", "duration"],
                       ["arrival", "duration"], ["arrival", "duration"], ["arrival", "duration"],
                       ["arrival", "duration"]] + [["arrival", "arrival", "duration"]] * 10, choices=TRAVEL_KINDS,
             doc="question kind (a list: one drawn per problem)"),
    )
    answer_format = "a local date and time as YYYY-MM-DD HH:MM (24-hour clock)"
    example = DATETIME_EXAMPLE

    def build(self, rng, params):
        legs = params["n_legs"]
        n_places = max(2, legs + 1)
        cities = rng.sample(CITIES, n_places)
        offsets = _offsets(rng, n_places, params["odd_offsets"])
        tz = [dt.timezone(dt.timedelta(minutes=o)) for o in offsets]
        where = "\n".join(f"- {c}: {offset_text(o)}" for c, o in zip(cities, offsets))
        local0 = dt.datetime(rng.randint(2020, 2035), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                             rng.randrange(0, 60, 5), tzinfo=tz[0])
        if legs == 0:
            target = local0.astimezone(tz[1])
            question = (f"{ZONE_RULE}\n{where}\nWhen it is {datetime_text(local0)} local time in {cities[0]}, what "
                        f"are the local date and time in {cities[1]}?")
            return Draft(question, datetime_text(target), {"datetime": datetime_text(target)})
        kind = params["kinds"] if legs >= 1 else "arrival"
        lines, t = [], local0
        flights = []
        for i in range(legs):
            flight = rng.randrange(30, params["max_flight"] + 1, 5)
            depart_local = t.astimezone(tz[i])
            arrive = t + dt.timedelta(minutes=flight)
            flights.append((depart_local, flight, arrive.astimezone(tz[i + 1])))
            if i == 0:
                lines.append(f"Leg 1 leaves {cities[0]} at {datetime_text(depart_local)} {cities[0]} time and flies "
                             f"for {_hm(flight)} to {cities[1]}.")
            else:
                lines.append(f"Leg {i + 1} leaves {cities[i]} {_hm(layover)} after leg {i} lands and flies for "
                             f"{_hm(flight)} to {cities[i + 1]}.")
            layover = rng.randrange(40, 400, 5)
            t = arrive + dt.timedelta(minutes=layover)
        arrival = flights[-1][2]
        if kind == "arrival":
            question = (f"{ZONE_RULE}\n{where}\n" + "\n".join(lines) +
                        f"\nWhat are the local date and time in {cities[legs]} when the last leg lands?")
            return Draft(question, datetime_text(arrival), {"datetime": datetime_text(arrival)})
        depart_local, flight, arrive_local = flights[-1]
        question = (f"{ZONE_RULE}\n{where}\nA flight leaves {cities[legs - 1]} at {datetime_text(depart_local)} "
                    f"{cities[legs - 1]} time and lands in {cities[legs]} at {datetime_text(arrive_local)} "
                    f"{cities[legs]} time. How many minutes does the flight take?")
        return Draft(question, str(flight), {"minutes": flight}, "a whole number of minutes",
                     MINUTES_EXAMPLE)

    def effort(self, problem):
        """Time arithmetic: converting the departure to UTC and the end back to local time, one
        addition per flight and per layover, or, for a flight time, two conversions and a
        subtraction."""
        if "minutes" in problem.check:
            return 3
        legs = len(_LEG.findall(problem.prompt))
        return 2 + 2 * legs - (legs > 0)

    def grade(self, answer, problem):
        c = problem.check
        if "minutes" in c:
            text = without_unit(answer, ("minutes", "minute", "mins", "min"))
            return grade_int(text, c["minutes"], "the flight time")
        return grade_datetime(answer, c["datetime"], False, "the local date and time")


# ---------------------------------------------------------------- meetings

def intersect(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Intersection of two sorted lists of disjoint half-open intervals."""
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if lo < hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def subtract(free: list[tuple[int, int]], busy: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Free intervals minus busy intervals (both lists of half-open intervals)."""
    out = []
    for lo, hi in free:
        pieces = [(lo, hi)]
        for b_lo, b_hi in busy:
            nxt = []
            for p_lo, p_hi in pieces:
                if b_hi <= p_lo or b_lo >= p_hi:
                    nxt.append((p_lo, p_hi))
                    continue
                if p_lo < b_lo:
                    nxt.append((p_lo, b_lo))
                if b_hi < p_hi:
                    nxt.append((b_hi, p_hi))
            pieces = nxt
        out.extend(pieces)
    return sorted(out)


def earliest_meeting(people: list[dict], day0: dt.date, length: int, weekends: bool) -> int | None:
    """Minutes after day0 00:00 UTC of the earliest start (>= 0) at which everyone is free for
    `length` minutes, or None within the searched days. Each person works [start, end) local
    minutes on each local day (not on local Saturdays and Sundays when `weekends`), minus busy
    blocks given as (local date, start, end)."""
    common = [(0, 10 * 1440)]
    for p in people:
        free = []
        for k in range(-2, 10):
            day = day0 + dt.timedelta(days=k)
            if weekends and day.weekday() >= 5:
                continue
            base = k * 1440 - p["offset"]
            free.append((base + p["start"], base + p["end"]))
        busy = [((d - day0).days * 1440 - p["offset"] + s, (d - day0).days * 1440 - p["offset"] + e)
                for d, s, e in p["busy"]]
        common = intersect(common, subtract(sorted(free), busy))
    for lo, hi in common:
        start = max(lo, 0)
        if hi - start >= length:
            return start
    return None


MEET_ASKS = ("utc", "local")


@register
class TimezoneMeeting(Task):
    """Find the earliest meeting slot for people in different fixed-offset time zones, each
    available only during local working hours (minus busy blocks). Give it in UTC or in one
    person's local time. Higher levels add people, half- and quarter-hour offsets, longer
    meetings, busy blocks, and weekends off (local Saturday and Sunday), so the answer may fall
    on a different calendar day for different people."""

    name = "time/timezone_meeting"
    knobs = (
        Knob("n_people", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 8),
             doc="people to schedule"),
        Knob("odd_offsets", [False, False, False, False, True, True, True, True, True, True] + [True] * 10,
             doc="whether offsets like UTC+05:30 and UTC+05:45 appear"),
        Knob("length", [30, 45, 45, 60, 60, 60, 90, 90, 90, 120, 150, 120, 150, 150, 150, 180, 180, 180, 180, 210],
             (15, 600), doc="meeting length in minutes"),
        Knob("busy", [0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8], (0, 10),
             doc="busy blocks per person"),
        Knob("weekends", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="nobody works on local Saturdays and Sundays"),
        Knob("asks", ["utc", "utc", "utc", ["utc", "local"], ["utc", "local"], ["utc", "local"], ["utc", "local"],
                      ["utc", "local"], ["utc", "local"], ["utc", "local"]] + [["utc", "local"]] * 10,
             choices=MEET_ASKS, doc="answer in UTC or in one person's local time (a list: one drawn per problem)"),
    )
    answer_format = "a date and time as YYYY-MM-DD HH:MM (24-hour clock)"
    example = DATETIME_EXAMPLE
    NAMES = ("Ana", "Bo", "Chidi", "Dana", "Emre", "Fumi", "Goran", "Hiro")

    def build(self, rng, params):
        for _attempt in range(40):
            day0 = dt.date(rng.randint(2020, 2035), rng.randint(1, 12), rng.randint(1, 28))
            # a shared UTC window that falls inside everyone's working day guarantees a slot exists
            w_lo = rng.randrange(0, 1440, 30)
            w_len = params["length"] + rng.choice([0, 30, 60, 90])
            pool = list(WHOLE_OFFSETS) + (list(ODD_OFFSETS) if params["odd_offsets"] else [])
            fits = [o for o in pool if 7 * 60 <= (w_lo + o) % 1440 and (w_lo + o) % 1440 + w_len <= 20 * 60]
            if len(fits) < params["n_people"]:
                continue
            offsets = rng.sample(fits, params["n_people"])
            odd = [o for o in fits if o % 60 and o not in offsets]
            if params["odd_offsets"] and odd and not any(o % 60 for o in offsets):
                offsets[rng.randrange(len(offsets))] = rng.choice(odd)
            people = []
            for name, off in zip(rng.sample(self.NAMES, params["n_people"]), offsets):
                local_lo = (w_lo + off) % 1440
                start = max(6 * 60, (local_lo - rng.randint(0, 180)) // 30 * 30)
                end = min(21 * 60, -(-(local_lo + w_len + rng.randint(0, 180)) // 30) * 30)
                busy = []
                for _ in range(params["busy"]):
                    d = day0 + dt.timedelta(days=rng.randint(0, 2))
                    if params["weekends"] and d.weekday() >= 5:
                        continue  # no busy blocks on days off
                    s = rng.randrange(start, end - 30, 15)
                    busy.append((d, s, min(end, s + rng.randrange(30, 181, 15))))
                people.append({"name": name, "offset": off, "start": start, "end": end, "busy": sorted(busy)})
            found = earliest_meeting(people, day0, params["length"], params["weekends"])
            if found is not None and found < 6 * 1440:
                break
        else:
            raise ValueError("could not draw people with a common slot; lower length or busy")
        t = dt.datetime(day0.year, day0.month, day0.day) + dt.timedelta(minutes=found)
        lines = []
        for p in people:
            hours = f"{p['start'] // 60:02d}:{p['start'] % 60:02d}-{p['end'] // 60:02d}:{p['end'] % 60:02d}"
            text = f"- {p['name']} ({offset_text(p['offset'])}) works {hours} local time"
            text += " on weekdays (Monday to Friday, local calendar)" if params["weekends"] else " every day"
            if p["busy"]:
                text += "; busy (local time) " + ", ".join(
                    f"{d.isoformat()} {s // 60:02d}:{s % 60:02d}-{e // 60:02d}:{e % 60:02d}" for d, s, e in p["busy"])
            lines.append(text + ".")
        ask = params["asks"]
        who = rng.choice(people) if ask == "local" else None
        if who is None:
            target, zone_words = t, "in UTC"
        else:
            target = t + dt.timedelta(minutes=who["offset"])
            zone_words = f"in {who['name']}'s local time"
        weekday = f" ({day0.isoformat()} is a {WEEKDAYS[day0.weekday()]} everywhere on that date.)" \
            if params["weekends"] else ""
        question = (f"{ZONE_RULE}{weekday}\n" + "\n".join(lines) +
                    f"\nA {params['length']}-minute meeting must lie entirely inside everyone's working hours and "
                    f"outside their busy blocks (it may start the moment a block ends). What is the earliest start at "
                    f"or after {day0.isoformat()} 00:00 UTC? Give the start date and time {zone_words}.")
        return Draft(question, datetime_text(target), {"datetime": datetime_text(target)})

    def effort(self, problem):
        """Interval work: each person's working hours and each busy block is an interval to
        convert to UTC and intersect, once for every day searched up to the answer."""
        day0 = dt.date.fromisoformat(_DAY0.search(problem.prompt).group(1))
        found = dt.datetime.fromisoformat(problem.check["datetime"]).date()
        days = max(0, (found - day0).days) + 1
        people = _PERSON.findall(problem.prompt)
        return sum(days + len(_BUSY.findall(busy)) for busy in people)

    def grade(self, answer, problem):
        return grade_datetime(answer, problem.check["datetime"], False, "the earliest meeting start")
