"""Verdicts and observations, feedback included, are the same in every process whatever
PYTHONHASHSEED is.

Feedback is what an env shows the agent, so a verifier that reports "the first bad edge" while
iterating over a set of strings gives different observations, and different rollouts, in
different processes. The contract suite checks this for problems; this checks it for verdicts
and for interactive steps.
"""
import hashlib
import json
import os
import subprocess
import sys

import procgym

HERE = os.path.dirname(os.path.abspath(__file__))


def _wrong_answers(p, other) -> list[str]:
    """Answers that reach a verifier's feedback paths: another problem's answer, the reference
    with its last item dropped, reversed or edited, and junk."""
    ref = p.answer
    items = [x for x in ref.replace(";", ",").split(",")]
    return [other.answer, ref[:-1], ref[::-1], ",".join(reversed(items)), ",".join(items[1:]), ref + ",A", "banana",
            "\n".join(reversed(ref.splitlines()))]


def verdict_fingerprint(names) -> dict[str, str]:
    """A hash, per task, of the verdicts of wrong answers and of interactive steps."""
    out = {}
    for name in names:
        task = procgym.get(name)
        p, other = task.generate(seed=1, difficulty=4), task.generate(seed=2, difficulty=4)
        seen = [task.verify(p, f"<answer>{a}</answer>").to_dict() for a in _wrong_answers(p, other)]
        if task.interactive:
            state = task.initial_state(p)
            for action in other.answer.splitlines()[:20] + ["nonsense"]:
                state, observation, reward, done = task.step(p, state, action)
                seen.append([observation, reward, done])
                if done:
                    break
        out[name] = hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()
    return out


CODE = ("import json, sys; sys.path.insert(0, sys.argv[1]); import procgym; "
        "from test_verdicts_across_processes import verdict_fingerprint; "
        "print(json.dumps(verdict_fingerprint(procgym.tasks())))")


def test_verdicts_identical_across_hash_seeds():
    here = verdict_fingerprint(procgym.tasks())
    for hash_seed in ("0", "4242"):
        out = subprocess.run([sys.executable, "-c", CODE, HERE], env={**os.environ, "PYTHONHASHSEED": hash_seed},
                             capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, out.stderr[-2000:]
        there = json.loads(out.stdout)
        differing = sorted(name for name in here if here[name] != there.get(name))
        assert not differing, f"verdicts differ under PYTHONHASHSEED={hash_seed}: {differing}"
