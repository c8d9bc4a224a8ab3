"""procgym over MCP: a model client starts episodes and plays them through tools, with the MCP
SDK's low-level `Server` (stdio, or streamable HTTP on loopback).

    server = build_server(tasks="*")
    anyio.run(run_stdio, server)                    # procgym serve --mcp
    # or: uvicorn on bind(...) with http_app(server)   procgym serve --mcp --transport http

The tools a client sees:

- `list_tasks(pattern)`: the tasks served, with whether each is interactive and its tools.
- `start_episode(task, difficulty, seed, max_turns, feedback, knobs)`: opens an episode and
  returns its session id, the prompt, and the task's tools.
- `step(session, action)`: one turn as text, the answer or action marked as the prompt says
  (`<answer>...</answer>`), or one tool call as JSON text.
- `act(session, tool, arguments)`: one turn as a call of the episode's typed tools (`task.tools`,
  whose schemas start_episode returns).
- the typed tools themselves, each taking `session` plus its own arguments, where the served
  tasks agree on them: `submit_answer(session, answer)` for single-answer tasks, and a name such
  as `guess` when only one kind of it is served (`--tasks games/mastermind`). A name two served
  tasks declare differently is reached through `act`.
- `end_episode(session)`.

Results carry the env's observation as text and as structured content (reward, done, turn). The
problem record, which holds the reference answer, is never sent: the client may be the model.
A bad call (an unknown task or session, a bad level or argument) is an error result (`isError`)
whose text names the problem; the server goes on. Episodes are bounded: at most `max_episodes`
open at once, and one left unused for `idle_s` seconds is dropped.
"""
from __future__ import annotations

import json
import time
import uuid
from collections import defaultdict
from typing import Callable

import mcp_types as types
from mcp.server.lowlevel import Server

import procgym
from procgym.registry import get

from .episodes import BadRequest, check_seed, open_env, read_action, served_tasks, step_result

DEFAULT_MAX_EPISODES = 1024
DEFAULT_IDLE_S = 3600.0
SESSION = {"type": "string", "description": "the session id that start_episode returned"}
INSTRUCTIONS = ("procgym: procedural reasoning problems with exact verifiers. Call start_episode with a task "
                "(list_tasks names them), then answer the prompt with step(session, action), the answer marked "
                "as the prompt says, or with the task's tools; end_episode when done.")


class Episodes:
    """Open episodes (TaskEnvs) by session id: at most `limit` at once, each dropped once unused
    for `idle_s` seconds."""

    def __init__(self, limit: int = DEFAULT_MAX_EPISODES, idle_s: float = DEFAULT_IDLE_S,
                 clock: Callable[[], float] = time.monotonic):
        self.limit, self.idle_s, self.clock = limit, idle_s, clock
        self._open: dict[str, list] = {}  # session -> [env, last used]

    def __len__(self) -> int:
        return len(self._open)

    def open(self, env) -> str:
        now = self.clock()
        for session in [s for s, (_, used) in self._open.items() if now - used > self.idle_s]:
            del self._open[session]
        if len(self._open) >= self.limit:
            raise BadRequest(f"{self.limit} episodes are open, the most this server keeps; end one with end_episode")
        session = uuid.uuid4().hex
        self._open[session] = [env, now]
        return session

    def get(self, session):
        if not isinstance(session, str) or session not in self._open:
            raise BadRequest(f"no open episode {session!r}: it ended, was idle too long, or never existed; "
                             "start_episode opens one")
        entry = self._open[session]
        entry[1] = self.clock()
        return entry[0]

    def close(self, session) -> None:
        self.get(session)
        del self._open[session]


