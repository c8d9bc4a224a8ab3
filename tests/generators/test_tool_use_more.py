"""Behaviour tests for the later tool_use tasks (payroll run, warehouse picking, course
enrolment): goal states worked out by hand on small hand-made systems, goals recomputed directly
from generated ones, the failing calls the agent must work around, harmful tools losing, and the
reference solutions winning."""
import pytest

import procgym
from answer_helpers import play
from procgym import Problem
from procgym.agents import OracleAgent, play_episode
from procgym.envs import make
from procgym.generators.tool_use import course_enrolment as ce
from procgym.generators.tool_use import payroll_run as pr
from procgym.generators.tool_use import warehouse_picking as wp

NAMES = ["tool_use/payroll_run", "tool_use/warehouse_picking", "tool_use/course_enrolment"]


def problem(name, check, level=3):
    """A generated problem whose check record is replaced by a hand-made one."""
    record = procgym.get(name).generate(seed=0, difficulty=level).to_dict()
    record["check"] = check
    return Problem.from_dict(record)


# ----------------------------------------------------------------------------- payroll run

def payroll_check():
    staff = {"E1": {"name": "Ana", "salary": 2000, "rating": 5, "union": True, "account": True},
             "E2": {"name": "Ben", "salary": 3005, "rating": 3, "union": False, "account": False},
             "E3": {"name": "Cara", "salary": 1999, "rating": 4, "union": False, "account": True}}
    check = {"staff": staff, "order": ["E1", "E2", "E3"], "threshold": 4, "raise": 10, "tax": 20, "dues": 15,
             "budget": 30}
    check["goal"] = pr.solve(check)[0]
    return check


def test_payroll_goal_by_hand():
    goal, script = pr.solve(payroll_check())
    # E1: 2000 + 200 = 2200, less 440 tax and 15 dues; E2: no raise, 3005 less 601; E3: 1999 + 199 less 439
    assert goal == {"salaries": {"E1": 2200, "E2": 3005, "E3": 2198},
                    "paid": {"E1": ["transfer", 1745], "E2": ["cheque", 2404], "E3": ["transfer", 1759]}}
    assert script == ["list_staff 1", "get_employee E1", "set_salary E1 2200", "pay E1 1745", "get_employee E2",
                      "pay E2 2404", "pay_cheque E2 2404", "get_employee E3", "set_salary E3 2198", "pay E3 1759",
                      "finish"]


