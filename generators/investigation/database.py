"""Answer a question about a small generated company database by querying it with a tiny query
language (SELECT / COUNT / SUM / MAX / MIN with WHERE conditions) that this module parses and
evaluates itself."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text, judge

FIRST_NAMES = ("Ada", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo",
               "Nia", "Omar", "Pia", "Quin", "Rosa", "Sami", "Tess", "Uma", "Vic", "Wren", "Xena", "Yuri",
               "Zoe", "Abel", "Bea", "Cyrus", "Dina", "Enzo", "Flor", "Gale", "Hugo", "Iris", "Joel", "Kira",
               "Leon", "Maya", "Nico", "Opal", "Pablo", "Rhea", "Saul", "Tara", "Ugo", "Vera", "Wade", "Yara",
               "Zack", "Alma", "Bram", "Cleo", "Dax", "Edda", "Finn", "Gwen", "Hal", "Ines", "Jon")
CITIES = ("Oslo", "Lima", "Quito", "Turin", "Perth", "Dakar", "Hanoi", "Riga", "Porto", "Cusco")
DEPARTMENTS = ("Sales", "Legal", "Research", "Support", "Finance", "Design", "Security", "Logistics",
               "Marketing", "Training")
# drawn from only past level 10, where tables outgrow the lists above (so levels 1-10 draw as before)
MORE_FIRST_NAMES = ("Arlo", "Beth", "Coby", "Dora", "Emil", "Faye", "Gino", "Hedy", "Ilse", "Jude", "Kurt", "Lola",
                    "Mato", "Nell", "Otis", "Pere", "Rafe", "Sena", "Tove", "Ulla", "Vito", "Wanda", "Yves", "Zara",
                    "Axel", "Bodil", "Ciro", "Dalia", "Ebba", "Fritz")
MORE_DEPARTMENTS = ("Audit", "Quality", "Procurement", "Planning", "Outreach", "Testing")
MORE_PROJECTS = ("Quasar", "Raven", "Summit", "Tundra", "Umber", "Vortex", "Willow", "Xylem", "Yarrow", "Zephyr",
                 "Aurora", "Basalt", "Cypress", "Dune", "Eclipse", "Fern")
PROJECTS = ("Apollo", "Birch", "Comet", "Delta", "Ember", "Falcon", "Granite", "Harbor", "Iris", "Juniper",
            "Kestrel", "Lotus", "Meteor", "Nimbus", "Orchid", "Pylon")

SCHEMA = {
    "employees": ("id", "name", "dept", "city", "salary", "year"),
    "departments": ("id", "name", "floor"),
    "projects": ("id", "title", "lead", "budget"),
}
TEXT_COLUMNS = {"name", "city", "title"}
AGGREGATES = ("sum", "max", "min")
OPS = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
       ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b}
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z_0-9]*)|'([^']*)'|\"([^\"]*)\"|(<=|>=|!=|<>|==|[=<>,*])|(\S))")


class QueryError(ValueError):
    """A query that cannot be parsed or refers to unknown tables or columns."""


def tokenize(text: str) -> list[tuple[str, str | int]]:
    """(kind, value) tokens: ("num", int), ("word", str), ("str", str), ("op", str)."""
    out = []
    for number, word, sq, dq, op, bad in _TOKEN.findall(text):
        if bad:
            raise QueryError(f"unexpected character {bad!r}")
        if number:
            if len(number) > 9:
                raise QueryError("a number is too long")
            out.append(("num", int(number)))
        elif word:
            out.append(("word", word))
        elif op:
            out.append(("op", {"<>": "!=", "==": "="}.get(op, op)))
        else:
            out.append(("str", sq if sq or not dq else dq))
    return out


def parse_query(text: str) -> dict:
    """A query as {"kind", "columns", "table", "where": [(col, op, value), ...]}; raises
    QueryError naming the problem. kind is "select", "count", "sum", "max" or "min"."""
    toks = tokenize(text)
    i = 0

    def peek():
        return toks[i] if i < len(toks) else (None, None)

    def word(expected=None):
        nonlocal i
        kind, value = peek()
        if kind != "word" or (expected and value.lower() != expected):
            raise QueryError(f"expected {expected.upper() if expected else 'a name'} "
                             f"but found {value if value is not None else 'the end'}")
        i += 1
        return value.lower()

    head = word().lower() if peek()[0] == "word" else None
    if head not in ("select", "count", *AGGREGATES):
        raise QueryError("a query starts with SELECT, COUNT, SUM, MAX or MIN")
    columns = []
    if head == "select":
        if peek() == ("op", "*"):
            i += 1
            columns = ["*"]
        else:
            columns.append(word())
            while peek() == ("op", ","):
                i += 1
                columns.append(word())
    elif head == "count":
        if peek() == ("op", "*"):
            i += 1
    else:
        columns.append(word())
    word("from")
    table = word()
    if table not in SCHEMA:
        raise QueryError(f"unknown table {table!r} (tables: {', '.join(SCHEMA)})")
    for col in columns:
        if col != "*" and col not in SCHEMA[table]:
            raise QueryError(f"table {table} has no column {col!r} (columns: {', '.join(SCHEMA[table])})")
        if head in AGGREGATES and col in TEXT_COLUMNS:
            raise QueryError(f"{head.upper()} needs a number column, and {col} holds text")
    where = []
    if peek()[0] is not None:
        word("where")
        while True:
            col = word()
            if col not in SCHEMA[table]:
                raise QueryError(f"table {table} has no column {col!r} (columns: {', '.join(SCHEMA[table])})")
            kind, op = peek()
            if kind != "op" or op not in OPS:
                raise QueryError(f"expected a comparison (= != < > <= >=) after {col}")
            i += 1
            kind, value = peek()
            if kind is None or kind == "op":
                raise QueryError(f"expected a value after {col} {op}")
            i += 1
            if col in TEXT_COLUMNS:
                if kind == "num" or op not in ("=", "!="):
                    raise QueryError(f"{col} holds text: compare it with = or != to a word")
                value = str(value).lower()
            elif kind != "num":
                raise QueryError(f"{col} holds numbers: compare it to a whole number, not {value!r}")
            where.append((col, op, value))
            if peek()[0] is None:
                break
            word("and")
    return {"kind": head, "columns": columns, "table": table, "where": where}


def evaluate(tables: dict, query: dict, row_limit: int) -> tuple[str, dict]:
    """Run a parsed query: (the text a person would see, the structured result the reference
    policy reads: {"rows": [...] (select) or "value": n})."""
    table = query["table"]
    cols = SCHEMA[table]
    rows = [dict(zip(cols, r)) for r in tables[table]]

    def keep(row):
        return all(OPS[op](str(row[c]).lower() if c in TEXT_COLUMNS else row[c], v) for c, op, v in query["where"])

    picked = [r for r in rows if keep(r)]
    kind = query["kind"]
    if kind == "count":
        return f"COUNT = {len(picked)}", {"value": len(picked)}
    if kind in AGGREGATES:
        col = query["columns"][0]
        if not picked:
            return f"{kind.upper()}({col}) = NULL (no rows match)", {"value": None}
        vals = [r[col] for r in picked]
        value = {"sum": sum, "max": max, "min": min}[kind](vals)
        return f"{kind.upper()}({col}) = {value}", {"value": value}
    shown = list(cols) if query["columns"] == ["*"] else query["columns"]
    lines = [" | ".join(shown)]
    lines += [" | ".join(str(r[c]) for c in shown) for r in picked[:row_limit]]
    if not picked:
        lines.append("(no rows)")
    elif len(picked) > row_limit:
        lines.append(f"... {len(picked) - row_limit} more rows not shown (at most {row_limit} rows are shown: "
                     f"add WHERE conditions to narrow the result)")
    return "\n".join(lines), {"rows": [[r[c] for c in shown] for r in picked[:row_limit]], "total": len(picked)}


# ----------------------------------------------------------------------------- questions

def _emp(tables):
    return [dict(zip(SCHEMA["employees"], r)) for r in tables["employees"]]


def _dept(tables):
    return [dict(zip(SCHEMA["departments"], r)) for r in tables["departments"]]


def _proj(tables):
    return [dict(zip(SCHEMA["projects"], r)) for r in tables["projects"]]


def true_answer(tables: dict, q: dict):
    """The answer to question spec `q`, computed directly over the tables (joins in Python)."""
    emp, dept, proj = _emp(tables), _dept(tables), _proj(tables)
    by_id = {e["id"]: e for e in emp}
    dept_by_id = {d["id"]: d for d in dept}
    kind = q["kind"]
    if kind == "salary_of":
        return next(e["salary"] for e in emp if e["name"] == q["name"])
    if kind == "count_city_salary":
        return sum(e["city"] == q["city"] and e["salary"] > q["salary"] for e in emp)
    if kind == "count_dept":
        d = next(d for d in dept if d["name"] == q["dept"])
        return sum(e["dept"] == d["id"] for e in emp)
    if kind == "budget_led_by":
        e = next(e for e in emp if e["name"] == q["name"])
        return sum(p["budget"] for p in proj if p["lead"] == e["id"])
    if kind == "top_paid_in_dept":
        d = next(d for d in dept if d["name"] == q["dept"])
        return max((e for e in emp if e["dept"] == d["id"]), key=lambda e: e["salary"])["name"]
    if kind == "floor_of_lead":
        p = next(p for p in proj if p["title"] == q["title"])
        return dept_by_id[by_id[p["lead"]]["dept"]]["floor"]
    if kind == "salary_floor_year":
        d = next(d for d in dept if d["floor"] == q["floor"])
        return sum(e["salary"] for e in emp if e["dept"] == d["id"] and e["year"] > q["year"])
    if kind == "dept_of_biggest_project":
        p = max(proj, key=lambda p: p["budget"])
        return dept_by_id[by_id[p["lead"]]["dept"]]["name"]
    raise ValueError(f"unknown question kind {kind!r}")


def question_text(q: dict) -> str:
    return {
        "salary_of": lambda: f"What is the salary of the employee named {q.get('name')}?",
        "count_city_salary": lambda: (f"How many employees live in {q.get('city')} and earn a salary greater than "
                                      f"{q.get('salary')}?"),
        "count_dept": lambda: f"How many employees work in the {q.get('dept')} department?",
        "budget_led_by": lambda: (f"What is the total budget of all projects led by {q.get('name')} "
                                  f"(0 if they lead none)?"),
        "top_paid_in_dept": lambda: f"What is the name of the highest-paid employee in the {q.get('dept')} department?",
        "floor_of_lead": lambda: f"On which floor is the department of the lead of project {q.get('title')}?",
        "salary_floor_year": lambda: (f"What is the total salary of the employees of the department on floor "
                                      f"{q.get('floor')} who joined after {q.get('year')} (year greater than "
                                      f"{q.get('year')}; 0 if none)?"),
        "dept_of_biggest_project": lambda: ("What is the name of the department of the employee who leads the "
                                            "project with the largest budget?"),
    }[q["kind"]]()


KINDS_BY_HOPS = {1: ("salary_of", "count_city_salary"), 2: ("count_dept", "budget_led_by", "top_paid_in_dept"),
                 3: ("floor_of_lead", "salary_floor_year"), 4: ("dept_of_biggest_project",)}


def _value(state, i):
    """The structured result of the policy's i-th query (None when it has not run yet)."""
    results = state["results"]
    return results[i] if i < len(results) else None


