"""Scale a hidden fleet of cloud instances to the load of each region, by fixed rules."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import CommandError, FINISH_TOOL, finish, page_of, read_command, replayed_effort

PAGE = 6  # instances per page of list_instances
REGIONS = ("eu1", "us1", "ap1", "sa1", "me1", "af1")
GRAMMAR = {"list_instances": ("word", "int"), "get_load": ("word",), "start": ("word",), "stop": ("word",),
           "launch": ("word",), "terminate": ("word",), "reboot": ("word",), "finish": ()}


def needed(load: int, capacity: int) -> int:
    return max(1, -(-load // capacity))


def view(instances: dict) -> dict:
    """The state the goal is compared on: each old instance's state, and the new ones counted by
    region and state (their ids depend only on the order of launches)."""
    old = {k: v["state"] for k, v in instances.items() if not k.startswith("N")}
    new = sorted(f"{v['region']} {v['state']}" for k, v in instances.items() if k.startswith("N"))
    return {"old": old, "new": new}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final fleet, its commands). For each region of the goal it lists
    the region's instances and reads its load; with more running instances than the load needs it
    stops the surplus, oldest launched first; with fewer it starts stopped instances, newest
    launched first (a start on a retired image fails, and that instance is passed over), then
    launches new ones."""
    inst = {k: dict(v) for k, v in check["instances"].items()}
    script, launched = [], 0
    for region in check["regions"]:
        mine = sorted((k for k in inst if inst[k]["region"] == region), key=lambda k: (inst[k]["day"], k))
        script += [f"list_instances {region} {p}" for p in range(1, max(1, -(-len(mine) // PAGE)) + 1)]
        script.append(f"get_load {region}")
        need = needed(check["load"][region], check["capacity"])
        running = [k for k in mine if inst[k]["state"] == "running"]
        for k in running[:max(0, len(running) - need)]:
            script.append(f"stop {k}")
            inst[k]["state"] = "stopped"
        short = need - len(running)
        for k in reversed([k for k in mine if inst[k]["state"] == "stopped"]):
            if short <= 0:
                break
            script.append(f"start {k}")
            if inst[k]["retired"]:
                continue
            inst[k]["state"] = "running"
            short -= 1
        for _ in range(max(0, short)):
            launched += 1
            script.append(f"launch {region}")
            inst[f"N{launched}"] = {"region": region, "state": "running", "day": 0, "retired": False}
    return view(inst), script + ["finish"]


@register
class CloudScaling(TurnBudgetTask):
    """A fleet of cloud instances is hidden behind tools: list_instances REGION PAGE shows ids,
    states and launch days, get_load REGION the region's load; start, stop and launch change the
    fleet (a start fails, changing nothing, on an instance whose image is retired, which only that
    failure reveals); terminate and reboot are harmful and irrelevant distractors. The goal: for
    each named region, run exactly the instances its load needs (the load divided by a stated
    capacity per instance, rounded up), stopping the surplus oldest first, or starting stopped
    instances newest first and then launching new ones. The reward is 1 exactly when every
    instance's state and the new instances per region equal the goal state (unique). Higher levels
    add regions and instances (more pages), retired images (from level 6) and fewer spare
    turns."""

    name = "tool_use/cloud_scaling"
    knobs = (
        Knob("regions", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6], (1, len(REGIONS)),
             doc="regions the goal scales"),
        Knob("instances", [(2, 4), (3, 5), (4, 6), (4, 7), (5, 8), (5, 9), (6, 10), (6, 10), (7, 11), (8, 12),
                           (8, 13), (9, 14), (10, 15), (10, 16), (11, 17), (12, 18), (13, 19), (14, 20), (15, 21),
                           (16, 22)], (1, 40), doc="instances per region"),
        Knob("retired", [0.0] * 5 + [0.15, 0.15, 0.2, 0.2, 0.2, 0.25, 0.25, 0.25, 0.3, 0.3, 0.3, 0.3, 0.35, 0.35,
                                     0.35], (0.0, 1.0), doc="share of stopped instances on retired images"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_load eu1; finish ends"
    example = "reboot i000"
    tools = (
        Tool("list_instances", f"List a region's instances ({PAGE} to a page): id, state, day launched.",
             "list_instances {region} {page}", (Param("region", "string", "the region, e.g. eu1"),
                                                Param("page", "integer", "the page, from 1"))),
        Tool("get_load", "Read a region's current load in requests per second.", "get_load {region}",
             (Param("region", "string", "the region"),)),
        Tool("start", "Start a stopped instance.", "start {instance}",
             (Param("instance", "string", "the instance id, e.g. i123"),)),
        Tool("stop", "Stop a running instance.", "stop {instance}", (Param("instance", "string", "the instance id"),)),
        Tool("launch", "Launch a new instance in a region (it starts running).", "launch {region}",
             (Param("region", "string", "the region"),)),
        Tool("terminate", "Destroy an instance for good.", "terminate {instance}",
             (Param("instance", "string", "the instance id"),)),
        Tool("reboot", "Reboot a running instance.", "reboot {instance}",
             (Param("instance", "string", "the instance id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        capacity = rng.choice((50, 100, 120, 150, 200))
        regions = rng.sample(REGIONS, params["regions"])
        count = params["instances"]
        ids = iter(rng.sample(range(100, 1000), count * len(regions) + 5))
        instances, load = {}, {}
        for region in regions:
            for day in rng.sample(range(1, 365), count):  # distinct days, so "oldest first" has no ties
                state = "running" if rng.random() < 0.5 else "stopped"
                instances[f"i{next(ids)}"] = {"region": region, "state": state, "day": day,
                                              "retired": state == "stopped" and rng.random() < params["retired"]}
            running = sum(v["state"] == "running" for v in instances.values() if v["region"] == region)
            # the load needs a different number of instances than run now: fewer or more, by up to four
            change = rng.choice([d for d in (-4, -3, -2, -1, 1, 2, 3, 4) if running + d >= 1])
            load[region] = (running + change - 1) * capacity + rng.randrange(1, capacity + 1)
        check = {"instances": instances, "regions": sorted(regions), "load": load, "capacity": capacity, "budget": 0}
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        question = (
            f"You operate a cloud fleet through tools. Each instance serves {capacity} requests per second. The "
            f"instances and loads of the regions {', '.join(sorted(regions))} are hidden until you look them up.\n"
            "Goal: in each of these regions, run exactly as many instances as the load needs (the load divided by "
            f"{capacity}, rounded up; at least one). With too many running, stop the surplus, the oldest launched "
            "first. With too few, start stopped instances, the most recently launched first (an instance whose image "
            "is retired cannot start: pass it over), and launch new instances for the rest. Change nothing else.\n\n"
            "Commands (one per turn):\n"
            f"  list_instances REGION PAGE  id, state and day launched, {PAGE} a page, oldest first, page 1 first\n"
            "  get_load REGION             the region's load in requests per second\n"
            "  start ID / stop ID          start a stopped instance / stop a running one\n"
            "  launch REGION               launch a new running instance\n"
            "  terminate ID                destroy an instance\n"
            "  reboot ID                   reboot a running instance\n"
            "  finish                      end the episode; the fleet is then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the instances its listings show
        return replayed_effort(self, problem, {"list_instances": 0})

    def start(self, problem):
        return {"instances": {k: dict(v) for k, v in problem.check["instances"].items()}, "launched": 0}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        inst = state["instances"]
        if command == "finish":
            return finish(view(inst), check["goal"], self.difference)
        if command in ("list_instances", "get_load", "launch"):
            region = args[0].lower()
            if region not in {v["region"] for v in check["instances"].values()}:
                return f"Error: there is no region {region[:20]}.", None
            if command == "get_load":
                return f"{region}: load {check['load'][region]} requests per second", None
            if command == "launch":
                state["launched"] += 1
                k = f"N{state['launched']}"
                inst[k] = {"region": region, "state": "running", "day": 0, "retired": False}
                return f"Launched {k} in {region}.", None
            mine = sorted((k for k in inst if inst[k]["region"] == region),
                          key=lambda k: (inst[k]["day"] if not k.startswith("N") else 10**6, k))
            lines = [f"{k} {inst[k]['state']} launched " + (f"day {inst[k]['day']}" if inst[k]["day"] else "today")
                     for k in mine]
            return page_of(lines, args[1], PAGE, f"instances in {region}"), None
        k = args[0]
        k = k.upper() if k[:1] in "nN" else k.lower()
        if k not in inst:
            return f"Error: there is no instance {k[:20]}.", None
        v = inst[k]
        if command == "terminate":
            del inst[k]
            return f"Terminated {k}.", None
        if command == "reboot":
            if v["state"] != "running":
                return f"Error: {k} is not running.", None
            return f"Rebooted {k}.", None
        if command == "stop":
            if v["state"] != "running":
                return f"Error: {k} is not running.", None
            v["state"] = "stopped"
            return f"Stopped {k}.", None
        if v["state"] != "stopped":
            return f"Error: {k} is not stopped.", None
        if v["retired"]:
            return f"Error: the image of {k} is retired; it cannot start.", None
        v["state"] = "running"
        return f"Started {k}.", None

    @staticmethod
    def difference(final, goal):
        for k in sorted(goal["old"]):
            if final["old"].get(k) != goal["old"][k]:
                return f"{k} is {final['old'].get(k, 'terminated')}, the goal has it {goal['old'][k]}"
        return (f"the new instances are {', '.join(final['new']) or 'none'}; the goal has "
                f"{', '.join(goal['new']) or 'none'}")

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
