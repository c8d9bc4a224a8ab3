"""Find a fact hidden in a generated file system of text notes by listing directories, reading
files and searching them (ls, cat, grep), following a chain of facts across files."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text, judge

FIRST = ("Dana", "Eli", "Mara", "Theo", "Nina", "Omar", "Lia", "Ravi", "Sofia", "Hugo", "Ines", "Paul")
LAST = ("Ruiz", "Kim", "Okafor", "Berg", "Costa", "Novak", "Haddad", "Lund", "Moreau", "Tanaka", "Silva", "Weber",
        "Quinn", "Ferreira", "Abbott", "Sato", "Dube", "Kowalski", "Olsen", "Reyes")
TEAMS = ("Atlas", "Beacon", "Cobalt", "Drift", "Ember", "Fjord", "Garnet", "Helix", "Indigo", "Juno")
FILLER = (
    "Reminder: the printer on the second floor is out of toner.",
    "The budget review has moved to Thursday afternoon.",
    "Please archive old drafts before the end of the quarter.",
    "Coffee machine repairs are scheduled for next week.",
    "The fire drill starts at ten; use the east stairs.",
    "Quarterly figures are due to the board by Friday.",
    "New badges can be collected from reception.",
    "The wiki migration is complete; report broken links.",
    "Parking on level two is closed for cleaning.",
    "Travel requests need two signatures from now on.",
    "The vendor meeting was rescheduled twice this month.",
    "All laptops must be updated before the audit.",
)
TREE = {
    "/finance/invoices/2023": ("batch_a.txt", "batch_b.txt"),
    "/finance/invoices/2024": ("batch_c.txt", "batch_d.txt"),
    "/finance/payments": ("due.txt",),
    "/people/directory": ("a_to_l.txt", "m_to_z.txt"),
    "/people/teams": ("roster.txt", "changes.txt"),
    "/facilities": ("rooms.txt", "notices.txt"),
    "/notes": ("monday.txt", "friday.txt", "misc.txt"),
}


def dirs_of(files: dict) -> list[str]:
    """Every directory of a file system given as {path: [lines]}, the root included, sorted."""
    out = {"/"}
    for path in files:
        parts = path.split("/")[1:-1]
        for i in range(1, len(parts) + 1):
            out.add("/" + "/".join(parts[:i]))
    return sorted(out)


def listing(files: dict, directory: str) -> list[str] | None:
    """The entries of a directory (sub-directories end with '/'), or None when there is none."""
    directory = "/" + directory.strip("/") if directory.strip("/") else "/"
    if directory not in dirs_of(files):
        return None
    prefix = directory.rstrip("/") + "/"
    entries = set()
    for path in files:
        if path.startswith(prefix):
            rest = path[len(prefix):].split("/")
            entries.add(rest[0] + ("/" if len(rest) > 1 else ""))
    return sorted(entries)


def grep(files: dict, pattern: str, directory: str, recursive: bool) -> list[tuple[str, str]] | None:
    """(path, line) for every line containing `pattern` (ignoring case) in the files under
    `directory` (only those directly in it unless `recursive`), in path order; None when the
    directory does not exist."""
    directory = "/" + directory.strip("/") if directory.strip("/") else "/"
    if directory not in dirs_of(files):
        return None
    prefix, needle = directory.rstrip("/") + "/", pattern.lower()
    hits = []
    for path in sorted(files):
        if not path.startswith(prefix) or (not recursive and "/" in path[len(prefix):]):
            continue
        hits += [(path, line) for line in files[path] if needle in line.lower()]
    return hits


# the sentence templates of the fact chain, and how the reference policy reads them back
APPROVED = "Invoice {inv} was approved by {person}."
SUBMITTED = "Invoice {inv} was submitted by {person}."
PAID = "Payment for invoice {inv} is due in {days} days."
EXTENSION = "{person} can be reached on extension {ext}."
MEMBER = "{person} is on the {team} team."
ROOM = "The {team} team sits in room {room}."
REPORTS = "{person} reports to {manager}."  # chains of managers, from hops 4 (past level 10)
READ = {
    "approved": re.compile(r"Invoice (\d+) was approved by ([A-Z][a-z]+ [A-Z][a-z]+)\."),
    "extension": re.compile(r"([A-Z][a-z]+ [A-Z][a-z]+) can be reached on extension (\d+)\."),
    "member": re.compile(r"([A-Z][a-z]+ [A-Z][a-z]+) is on the ([A-Z][a-z]+) team\."),
    "room": re.compile(r"The ([A-Z][a-z]+) team sits in room (\w+)\."),
    "manager": re.compile(r"([A-Z][a-z]+ [A-Z][a-z]+) reports to ([A-Z][a-z]+ [A-Z][a-z]+)\."),
}


RELATED = {"approved": {"finance", "invoices", "2023", "2024"}, "extension": {"people", "directory"},
           "member": {"people", "teams"}, "room": {"facilities"}, "manager": {"people", "directory"}}
GREP_IN = {"approved": {"invoices", "2023", "2024"}, "extension": {"directory"}, "member": {"teams"},
           "room": {"facilities"}, "manager": {"directory"}}


def chain(check: dict) -> list[tuple[str, str]]:
    """The hops of the question: (what fact to read, how it is keyed), in order."""
    hops = check["hops"]
    if hops >= 4:  # up the chain of managers, then the last manager's team and its room
        return [("approved", "invoice")] + [("manager", "person")] * (hops - 3) + [("member", "person"),
                                                                                   ("room", "team")]
    return [("approved", "invoice")] + ([("extension", "person")] if hops == 2 else
                                        [("member", "person"), ("room", "team")] if hops == 3 else [])


def next_command(check: dict, state: dict) -> str:
    """The reference policy. For each hop it searches for the key it knows (the invoice number,
    then the person's full name, then the team) and reads the fact from the matching line. With
    a non-recursive grep, or when a whole-tree grep shows too few of its matches, it lists
    directories (those whose names suit the fact first) and greps them one at a time. It
    answers once the last fact is read."""
    key, value = "invoice", f"invoice {check['invoice']}"
    for fact, _ in chain(check):
        found = None
        for _path, line in state["hits"]:
            m = READ[fact].search(line)
            if not m:
                continue
            if fact == "approved" and m.group(1) == check["invoice"]:
                found = m.group(2)
            elif fact in ("extension", "member", "manager") and m.group(1) == value:
                found = m.group(2)
            elif fact == "room" and m.group(1) == value:
                found = m.group(2)
        pattern = f"{value} team sits" if fact == "room" else f"{value} reports to" if fact == "manager" else value
        if found is None:
            if check["recursive"] and [pattern.lower(), "/"] not in state["searched"]:
                return f"grep {pattern}"
            # not found (or the whole-tree search was cut off by the match limit): explore
            # explore as a person would: directories whose names suit the fact first
            dirs = sorted(state["known_dirs"], key=lambda d: not RELATED[fact] & set(d.split("/")))
            for d in dirs:
                if state["has_files"].get(d) and [pattern.lower(), d] not in state["searched"] \
                        and GREP_IN[fact] & set(d.split("/")):
                    return f"grep {pattern} {d}"
            for d in dirs:
                if d not in state["listed"] and (d == "/" or RELATED[fact] & set(d.split("/"))):
                    return f"ls {d}"
            for d in dirs:
                if d not in state["listed"]:
                    return f"ls {d}"
            for d in dirs:
                if state["has_files"].get(d) and [pattern.lower(), d] not in state["searched"]:
                    return f"grep {pattern} {d}"
            return f"grep {pattern}"  # unreachable with a consistent file system
        value, key = found, fact
    return f"answer {value}"


def build_files(rng, hops: int, n_distractors: int, fillers: int) -> tuple[dict, dict]:
    """The file system ({path: [lines]}) and the question's facts."""
    people = [f"{f} {l}" for f, l in zip((rng.choice(FIRST) for _ in LAST), rng.sample(LAST, len(LAST)))]
    people = people[:n_distractors + 3]
    teams = rng.sample(TEAMS, min(len(TEAMS), 2 + n_distractors // 2))
    invoices = [str(x) for x in rng.sample(range(1000, 10000), n_distractors + 2)]
    target, inv = people[0], invoices[0]
    team_of = {p: rng.choice(teams) for p in people}
    rooms = {t: f"{rng.randrange(1, 6)}{'ABCDEF'[i % 6]}" for i, t in enumerate(teams)}
    ext = {p: str(x) for p, x in zip(people, rng.sample(range(100, 1000), len(people)))}
    lines: dict[str, list[str]] = {}

    def put(directory, text):
        name = rng.choice(TREE[directory])
        lines.setdefault(f"{directory}/{name}", []).append(text)

    inv_dirs = ("/finance/invoices/2023", "/finance/invoices/2024")
    put(rng.choice(inv_dirs), APPROVED.format(inv=inv, person=target))
    for other in invoices[1:]:
        put(rng.choice(inv_dirs), APPROVED.format(inv=other, person=rng.choice(people[1:])))
    # near misses about the same invoice and the same person
    put(rng.choice(inv_dirs), SUBMITTED.format(inv=inv, person=rng.choice(people[1:])))
    if n_distractors >= 2:
        put("/finance/payments", PAID.format(inv=inv, days=rng.randrange(10, 60)))
    for p in people:
        directory = "/people/directory"
        if p == target or rng.random() < 0.8:
            put(directory, EXTENSION.format(person=p, ext=ext[p]))
        if p == target or rng.random() < 0.8:
            put("/people/teams", MEMBER.format(person=p, team=team_of[p]))
    for t in teams:
        put("/facilities", ROOM.format(team=t, room=rooms[t]))
    for _ in range(n_distractors):
        put("/notes", f"{rng.choice(people)} asked about invoice {rng.choice(invoices[1:])} in the meeting.")
    for _ in range(fillers):
        put(rng.choice(sorted(TREE)), rng.choice(FILLER))
    last = target
    if hops >= 4:  # (drawn only here, so that hops 1-3 draw as before) everyone reports to someone
        boss = [target]
        for _ in range(hops - 3):  # the chain of managers never comes back to someone on it
            boss.append(rng.choice([p for p in people if p not in boss]))
        manager = {p: rng.choice([q for q in people if q != p]) for p in people}
        manager.update(zip(boss, boss[1:]))
        for p in people:
            if p in boss[:-1] or rng.random() < 0.8:
                put("/people/directory", REPORTS.format(person=p, manager=manager[p]))
        last = boss[-1]
        # the last manager's team must be on file (the loop above left out about one in five)
        membership = MEMBER.format(person=last, team=team_of[last])
        if not any(membership in lines.get(f"/people/teams/{name}", []) for name in TREE["/people/teams"]):
            put("/people/teams", membership)
    for path in lines:
        rng.shuffle(lines[path])
    answer = target if hops == 1 else ext[target] if hops == 2 else rooms[team_of[last]]
    return lines, {"invoice": inv, "answer": answer}


def grep_call(text: str) -> dict | None:
    """The grep tool's arguments for grep TEXT [DIR], read as the command reads it (a last word that
    starts with / is the directory; without one the search covers /); None for another command."""
    command, _, rest = text.partition(" ")
    rest = rest.strip()
    if command.lower() != "grep" or not rest:
        return None
    head, _, last = rest.rpartition(" ")
    if head and last.startswith("/"):
        return {"text": head.strip(), "directory": last}
    return {"text": rest, "directory": "/"}


QUESTIONS = {
    1: "Who approved invoice {inv}? Give the person's full name.",
    2: "What is the phone extension of the person who approved invoice {inv}?",
    3: "In which room does the team of the person who approved invoice {inv} sit?",
    **{hops: "In which room does the team of " + "the manager of " * (hops - 3) + "the person who approved invoice "
             "{inv} sit? (Each person's manager is the person they report to.)" for hops in range(4, 7)},
}


@register
class FileSearch(TurnBudgetTask):
    """A file system of office notes is hidden; the prompt asks a question whose answer is a chain
    of facts spread over files (who approved an invoice; that person's extension; their team and
    the team's room). The agent explores with ls DIR, cat FILE and grep TEXT [DIR] and answers
    with answer VALUE (one answer; a wrong one loses). Higher levels lengthen the chain (`hops`),
    add distractor facts (other invoices, the same invoice submitted by someone else, people who
    share a first name, meeting notes) and filler lines, cap the matches grep shows, make grep
    search only the files directly in a directory (levels 6+, so the tree must be explored), and
    leave fewer spare turns.

    The reference policy searches for what it knows at each hop and reads the next key from the
    matching line (see `next_command`); the expected answer is the generator's own fact chain.
    Generation replays that policy to size the turn budget, so level 10 runs at about 600
    problems/s (level 5 above 1,000).
    """

    name = "investigation/file_search"
    knobs = (
        Knob("hops", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6], (1, 6),
             doc="facts chained to reach the answer (from 4: through the approver's chain of managers)"),
        # at most len(LAST) - 3: the target and distractor people all have different surnames
        Knob("distractors", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 12, 12, 13, 13, 14, 15, 16, 17], (0, len(LAST) - 3),
             doc="distractor people, invoices and notes"),
        Knob("fillers", [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44, 48], (0, 60),
             doc="filler lines across the files"),
        Knob("grep_limit", [20, 15, 12, 10, 8, 8, 6, 6, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4], (4, 100),
             doc="matching lines grep shows at most"),
        Knob("recursive", [True, True, True, True, True, False, False, False, False, False] + [False] * 10,
             doc="whether grep searches sub-directories too"),
        Knob("slack", [8, 7, 6, 6, 5, 6, 5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0], (0, 50),
             doc="spare turns beyond the reference plan"),
    )
    answer_format = "one command per turn: ls DIR, cat FILE, grep TEXT [DIR], or answer VALUE"
    example = "grep budget /notes"
    tools = (Tool("ls", "List a directory.", "ls {directory}", (Param("directory", "string", "a path, e.g. /notes"),)),
             Tool("cat", "Print a file.", "cat {path}",
                  (Param("path", "string", "a file's path, e.g. /notes/misc.txt"),)),
             Tool("grep", "Search the files under a directory for lines containing some text.",
                  "grep {text} {directory}",
                  (Param("text", "string", "the text to search for (case does not matter)"),
                   Param("directory", "string", "the directory to search, / for everything")),
                  parse=grep_call),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"

    def build(self, rng, params):
        files, facts = build_files(rng, params["hops"], params["distractors"], params["fillers"])
        check = {"files": files, "hops": params["hops"], "invoice": facts["invoice"], "answer": facts["answer"],
                 "grep_limit": params["grep_limit"], "recursive": params["recursive"], "budget": 10**6}
        line = self.reference_line(check)
        check["budget"] = len(line) + params["slack"]
        scope = ("all files under DIR, sub-directories included" if params["recursive"] else
                 "only the files directly in DIR, not in its sub-directories")
        question = (
            "You are at a terminal on an office file server. Directories start at / and paths are absolute "
            "(e.g. /notes/misc.txt).\n\n"
            f"Question: {QUESTIONS[params['hops']].format(inv=facts['invoice'])}\n\n"
            "Commands (one per turn):\n"
            "  ls DIR          list a directory (sub-directories end with /; ls alone lists /)\n"
            "  cat FILE        show a file\n"
            f"  grep TEXT [DIR] lines containing TEXT (ignoring case) in {scope} (DIR defaults to /); "
            "TEXT is the rest of the command and may contain spaces\n"
            "  answer VALUE    ends the game: you get one answer\n"
            f"grep shows at most {params['grep_limit']} matching lines. Every command, valid or not, uses a "
            f"turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(line), check)  # a query never wins

    def effort(self, problem):
        # the reference's commands, and every line of output it reads (listings and matches)
        state, work = self.initial_state(problem), 0
        for command in problem.answer.split("\n"):
            observation, _, _ = self.transition(problem, state, command)
            work += 1 + observation.count("\n")
        return work

    def start(self, problem):
        return {"hits": [], "listed": [], "known_dirs": ["/"], "has_files": {}, "searched": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge(check["answer"], given)
        files = check["files"]
        command, _, rest = text.partition(" ")
        command, rest = command.lower(), rest.strip()
        if command in ("ls", "dir"):
            directory = rest or "/"
            entries = listing(files, directory)
            if entries is None:
                return f"ls: {directory}: no such directory.", None
            canon = "/" + directory.strip("/") if directory.strip("/") else "/"
            if canon not in state["listed"]:
                state["listed"].append(canon)
            base = canon.rstrip("/")
            for e in entries:
                if e.endswith("/") and f"{base}/{e[:-1]}" not in state["known_dirs"]:
                    state["known_dirs"].append(f"{base}/{e[:-1]}")
            state["has_files"][canon] = any(not e.endswith("/") for e in entries)
            return f"{canon}:\n" + "\n".join(f"  {e}" for e in entries), None
        if command in ("cat", "more", "less", "type"):
            path = "/" + rest.strip("/")
            if not rest:
                return "cat needs a file: cat /notes/misc.txt.", None
            if path not in files:
                what = "is a directory" if listing(files, path) is not None else "no such file"
                return f"cat: {path}: {what}.", None
            state["hits"] += [[path, line] for line in files[path]]
            return f"{path}:\n" + "\n".join(files[path]), None
        if command == "grep":
            if not rest:
                return "grep needs text to search for: grep TEXT [DIR].", None
            pattern, directory = rest, "/"
            head, _, last = rest.rpartition(" ")
            if head and last.startswith("/"):
                pattern, directory = head.strip(), last
            pattern = pattern.strip("'\"")
            hits = grep(files, pattern, directory, check["recursive"])
            if hits is None:
                return f"grep: {directory}: no such directory.", None
            canon = "/" + directory.strip("/") if directory.strip("/") else "/"
            if [pattern.lower(), canon] not in state["searched"]:
                state["searched"].append([pattern.lower(), canon])
            shown = hits[:check["grep_limit"]]
            state["hits"] += [[p, line] for p, line in shown]
            if not hits:
                return f"grep {pattern!r} in {canon}: no matches.", None
            out = [f"{p}: {line}" for p, line in shown]
            if len(hits) > len(shown):
                out.append(f"... {len(hits) - len(shown)} more matches not shown (search for longer text or in a "
                           f"narrower directory)")
            return "\n".join(out), None
        return f"Unknown command {command!r}: use ls, cat, grep or answer.", None

    def unsolved(self, problem, state):
        return "the question was not answered."

    def plan(self, problem, state):
        return next_command(problem.check, state)