def next_query(check: dict, state: dict) -> str:
    """The reference policy: a fixed chain of queries per question kind, each built from the
    results of the ones before (read from the state), then the answer computed from them."""
    q, done = check["question"], len(state["results"])

    def first(i):
        return _value(state, i)["rows"][0][0]

    steps = {
        "salary_of": [lambda: f"SELECT salary FROM employees WHERE name = {q['name']}",
                      lambda: f"ANSWER {first(0)}"],
        "count_city_salary": [lambda: f"COUNT FROM employees WHERE city = {q['city']} AND salary > {q['salary']}",
                              lambda: f"ANSWER {_value(state, 0)['value']}"],
        "count_dept": [lambda: f"SELECT id FROM departments WHERE name = {q['dept']}",
                       lambda: f"COUNT FROM employees WHERE dept = {first(0)}",
                       lambda: f"ANSWER {_value(state, 1)['value']}"],
        "budget_led_by": [lambda: f"SELECT id FROM employees WHERE name = {q['name']}",
                          lambda: f"SUM budget FROM projects WHERE lead = {first(0)}",
                          lambda: f"ANSWER {_value(state, 1)['value'] or 0}"],
        "top_paid_in_dept": [lambda: f"SELECT id FROM departments WHERE name = {q['dept']}",
                             lambda: f"MAX salary FROM employees WHERE dept = {first(0)}",
                             lambda: (f"SELECT name FROM employees WHERE dept = {first(0)} "
                                      f"AND salary = {_value(state, 1)['value']}"),
                             lambda: f"ANSWER {first(2)}"],
        "floor_of_lead": [lambda: f"SELECT lead FROM projects WHERE title = {q['title']}",
                          lambda: f"SELECT dept FROM employees WHERE id = {first(0)}",
                          lambda: f"SELECT floor FROM departments WHERE id = {first(1)}",
                          lambda: f"ANSWER {first(2)}"],
        "salary_floor_year": [lambda: f"SELECT id FROM departments WHERE floor = {q['floor']}",
                              lambda: f"SUM salary FROM employees WHERE dept = {first(0)} AND year > {q['year']}",
                              lambda: f"ANSWER {_value(state, 1)['value'] or 0}"],
        "dept_of_biggest_project": [lambda: "MAX budget FROM projects",
                                    lambda: f"SELECT lead FROM projects WHERE budget = {_value(state, 0)['value']}",
                                    lambda: f"SELECT dept FROM employees WHERE id = {first(1)}",
                                    lambda: f"SELECT name FROM departments WHERE id = {first(2)}",
                                    lambda: f"ANSWER {first(3)}"],
    }[q["kind"]]
    return steps[min(done, len(steps) - 1)]()


