"""Behaviour tests for the investigation tasks (database queries, file search, spreadsheet,
debugging): the command languages parsed exactly, exact observations on hand-made instances,
invalid commands answered and counted, answers judged, determinism, and the reference policies
solving 50 seeded episodes at levels 1, 5 and 10 (and 10 at levels 15 and 20)."""
import pytest

import procgym
from answer_helpers import HEDGED_ACTIONS, play
from procgym import Problem
from procgym.agents import OracleAgent, RandomAgent, play_episode
from procgym.envs import make
from procgym.generators.investigation import database as db
from procgym.generators.investigation import debugging as dbg
from procgym.generators.investigation import file_search as fs
from procgym.generators.investigation import spreadsheet as ss
from procgym.generators.investigation._answers import answer_text, judge

NAMES = ["investigation/database_query", "investigation/file_search", "investigation/spreadsheet",
         "investigation/debugging"]


def problem(name, level=3, **check):
    """A generated problem whose check record is replaced by a hand-made one."""
    record = procgym.get(name).generate(seed=0, difficulty=level).to_dict()
    record["check"] = dict(record["check"], **check)
    return Problem.from_dict(record)


# ----------------------------------------------------------------------------- shared

def test_answer_command():
    assert answer_text("ANSWER 42") == "42" and answer_text("answer: Dana Ruiz") == "Dana Ruiz"
    assert answer_text("answer") == "" and answer_text("SELECT answer FROM t") is None
    assert answer_text("answers 42") is None and answer_text("answer=7") == "7"


@pytest.mark.parametrize("given", ["Dana Ruiz", "dana   RUIZ", "'Dana Ruiz'", "Dana Ruiz.", "`dana ruiz`"])
def test_judge_accepts_a_name_in_any_case(given):
    assert judge("Dana Ruiz", given) == ("Correct: the answer is Dana Ruiz.", "win")


@pytest.mark.parametrize("given", ["1234", "1,234", "+1234", "1234.0", "\u22121234".replace("\u2212", "")])
def test_judge_reads_a_whole_number(given):
    assert judge("1234", given)[1] == "win"


@pytest.mark.parametrize("expected, given, outcome", [
    ("Dana Ruiz", "Dana Ruis", "lose"), ("Dana Ruiz", "Dana Ruiz I think", "lose"), ("1234", "1235", "lose"),
    ("Dana Ruiz", "Dana Ruiz or Eli Kim", None), ("Dana Ruiz", "not Dana Ruiz", None), ("1234", "1234?", None),
    ("1234", "maybe 1234", None), ("1234", "1234 I think", None), ("1234", "12 34", None), ("1234", "0, 1234", None),
    ("Dana Ruiz", "", None), ("-5", "5", "lose"), ("-5", "\u22125", "win")])
def test_judge_refuses_hedges_and_judges_near_misses(expected, given, outcome):
    assert judge(expected, given)[1] == outcome


# ----------------------------------------------------------------------------- database

TABLES = {
    "employees": [[101, "Ada", 10, "Oslo", 50, 2010], [102, "Ben", 20, "Lima", 70, 2015],
                  [103, "Cara", 10, "Oslo", 90, 2020], [104, "Dev", 20, "Riga", 60, 2018]],
    "departments": [[10, "Sales", 3], [20, "Legal", 7]],
    "projects": [[1, "Apollo", 103, 40], [2, "Birch", 102, 25], [3, "Comet", 103, 5]],
}


def test_parse_query_exact():
    assert db.parse_query("SELECT name, salary FROM employees WHERE city = Oslo AND salary >= 60") == {
        "kind": "select", "columns": ["name", "salary"], "table": "employees",
        "where": [("city", "=", "oslo"), ("salary", ">=", 60)]}
    assert db.parse_query("count * from Projects where lead <> 103") == {
        "kind": "count", "columns": [], "table": "projects", "where": [("lead", "!=", 103)]}
    assert db.parse_query("select * from departments where name = 'Sales'")["where"] == [("name", "=", "sales")]
    assert db.parse_query("MAX budget FROM projects")["kind"] == "max"


