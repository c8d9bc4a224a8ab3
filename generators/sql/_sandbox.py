"""The SQL sandbox: run one SELECT statement against a fresh in-memory SQLite database built from a
problem's own tables, with nothing writable and every resource bounded.

    db = {"tables": [{"name": "t", "columns": [["id", "INTEGER"], ["name", "TEXT"]], "rows": [[1, "Ana"]]}]}
    width, rows = run_query(db, "SELECT name FROM t")   # 1, [("Ana",)]; QueryRefused with a reason otherwise

Layers, each enough on its own for some attacks:
- text checks before SQLite sees anything: a length cap and a SELECT/WITH start;
- SQLite limits on the connection: the statement length, string and row size (so no giant values),
  expression depth, compound SELECTs, no attached databases, no bound variables;
- `PRAGMA query_only` after the tables are filled, and an authorizer that allows only reading the
  problem's tables and columns and calling a fixed list of pure functions (no ATTACH, PRAGMA,
  writes, schema reads, recursive CTEs, load_extension, randomblob);
- a progress handler that stops the statement after a fixed number of virtual-machine steps (a
  deterministic time limit) or, for the few instructions that are slow on long strings, after
  MAX_CPU_SECONDS of CPU time, and a row cap on what is fetched.
Every sqlite3 error becomes QueryRefused with a one-sentence reason; nothing else escapes.
"""
from __future__ import annotations

import re
import sqlite3
import time

MAX_QUERY_CHARS = 10_000
MAX_ROWS = 500  # rows fetched from an answer's result; more is refused
MAX_VALUE_BYTES = 1_000  # the longest string, blob or row SQLite may build (the data's are tens of bytes)
STEP_CHUNK = 100  # VM instructions between progress-handler calls
MAX_CHUNKS = 30_000  # so at most 3 million VM instructions per statement (tens of milliseconds)
# A second guard in CPU seconds of the running thread: one instruction can cost far more than the
# usual tens of nanoseconds (LIKE or a two-argument trim on long strings, once per row of a cross
# join), so a count of instructions alone does not bound the time. CPU time, not wall time, so a
# busy machine never stops a query; only a hostile one gets near it. The task's own reference
# queries run without it (their instruction count is small and fixed), so generation never
# depends on the machine.
MAX_CPU_SECONDS = 1.0

# pure functions a query may call: aggregates, window functions, scalar helpers. Nothing that
# reads files, loads code, makes large or random values, or inspects the database itself.
ALLOWED_FUNCTIONS = frozenset("""
    count sum total avg min max group_concat
    row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
    abs round coalesce ifnull nullif iif length lower upper trim ltrim rtrim substr substring instr
    like glob typeof cast sign
""".split())

_FIRST_WORD = re.compile(r"(select|with)\b", re.I)
_LIMITS = (
    (sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES),
    (sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_QUERY_CHARS + 10),
    (sqlite3.SQLITE_LIMIT_COLUMN, 100),
    (sqlite3.SQLITE_LIMIT_EXPR_DEPTH, 100),
    (sqlite3.SQLITE_LIMIT_COMPOUND_SELECT, 10),
    (sqlite3.SQLITE_LIMIT_FUNCTION_ARG, 8),
    (sqlite3.SQLITE_LIMIT_ATTACHED, 0),
    (sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100),
    (sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 0),
    (sqlite3.SQLITE_LIMIT_TRIGGER_DEPTH, 0),
    (sqlite3.SQLITE_LIMIT_WORKER_THREADS, 0),
)


class QueryRefused(Exception):
    """The query was not run, was stopped, or failed; the message is one sentence saying why."""


_IDENT = re.compile(r"[a-z_][a-z0-9_]{0,40}")


def _ident(name) -> str:
    # a record may come from a file: its names are checked before they reach any SQL text
    if not isinstance(name, str) or not _IDENT.fullmatch(name):
        raise QueryRefused("The problem's database record is malformed.")
    return name


def create_statements(db: dict) -> list[str]:
    """The CREATE TABLE statements of a database record (also what the prompt shows)."""
    out = []
    for table in db["tables"]:
        _ident(table["name"])
        cols = []
        for col in table["columns"]:
            name, kind = _ident(col[0]), col[1]
            if kind not in ("INTEGER", "TEXT"):
                raise QueryRefused("The problem's database record is malformed.")
            extra = " PRIMARY KEY" if name == "id" else ""
            if len(col) > 2 and col[2]:
                extra += f" REFERENCES {_ident(col[2])}(id)"
            cols.append(f"{name} {kind}{extra}")
        out.append(f"CREATE TABLE {table['name']} ({', '.join(cols)});")
    return out


_ACTION_NAMES = {getattr(sqlite3, name): name[7:].lower().replace("_", " ") for name in dir(sqlite3)
                 if name.startswith("SQLITE_") and name[7:] in {
                     "ATTACH", "DETACH", "PRAGMA", "INSERT", "UPDATE", "DELETE", "TRANSACTION", "SAVEPOINT",
                     "CREATE_TABLE", "CREATE_TEMP_TABLE", "CREATE_VIEW", "CREATE_INDEX", "CREATE_TRIGGER",
                     "CREATE_VTABLE", "DROP_TABLE", "DROP_VIEW", "DROP_INDEX", "ALTER_TABLE", "ANALYZE",
                     "REINDEX", "RECURSIVE"}}


