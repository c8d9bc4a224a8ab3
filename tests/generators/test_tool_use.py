"""Behaviour tests for the tool_use tasks (bank ledger, shop orders, ticket queue, calendar, file
tree, travel booking): goal states computed by hand or by brute force, the failing calls the
agent must recover from, rewards decided by the final state whatever the path, strict commands,
determinism, and the reference solutions winning at every probed level."""
import itertools

import pytest

import procgym
from answer_helpers import HEDGED_ACTIONS, play
from procgym import Problem
from procgym.agents import OracleAgent, play_episode
from procgym.envs import make
from procgym.generators.tool_use import access_control as ac
from procgym.generators.tool_use import bank_ledger as bank
from procgym.generators.tool_use import calendar as cal
from procgym.generators.tool_use import cloud_scaling as cloud
from procgym.generators.tool_use import config_store as cs
from procgym.generators.tool_use import dns_zone as dz
from procgym.generators.tool_use import expense_review as er
from procgym.generators.tool_use import file_tree as ft
from procgym.generators.tool_use import inbox_rules as ib
from procgym.generators.tool_use import library_desk as lib
from procgym.generators.tool_use import service_deploy as sd
from procgym.generators.tool_use import sheet_update as su
from procgym.generators.tool_use import shop_orders as shop
from procgym.generators.tool_use import ticket_queue as tq
from procgym.generators.tool_use import travel_booking as tb
from procgym.generators.tool_use._commands import CommandError, read_command

NAMES = ["tool_use/bank_ledger", "tool_use/shop_orders", "tool_use/ticket_queue", "tool_use/calendar",
         "tool_use/file_tree", "tool_use/travel_booking", "tool_use/access_control", "tool_use/sheet_update",
         "tool_use/config_store", "tool_use/inbox_rules", "tool_use/dns_zone", "tool_use/library_desk",
         "tool_use/service_deploy", "tool_use/cloud_scaling", "tool_use/expense_review",
         "tool_use/payroll_run", "tool_use/warehouse_picking", "tool_use/course_enrolment"]


def problem(name, check, level=3):
    """A generated problem whose check record is replaced by a hand-made one."""
    record = procgym.get(name).generate(seed=0, difficulty=level).to_dict()
    record["check"] = check
    return Problem.from_dict(record)


# ----------------------------------------------------------------------------- the command grammar

def test_read_command_is_strict():
    grammar = {"transfer": ("word", "word", "int"), "at": ("time",), "with": ("list",), "finish": ()}
    assert read_command("TRANSFER AC1 AC2 30", grammar) == ("transfer", ["AC1", "AC2", 30])
    assert read_command("at 9:30", grammar) == ("at", [570])
    assert read_command("with Ana,Ben", grammar) == ("with", [["Ana", "Ben"]])
    for text in ("transfer AC1 AC2", "transfer AC1 AC2 30 40", "transfer AC1 AC2 -5", "transfer AC1 AC2 3.5",
                 "at 9:15", "at 25:00", "with Ana,,Ben", "finish now", "not finish", "finish?"):
        with pytest.raises(CommandError):
            read_command(text, grammar)


# ----------------------------------------------------------------------------- bank ledger

def bank_check(limit=0):
    accounts = {"AC100": {"owner": "Ana", "kind": "checking", "balance": 100},
                "AC200": {"owner": "Ben", "kind": "checking", "balance": 40},
                "AC300": {"owner": "Cara", "kind": "checking", "balance": 10},
                "AC400": {"owner": "Dev", "kind": "checking", "balance": 5},
                "AC500": {"owner": "Eli", "kind": "checking", "balance": 70},
                "AC600": {"owner": "Fay", "kind": "checking", "balance": 0},
                "AC700": {"owner": "Gus", "kind": "checking", "balance": 33}}
    clauses = [{"kind": "equalize", "a": "AC100", "b": "AC200"},
               {"kind": "top_up", "x": "AC300", "s": "AC500", "target": 50},
               {"kind": "sweep", "x": "AC400", "s": "AC600"}]
    check = {"accounts": accounts, "order": sorted(accounts), "clauses": clauses, "limit": limit,
             "two_kinds": False, "budget": 40}
    check["goal"] = bank.goal_balances(accounts, clauses)
    return check


def test_bank_goal_balances_by_hand():
    # 100 and 40 meet at 70; Cara 10 -> 50 takes 40 of Eli's 70; Dev's 5 goes to Fay; Gus untouched
    assert bank_check()["goal"] == {"AC100": 70, "AC200": 70, "AC300": 50, "AC400": 0, "AC500": 30,
                                    "AC600": 5, "AC700": 33}


def test_bank_reference_splits_after_the_limit_error():
    script = bank.reference_script(bank_check(limit=25))
    # the six accounts the goal names are all on page 1
    assert script == ["list_accounts 1",
                      "get_balance AC100", "get_balance AC200", "transfer AC100 AC200 30",
                      "transfer AC100 AC200 25", "transfer AC100 AC200 5",
                      "get_balance AC300", "transfer AC500 AC300 25", "transfer AC500 AC300 15",
                      "get_balance AC400", "transfer AC400 AC600 5", "finish"]
    out, _ = play(problem("tool_use/bank_ledger", bank_check(limit=25)), script)
    assert out[3][0].startswith("Error: 30 exceeds the per-transfer limit of 25; nothing moved.")
    assert out[-1][1:] == (1.0, True)


def test_bank_reward_is_the_final_state_whatever_the_path():
    p = problem("tool_use/bank_ledger", bank_check())
    # a detour (money sent to Gus and back, reads in any order, case-free ids) still reaches the goal
    detour = ["get_balance ac700", "transfer AC100 AC700 50", "transfer AC700 AC200 20", "transfer AC700 AC100 20",
              "transfer AC700 AC200 10", "Transfer AC500 AC300 40", "transfer AC400 AC600 5", "FINISH"]
    out, _ = play(p, detour)
    assert out[-1] == ("Finished: the final state meets the goal. Solved in 8 turns.", 1.0, True)
    out, _ = play(p, ["transfer AC100 AC200 30", "transfer AC500 AC300 40", "finish"])
    assert out[-1][:2] == ("Finished, but the goal is not met: AC400 holds 5, the goal needs 0.", 0.0)
    out, _ = play(p, ["transfer AC100 AC200 30", "transfer AC500 AC300 40", "close_account AC400",
                      "transfer AC700 AC600 0", "finish"])
    assert out[3][0].startswith("Error: the amount must be above 0.")
    assert out[-1][:2] == ("Finished, but the goal is not met: account AC400 was closed.", 0.0)


def test_bank_failed_calls_change_nothing():
    p = problem("tool_use/bank_ledger", bank_check(limit=25))
    task = procgym.get(p.task)
    state = task.initial_state(p)
    for action, says in [("transfer AC600 AC100 1", "Error: insufficient funds in AC600; nothing moved."),
                         ("transfer AC100 AC200 26", "Error: 26 exceeds the per-transfer limit of 25; nothing moved."),
                         ("transfer AC100 AC100 5", "Error: the two accounts must differ."),
                         ("transfer AC100 AC999 5", "Error: there is no account AC999."),
                         ("get_rate XYZ", "Error: no rate for XYZ.")]:
        new, observation, reward, done = task.step(p, state, action)
        assert observation.split("\n")[0] == says and new["balances"] == state["balances"] and not done


