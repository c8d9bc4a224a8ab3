"""Aggregation over a long server log: count the matching events, or sum their latency, in a window."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import clock_text, grade_int

from ._haystack import below, budget, density_knob, tokens_knob

HOSTS = tuple(f"{kind}-{i:02d}" for kind in ("web", "api", "db") for i in range(1, 13))
LEVELS = ("INFO",) * 7 + ("WARN",) * 2 + ("ERROR",)
STATUS = {"INFO": (200, 200, 201, 204, 304), "WARN": (404, 408, 429), "ERROR": (500, 502, 503, 504)}
PATHS = ("/api/orders", "/api/orders/items", "/api/users", "/api/users/login", "/api/cart", "/api/search",
         "/api/payments", "/api/payments/refund", "/health", "/static/app.js", "/api/inventory", "/api/reports")
METHODS = ("GET", "GET", "GET", "POST", "PUT", "DELETE")
FIELDS = ("level", "host", "path", "method")  # the conditions, in the order the levels add them
LINE_CHARS = 78  # the mean length of one log line with its line break
DAY_START, DAY_END = 6 * 3600, 22 * 3600


def line_text(ev) -> str:
    t, level, host, method, path, status, ms = ev
    return f"2024-05-14 {clock_text(t, seconds=True)} {host} {level:<5} {method} {path} status={status} latency={ms}ms"


def matches(ev, query, lo, hi) -> bool:
    row = {"level": ev[1], "host": ev[2], "method": ev[3], "path": ev[4]}
    return lo <= ev[0] <= hi and all(row[k] == v for k, v in query.items())


def aggregate(events, query, lo, hi, mode) -> tuple[int, int]:
    """(answer, matching lines): the count of matching lines, or the sum of their latency."""
    hits = [ev for ev in events if matches(ev, query, lo, hi)]
    return (len(hits) if mode == "count" else sum(ev[6] for ev in hits)), len(hits)


@register
class LogAggregation(Task):
    """A long server log, one request per line in time order. Count the lines that match several
    conditions (level, host, path, method) inside a time window, or sum their latency. Near misses
    match every condition but one: the same event just outside the window, or inside it on another
    host, path, method or level. Levels grow the log from about 1,000 tokens to 32,000 at level 10
    (46,000 at 20), the conditions from 1 to 4 and the share of near misses.

    Generation: about 1,250 problems/s at level 5 and 280 at level 10 on one shared core. A level-5 prompt
    is about 28,000 characters, some 360 log lines each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/log_aggregation"
    knobs = (
        tokens_knob(),
        Knob("conditions", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="conditions besides the window: level, then host, path and method"),
        density_knob("percent of the log lines that are near misses (all conditions but one hold)"),
    )
    answer_format = "an integer"
    example = "-1"  # counts and sums of latency are never negative

    def build(self, rng, params):
        chars = budget(params)
        n = max(10, chars // LINE_CHARS)
        rand = rng.random
        times = sorted(DAY_START + int(rand() * (DAY_END - DAY_START)) for _ in range(n))
        span = int((DAY_END - DAY_START) * (0.15 + 0.25 * rand()))
        lo = DAY_START + int(rand() * (DAY_END - DAY_START - span))
        lo -= lo % 60
        hi = lo + span - span % 60
        level = ("ERROR", "WARN")[below(rng, 2)]
        full = {"level": level, "host": HOSTS[below(rng, len(HOSTS))], "path": PATHS[below(rng, len(PATHS))],
                "method": METHODS[below(rng, len(METHODS))]}
        query = {k: full[k] for k in FIELDS[:params["conditions"]]}
        inside = sum(lo <= t <= hi for t in times)
        p_match = min(0.5, max(0.03, 4 / max(1, inside)))
        share = params["distractor_pct"] / 100
        events = []
        for t in times:
            x = rand()
            if x < share + p_match:
                row = dict(full)
                if x < share and lo <= t <= hi:  # a near miss inside the window breaks one condition
                    key = FIELDS[below(rng, len(query))]
                    pool = {"level": ("INFO", "WARN", "ERROR"), "host": HOSTS, "path": PATHS, "method": METHODS}[key]
                    row[key] = pool[below(rng, len(pool))]
                lev = row["level"]
                host, path, method = row["host"], row["path"], row["method"]
            else:
                lev = LEVELS[below(rng, len(LEVELS))]
                host, path, method = HOSTS[below(rng, len(HOSTS))], PATHS[below(rng, len(PATHS))], \
                    METHODS[below(rng, len(METHODS))]
            codes = STATUS[lev]
            events.append((t, lev, host, method, path, codes[below(rng, len(codes))], 5 + int(rand() * 900)))
        mode = ("count", "sum")[below(rng, 2)]
        value, hits = aggregate(events, query, lo, hi, mode)
        wanted = [f"level {query['level']}"] + [f"{k} {query[k]}" for k in FIELDS[1:] if k in query]
        what = ("How many log lines have" if mode == "count" else
                "What is the total latency, in milliseconds, of the log lines that have")
        question = ("Here is a server log for 2024-05-14, one request per line: time, host, level, method, path, "
                    "status and latency.\n\n" + "\n".join(map(line_text, events)) +
                    f"\n\n{what} {', '.join(wanted)} and a time from {clock_text(lo, seconds=True)} to "
                    f"{clock_text(hi, seconds=True)} inclusive? A line counts only if every condition holds "
                    "exactly (the path must be the same path, not a longer one)." +
                    (" Answer 0 if no line matches." if mode == "sum" else ""))
        return Draft(question, str(value), {"value": value, "lines": n, "hits": hits})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the right total")

    def effort(self, problem):
        # every line is checked against the window and the conditions; each hit is added up
        return problem.check["lines"] + problem.check["hits"] * problem.params["conditions"]