class ProcgymTools:
    """The tools (schemas and handlers) of one MCP server over the `served` tasks."""

    def __init__(self, served: frozenset[str], episodes: Episodes):
        self.served, self.episodes = served, episodes
        self.schemas: dict[str, types.Tool] = {}
        self.handlers: dict[str, Callable[[dict], tuple[str, dict]]] = {}
        self.typed: set[str] = set()  # the tasks' own tools: their arguments are the env's to judge
        self._add("list_tasks", "List the tasks this server plays, with whether each is interactive and its tools.",
                  {"pattern": {"type": "string", "description": "a glob over task names, e.g. games/*; default all"}},
                  [], self.list_tasks)
        self._add("start_episode", "Start an episode of a task: returns its session id, the prompt and the tools.",
                  {"task": {"type": "string", "description": "a task name from list_tasks, e.g. games/mastermind"},
                   "difficulty": {"type": "integer", "minimum": 1, "maximum": 20, "description": "level 1 to the task's highest (20 for most tasks, 10 for a few), default 3"},
                   "seed": {"type": "integer", "minimum": 0, "description": "the problem's seed; default random"},
                   "max_turns": {"type": "integer", "minimum": 1, "description": "attempts (single-answer tasks) "
                                                                                 "or a turn cap (interactive)"},
                   "feedback": {"type": "string", "enum": ["none", "binary", "full"],
                                "description": "what a wrong attempt shows; default full"},
                   "knobs": {"type": "object", "description": "knob overrides by name"}},
                  ["task"], self.start_episode)
        self._add("step", "Take one turn: the answer or action as text, marked as the prompt says "
                          "(<answer>...</answer>), or one tool call as JSON text.",
                  {"session": SESSION, "action": {"type": "string", "description": "your reply for this turn"}},
                  ["session", "action"], self.step)
        self._add("act", "Take one turn with one of the episode's tools (start_episode lists them with their "
                         "arguments).",
                  {"session": SESSION, "tool": {"type": "string", "description": "the tool's name, e.g. move"},
                   "arguments": {"type": "object", "description": "the tool's arguments"}},
                  ["session", "tool", "arguments"], self.act)
        self._add("end_episode", "End an episode and free its session.", {"session": SESSION}, ["session"],
                  self.end_episode)
        for tool in _unambiguous_tools(served):
            parameters = tool.schema()["function"]["parameters"]
            self._add(tool.name, tool.description + " (in the episode `session`)",
                      {"session": SESSION, **parameters["properties"]}, ["session", *parameters["required"]],
                      self._typed(tool.name))
            self.typed.add(tool.name)

    def _add(self, name, description, properties, required, handler):
        self.schemas[name] = types.Tool(name=name, description=description, input_schema={
            "type": "object", "properties": properties, "required": required, "additionalProperties": False})
        self.handlers[name] = handler

    def call(self, name: str, arguments: dict | None) -> types.CallToolResult:
        """Run one tool call; a bad call is an error result naming the problem."""
        try:
            if name not in self.handlers:
                raise BadRequest(f"unknown tool {name!r}; the tools are {', '.join(self.schemas)}")
            arguments = arguments or {}
            if name in self.typed:  # a mistyped or missing argument costs a turn, as the same call does in process
                _check_arguments(name, {"properties": {"session": SESSION}, "required": ["session"]},
                                 {"session": arguments.get("session")} if "session" in arguments else {})
            else:
                _check_arguments(name, self.schemas[name].input_schema, arguments)
            text, structured = self.handlers[name](arguments)
        except BadRequest as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(exc))], is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=structured)

    # -- handlers: (text for the model, structured content) ---------------------------------
    def list_tasks(self, args):
        pattern = args.get("pattern", "*")
        names = [n for n in procgym.tasks(pattern) if n in self.served]
        rows = [{"name": n, "interactive": get(n).interactive, "tools": [t.name for t in get(n).tools]} for n in names]
        text = "\n".join(f"{r['name']}{' (interactive)' if r['interactive'] else ''}" for r in rows)
        return text or f"no served task matches {pattern!r}", {"tasks": rows}

    def start_episode(self, args):
        options = {k: v for k, v in args.items() if k != "seed"}
        env = open_env(options, self.served)
        prompt, info = env.reset(seed=check_seed(args.get("seed")))
        session = self.episodes.open(env)
        tools = [t.schema()["function"] for t in env.task.tools]
        direct = [t["name"] for t in tools if t["name"] in self.typed]
        how = "Take each turn with step(session, action)"
        if tools:
            how += (f", or act(session, tool, arguments) with one of these tools: {json.dumps(tools)}"
                    + (f" (also callable directly: {', '.join(direct)})" if direct else ""))
        text = f"session: {session}\n\n{prompt}\n\n{how}. At most {env.max_turns} turn(s)."
        return text, {"session": session, "task": env.task.name, "difficulty": env.difficulty,
                      "seed": env.problem.seed, "max_turns": env.max_turns, "prompt": prompt, "tools": tools}

    def step(self, args):
        return self._play(args["session"], read_action(args["action"], None))

    def act(self, args):
        return self._play(args["session"], read_action(None, {"name": args["tool"], "arguments": args["arguments"]}))

    def end_episode(self, args):
        env = self.episodes.get(args["session"])
        self.episodes.close(args["session"])
        return f"episode {args['session']} ended after {env.turn} turn(s)", {"session": args["session"],
                                                                             "turns": env.turn}

    def _typed(self, tool_name):
        def handler(args):
            arguments = {k: v for k, v in args.items() if k != "session"}
            return self._play(args["session"], read_action(None, {"name": tool_name, "arguments": arguments}))
        return handler

    def _play(self, session, action):
        env = self.episodes.get(session)
        if env.done:
            raise BadRequest(f"episode {session} is over; start_episode opens another")
        if isinstance(action, dict) and action["name"] not in {t.name for t in env.task.tools}:
            names = ", ".join(t.name for t in env.task.tools) or "none"
            raise BadRequest(f"{action['name']} is not a tool of {env.task.name} (its tools: {names}); use step")
        result = step_result(*env.step(action))
        structured = {k: result[k] for k in ("text", "reward", "terminated", "truncated", "done", "turn")}
        structured["solved"] = bool((result["verdict"] or {}).get("correct"))
        text = result["text"]
        if result["done"]:
            text += f"\n\n[episode over: {'solved' if structured['solved'] else 'not solved'}]"
        return text, structured


