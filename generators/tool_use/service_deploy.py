"""Upgrade hidden services to target versions, deploying every dependency a release needs
first, at the lowest version that satisfies it."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, read_command

SERVICES = ("gateway", "web", "api", "worker", "billing", "search", "auth", "mail", "queue", "cache", "db",
            "storage", "metrics", "logs")
GRAMMAR = {"list_services": (), "get_service": ("word",), "get_release": ("word", "int"), "deploy": ("word", "int"),
           "rollback": ("word",), "restart": ("word",), "finish": ()}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final versions, its commands). It reads each target service and
    its target release, then each service a release it will deploy requires and that release,
    until the set of needed versions is closed; then it deploys them dependencies first (the
    services are layered, each requiring only services below it) and finishes."""
    running, releases, order = check["running"], check["releases"], check["order"]
    want, script, seen = {}, [], set()
    queue = sorted(check["targets"].items(), key=lambda sv: order.index(sv[0]))
    pending = dict(queue)
    while pending:  # breadth first over the releases that will be deployed
        s = min(pending, key=order.index)
        v = pending.pop(s)
        if s not in seen:
            script.append(f"get_service {s}")
            seen.add(s)
        if want.get(s, 0) >= v:
            continue
        want[s] = v
        script.append(f"get_release {s} {v}")
        for dep, least in sorted(releases[s][str(v)].items()):
            if dep not in seen:
                script.append(f"get_service {dep}")
                seen.add(dep)
            if least > max(running[dep], want.get(dep, 0), pending.get(dep, 0)):
                pending[dep] = least
    final = dict(running)
    for s in sorted(want, key=order.index, reverse=True):
        if want[s] != running[s]:
            script.append(f"deploy {s} {want[s]}")
            final[s] = want[s]
    return final, script + ["finish"]


