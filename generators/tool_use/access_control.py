"""Set the permissions on hidden resources to exactly what a group's membership calls for."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, read_command
from ._names import PEOPLE

GROUPS = ("eng", "ops", "sales", "design", "finance", "interns", "leads", "oncall", "legal", "support", "qa",
          "data")
RESOURCES = ("wiki", "repo", "billing", "dashboards", "vault", "crm", "backups", "payroll")
PERMS = ("read", "write", "admin")
GRAMMAR = {"list_groups": (), "get_group": ("word",), "get_acl": ("word",), "grant": ("word", "word", "word"),
           "revoke": ("word", "word"), "suspend_user": ("word",), "list_resources": (), "finish": ()}


def members(groups: dict, group: str) -> list[str]:
    """Every user in `group`, directly or through the groups inside it (the nesting is a tree)."""
    out, stack = set(), [group]
    while stack:
        g = stack.pop()
        out |= set(groups[g]["users"])
        stack += groups[g]["groups"]
    return sorted(out)


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final access lists, its commands). For each clause it reads the
    resource's access list and the group (and every group inside it), grants the permission to
    each member who does not hold exactly it (a grant to a suspended user fails and is not tried
    again), revokes everyone else but the owner, then finishes."""
    groups, acl = check["groups"], {r: dict(a) for r, a in check["acl"].items()}
    script, read, suspended = [], set(), set()
    for c in check["clauses"]:
        res, perm = c["resource"], c["perm"]
        script.append(f"get_acl {res}")
        stack = [c["group"]]
        while stack:
            g = stack.pop(0)
            if g not in read:
                read.add(g)
                script.append(f"get_group {g}")
            stack += groups[g]["groups"]
        want = set(members(groups, c["group"]))
        for user in sorted(want):
            if acl[res].get(user) == perm or user in suspended or user == check["owner"][res]:
                continue
            script.append(f"grant {res} {user} {perm}")
            if user in check["suspended"]:
                suspended.add(user)
            else:
                acl[res][user] = perm
        for user in sorted(acl[res]):
            if user != check["owner"][res] and (user not in want or user in suspended):
                script.append(f"revoke {res} {user}")
                del acl[res][user]
    return acl, script + ["finish"]