@pytest.mark.parametrize("text, says", [
    ("SELECT name FROM staff", "unknown table 'staff'"),
    ("SELECT wage FROM employees", "no column 'wage'"),
    ("SELECT name employees", "expected FROM"),
    ("SUM name FROM employees", "holds text"),
    ("SELECT id FROM employees WHERE city > Oslo", "holds text"),
    ("SELECT id FROM employees WHERE salary = high", "holds numbers"),
    ("SELECT id FROM employees WHERE salary = 5 OR id = 3", "expected AND"),
    ("DROP TABLE employees", "starts with SELECT"),
    ("SELECT id FROM employees WHERE salary = ", "expected a value"),
    ("SELECT id FROM employees; DROP", "unexpected character"),
])
def test_parse_query_errors(text, says):
    with pytest.raises(db.QueryError, match=says):
        db.parse_query(text)


def test_evaluate_exact():
    q = db.parse_query("SELECT name, salary FROM employees WHERE city = OSLO")
    assert db.evaluate(TABLES, q, 10)[0] == "name | salary\nAda | 50\nCara | 90"
    text, result = db.evaluate(TABLES, db.parse_query("SELECT * FROM employees"), 2)
    assert text.splitlines()[-1].startswith("... 2 more rows not shown")
    assert result == {"rows": [[101, "Ada", 10, "Oslo", 50, 2010], [102, "Ben", 20, "Lima", 70, 2015]], "total": 4}
    assert db.evaluate(TABLES, db.parse_query("COUNT FROM employees WHERE dept = 20"), 5)[0] == "COUNT = 2"
    assert db.evaluate(TABLES, db.parse_query("SUM budget FROM projects WHERE lead = 103"), 5)[0] == "SUM(budget) = 45"
    assert db.evaluate(TABLES, db.parse_query("MIN salary FROM employees WHERE year > 2016"), 5)[0] == "MIN(salary) = 60"
    assert "NULL" in db.evaluate(TABLES, db.parse_query("MAX salary FROM employees WHERE id = 1"), 5)[0]
    assert db.evaluate(TABLES, db.parse_query("SELECT id FROM employees WHERE id = 1"), 5)[0] == "id\n(no rows)"


def test_true_answer_joins():
    assert db.true_answer(TABLES, {"kind": "floor_of_lead", "title": "Birch"}) == 7
    assert db.true_answer(TABLES, {"kind": "budget_led_by", "name": "Cara"}) == 45
    assert db.true_answer(TABLES, {"kind": "budget_led_by", "name": "Ada"}) == 0
    assert db.true_answer(TABLES, {"kind": "top_paid_in_dept", "dept": "Legal"}) == "Ben"
    assert db.true_answer(TABLES, {"kind": "salary_floor_year", "floor": 3, "year": 2012}) == 90
    assert db.true_answer(TABLES, {"kind": "dept_of_biggest_project"}) == "Sales"
    assert db.true_answer(TABLES, {"kind": "count_city_salary", "city": "Oslo", "salary": 50}) == 1


def db_problem(**extra):
    check = {"tables": TABLES, "question": {"kind": "floor_of_lead", "title": "Birch"}, "answer": "7",
             "row_limit": 3, "budget": 5}
    return problem("investigation/database_query", **dict(check, **extra))


def test_database_dynamics_exact():
    out, state = play(db_problem(), ["SELECT lead FROM projects WHERE title = birch",
                                     "SELECT dept FROM employees WHERE id = 102",
                                     "select floor from departments where id = 20", "ANSWER 7"])
    assert out[0] == ("lead\n102\nTurns left: 4.", 0.0, False)
    assert out[1] == ("dept\n20\nTurns left: 3.", 0.0, False)
    assert out[2] == ("floor\n7\nTurns left: 2.", 0.0, False)
    assert out[3] == ("Correct: the answer is 7. Solved in 4 turns.", 1.0, True)
    assert state["results"][0] == {"rows": [[102]], "total": 1}