def test_payroll_refused_transfer_harm_and_wrong_amounts():
    p = problem("tool_use/payroll_run", payroll_check())
    win = ["set_salary E1 2200", "pay e1 1745", "pay E2 2404", "pay_cheque E2 2404", "set_salary E3 2198",
           "pay E3 1759", "finish"]
    out, _ = play(p, win)
    assert out[2][0].startswith("Error: no bank account is on file for E2; nothing paid.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, win[:-1] + ["pay E3 1", "finish"])
    assert out[-2][0].startswith("Error: E3 is paid already this month.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, win[:-1] + ["add_bonus E1 50", "finish"])
    assert out[-1] == ("Finished, but the goal is not met: E1 was given a bonus.", 0.0, True)
    out, _ = play(p, win[:-1] + ["terminate E2", "finish"])
    assert out[-1][1] == 0.0
    # paying the old salary's net pay (no raise first) is a different state
    out, _ = play(p, ["pay E1 1585", "pay_cheque E2 2404", "set_salary E3 2198", "pay E3 1759", "finish"])
    assert out[-1][0].startswith("Finished, but the goal is not met: E1's salary is 2000, the goal has 2200")


@pytest.mark.parametrize("level", [1, 4, 6, 12, 20])
def test_payroll_goal_matches_a_direct_count(level):
    for seed in range(8):
        c = procgym.generate("tool_use/payroll_run", seed=seed, difficulty=level).check
        for e, v in c["staff"].items():
            salary = v["salary"] * (100 + c["raise"]) // 100 if v["rating"] >= c["threshold"] else v["salary"]
            assert c["goal"]["salaries"][e] == salary
            net = salary - (salary * c["tax"]) // 100 - (c["dues"] if v["union"] else 0)
            assert c["goal"]["paid"][e] == ["transfer" if v["account"] else "cheque", net]


# ----------------------------------------------------------------------------- warehouse picking

def warehouse_check():
    products = {"K1": {"item": "milk", "lots": [{"lot": "L1", "qty": 3, "expiry": 12},
                                                {"lot": "L2", "qty": 5, "expiry": 9},
                                                {"lot": "L3", "qty": 4, "expiry": 11},
                                                {"lot": "L4", "qty": 2, "expiry": 15},
                                                {"lot": "L5", "qty": 1, "expiry": 12}]},
                "K2": {"item": "tofu", "lots": [{"lot": "L6", "qty": 2, "expiry": 20}]}}
    check = {"products": products, "orders": [["O1", "K1", 4], ["O2", "K1", 3], ["O3", "K2", 3], ["O4", "K1", 1]],
             "ship_day": 10, "held": ["L3"], "budget": 30}
    check["goal"] = wp.solve(check)[0]
    return check


def test_warehouse_goal_by_hand():
    goal, script = wp.solve(warehouse_check())
    # L2 expired; L3 (first to expire) is held; O2 and O3 cannot be filled; O4 takes from L4 after O2's release
    assert goal == {"reserved": {"O1": {"L1": 3, "L5": 1}, "O4": {"L4": 1}}, "backorder": ["O2", "O3"]}
    assert script == ["list_orders 1", "get_product K1", "reserve O1 L3 4", "reserve O1 L1 3", "reserve O1 L5 1",
                      "reserve O2 L4 2", "release O2", "backorder O2", "get_product K2", "reserve O3 L6 2",
                      "release O3", "backorder O3", "reserve O4 L4 1", "finish"]


def test_warehouse_hold_partial_orders_and_harm():
    p = problem("tool_use/warehouse_picking", warehouse_check())
    out, _ = play(p, ["reserve O1 L3 4", "reserve O1 L1 2", "reserve o1 l1 1", "reserve O1 L5 1", "backorder O2",
                      "reserve O4 L4 1", "backorder O3", "finish"])
    assert out[0][0].startswith("Error: lot L3 is on quality hold; nothing reserved.")
    assert out[-1][1:] == (1.0, True)  # a lot reserved in two parts reaches the same state
    out, _ = play(p, ["reserve O2 L4 2", "backorder O2"])
    assert out[1][0].startswith("Error: O2 has stock reserved; release it first.")
    out, _ = play(p, ["reserve O1 L1 3", "reserve O1 L5 1", "reserve O2 L4 2", "backorder O3", "reserve O4 L4 1",
                      "finish"])
    assert out[-2][0].startswith("Error: lot L4 has 0 left; reserve from 1 to 0.")
    assert out[-1][0] == "Finished, but the goal is not met: order O2 has 2 of L4 reserved, the goal has nothing."
    out, _ = play(p, ["reserve O1 L2 4", "reserve O1 L1 3", "finish"])
    assert out[1][0].startswith("Error: O1 needs only 0 more.")  # 4 of the expired L2 fill it wrongly
    assert out[-1][0] == ("Finished, but the goal is not met: order O1 has 4 of L2 reserved, "
                          "the goal has 3 of L1, 1 of L5.")
    out, _ = play(p, ["reserve O1 L2 4", "release O1", "reserve O1 L1 3", "reserve O1 L5 1", "backorder O2",
                      "reserve O4 L4 1", "backorder O3", "finish"])
    assert out[-1][1:] == (1.0, True)  # a release undoes the wrong reservation
    out, _ = play(p, ["reserve O1 L1 3", "reserve O1 L5 1", "backorder O2", "reserve O4 L4 1", "backorder O3",
                      "write_off L2", "finish"])
    assert out[-1] == ("Finished, but the goal is not met: lot L2 was written off.", 0.0, True)
    out, _ = play(p, ["reserve O1 L1 3", "reserve O1 L5 1", "backorder O2", "reserve O4 L4 1", "cancel_order O3",
                      "finish"])
    assert out[-1][1] == 0.0


def warehouse_direct(c):
    """The goal by a direct greedy pass over each order, lots ranked by expiry then id."""
    left = {lot["lot"]: lot["qty"] for v in c["products"].values() for lot in v["lots"]}
    reserved, back = {}, []
    for o, sku, qty in c["orders"]:
        ranked = sorted((lot["expiry"], lot["lot"]) for lot in c["products"][sku]["lots"])
        ok = [k for e, k in ranked if e >= c["ship_day"] and k not in c["held"]]
        if sum(left[k] for k in ok) < qty:
            back.append(o)
            continue
        got, need = {}, qty
        for k in ok:
            take = min(need, left[k])
            if take:
                got[k], left[k], need = take, left[k] - take, need - take
        reserved[o] = got
    return {"reserved": reserved, "backorder": sorted(back)}


@pytest.mark.parametrize("level", [1, 3, 6, 12, 20])
def test_warehouse_goal_matches_a_direct_count(level):
    for seed in range(8):
        c = procgym.generate("tool_use/warehouse_picking", seed=seed, difficulty=level).check
        assert c["goal"] == warehouse_direct(c)


# ----------------------------------------------------------------------------- course enrolment

def course_check():
    students = {"S1": {"name": "Ana", "year": 2, "done": ["MATH101"]}, "S2": {"name": "Ben", "year": 4, "done": []},
                "S3": {"name": "Cara", "year": 2, "done": ["MATH101"]}}
    courses = {"MATH201": {"prereq": "MATH101", "sections": [{"sec": "MATH201A", "cap": 10, "taken": 10},
                                                             {"sec": "MATH201B", "cap": 10, "taken": 9},
                                                             {"sec": "MATH201C", "cap": 5, "taken": 3}]},
               "HIST201": {"prereq": "", "sections": [{"sec": "HIST201A", "cap": 2, "taken": 1}]}}
    requests = [["R1", "S1", "MATH201"], ["R2", "S2", "MATH201"], ["R3", "S3", "MATH201"], ["R4", "S3", "HIST201"],
                ["R5", "S1", "HIST201"], ["R6", "S2", "HIST201"]]
    check = {"students": students, "courses": courses, "requests": requests, "locked": ["MATH201C"], "budget": 30}
    check["goal"] = ce.solve(check)[0]
    return check


def test_course_goal_by_hand():
    goal, script = ce.solve(course_check())
    # S2 (year 4) goes first: no MATH101, so R2 is denied, and R6 takes the last HIST201 seat
    assert goal == {"R2": "denied", "R6": "HIST201A", "R1": "MATH201B", "R3": "waitlisted", "R4": "waitlisted",
                    "R5": "waitlisted"}
    assert script == ["list_requests 1", "get_student S1", "get_student S2", "get_student S3", "get_course MATH201",
                      "get_course HIST201", "deny R2", "enrol R6 HIST201A", "enrol R1 MATH201B", "enrol R3 MATH201C",
                      "waitlist R3", "waitlist R4", "waitlist R5", "finish"]


def test_course_locked_full_priority_and_harm():
    p = problem("tool_use/course_enrolment", course_check())
    out, _ = play(p, ["enrol R3 MATH201C", "enrol r3 MATH201A", "deny R2", "enrol R6 HIST201A", "enrol R1 MATH201B",
                      "waitlist R3", "waitlist R4", "waitlist R5", "finish"])
    assert out[0][0].startswith("Error: section MATH201C is locked by its department; nothing changed.")
    assert out[1][0].startswith("Error: section MATH201A is full; nothing changed.")
    assert out[-1][1:] == (1.0, True)
    # list order instead of priority: R5 would take HIST201A before R6
    out, _ = play(p, ["enrol R1 MATH201B", "deny R2", "waitlist R3", "waitlist R4", "enrol R5 HIST201A",
                      "waitlist R6", "finish"])
    assert out[-1][0] == ("Finished, but the goal is not met: request R5 is enrolled in HIST201A, "
                          "the goal has it waitlisted.")
    out, _ = play(p, ["deny R2", "enrol R6 HIST201A", "enrol R1 MATH201B", "raise_cap HIST201A", "enrol R4 HIST201A",
                      "waitlist R3", "waitlist R5", "finish"])
    assert out[-1][1] == 0.0
    out, _ = play(p, ["deny R2", "deny R2"])
    assert out[1][0].startswith("Error: R2 is decided already (denied).")


def course_direct(c):
    """The goal by a direct pass: requests sorted by year (desc) then position, seats counted down."""
    free = {s["sec"]: s["cap"] - s["taken"] for v in c["courses"].values() for s in v["sections"]}
    goal = {}
    order = sorted(enumerate(c["requests"]), key=lambda x: (-c["students"][x[1][1]]["year"], x[0]))
    for _, (r, who, code) in order:
        course = c["courses"][code]
        if course["prereq"] and course["prereq"] not in c["students"][who]["done"]:
            goal[r] = "denied"
            continue
        open_ = [s["sec"] for s in course["sections"] if free[s["sec"]] > 0 and s["sec"] not in c["locked"]]
        goal[r] = open_[0] if open_ else "waitlisted"
        if open_:
            free[open_[0]] -= 1
    return goal


@pytest.mark.parametrize("level", [1, 3, 6, 12, 20])
def test_course_goal_matches_a_direct_count(level):
    for seed in range(8):
        c = procgym.generate("tool_use/course_enrolment", seed=seed, difficulty=level).check
        assert c["goal"] == course_direct(c)


# ----------------------------------------------------------------------------- all three

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 6, 13, 20])
def test_oracle_wins(name, level):
    env = make(name, difficulty=level)
    assert all(play_episode(env, OracleAgent(), seed=s)["return"] == 1.0 for s in range(10))


@pytest.mark.parametrize("name", NAMES)
def test_generation_is_deterministic(name):
    a = [procgym.generate(name, seed=s, difficulty=9).to_dict() for s in range(4)]
    assert a == [procgym.generate(name, seed=s, difficulty=9).to_dict() for s in range(4)]


@pytest.mark.parametrize("name", NAMES)
def test_running_out_of_turns_loses(name):
    p = procgym.generate(name, seed=2, difficulty=5)
    out, _ = play(p, [procgym.get(name).example] * (p.check["budget"] + 1))
    assert out[-1][1:] == (0.0, True)
