"""Run an agent on a suite, resumably: every finished episode is appended (fsynced) to the run's
JSONL before the next is counted, and a rerun of the same command plays only what is missing.

Agents with `reply_batch` (transformers, vLLM) play episodes in lockstep batches that refill as
episodes finish; agents with `concurrency` > 1 (the HTTP client) play whole episodes in a thread
pool; the others play one episode after another. When the agent fails (a server that stays down
after its retries), the episodes that finished are kept, the run stops, and the error says how to
resume.
"""
from __future__ import annotations

import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from datetime import datetime, timezone

from tqdm import tqdm

from procgym.agents.base import respond
from procgym.envs import register_envs

from .episode import Episode, record_key
from .store import RecordStore
from .suites import Suite, SuiteItem


def pending_jobs(suite: Suite, samples: int, done: set[str]) -> list[tuple[SuiteItem, int]]:
    """(item, sample) pairs of the suite not yet in the store, in suite order."""
    return [(item, s) for item in suite.items() for s in range(samples) if record_key(item, s) not in done]


def play_one(agent, suite: Suite, item: SuiteItem, sample: int) -> dict:
    """Play one episode to the end with a turn-at-a-time agent; returns its record."""
    episode = Episode(suite, item, sample)
    while not episode.done:
        episode.step(respond(agent, episode.history, episode.info))
    return episode.record()


def _sequential(agent, suite, jobs, store, bar):
    for item, sample in jobs:
        store.append(play_one(agent, suite, item, sample))
        bar.update()


def _threaded(agent, suite, jobs, store, bar, workers: int):
    failure = None
    queue = iter(jobs)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending = set()
        while True:
            # Keep a bounded number in flight; after a failure, submit nothing new.
            while failure is None and len(pending) < 2 * workers:
                job = next(queue, None)
                if job is None:
                    break
                pending.add(pool.submit(play_one, agent, suite, *job))
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                try:
                    record = future.result()
                except Exception as exc:  # noqa: BLE001 - kept, re-raised once in-flight episodes settle
                    failure = failure or exc
                    continue
                store.append(record)
                bar.update()
    if failure is not None:
        raise failure


def _lockstep(agent, suite, jobs, store, bar, batch_size: int):
    queue = iter(jobs)
    active: list[Episode] = []
    while True:
        while len(active) < batch_size:
            job = next(queue, None)
            if job is None:
                break
            active.append(Episode(suite, *job))
        if not active:
            return
        replies = agent.reply_batch([e.history for e in active], [e.info for e in active])
        if len(replies) != len(active):
            raise RuntimeError(f"{agent.name} returned {len(replies)} replies for {len(active)} prompts")
        for episode, reply in zip(active, replies):
            episode.step(reply)
            if episode.done:
                store.append(episode.record())
                bar.update()
        active = [e for e in active if not e.done]


def run_suite(agent, suite: Suite, store: RecordStore, samples: int = 1, progress: bool = True) -> dict:
    """Play every missing (problem, sample) of `suite`; returns this session's line
    ({"type": "session", "episodes", "seconds", "completed", "error"}), also appended to the store."""
    # Gymnasium's registry is not thread-safe: register every env here, before any worker thread
    # makes one (make() registers on first use).
    register_envs()
    jobs = pending_jobs(suite, samples, store.done)
    total = len(suite) * samples
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    start, before = time.perf_counter(), len(store.done)
    error = None
    bar = tqdm(total=total, initial=total - len(jobs), disable=not progress, unit="episode",
               desc=f"{getattr(agent, 'name', 'agent')} on {suite.name}", dynamic_ncols=True)
    try:
        if hasattr(agent, "reply_batch"):
            _lockstep(agent, suite, jobs, store, bar, getattr(agent, "batch_size", 8))
        elif getattr(agent, "concurrency", 1) > 1:
            _threaded(agent, suite, jobs, store, bar, agent.concurrency)
        else:
            _sequential(agent, suite, jobs, store, bar)
    except BaseException as exc:
        error = f"{type(exc).__name__}: {exc}"
        raise
    finally:
        bar.close()
        session = {"type": "session", "started": started, "seconds": round(time.perf_counter() - start, 3),
                   "episodes": len(store.done) - before, "completed": len(store.done) == total, "error": error}
        store.append(session)
    return session