@pytest.mark.parametrize("level", [1, 6, 12, 20])
def test_bank_goals_match_a_brute_force_search(level):
    for seed in range(10):
        p = procgym.generate("tool_use/bank_ledger", seed=seed, difficulty=level)
        accounts, goal = p.check["accounts"], p.check["goal"]
        for c in p.check["clauses"]:
            if c["kind"] == "equalize":  # the one amount m with a - m == b + m
                a, b = accounts[c["a"]]["balance"], accounts[c["b"]]["balance"]
                [m] = [m for m in range(a + 1) if a - m == b + m]
                assert (goal[c["a"]], goal[c["b"]]) == (a - m, b + m)
            elif c["kind"] == "top_up":
                x, s = accounts[c["x"]]["balance"], accounts[c["s"]]["balance"]
                assert (goal[c["x"]], goal[c["s"]]) == (c["target"], s - (c["target"] - x))
            else:
                assert (goal[c["x"]], goal[c["s"]]) == (0, accounts[c["s"]]["balance"] + accounts[c["x"]]["balance"])
        named = {i for c in p.check["clauses"] for k, i in c.items() if k in "abxs"}
        assert all(goal[i] == accounts[i]["balance"] for i in accounts if i not in named)


# ----------------------------------------------------------------------------- shop orders

def shop_check(cancel_rest=True, hold=()):
    orders = {"O100": {"customer": "Ana", "placed": 10, "status": "pending", "lines": [["lamp", 2]]},
              "O200": {"customer": "Ben", "placed": 5, "status": "pending", "lines": [["chair", 1], ["lamp", 2]]},
              "O300": {"customer": "Ana", "placed": 20, "status": "pending", "lines": [["lamp", 1]]},
              "O400": {"customer": "Cara", "placed": 1, "status": "shipped", "lines": [["lamp", 3]]}}
    return {"orders": orders, "order": sorted(orders), "stock": {"chair": 1, "lamp": 3}, "hold": list(hold),
            "cancel_rest": cancel_rest, "budget": 30}


def test_shop_goal_by_hand():
    # oldest pending first: O200 (lamp 2, chair 1) ships; O100 needs 2 lamps, 1 is left: cancelled;
    # O300 takes the last lamp; O400 was shipped already
    status, stock, script = shop.solve(shop_check())
    assert status == {"O100": "cancelled", "O200": "shipped", "O300": "shipped", "O400": "shipped"}
    assert stock == {"chair": 0, "lamp": 0}
    assert script == ["list_orders 1", "get_order O200", "get_stock chair", "get_stock lamp", "ship_order O200",
                      "get_order O100", "cancel_order O100", "get_order O300", "ship_order O300", "finish"]
    status, stock, _ = shop.solve(shop_check(cancel_rest=False, hold=["Ben"]))
    assert status == {"O100": "shipped", "O200": "pending", "O300": "shipped", "O400": "shipped"}
    assert stock == {"chair": 1, "lamp": 0}


def test_shop_failed_shipment_then_recovery():
    check = shop_check()
    status, stock, _ = shop.solve(check)
    check["goal"] = {"status": status, "stock": stock}
    p = problem("tool_use/shop_orders", check)
    out, _ = play(p, ["ship_order O100", "ship_order O200", "ship_order O100", "cancel_order O100",
                      "ship_order O300", "finish"])
    # shipping O100 first takes the lamps O200 needs: that path ends in the wrong state
    assert out[0][0].startswith("Order O100 is shipped.")
    assert out[-1][1] == 0.0
    out, _ = play(p, ["ship_order O200", "ship_order O100", "cancel_order O100", "ship_order O300", "finish"])
    assert out[1][0].startswith("Error: not enough lamp for O100 (needs 2, 1 in stock); nothing shipped.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["ship_order O200", "cancel_order O100", "restock lamp 1", "ship_order O300", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: 1 lamp in stock, the goal leaves 0."


@pytest.mark.parametrize("level", [2, 8, 14, 20])
def test_shop_goal_matches_an_independent_greedy(level):
    for seed in range(10):
        p = procgym.generate("tool_use/shop_orders", seed=seed, difficulty=level)
        c = p.check
        stock, status = dict(c["stock"]), {i: o["status"] for i, o in c["orders"].items()}
        by_time = sorted(c["orders"].items(), key=lambda kv: kv[1]["placed"])
        for i, o in by_time:
            if o["status"] != "pending" or o["customer"] in c["hold"]:
                continue
            need = {}
            for product, units in o["lines"]:
                need[product] = need.get(product, 0) + units
            if all(stock[k] >= v for k, v in need.items()):
                for k, v in need.items():
                    stock[k] -= v
                status[i] = "shipped"
            elif c["cancel_rest"]:
                status[i] = "cancelled"
        assert c["goal"] == {"status": status, "stock": stock}


# ----------------------------------------------------------------------------- ticket queue

def ticket_check():
    agents = {"Ana": {"skills": ["billing"], "capacity": 2, "away": False},
              "Bea": {"skills": ["network"], "capacity": 3, "away": True},
              "Cyrus": {"skills": ["billing", "network"], "capacity": 1, "away": False}}
    t = {"T101": (2, "billing", 0), "T102": (1, "network", 0), "T103": (1, "billing", 5), "T104": (3, "network", 1)}
    tickets = {i: {"title": "vpn is slow", "priority": pr, "skill": sk, "opened": op, "status": "open",
                   "assignee": "-", "duplicate": ""} for i, (pr, sk, op) in t.items()}
    return {"tickets": tickets, "agents": agents, "order": sorted(tickets), "budget": 40}


def test_ticket_goal_by_hand():
    # T102 (p1, network) goes to Bea by name, who is away: the call fails, then Cyrus; T103 (p1,
    # billing): Cyrus is full, Ana; T101 (p2): Ana again; T104 (p3, network): nobody is left
    goal, script = tq.solve(ticket_check())
    assert goal == {"T101": ["open", "Ana"], "T102": ["open", "Cyrus"], "T103": ["open", "Ana"],
                    "T104": ["open", "-"]}
    assert script[-5:] == ["assign T102 Bea", "assign T102 Cyrus", "assign T103 Ana", "assign T101 Ana", "finish"]
    check = ticket_check()
    check["goal"] = goal
    out, _ = play(problem("tool_use/ticket_queue", check), script)
    failed = script.index("assign T102 Bea")
    assert out[failed][0].startswith("Error: Bea is out of office today; the assignment was refused.")
    assert out[-1][1:] == (1.0, True)


def test_ticket_duplicates_are_closed_and_errors_change_nothing():
    check = ticket_check()
    check["tickets"]["T104"]["duplicate"] = "T102"
    goal, _ = tq.solve(check)
    assert goal["T104"] == ["closed", "-"]
    check["goal"] = goal
    p = problem("tool_use/ticket_queue", check)
    task = procgym.get(p.task)
    state = task.initial_state(p)
    for action, says in [("assign T101 Bea", "Error: Bea lacks the billing skill."),
                         ("assign T101 Zed", "Error: there is no agent Zed."),
                         ("unassign T101", "Error: T101 has no assignee.")]:
        new, observation, _, done = task.step(p, state, action)
        assert observation.split("\n")[0] == says and new["tickets"] == state["tickets"] and not done
    out, _ = play(p, ["assign T102 Cyrus", "assign T101 Ana", "assign T103 Ana", "close_ticket T104", "finish"])
    assert out[-1][1:] == (1.0, True)  # any order of the same assignments ends in the goal state
    out, _ = play(p, ["assign T102 Cyrus", "assign T101 Ana", "assign T103 Ana", "escalate T104", "finish"])
    assert out[-1][0].startswith("Finished, but the goal is not met: ticket T104 is escalated")


# ----------------------------------------------------------------------------- calendar

def cal_check(cancel=False):
    events = {"E100": {"title": "Gym", "day": "Mon", "start": 540, "end": 600, "people": ["Ana"]},
              "E200": {"title": "Sync", "day": "Mon", "start": 570, "end": 660, "people": ["Ben"]},
              "E300": {"title": "Demo", "day": "Mon", "start": 720, "end": 780, "people": ["Ana", "Ben"]}}
    meetings = [{"title": "Kickoff", "people": ["Ana", "Ben"], "length": 60, "days": ["Mon"]},
                {"title": "Budget", "people": ["Ana", "Ben"], "length": 90, "days": ["Mon"]}]
    return {"events": events, "people": ["Ana", "Ben"], "meetings": meetings,
            "cancel": [{"id": "E200", "person": "Ben", "day": "Mon", "title": "Sync", "start": 570}] if cancel else [],
            "flaky": [["Ben", "Mon"]], "budget": 30}


def test_calendar_goal_by_hand():
    # busy 09:00-11:00 (Ana, then Ben) and 12:00-13:00: Kickoff 11:00-12:00, then Budget 13:00-14:30
    goal, script = cal.solve(cal_check())
    assert [e for e in goal if e[3] in ("kickoff", "budget")] == [["Mon", 660, 720, "kickoff", ["Ana", "Ben"]],
                                                                  ["Mon", 780, 870, "budget", ["Ana", "Ben"]]]
    assert script == ["list_events Ana Mon", "list_events Ben Mon", "list_events Ben Mon",
                      "create_event Kickoff Mon 11:00 12:00 Ana,Ben", "create_event Budget Mon 13:00 14:30 Ana,Ben",
                      "finish"]
    # deleting Ben's 09:30 Sync frees 10:00-11:00 for the Kickoff, and 10:30 is too late for Budget
    goal, _ = cal.solve(cal_check(cancel=True))
    assert [e for e in goal if e[3] in ("kickoff", "budget")] == [["Mon", 600, 660, "kickoff", ["Ana", "Ben"]],
                                                                  ["Mon", 780, 870, "budget", ["Ana", "Ben"]]]


def test_calendar_timeout_and_busy_errors():
    check = cal_check()
    check["goal"] = cal.solve(check)[0]
    p = problem("tool_use/calendar", check)
    out, _ = play(p, ["list_events Ben Mon", "list_events ben mon", "create_event Kickoff Mon 10:30 11:30 Ana,Ben",
                      "create_event Kickoff Mon 11:00 12:00 Ben,Ana", "create_event budget Mon 13:00 14:30 Ana,Ben",
                      "finish"])
    assert out[0][0].startswith("Error: the calendar service timed out; try again.")
    assert out[1][0].startswith("Ben on Mon:\nE200 09:30-11:00 Sync (with Ben)\nE300 12:00-13:00 Demo (with Ana, Ben)")
    assert out[2][0].startswith("Error: Ben is busy 09:30-11:00 on Mon; nothing booked.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["create_event Kickoff Mon 14:30 15:30 Ana,Ben", "create_event Budget Mon 13:00 14:30 Ana,Ben",
                      "finish"])
    assert out[-1][1] == 0.0  # a valid booking, but not the earliest slot