@register
class ServiceDeploy(TurnBudgetTask):
    """A fleet of services is hidden behind tools: list_services, get_service NAME (the version
    running and the versions available), get_release NAME VERSION (the least versions of other
    services that release requires); deploy NAME VERSION installs a release (it fails, changing
    nothing, while a requirement is unmet, and the error names it); rollback and restart are
    harmful and irrelevant distractors. The goal: bring named services to target versions,
    deploying every service a deployed release requires at the least version that satisfies it
    (the greatest minimum asked), and nothing else. The agent must read releases before it can
    know the order, and a deploy before its dependencies fails. The reward is 1 exactly when every
    service's version equals the goal state (unique: the least closed set of versions). Higher
    levels add services and targets, denser and deeper requirements, and fewer spare turns."""

    name = "tool_use/service_deploy"
    knobs = (
        Knob("services", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 12, 13, 14], (2, len(SERVICES)),
             doc="services in the fleet"),
        Knob("targets", [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5], (1, 8),
             doc="services the goal names"),
        Knob("density", [0.3, 0.35, 0.4, 0.4, 0.45, 0.45, 0.5, 0.5, 0.5, 0.55, 0.55, 0.55, 0.6, 0.6, 0.6, 0.6, 0.65,
                         0.65, 0.65, 0.7], (0.0, 1.0), doc="chance that a release requires a given lower service"),
        Knob("reach", [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4], (1, 6),
             doc="how many layers down a release's requirements reach"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_release api 4; finish ends"
    example = "list_services"
    tools = (
        Tool("list_services", "List the services' names.", "list_services", ()),
        Tool("get_service", "Read a service: the version running and the versions available.", "get_service {service}",
             (Param("service", "string", "the service's name"),)),
        Tool("get_release", "Read what a release needs: the least versions of other services.",
             "get_release {service} {version}", (Param("service", "string", "the service's name"),
                                                 Param("version", "integer", "the version"))),
        Tool("deploy", "Install a version of a service; fails while a requirement is unmet.",
             "deploy {service} {version}", (Param("service", "string", "the service's name"),
                                            Param("version", "integer", "the version"))),
        Tool("rollback", "Go back to the version a service ran before.", "rollback {service}",
             (Param("service", "string", "the service's name"),)),
        Tool("restart", "Restart a service.", "restart {service}", (Param("service", "string", "the service's name"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n = params["services"]
        if params["targets"] > n:
            raise ValueError(f"knob 'targets' ({params['targets']}) must not exceed knob 'services' ({n})")
        order = rng.sample(SERVICES, n)  # layered: a service requires only services after it
        running = {s: rng.randint(1, 4) for s in order}
        top = {s: running[s] + rng.randint(1, 4) for s in order}
        releases = {}
        for i, s in enumerate(order):
            below = order[i + 1:i + 1 + params["reach"]]
            releases[s] = {}
            for v in range(1, top[s] + 1):
                needs = {}
                for dep in below:
                    if v > running[s] and rng.random() < params["density"]:
                        needs[dep] = rng.randint(max(1, running[dep] - 1), top[dep])
                releases[s][str(v)] = needs
        targets = {s: rng.randint(running[s] + 1, top[s]) for s in rng.sample(order, params["targets"])}
        check = {"order": order, "running": running, "top": top, "releases": releases, "targets": targets,
                 "budget": 0}
        final, script = solve(check)
        for _ in range(sum(top.values())):  # bounded: each pass raises a target that a release needs higher
            raised = {t: final[t] for t in targets if final[t] != targets[t]}
            if not raised:
                break
            targets.update(raised)
            final, script = solve(check)
        check["goal"] = final
        check["budget"] = len(script) + params["slack"]
        wanted = ", ".join(f"{s} to version {v}" for s, v in sorted(targets.items(), key=lambda sv: order.index(sv[0])))
        question = (
            f"You run deployments for {n} services through tools; their versions and the requirements of each "
            "release are hidden until you read them.\n"
            f"Goal: upgrade {wanted}. A release may require other services to run at least some version; deploy "
            "each service such a release needs at the least version that satisfies every requirement on it (and "
            "so on for what those releases need). Change no other service, and deploy nothing higher than needed.\n\n"
            "Commands (one per turn):\n"
            "  list_services               the services' names\n"
            "  get_service NAME            the version running and the versions available\n"
            "  get_release NAME VERSION    the least versions of other services that release needs\n"
            "  deploy NAME VERSION         install a version (fails while a requirement is unmet)\n"
            "  rollback NAME               go back to the version before\n"
            "  restart NAME                restart a service\n"
            "  finish                      end the episode; the versions are then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the requirements it reads
        releases, work = problem.check["releases"], 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1 + (len(releases[words[1]][words[2]]) if words[0] == "get_release" else 0)
        return work

    def start(self, problem):
        return {"running": dict(problem.check["running"]), "before": {}}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        running = state["running"]
        if command == "finish":
            return finish(running, check["goal"], self.difference)
        if command == "list_services":
            return "Services: " + ", ".join(sorted(running)), None
        s = args[0].lower()
        if s not in running:
            return f"Error: there is no service {s[:30]}.", None
        if command == "get_service":
            return f"{s}: running version {running[s]}; versions 1 to {check['top'][s]} available", None
        if command == "restart":
            return f"{s} restarted.", None
        if command == "rollback":
            if s not in state["before"]:
                return f"Error: {s} has no earlier deployment to go back to.", None
            running[s] = state["before"].pop(s)
            return f"{s} is back on version {running[s]}.", None
        v = args[1]
        if not 1 <= v <= check["top"][s]:
            return f"Error: {s} has versions 1 to {check['top'][s]}.", None
        needs = check["releases"][s][str(v)]
        if command == "get_release":
            if not needs:
                return f"{s} {v} requires nothing.", None
            return f"{s} {v} requires " + ", ".join(f"{d} >= {m}" for d, m in sorted(needs.items())), None
        unmet = [(d, m) for d, m in sorted(needs.items()) if running[d] < m]
        if unmet:
            d, m = unmet[0]
            return f"Error: {s} {v} requires {d} >= {m}, and {d} runs {running[d]}; nothing deployed.", None
        state["before"][s] = running[s]
        running[s] = v
        return f"Deployed {s} {v}.", None

    @staticmethod
    def difference(final, goal):
        s = next(s for s in sorted(goal) if final[s] != goal[s])
        return f"{s} runs version {final[s]}, the goal has {goal[s]}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