def test_database_wrong_answer_and_invalid_commands():
    out, _ = play(db_problem(), ["ANSWER 8"])
    assert out == [("Wrong answer '8': the answer was 7.", 0.0, True)]
    out, state = play(db_problem(), ["SELECT everything", "", "answer", "x" * 5000, "COUNT FROM projects"])
    assert out[0][0].startswith("Query error: expected FROM") and out[0][1:] == (0.0, False)
    assert out[1][0].startswith("Invalid action: see the command list")
    assert out[2][0].startswith("An answer needs a value")
    assert out[3][0].startswith("Invalid action: it is longer than 1000 characters.")
    assert out[4] == ("COUNT = 3\nOut of turns: the question was not answered.", 0.0, True)  # every command used a turn
    assert state["turn"] == 5


def test_database_reference_answer_and_near_miss():
    task = procgym.get("investigation/database_query")
    p = task.generate(seed=0, difficulty=3)
    assert p.check["question"] == {"kind": "top_paid_in_dept", "dept": "Sales"} and p.check["answer"] == "Jade"
    assert task.verify(p, f"<answer>{p.answer}</answer>").correct
    lines = p.answer.splitlines()
    assert not task.verify(p, "<answer>" + "\n".join(lines[:-1] + ["ANSWER Jake"]) + "</answer>").correct
    # an agent that skips the queries and answers straight away wins too (case-insensitive)
    assert task.verify(p, "<answer>answer jade</answer>").correct


# ----------------------------------------------------------------------------- file search

FILES = {
    "/finance/invoices/2023/batch_a.txt": ["Invoice 4471 was submitted by Eli Kim.",
                                           "Invoice 4471 was approved by Dana Ruiz."],
    "/finance/payments/due.txt": ["Payment for invoice 4471 is due in 30 days."],
    "/people/directory/a_to_l.txt": ["Dana Ruiz can be reached on extension 512.", "Dana Okafor can be reached on extension 300."],
    "/people/teams/roster.txt": ["Dana Ruiz is on the Atlas team."],
    "/facilities/rooms.txt": ["The Atlas team sits in room 3B.", "The Beacon team sits in room 1A."],
}


def test_listing_and_grep():
    assert fs.listing(FILES, "/") == ["facilities/", "finance/", "people/"]
    assert fs.listing(FILES, "finance/") == ["invoices/", "payments/"]
    assert fs.listing(FILES, "/people/directory") == ["a_to_l.txt"]
    assert fs.listing(FILES, "/nowhere") is None
    assert fs.grep(FILES, "INVOICE 4471", "/", True) == [
        ("/finance/invoices/2023/batch_a.txt", "Invoice 4471 was submitted by Eli Kim."),
        ("/finance/invoices/2023/batch_a.txt", "Invoice 4471 was approved by Dana Ruiz."),
        ("/finance/payments/due.txt", "Payment for invoice 4471 is due in 30 days.")]
    assert fs.grep(FILES, "invoice 4471", "/finance", False) == []  # files only directly in /finance
    assert fs.grep(FILES, "Dana", "/people/directory", False) == [
        ("/people/directory/a_to_l.txt", "Dana Ruiz can be reached on extension 512."),
        ("/people/directory/a_to_l.txt", "Dana Okafor can be reached on extension 300.")]


def fs_problem(**extra):
    check = {"files": FILES, "hops": 3, "invoice": "4471", "answer": "3B", "grep_limit": 2, "recursive": True,
             "budget": 8}
    return problem("investigation/file_search", **dict(check, **extra))


