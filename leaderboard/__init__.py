"""Evaluation suites, runs and the leaderboard (`procgym eval`, `procgym leaderboard`).

    from procgym.agents import make_agent
    from procgym.leaderboard import evaluate, load_suite, write_leaderboard
    summary, path = evaluate(make_agent("oracle"), "quick-v2")   # leaderboard/results/quick-v2/oracle.json
    write_leaderboard()                                          # leaderboard/README.md, site/index.html
"""
from .passk import pass_at_k
from .results import evaluate, load_results, rescore_run
from .suites import Suite, load_suite, suite_names


def write_leaderboard(*args, **kwargs):
    """See procgym.leaderboard.render.write_leaderboard."""
    from .render import write_leaderboard as write

    return write(*args, **kwargs)


__all__ = ["Suite", "evaluate", "load_results", "load_suite", "pass_at_k", "rescore_run", "suite_names",
           "write_leaderboard"]
