"""Natural answers keep passing: correct answers written the way strong models write them.

Each file in tests/natural_answers/ is a JSON list of {"task", "level", "seed", "response"}: a
full response whose marked answer is right but written in another allowed form (LaTeX, `x = 3`,
spaces after commas, a different order where order does not matter, a trailing full stop...).
Tightening a reader must never reject one of them.
"""
import json
from pathlib import Path

import pytest

import procgym

CASES = [(path.stem, i, case) for path in sorted((Path(__file__).parent / "natural_answers").glob("*.json"))
         for i, case in enumerate(json.loads(path.read_text()))]


def test_the_set_is_large_and_broad():
    assert len(CASES) >= 200
    assert len({case["task"].split("/")[0] for _, _, case in CASES}) >= 20


@pytest.mark.parametrize("group,index,case", CASES, ids=lambda v: v if isinstance(v, (str, int)) else v["task"])
def test_natural_answer_is_accepted(group, index, case):
    problem = procgym.generate(case["task"], seed=case["seed"], difficulty=case["level"])
    verdict = procgym.verify(problem, case["response"])
    assert verdict.correct, f"{case['task']} L{case['level']} s{case['seed']}: {case['response'][-120:]!r} -> {verdict.feedback}"
