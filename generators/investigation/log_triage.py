"""Trace an alert back to the service whose failure caused it, by searching a log store."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask, plural

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names

SERVICES = ("auth", "billing", "cart", "catalog", "checkout", "db", "email", "gateway", "geo", "images", "inventory",
            "ledger", "metrics", "orders", "payments", "queue", "ranking", "search", "session", "shipping",
            "storage", "tax", "users", "wallet")
CRASHES = ("out of memory", "disk full", "segmentation fault", "certificate expired", "config file missing",
           "deadlock detected")
NOISE = {"error": ("rejected request: invalid token", "rejected request: malformed JSON", "client closed connection",
                   "rate limit exceeded for a client", "request validation failed"),
         "warn": ("slow response", "retrying a request", "cache miss rate high", "queue depth rising"),
         "info": ("request served", "health check ok", "config reloaded", "worker started")}
LEVELS = ("info", "warn", "error")
START = 8 * 3600  # the log window opens at 08:00:00
_SEARCH = re.compile(r"^search\s+([a-z]{1,16})\s+(info|warn|error)(?:\s+after\s+(\d{1,2}):(\d{2}):(\d{2}))?$",
                     re.IGNORECASE)
_CALL = re.compile(r"^call to ([a-z]+) failed")


def clock(t: int) -> str:
    return f"{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}"


def cause(message: str) -> tuple[str, str | None] | None:
    """What an error line says about the incident: ("upstream", service), ("crash", None), or
    None for an unrelated error."""
    m = _CALL.match(message)
    if m:
        return "upstream", m.group(1)
    if message.startswith("process crashed"):
        return "crash", None
    return None


@register
class LogTriage(TurnBudgetTask):
    """An alert fired on one service. A log store holds every service's lines (time, level,
    message); the agent searches it by service and level, a page of lines at a time (`search
    SERVICE LEVEL`, then `after HH:MM:SS` for the next page), and names the root-cause service:
    the alerted service's errors say which upstream call failed, that service's errors name its
    own upstream, and so on back to a service whose process crashed. Higher levels lengthen the
    chain of failures, add services and unrelated errors (rejected client requests, in every
    service, before and during the incident) and show fewer lines per page.

    The reference policy follows the chain: it pages through the current service's errors until
    the first line that names a failed upstream call or a crash. The budget is its line plus the
    slack. Generation replays that line through the dynamics (several searches over the whole
    log), so it makes about 1,000 problems/s at level 5 on an idle core, fewer under load.
    """

    name = "investigation/log_triage"
    knobs = (
        Knob("services", [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24], (3, len(SERVICES)),
             doc="services writing to the log"),
        Knob("chain", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12, 13], (2, len(SERVICES)),
             doc="services on the chain of failures, the alerted one and the root cause included"),
        Knob("noise", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (0, 100),
             doc="unrelated error lines per service"),
        Knob("page", [8, 8, 6, 6, 5, 5, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2], (1, 50),
             doc="lines one search shows"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's line"),
    )
    answer_format = "one command per turn: search SERVICE LEVEL (after HH:MM:SS), or answer SERVICE"
    example = "search nobody error"  # a search never wins
    tools = (Tool("search", "Show the first page of a service's log lines of one level.", "search {service} {level}",
                  (Param("service", "string", "the service's name"),
                   Param("level", "string", "the log level", enum=LEVELS))),
             Tool("search_after", "Show the next page: a service's lines of one level after a time.",
                  "search {service} {level} after {time}",
                  (Param("service", "string", "the service's name"),
                   Param("level", "string", "the log level", enum=LEVELS),
                   Param("time", "string", "HH:MM:SS; only lines strictly later are shown"))),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        n, chain_len = params["services"], min(params["chain"], params["services"])
        services = sorted(rng.sample(SERVICES, n))
        chain = rng.sample(services, chain_len)  # chain[0] is alerted, chain[-1] crashed
        width = 3600
        times = iter(sorted(rng.sample(range(START, START + width), n * (params["noise"] + 8) + chain_len * 4)))
        t0 = START + rng.randrange(width // 3, width // 2)
        lines = []
        for s in services:
            for _ in range(params["noise"]):
                lines.append([s, "error", rng.choice(NOISE["error"])])
            for level in ("warn", "info", "info"):
                lines.append([s, level, rng.choice(NOISE[level])])
        stamped = [[t, *line] for t, line in zip(times, lines)]
        used = {t for t, *_ in stamped}
        # the incident: the root crashes, then each service up the chain sees its upstream fail
        t = t0
        for k in range(chain_len - 1, -1, -1):
            s = chain[k]
            messages = ([f"process crashed: {rng.choice(CRASHES)}"] if k == chain_len - 1
                        else [f"call to {chain[k + 1]} failed: connection refused"] * 2)
            for message in messages:
                t += rng.randrange(1, 20)
                while t in used:
                    t += 1
                used.add(t)
                stamped.append([t, s, "error", message])
        stamped.sort()
        alert = next(t for t, sv, _, msg in stamped if sv == chain[0] and cause(msg))
        check = {"services": services, "alerted": chain[0], "root": chain[-1], "logs": stamped,
                 "page": params["page"], "budget": 10**6}
        line = self.reference_line(check)
        check["budget"] = len(line) + params["slack"]
        question = (
            f"An alert fired on the service {chain[0]} at {clock(alert)}. The services are "
            f"{', '.join(services)}; each writes log lines (a time, a level info, warn or error, and a message) "
            f"from {clock(START)} on. When a service's call to another service fails, it logs an error naming "
            "that service; a service whose own process crashes logs that too. Other errors (rejected client "
            "requests and the like) are unrelated. Find the root cause: the service whose crash started the "
            "failures that reached the alerted service.\n\n"
            "Commands (one per turn):\n"
            f"  search SERVICE LEVEL                  the first {plural(params['page'], 'line')} of that service "
            "at that level, oldest first\n"
            "  search SERVICE LEVEL after HH:MM:SS   the same, only lines strictly after that time\n"
            "  answer SERVICE                        name the root cause; this ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(line), check)

    def effort(self, problem):
        # the searches, and every log line they read through
        return sum(1 + self.shown(problem.check, line) for line in problem.answer.splitlines())

    def shown(self, check, action: str) -> int:
        """How many log lines a search action shows (0 for any other action)."""
        m = _SEARCH.match(action)
        if not m:
            return 0
        after = -1 if m.group(3) is None else int(m.group(3)) * 3600 + int(m.group(4)) * 60 + int(m.group(5))
        s, level = m.group(1).lower(), m.group(2).lower()
        return min(check["page"], sum(1 for t, sv, lv, _ in check["logs"] if sv == s and lv == level and t > after))

    def start(self, problem):
        return {"seen": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, [check["root"]], True, "one service's name, as answer SERVICE")
        m = _SEARCH.match(text)
        if not m:
            return "Unknown command: use search SERVICE LEVEL, search SERVICE LEVEL after HH:MM:SS or answer.", None
        s, level = m.group(1).lower(), m.group(2).lower()
        if s not in check["services"]:
            return f"There is no service {s}.", None
        after = -1
        if m.group(3) is not None:
            h, mi, se = int(m.group(3)), int(m.group(4)), int(m.group(5))
            if h > 23 or mi > 59 or se > 59:
                return "A time is HH:MM:SS, like 08:15:30.", None
            after = h * 3600 + mi * 60 + se
        found = [line for line in check["logs"] if line[1] == s and line[2] == level and line[0] > after]
        shown = found[:check["page"]]
        for line in shown:
            if line not in state["seen"]:
                state["seen"].append(line)
        if not shown:
            return f"No {level} lines of {s}{'' if after < 0 else ' after ' + clock(after)}.", None
        more = len(found) - len(shown)
        text = "\n".join(f"{clock(t)} {sv} {lv.upper()} {msg}" for t, sv, lv, msg in shown)
        return text + (f"\n({more} more)" if more else "\n(no more)"), None

    def unsolved(self, problem, state):
        return "the root cause was not named."

    def plan(self, problem, state):
        cur, visited = problem.check["alerted"], set()
        while cur not in visited:
            visited.add(cur)
            mine = sorted(line for line in state["seen"] if line[1] == cur and line[2] == "error")
            found = next((c for c in (cause(line[3]) for line in mine) if c), None)
            if found is None:
                return f"search {cur} error" + (f" after {clock(mine[-1][0])}" if mine else "")
            if found[0] == "crash":
                return f"answer {cur}"
            cur = found[1]
        return f"answer {cur}"  # pragma: no cover - the chain has no cycle
