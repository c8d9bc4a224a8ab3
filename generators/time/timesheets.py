"""Timesheets: total the worked time of a week of shifts (some past midnight, with unpaid
breaks), or the week's pay with a daily or weekly overtime rule."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import clock_text, money_text, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._amounts import grade_money
from ._clock import read_duration

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
SHEET_ASKS = ("total", "pay")
RULES = ("none", "daily", "weekly")
RATES = (1200, 1800, 2400, 3000, 3600)
_SHIFT_LINE = re.compile(r"^- [A-Za-z]{3}(?: \(week \d\))?: (\d\d:\d\d) to (\d\d:\d\d)(?:, unpaid break (\d+) min)?$",
                         re.MULTILINE)  # cents per hour: every minute, and 1.5 times it, is whole cents


def shift_minutes(start: int, end: int, brk: int) -> int:
    """Paid minutes of a shift from `start` to `end` (minutes after midnight; an end at or before
    the start is on the next day) less an unpaid break."""
    length = end - start if end > start else end + 1440 - start
    return length - brk


def pay_cents(shifts: list[int], rate: int, rule: str, daily: int = 480, weekly: int = 2400,
              weeks: list[int] | None = None) -> int:
    """Pay for the paid minutes of each shift: overtime minutes earn 1.5 times the rate. Daily:
    minutes beyond `daily` within one shift. Weekly: minutes beyond `weekly` in the week, counted
    in shift order (with `weeks`, the week of each shift: each week is counted on its own)."""
    per_min = rate // 60
    regular = overtime = 0
    done = 0
    for i, m in enumerate(shifts):
        if weeks is not None and i and weeks[i] != weeks[i - 1]:
            done = 0  # a new week starts its own count
        if rule == "daily":
            regular += min(m, daily)
            overtime += max(0, m - daily)
        elif rule == "weekly":
            base = max(0, min(m, weekly - done))
            regular += base
            overtime += m - base
        else:
            regular += m
        done += m
    return regular * per_min + overtime * per_min * 3 // 2


@register
class TimesheetTotal(Task):
    """Add up a week's shifts: each has a start and an end time (a shift may run past midnight)
    and an unpaid break. Ask the total paid time as hours:minutes, or the week's pay at an
    hourly rate, with overtime at 1.5 times the rate beyond 8 hours in a shift or beyond 40 hours
    in the week. Higher levels add shifts, overnight shifts, breaks, and the overtime rules; past
    level 10 the sheet covers two weeks (up to 14 shifts, weekly overtime counted week by week)."""

    name = "time/timesheet_total"
    knobs = (
        Knob("n_shifts", [1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14], (1, 14),
             doc="shifts on the sheet (more than 7: a sheet of two weeks)"),
        Knob("overnight", [0.0, 0.0, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.55, 0.55, 0.6, 0.6, 0.6,
                           0.65, 0.65, 0.7], (0.0, 1.0), doc="chance a shift runs past midnight"),
        Knob("breaks", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether shifts have unpaid breaks"),
        Knob("asks", ["total", "total", "total", "total", ["total", "pay"], ["total", "pay"], "pay", "pay", "pay",
                      "pay"] + ["pay"] * 10, choices=SHEET_ASKS, doc="question kind (a list: one drawn per problem)"),
        Knob("rules", ["none", "none", "none", "none", "none", ["none", "daily"], "daily", ["daily", "weekly"],
                       ["daily", "weekly"], "weekly"] + [["daily", "weekly"], "weekly"] * 5, choices=RULES,
             doc="overtime rule for a pay question (a list: one drawn per problem)"),
    )
    answer_format = "what the question asks for"
    # examples that are never answers: shifts start and last whole multiples of 5 minutes and breaks
    # are multiples of 15, so a total is a multiple of 5 minutes; every rate pays a multiple of 10
    # cents a minute, so 5 minutes pay a multiple of 50 cents (75 at 1.5 times): a week's pay is a
    # multiple of 25 cents
    example = "37:04"
    FORMATS = {"total": ("the total as hours and minutes H:MM (hours may exceed 24), such as 37:04", "37:04"),
               "pay": ("an amount with two decimals, such as 1520.74", "1520.74")}

    def build(self, rng, params):
        two_weeks = params["n_shifts"] > 7
        days = sorted(rng.sample(range(14 if two_weeks else 7), params["n_shifts"]))
        shifts, lines = [], []
        long_week = params["rules"] == "weekly"
        for d in days:
            if rng.random() < params["overnight"]:
                start = rng.randrange(18 * 60, 23 * 60 + 1, 5)
            else:
                start = rng.randrange(5 * 60, 14 * 60 + 1, 5)
            length = rng.randrange(6 * 60 if long_week else 3 * 60, 11 * 60 + 1, 5)
            end = (start + length) % 1440
            brk = rng.choice([0, 15, 30, 45, 60]) if params["breaks"] else 0
            shifts.append(shift_minutes(start, end, brk))
            day = f"{DAYS[d % 7]} (week {d // 7 + 1})" if two_weeks else DAYS[d]
            lines.append(f"- {day}: {clock_text(start)} to {clock_text(end)}"
                         + (f", unpaid break {brk} min" if brk else ""))
        rule_text = "A shift whose end time is at or before its start time ends on the next day."
        period = "two weeks (week 1 then week 2, each Monday to Sunday)" if two_weeks else "one week"
        sheet = f"Timesheet for {period}:\n" + "\n".join(lines) + "\n" + rule_text
        if params["asks"] == "total":
            total = sum(shifts)
            question = (f"{sheet}\nWhat is the total paid time for the {'two weeks' if two_weeks else 'week'} "
                        "(shift times minus unpaid breaks)?")
            answer, check = f"{total // 60}:{total % 60:02d}", {"minutes": total}
        else:
            rate = rng.choice(RATES)
            rule = params["rules"]
            value = pay_cents(shifts, rate, rule, weeks=[d // 7 for d in days] if two_weeks else None)
            ot = {"none": "There is no overtime: every paid minute earns the same rate.",
                  "daily": "Paid time beyond 8 hours within a single shift is overtime, paid at 1.5 times the rate.",
                  "weekly": "Paid time beyond 40 hours in the week (counting shifts in the order listed) is overtime, "
                            "paid at 1.5 times the rate."}[rule]
            if two_weeks and rule == "weekly":
                ot = ("Paid time beyond 40 hours within one week (each week counted on its own, shifts in the order "
                      "listed) is overtime, paid at 1.5 times the rate.")
            period_words = "two weeks" if two_weeks else "week"
            question = (f"{sheet}\nThe hourly rate is {money_text(rate)} for each hour of paid time (shift time "
                        f"minus unpaid breaks), pro rata by the minute. {ot} What is the pay for the {period_words}?")
            answer, check = money_text(value), {"cents": value}
        fmt, example = self.FORMATS[params["asks"]]
        return Draft(question, answer, check, fmt, example)

    def effort(self, problem):
        """One subtraction per shift, one more for a shift past midnight and one for its break;
        a pay question adds the overtime split of each shift (a daily cap or the running weekly
        total) and the final multiplication."""
        work = 0
        shifts = _SHIFT_LINE.findall(problem.prompt)
        for start, end, brk in shifts:
            work += 1 + (end <= start) + bool(brk)  # "HH:MM" strings compare in time order
        if "cents" in problem.check:
            work += 1 + (0 if "There is no overtime" in problem.prompt else len(shifts))
        return work

    def grade(self, answer, problem):
        c = problem.check
        if "cents" in c:
            return grade_money(answer, c["cents"], "the week's pay")
        try:
            given = read_duration(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given == c["minutes"] else wrong("That is not the total paid time.")
