"""OpenEnv server overhead: what a step costs over the WebSocket beyond the env's own step.

    python bench/serve.py [--sessions 64] [--steps 20] [--rounds 3] [--open-sessions 1000] [--quick]
                          [--out bench/results/serve.json]

`procgym serve` runs as a child process on 127.0.0.1 (a free port); this process drives it with
OpenEnv's own client (ProcgymEnvClient, an EnvClient), one client per session. Every session plays
a scripted transcript (procgym.envs.serve.transcript: the oracle's actions as text or as tool
calls, mixed with invalid ones) on games/mastermind and arithmetic/expression_value in turn, and
the same transcripts are replayed in process, so each step's round trip can be set against the
env's own time for that very step (the median over --rounds replays).

- one session: every session's transcript, played in turn by one client, --rounds times: the
  round trip with no other traffic.
- concurrent: --sessions clients at once, each playing its transcript --rounds times as fast as
  the server answers (a closed loop). A round trip there also waits behind the other sessions'
  steps, so its median is about sessions / (steps per second): steps per second is the figure
  that says what the server sustains.
- memory: a fresh server, --open-sessions sessions opened and reset to an episode (alternating the
  two tasks): the server's resident memory idle, with them open (and its peak, VmHWM), and after
  they close (the session count must be back to 0).

Overhead = round trip - the in-process env step, step by step; the table shows p10s, medians and
p99s. Steps per second = steps / the phase's wall time, the resets between episodes included. CPU
per message = the server's (or this client process's) user + system CPU time in the phase over its
messages (steps and resets): unlike a round trip, it does not count waiting for a busy core.
Times are wall-clock (time.perf_counter): a round trip is wall time. Client and server share the
machine's cores. Target: median overhead of one session's steps under 2 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generation import fmt, percentile  # noqa: E402
from machine import load_average, machine_info, portable_args, write_results  # noqa: E402

import procgym  # noqa: E402
from procgym.envs import TaskEnv  # noqa: E402
from procgym.kit.text import table as text_table  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "serve.json"
TASKS = {"games/mastermind": 12, "arithmetic/expression_value": 3}  # interactive and single-answer, with max_turns
TARGET_MS = 2.0
clock = time.perf_counter


def transcripts(sessions: int, steps: int) -> list[list]:
    from procgym.envs.serve.transcript import record

    names = sorted(TASKS)
    return [record(names[i % 2], first_seed=1000 + i, steps=steps, max_turns=TASKS[names[i % 2]], seed=i)
            for i in range(sessions)]


def env_times(events, rounds: int) -> list[float]:
    """Each step event's in-process TaskEnv.step time (the median of `rounds` replays)."""
    per_step = [[] for e in events if e.kind == "step"]
    for _ in range(rounds):
        env, k = None, 0
        for event in events:
            if event.kind == "reset":
                options = event.payload
                env = TaskEnv(options["task"], difficulty=options["difficulty"], max_turns=options["max_turns"])
                env.reset(seed=options["seed"])
                continue
            t0 = clock()
            env.step(event.payload)
            per_step[k].append(clock() - t0)
            k += 1
    return [statistics.median(ts) for ts in per_step]


async def play(client, events, rounds: int) -> list[list[float]]:
    """Play `events` `rounds` times on one connected client: each round's step round trips, in order."""
    out = []
    for _ in range(rounds):
        trips = []
        for event in events:
            if event.kind == "reset":
                await client.reset(**event.payload)
                continue
            t0 = clock()
            result = await client.step(event.payload)
            trips.append(clock() - t0)
            if result.observation.text != event.expected["text"] or result.reward != event.expected["reward"]:
                raise AssertionError(f"the server's answer differs from the in-process env on {event.payload!r}")
        out.append(trips)
    return out


