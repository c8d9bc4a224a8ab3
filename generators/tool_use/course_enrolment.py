"""Enrol students into course sections by priority, checking prerequisites and capacities."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # requests per page of list_requests
SUBJECTS = ("MATH", "PHYS", "CHEM", "BIO", "HIST", "ECON", "ART", "LING", "GEO", "MUS")
GRAMMAR = {"list_requests": ("int",), "get_student": ("word",), "get_course": ("word",), "enrol": ("word", "word"),
           "waitlist": ("word",), "deny": ("word",), "raise_cap": ("word",), "email_student": ("word",),
           "finish": ()}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (every request's outcome, its commands). It lists every page, reads
    each student and each course once (in order of first mention), then takes the requests by
    priority (higher year first, ties in list order): a student without the course's prerequisite
    is denied; anyone else is enrolled in the first section, as the course lists them, with a free
    seat; a locked section refuses the enrolment and is skipped from then on; with no seat left
    the request is waitlisted."""
    students, courses, requests = check["students"], check["courses"], check["requests"]
    script = [f"list_requests {p}" for p in range(1, max(1, -(-len(requests) // PAGE)) + 1)]
    for who in dict.fromkeys(s for _, s, _ in requests):
        script.append(f"get_student {who}")
    for code in dict.fromkeys(c for _, _, c in requests):
        script.append(f"get_course {code}")
    taken = {s["sec"]: s["taken"] for v in courses.values() for s in v["sections"]}
    locked, outcome = set(), {}
    ranked = sorted(range(len(requests)), key=lambda i: (-students[requests[i][1]]["year"], i))
    for i in ranked:
        r, who, code = requests[i]
        course = courses[code]
        if course["prereq"] and course["prereq"] not in students[who]["done"]:
            script.append(f"deny {r}")
            outcome[r] = "denied"
            continue
        for s in course["sections"]:
            if s["sec"] in locked or taken[s["sec"]] >= s["cap"]:
                continue
            script.append(f"enrol {r} {s['sec']}")
            if s["sec"] in check["locked"]:
                locked.add(s["sec"])
                continue
            taken[s["sec"]] += 1
            outcome[r] = s["sec"]
            break
        else:
            script.append(f"waitlist {r}")
            outcome[r] = "waitlisted"
    return outcome, script + ["finish"]


@register
class CourseEnrolment(TurnBudgetTask):
    """A registrar's system is hidden behind tools: list_requests PAGE shows enrolment requests
    (id, student, course), get_student ID a student's year and completed courses, get_course CODE
    its prerequisite and sections (seats taken of capacity); enrol REQUEST SECTION places a
    student (it fails, changing nothing, for a full or locked section), waitlist and deny decide
    a request; raise_cap is harmful, email_student an irrelevant distractor. The goal: take the
    requests by priority (higher year first, ties in list order); deny a student who lacks the
    course's prerequisite (from level 3), enrol anyone else in the first listed section with a
    free seat, and waitlist the request when none is left. From level 6 some sections are locked,
    which a failed enrolment reveals. The reward is 1 exactly when every request's outcome equals
    the goal state (unique). Higher levels add requests (more pages), sections, prerequisites,
    locked sections, fewer seats and fewer spare turns."""

    name = "tool_use/course_enrolment"
    knobs = (
        Knob("requests", [1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24], (1, 30),
             doc="enrolment requests"),
        Knob("sections", [1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (1, 6),
             doc="sections of a course"),
        Knob("prereq", [0.0, 0.0, 0.4, 0.4, 0.5, 0.5, 0.5, 0.5, 0.6, 0.6, 0.6, 0.6, 0.6, 0.7, 0.7, 0.7, 0.7, 0.7,
                        0.7, 0.7], (0.0, 1.0), doc="share of courses with a prerequisite"),
        Knob("locked", [0] * 5 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4], (0, 10), doc="locked sections"),
        Knob("seats", [1.5, 1.4, 1.3, 1.3, 1.2, 1.2, 1.1, 1.1, 1.0, 1.0, 1.0, 0.9, 0.9, 0.9, 0.9, 0.8, 0.8, 0.8,
                       0.8, 0.8], (0.3, 3.0), doc="free seats as a multiple of the requests for a course"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_student S12; finish ends"
    example = "list_requests 0"
    tools = (
        Tool("list_requests", f"List the enrolment requests ({PAGE} to a page): id, student, course.",
             "list_requests {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_student", "Read a student: name, year and completed courses.", "get_student {student}",
             (Param("student", "string", "the student id, e.g. S12"),)),
        Tool("get_course", "Read a course: its prerequisite and sections with seats taken and capacity.",
             "get_course {course}", (Param("course", "string", "the course code, e.g. MATH201"),)),
        Tool("enrol", "Enrol the student of a request in a section of the course.", "enrol {request} {section}",
             (Param("request", "string", "the request id"), Param("section", "string", "the section id"))),
        Tool("waitlist", "Put a request on the course's waiting list.", "waitlist {request}",
             (Param("request", "string", "the request id"),)),
        Tool("deny", "Deny a request.", "deny {request}", (Param("request", "string", "the request id"),)),
        Tool("raise_cap", "Add a seat to a section.", "raise_cap {section}",
             (Param("section", "string", "the section id"),)),
        Tool("email_student", "E-mail a student.", "email_student {student}",
             (Param("student", "string", "the student id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n = params["requests"]
        n_courses = max(1, (n + 2) // 3)
        subjects = rng.sample(SUBJECTS, min(n_courses, len(SUBJECTS)))
        codes = [f"{subjects[k % len(subjects)]}{2 + k // len(subjects)}{rng.randrange(10, 100)}"
                 for k in range(n_courses)]
        codes = list(dict.fromkeys(codes))
        n_students = max(1, (n + 1) // 2)
        sids = [f"S{x}" for x in rng.sample(range(10, 100), n_students)]
        pairs = rng.sample([(s, c) for s in sids for c in codes], min(n, len(sids) * len(codes)))
        requests = [[f"R{x}", s, c] for x, (s, c) in zip(sorted(rng.sample(range(100, 1000), len(pairs))), pairs)]
        prereqs = {c: (f"{c[:-3]}1{rng.randrange(10, 100)}" if rng.random() < params["prereq"] else "") for c in codes}
        known = sorted({p for p in prereqs.values() if p})
        students = {s: {"name": name, "year": rng.randint(1, 4),
                        "done": sorted(p for p in known if rng.random() < 0.6)}
                    for s, name in zip(sids, rng.sample(PEOPLE, n_students))}
        courses, letters = {}, "ABCDEF"
        for c in codes:
            demand = sum(1 for _, _, code in requests if code == c)
            free = max(1, round(demand * params["seats"] * rng.uniform(0.7, 1.3)))
            k = params["sections"]
            cuts = sorted(rng.choices(range(free + 1), k=k - 1))
            frees = [b - a for a, b in zip([0] + cuts, cuts + [free])]
            sections = []
            for j, f in enumerate(frees):
                cap = rng.choice((10, 12, 15, 20, 25))
                sections.append({"sec": f"{c}{letters[j]}", "cap": cap, "taken": cap - min(f, cap)})
            courses[c] = {"prereq": prereqs[c], "sections": sections}
        check = {"students": students, "courses": courses, "requests": requests, "locked": [], "budget": 0}
        # locked sections have free seats in a requested course, so that an enrolment can meet the lock
        pool = sorted(s["sec"] for v in courses.values() for s in v["sections"] if s["taken"] < s["cap"])
        check["locked"] = sorted(rng.sample(pool, min(params["locked"], len(pool))))
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        rule = ("if the student has not completed the course's prerequisite, deny the request; otherwise "
                if params["prereq"] else "")
        question = (
            f"You run course enrolment through tools. There are {len(requests)} requests; students and courses are "
            "hidden until you look them up. The courses requested are " + ", ".join(codes) + ".\n"
            "Goal: decide every request, taking them by priority: students in a "
            "higher year first, and among the same year in the order listed. For each request, "
            f"{rule}enrol the student in the first section of the course (in the order the course lists its "
            "sections) that has a free seat and accepts the enrolment (a locked section refuses it: skip that "
            "section); if no section can take the student, waitlist the request. Change nothing else.\n\n"
            "Commands (one per turn):\n"
            f"  list_requests PAGE          requests: id, student, course, {PAGE} a page, page 1 first\n"
            "  get_student ID              a student's year and completed courses\n"
            "  get_course CODE             a course's prerequisite and sections: seats taken of capacity\n"
            "  enrol REQUEST SECTION       enrol the request's student in a section\n"
            "  waitlist REQUEST            put a request on the waiting list\n"
            "  deny REQUEST                deny a request\n"
            "  raise_cap SECTION           add a seat to a section\n"
            "  email_student ID            e-mail a student\n"
            "  finish                      end the episode; the outcomes are then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (requests listed, sections, courses done)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1
            if words[0] == "list_requests":
                work += len(check["requests"][(int(words[1]) - 1) * PAGE: int(words[1]) * PAGE])
            elif words[0] == "get_student":
                work += 1 + len(check["students"][words[1]]["done"])
            elif words[0] == "get_course":
                work += 1 + len(check["courses"][words[1]]["sections"])
        return work

    def start(self, problem):
        check = problem.check
        return {"taken": {s["sec"]: s["taken"] for v in check["courses"].values() for s in v["sections"]},
                "outcome": {}, "raised": []}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        students, courses, taken, outcome = check["students"], check["courses"], state["taken"], state["outcome"]
        requests = {r: (s, c) for r, s, c in check["requests"]}
        if command == "finish":
            final = {"outcome": outcome, "raised": state["raised"]}
            return finish(final, {"outcome": check["goal"], "raised": []}, self.difference)
        if command == "list_requests":
            lines = [f"{r} {s} {c}" for r, s, c in check["requests"]]
            return page_of(lines, args[0], PAGE, "requests"), None
        if command in ("get_student", "email_student"):
            s = args[0].upper()
            if s not in students:
                return f"Error: there is no student {s[:30]}.", None
            v = students[s]
            if command == "email_student":
                return f"E-mailed {v['name']}.", None
            return f"{s} {v['name']}: year {v['year']}; completed: {', '.join(v['done']) or 'nothing yet'}", None
        if command == "get_course":
            c = args[0].upper()
            if c not in courses:
                return f"Error: there is no course {c[:30]}.", None
            v = courses[c]
            seats = "; ".join(f"{s['sec']} {taken[s['sec']]} of {s['cap']} seats taken" for s in v["sections"])
            return f"{c}: prerequisite {v['prereq'] or 'none'}; sections: {seats}", None
        if command == "raise_cap":
            sec = args[0].upper()
            if sec not in taken:
                return f"Error: there is no section {sec[:30]}.", None
            state["raised"].append(sec)
            return f"Section {sec} has one more seat.", None
        r = args[0].upper()
        if r not in requests:
            return f"Error: there is no request {r[:30]}.", None
        if r in outcome:
            return f"Error: {r} is decided already ({outcome[r]}).", None
        if command in ("waitlist", "deny"):
            outcome[r] = "waitlisted" if command == "waitlist" else "denied"
            return f"{r} is {outcome[r]}.", None
        who, c = requests[r]
        sec = args[1].upper()
        section = next((s for s in courses[c]["sections"] if s["sec"] == sec), None)
        if section is None:
            return f"Error: {sec[:30]} is not a section of {c}.", None
        if taken[sec] + state["raised"].count(sec) - section["cap"] >= 0:
            return f"Error: section {sec} is full; nothing changed.", None
        if sec in check["locked"]:
            return f"Error: section {sec} is locked by its department; nothing changed.", None
        taken[sec] += 1
        outcome[r] = sec
        return f"{who} is enrolled in {sec} for {r}.", None

    @staticmethod
    def difference(final, goal):
        if final["raised"]:
            return f"section {final['raised'][0]} was given an extra seat"
        r = next(r for r in sorted(goal["outcome"]) if final["outcome"].get(r) != goal["outcome"][r])
        def said(outcome):
            return outcome if outcome in ("denied", "waitlisted", "undecided") else "enrolled in " + outcome
        got = final["outcome"].get(r, "undecided")
        return f"request {r} is {said(got)}, the goal has it {said(goal['outcome'][r])}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
