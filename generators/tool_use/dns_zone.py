"""Edit a hidden DNS zone's records until it says what a list of changes asks."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import CommandError, FINISH_TOOL, finish, page_of, read_command, replayed_effort

PAGE = 8  # records per page of list_records
NAMES = ("www", "api", "mail", "shop", "blog", "cdn", "vpn", "docs", "status", "git", "ftp", "app", "dev", "img",
         "auth", "pay", "news", "help", "beta", "edge")
TYPES = ("A", "CNAME", "TXT")
GRAMMAR = {"list_records": ("int",), "get_record": ("word",), "add_record": ("word", "word", "word"),
           "update_record": ("word", "word"), "delete_record": ("word",), "get_ttl": ("word",), "finish": ()}


def view(records: dict) -> list:
    return sorted([r["name"], r["type"], r["value"]] for r in records.values())


def clause_text(c: dict) -> str:
    if c["kind"] == "same_as":
        return f"{c['name']} must have exactly one record: an A record with the address {c['src']} has now"
    if c["kind"] == "alias":
        return f"{c['name']} must have exactly one record: a CNAME to {c['target']}"
    if c["kind"] == "migrate":
        return f"every A record with the address {c['old']} must point to {c['new']} instead"
    return f"{c['name']} must have no TXT records"


def solve(check: dict) -> tuple[list, list[str]]:
    """The reference solver: (the final records, its commands). It lists every page, reads the
    value of every A record (addresses are hidden in the listing), then applies the changes in
    order on what it read: a name that must hold a single record loses its other records first
    (an A or CNAME beside a CNAME is refused), keeping and updating an A record where one can
    stay; a migration updates each A record at the old address; TXT records are deleted."""
    records = {k: dict(v) for k, v in check["records"].items()}
    script = [f"list_records {p}" for p in range(1, max(1, -(-len(records) // PAGE)) + 1)]
    script += [f"get_record {k}" for k in sorted(records) if records[k]["type"] == "A"]
    fresh = iter(range(1, 100))
    for c in check["clauses"]:
        if c["kind"] == "migrate":
            for k in sorted(records):
                if records[k]["type"] == "A" and records[k]["value"] == c["old"]:
                    script.append(f"update_record {k} {c['new']}")
                    records[k]["value"] = c["new"]
            continue
        if c["kind"] == "drop_txt":
            for k in sorted(records):
                if records[k]["name"] == c["name"] and records[k]["type"] == "TXT":
                    script.append(f"delete_record {k}")
                    del records[k]
            continue
        if c["kind"] == "same_as":
            want = ("A", next(r["value"] for r in records.values() if r["name"] == c["src"] and r["type"] == "A"))
        else:
            want = ("CNAME", c["target"])
        mine = sorted(k for k in records if records[k]["name"] == c["name"])
        keep = next((k for k in mine if records[k]["type"] == want[0]), None)
        for k in mine:
            if k != keep:
                script.append(f"delete_record {k}")
                del records[k]
        if keep is None:
            script.append(f"add_record {c['name']} {want[0]} {want[1]}")
            # the id the zone gives an added record: N1, N2, ... in the order they are added
            records[f"N{next(fresh)}"] = {"name": c["name"], "type": want[0], "value": want[1]}
        elif records[keep]["value"] != want[1]:
            script.append(f"update_record {keep} {want[1]}")
            records[keep]["value"] = want[1]
    return view(records), script + ["finish"]


def make_zone(rng, n: int, cname_share: float) -> dict:
    """Records over a few names: A records (some names with two), CNAMEs alone on their names, TXT."""
    records, ids = {}, iter(rng.sample(range(100, 1000), n + 5))
    addresses = [f"10.0.{rng.randrange(1, 9)}.{x}" for x in rng.sample(range(2, 250), max(3, n // 3))]
    names = rng.sample(NAMES, min(len(NAMES), max(3, n * 2 // 3)))
    for name in names:
        if len(records) >= n:
            break
        if rng.random() < cname_share:
            target = rng.choice([m for m in names if m != name])
            records[f"R{next(ids)}"] = {"name": name, "type": "CNAME", "value": f"{target}.example.com"}
            continue
        for _ in range(rng.choice((1, 1, 2))):
            records[f"R{next(ids)}"] = {"name": name, "type": "A", "value": rng.choice(addresses)}
        if rng.random() < 0.4:
            records[f"R{next(ids)}"] = {"name": name, "type": "TXT", "value": rng.choice(("v=spf1", "owner=ops",
                                                                                        "verify=42", "team=web"))}
    return records


@register
class DnsZone(TurnBudgetTask):
    """A DNS zone is hidden behind tools: list_records PAGE shows record ids, names and types (no
    values), get_record ID one record's value; add_record NAME TYPE VALUE, update_record ID VALUE
    and delete_record ID change it; a CNAME must be alone on its name, so adding an A record
    beside a CNAME, or a CNAME beside anything, fails and changes nothing; get_ttl is an
    irrelevant distractor. The goal is a list of changes applied in order: give a name exactly one
    A record with the address another name has now (which must be read first), make a name a
    CNAME alone (from level 3), migrate every A record at one address to another (from level 5),
    drop a name's TXT records (from level 7). The reward is 1 exactly when the zone's records
    (name, type, value) equal the goal state (unique; ids do not count). Higher levels add
    records, changes, CNAMEs in the way and fewer spare turns."""

    name = "tool_use/dns_zone"
    knobs = (
        Knob("records", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30], (3, 40),
             doc="records in the zone"),
        Knob("changes", [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7], (1, 10),
             doc="changes the goal lists"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="kinds of change drawn from (same address, alias, migrate, drop TXT)"),
        Knob("cnames", [0.0, 0.1, 0.15, 0.2, 0.2, 0.25, 0.25, 0.25, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3,
                        0.3, 0.3, 0.3], (0.0, 0.6), doc="share of names that are CNAMEs"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_record R123; finish ends"
    example = "get_ttl www"
    tools = (
        Tool("list_records", f"List the zone's records ({PAGE} to a page): id, name, type; no values.",
             "list_records {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_record", "Read one record, its value included.", "get_record {record}",
             (Param("record", "string", "the record id, e.g. R123"),)),
        Tool("add_record", "Add a record; a CNAME must be alone on its name.", "add_record {name} {type} {value}",
             (Param("name", "string", "the name, e.g. www"), Param("type", "string", "the type", enum=TYPES),
              Param("value", "string", "an address for A, a host name for CNAME, one word for TXT"))),
        Tool("update_record", "Change a record's value.", "update_record {record} {value}",
             (Param("record", "string", "the record id"), Param("value", "string", "the new value"))),
        Tool("delete_record", "Delete a record.", "delete_record {record}",
             (Param("record", "string", "the record id"),)),
        Tool("get_ttl", "Read a name's time to live.", "get_ttl {name}", (Param("name", "string", "the name"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        records = make_zone(rng, params["records"], params["cnames"])
        kinds = ("same_as", "alias", "migrate", "drop_txt")[:params["kinds"]]
        names = sorted({r["name"] for r in records.values()})
        a_names = sorted({r["name"] for r in records.values() if r["type"] == "A"})
        txt_names = sorted({r["name"] for r in records.values() if r["type"] == "TXT"})
        clauses, used = [], set()
        for _ in range(params["changes"]):
            kind = rng.choice(kinds)
            addresses = sorted({r["value"] for r in records.values() if r["type"] == "A"})
            if kind == "migrate" and not addresses:  # nothing to migrate: a name becomes an alias instead
                kind = "alias"
            free = [m for m in names if m not in used]
            if kind == "drop_txt" and [m for m in txt_names if m not in used]:
                name = rng.choice([m for m in txt_names if m not in used])
                clauses.append({"kind": kind, "name": name})
                used.add(name)
            elif kind == "migrate":
                old = rng.choice(addresses)
                clauses.append({"kind": kind, "old": old, "new": f"10.9.{rng.randrange(1, 9)}.{rng.randrange(2, 250)}"})
            elif kind == "alias" and len(free) >= 1:
                name = rng.choice(free)
                target = rng.choice([m for m in NAMES if m != name])
                clauses.append({"kind": kind, "name": name, "target": f"{target}.example.com"})
                used.add(name)
            else:  # same_as: the source keeps its own records and its single A address
                srcs = [m for m in a_names if m not in used and
                        sum(r["name"] == m and r["type"] == "A" for r in records.values()) == 1]
                free = [m for m in free if m not in srcs[:1]] if srcs else []
                if not srcs or not free:
                    continue
                src = rng.choice(srcs)
                name = rng.choice([m for m in free if m != src] or NAMES[-1:])
                clauses.append({"kind": "same_as", "name": name, "src": src})
                used |= {name, src}
        if not clauses:  # the goal must ask for something: a name becomes a CNAME
            clauses.append({"kind": "alias", "name": names[0], "target": "edge.example.com"})
        check = {"records": records, "clauses": clauses, "budget": 0}
        goal, script = solve(check)
        if goal == view(records):  # every change was already true: add one that is not
            fresh = next(m for m in NAMES if m not in names)
            clauses.append({"kind": "alias", "name": fresh, "target": f"{names[0]}.example.com"})
            goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        lines = "\n".join(f"  {k + 1}. {clause_text(c)}" for k, c in enumerate(clauses))
        question = (
            f"You manage the DNS zone example.com through tools. It holds {len(records)} records (names like www "
            "stand for www.example.com); their values are hidden until you read them.\n"
            f"Goal: make these changes, in this order (a change is about the zone as the changes before it left it):\n"
            f"{lines}\n"
            "A CNAME record must be the only record of its name. Change nothing else.\n\n"
            "Commands (one per turn):\n"
            f"  list_records PAGE            id, name and type, {PAGE} records a page, page 1 first\n"
            "  get_record ID                one record with its value\n"
            "  add_record NAME TYPE VALUE   add a record (TYPE: A, CNAME or TXT)\n"
            "  update_record ID VALUE       change a record's value\n"
            "  delete_record ID             delete a record\n"
            "  get_ttl NAME                 a name's time to live\n"
            "  finish                       end the episode; the zone is then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (listed and read)
        return replayed_effort(self, problem, {"list_records": 0})

    def start(self, problem):
        return {"records": {k: dict(v) for k, v in problem.check["records"].items()}, "next_id": 0}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        records = state["records"]
        if command == "finish":
            return finish(view(records), check["goal"], self.difference)
        if command == "list_records":
            lines = [f"{k} {records[k]['name']} {records[k]['type']}" for k in sorted(records)]
            if not lines:
                return "The zone holds no records.", None
            return page_of(lines, args[0], PAGE, "records"), None
        if command == "get_ttl":
            return f"{args[0].lower()[:30]}: TTL 3600 seconds", None
        if command == "add_record":
            name, kind, value = args[0].lower(), args[1].upper(), args[2].lower()
            if kind not in TYPES:
                return f"Error: {kind[:10]} is not a record type (A, CNAME, TXT).", None
            if not name.isalpha():
                return f"Error: {name[:30]} is not a name like www.", None
            mine = [r for r in records.values() if r["name"] == name]
            if kind == "CNAME" and mine:
                return f"Error: {name} already has records; a CNAME must be alone on its name. Nothing added.", None
            if any(r["type"] == "CNAME" for r in mine):
                return f"Error: {name} has a CNAME, which must stay alone on its name. Nothing added.", None
            state["next_id"] += 1
            rid = f"N{state['next_id']}"
            records[rid] = {"name": name, "type": kind, "value": value}
            return f"Added {rid}: {name} {kind} {value}.", None
        rid = args[0].upper()
        if rid not in records:
            return f"Error: there is no record {rid[:30]}.", None
        r = records[rid]
        if command == "get_record":
            return f"{rid}: {r['name']} {r['type']} {r['value']}", None
        if command == "update_record":
            r["value"] = args[1].lower()
            return f"{rid} is now {r['name']} {r['type']} {r['value']}.", None
        del records[rid]
        return f"Deleted {rid}.", None

    @staticmethod
    def difference(final, goal):
        extra = [r for r in final if r not in goal]
        if extra:
            return f"the zone holds {' '.join(extra[0])}, which the goal does not"
        return f"the goal holds {' '.join(next(r for r in goal if r not in final))}, which the zone does not"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