def latency_row(phase: str, sessions: int, trips: list[float], env: list[float], wall: float, messages: int,
                cpu: tuple[float, float]) -> dict:
    """Round trips and the in-process times of the same steps (parallel lists), as one table row;
    `cpu` is the (server, client) CPU seconds the phase's `messages` (steps and resets) took."""
    over = [t - e for t, e in zip(trips, env)]
    ms = lambda xs, q: percentile(xs, q) * 1e3  # noqa: E731
    return {"phase": phase, "sessions": sessions, "steps": len(trips), "messages": messages, "wall_s": wall,
            "steps_per_s": len(trips) / wall,
            "round_trip_ms_p10": ms(trips, 10), "round_trip_ms_p50": ms(trips, 50), "round_trip_ms_p99": ms(trips, 99),
            "env_ms_p50": ms(env, 50), "env_ms_p99": ms(env, 99),
            "overhead_ms_p10": ms(over, 10), "overhead_ms_p50": ms(over, 50), "overhead_ms_p99": ms(over, 99),
            "overhead_ms_mean": statistics.mean(over) * 1e3,
            "server_cpu_us_per_message": cpu[0] / messages * 1e6, "client_cpu_us_per_message": cpu[1] / messages * 1e6}


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far, from /proc (0.0 where there is none)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class CpuMeter:
    """CPU seconds spent by the server (pid) and by this process between start() and stop()."""

    def __init__(self, pid: int):
        self.pid = pid

    def start(self):
        self.server, self.client = cpu_seconds(self.pid), time.process_time()

    def stop(self) -> tuple[float, float]:
        return cpu_seconds(self.pid) - self.server, time.process_time() - self.client


async def measure_latency(url: str, pid: int, scripts, times, rounds: int) -> list[dict]:
    from procgym.envs.serve.openenv_client import ProcgymEnvClient

    rows, meter = [], CpuMeter(pid)
    resets = [sum(e.kind == "reset" for e in s) for s in scripts]
    async with ProcgymEnvClient(base_url=url, message_timeout_s=120) as client:  # one session alone
        await play(client, scripts[0], 1)  # warm-up: lazy imports, caches
        trips, env, t0 = [], [], clock()
        meter.start()
        for k, script in enumerate(scripts):
            for got in await play(client, script, rounds):
                trips += got
                env += times[k]
        rows.append(latency_row("one session", 1, trips, env, clock() - t0, len(trips) + rounds * sum(resets),
                                meter.stop()))
    clients = [ProcgymEnvClient(base_url=url, message_timeout_s=120) for _ in scripts]
    await asyncio.gather(*(c.connect() for c in clients))
    try:
        await asyncio.gather(*(play(c, s, 1) for c, s in zip(clients, scripts)))  # warm-up round
        t0 = clock()
        meter.start()
        played = await asyncio.gather(*(play(c, s, rounds) for c, s in zip(clients, scripts)))
        wall, cpu = clock() - t0, meter.stop()
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    trips = [t for per_client in played for got in per_client for t in got]
    env = [e for k, per_client in enumerate(played) for _ in per_client for e in times[k]]
    rows.append(latency_row(f"{len(scripts)} concurrent", len(scripts), trips, env, wall,
                            len(trips) + rounds * sum(resets), cpu))
    return rows