def test_file_search_dynamics_exact():
    out, _ = play(fs_problem(), ["ls", "ls /finance", "cat /finance/payments/due.txt", "grep invoice 4471",
                                 "grep Dana Ruiz /people", "grep Atlas team sits", "answer 3b"])
    assert out[0][0] == "/:\n  facilities/\n  finance/\n  people/\nTurns left: 7."
    assert out[1][0] == "/finance:\n  invoices/\n  payments/\nTurns left: 6."
    assert out[2][0] == "/finance/payments/due.txt:\nPayment for invoice 4471 is due in 30 days.\nTurns left: 5."
    assert out[3][0] == ("/finance/invoices/2023/batch_a.txt: Invoice 4471 was submitted by Eli Kim.\n"
                         "/finance/invoices/2023/batch_a.txt: Invoice 4471 was approved by Dana Ruiz.\n"
                         "... 1 more matches not shown (search for longer text or in a narrower directory)\n"
                         "Turns left: 4.")
    assert out[4][0] == ("/people/directory/a_to_l.txt: Dana Ruiz can be reached on extension 512.\n"
                         "/people/teams/roster.txt: Dana Ruiz is on the Atlas team.\nTurns left: 3.")
    assert out[5][0] == "/facilities/rooms.txt: The Atlas team sits in room 3B.\nTurns left: 2."
    assert out[6] == ("Correct: the answer is 3B. Solved in 7 turns.", 1.0, True)


def test_file_search_invalid_commands_and_wrong_answer():
    out, state = play(fs_problem(), ["cat /finance", "cat /nope.txt", "ls /nope", "grep", "rm -rf /",
                                     "grep x /nope", "cat", "answer 1A"])
    assert out[0][0].startswith("cat: /finance: is a directory.")
    assert out[1][0].startswith("cat: /nope.txt: no such file.")
    assert out[2][0].startswith("ls: /nope: no such directory.")
    assert out[3][0].startswith("grep needs text")
    assert out[4][0].startswith("Unknown command 'rm'")
    assert out[5][0].startswith("grep: /nope: no such directory.")
    assert out[6][0].startswith("cat needs a file")
    assert out[7] == ("Wrong answer '1A': the answer was 3B.", 0.0, True)
    assert state["turn"] == 8


def test_file_search_policy_reads_the_chain():
    task = procgym.get("investigation/file_search")
    check = dict(fs_problem().check, grep_limit=4, budget=20)
    assert task.reference_line(check) == ["grep invoice 4471", "grep Dana Ruiz", "grep Atlas team sits", "answer 3B"]
    # a cut-off whole-tree search makes it explore the directories that suit the fact
    check["grep_limit"] = 2
    assert task.reference_line(check) == [
        "grep invoice 4471", "grep Dana Ruiz", "ls /", "ls /people", "ls /people/directory", "ls /people/teams",
        "grep Dana Ruiz /people/teams", "grep Atlas team sits", "answer 3B"]
    check["recursive"] = False
    line = task.reference_line(check)
    assert line[:5] == ["ls /", "ls /finance", "ls /finance/invoices", "ls /finance/payments", "ls /finance/invoices/2023"]
    assert line[5:] == ["grep invoice 4471 /finance/invoices/2023", "ls /people", "ls /people/directory",
                        "ls /people/teams", "grep Dana Ruiz /people/teams", "ls /facilities",
                        "grep Atlas team sits /facilities", "answer 3B"]


def test_file_search_policy_climbs_the_chain_of_managers():
    """Past level 10 (hops 4-6) the chain goes up the approver's managers before the team and room."""
    task = procgym.get("investigation/file_search")
    files = {**FILES, "/people/directory/m_to_z.txt": ["Dana Ruiz reports to Eli Kim.", "Eli Kim reports to Dana Okafor.",
                                                       "Dana Okafor reports to Eli Kim."],
             "/people/teams/roster.txt": ["Dana Ruiz is on the Atlas team.", "Dana Okafor is on the Beacon team."]}
    check = dict(fs_problem().check, files=files, hops=5, answer="1A", grep_limit=4, budget=20)
    assert task.reference_line(check) == ["grep invoice 4471", "grep Dana Ruiz reports to", "grep Eli Kim reports to",
                                          "grep Dana Okafor", "grep Beacon team sits", "answer 1A"]
    p = task.generate(seed=3, difficulty=20)
    assert p.params["hops"] == 6 and "the manager of the manager of the manager of the person" in p.prompt
    assert p.check["answer"] in p.answer.splitlines()[-1]


