"""Typed tools: an interactive task's actions as function calls, rendered to OpenAI's schema.

A task declares its actions once, and a call becomes the task's own text action, so a tool call
and the text grammar reach the same `act` and have identical dynamics:

    class LightsOut(TurnBudgetTask):
        tools = (Tool("press", "Press a light: it and its neighbours toggle.", "press {row} {col}",
                      (Param("row", "integer", "row, 0 at the top"),
                       Param("col", "integer", "column, 0 at the left"))),)

    schema = [t.schema() for t in task.tools]          # for the model's chat template
    call = read_tool_call('{"name": "press", "arguments": {"row": 1, "col": 2}}')
    action = to_action(task.tools, call)              # "press 1 2", or ToolCallError(reason)

A single-answer task has one tool, `submit_answer(answer)` (`SUBMIT_ANSWER`).

A call is read strictly: one call, a known tool, every required argument, no unknown argument, each
of its declared type (a boolean is not an integer; "3" is not an integer either: a model that
emits typed JSON must type it). A value is put into the action text as written, so a string
argument is read by the task's own strict reader like any text action; strings must not hold
line breaks, since an interactive task's answer lines are separate actions (a parameter that
takes a whole answer, like submit_answer's grid answers, says `lines=True`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Callable, Union

# JSON Schema type names -> the Python types a JSON decoder gives for them
TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "array": (list,)}
MAX_CALL_CHARS = 20_000  # characters of one call's JSON text, checked before decoding
_CALL_KEYS = {"name", "function", "tool_calls"}  # a JSON object with one of these is meant as a call


class ToolCallError(ValueError):
    """A tool call that cannot become an action; the message is one sentence for the agent."""


@dataclass(frozen=True)
class Param:
    """One argument of a tool: a name, a JSON Schema type, a description, optional `enum` values,
    for an "array" the type of its items (joined with `sep` in the action text), and whether a
    string may hold line breaks (`lines`: a whole answer, never one action)."""

    name: str
    type: str
    description: str
    enum: tuple = ()
    items: str = "string"
    sep: str = " "
    lines: bool = False

    def __post_init__(self):
        if self.type not in TYPES or (self.type == "array" and self.items not in TYPES):
            raise ValueError(f"parameter {self.name!r}: type must be one of {list(TYPES)}, got {self.type!r}")

    def schema(self) -> dict:
        out: dict = {"type": self.type, "description": self.description}
        if self.type == "array":
            out["items"] = {"type": self.items}
        if self.enum:
            out["enum"] = list(self.enum)
        return out

    def check(self, tool: str, value):
        """`value` as the action text writes it; ToolCallError if it is not of this type."""
        if not _is_type(value, self.type) or (self.type == "array" and not all(_is_type(v, self.items) for v in value)):
            kind = f"an array of {self.items}s" if self.type == "array" else f"a{'n' if self.type[0] in 'aeiou' else ''} {self.type}"
            raise ToolCallError(f"Argument {self.name!r} of {tool} must be {kind}, got {_preview(value)}.")
        if self.enum and value not in self.enum:
            raise ToolCallError(f"Argument {self.name!r} of {tool} must be one of {', '.join(map(str, self.enum))}, "
                                f"got {_preview(value)}.")
        text = self.sep.join(_text(v) for v in value) if self.type == "array" else _text(value)
        if not self.lines and ("\n" in text or "\r" in text):
            raise ToolCallError(f"Argument {self.name!r} of {tool} must be on one line.")
        return text


@dataclass(frozen=True)
class Tool:
    """One action of a task as a function: `action` is the text action it stands for, a format
    string over the parameter names ("press {row} {col}") or a function of the checked argument
    texts (a dict) for grammars a template cannot write."""

    name: str
    description: str
    action: Union[str, Callable[[dict], str]]
    params: tuple[Param, ...] = field(default=())
    parse: Callable[[str], dict | None] | None = None  # the inverse of a function `action` (see match)

    def schema(self) -> dict:
        """The OpenAI function-calling schema: {"type": "function", "function": {...}}."""
        return {"type": "function", "function": {
            "name": self.name, "description": self.description,
            "parameters": {"type": "object", "properties": {p.name: p.schema() for p in self.params},
                           "required": [p.name for p in self.params], "additionalProperties": False}}}

    def to_action(self, arguments: dict) -> str:
        """The text action of a call with `arguments`; ToolCallError names what is wrong."""
        if not isinstance(arguments, dict):
            raise ToolCallError(f"The arguments of {self.name} must be a JSON object, got {_preview(arguments)}.")
        known = {p.name for p in self.params}
        extra = sorted(set(arguments) - known)
        if extra:
            raise ToolCallError(f"Unknown argument {extra[0]!r} of {self.name}; it takes "
                                f"{', '.join(sorted(known)) or 'no arguments'}.")
        missing = [p.name for p in self.params if p.name not in arguments]
        if missing:
            raise ToolCallError(f"Missing argument {missing[0]!r} of {self.name}.")
        texts = {p.name: p.check(self.name, arguments[p.name]) for p in self.params}
        return self.action(texts) if callable(self.action) else self.action.format(**texts)

    def match(self, action: str) -> dict | None:
        """The arguments of a call that writes `action`, or None: the inverse of `to_action`, read
        off a template (a tool whose `action` is a function passes `parse`, its own inverse). Used to
        replay a text transcript as tool calls (the contract suite's check of identical dynamics)."""
        if self.parse is not None:
            return self.parse(action)
        if callable(self.action):
            return None
        found = _template_regex(self.action, self.params).fullmatch(action)
        if not found:
            return None
        try:
            return {p.name: _value(found.group(p.name), p) for p in self.params}
        except ValueError:
            return None


SUBMIT_ANSWER = Tool("submit_answer", "Submit your final answer, written in the format the problem asks for.",
                     "{answer}", (Param("answer", "string", "the final answer, in the format the problem states "
                                        "(a grid answer keeps its line breaks)", lines=True),))


@dataclass(frozen=True)
class ToolCall:
    """A parsed call: the tool's name and its arguments."""

    name: str
    arguments: dict


def read_tool_call(action) -> ToolCall | None:
    """The one tool call `action` holds, None when it is not a tool call (plain text), or
    ToolCallError when it is one but malformed.

    Text is a call only when it is such JSON whole, or wrapped in <tool_call> tags; any other text
    (a raw answer "{1, 2}") is plain text. Accepted shapes: a dict or JSON text of {"name", "arguments"} (arguments an object or a JSON
    string), OpenAI's {"type": "function", "function": {...}}, a message with "tool_calls" holding
    exactly one call, and the same JSON inside <tool_call>...</tool_call> (Hermes/Qwen templates).
    """
    if isinstance(action, str):
        text = action.strip()
        wrapped = text.startswith("<tool_call>") and text.endswith("</tool_call>")
        if wrapped:
            text = text[len("<tool_call>"):-len("</tool_call>")].strip()
        elif not text.startswith("{") or len(text) > MAX_CALL_CHARS:
            return None
        if len(text) > MAX_CALL_CHARS:
            raise ToolCallError(f"The tool call is longer than {MAX_CALL_CHARS} characters.")
        try:
            action = json.loads(text)
        except (ValueError, RecursionError):
            if wrapped:
                raise ToolCallError("The tool call is not valid JSON.") from None
            return None  # text that merely starts with a brace ("{1, 2}" as a raw answer)
        if not wrapped and not (isinstance(action, dict) and _CALL_KEYS & set(action)):
            return None
    if not isinstance(action, dict):
        raise ToolCallError("A tool call must be a JSON object with a name and arguments.")
    if "tool_calls" in action:
        calls = action["tool_calls"]
        if not isinstance(calls, list) or len(calls) != 1:
            raise ToolCallError("Make exactly one tool call per turn.")
        action = calls[0]
        if not isinstance(action, dict):
            raise ToolCallError("A tool call must be a JSON object with a name and arguments.")
    if isinstance(action.get("function"), dict):
        action = action["function"]
    name, arguments = action.get("name"), action.get("arguments", {})
    if not isinstance(name, str) or not name:
        raise ToolCallError("The tool call has no tool name.")
    if isinstance(arguments, str):
        if len(arguments) > MAX_CALL_CHARS:
            raise ToolCallError(f"The arguments of {name} are longer than {MAX_CALL_CHARS} characters.")
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (ValueError, RecursionError):
            raise ToolCallError(f"The arguments of {name} are not valid JSON.") from None
    if not isinstance(arguments, dict):
        raise ToolCallError(f"The arguments of {name} must be a JSON object.")
    return ToolCall(name, arguments)


def to_action(tools, call: ToolCall) -> str:
    """The text action of `call` under `tools` (a sequence of Tool); ToolCallError if it fits none."""
    for tool in tools:
        if tool.name == call.name:
            return tool.to_action(call.arguments)
    names = ", ".join(t.name for t in tools)
    raise ToolCallError(f"Unknown tool {_preview(call.name)}; the tools are: {names}.")


_PATTERNS = {"integer": r"-?\d+", "number": r"-?\d+(?:\.\d+)?", "boolean": r"true|false", "string": r".+?"}


def _template_regex(template: str, params) -> re.Pattern:
    by_name, out, pos = {p.name: p for p in params}, [], 0
    for found in re.finditer(r"\{(\w+)\}", template):
        out.append(re.escape(template[pos:found.start()]))
        p = by_name[found.group(1)]
        if p.type == "array":
            item = _PATTERNS[p.items]
            pattern = f"(?:{item})(?:{re.escape(p.sep)}(?:{item}))*"
        elif p.enum:  # only the values the call may give, longest first ("unflag" before "flag")
            pattern = "|".join(re.escape(_text(v)) for v in sorted(p.enum, key=lambda v: -len(_text(v))))
        else:
            pattern = _PATTERNS[p.type]
        out.append(f"(?P<{p.name}>{pattern})")
        pos = found.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.IGNORECASE | re.DOTALL)


def _value(text: str, p: Param):
    def one(kind, t):
        return {"integer": int, "number": float, "boolean": lambda v: v.lower() == "true"}.get(kind, str)(t)
    if p.enum:  # the enum's own spelling of a value matched regardless of case
        return next(v for v in p.enum if _text(v).lower() == text.lower())
    return [one(p.items, t) for t in text.split(p.sep)] if p.type == "array" else one(p.type, text)


def _is_type(value, kind: str) -> bool:
    # bool is an int subclass in Python, but not an integer in JSON Schema
    return isinstance(value, TYPES[kind]) and not (kind in ("integer", "number") and isinstance(value, bool))


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _preview(value, limit: int = 40) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
