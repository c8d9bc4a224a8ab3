"""Verifiers and envs are safe to call from many threads and processes at once: a pool of 8
workers over a mix of tasks gives exactly the sequential results.

Task objects are process-wide singletons, so any state a verifier or a step kept on them (a
cache, a scratch list, a mutated problem record) would show up here as a difference. The budget
deadline lives in a ContextVar, so each thread has its own.
"""
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import procgym
from procgym.contract import tag

NAMES = procgym.tasks()
# two tasks of every category, every third interactive task, and the symbolic verifiers that
# switch sympy's evaluation mode while grading (sympy.evaluate(False) must stay per thread)
SYMBOLIC = {"algebra/expand_polynomial", "algebra/factor_polynomial", "calculus/derivative"} & set(NAMES)
MIXED = sorted({n for c in procgym.categories() for n in procgym.tasks(f"{c}/*")[:2]}
               | set([n for n in NAMES if procgym.get(n).interactive][::3]) | SYMBOLIC)
WORKERS = 8


def _verdicts(job):
    """Verdicts of the reference, a wrong answer and a hostile answer for one (task, seed)."""
    name, seed = job
    task = procgym.get(name)
    p = task.generate(seed=seed, difficulty=1 + seed % 10)
    texts = [tag(p.answer), tag(p.answer + "0"), tag("((" * 200 + "1" + "))" * 200), "no answer at all"]
    return name, seed, [task.verify(p.to_dict(), t).to_dict() for t in texts]


def _episode(job):
    """An env episode stepped with the reference answer's lines (one action each for interactive
    tasks, one attempt for single-answer ones); returns everything observed."""
    name, seed = job
    env = procgym.make(name, difficulty=2, max_turns=50)
    obs, info = env.reset(seed=seed)
    trace = [obs]
    lines = info["problem"]["answer"].splitlines() if env.task.interactive else [info["problem"]["answer"]]
    for action in ["nonsense"] + lines:
        obs, reward, terminated, truncated, info = env.step(tag(action))
        trace.append((obs, reward, terminated, truncated))
        if terminated or truncated:
            break
    return name, seed, trace


def _work(job):
    kind, name, seed = job
    return (_verdicts if kind == "verify" else _episode)((name, seed))


JOBS = [("verify", name, seed) for name in MIXED for seed in range(3)] + \
       [("episode", name, seed) for name in MIXED for seed in range(2)]


@pytest.fixture(scope="module")
def sequential():
    return [_work(job) for job in JOBS]


def test_the_mix_covers_every_category_and_interactive_tasks():
    assert {n.split("/")[0] for n in MIXED} == set(procgym.categories())
    assert any(procgym.get(n).interactive for n in MIXED)


def test_threads_match_sequential(sequential):
    with ThreadPoolExecutor(WORKERS) as pool:
        # the jobs twice over, interleaved, so the same task is verified in several threads at once
        results = list(pool.map(_work, JOBS + JOBS))
    assert results[:len(JOBS)] == sequential
    assert results[len(JOBS):] == sequential


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method (cheap workers) is Linux-only")
def test_processes_match_sequential(sequential):
    # fork: workers start with the registry loaded, so 8 of them cost nothing on a 2-core CI machine
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_work, JOBS, chunksize=4))
    assert results == sequential


def test_threads_share_one_env_class_but_not_episodes():
    """One env per thread, all of the same task, stepped concurrently, each matches its own
    sequential run."""
    name = next(n for n in NAMES if procgym.get(n).interactive)
    jobs = [("episode", name, seed) for seed in range(16)]
    expected = [_work(job) for job in jobs]
    with ThreadPoolExecutor(WORKERS) as pool:
        assert list(pool.map(_work, jobs)) == expected