# ----------------------------------------------------------------------------- spreadsheet

SHEET = {"rows": [["bolt", "North", 5, 3], ["cable", "South", 8, 2], ["drill", "North", 2, 10]]}


def test_parse_ref():
    assert ss.parse_ref("c7") == ("C", 7, "C", 7)
    assert ss.parse_ref("C9:B2") == ("B", 2, "C", 9)
    assert ss.parse_ref("B2 : B4") == ("B", 2, "B", 4)
    assert ss.parse_ref("B") is None and ss.parse_ref("2B") is None and ss.parse_ref("B2:") is None


def test_spreadsheet_answers():
    assert ss.true_answer(SHEET, {"kind": "region_units", "region": "North"}) == 7
    assert ss.true_answer(SHEET, {"kind": "revenue_of_top"}) == 16
    assert ss.true_answer(SHEET, {"kind": "region_revenue", "region": "North"}) == 35
    assert ss.true_answer(SHEET, {"kind": "item_of_top_revenue_in_region", "region": "North"}) == "drill"


def sheet_problem(**extra):
    check = {"sheet": SHEET, "question": {"kind": "region_revenue", "region": "North"}, "n_rows": 3,
             "answer": "35", "range_limit": 4, "budget": 9}
    return problem("investigation/spreadsheet", **dict(check, **extra))


def test_spreadsheet_dynamics_exact():
    out, state = play(sheet_problem(), ["GET B1:B4", "get c2", "SUM C2:D4", "max d2:d9", "GET A1:D4",
                                        "GET E2", "FETCH A1", "GET", "ANSWER 35"])
    assert out[0][0] == "B1 = Region\nB2 = North\nB3 = South\nB4 = North\nTurns left: 8."
    assert out[1][0] == "C2 = 5\nTurns left: 7."
    assert out[2][0] == "SUM(C2:D4) = 30 (over 6 numbers)\nTurns left: 6."
    assert out[3][0] == "MAX(D2:D9) = 10 (over 3 numbers)\nTurns left: 5."
    assert out[4][0].startswith("That range has 16 cells; GET shows at most 4.")
    assert out[5][0].startswith("Columns run from A to D")
    assert out[6][0].startswith("Unknown command 'FETCH'")
    assert out[7][0].startswith("GET needs a cell")
    assert out[8] == ("Correct: the answer is 35. Solved in 9 turns.", 1.0, True)
    assert state["seen"]["B3"] == "South" and state["seen"]["C2"] == 5


def test_spreadsheet_policy_and_near_miss():
    task = procgym.get("investigation/spreadsheet")
    check = dict(sheet_problem().check)
    assert task.reference_line(check) == ["GET B2:B4", "GET C2:C4", "GET D2:D4", "ANSWER 35"]
    lookup = dict(check, question={"kind": "units_of", "item": "cable"}, answer="8", range_limit=2)
    assert task.reference_line(lookup) == ["GET A2:A3", "GET C3", "ANSWER 8"]  # stops at the row it needs
    top = dict(check, question={"kind": "revenue_of_top"}, answer="16")
    assert task.reference_line(top) == ["GET C2:C4", "GET D3", "ANSWER 16"]
    out, _ = play(sheet_problem(), ["ANSWER 36"])
    assert out == [("Wrong answer '36': the answer was 35.", 0.0, True)]


# ----------------------------------------------------------------------------- debugging

def test_mutations_neighbourhood():
    assert dbg.mutations("    if (xs[i] > t) {") == ["    if (xs[i] >= t) {", "    if (xs[i] < t) {"]
    assert dbg.mutations("i = i + 1;") == ["i = i - 1;", "i = i * 1;", "i = i + 0;", "i = i + 2;"]
    assert dbg.mutations("}") == []
    # closed under undoing: the original is among the mutations of each mutation
    for line in ("s = s + xs[i];", "while (i <= n) {", "c = 0;"):
        assert all(line in dbg.mutations(m) for m in dbg.mutations(line))