def _authorizer(allowed: dict[str, frozenset], denied: list):
    def decide(action, arg1, arg2, _db, _trigger):
        if action == sqlite3.SQLITE_SELECT:
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_READ:
            cols = allowed.get((arg1 or "").lower())
            if cols is not None and (arg2 or "").lower() in cols:
                return sqlite3.SQLITE_OK
            denied.append(f"reading {arg1}" if cols is None else f"reading {arg1}.{arg2}")
        elif action == sqlite3.SQLITE_FUNCTION:
            if (arg2 or "").lower() in ALLOWED_FUNCTIONS:
                return sqlite3.SQLITE_OK
            denied.append(f"the function {arg2}")
        else:
            denied.append("a recursive WITH" if action == sqlite3.SQLITE_RECURSIVE
                          else f"the operation {_ACTION_NAMES.get(action, 'asked for')}")
        return sqlite3.SQLITE_DENY
    return decide


def _open(db: dict, denied: list):
    """A fresh connection holding the record's tables, locked down for reading."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    if hasattr(conn, "enable_load_extension"):
        conn.enable_load_extension(False)
    conn.executescript("\n".join(create_statements(db)))  # our own statements: one call is faster
    for table in db["tables"]:
        if table["rows"]:
            marks = ", ".join("?" * len(table["columns"]))
            conn.executemany(f"INSERT INTO {table['name']} VALUES ({marks})", table["rows"])
    conn.execute("PRAGMA query_only = 1")
    for limit, value in _LIMITS:
        conn.setlimit(limit, value)
    allowed = {t["name"].lower(): frozenset([c[0].lower() for c in t["columns"]] + ["", "rowid", "oid", "_rowid_"])
               for t in db["tables"]}
    conn.set_authorizer(_authorizer(allowed, denied))
    return conn


def run_query(db: dict, query: str, max_rows: int = MAX_ROWS,
              trusted: bool = False) -> tuple[int, list[tuple]]:
    """(number of columns, result rows) of `query` on a fresh copy of `db`; QueryRefused (with the
    reason) when the query is not one SELECT statement, is refused by the sandbox, fails, runs too
    long or returns more than `max_rows` rows. `trusted` (the task's own reference query) drops
    only the CPU-time guard; every other limit stays."""
    if not isinstance(query, str) or not query.strip():
        raise QueryRefused("The answer is not an SQL query.")
    if len(query) > MAX_QUERY_CHARS:
        raise QueryRefused(f"The query is longer than {MAX_QUERY_CHARS} characters.")
    if not _FIRST_WORD.match(query, _skip_comments(query)):
        raise QueryRefused("The answer must be one SQL statement starting with SELECT or WITH.")
    if "\x00" in query:
        raise QueryRefused("The query contains a NUL character.")
    chunks, denied = [0], []
    deadline = float("inf") if trusted else time.thread_time() + MAX_CPU_SECONDS

    def progress():
        chunks[0] += 1
        if chunks[0] > MAX_CHUNKS or time.thread_time() > deadline:
            chunks[0] = MAX_CHUNKS + 1
            return 1  # non-zero interrupts the statement
        return 0

    conn = None
    try:
        conn = _open(db, denied)
        conn.set_progress_handler(progress, STEP_CHUNK)
        cursor = conn.execute(query)
        rows = cursor.fetchmany(max_rows + 1)
        if cursor.description is None:
            raise QueryRefused("The statement returns no result set.")
        width = len(cursor.description)
    except QueryRefused:
        raise
    except (sqlite3.Error, sqlite3.Warning) as exc:  # older Pythons raise Warning for a second statement
        if chunks[0] > MAX_CHUNKS:
            raise QueryRefused("The query ran too long and was stopped.") from None
        if denied:
            raise QueryRefused(f"The sandbox does not allow {denied[0][:80]} (only reading the tables shown "
                               f"and calling common SQL functions).") from None
        raise QueryRefused(f"The query failed: {_reason(exc)}.") from None
    except (ValueError, OverflowError, MemoryError) as exc:  # e.g. text that is not valid UTF-8
        raise QueryRefused(f"The query could not be run ({type(exc).__name__}).") from None
    finally:
        if conn is not None:
            conn.close()
    if len(rows) > max_rows:
        raise QueryRefused(f"The query returns more than {max_rows} rows.")
    return width, rows


def _skip_comments(query: str) -> int:
    """Where the first word of `query` starts, after white space and comments (a model may label
    its query with one): one linear scan, no regex backtracking."""
    i, n = 0, len(query)
    while i < n:
        if query[i].isspace():
            i += 1
        elif query.startswith("--", i):
            end = query.find("\n", i)
            i = n if end < 0 else end + 1
        elif query.startswith("/*", i):
            end = query.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            break
    return i


def _reason(exc: Exception) -> str:
    text = " ".join(str(exc).split())[:160] or type(exc).__name__
    return text.rstrip(".")