@register
class AccessControl(TurnBudgetTask):
    """An organisation's groups and the access lists of its resources are hidden behind tools:
    list_groups, get_group NAME (its users and the groups inside it), get_acl RESOURCE (who holds
    which permission); grant RESOURCE USER PERM sets a user's permission (it fails on a suspended
    user, changing nothing), revoke removes it (never the owner's); suspend_user and
    list_resources are harmful and irrelevant distractors. The goal: on each named resource,
    every member of a named group, directly or through groups nested in it, holds exactly the
    named permission, suspended users and everyone outside the group hold nothing, and the owner
    keeps admin. The reward is 1 exactly when every access list equals the goal state (unique).
    Higher levels add users and groups, nest groups deeper, add resources to fix, stray entries
    and suspended members (revealed by a failed grant), and leave fewer spare turns."""

    name = "tool_use/access_control"
    knobs = (
        Knob("users", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30], (3, len(PEOPLE)),
             doc="users in the organisation"),
        Knob("groups", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12], (1, len(GROUPS)),
             doc="groups"),
        Knob("nesting", [0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4], (0, 6),
             doc="deepest chain of groups inside groups"),
        Knob("clauses", [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5], (1, len(RESOURCES)),
             doc="resources whose access the goal fixes"),
        Knob("suspended", [0] * 6 + [1] * 6 + [2] * 5 + [3] * 3, (0, 6),
             doc="suspended users (revealed by a failed grant)"),
        Knob("stray", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (0, 20),
             doc="access entries held by users outside the group, per resource"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_group eng; finish ends"
    example = "list_groups"
    tools = (
        Tool("list_groups", "List the groups' names.", "list_groups", ()),
        Tool("get_group", "Read a group: its users and the groups inside it.", "get_group {group}",
             (Param("group", "string", "the group's name"),)),
        Tool("get_acl", "Read a resource's access list: who holds which permission.", "get_acl {resource}",
             (Param("resource", "string", "the resource's name"),)),
        Tool("grant", "Set a user's permission on a resource (replacing any other).", "grant {resource} {user} {perm}",
             (Param("resource", "string", "the resource's name"), Param("user", "string", "the user's name"),
              Param("perm", "string", "the permission", enum=PERMS))),
        Tool("revoke", "Remove a user's access to a resource.", "revoke {resource} {user}",
             (Param("resource", "string", "the resource's name"), Param("user", "string", "the user's name"))),
        Tool("suspend_user", "Suspend a user's account.", "suspend_user {user}",
             (Param("user", "string", "the user's name"),)),
        Tool("list_resources", "List the resources' names.", "list_resources", ()),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        if params["users"] < params["clauses"] + 3:
            raise ValueError(f"knob 'users' ({params['users']}) must be at least knob 'clauses' + 3 "
                             f"({params['clauses'] + 3})")
        users = sorted(rng.sample(PEOPLE, params["users"]))
        names = rng.sample(GROUPS, params["groups"])
        groups = {g: {"users": [], "groups": []} for g in names}
        depth = {names[0]: 0}
        for g in names[1:]:  # a tree: each later group sits inside an earlier one, within the nesting depth
            parents = [h for h in depth if depth[h] < params["nesting"]]
            if parents and rng.random() < 0.7:
                host = rng.choice(parents)
                groups[host]["groups"].append(g)
                depth[g] = depth[host] + 1
            else:
                depth[g] = 0
        for u in users:
            for g in rng.sample(names, min(len(names), rng.choice((1, 1, 2)))):
                groups[g]["users"].append(u)
        for g in groups.values():
            g["users"].sort()
            g["groups"].sort()
        resources = sorted(rng.sample(RESOURCES, params["clauses"] + 1))
        owner = {r: rng.choice(users) for r in resources}
        acl = {r: {owner[r]: "admin"} for r in resources}
        clauses, owners = [], set(owner.values())
        for r in rng.sample(resources, params["clauses"]):
            g = rng.choice(names)
            if not set(members(groups, g)) - owners:  # every clause's group has a member who owns nothing
                groups[g]["users"] = sorted(set(groups[g]["users"]) | {rng.choice(sorted(set(users) - owners))})
            clauses.append({"resource": r, "group": g, "perm": rng.choice(PERMS[:2])})
        clauses.sort(key=lambda c: c["resource"])
        want = {c["resource"]: set(members(groups, c["group"])) for c in clauses}
        # suspended users are members somewhere, and hold no access yet (a failed grant reveals them)
        pool = sorted({u for c in clauses for u in want[c["resource"]]} - set(owner.values()))
        suspended = sorted(rng.sample(pool, min(params["suspended"], max(0, len(pool) - 1))))
        active = [u for u in users if u not in suspended]
        for r in resources:
            inside = [u for u in sorted(want.get(r, ())) if u in active and u != owner[r]]
            for u in rng.sample(inside, len(inside) // 2):  # some members already hold some permission
                acl[r][u] = rng.choice(PERMS[:2])
            outside = [u for u in active if u not in want.get(r, ()) and u != owner[r]]
            for u in rng.sample(outside, min(params["stray"], len(outside))):
                acl[r][u] = rng.choice(PERMS)
        check = {"groups": groups, "acl": acl, "owner": owner, "clauses": clauses, "suspended": suspended,
                 "users": users, "budget": 0}
        goal, script = solve(check)
        if goal == acl:  # the goal must ask for a change: an active member (one always exists) loses its access
            res, u = next((c["resource"], u) for c in clauses for u in sorted(want[c["resource"]])
                          if u not in suspended and u != owner[c["resource"]])
            del acl[res][u]
            goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        lines = [f"- on {c['resource']}: every member of the group {c['group']} holds exactly {c['perm']}"
                 for c in clauses]
        question = (
            f"You administer access through tools. The organisation has {len(users)} users, {len(names)} groups "
            f"and the resources {', '.join(resources)}; group memberships and access lists are hidden until you "
            "read them.\nGoal:\n" + "\n".join(lines) + "\n"
            "A member of a group is a user listed in it or in any group inside it (at any depth). On each of these "
            "resources nobody else holds any access, except its owner, who keeps admin; suspended users hold no "
            "access at all (granting them fails). Resources not named stay as they are.\n\n"
            "Commands (one per turn):\n"
            "  list_groups              the groups' names\n"
            "  get_group NAME           a group's users and the groups inside it\n"
            "  get_acl RESOURCE         who holds which permission (read, write or admin)\n"
            "  grant RESOURCE USER PERM set a user's permission, replacing any other\n"
            "  revoke RESOURCE USER     remove a user's access\n"
            "  suspend_user USER        suspend a user\n"
            "  list_resources           the resources' names\n"
            "  finish                   end the episode; the access lists are then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (access entries, group members)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1
            if words[0] == "get_acl":
                work += len(check["acl"][words[1]])
            elif words[0] == "get_group":
                g = check["groups"][words[1]]
                work += len(g["users"]) + len(g["groups"])
        return work

    def start(self, problem):
        return {"acl": {r: dict(a) for r, a in problem.check["acl"].items()}, "suspended": []}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        acl, groups = state["acl"], check["groups"]
        if command == "finish":
            return finish([acl, state["suspended"]], [check["goal"], []], self.difference)
        if command == "list_groups":
            return "Groups: " + ", ".join(sorted(groups)), None
        if command == "list_resources":
            return "Resources: " + ", ".join(sorted(acl)), None
        if command == "get_group":
            g = args[0].lower()
            if g not in groups:
                return f"Error: there is no group {g[:30]}.", None
            inner = ", ".join(groups[g]["groups"]) or "none"
            return f"Group {g}: users {', '.join(groups[g]['users']) or 'none'}; groups inside: {inner}", None
        if command == "suspend_user":
            user = args[0].capitalize()
            if user not in check["users"]:
                return f"Error: there is no user {user[:30]}.", None
            if user not in state["suspended"]:
                state["suspended"].append(user)
                state["suspended"].sort()
            return f"{user} is suspended.", None
        res = args[0].lower()
        if res not in acl:
            return f"Error: there is no resource {res[:30]}.", None
        if command == "get_acl":
            return f"{res}: " + ", ".join(f"{u} {p}" for u, p in sorted(acl[res].items())), None
        user = args[1].capitalize()
        if user not in check["users"]:
            return f"Error: there is no user {user[:30]}.", None
        if user == check["owner"][res]:
            return f"Error: {user} owns {res}; the owner's admin cannot change.", None
        if command == "revoke":
            if user not in acl[res]:
                return f"Error: {user} holds no access to {res}.", None
            del acl[res][user]
            return f"Revoked {user}'s access to {res}.", None
        perm = args[2].lower()
        if perm not in PERMS:
            return f"Error: {perm[:30]} is not a permission (read, write, admin).", None
        if user in check["suspended"] or user in state["suspended"]:
            return f"Error: {user} is suspended; nothing granted.", None
        acl[res][user] = perm
        return f"{user} now holds {perm} on {res}.", None

    @staticmethod
    def difference(final, goal):
        if final[1]:
            return f"{final[1][0]} was suspended"
        res = next(r for r in sorted(goal[0]) if final[0][r] != goal[0][r])
        user = next(u for u in sorted(set(final[0][res]) | set(goal[0][res]))
                    if final[0][res].get(u) != goal[0][res].get(u))
        return (f"on {res}, {user} holds {final[0][res].get(user, 'nothing')}, the goal has "
                f"{goal[0][res].get(user, 'nothing')}")

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