def test_braces_are_restored():
    assert dbg.with_braces("    while (i < n) {", "while (i <= n)") == "    while (i <= n) {"
    assert dbg.with_braces("    } else {", "else") == "    } else {"
    assert dbg.with_braces("x = 1;", "x = 2;") == "x = 2;"
    assert dbg.bare("    } else {") == "else" and dbg.bare("  while (i < n) {") == "while (i < n)"


BUGGY = ["s = 0;", "i = 0;", "while (i < len(xs)) {", "    if (xs[i] >= t) {", "        s = s + xs[i];",
         "    }", "    i = i + 1;", "}", "print(s);"]
TESTS = [[{"xs": [1, 5, 3], "t": 3, "n": 0}, [5]], [{"xs": [2], "t": 9, "n": 0}, [0]]]


def debug_problem(**extra):
    check = {"lines": BUGGY, "tests": TESTS, "show_limit": 5, "bug_line": 4, "budget": 10}
    return problem("investigation/debugging", **dict(check, **extra))


def test_debugging_dynamics_exact():
    out, _ = play(debug_problem(), ["run", "run 2", "show 3-5", "show 1-9", "fix 4: if (xs[i] > t - 1)",
                                    "fix 4: if (xs[i] > t", "fix 4: if (t < xs[i])"])
    assert out[0][0] == ("test 1: xs = [1, 5, 3], t = 3, n = 0 -> expected [5], got [8]: FAIL\n"
                         "test 2: xs = [2], t = 9, n = 0 -> expected [0], got [0]: pass\nTurns left: 9.")
    assert out[1][0] == "test 2: xs = [2], t = 9, n = 0 -> expected [0], got [0]: pass\nTurns left: 8."
    assert out[2][0] == ("  3 | while (i < len(xs)) {\n  4 |     if (xs[i] >= t) {\n  5 |         s = s + xs[i];\n"
                         "Turns left: 7.")
    assert out[3][0].startswith("show prints at most 5 lines")
    # a near miss fails a test; a syntax error is reported; an equivalent rewrite is accepted
    assert out[4][0].startswith("Fix rejected: with that line, 1 test still fails (1).")
    assert out[5][0].startswith("Fix rejected: the program no longer parses")
    assert out[6] == ("Fix accepted: line 4 is now 'if (t < xs[i]) {' and all 2 tests pass. Solved in 7 turns.",
                      1.0, True)


def test_debugging_invalid_commands():
    out, state = play(debug_problem(), ["fix 99: x = 1;", "run 7", "show 0-3", "fix 4:", "compile", "",
                                        "fix 2: while (1) { i = i; }"])
    assert out[0][0].startswith("There is no line 99")
    assert out[1][0].startswith("There is no test 7")
    assert out[2][0].startswith("Lines run from 1 to 9")
    assert out[3][0].startswith("A fix is one line of code")
    assert out[4][0].startswith("Unknown command")
    assert out[5][0].startswith("Invalid action: see the command list")
    assert out[6][0].startswith("Fix rejected")  # an endless loop hits the step limit and fails the tests
    assert state["turn"] == 7 and all(not done for _, _, done in out)


def test_debugging_fix_search_and_reference():
    assert dbg.find_fix(BUGGY, TESTS) == (4, "if (xs[i] > t)")
    task = procgym.get("investigation/debugging")
    p = task.generate(seed=4, difficulty=5)
    assert not dbg.passes(p.check["lines"], p.check["tests"])
    assert task.verify(p, f"<answer>{p.answer}</answer>").correct
    assert p.answer.splitlines()[0] == "run" and p.answer.splitlines()[-1].startswith("fix ")


# ----------------------------------------------------------------------------- all four

