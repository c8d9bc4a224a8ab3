"""Per-task tests for the newer time/* tasks: every reference is re-derived from the prompt or
from random instances with an independent method (civil-day arithmetic instead of datetime,
numpy's business-day counter, brute-force scans and searches), plus accepted alternative forms
and rejected near misses."""
import calendar
import datetime as dt
import random
import re
from fractions import Fraction

import numpy as np
import pytest

import procgym
from procgym import Problem
from procgym.generators.time import clocks, recurring, timesheets, timetables, workdays, zones
from procgym.generators.time._clock import offset_text, read_clock, read_datetime
from answer_helpers import ok

NAMES = ["time/day_of_week", "time/datetime_add", "time/timezone_travel", "time/timezone_meeting",
         "time/timetable_connection", "time/clock_angle", "time/working_days", "time/recurring_events",
         "time/timesheet_total"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def record(name, check, answer="x"):
    return Problem(name, 0, 5, {}, "(test)", answer, check)


# --------------------------------------------------------------------------- independent calendar

def days_from_civil(y, m, d):
    """Days since 1970-01-01 (Howard Hinnant's algorithm: no datetime involved)."""
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (m <= 2), m, d


def weekday_of(y, m, d):
    return (days_from_civil(y, m, d) + 3) % 7  # 1970-01-01 was a Thursday (3 with Monday = 0)


def to_minutes(text):
    """'YYYY-MM-DD HH:MM' -> minutes since the epoch."""
    y, mo, d, h, mi = map(int, re.fullmatch(r"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)", text).groups())
    return days_from_civil(y, mo, d) * 1440 + h * 60 + mi


def from_minutes(t):
    days, rest = divmod(t, 1440)
    y, m, d = civil_from_days(days)
    return f"{y:04d}-{m:02d}-{d:02d} {rest // 60:02d}:{rest % 60:02d}"


def test_independent_calendar_agrees_with_known_dates():
    assert weekday_of(2000, 1, 1) == 5 and weekday_of(1900, 3, 1) == 3 and weekday_of(2024, 2, 29) == 3
    for z in (-200000, -1, 0, 59, 11016, 160000):
        assert days_from_civil(*civil_from_days(z)) == z


# --------------------------------------------------------------------------- all tasks

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_consecutive_levels_differ_and_level_five_varies(name):
    knobs = procgym.get(name).knobs
    for level in range(1, 10):
        assert [k.levels[level - 1] for k in knobs] != [k.levels[level] for k in knobs], (name, level)
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    p = procgym.generate(name, seed=2, difficulty=6)
    for text in ("", "banana", "25:00", "2024-02-30 10:00", "1/0", p.answer + p.answer):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- day_of_week

def test_day_of_week_matches_an_independent_weekday():
    for level in range(1, 11):
        for seed in range(15):
            p = procgym.generate("time/day_of_week", seed=seed, difficulty=level)
            q = p.prompt.split("What day of the week is ")[1].split("?")[0]
            if q.startswith("day number"):
                n, year = map(int, re.fullmatch(r"day number (\d+) of the year (\d+) .*", q).groups())
                y, m, d = civil_from_days(days_from_civil(year, 1, 1) + n - 1)
            elif q[0].isdigit():
                y, m, d = map(int, q.split("-"))
            else:
                month, d, y = re.fullmatch(r"(\w+) (\d+), (\d+)", q).groups()
                y, m, d = int(y), MONTHS.index(month) + 1, int(d)
            assert p.answer == WEEKDAYS[weekday_of(y, m, d)], (level, seed)
            anchor = re.search(r"\((\d{4})-(\d\d)-(\d\d)\) falls on a (\w+)", p.prompt)
            assert WEEKDAYS[weekday_of(*map(int, anchor.groups()[:3]))] == anchor.group(4)


def test_weekday_forms():
    p = record("time/day_of_week", {"weekday": 3})
    for text in ("Thursday", "thursday", "Thu", "THURSDAY."):
        assert ok(p, text), text
    for text in ("Wednesday", "Friday", "Thurs day", "4"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- datetime_add

def test_datetime_add_matches_civil_minute_arithmetic():
    per = {"week": 10080, "day": 1440, "hour": 60, "minute": 1}
    for level in range(1, 9):  # levels 9-10 carry seconds: checked below
        for seed in range(12):
            p = procgym.generate("time/datetime_add", seed=seed, difficulty=level)
            start = re.search(r"(?:Start at|starts at) (\d{4}-\d\d-\d\d \d\d:\d\d)", p.prompt).group(1)
            if "Let T be" in p.prompt:
                chain = re.search(r"by these steps: (.+?)\.\n", p.prompt).group(1)
            else:
                chain = re.search(r"Start at [^.]+\. (.+?)\. What date", p.prompt).group(1)
            t = to_minutes(start)
            for step in chain.split("; then "):
                words = step.lower().split()
                sign = 1 if words[0] == "add" else -1
                for n, unit in zip(words[1::2], words[2::2]):
                    t += sign * int(n) * per[unit.rstrip("s")]
            if "count" in p.check:
                assert p.check["count"] == t - to_minutes(start), (level, seed)
            else:
                assert p.answer == from_minutes(t), (level, seed)


def test_datetime_with_seconds():
    p = procgym.generate("time/datetime_add", seed=4, difficulty=10, kinds="add")
    start = dt.datetime.fromisoformat(re.search(r"Start at (\S+ \S+)\.", p.prompt).group(1))
    assert p.check["seconds"] and len(p.answer) == 19 and read_datetime(p.answer, True) != start


def test_datetime_forms():
    p = record("time/datetime_add", {"datetime": "2024-03-01 09:05", "seconds": False})
    for text in ("2024-03-01 09:05", "2024-03-01T09:05", "2024-3-1 9:05", "2024-03-01 09:05 UTC", "2024-03-01, 09:05",
                 "2024-03-01 09:05:00"):
        assert ok(p, text), text
    for text in ("2024-03-02 09:05", "2024-03-01 09:06", "2024-02-29 09:05", "2024-03-01 21:05", "09:05",
                 "2024-03-01 09:05:30"):
        assert not ok(p, text), text
    secs = record("time/datetime_add", {"datetime": "2024-03-01 09:05:07", "seconds": True})
    assert ok(secs, "2024-03-01 09:05:07") and not ok(secs, "2024-03-01 09:05") and not ok(secs, "2024-03-01 09:05:08")
    count = record("time/datetime_add", {"count": -1445, "unit": "minutes"})
    for text in ("-1445", "-1,445", "-1445 minutes"):
        assert ok(count, text), text
    for text in ("1445", "-1444", "-1446 minutes"):
        assert not ok(count, text), text


# --------------------------------------------------------------------------- zones

def _offsets(prompt):
    return {m.group(1): (1 if m.group(2) == "+" else -1) * (60 * int(m.group(3)) + int(m.group(4)))
            for m in re.finditer(r"- (\w+): UTC([+-])(\d\d):(\d\d)", prompt)}


def _hm(text):
    m = re.fullmatch(r"(?:(\d+) h )?(\d+) min", text)
    return 60 * int(m.group(1) or 0) + int(m.group(2))


def test_timezone_travel_matches_utc_minute_arithmetic():
    for level in range(1, 11):
        for seed in range(10):
            p = procgym.generate("time/timezone_travel", seed=seed, difficulty=level)
            off = _offsets(p.prompt)
            if "minutes" in p.check:
                m = re.search(r"leaves (\w+) at (\S+ \S+) \w+ time and lands in (\w+) at (\S+ \S+) \w+ time", p.prompt)
                a, t1, b, t2 = m.groups()
                assert (to_minutes(t2) - off[b]) - (to_minutes(t1) - off[a]) == p.check["minutes"]
                continue
            m = re.search(r"When it is (\S+ \S+) local time in (\w+), what are the local date and time in (\w+)\?",
                          p.prompt)
            if m:
                t, a, b = m.groups()
                assert from_minutes(to_minutes(t) - off[a] + off[b]) == p.answer
                continue
            first = re.search(r"Leg 1 leaves (\w+) at (\S+ \S+) \w+ time and flies for (.+?) to (\w+)\.", p.prompt)
            utc = to_minutes(first.group(2)) - off[first.group(1)] + _hm(first.group(3))
            dest = first.group(4)
            for later in re.finditer(r"Leg \d+ leaves \w+ (.+?) after leg \d+ lands and flies for (.+?) to (\w+)\.",
                                     p.prompt):
                utc += _hm(later.group(1)) + _hm(later.group(2))
                dest = later.group(3)
            assert from_minutes(utc + off[dest]) == p.answer, (level, seed)


def test_offset_text():
    assert offset_text(330) == "UTC+05:30" and offset_text(-210) == "UTC-03:30" and offset_text(0) == "UTC+00:00"


def _scan(people, day0, length, weekends):
    """Minute-by-minute scan for the earliest common free start (independent of the interval code)."""
    def free(p, t):
        local = t + p["offset"]
        day, minute = divmod(local, 1440)
        date = day0 + dt.timedelta(days=day)
        if weekends and date.weekday() >= 5:
            return False
        if not p["start"] <= minute < p["end"]:
            return False
        return not any(d == date and s <= minute < e for d, s, e in p["busy"])
    run = 0
    for t in range(0, 6 * 1440):
        run = run + 1 if all(free(p, t) for p in people) else 0
        if run == length:
            return t - length + 1
    return None


def test_earliest_meeting_against_a_minute_scan():
    rng = random.Random(5)
    day0 = dt.date(2030, 4, 5)  # a Friday
    checked = 0
    for _ in range(25):
        people = []
        for _ in range(rng.randint(2, 3)):
            start = rng.randrange(360, 660, 30)
            end = start + rng.randrange(300, 600, 30)
            busy = [(day0 + dt.timedelta(days=rng.randint(0, 3)), s, s + rng.randrange(30, 120, 15))
                    for s in [rng.randrange(start, end - 30, 15) for _ in range(rng.randint(0, 2))]]
            people.append({"offset": rng.choice([-120, -60, 0, 60, 180, 330, 345]), "start": start, "end": end,
                           "busy": busy})
        length = rng.choice([30, 60, 90])
        weekends = rng.random() < 0.5
        fast = zones.earliest_meeting(people, day0, length, weekends)
        slow = _scan(people, day0, length, weekends)
        if fast is not None and fast < 5 * 1440:
            assert fast == slow
            checked += 1
    assert checked >= 10


def test_earliest_meeting_by_hand():
    day0 = dt.date(2030, 4, 1)
    people = [{"offset": 0, "start": 9 * 60, "end": 17 * 60, "busy": []},
              {"offset": 330, "start": 9 * 60, "end": 18 * 60, "busy": [(day0, 14 * 60, 15 * 60 + 30)]}]
    # the common UTC window is 09:00-12:30; the busy block (08:30-10:00 UTC) leaves 10:00-12:30
    assert zones.earliest_meeting(people, day0, 60, False) == 10 * 60
    assert zones.earliest_meeting(people, day0, 180, False) == 1440 + 9 * 60  # next day, no busy block


# --------------------------------------------------------------------------- timetables

def _brute(lines, origin, destination, t0, transfer):
    """Depth-first search over every sequence of trips (fine for the small networks here)."""
    trips = [(li, timetables.trips(line)) for li, line in enumerate(lines)]
    best = [None]

    def go(station, ready, depth):
        if station == destination:
            if best[0] is None or ready < best[0]:
                best[0] = ready
            return
        if depth > 6:
            return
        for li, line_trips in trips:
            for trip in line_trips:
                for i, (s, dep) in enumerate(trip):
                    if s == station and dep >= ready:
                        for s2, arr in trip[i + 1:]:
                            go(s2, arr if s2 == destination else arr + transfer, depth + 1)
    go(origin, t0, 0)
    return best[0]


def test_connection_scan_against_brute_force():
    task = timetables.TimetableConnection()
    rng = random.Random(11)
    for _ in range(30):
        stations = ["A", "B", "C", "D"]
        lines = []
        for k in range(rng.randint(2, 4)):
            stops = sorted(rng.sample(stations, rng.randint(2, 3)))
            lines.append(task._line(rng, f"L{k}", stops, rng.random() < 0.5, (480, 600)))
        transfer = rng.choice([0, 3, 7])
        t0 = rng.randint(470, 560)
        assert timetables.earliest_arrival(lines, "A", "D", t0, transfer) == _brute(lines, "A", "D", t0, transfer)


def test_connection_scan_by_hand():
    lines = [{"stops": ["A", "B"], "offsets": [0, 10], "departures": [600, 620]},
             {"stops": ["B", "C"], "offsets": [0, 15], "departures": [612, 615, 640]},
             {"stops": ["A", "B", "C"], "offsets": [0, 20, 50], "departures": [605]}]
    # A 10:00 -> B 10:10; a 5-minute change misses the 10:12 but makes the 10:15 -> C 10:30;
    # the through train (A 10:05 -> C 10:55) is slower
    assert timetables.earliest_arrival(lines, "A", "C", 590, 5) == 630
    assert timetables.earliest_arrival(lines, "A", "C", 590, 0) == 627
    assert timetables.earliest_arrival(lines, "A", "C", 601, 5) == 655  # only the through train is left


def test_clock_forms():
    p = record("time/timetable_connection", {"minutes": 545})
    for text in ("09:05", "9:05", "09:05."):
        assert ok(p, text), text
    for text in ("09:04", "09:06", "21:05", "9.05", "0905"):
        assert not ok(p, text), text
    assert read_clock("23:59") == 1439


# --------------------------------------------------------------------------- clock_angle

def test_angle_by_hand():
    assert clocks.hand_angle(Fraction(3 * 3600)) == 90
    assert clocks.hand_angle(Fraction(9 * 3600 + 45 * 60)) == Fraction(45, 2)
    assert clocks.hand_angle(Fraction(12 * 3600 + 30 * 60)) == 165
    assert clocks.hand_angle(Fraction(3600 + 5 * 60 + 30)) == Fraction(1, 4)  # 1:05:30: hands at 32.75 and 33 deg


def test_clock_angle_answers_against_a_grid_scan():
    for level in range(1, 11):
        for seed in range(10):
            p = procgym.generate("time/clock_angle", seed=seed, difficulty=level)
            m = re.search(r"minute hand at (\d\d):(\d\d)(?::(\d\d))?", p.prompt)
            if m:
                h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
                hour = Fraction((h % 12) * 3600 + mi * 60 + s, 120)
                minute = Fraction(mi * 60 + s, 10)
                diff = abs(hour - minute)
                assert Fraction(*p.check["value"]) == min(diff, 360 - diff)
                continue
            m = re.search(r"from (\d\d):(\d\d) to (\d\d):(\d\d) \(both included\) are the hour and minute hands exactly "
                          r"(\d+) degrees", p.prompt)
            if m:
                a = int(m.group(1)) * 60 + int(m.group(2))
                b = int(m.group(3)) * 60 + int(m.group(4)) if m.group(3) != "24" else 1440
                angle = int(m.group(5))
                # every solution lies on the 1/11-minute grid, since it is (720k +- 2*angle)/11 minutes
                hits = sum(1 for j in range(11 * a, 11 * b + 1) if clocks.hand_angle(Fraction(60 * j, 11)) == angle)
                assert hits == p.check["count"], (level, seed)
                continue
            m = re.search(r"just after (\d+):00 .* first exactly (\d+) degrees", p.prompt)
            h, angle = int(m.group(1)), int(m.group(2))
            first = next(j for j in range(1, 11 * 720) if clocks.hand_angle(Fraction(60 * (60 * 11 * h + j), 11)) == angle)
            assert Fraction(first, 11) == Fraction(*p.check["value"]), (level, seed)


def test_angle_forms():
    p = record("time/clock_angle", {"value": [45, 2], "what": "the angle"})
    for text in ("22.5", "45/2", "22.5 degrees", "22.50"):
        assert ok(p, text), text
    for text in ("22", "23", "22.4", "-22.5", "337.5"):
        assert not ok(p, text), text
    p = record("time/clock_angle", {"value": [180, 11], "what": "the number of minutes"})
    for text in ("180/11", "360/22", "180/11 minutes"):
        assert ok(p, text), text
    for text in ("16.36", "16", "16.3636", "181/11"):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- working_days

def test_working_days_against_numpy_busday():
    masks = {(5, 6): "1111100", (4, 5): "1111001", (6,): "1111110", (4, 5, 6): "1111000"}
    for level in range(1, 11):
        for seed in range(12):
            p = procgym.generate("time/working_days", seed=seed, difficulty=level)
            weekend = workdays.WEEKENDS[p.params["weekends"]]
            m = re.search(r"Holidays \(no work\): (.+?)\.", p.prompt)
            holidays = [dt.date.fromisoformat(h) for h in m.group(1).split(", ")] if m else []
            if "observed on the Friday before" in p.prompt:
                holidays = [h - dt.timedelta(days=1) if h.weekday() == 5 else
                            h + dt.timedelta(days=1) if h.weekday() == 6 else h for h in holidays]
            mask = masks[weekend]
            if "count" in p.check:
                a, b = re.search(r"from (\S+) to (\S+), both dates included", p.prompt).groups()
                end = dt.date.fromisoformat(b) + dt.timedelta(days=1)
                assert np.busday_count(a, end.isoformat(), weekmask=mask, holidays=holidays) == p.check["count"]
            else:
                a = re.search(r"starts after (\S+) and needs", p.prompt).group(1)
                n = int(re.search(r"needs (\d+) working days", p.prompt).group(1))
                got = np.busday_offset(a, n, roll="forward", weekmask=mask, holidays=holidays) \
                    if np.is_busday(a, weekmask=mask, holidays=holidays) else \
                    np.busday_offset(a, n - 1, roll="forward", weekmask=mask, holidays=holidays)
                assert str(got) == p.check["date"], (level, seed)


def test_observed_holidays_by_hand():
    sat, sun = dt.date(2025, 7, 5), dt.date(2025, 7, 6)
    assert workdays.observed([sat, sun], (5, 6), True) == {dt.date(2025, 7, 4), dt.date(2025, 7, 7)}
    assert workdays.observed([sat], (5, 6), False) == {sat}
    off = workdays.observed([sat], (5, 6), True)
    assert workdays.count_working(dt.date(2025, 6, 30), dt.date(2025, 7, 6), (5, 6), off) == 4
    assert workdays.add_working(dt.date(2025, 7, 3), 1, (5, 6), off) == dt.date(2025, 7, 7)


def test_working_day_forms():
    p = record("time/working_days", {"count": 17})
    assert ok(p, "17") and ok(p, "17 working days") and ok(p, "17 days")
    assert not ok(p, "16") and not ok(p, "18") and not ok(p, "17.5")
    d = record("time/working_days", {"date": "2025-07-07"})
    assert ok(d, "2025-07-07") and ok(d, "2025/07/07") and not ok(d, "2025-07-08") and not ok(d, "July 7")


# --------------------------------------------------------------------------- recurring_events

def test_nth_weekday_against_month_calendar():
    for year, month in ((2024, 2), (2023, 12), (1900, 2), (2031, 9)):
        weeks = calendar.monthcalendar(year, month)
        for wd in range(7):
            days = [w[wd] for w in weeks if w[wd]]
            for n in (1, 2, 3, 4, -1):
                assert recurring.nth_weekday(year, month, wd, n) == dt.date(year, month, days[n - 1 if n > 0 else -1])


def test_recurring_answers_independently():
    for level in range(1, 11):
        for seed in range(12):
            p = procgym.generate("time/recurring_events", seed=seed, difficulty=level)
            if "count" in p.check:
                wd, a, b = re.search(r"How many (\w+)s are there from (\S+) to (\S+), both", p.prompt).groups()
                a, b = dt.date.fromisoformat(a), dt.date.fromisoformat(b)
                first = a + dt.timedelta(days=(WEEKDAYS.index(wd) - a.weekday()) % 7)
                expected = 0 if first > b else (b - first).days // 7 + 1
                assert expected == p.check["count"]
                continue
            events = [(dt.date.fromisoformat(f), int(k)) for f, k in
                      re.findall(r"is held on (\S+) and then every (\d+) days", p.prompt)]
            if events:
                # step through the days of the event with the longest period only
                f0, k0 = max(events, key=lambda e: e[1])
                d = f0
                while not all(d >= f and (d - f).days % k == 0 for f, k in events):
                    d += dt.timedelta(days=k0)
                assert d.isoformat() == p.check["date"]


def test_kth_meeting_by_hand():
    # last Friday of each month, from 2025-01-31 (itself a last Friday): Jan 31, Feb 28, Mar 28
    assert recurring.kth_meeting(dt.date(2025, 1, 31), 4, -1, 3) == dt.date(2025, 3, 28)
    # second Tuesday, counting from the day after January's: Feb 11, Mar 11
    assert recurring.kth_meeting(dt.date(2025, 1, 15), 1, 2, 2) == dt.date(2025, 3, 11)
    assert recurring.count_weekday(dt.date(2025, 1, 1), dt.date(2025, 1, 31), 2) == 5  # five Wednesdays


# --------------------------------------------------------------------------- timesheet_total

def test_timesheet_solvers_by_hand():
    assert timesheets.shift_minutes(22 * 60, 6 * 60, 30) == 450  # overnight, less a break
    assert timesheets.shift_minutes(9 * 60, 9 * 60, 0) == 1440  # an end equal to the start is the next day
    # $18/h = 30 cents a minute: daily overtime on the 2 hours past 8 in the first shift
    assert timesheets.pay_cents([600, 300], 1800, "daily") == 780 * 30 + 120 * 45
    # weekly: 25 h then 20 h; the last 5 h are past 40
    assert timesheets.pay_cents([1500, 1200], 1800, "weekly") == 2400 * 30 + 300 * 45
    assert timesheets.pay_cents([1500, 1200], 1800, "none") == 2700 * 30


def test_timesheet_answers_from_the_prompt():
    for level in range(1, 11):
        for seed in range(10):
            p = procgym.generate("time/timesheet_total", seed=seed, difficulty=level)
            paid = []
            for a, b, brk in re.findall(r"^- \w+: (\d\d:\d\d) to (\d\d:\d\d)(?:, unpaid break (\d+) min)?$", p.prompt,
                                        re.M):
                start, end = read_clock(a), read_clock(b)
                paid.append((end - start if end > start else end + 1440 - start) - int(brk or 0))
            if "minutes" in p.check:
                assert sum(paid) == p.check["minutes"], (level, seed)
                continue
            rate = int(Fraction(re.search(r"hourly rate is ([\d.]+) ", p.prompt).group(1)) * 100)
            if "beyond 8 hours" in p.prompt:
                ot = sum(max(0, m - 480) for m in paid)
            elif "beyond 40 hours" in p.prompt:
                ot = max(0, sum(paid) - 2400)
            else:
                ot = 0
            expected = Fraction(rate, 60) * (sum(paid) - ot) + Fraction(rate, 60) * Fraction(3, 2) * ot
            assert expected == p.check["cents"], (level, seed)


def test_timesheet_forms():
    p = record("time/timesheet_total", {"minutes": 37 * 60 + 5})
    for text in ("37:05", "37:05 hours", " 37 : 05 "):
        assert ok(p, text), text
    for text in ("37:06", "37:5", "37.05", "1:13:05", "2225", "36:65"):
        assert not ok(p, text), text
    pay = record("time/timesheet_total", {"cents": 190500})
    assert ok(pay, "1905.00") and ok(pay, "1,905") and not ok(pay, "1905.50")


# --------------------------------------------------------------------------- answers read with the kit

def test_datetimes_with_no_break_spaces_and_hedges():
    p = record("time/timezone_meeting", {"datetime": "2022-09-04 09:44"})
    for text in ("2022-09-04\u00a009:44", "2022-09-04\u202f09:44", "2022-09-04 09:44.", "$2022-09-04 09:44$"):
        assert ok(p, text), repr(text)
    for text in ("2022-09-04 09:44 or 2022-09-04 09:45", "not 2022-09-04 09:44", "2022-09-04 09:44 I think",
                 "2022-09-04 09:44\n2022-09-05 09:44", "2022-09-04 09:44, 2022-09-04 09:45"):
        assert not ok(p, text), text


def test_units_and_hedges_on_numbers():
    angle = record("time/clock_angle", {"value": [45, 2], "what": "the angle"})
    for text in ("22.5^\\circ", "$22.5^{\\circ}$", "22.5\u00b0", "\\frac{45}{2} degrees"):
        assert ok(angle, text), text
    for text in ("22.5 minutes", "22.5 or 23", "0, 22.5", "22 5", "angle != 22.5", "22.5 degrees I think"):
        assert not ok(angle, text), text
    count = record("time/working_days", {"count": 17})
    for text in ("17 workdays", "17 work days", "17."):
        assert ok(count, text), text
    for text in ("17 days or 18 days", "0, 17", "1 7", "17 working days I think", "17 xdays"):
        assert not ok(count, text), text
    minutes = record("time/timezone_travel", {"minutes": 415})
    assert ok(minutes, "415 min") and not ok(minutes, "415 seconds") and not ok(minutes, "6 h 55 min")


def test_clock_and_duration_hedges():
    clock = record("time/timetable_connection", {"minutes": 545})
    for text in ("09:05 or 09:06", "not 09:05", "09:05, 09:06", "09:05 I think"):
        assert not ok(clock, text), text
    total = record("time/timesheet_total", {"minutes": 37 * 60 + 5})
    for text in ("37:05 or 37:06", "37:05, 37:05", "about 37:05"):
        assert not ok(total, text), text


def test_day_of_week_is_a_closed_set():
    """Seven possible answers: the example ("Thursday") is right for about one problem in seven,
    which the contract allows for tasks declaring closed_answers."""
    assert procgym.get("time/day_of_week").closed_answers
    p = record("time/day_of_week", {"weekday": 3})
    for text in ("Thursday or Friday", "not Thursday", "Thursday, Friday", "Thursday I think"):
        assert not ok(p, text), text


# problems whose answer was the previous example: every problem of the kind now shows an example
# that is never an answer (a negative angle, wait or count, a count of 0 weekdays)
EXAMPLE_FIXED = [("time/clock_angle", 6, 16, "180/11", "-180/11"), ("time/recurring_events", 4, 4, "9", "0"),
                 ("time/working_days", 5, 18, "17", "-17")]


@pytest.mark.parametrize("name,level,seed,answer,example", EXAMPLE_FIXED)
def test_prompt_example_is_never_the_answer(name, level, seed, answer, example):
    from procgym.contract import prompt_example

    p = procgym.generate(name, seed=seed, difficulty=level)
    assert p.answer == answer and prompt_example(p.prompt) == example and not ok(p, example)
    for s in range(30):
        q = procgym.generate(name, seed=s, difficulty=level)
        assert not ok(q, prompt_example(q.prompt))


@pytest.mark.parametrize("name", [n for n in procgym.tasks("time/*") if n != "time/day_of_week"])
def test_the_example_is_never_an_answer_and_depends_only_on_the_kind(name):
    """Each kind of question shows one example that no problem has as its answer (a date in 2099, a
    total of 37:04 where totals are multiples of 5 minutes, an arrival before 06:00...), except the
    kinds whose answers may be anything: those draw the example per problem from a list, less the
    answer."""
    from procgym.contract import prompt_example

    drawn = {"time/date_arithmetic": ("a date", "a day of the week", "a whole number of days"),
             "time/datetime_add": ("a whole number of",)}
    by_kind: dict = {}  # the answer format (one per kind of question) -> the examples shown
    for level in (1, 5, 10):
        for seed in range(30):
            p = procgym.generate(name, seed=seed, difficulty=level)
            example = prompt_example(p.prompt)
            assert example != p.answer and not ok(p, example), (level, seed, example)
            kind = next(line for line in p.prompt.splitlines() if line.startswith("Answer format: "))[15:]
            by_kind.setdefault(kind, set()).add(example)
    for kind, examples in by_kind.items():
        assert (len(examples) > 1) == kind.startswith(drawn.get(name, ("-",))), (kind, examples)