def memory_kib(pid: int) -> dict:
    """The process's resident memory now (VmRSS) and at its peak (VmHWM), in KiB, from /proc."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        return {"rss": int(fields["VmRSS"].split()[0]), "peak": int(fields["VmHWM"].split()[0])}
    except (OSError, KeyError, ValueError):
        return {"rss": None, "peak": None}


async def measure_memory(url: str, pid: int, sessions: int) -> dict:
    import httpx

    from procgym.envs.serve.openenv_client import ProcgymEnvClient

    names = sorted(TASKS)
    idle = memory_kib(pid)
    clients = [ProcgymEnvClient(base_url=url, message_timeout_s=300) for _ in range(sessions)]
    gate = asyncio.Semaphore(64)

    async def open_one(i, client):
        async with gate:
            await client.connect()
            await client.reset(task=names[i % 2], seed=i, difficulty=3, max_turns=TASKS[names[i % 2]])

    t0 = clock()
    await asyncio.gather(*(open_one(i, c) for i, c in enumerate(clients)))
    opened_s = clock() - t0
    async with httpx.AsyncClient(timeout=30) as http:
        active = (await http.get(f"{url}/sessions")).json()["active"]
        loaded = memory_kib(pid)
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        deadline = clock() + 60
        while (after_close := (await http.get(f"{url}/sessions")).json()["active"]) and clock() < deadline:
            await asyncio.sleep(0.1)
    closed = memory_kib(pid)
    per_session = ((loaded["rss"] - idle["rss"]) / sessions) if loaded["rss"] and idle["rss"] else None
    return {"sessions": sessions, "active_when_open": active, "active_after_close": after_close,
            "open_s": opened_s, "rss_idle_mib": _mib(idle["rss"]), "rss_open_mib": _mib(loaded["rss"]),
            "rss_peak_mib": _mib(loaded["peak"]), "rss_after_close_mib": _mib(closed["rss"]),
            "kib_per_session": per_session}


def _version(distribution: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def _mib(kib):
    return None if kib is None else kib / 1024


def table(rows: list[dict]) -> str:
    header = ["phase", "steps", "steps/s", "round trip p10/p50/p99 ms", "env step p50/p99 ms",
              "overhead p10/p50/p99 ms", "server CPU us/msg", "client CPU us/msg"]
    return text_table([[r["phase"], r["steps"], fmt(r["steps_per_s"]),
                        f"{r['round_trip_ms_p10']:.2f} / {r['round_trip_ms_p50']:.2f} / {r['round_trip_ms_p99']:.2f}",
                        f"{r['env_ms_p50']:.3f} / {r['env_ms_p99']:.3f}",
                        f"{r['overhead_ms_p10']:.2f} / {r['overhead_ms_p50']:.2f} / {r['overhead_ms_p99']:.2f}",
                        f"{r['server_cpu_us_per_message']:.0f}", f"{r['client_cpu_us_per_message']:.0f}"]
                       for r in rows], header)


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, default=None, help="concurrent sessions (default 64)")
    ap.add_argument("--steps", type=int, default=None, help="steps per session's transcript (default 20)")
    ap.add_argument("--rounds", type=int, default=None, help="times each transcript is played (default 3)")
    ap.add_argument("--open-sessions", type=int, default=None, help="sessions held open for the memory figure "
                                                                    "(default 1000)")
    ap.add_argument("--quick", action="store_true", help="4 sessions x 5 steps, 1 round, 20 open sessions")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    quick = {"sessions": 4, "steps": 5, "rounds": 1, "open_sessions": 20}
    full = {"sessions": 64, "steps": 20, "rounds": 3, "open_sessions": 1000}
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.sessions < 2 or min(args.steps, args.rounds, args.open_sessions) < 1:
        ap.error("--sessions must be at least 2; --steps, --rounds and --open-sessions positive")
    return args


def main(argv=None) -> int:
    from procgym.envs.serve.listen import child

    args = parse_args(argv)
    machine = machine_info()
    started = clock()
    scripts = transcripts(args.sessions, args.steps)
    times = [env_times(s, max(3, args.rounds)) for s in scripts]
    tasks = ",".join(sorted(TASKS))
    with child("--tasks", tasks, "--max-sessions", str(args.sessions + 8)) as (url, proc):
        rows = asyncio.run(measure_latency(url, proc.pid, scripts, times, args.rounds))
    with child("--tasks", tasks, "--max-sessions", str(args.open_sessions + 8)) as (url, proc):
        memory = asyncio.run(measure_memory(url, proc.pid, args.open_sessions))
    print(table(rows))
    print(f"\nmemory: server RSS {memory['rss_idle_mib']:.1f} MiB idle, {memory['rss_open_mib']:.1f} MiB with "
          f"{memory['sessions']} open sessions (peak {memory['rss_peak_mib']:.1f} MiB, "
          f"{memory['kib_per_session']:.0f} KiB per session), {memory['rss_after_close_mib']:.1f} MiB after they "
          f"closed ({memory['active_after_close']} left open); opening them took {memory['open_s']:.1f} s"
          if memory["rss_idle_mib"] is not None else "\nmemory: not measured (no /proc on this system)")
    alone = rows[0]
    target = {"median_overhead_ms_one_session": alone["overhead_ms_p50"], "target_ms": TARGET_MS,
              "met": alone["overhead_ms_p50"] < TARGET_MS}
    print(f"target: median overhead {alone['overhead_ms_p50']:.2f} ms per step (one session) "
          f"{'<' if target['met'] else '>='} {TARGET_MS:g} ms")
    meta = {**machine, "load_average_after": load_average(), "procgym": procgym.__version__,
            "versions": {name: _version(name) for name in ("openenv-core", "openenv", "uvicorn", "websockets")},
            "tasks": TASKS, "args": portable_args(args), "wall_seconds": clock() - started,
            "command": "python bench/serve.py" + (" --quick" if args.quick else "")}
    write_results(args.out, {"meta": meta, "target": target, "latency": rows, "memory": memory})
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
