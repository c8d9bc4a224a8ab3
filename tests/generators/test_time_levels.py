"""The time/* tasks past level 10: where their levels stop (and why), the two-week timesheet, the
long rail routes, and each effort measure computed by hand on a small instance."""
import re

import pytest

import procgym
from procgym import Problem
from procgym.generators.time import timesheets
from procgym.generators.time.timetables import earliest_arrival
from answer_helpers import ok

CAPPED = {"time/clock_angle": 13, "time/day_of_week": 10}


def record(name, prompt, check, params=None, answer="x"):
    return Problem(name, 0, 5, params or {}, prompt, answer, check)


@pytest.mark.parametrize("name", sorted(procgym.tasks("time/*")))
def test_levels_go_to_twenty_or_say_why_not(name):
    task = procgym.get(name)
    assert task.max_level == CAPPED.get(name, 20)
    assert bool(task.cap_reason) == (name in CAPPED)
    with pytest.raises(ValueError, match=f"1-{task.max_level}"):
        task.generate(seed=0, difficulty=task.max_level + 1)


def test_a_two_week_timesheet_counts_overtime_week_by_week():
    # 5 shifts of 10 hours in week 1, then 1 in week 2: only week 1 goes past 40 hours
    shifts = [600] * 6
    assert timesheets.pay_cents(shifts, 1200, "weekly", weeks=[0, 0, 0, 0, 0, 1]) == 600 * 20 * 6 + 600 * 10
    assert timesheets.pay_cents(shifts, 1200, "weekly") == 2400 * 20 + 1200 * 30  # one week: 20 h of overtime
    for seed in range(6):
        p = procgym.generate("time/timesheet_total", seed=seed, difficulty=20)
        assert "Timesheet for two weeks" in p.prompt and "(week 2)" in p.prompt
        assert p.params["n_shifts"] == 14 and ok(p, p.answer)


def test_long_rail_routes_keep_clock_times_and_solve_by_a_second_search():
    for seed in range(4):
        p = procgym.generate("time/timetable_connection", seed=seed, difficulty=20)
        times = [int(h) * 60 + int(m) for h, m in re.findall(r"\b(\d\d):(\d\d)\b", p.prompt)]
        assert max(times) <= 23 * 60 + 30  # no departure past the last train of the day
        assert len(re.findall(r"^- \w+ line", p.prompt, re.MULTILINE)) == 8 + 8
        assert ok(p, p.answer)


def test_earliest_arrival_of_a_two_line_route():
    lines = [{"stops": ["A", "B"], "offsets": [0, 10], "departures": [600, 630]},
             {"stops": ["B", "C"], "offsets": [0, 5], "departures": [612, 640]}]
    assert earliest_arrival(lines, "A", "C", 600, 0) == 617
    assert earliest_arrival(lines, "A", "C", 600, 5) == 645  # 610 + 5 misses the 612


def test_effort_of_a_date_chain():
    task = procgym.get("time/date_arithmetic")
    rules = procgym.generate("time/date_arithmetic", seed=0, difficulty=1).prompt.split("\n\n")[0]
    prompt = f"{rules}\n\nStart from 2023-01-31. Add 1 month; then add 400 days. What is the resulting date?"
    # a month step: 2; 400 days from 2023-02-28 to 2024-04-03: 1 + one year + two months
    assert task.effort(record(task.name, prompt, {"type": "date", "value": "2024-04-03"})) == 2 + 1 + 3
    between = f"{rules}\n\nHow many days are there from 2024-03-01 to 2024-05-20? Give the difference."
    assert task.effort(record(task.name, between, {"type": "days", "value": 80})) == 1 + 2


def test_effort_of_weekday_and_recurring_questions():
    anchor = "January 1, 2000 (2000-01-01) falls on a Saturday.\n"
    week = procgym.get("time/day_of_week")
    assert week.effort(record(week.name, anchor + "What day of the week is 2003-03-05?", {})) == 1 + 3 + 2
    assert week.effort(record(week.name, anchor + "What day of the week is day number 32 of the year 2000 "
                                               "(January 1 is day number 1)?", {})) == 1 + 1 + 1
    recur = procgym.get("time/recurring_events")
    club = "A club meets on the last Friday of every month. Counting ... on what date is meeting number 3?"
    assert recur.effort(record(recur.name, club, {"date": "2025-03-28"})) == 3 * (1 + 5)
    count = "How many Mondays are there from 2025-01-06 to 2026-03-02, both included?"
    assert recur.effort(record(recur.name, count, {"count": 61})) == 2 + 1 + 2


def test_effort_of_working_days_and_a_meeting():
    days = procgym.get("time/working_days")
    prompt = ("Use the Gregorian calendar. 2025-01-06 is a Monday. Nobody works on Saturday or Sunday. Holidays "
              "(no work): 2025-01-07, 2025-01-20. A holiday that falls on a non-working day changes nothing.\n"
              "How many working days are there from 2025-01-06 to 2025-01-31, both dates included?")
    assert days.effort(record(days.name, prompt, {"count": 18})) == 1 + 25 // 7 + 25 % 7 + 2 * 2
    meet = procgym.get("time/timezone_meeting")
    prompt = ("- Ana (UTC+01:00) works 09:00-17:00 local time every day.\n"
              "- Bo (UTC-05:00) works 08:00-16:00 local time every day; busy (local time) 2025-01-01 09:00-10:00, "
              "2025-01-02 08:00-09:00.\nWhat is the earliest start at or after 2025-01-01 00:00 UTC?")
    assert meet.effort(record(meet.name, prompt, {"datetime": "2025-01-02 14:00"})) == 2 + (2 + 2)


def test_effort_grows_with_the_journey():
    travel = procgym.get("time/timezone_travel")
    efforts = [travel.effort(procgym.generate(travel.name, seed=s, difficulty=20, kinds="arrival")) for s in range(3)]
    assert efforts == [2 + 2 * 10 - 1] * 3
    assert travel.effort(procgym.generate(travel.name, seed=0, difficulty=20, kinds="duration")) == 3