def busy_minutes(events, person, day):
    return {m for e in events.values() if e["day"] == day and person in e["people"]
            for m in range(e["start"], e["end"])}


@pytest.mark.parametrize("level", [1, 6, 12, 20])
def test_calendar_goal_matches_a_minute_by_minute_search(level):
    for seed in range(8):
        p = procgym.generate("tool_use/calendar", seed=seed, difficulty=level)
        c = p.check
        events = {k: v for k, v in c["events"].items() if k not in {x["id"] for x in c["cancel"]}}
        expected = []
        for n, m in enumerate(c["meetings"]):
            for day, start in itertools.product(m["days"], range(540, 1020 - m["length"] + 1, 30)):
                minutes = set(range(start, start + m["length"]))
                if not any(minutes & busy_minutes(events, who, day) for who in m["people"]):
                    events[f"x{n}"] = {"title": m["title"], "day": day, "start": start, "end": start + m["length"],
                                       "people": m["people"]}
                    expected.append([day, start, start + m["length"], m["title"].lower(), sorted(m["people"])])
                    break
        assert len(expected) == len(c["meetings"])
        assert all(e in c["goal"] for e in expected)
        assert len(c["goal"]) == len(c["events"]) - len(c["cancel"]) + len(c["meetings"])


# ----------------------------------------------------------------------------- file tree

def tree_check(archive=False):
    files = {"f0": {"path": "/docs/plan_1.txt", "size": 900, "lines": ["status: expired", "x"]},
             "f1": {"path": "/docs/old/plan_2.txt", "size": 3000, "lines": ["status: expired", "x"]},
             "f2": {"path": "/logs/plan_3.log", "size": 3000, "lines": ["status: expired", "x"]},
             "f3": {"path": "/logs/plan_4.txt", "size": 4000, "lines": ["status: active",
                                                                       "Previously marked status: expired."]}}
    dirs = ["/", "/docs", "/docs/old", "/logs"]
    if archive:
        files["a0"] = {"path": "/vault/plan_2.txt", "size": 100, "lines": ["status: final"]}
        dirs.append("/vault")
    return {"dirs": sorted(dirs), "files": files, "dest": "/vault", "budget": 30,
            "rule": {"ext": "txt", "min_size": 0, "content": True, "mark": "expired"}}


def test_file_tree_goal_by_hand():
    goal, script = ft.solve(tree_check())
    # plan_1 and plan_2 are .txt files that start with the marker; plan_3 is a .log, plan_4 has the
    # marker only on its second line
    assert goal == [[["/logs/plan_3.log", "f2"], ["/logs/plan_4.txt", "f3"], ["/vault/plan_1.txt", "f0"],
                     ["/vault/plan_2.txt", "f1"]], ["/", "/docs", "/docs/old", "/logs", "/vault"]]
    assert script == ["ls /", "ls /docs", "ls /logs", "ls /docs/old", "read /docs/old/plan_2.txt",
                      "read /docs/plan_1.txt", "read /logs/plan_4.txt", "mkdir /vault",
                      "mv /docs/old/plan_2.txt /vault",
                      "mv /docs/plan_1.txt /vault", "finish"]
    check = tree_check(archive=True)
    check["rule"]["min_size"] = 1000
    goal, script = ft.solve(check)
    assert goal[0] == [["/docs/plan_1.txt", "f0"], ["/logs/plan_3.log", "f2"], ["/logs/plan_4.txt", "f3"],
                       ["/vault/dups/plan_2.txt", "f1"], ["/vault/plan_2.txt", "a0"]]
    assert "mkdir /vault/dups" in script