def pool(base: tuple, more: tuple, n: int) -> tuple:
    """The values to draw `n` from: `base` while it is big enough (levels 1-10 draw only from it),
    else `base` and `more`."""
    return base if n <= len(base) else base + more


def make_tables(rng, n_emp: int, n_dept: int, n_proj: int) -> dict:
    """Random tables with unique names, titles, floors, salaries and budgets (so every question
    has one answer), ids drawn at random so that row order reveals nothing."""
    names = rng.sample(pool(FIRST_NAMES, MORE_FIRST_NAMES, n_emp), n_emp)
    emp_ids = rng.sample(range(100, 1000), n_emp)
    dept_ids = rng.sample(range(10, 100), n_dept)
    floors = rng.sample(range(1, 20), n_dept)
    salaries = rng.sample(range(30, 200), n_emp)
    budgets = rng.sample(range(5, 500), n_proj)
    departments = [[dept_ids[i], name, floors[i]] for i, name in enumerate(rng.sample(pool(DEPARTMENTS, MORE_DEPARTMENTS, n_dept), n_dept))]
    # every department gets at least one employee, so department questions are never empty
    dept_of = [dept_ids[i % n_dept] for i in range(n_emp)]
    rng.shuffle(dept_of)
    employees = [[emp_ids[i], names[i], dept_of[i], rng.choice(CITIES), salaries[i], rng.randrange(2005, 2025)]
                 for i in range(n_emp)]
    project_ids = rng.sample(range(1, 100), n_proj)
    titles = rng.sample(pool(PROJECTS, MORE_PROJECTS, n_proj), n_proj)
    projects = [[pid, title, rng.choice(emp_ids), budgets[i]] for i, (pid, title) in enumerate(zip(project_ids, titles))]
    return {"employees": employees, "departments": departments, "projects": projects}


