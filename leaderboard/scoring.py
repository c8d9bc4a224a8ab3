"""Scores of a run from its episode records: accuracy overall, per category and per level, and
pass@k when there are several samples per problem; and re-scoring stored outputs with the current
verifiers (after a verifier fix, say) without calling the model again."""
from __future__ import annotations

from collections import defaultdict

from procgym.envs import make

from .episode import FATAL, problem_sha
from .passk import default_ks, mean_pass_at_k
from .suites import Suite


def _accuracy(records: list[dict]) -> dict:
    correct = sum(r["correct"] for r in records)
    return {"accuracy": correct / len(records) if records else 0.0, "correct": correct, "episodes": len(records)}


def _passk(records: list[dict], ks: list[int]) -> dict:
    by_problem: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        by_problem[r["id"]].append(r["correct"])
    counts = [(len(v), sum(v)) for v in by_problem.values()]
    n = min(c[0] for c in counts)
    return {str(k): mean_pass_at_k(counts, k) for k in ks if k <= n}


def _order(item: tuple[str, list]) -> tuple:
    """Levels in numeric order ("10" after "9"), names alphabetically."""
    key = item[0]
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def summarise(records: list[dict], samples: int = 1, ks: list[int] | None = None) -> dict:
    """Accuracy (the mean over all episodes, which is also the unbiased pass@1) overall, per
    category and per level; pass@k for each k in `ks` (default 1, 2, 4, ... up to `samples`)."""
    if not records:
        raise ValueError("no episode records to score")
    ks = ks or (default_ks(samples) if samples > 1 else [1])
    groups = {"by_category": defaultdict(list), "by_level": defaultdict(list), "by_task": defaultdict(list)}
    for r in records:
        groups["by_category"][r["category"]].append(r)
        groups["by_level"][str(r["level"])].append(r)
        groups["by_task"][r["task"]].append(r)
    out = {**_accuracy(records), "pass_at_k": _passk(records, ks)}
    for name, group in groups.items():
        out[name] = {key: {**_accuracy(rs), **({"pass_at_k": _passk(rs, ks)} if samples > 1 else {})}
                     for key, rs in sorted(group.items(), key=_order)}
    out["tokens"] = {"prompt": sum(r["prompt_tokens"] for r in records),
                     "completion": sum(r["completion_tokens"] for r in records)}
    out["turns"] = sum(len(r["turns"]) for r in records)
    return out


def rescore(record: dict, suite: Suite) -> dict:
    """The record re-judged by the current verifiers from its stored outputs.

    The problem is regenerated from the suite; if its content changed since the run (a generator
    changed), the record is returned with "stale": True and its old verdict, since the old outputs
    answer another problem. Single-answer outputs are re-verified; interactive ones are replayed
    through a fresh env.
    """
    from .suites import SuiteItem

    item = SuiteItem(record["task"], record["level"], int(record["id"].rsplit("#", 1)[1]), record["seed"])
    problem = suite.problem(item)
    if problem_sha(problem) != record["problem_sha"]:
        return {**record, "stale": True}
    env = make(item.task, difficulty=item.level, max_turns=suite.max_turns(item.task), feedback=suite.feedback,
               answer_style=suite.answer_style)
    _, info = env.reset(options={"problem": problem})
    turns = []
    for turn in record["turns"]:
        if turn.get("finish_reason") in FATAL:
            turns.append({**turn, "reward": 0.0})
            break
        _, reward, terminated, truncated, info = env.step(turn["output"])
        turns.append({**turn, "reward": reward})
        if terminated or truncated:
            break
    verdict = info["verdict"] or {"reward": 0.0, "correct": False, "feedback": "No answer."}
    fatal = any(t.get("finish_reason") in FATAL for t in turns)
    return {**record, "turns": turns, "verdict": verdict, "correct": bool(verdict["correct"]) and not fatal,
            "return": sum(t["reward"] for t in turns)}