def test_file_tree_failed_moves_and_harmful_rm():
    check = tree_check(archive=True)
    check["goal"] = ft.solve(check)[0]
    p = problem("tool_use/file_tree", check)
    out, _ = play(p, ["mv /docs/old/plan_2.txt /vault", "mv /docs/old/plan_2.txt /vault/dups", "mkdir /vault/dups/",
                      "mv /docs/old/plan_2.txt /vault/dups", "mv docs/plan_1.txt /vault", "ls /vault", "finish"])
    assert out[0][0].startswith("mv: /vault/plan_2.txt already exists; nothing moved.")
    assert out[1][0].startswith("mv: /vault/dups: no such folder; nothing moved.")
    assert out[5][0].startswith("/vault:\n  dups/\n  plan_1.txt 900 bytes\n  plan_2.txt 100 bytes")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["rm /logs/plan_4.txt", "mkdir /vault/dups", "mv /docs/old/plan_2.txt /vault/dups",
                      "mv /docs/plan_1.txt /vault", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: /logs/plan_4.txt should be there, but it was deleted."


@pytest.mark.parametrize("level", [1, 3, 6, 9, 12, 20])
def test_file_tree_goal_matches_an_independent_filter(level):
    for seed in range(8):
        p = procgym.generate("tool_use/file_tree", seed=seed, difficulty=level)
        c, rule = p.check, p.check["rule"]
        paths = dict((fid, path) for path, fid in c["goal"][0])
        for fid, f in c["files"].items():
            folder, name = f["path"].rsplit("/", 1)
            moves = (folder != c["dest"] and name.endswith("." + rule["ext"]) and f["size"] > rule["min_size"]
                     and (not rule["content"] or f["lines"][0] == "status: " + rule["mark"]))
            clash = any(g["path"] == f"{c['dest']}/{name}" for g in c["files"].values())
            want = (f"{c['dest']}/dups/{name}" if clash else f"{c['dest']}/{name}") if moves else f["path"]
            assert paths[fid] == want


# ----------------------------------------------------------------------------- travel booking

def travel_check(sold_out=()):
    f = {"F100": ("OSL", "RIX", 480, 540, 100), "F200": ("RIX", "LIM", 570, 700, 120),  # a 30-minute change
         "F300": ("RIX", "LIM", 600, 720, 150), "F400": ("OSL", "LIM", 420, 900, 270),
         "F500": ("OSL", "UIO", 500, 560, 90), "F600": ("UIO", "LIM", 700, 800, 170)}
    flights = {k: {"from": a, "to": b, "day": "Tue", "dep": d, "arr": r, "price": pr,
                   "seats": 0 if k in sold_out else 3} for k, (a, b, d, r, pr) in f.items()}
    return {"flights": flights, "cities": ["LIM", "OSL", "RIX", "UIO"], "budget": 30, "held": [], "replace": [],
            "trips": [{"from": "OSL", "to": "LIM", "day": "Tue"}]}


def test_travel_goal_by_hand():
    # options: F100+F300 250, F500+F600 260, F400 270; F100+F200 (220) is too tight a change
    assert [o[4] for o in tb.trips(travel_check()["flights"], travel_check()["trips"][0])] == [
        ("F100", "F300"), ("F500", "F600"), ("F400",)]
    assert tb.solve(travel_check())[0] == ["F100", "F300"]
    goal, script = tb.solve(travel_check(sold_out=["F300"]))
    assert goal == ["F500", "F600"]
    assert script == ["search_flights OSL Tue", "search_flights RIX Tue", "search_flights UIO Tue", "book F100",
                      "book F300", "cancel F100", "book F500", "book F600", "finish"]
    assert tb.solve(travel_check(sold_out=["F300", "F600"]))[0] == ["F400"]


def test_travel_sold_out_and_harmful_upgrade():
    check = travel_check(sold_out=["F300"])
    check["goal"] = tb.solve(check)[0]
    p = problem("tool_use/travel_booking", check)
    out, _ = play(p, ["book F300", "book f500", "book F600", "finish"])
    assert out[0][0].startswith("Error: flight F300 is sold out; nothing booked.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["book F500", "book F600", "upgrade F600", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: flight F600 was upgraded."
    out, _ = play(p, ["book F400", "finish"])
    assert out[-1][1] == 0.0


@pytest.mark.parametrize("level", [1, 5, 11, 20])
def test_travel_goal_matches_a_brute_force_over_flight_pairs(level):
    for seed in range(8):
        p = procgym.generate("tool_use/travel_booking", seed=seed, difficulty=level)
        flights, booked = p.check["flights"], set()
        for t in p.check["trips"]:
            day = [k for k, f in flights.items() if f["day"] == t["day"]]
            options = [((flights[a]["price"], 1, flights[a]["arr"], flights[a]["dep"]), (a,)) for a in day
                       if flights[a]["from"] == t["from"] and flights[a]["to"] == t["to"]]
            options += [((flights[a]["price"] + flights[b]["price"], 2, flights[b]["arr"], flights[a]["dep"]), (a, b))
                        for a, b in itertools.permutations(day, 2)
                        if flights[a]["from"] == t["from"] and flights[b]["to"] == t["to"]
                        and flights[a]["to"] == flights[b]["from"] not in (t["from"], t["to"])
                        and flights[b]["dep"] >= flights[a]["arr"] + 60]
            bookable = [o for o in options if all(flights[k]["seats"] > 0 for k in o[1])]
            booked |= set(min(bookable)[1])
        assert p.check["goal"] == sorted(booked | (set(p.check["held"]) - set(p.check["replace"])))


# ----------------------------------------------------------------------------- access control

def acl_check():
    groups = {"eng": {"users": ["Ana", "Ben"], "groups": ["ops"]}, "ops": {"users": ["Cara"], "groups": ["qa"]},
              "qa": {"users": ["Dev"], "groups": []}, "sales": {"users": ["Eli"], "groups": []}}
    acl = {"repo": {"Fay": "admin", "Ana": "write", "Eli": "read", "Dev": "read"},
           "wiki": {"Eli": "admin", "Ben": "read"}}
    return {"groups": groups, "acl": acl, "owner": {"repo": "Fay", "wiki": "Eli"}, "suspended": ["Cara"],
            "users": ["Ana", "Ben", "Cara", "Dev", "Eli", "Fay"], "budget": 30,
            "clauses": [{"resource": "repo", "group": "eng", "perm": "read"}]}


def test_access_goal_by_hand():
    # eng's members: Ana, Ben, Cara (through ops), Dev (through ops and qa); Cara is suspended, Eli is
    # outside, Fay owns the repo; the wiki is not named
    goal, script = ac.solve(acl_check())
    assert goal == {"repo": {"Fay": "admin", "Ana": "read", "Ben": "read", "Dev": "read"},
                    "wiki": {"Eli": "admin", "Ben": "read"}}
    assert script == ["get_acl repo", "get_group eng", "get_group ops", "get_group qa", "grant repo Ana read",
                      "grant repo Ben read", "grant repo Cara read", "revoke repo Eli", "finish"]


def test_access_failures_and_harm():
    check = acl_check()
    check["goal"] = ac.solve(check)[0]
    p = problem("tool_use/access_control", check)
    out, _ = play(p, ["grant repo Cara read", "revoke repo Fay", "grant repo Ana read", "grant REPO ben read",
                      "revoke repo Eli", "finish"])
    assert out[0][0].startswith("Error: Cara is suspended; nothing granted.")
    assert out[1][0].startswith("Error: Fay owns repo; the owner's admin cannot change.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["grant repo Ana read", "grant repo Ben read", "revoke repo Eli", "suspend_user Eli", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: Eli was suspended."
    out, _ = play(p, ["grant repo Ana read", "grant repo Ben read", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: on repo, Eli holds read, the goal has nothing."


@pytest.mark.parametrize("level", [1, 6, 12, 20])
def test_access_goal_matches_a_fixed_point_of_membership(level):
    for seed in range(8):
        p = procgym.generate("tool_use/access_control", seed=seed, difficulty=level)
        c = p.check
        for clause in c["clauses"]:
            inside, changed = {clause["group"]}, True
            while changed:  # the groups reachable from the clause's group, to a fixed point
                more = {h for g in inside for h in c["groups"][g]["groups"]}
                changed = not more <= inside
                inside |= more
            users = {u for g in inside for u in c["groups"][g]["users"]}
            res, owner = clause["resource"], c["owner"][clause["resource"]]
            expected = {u: clause["perm"] for u in users if u not in c["suspended"] and u != owner}
            expected[owner] = "admin"
            assert c["goal"][res] == expected


# ----------------------------------------------------------------------------- sheet update

def sheet_check(locked=()):
    rows = [["bolts", "3", "20", "5", "open", ""], ["nails", "0", "9", "0", "open", "10"],
            ["gears", "4", "25", "10", "paid", "100"], ["fuses", "2", "40", "0", "open", "70"]]
    return {"rows": rows, "only_open": True, "discount": True, "close_empty": True, "billed": "open",
            "locked": list(locked), "budget": 30}


def test_sheet_goal_by_hand():
    # row 2: 3 x 20 - 5 = 55; row 3: qty 0, voided and its total cleared; row 4 is paid: cleared;
    # row 5: 2 x 40 - 0 = 80 replaces the stale 70
    goal, script = su.solve(sheet_check())
    assert [r[4:] for r in goal] == [["open", "55"], ["void", ""], ["paid", ""], ["open", "80"]]
    assert script == ["get_row 2", "get_row 3", "get_row 4", "get_row 5", "set_cell F2 55", "set_cell E3 void",
                      "clear_cell F3", "clear_cell F4", "set_cell F5 80", "finish"]
    goal, script = su.solve(sheet_check(locked=[3]))
    assert goal[1] == ["nails", "0", "9", "0", "open", "10"] and "clear_cell F3" not in script


def test_sheet_locked_row_and_harmful_sort():
    check = sheet_check(locked=[3])
    check["goal"] = su.solve(check)[0]
    p = problem("tool_use/sheet_update", check)
    out, _ = play(p, ["set_cell E3 void", "set_cell f2 055", "clear_cell F4", "set_cell F5 80", "finish"])
    assert out[0][0].startswith("Error: row 3 is locked; nothing written.")
    assert out[1][0].startswith("F2 is now 55.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["set_cell F2 55", "clear_cell F4", "set_cell F5 80", "sort_sheet B", "finish"])
    assert out[-1][1] == 0.0


@pytest.mark.parametrize("level", [1, 4, 8, 14, 20])
def test_sheet_goal_matches_the_rule_row_by_row(level):
    for seed in range(8):
        p = procgym.generate("tool_use/sheet_update", seed=seed, difficulty=level)
        c = p.check
        for n, (row, got) in enumerate(zip(c["rows"], c["goal"])):
            if n + 2 in c["locked"] and row != got:
                raise AssertionError("a locked row changed")
            if n + 2 in c["locked"]:
                continue
            status = "void" if c["close_empty"] and row[1] == "0" and row[4] == c["billed"] else row[4]
            billed = not c["only_open"] or status == c["billed"]
            total = int(row[1]) * int(row[2]) - (int(row[3]) if c["discount"] else 0)
            assert got == row[:4] + [status, str(total) if billed else ""]


# ----------------------------------------------------------------------------- config store

def store_check():
    store = {"legacy.db.host": "alpha", "legacy.db.port": "5007", "legacy.db.timeout_s": "5",
             "legacy.mail.mode": "deprecated", "app.db.port": "5014", "app.db.timeout_ms": "9000",
             "sys.db.host": "kilo"}
    return {"store": store, "deprecate": True, "convert": True, "old": "legacy.", "new": "app.", "budget": 30}


def test_config_goal_by_hand():
    goal, script = cs.solve(store_check())
    assert goal == {"app.db.host": "alpha", "app.db.port": "5007", "app.db.timeout_ms": "5000", "sys.db.host": "kilo"}
    assert script == ["list_keys legacy. 1", "list_keys app. 1", "get legacy.db.host", "set app.db.host alpha",
                      "delete legacy.db.host", "get legacy.db.port", "update app.db.port 5007", "delete legacy.db.port",
                      "get legacy.db.timeout_s", "update app.db.timeout_ms 5000", "delete legacy.db.timeout_s",
                      "get legacy.mail.mode", "delete legacy.mail.mode", "finish"]


def test_config_set_on_an_existing_key_fails_then_update_works():
    check = store_check()
    check["goal"] = cs.solve(check)[0]
    p = problem("tool_use/config_store", check)
    out, _ = play(p, ["set app.db.port 5007", "update app.db.port 5007", "set app.db.host ALPHA",
                      "update app.db.timeout_ms 5000", "delete legacy.db.host", "delete legacy.db.port",
                      "delete legacy.db.timeout_s", "delete legacy.mail.mode", "finish"])
    assert out[0][0].startswith("Error: app.db.port exists already; use update to change it.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["update app.db.port 5007", "set app.db.host alpha", "set app.mail.mode deprecated",
                      "update app.db.timeout_ms 5000", "delete legacy.db.host", "delete legacy.db.port",
                      "delete legacy.db.timeout_s", "delete legacy.mail.mode", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: app.mail.mode should not exist."


@pytest.mark.parametrize("level", [1, 4, 7, 13, 20])
def test_config_goal_matches_a_direct_rewrite(level):
    for seed in range(8):
        p = procgym.generate("tool_use/config_store", seed=seed, difficulty=level)
        c = p.check
        expected = {k: v for k, v in c["store"].items() if not k.startswith(c["old"])}
        for k, v in c["store"].items():
            if not k.startswith(c["old"]) or (c["deprecate"] and v == "deprecated"):
                continue
            name = c["new"] + k[len(c["old"]):]
            if c["convert"] and name.endswith(".timeout_s"):
                name, v = name[:-2] + "_ms", str(1000 * int(v))
            expected[name] = v
        assert c["goal"] == expected


# ----------------------------------------------------------------------------- inbox rules

def inbox_check(folders=("Inbox", "Work")):
    def msg(sender, subject, body, read=False, folder="Inbox"):
        return {"sender": sender, "subject": subject, "body": body, "read": read, "labels": [], "folder": folder}
    messages = {"M101": msg("ana@billing.io", "invoice for party", ["Please see the note."]),
                "M102": msg("ben@acme.com", "meeting on report", ["Please see the file.", "This one is urgent."]),
                "M103": msg("cara@acme.com", "party about offer", ["Please see the link."], read=True),
                "M104": msg("dev@billing.io", "report on survey", ["Please see the plan."], folder="Work")}
    rules = [{"field": "body", "value": "urgent", "folder": "", "label": "todo", "read": True},
             {"field": "domain", "value": "billing.io", "folder": "Finance", "label": "", "read": False},
             {"field": "subject", "value": "party", "folder": "Social", "label": "", "read": True}]
    return {"messages": messages, "order": sorted(messages), "folders": list(folders), "rules": rules, "budget": 30}


def test_inbox_goal_by_hand():
    # M101: not urgent, from billing.io: Finance (the party rule comes later); M102: urgent: todo and
    # read; M103: the party rule, Social, read already; M104 is not in the Inbox
    goal, script = ib.solve(inbox_check())
    assert goal == {"messages": {"M101": ["Finance", False, []], "M102": ["Inbox", True, ["todo"]],
                                 "M103": ["Social", True, []], "M104": ["Work", False, []]},
                    "folders": ["Finance", "Inbox", "Social", "Work"]}
    assert script == ["list_folders", "list_messages Inbox 1", "read_message M101", "create_folder Finance",
                      "move M101 Finance", "read_message M102", "add_label M102 todo", "mark_read M102",
                      "read_message M103", "create_folder Social", "move M103 Social", "finish"]


def test_inbox_missing_folder_and_harm():
    check = inbox_check()
    check["goal"] = ib.solve(check)[0]
    p = problem("tool_use/inbox_rules", check)
    out, _ = play(p, ["move M101 Finance", "create_folder finance", "move M101 Finance", "add_label m102 Todo",
                      "mark_read M102", "create_folder Social", "move M103 social", "finish"])
    assert out[0][0].startswith("Error: there is no folder Finance; nothing moved.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["create_folder Finance", "move M101 Finance", "add_label M102 todo", "mark_read M102",
                      "create_folder Social", "move M103 Social", "delete M104", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: message M104 was deleted."
    out, _ = play(p, ["create_folder Finance", "move M101 Finance", "add_label M102 todo", "mark_read M102",
                      "create_folder Social", "move M103 Social", "create_folder Spare", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: the folder Spare should not exist."


@pytest.mark.parametrize("level", [1, 5, 9, 15, 20])
def test_inbox_goal_matches_first_rule_semantics(level):
    for seed in range(8):
        p = procgym.generate("tool_use/inbox_rules", seed=seed, difficulty=level)
        c = p.check
        for k, m in c["messages"].items():
            got = c["goal"]["messages"][k]
            if m["folder"] != "Inbox":
                assert got == [m["folder"], m["read"], sorted(m["labels"])]
                continue
            text = {"domain": m["sender"].split("@")[1], "subject": m["subject"].split(),
                    "body": " ".join(m["body"]).replace(".", "").lower().split()}
            hits = [r for r in c["rules"] if (text["domain"] == r["value"] if r["field"] == "domain"
                                              else r["value"] in text[r["field"]])]
            if not hits:
                assert got == [m["folder"], m["read"], sorted(m["labels"])]
                continue
            r = hits[0]
            labels = sorted(set(m["labels"]) | ({r["label"]} if r["label"] else set()))
            assert got == [r["folder"] or "Inbox", m["read"] or r["read"], labels]


# ----------------------------------------------------------------------------- dns zone

def zone_check(clauses):
    records = {"R100": {"name": "www", "type": "A", "value": "10.0.1.5"},
               "R101": {"name": "www", "type": "TXT", "value": "owner=ops"},
               "R102": {"name": "api", "type": "A", "value": "10.0.1.9"},
               "R103": {"name": "blog", "type": "CNAME", "value": "www.example.com"},
               "R104": {"name": "cdn", "type": "A", "value": "10.0.1.5"}}
    return {"records": records, "clauses": clauses, "budget": 30}


def test_dns_goal_by_hand():
    clauses = [{"kind": "migrate", "old": "10.0.1.5", "new": "10.9.9.9"},
               {"kind": "same_as", "name": "blog", "src": "api"},
               {"kind": "alias", "name": "www", "target": "cdn.example.com"},
               {"kind": "drop_txt", "name": "api"}]
    goal, script = dz.solve(zone_check(clauses))
    assert goal == [["api", "A", "10.0.1.9"], ["blog", "A", "10.0.1.9"], ["cdn", "A", "10.9.9.9"],
                    ["www", "CNAME", "cdn.example.com"]]
    assert script == ["list_records 1", "get_record R100", "get_record R102", "get_record R104",
                      "update_record R100 10.9.9.9", "update_record R104 10.9.9.9", "delete_record R103",
                      "add_record blog A 10.0.1.9", "delete_record R100", "delete_record R101",
                      "add_record www CNAME cdn.example.com", "finish"]


def test_dns_cname_conflicts_are_refused():
    check = zone_check([{"kind": "same_as", "name": "blog", "src": "api"}])
    check["goal"] = dz.solve(check)[0]
    p = problem("tool_use/dns_zone", check)
    out, _ = play(p, ["add_record blog A 10.0.1.9", "add_record www CNAME x.example.com", "delete_record R103",
                      "add_record BLOG a 10.0.1.9", "finish"])
    assert out[0][0].startswith("Error: blog has a CNAME, which must stay alone on its name. Nothing added.")
    assert out[1][0].startswith("Error: www already has records; a CNAME must be alone on its name.")
    assert out[3][0].startswith("Added N1: blog A 10.0.1.9.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["update_record R103 10.0.1.9", "finish"])
    assert out[-1][0] == ("Finished, but the goal is not met: the zone holds blog CNAME 10.0.1.9, which the goal "
                          "does not.")


# ----------------------------------------------------------------------------- library desk

def library_check():
    books = {"B100": {"title": "Dune", "holder": "U10", "due": 97, "waiting": ["U11", "U12"]},
             "B200": {"title": "Emma", "holder": "U11", "due": 104, "waiting": ["U12"]},
             "B300": {"title": "Kim", "holder": "U12", "due": 99, "waiting": []},
             "B400": {"title": "Heidi", "holder": "U10", "due": 90, "waiting": ["U11"]}}
    members = {"U10": {"name": "Ana", "fees": 0, "active": True}, "U11": {"name": "Ben", "fees": 4, "active": False},
               "U12": {"name": "Cara", "fees": 0, "active": True}}
    return {"books": books, "members": members, "returns": [["B100", 100], ["B200", 100], ["B300", 100]],
            "rate": 2, "budget": 30}


def test_library_goal_by_hand():
    # B100: 3 days late (6 to U10), Ben's card is suspended, so Cara; B200 on time, to Cara; B300: 1 day
    # late (2 to U12), nobody waits: shelved; B400 was not returned
    goal, script = lib.solve(library_check())
    assert goal == {"books": {"B100": "U12", "B200": "U12", "B300": "shelf", "B400": "U10"},
                    "fees": {"U10": 6, "U11": 4, "U12": 2}}
    assert script == ["list_returns 1", "get_book B100", "charge_fee U10 6", "checkout B100 U11", "checkout B100 U12",
                      "get_book B200", "checkout B200 U12", "get_book B300", "charge_fee U12 2", "shelve B300",
                      "finish"]


def test_library_suspended_card_fee_in_parts_and_harm():
    check = library_check()
    check["goal"] = lib.solve(check)[0]
    p = problem("tool_use/library_desk", check)
    out, _ = play(p, ["checkout B100 U11", "checkout b100 u12", "charge_fee U10 4", "charge_fee U10 2",
                      "checkout B200 U12", "shelve B300", "charge_fee U12 2", "finish"])
    assert out[0][0].startswith("Error: U11's card is suspended; nothing lent.")
    assert out[-1][1:] == (1.0, True)  # fees charged in two parts reach the same total
    out, _ = play(p, ["checkout B100 U12", "charge_fee U10 6", "checkout B200 U12", "shelve B300", "charge_fee U12 2",
                      "renew B400", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: the loan of B400 was renewed."
    out, _ = play(p, ["checkout B100 U12", "charge_fee U10 6", "checkout B200 U12", "shelve B300", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: U12 owes 0, the goal has 2."


@pytest.mark.parametrize("level", [1, 6, 12, 20])
def test_library_goal_matches_a_direct_count(level):
    for seed in range(8):
        p = procgym.generate("tool_use/library_desk", seed=seed, difficulty=level)
        c = p.check
        fees = {m: v["fees"] for m, v in c["members"].items()}
        for b, day in c["returns"]:
            fees[c["books"][b]["holder"]] += c["rate"] * max(0, day - c["books"][b]["due"])
            takers = [m for m in c["books"][b]["waiting"] if c["members"][m]["active"]]
            assert c["goal"]["books"][b] == (takers[0] if takers else "shelf")
        assert c["goal"]["fees"] == fees


# ----------------------------------------------------------------------------- service deploy

def deploy_check(targets):
    releases = {"api": {"1": {}, "2": {}, "3": {"db": 3, "cache": 2}, "4": {"db": 2}},
                "cache": {"1": {}, "2": {"db": 4}, "3": {}},
                "db": {"1": {}, "2": {}, "3": {}, "4": {}, "5": {}}}
    return {"order": ["api", "cache", "db"], "running": {"api": 2, "cache": 1, "db": 2},
            "top": {"api": 4, "cache": 3, "db": 5}, "releases": releases, "targets": targets, "budget": 30}


def test_deploy_goal_by_hand():
    # api 3 needs db >= 3 and cache >= 2; cache 2 needs db >= 4, so db goes to 4 (the greater minimum)
    final, script = sd.solve(deploy_check({"api": 3}))
    assert final == {"api": 3, "cache": 2, "db": 4}
    assert script == ["get_service api", "get_release api 3", "get_service cache", "get_service db",
                      "get_release cache 2", "get_release db 4", "deploy db 4", "deploy cache 2", "deploy api 3",
                      "finish"]
    # api 4 only needs db >= 2, which db runs already
    assert sd.solve(deploy_check({"api": 4}))[0] == {"api": 4, "cache": 1, "db": 2}


def test_deploy_before_dependencies_fails_then_recovers():
    check = deploy_check({"api": 3})
    check["goal"] = sd.solve(check)[0]
    p = problem("tool_use/service_deploy", check)
    out, _ = play(p, ["deploy api 3", "deploy cache 2", "deploy db 4", "deploy cache 2", "deploy API 3", "finish"])
    assert out[0][0].startswith("Error: api 3 requires cache >= 2, and cache runs 1; nothing deployed.")
    assert out[1][0].startswith("Error: cache 2 requires db >= 4, and db runs 2; nothing deployed.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["deploy db 5", "deploy cache 2", "deploy api 3", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: db runs version 5, the goal has 4."
    out, _ = play(p, ["deploy db 4", "deploy cache 2", "deploy api 3", "rollback cache", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: cache runs version 1, the goal has 2."


@pytest.mark.parametrize("level", [1, 3, 5, 6])
def test_deploy_goal_is_the_one_tight_assignment_by_brute_force(level):
    """Over every assignment of versions (no downgrades): the goal is the only one where every
    deployed release's requirements are met and every service not named runs exactly the greatest
    version asked of it (or its own, if none is asked)."""
    for seed in range(10):
        c = procgym.generate("tool_use/service_deploy", seed=seed, difficulty=level).check
        order, run, rel, tg = c["order"], c["running"], c["releases"], c["targets"]
        tight = []
        for combo in itertools.product(*[[tg[s]] if s in tg else range(run[s], c["top"][s] + 1) for s in order]):
            a = dict(zip(order, combo))
            asked = {s: [m for r in order if a[r] != run[r] for d, m in rel[r][str(a[r])].items() if d == s]
                     for s in order}
            if all(a[s] >= m for s in order for m in asked[s]) and \
                    all(s in tg or a[s] == max([run[s]] + asked[s]) for s in order):
                tight.append(a)
        assert tight == [c["goal"]]


# ----------------------------------------------------------------------------- cloud scaling

def fleet_check():
    def vm(region, state, day, retired=False):
        return {"region": region, "state": state, "day": day, "retired": retired}
    instances = {"i101": vm("eu1", "running", 10), "i102": vm("eu1", "running", 20), "i103": vm("eu1", "running", 5),
                 "i201": vm("us1", "stopped", 30), "i202": vm("us1", "stopped", 40, retired=True),
                 "i203": vm("us1", "running", 1), "i204": vm("us1", "stopped", 2)}
    return {"instances": instances, "regions": ["eu1", "us1"], "load": {"eu1": 150, "us1": 301}, "capacity": 100,
            "budget": 30}


def test_cloud_goal_by_hand():
    # eu1 needs 2 of its 3: stop the oldest (i103, day 5); us1 needs 4 with 1 running: start the newest
    # stopped i202 (retired: fails), then i201 and i204, and launch one
    goal, script = cloud.solve(fleet_check())
    assert goal == {"old": {"i101": "running", "i102": "running", "i103": "stopped", "i201": "running",
                            "i202": "stopped", "i203": "running", "i204": "running"}, "new": ["us1 running"]}
    assert script == ["list_instances eu1 1", "get_load eu1", "stop i103", "list_instances us1 1", "get_load us1",
                      "start i202", "start i201", "start i204", "launch us1", "finish"]
    assert [cloud.needed(x, 100) for x in (1, 100, 101, 300, 301)] == [1, 1, 2, 3, 4]


def test_cloud_retired_image_and_harm():
    check = fleet_check()
    check["goal"] = cloud.solve(check)[0]
    p = problem("tool_use/cloud_scaling", check)
    out, _ = play(p, ["start i202", "launch us1", "start I204", "stop i103", "start i201", "finish"])
    assert out[0][0].startswith("Error: the image of i202 is retired; it cannot start.")
    assert out[-1][1:] == (1.0, True)  # the same fleet in another order
    out, _ = play(p, ["stop i103", "start i201", "start i204", "launch us1", "terminate i202", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: i202 is terminated, the goal has it stopped."
    out, _ = play(p, ["stop i101", "start i201", "start i204", "launch us1", "finish"])
    assert out[-1][1] == 0.0  # the wrong instance stopped: i101 is not the oldest


@pytest.mark.parametrize("level", [1, 6, 12, 20])
def test_cloud_goal_counts_match_the_load(level):
    for seed in range(8):
        c = procgym.generate("tool_use/cloud_scaling", seed=seed, difficulty=level).check
        for region in c["regions"]:
            want = max(1, -(-c["load"][region] // c["capacity"]))
            old = [k for k, v in c["instances"].items() if v["region"] == region]
            running = sum(c["goal"]["old"][k] == "running" for k in old)
            assert running + c["goal"]["new"].count(f"{region} running") == want
            assert all(c["goal"]["old"][k] == "stopped" for k in old if c["instances"][k]["retired"])


# ----------------------------------------------------------------------------- expense review

def expense_check(budget_left=None):
    def rep(employee, category, amount, day, receipt=True, status="submitted"):
        return {"employee": employee, "category": category, "amount": amount, "day": day, "receipt": receipt,
                "status": status}
    reports = {"X100": rep("Ana", "meals", 40, 3, status="approved"), "X200": rep("Ana", "meals", 40, 3),
               "X300": rep("Ben", "office", 90, 4, receipt=False), "X400": rep("Ben", "travel", 900, 5),
               "X500": rep("Cara", "software", 250, 6), "X600": rep("Cara", "meals", 30, 7)}
    return {"reports": reports, "order": sorted(reports), "threshold": 75, "duplicates": True,
            "limits": {"travel": 800, "meals": 120, "software": 300, "office": 200, "training": 500},
            "budget_left": budget_left, "budget": 30}


def test_expense_goal_by_hand():
    # X200 copies the approved X100; X300 is above 75 without a receipt; X400 is above the travel limit
    status, script = er.solve(expense_check())
    assert status == {"X100": "approved", "X200": "rejected", "X300": "rejected", "X400": "escalated",
                      "X500": "approved", "X600": "approved"}
    assert script == ["list_reports 1", "get_report X100", "get_report X200", "reject X200", "get_report X300",
                      "reject X300", "get_report X400", "escalate X400", "get_report X500", "approve X500",
                      "get_report X600", "approve X600", "finish"]
    # with 100 left, X500 (250) fails and is escalated, while X600 (30) still fits
    status, script = er.solve(expense_check(budget_left=100))
    assert (status["X500"], status["X600"]) == ("escalated", "approved")
    assert script[-5:] == ["approve X500", "escalate X500", "get_report X600", "approve X600", "finish"]


def test_expense_budget_failure_and_wrong_decisions():
    check = expense_check(budget_left=100)
    check["goal"] = er.solve(check)[0]
    p = problem("tool_use/expense_review", check)
    out, _ = play(p, ["approve X500", "escalate X500", "approve x600", "reject X200", "reject X300",
                      "escalate X400", "finish"])
    assert out[0][0].startswith("Error: the approval budget has 100 left, too little for X500; nothing approved.")
    assert out[-1][1:] == (1.0, True)
    out, _ = play(p, ["approve X200", "reject X300", "escalate X400", "escalate X500", "approve X600", "finish"])
    assert out[-1][0] == "Finished, but the goal is not met: report X200 is approved, the goal has it rejected."


@pytest.mark.parametrize("level", [1, 4, 8, 14, 20])
def test_expense_goal_matches_the_policy_read_directly(level):
    for seed in range(8):
        c = procgym.generate("tool_use/expense_review", seed=seed, difficulty=level).check
        left, earlier = c["budget_left"], []
        for k in c["order"]:
            r = c["reports"][k]
            key = (r["employee"], r["category"], r["amount"], r["day"])
            if r["status"] == "submitted":
                if c["duplicates"] and key in earlier:
                    want = "rejected"
                elif c["threshold"] and r["amount"] > c["threshold"] and not r["receipt"]:
                    want = "rejected"
                elif r["amount"] > c["limits"][r["category"]] or (left is not None and r["amount"] > left):
                    want = "escalated"
                else:
                    want = "approved"
                    left = None if left is None else left - r["amount"]
                assert c["goal"][k] == want, k
            else:
                assert c["goal"][k] == r["status"]
            earlier.append(key)


# ----------------------------------------------------------------------------- every task

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 5, 10, 20])
def test_oracle_solves_twenty_episodes(name, level):
    env = make(name, difficulty=level)
    results = [play_episode(env, OracleAgent(), seed=s) for s in range(20)]
    assert all(r["solved"] and r["return"] == 1.0 for r in results)


@pytest.mark.parametrize("name", NAMES)
def test_generation_is_deterministic_and_varied(name):
    a = [procgym.generate(name, seed=s, difficulty=7).to_dict() for s in range(6)]
    b = [procgym.generate(name, seed=s, difficulty=7).to_dict() for s in range(6)]
    assert a == b
    assert len({p["prompt"] for p in a}) == 6


@pytest.mark.parametrize("name", NAMES)
def test_finishing_at_once_loses_and_a_read_first_still_wins(name):
    """The reward is the final state: finish before any change loses; the reference solution after an
    extra read (the prompt's example command) still wins."""
    task = procgym.get(name)
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=6)
        out, _ = play(p, ["finish"])
        assert out[0][1:] == (0.0, True) and out[0][0].startswith("Finished, but the goal is not met")
        out, _ = play(p, [task.example] + p.answer.splitlines())
        assert out[-1][1:] == (1.0, True)


@pytest.mark.parametrize("name", NAMES)
def test_a_hedged_finish_never_wins_and_a_plain_one_in_any_form_does(name):
    task = procgym.get(name)
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=8)
        actions = p.answer.splitlines()
        state = task.initial_state(p)
        for action in actions[:-1]:
            state, _, _, done = task.step(p, state, action)
            assert not done
        for form in HEDGED_ACTIONS:
            new, observation, reward, done = task.step(p, state, form.format(actions[-1], actions[-1]))
            assert reward == 0.0 and not done and {**new, "turn": 0} == {**state, "turn": 0}, form
        for form in ["finish.", "  finish ", "FINISH", "Finish"]:
            assert task.step(p, state, form)[2] == 1.0, form


@pytest.mark.parametrize("name", NAMES)
def test_observations_stay_in_the_charset(name):
    from procgym.envs.text import in_charset

    task = procgym.get(name)
    p = task.generate(seed=0, difficulty=3)
    state = task.initial_state(p)
    for action in ["ls /caf\u00e9", "get_balance \u00e9", "list_orders \u00e9", "\u202e finish", "book \u00e9",
                   "get \u00e9", "get_acl \u00e9", "get_row \u00e9"]:
        state, observation, _, done = task.step(p, state, action)
        assert in_charset(observation) and not done, observation