def pick_question(rng, tables: dict, hops: int) -> dict:
    kind = rng.choice(KINDS_BY_HOPS[hops])
    emp, dept, proj = _emp(tables), _dept(tables), _proj(tables)
    if kind == "salary_of":
        return {"kind": kind, "name": rng.choice(emp)["name"]}
    if kind == "budget_led_by":  # mostly someone who leads a project, so the sum is rarely 0
        leads = sorted({p["lead"] for p in proj})
        pool = [e for e in emp if e["id"] in leads] if rng.random() < 0.8 else emp
        return {"kind": kind, "name": rng.choice(pool)["name"]}
    if kind == "count_city_salary":
        e = rng.choice(emp)
        return {"kind": kind, "city": e["city"], "salary": max(30, e["salary"] - rng.randrange(0, 40))}
    if kind in ("count_dept", "top_paid_in_dept"):
        return {"kind": kind, "dept": rng.choice(dept)["name"]}
    if kind == "floor_of_lead":
        return {"kind": kind, "title": rng.choice(proj)["title"]}
    if kind == "salary_floor_year":
        return {"kind": kind, "floor": rng.choice(dept)["floor"], "year": rng.randrange(2006, 2020)}
    return {"kind": kind}


@register
class DatabaseQuery(TurnBudgetTask):
    """A company database of three tables (employees, departments, projects) is hidden; the
    prompt gives only its schema and a question. The agent queries it with a small language,
    SELECT cols / COUNT / SUM col / MAX col / MIN col FROM table [WHERE col op value AND ...],
    parsed and evaluated here, and answers with ANSWER value (one answer; a wrong one loses).
    SELECT shows at most `row_limit` rows. Higher levels chain more lookups across tables
    (`hops`: a direct lookup, then one join, two joins, an aggregate feeding three joins), grow
    the tables, show fewer rows per query and leave less spare turns.

    The reference policy runs a fixed chain of queries per question kind, each built from the
    previous results it reads from the state, and answers from the last one; the answer it must
    match is computed independently by joining the tables directly.
    """

    name = "investigation/database_query"
    knobs = (
        Knob("hops", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="tables a question chains through (query depth)"),
        Knob("n_employees", [(5, 7), (7, 9), (9, 11), (11, 13), (13, 17), (16, 20), (20, 24), (24, 28), (28, 32),
                             (32, 40), (36, 44), (40, 48), (44, 52), (48, 56), (52, 60), (56, 64), (60, 70),
                             (66, 76), (72, 82), (80, 90)], (3, 90), doc="rows of the employees table"),
        Knob("n_departments", [3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 13, 14, 16], (2, 16),
             doc="rows of the departments table"),
        Knob("n_projects", [(2, 4), (3, 5), (4, 6), (5, 7), (6, 9), (7, 10), (8, 11), (9, 12), (10, 14), (12, 16),
                            (13, 17), (14, 18), (15, 19), (16, 20), (17, 22), (18, 24), (19, 26), (20, 28), (22, 30),
                            (24, 32)], (1, 32), doc="rows of the projects table"),
        Knob("row_limit", [20, 15, 12, 10, 8, 6, 5, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1], (1, 100),
             doc="rows a SELECT shows at most"),
        Knob("slack", [8, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0], (0, 50),
             doc="spare turns beyond the reference plan"),
    )
    answer_format = "one command per turn: a query (SELECT, COUNT, SUM, MAX, MIN) or ANSWER value"
    example = "SELECT name, salary FROM employees WHERE city = Oslo"
    tools = (Tool("query", "Run one query on the database (SELECT, COUNT, SUM, MAX or MIN, as the first message "
                           "lists them).", "{sql}",
                  (Param("sql", "string", "the query, e.g. SELECT name FROM employees WHERE city = Oslo"),),
                  parse=lambda text: {"sql": text} if answer_text(text) is None else None),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"

    def build(self, rng, params):
        if params["n_departments"] > params["n_employees"]:
            raise ValueError(f"knob 'n_departments' ({params['n_departments']}) must not exceed "
                             f"knob 'n_employees' ({params['n_employees']})")
        tables = make_tables(rng, params["n_employees"], params["n_departments"], params["n_projects"])
        q = pick_question(rng, tables, params["hops"])
        answer = true_answer(tables, q)
        check = {"tables": tables, "question": q, "answer": str(answer), "row_limit": params["row_limit"],
                 "budget": 10**6}
        line = self.reference_line(check)
        check["budget"] = len(line) + params["slack"]
        schema = "\n".join(f"  {t}({', '.join(cols)}): {len(tables[t])} rows" for t, cols in SCHEMA.items())
        question = (
            "A company database is hidden from you. Its tables and columns:\n"
            f"{schema}\n"
            "employees.dept is a departments.id; projects.lead is an employees.id; year is the year an employee "
            "joined. name, city and title hold single words; every other column holds whole numbers.\n\n"
            f"Question: {question_text(q)}\n\n"
            "Commands (one per turn; keywords in any case):\n"
            "  SELECT col1, col2 FROM table [WHERE cond [AND cond ...]]   (SELECT * shows every column)\n"
            "  COUNT FROM table [WHERE ...]\n"
            "  SUM col FROM table [WHERE ...]   (also MAX col, MIN col)\n"
            "  ANSWER value   (ends the game: you get one answer)\n"
            "A condition is col op value with op one of = != < > <= >=; words compare ignoring case and take only "
            f"= or !=. A SELECT shows at most {params['row_limit']} rows. Every command, valid or not, uses a turn; "
            f"you have {check['budget']} turns.")
        return self.draft(question, "\n".join(line), check)  # a query never wins

    def effort(self, problem):
        # the reference's queries, each evaluated over every row of its table, then the answer
        tables, work = problem.check["tables"], 0
        for command in problem.answer.split("\n"):
            work += 1
            if answer_text(command) is None:
                work += len(tables[parse_query(command)["table"]])
        return work

    def start(self, problem):
        return {"results": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge(check["answer"], given)
        try:
            query = parse_query(text)
        except QueryError as exc:
            return f"Query error: {exc}.", None
        shown, result = evaluate(check["tables"], query, check["row_limit"])
        state["results"].append(result)
        return shown, None

    def unsolved(self, problem, state):
        return "the question was not answered."

    def plan(self, problem, state):
        return next_query(problem.check, state)