def build_server(tasks: str = "*", max_episodes: int = DEFAULT_MAX_EPISODES, idle_s: float = DEFAULT_IDLE_S) -> Server:
    """An MCP low-level Server playing the tasks matching `tasks` (globs, comma-separated).
    `server.procgym` holds its ProcgymTools (and through it the open episodes)."""
    if not isinstance(max_episodes, int) or max_episodes < 1:
        raise ValueError(f"max_episodes must be a positive integer, got {max_episodes!r}")
    tools = ProcgymTools(served_tasks(tasks), Episodes(max_episodes, idle_s))

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=list(tools.schemas.values()))

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        return tools.call(params.name, params.arguments)

    server = Server("procgym", version=procgym.__version__, instructions=INSTRUCTIONS,
                    on_list_tools=list_tools, on_call_tool=call_tool)
    server.procgym = tools
    return server


async def run_stdio(server: Server) -> None:
    """Serve `server` over this process's stdin and stdout until the client closes them."""
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(server: Server, host: str = "127.0.0.1"):
    """A Starlette app serving `server` over streamable HTTP at /mcp (run it with uvicorn)."""
    return server.streamable_http_app(host=host)


def _unambiguous_tools(served):
    """The typed tools of the served tasks, one per name; a name declared with two different
    schemas is left out (step reaches it)."""
    by_name = defaultdict(dict)
    for name in sorted(served):
        for tool in get(name).tools:
            by_name[tool.name][json.dumps(tool.schema(), sort_keys=True)] = tool
    return [next(iter(kinds.values())) for _, kinds in sorted(by_name.items()) if len(kinds) == 1]


_JSON_TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "object": (dict,),
               "array": (list,)}


def _check_arguments(tool: str, schema: dict, arguments) -> None:
    """BadRequest unless `arguments` is an object with the schema's required keys, no others, and
    each of its declared JSON type (a boolean is not an integer). Values are checked further by
    the env, where a wrong one costs a turn as it would in process."""
    if not isinstance(arguments, dict):
        raise BadRequest(f"the arguments of {tool} must be an object")
    properties = schema["properties"]
    for key in arguments:
        if key not in properties:
            raise BadRequest(f"unknown argument {key!r} of {tool}; it takes {', '.join(properties)}")
    for key in schema["required"]:
        if key not in arguments:
            raise BadRequest(f"missing argument {key!r} of {tool}")
    for key, value in arguments.items():
        kind = properties[key].get("type")
        if key == "session" or kind not in _JSON_TYPES:
            continue
        if isinstance(value, bool) and kind != "boolean" or not isinstance(value, _JSON_TYPES[kind]):
            raise BadRequest(f"argument {key!r} of {tool} must be a{'n' if kind[0] in 'aeio' else ''} {kind}, "
                             f"got {json.dumps(value)[:40]}")
