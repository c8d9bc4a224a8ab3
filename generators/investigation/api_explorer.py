"""Answer a question about a hidden REST-like API by listing collections and fetching records."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names

PEOPLE = ("Ada", "Boris", "Cleo", "Dmitri", "Edith", "Felix", "Greta", "Hugo", "Ines", "Jonas", "Karla", "Lionel",
          "Mona", "Nils", "Olga", "Pavel", "Quentin", "Rosa", "Sven", "Tilda", "Ugo", "Vera", "Wanda", "Xavier",
          "Yusuf", "Zora", "Anton", "Bianca", "Casper", "Dora", "Emil", "Frida", "Gideon", "Hanna", "Igor", "Jana",
          "Kurt", "Lena", "Milo", "Nora", "Oskar", "Petra", "Rolf", "Sonja", "Theo", "Ulla", "Viktor", "Wilma",
          "Yannick", "Zelda", "Arno", "Berit", "Cyril", "Delia", "Egon", "Fenna", "Gustav", "Helga", "Ivo", "Jutta")
TEAMS = ("Falcons", "Otters", "Badgers", "Herons", "Lynxes", "Ravens", "Wolves", "Foxes", "Orcas", "Bisons",
         "Cobras", "Eagles", "Geckos", "Ibises", "Jaguars", "Koalas")
PROJECTS = ("Apollo", "Borealis", "Cascade", "Dynamo", "Ember", "Fathom", "Granite", "Horizon", "Indigo", "Juniper",
            "Keystone", "Lumen", "Monsoon", "Nimbus", "Obsidian", "Polaris")
COLLECTIONS = ("users", "teams", "projects")
# the links each kind of record has: field -> the collection it points into
LINKS = {"users": {"team": "teams"}, "teams": {"lead": "users", "project": "projects"},
         "projects": {"sponsor": "users", "owner": "teams"}}
_LIST = re.compile(r"^list\s+([a-z]{1,12})(?:\s+(?:page\s+)?(\d{1,4}))?$", re.IGNORECASE)
_GET = re.compile(r"^get\s+([a-z]{1,12})\s*[/ ]\s*([a-z]\d{1,5})$", re.IGNORECASE)


def record_text(db: dict, collection: str, rid: str) -> str:
    rec = db[collection][rid]
    fields = ", ".join(f"{k} {v}" for k, v in rec.items())
    return f"{collection}/{rid}: {fields}"


@register
class ApiExplorer(TurnBudgetTask):
    """A hidden API serves three collections, users, teams and projects, whose records link to one
    another by id (a user's team; a team's lead and project; a project's sponsor and owner team).
    `list COLLECTION PAGE` shows one page of ids and names; `get COLLECTION ID` shows one record.
    The question starts from a user named in the prompt and follows a path of links (NAME, then
    team, then lead, ...); the agent answers with the name at the end. Higher levels add users
    (more pages), teams and projects, lengthen the path and show fewer entries per page.

    The reference policy pages through users until it finds the named one, then fetches each
    record along the path. The budget is its worst case (the user on the last page) plus the
    slack.
    """

    name = "investigation/api_explorer"
    knobs = (
        Knob("users", [6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 58, 60, 60], (3, len(PEOPLE)),
             doc="user records"),
        Knob("groups", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (2, len(TEAMS)),
             doc="team records, and as many project records"),
        Knob("hops", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12], (1, 30),
             doc="links the question's path follows"),
        Knob("page", [10, 8, 6, 6, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3], (1, 100),
             doc="entries one list page shows"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's worst case"),
    )
    answer_format = "one command per turn: list COLLECTION PAGE, get COLLECTION ID, or answer NAME"
    example = "list users 1"  # a listing never wins
    tools = (Tool("list", "Show one page of a collection's ids and names.", "list {collection} {page}",
                  (Param("collection", "string", "the collection", enum=COLLECTIONS),
                   Param("page", "integer", "the page, from 1"))),
             Tool("get", "Fetch one record by its id.", "get {collection} {id}",
                  (Param("collection", "string", "the collection", enum=COLLECTIONS),
                   Param("id", "string", "the record's id, like u12"))),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        n_users, n_groups = params["users"], params["groups"]
        ids = {c: [f"{c[0]}{k}" for k in rng.sample(range(1, 10 * n_users), n_users if c == "users" else n_groups)]
               for c in COLLECTIONS}
        names = {"users": rng.sample(PEOPLE, n_users), "teams": rng.sample(TEAMS, n_groups),
                 "projects": rng.sample(PROJECTS, n_groups)}
        db = {c: {rid: {"name": name} for rid, name in zip(ids[c], names[c])} for c in COLLECTIONS}
        for c in COLLECTIONS:
            for rid in ids[c]:
                for field, target in LINKS[c].items():
                    db[c][rid][field] = rng.choice(ids[target])
        start = rng.choice(ids["users"])
        path, here, c = [], start, "users"
        for _ in range(params["hops"]):
            field = rng.choice(sorted(LINKS[c]))
            path.append(field)
            here, c = db[c][here][field], LINKS[c][field]
        pages = math.ceil(n_users / params["page"])
        check = {"db": db, "order": ids, "start": db["users"][start]["name"], "path": path,
                 "answer": db[c][here]["name"], "page": params["page"],
                 "budget": pages + 1 + params["hops"] + 1 + params["slack"]}
        walk = " -> ".join([check["start"], *path])
        question = (
            f"A REST-like API is hidden from you. It serves three collections: users ({n_users} records), teams "
            f"({n_groups}) and projects ({n_groups}). Every record has a name and links, by id, to other "
            "records: a user has a team; a team has a lead (a user) and a project; a project has a sponsor (a "
            "user) and an owner (a team).\n"
            f"Start from the user named {check['start']} and follow the links {walk}: each step takes the "
            "named link of the record reached so far. What is the name of the record at the end?\n\n"
            "Commands (one per turn):\n"
            f"  list COLLECTION PAGE   one page of a collection's ids and names ({params['page']} a page), from "
            "page 1\n"
            "  get COLLECTION ID      one record, with its name and links\n"
            "  answer NAME            ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # every user entry on the pages read until the named one, then every record fetched
        check = problem.check
        users = check["order"]["users"]
        at = next(k for k, rid in enumerate(users, 1) if check["db"]["users"][rid]["name"] == check["start"])
        return min(len(users), math.ceil(at / check["page"]) * check["page"]) + len(problem.answer.splitlines())

    def start(self, problem):
        return {"found": {}, "pages": 0, "got": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, [check["answer"].lower()], True, "one name, as answer NAME")
        m = _LIST.match(text)
        if m:
            c = m.group(1).lower()
            if c not in COLLECTIONS:
                return f"There is no collection {c}: use users, teams or projects.", None
            order, size = check["order"][c], check["page"]
            last = max(1, math.ceil(len(order) / size))
            k = int(m.group(2) or 1)
            if not 1 <= k <= last:
                return f"{c} has pages 1 to {last}.", None
            shown = order[(k - 1) * size:k * size]
            if c == "users":
                state["pages"] = max(state["pages"], k)
                for rid in shown:
                    state["found"][check["db"]["users"][rid]["name"]] = rid
            entries = ", ".join(f"{rid} {check['db'][c][rid]['name']}" for rid in shown)
            return f"{c} page {k} of {last}: {entries}", None
        m = _GET.match(text)
        if m:
            c, rid = m.group(1).lower(), m.group(2).lower()
            if c not in COLLECTIONS:
                return f"There is no collection {c}: use users, teams or projects.", None
            if rid not in check["db"][c]:
                return f"404: {c}/{rid} does not exist.", None
            if [c, rid] not in state["got"]:
                state["got"].append([c, rid])
            return record_text(check["db"], c, rid), None
        return "Unknown command: use list COLLECTION PAGE, get COLLECTION ID or answer NAME.", None

    def unsolved(self, problem, state):
        return "the question was not answered."

    def plan(self, problem, state):
        check = problem.check
        rid = state["found"].get(check["start"])
        if rid is None:
            return f"list users {state['pages'] + 1}"
        got = state["got"]
        c = "users"
        for field in [None, *check["path"]]:
            if field is not None:
                rid, c = check["db"][c][rid][field], LINKS[c][field]
            if [c, rid] not in got:
                return f"get {c} {rid}"
        return f"answer {check['db'][c][rid]['name']}"