@pytest.mark.parametrize("name", NAMES)
def test_first_observation_states_the_grammar(name):
    p = procgym.get(name).generate(seed=3, difficulty=5)
    assert "Commands (one per turn" in p.prompt and "turns" in p.prompt


@pytest.mark.parametrize("name", NAMES)
def test_observations_stay_in_the_charset(name):
    from procgym.envs.text import in_charset

    task = procgym.get(name)
    p = task.generate(seed=0, difficulty=3)
    state = task.initial_state(p)
    for action in ["ls /caf\u00e9", "SELECT x FROM \u00e9", "GET \u00e9", "grep \u00e9 /x", "cat /\u00e9",
                   "fix 1: \u00e9", "answer \u202e\u00e9"]:
        state, observation, _, done = task.step(p, state, action)
        assert in_charset(observation), observation
        if done:
            state = task.initial_state(p)


@pytest.mark.parametrize("name", NAMES)
def test_deterministic_episodes(name):
    def episode():
        env = make(name, difficulty=6)
        env.reset(seed=9)
        agent = RandomAgent(seed=1)
        return [env.step(agent.act(env.unwrapped.history, {"problem": env.unwrapped.problem.to_dict()}))[0]
                for _ in range(3) if not env.unwrapped.done]
    assert episode() == episode()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 5, 10])
def test_oracle_solves_fifty_episodes(name, level):
    env = make(name, difficulty=level)
    results = [play_episode(env, OracleAgent(), seed=s) for s in range(50)]
    assert all(r["solved"] and r["return"] == 1.0 for r in results)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [15, 20])
def test_oracle_solves_the_levels_past_ten(name, level):
    """The turn budgets past level 10 (less slack, bigger tables and programs) still fit the oracle."""
    env = make(name, difficulty=level)
    results = [play_episode(env, OracleAgent(), seed=s) for s in range(10)]
    assert all(r["solved"] and r["return"] == 1.0 for r in results)


# ----------------------------------------------------------------------------- strict answers

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 6])
def test_a_hedged_final_command_never_wins_and_a_plain_one_in_any_form_does(name, level):
    """The winning last command with a hedge, a negation or a second candidate does not win: it is
    an invalid command (nothing changes but the turn), or an answer judged wrong; written with a
    full stop, extra spaces or (where the grammar allows) in capitals, it wins."""
    task = procgym.get(name)
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        actions = p.answer.splitlines()
        state = task.initial_state(p)
        for action in actions[:-1]:
            state, _, _, _ = task.step(p, state, action)
        last = actions[-1]
        for form in HEDGED_ACTIONS:
            new, observation, reward, done = task.step(p, state, form.format(last, last))
            assert reward == 0.0, (form, last, observation)
            assert done or {**new, "turn": 0} == {**state, "turn": 0}, (form, last, observation)
        forms = [f"{last}.", f"  {last}  ", last.replace(" ", "  ")]
        if name != "investigation/debugging":  # Tiny code is case-sensitive
            forms += [last.upper(), last.lower()]
        for form in forms:
            assert task.step(p, state, form)[2] == 1.0, form


def test_a_hedged_answer_is_refused_before_it_is_judged():
    out, state = play(db_problem(), ["ANSWER 7 or 8", "answer maybe 7", "answer 7?", "answer 7 I think", "answer 7."])
    assert [o[0] for o in out[:4]] == [
        "Invalid answer: '7 or 8' hedges or negates ('or'): give one answer. Write answer and one value.\n"
        "Turns left: 4.",
        "Invalid answer: 'maybe 7' hedges or negates ('maybe'): give one answer. Write answer and one value.\n"
        "Turns left: 3.",
        "Invalid answer: '7?' hedges or negates ('?'): give one answer. Write answer and one value.\nTurns left: 2.",
        "Invalid answer: expected an integer, got '7 I think'. Write answer and one value.\nTurns left: 1."]
    assert out[4] == ("Correct: the answer is 7. Solved in 5 turns.", 1.0, True)
