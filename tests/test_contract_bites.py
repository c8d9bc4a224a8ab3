"""Each contract check must fail on a task that breaks its rule, and pass on a correct one."""
import json
import os
import subprocess
import sys

import pytest

import broken_tasks as b
from procgym import contract

CASES = [
    (contract.check_determinism, b.GlobalRandom),
    (contract.check_distinct_seeds, b.IgnoresSeed),
    (contract.check_rejects_wrong, b.AcceptsAnything),
    (contract.check_reference_verifies, b.ExactTextOnly),
    (contract.check_hostile, b.Raises),
    (contract.check_hostile, b.Slow),
    (contract.check_hostile, b.WritesFiles),
    (contract.check_levels, b.NotJson),
    (contract.check_levels, b.OddCharacters),
    (contract.check_knob_validation, b.SkipsKnobValidation),
    (contract.check_declaration, b.NoDocstring),
    (contract.check_declaration, b.NoEffort),
    (contract.check_declaration, b.UnevenKnobs),
    (contract.check_declaration, b.CapsSilently),
    (contract.check_effort, b.EasierAtLevel6),
    (contract.check_effort, b.NoHarderAtTheTop),
    (contract.check_effort, b.ListsADipThatIsNot),
    (contract.check_effort, b.ListsANewLevelDip),
    (contract.check_oracle, b.LosingPolicy),
    (contract.check_invalid_actions, b.CrashingDynamics),
    (contract.check_tools, b.NoTools),
    (contract.check_tools, b.BadToolName),
    (contract.check_tools, b.ToolWritesOtherText),
    (contract.check_tools, b.SubmitWritesOtherText),
    (contract.check_hedges, b.FirstNumberWins),
    (contract.check_empty_and_leftover, b.FirstNumberWins),
    (contract.check_empty_and_leftover, b.EmptyIsAnAnswer),
    (contract.check_accepted_forms, b.SkipsNormalisation),
    (contract.check_example_not_correct, b.ExampleIsOftenRight),
    (contract.check_swapped_labels, b.IgnoresLabelNames),
    (contract.check_probe_attack, b.FixedProbePoints),
]


@pytest.mark.parametrize("check,broken", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_check_bites_on_broken_task(check, broken, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(contract, "HANG_GUARD_S", 0.1)
    with pytest.raises(AssertionError, match=broken.name):
        check(broken())


@pytest.mark.parametrize("good", [b.GoodSum, b.Countdown])
def test_every_check_passes_on_a_correct_task(good, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    contract.check_task(good())


def test_a_listed_released_dip_passes_the_effort_check():
    class KnownDip(b.EasierAtLevel6):
        released_dips = {6: "level 6 was released with fewer digits"}

    means = contract.check_effort(KnownDip())
    assert means[6] < means[5] and means[20] > means[1]


def test_cross_process_check_bites_on_hash_seeded_task():
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import broken_tasks as b; "
            "from procgym.contract import fingerprints; print(json.dumps(fingerprints([b.StringHash(), b.GoodSum()])))")
    runs = [json.loads(subprocess.run([sys.executable, "-c", code, os.path.dirname(__file__)], check=True, text=True,
                                      capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout)
            for seed in ("1", "2")]
    assert runs[0]["broken/good_sum"] == runs[1]["broken/good_sum"]
    assert runs[0]["broken/string_hash"] != runs[1]["broken/string_hash"]
