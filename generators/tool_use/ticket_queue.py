"""Assign a hidden help desk's open tickets by priority and skill to the least loaded agent."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # tickets per page of list_tickets
SKILLS = ("billing", "network", "hardware", "accounts", "security", "mobile", "printing", "email")
TITLES = ("cannot log in", "invoice is wrong", "wifi drops", "laptop will not boot", "password reset",
          "phone app crashes", "printer jams", "mail bounces", "refund request", "vpn is slow", "screen flickers",
          "suspicious e-mail", "card declined", "lost access", "sync fails", "toner empty")
GRAMMAR = {"list_tickets": ("int",), "get_ticket": ("word",), "list_agents": (), "get_agent": ("word",),
           "assign": ("word", "word"), "unassign": ("word",), "close_ticket": ("word",),
           "escalate": ("word",), "finish": ()}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (final {ticket: [status, assignee]}, its commands). It lists every
    page of tickets and the agents, reads each agent and each open unassigned ticket, closes the
    duplicates (from the levels that have them), then takes the rest by priority (1 first, then by
    time opened) and assigns each to the agent with its skill and room left who holds the fewest
    tickets (ties by name). The first time its pick is out of office the assignment fails; it then
    leaves that agent out, as the goal says."""
    tickets, agents = check["tickets"], check["agents"]
    script = [f"list_tickets {p}" for p in range(1, -(-len(check["order"]) // PAGE) + 1)]
    script.append("list_agents")
    script += [f"get_agent {a}" for a in sorted(agents)]
    state = {i: [t["status"], t["assignee"]] for i, t in tickets.items()}
    todo = [i for i in check["order"] if tickets[i]["status"] == "open" and tickets[i]["assignee"] == "-"]
    script += [f"get_ticket {i}" for i in todo]
    for i in todo:
        if tickets[i]["duplicate"]:
            state[i][0] = "closed"
            script.append(f"close_ticket {i}")
    load = {a: sum(1 for t in state.values() if t[0] == "open" and t[1] == a) for a in agents}
    known_away = set()
    for i in sorted((i for i in todo if not tickets[i]["duplicate"]),
                    key=lambda i: (tickets[i]["priority"], tickets[i]["opened"])):
        while True:
            fit = sorted((load[a], a) for a, g in agents.items()
                         if tickets[i]["skill"] in g["skills"] and load[a] < g["capacity"] and a not in known_away)
            if not fit:
                break
            pick = fit[0][1]
            script.append(f"assign {i} {pick}")
            if agents[pick]["away"]:
                known_away.add(pick)  # the call failed: out of office
                continue
            state[i][1] = pick
            load[pick] += 1
            break
    return state, script + ["finish"]


@register
class TicketQueue(TurnBudgetTask):
    """A help desk's tickets and agents are hidden behind tools: list_tickets PAGE shows ids,
    titles, statuses and assignees; get_ticket ID the priority, the skill it needs, when it was
    opened and whether it duplicates another; list_agents and get_agent NAME the agents' skills,
    capacities and loads. The goal: assign every open unassigned ticket, priority 1 first (ties by
    the time opened), to the agent with the skill and room left who holds the fewest open tickets
    at that point (ties by name); a ticket no one can take stays unassigned. From level 6 some
    tickets duplicate others and must be closed instead; from level 9 some agents are out of office,
    which only a failed assignment reveals, and they must be left out. escalate is a harmful
    distractor, close_ticket harmful except on duplicates. The reward is 1 exactly when every
    ticket's status and assignee equal the goal state (unique: the rule fixes each choice). Higher
    levels add tickets, agents and skills, assigned tickets already in the queue, duplicates, agents
    out of office and fewer spare turns."""

    name = "tool_use/ticket_queue"
    knobs = (
        Knob("tickets", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26], (1, 60),
             doc="tickets in the queue"),
        Knob("agents", [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8], (1, 12), doc="help desk agents"),
        Knob("skills", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, len(SKILLS)),
             doc="skills the tickets need"),
        Knob("assigned_share", [0.0, 0.0, 0.1, 0.1, 0.15, 0.15, 0.2, 0.2, 0.2, 0.2, 0.25, 0.25, 0.25, 0.25, 0.3,
                                0.3, 0.3, 0.3, 0.3, 0.3], (0.0, 0.5),
             doc="share of tickets already assigned or closed"),
        Knob("duplicates", [0] * 5 + [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3], (0, 10),
             doc="open tickets that duplicate another"),
        Knob("away", [0] * 8 + [1] * 7 + [2] * 5, (0, 4), doc="agents out of office (revealed by a failed assign)"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_ticket T123; finish ends"
    example = "list_agents"
    tools = (
        Tool("list_tickets", f"List the tickets ({PAGE} to a page): id, title, status, assignee.",
             "list_tickets {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_ticket", "Read a ticket: priority, the skill it needs, when it was opened, duplicate of.",
             "get_ticket {ticket}", (Param("ticket", "string", "the ticket id, e.g. T123"),)),
        Tool("list_agents", "List the agents' names.", "list_agents", ()),
        Tool("get_agent", "Read an agent: skills, capacity and open tickets held.", "get_agent {agent}",
             (Param("agent", "string", "the agent's name"),)),
        Tool("assign", "Assign an open unassigned ticket to an agent.", "assign {ticket} {agent}",
             (Param("ticket", "string", "the ticket id"), Param("agent", "string", "the agent's name"))),
        Tool("unassign", "Take an open ticket back from its agent.", "unassign {ticket}",
             (Param("ticket", "string", "the ticket id"),)),
        Tool("close_ticket", "Close a ticket.", "close_ticket {ticket}", (Param("ticket", "string", "the ticket id"),)),
        Tool("escalate", "Escalate a ticket to the second line (it leaves this queue).", "escalate {ticket}",
             (Param("ticket", "string", "the ticket id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n, skills = params["tickets"], sorted(rng.sample(SKILLS, params["skills"]))
        names = sorted(rng.sample(PEOPLE, params["agents"]))
        away = set(rng.sample(names, min(params["away"], len(names) - 1)))
        agents = {a: {"skills": sorted(rng.sample(skills, rng.randint(1, min(3, len(skills))))),
                      "capacity": rng.randint(2, 5), "away": a in away} for a in names}
        ids = sorted(f"T{x}" for x in rng.sample(range(100, 1000), n))
        tickets = {}
        for i, opened in zip(ids, rng.sample(range(0, 3 * 1440, 5), n)):
            tickets[i] = {"title": rng.choice(TITLES), "priority": rng.randint(1, 4), "skill": rng.choice(skills),
                          "opened": opened, "status": "open", "assignee": "-", "duplicate": ""}
        present = [a for a in names if a not in away]
        for i in ids:
            if rng.random() < params["assigned_share"]:
                if rng.random() < 0.3:
                    tickets[i]["status"] = "closed"
                else:  # held by a present agent with the skill and room, so loads stay within capacity
                    fit = [a for a in present if tickets[i]["skill"] in agents[a]["skills"] and
                           sum(t["assignee"] == a for t in tickets.values()) < agents[a]["capacity"] - 1]
                    if fit:
                        tickets[i]["assignee"] = rng.choice(fit)
        todo = [i for i in ids if tickets[i]["status"] == "open" and tickets[i]["assignee"] == "-"]
        if not todo:  # the goal must ask for a change
            tickets[ids[0]].update(status="open", assignee="-")
            todo = [ids[0]]
        for i in rng.sample(todo, min(params["duplicates"], len(todo) - 1)):
            tickets[i]["duplicate"] = rng.choice([j for j in ids if j != i])
        check = {"tickets": tickets, "agents": agents, "order": ids, "budget": 0}
        goal, script = solve(check)
        if goal == {i: [t["status"], t["assignee"]] for i, t in tickets.items()}:
            # no one can take any ticket: give the first one's skill to a present agent
            first = next(i for i in todo if not tickets[i]["duplicate"])
            agents[present[0]]["skills"] = sorted(set(agents[present[0]]["skills"]) | {tickets[first]["skill"]})
            agents[present[0]]["capacity"] = 5
            goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        extra = []
        if params["duplicates"]:
            extra.append("A ticket that duplicates another must be closed instead of assigned.")
        if params["away"]:
            extra.append("Agents who are out of office cannot take tickets: leave them out of the choice.")
        question = (
            f"You run a help desk's ticket queue through tools. It holds {n} tickets (ids {ids[0]} to {ids[-1]}) "
            f"and {len(names)} agents; the skills in use are {', '.join(skills)}. The tickets' details and the "
            "agents' skills are hidden until you look them up.\n"
            "Goal: take the open tickets that nobody holds, priority 1 first (then 2, 3, 4; among equal "
            "priorities the one opened earlier first), and assign each to the agent who has the skill it needs "
            "and is below capacity and, among those, holds the fewest open tickets at that point (ties: the name "
            "first in alphabetical order). A ticket that no agent can take stays unassigned. "
            + " ".join(extra) + " Every other ticket stays as it is.\n\n"
            "Commands (one per turn):\n"
            f"  list_tickets PAGE        id, title, status and assignee, {PAGE} tickets a page, page 1 first\n"
            "  get_ticket ID            priority, needed skill, time opened, duplicate of\n"
            "  list_agents              the agents' names\n"
            "  get_agent NAME           skills, capacity and open tickets held\n"
            "  assign ID NAME           give an open unassigned ticket to an agent\n"
            "  unassign ID              take an open ticket back from its agent\n"
            "  close_ticket ID          close a ticket\n"
            "  escalate ID              send a ticket to the second line\n"
            "  finish                   end the episode; the tickets are then checked against the goal\n"
            f"A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (tickets listed, agents, tickets read)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            command, _, arg = line.partition(" ")
            work += 1
            if command == "list_tickets":
                work += len(check["order"][(int(arg) - 1) * PAGE: int(arg) * PAGE])
            elif command == "list_agents":
                work += len(check["agents"])
        return work

    def start(self, problem):
        return {"tickets": {i: [t["status"], t["assignee"]] for i, t in problem.check["tickets"].items()}}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        tickets, agents, now = check["tickets"], check["agents"], state["tickets"]

        def held(a):
            return sum(1 for s, who in now.values() if s == "open" and who == a)
        if command == "finish":
            return finish(now, check["goal"], self.difference)
        if command == "list_tickets":
            lines = [f"{i} \"{tickets[i]['title']}\" {now[i][0]} assignee {now[i][1]}" for i in check["order"]]
            return page_of(lines, args[0], PAGE, "tickets"), None
        if command == "list_agents":
            return "Agents: " + ", ".join(sorted(agents)), None
        name = args[-1].capitalize() if command in ("get_agent", "assign") else None
        if name is not None and name not in agents:
            return f"Error: there is no agent {args[-1][:30]}.", None
        if command == "get_agent":
            g = agents[name]
            return (f"{name}: skills {', '.join(g['skills'])}; capacity {g['capacity']}; "
                    f"holds {held(name)} open tickets"), None
        tid = args[0].upper()
        if tid not in tickets:
            return f"Error: there is no ticket {tid[:30]}.", None
        status, who = now[tid]
        if command == "get_ticket":
            t = tickets[tid]
            dup = f"; duplicate of {t['duplicate']}" if t["duplicate"] else ""
            day, minute = divmod(t["opened"], 1440)
            return (f"{tid}: priority {t['priority']}; needs {t['skill']}; opened day {day + 1} "
                    f"{minute // 60:02d}:{minute % 60:02d}; {status}, assignee {who}{dup}"), None
        if status != "open":
            return f"Error: ticket {tid} is {status}.", None
        if command == "assign":
            if who != "-":
                return f"Error: {tid} is already held by {who}; unassign it first.", None
            g = agents[name]
            if tickets[tid]["skill"] not in g["skills"]:
                return f"Error: {name} lacks the {tickets[tid]['skill']} skill.", None
            if g["away"]:
                return f"Error: {name} is out of office today; the assignment was refused.", None
            if held(name) >= g["capacity"]:
                return f"Error: {name} is at capacity ({g['capacity']}).", None
            now[tid][1] = name
            return f"{tid} is assigned to {name}.", None
        if command == "unassign":
            if who == "-":
                return f"Error: {tid} has no assignee.", None
            now[tid][1] = "-"
            return f"{tid} is unassigned.", None
        now[tid][0] = "closed" if command == "close_ticket" else "escalated"
        return f"{tid} is {now[tid][0]}.", None

    @staticmethod
    def difference(final, goal):
        i = next(i for i in sorted(goal) if final[i] != goal[i])
        return (f"ticket {i} is {final[i][0]} with assignee {final[i][1]}, the goal has it {goal[i][0]} with "
                f"assignee {goal[i][1]}")

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
