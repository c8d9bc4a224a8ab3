"""Migrate the keys of a hidden configuration store from an old prefix to a new one."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import CommandError, FINISH_TOOL, finish, page_of, read_command, replayed_effort

PAGE = 8  # keys per page of list_keys
SERVICES = ("db", "cache", "mail", "auth", "queue", "search", "api", "log", "billing", "cdn")
SETTINGS = {"host": ("alpha", "bravo", "delta", "kilo", "oscar"), "port": tuple(str(p) for p in range(5000, 5100, 7)),
            "timeout_s": tuple(str(s) for s in range(2, 60, 3)), "retries": ("1", "2", "3", "5", "8"),
            "mode": ("fast", "safe", "strict", "lazy"), "region": ("north", "south", "east", "west")}
PREFIXES = (("legacy.", "app."), ("old.", "svc."), ("v1.", "v2."), ("stage.", "prod."))  # (old, new) pairs
OTHER = ("sys.", "user.")
DEPRECATED = "deprecated"
GRAMMAR = {"list_keys": ("word", "int"), "get": ("word",), "set": ("word", "word"), "update": ("word", "word"),
           "delete": ("word",), "flush_cache": (), "finish": ()}


def target(check: dict, key: str, value: str) -> tuple[str, str] | None:
    """Where the goal puts an old key: (new key, new value), or None when it is only deleted."""
    if check["deprecate"] and value == DEPRECATED:
        return None
    rest = key[len(check["old"]):]
    if check["convert"] and rest.endswith(".timeout_s"):
        return check["new"] + rest[:-len("timeout_s")] + "timeout_ms", str(int(value) * 1000)
    return check["new"] + rest, value


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final store, its commands). It lists every page of the old and of
    the new prefix's keys, then for each old key in order reads its value and writes its new key
    (update where the key exists, set where it does not) unless the goal drops it, and deletes the
    old key."""
    store, script = dict(check["store"]), []
    for prefix in (check["old"], check["new"]):
        keys = [k for k in sorted(store) if k.startswith(prefix)]
        script += [f"list_keys {prefix} {p}" for p in range(1, max(1, -(-len(keys) // PAGE)) + 1)]
    for key in sorted(k for k in check["store"] if k.startswith(check["old"])):
        script.append(f"get {key}")
        moved = target(check, key, store[key])
        if moved is not None:
            script.append(f"{'update' if moved[0] in store else 'set'} {moved[0]} {moved[1]}")
            store[moved[0]] = moved[1]
        script.append(f"delete {key}")
        del store[key]
    return store, script + ["finish"]


@register
class ConfigStore(TurnBudgetTask):
    """A key-value configuration store is hidden behind tools: list_keys PREFIX PAGE lists keys
    (no values), get KEY reads a value; set KEY VALUE creates a key (it fails, changing nothing,
    when the key exists), update KEY VALUE changes one (failing when it does not), delete KEY
    removes one; flush_cache is an irrelevant distractor. The goal: move every key under an old
    prefix (legacy., old., v1. or stage.) to the new one (app., svc., v2. or prod.) with the same
    rest of its name and value, the old value replacing a new key's value already there, and
    delete the old key; from level 4 keys whose value is deprecated are
    deleted without a copy, and from level 7 a .timeout_s key becomes .timeout_ms with its value
    times 1000. The agent must read every value before writing it, and a set on a key that
    already exists fails until it switches to update. The reward is 1 exactly when the store
    equals the goal state (unique). Higher levels add old keys (more pages), new keys that clash,
    keys under other prefixes, the rules above and fewer spare turns."""

    name = "tool_use/config_store"
    knobs = (
        Knob("legacy", [(2, 3), (3, 4), (3, 5), (4, 6), (5, 7), (5, 8), (6, 9), (7, 10), (8, 11), (9, 12),
                        (10, 13), (11, 14), (12, 15), (13, 16), (14, 18), (16, 20), (18, 22), (20, 24), (22, 26),
                        (24, 28)], (1, 50), doc="keys under the old prefix"),
        Knob("clash", [0.0, 0.2, 0.3, 0.3, 0.3, 0.3, 0.35, 0.35, 0.35, 0.4, 0.4, 0.4, 0.4, 0.4, 0.45, 0.45, 0.45,
                       0.5, 0.5, 0.5], (0.0, 1.0), doc="share of old keys whose new key exists already"),
        Knob("others", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12, 13, 14], (0, 40),
             doc="keys under other prefixes (and new keys with no old twin)"),
        Knob("deprecate", [False] * 3 + [True] * 17, doc="whether deprecated values are dropped"),
        Knob("convert", [False] * 6 + [True] * 14, doc="whether .timeout_s keys become .timeout_ms"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get sys.db.host; finish ends"
    example = "list_keys sys. 1"
    tools = (
        Tool("list_keys", f"List the keys that start with a prefix ({PAGE} to a page), without values.",
             "list_keys {prefix} {page}", (Param("prefix", "string", "the prefix, e.g. sys."),
                                          Param("page", "integer", "the page, from 1"))),
        Tool("get", "Read a key's value.", "get {key}", (Param("key", "string", "the key"),)),
        Tool("set", "Create a key with a value; fails if the key exists.", "set {key} {value}",
             (Param("key", "string", "the new key"), Param("value", "string", "one word or number"))),
        Tool("update", "Change an existing key's value.", "update {key} {value}",
             (Param("key", "string", "the key"), Param("value", "string", "one word or number"))),
        Tool("delete", "Delete a key.", "delete {key}", (Param("key", "string", "the key"),)),
        Tool("flush_cache", "Flush the configuration cache.", "flush_cache", ()),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        old, new = rng.choice(PREFIXES)
        names = [f"{s}.{k}" for s in SERVICES for k in SETTINGS]
        picked = rng.sample(names, min(len(names), params["legacy"]))
        store = {}
        for name in picked:
            setting = name.split(".")[1]
            value = rng.choice(SETTINGS[setting])
            if params["deprecate"] and rng.random() < 0.2:
                value = DEPRECATED
            store[old + name] = value
            if rng.random() < params["clash"]:
                twin = target({"deprecate": False, "convert": params["convert"], "old": old, "new": new}, old + name,
                              value if value != DEPRECATED else SETTINGS[setting][0])[0]
                store[twin] = rng.choice(SETTINGS[setting] if not twin.endswith("_ms") else ("5000", "9000"))
        for _ in range(params["others"]):
            prefix = rng.choice(OTHER + (new,))
            name = rng.choice(names)
            store.setdefault(prefix + name, rng.choice(SETTINGS[name.split(".")[1]]))
        check = {"store": store, "deprecate": params["deprecate"], "convert": params["convert"], "old": old,
                 "new": new, "budget": 0}
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        rules = []
        if params["deprecate"]:
            rules.append(f"A key under {old} whose value is {DEPRECATED} is deleted without a copy.")
        if params["convert"]:
            rules.append("A key whose name ends in .timeout_s becomes the same name ending in .timeout_ms, with its "
                         "value (seconds) times 1000.")
        question = (
            f"You maintain a configuration store through tools. It holds {len(store)} keys; keys and values are "
            "hidden until you list and read them.\n"
            f"Goal: move every key that starts with {old} to the same name starting with {new} instead, with the "
            f"same value ({old}db.host becomes {new}db.host), then delete the {old} key. Where the {new} key "
            f"exists already, the value of the {old} key replaces its value. " + " ".join(rules) +
            " Every other key stays as "
            "it is.\n\n"
            "Commands (one per turn):\n"
            f"  list_keys PREFIX PAGE    keys starting with PREFIX, {PAGE} a page, page 1 first\n"
            "  get KEY                  a key's value\n"
            "  set KEY VALUE            create a key (fails if it exists)\n"
            "  update KEY VALUE         change an existing key's value\n"
            "  delete KEY               delete a key\n"
            "  flush_cache              flush the configuration cache\n"
            "  finish                   end the episode; the store is then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the keys its listings show
        return replayed_effort(self, problem, {"list_keys": 1})

    def start(self, problem):
        return {"store": dict(problem.check["store"])}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        store = state["store"]
        if command == "finish":
            return finish(store, check["goal"], self.difference)
        if command == "flush_cache":
            return "The cache is flushed.", None
        key = args[0].lower()
        if command == "list_keys":
            keys = [k for k in sorted(store) if k.startswith(key)]
            if not keys:
                return f"No keys start with {key[:40]}.", None
            return page_of(keys, args[1], PAGE, f"keys starting with {key[:40]}"), None
        if command == "set":
            if key in store:
                return f"Error: {key[:60]} exists already; use update to change it.", None
            store[key] = args[1].lower()
            return f"Created {key} = {store[key]}.", None
        if key not in store:
            return f"Error: there is no key {key[:60]}.", None
        if command == "get":
            return f"{key} = {store[key]}", None
        if command == "update":
            store[key] = args[1].lower()
            return f"Updated {key} = {store[key]}.", None
        del store[key]
        return f"Deleted {key}.", None

    @staticmethod
    def difference(final, goal):
        key = next(k for k in sorted(set(final) | set(goal)) if final.get(k) != goal.get(k))
        if key not in goal:
            return f"{key} should not exist"
        return f"{key} should be {goal[key]}, but it is {final.get(key, 'missing')}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
