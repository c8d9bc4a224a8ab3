"""Suites are fixed by their version: their problems, seeds and definitions never change, and
their seeds lie in the range reserved for evaluation. A released suite reads its problems from its
frozen records (leaderboard/suites/<name>.problems.jsonl.gz), so a generator change can never
reach it; the newest version must still be what the generators make today."""
import hashlib

import pytest

from procgym.leaderboard.suites import load_suite, suite_names
from procgym.seeding import EVAL_SEED_COUNT, EVAL_SEED_START, is_eval_seed

# Digests of the released suites. A change here means a suite's problems changed: that is a new
# suite version (standard-v2), never an edit of these constants.
QUICK_V1_DIGEST = "676b6ece59cb6aedeb67b3be57f50490536f4fc8fcd0e8928a59fd1263bc01f0"
QUICK_V1_DEFINITION = "ed178364ee1cd3a33e18481c8fe41ec7705030305cb49297b14296d5c65c5b7d"
STANDARD_V1_DEFINITION = "f6beaebb76070ac9ca2ec0c797c3a9c94e7638e5ef2bf4a57653618ccd18ce16"
# every (id, seed) of standard-v1
STANDARD_V1_ITEMS = "703cf84e140d4daf5bf5b0103abf6b3c720d331e889db4eaac4958611bb6cdf2"
# the problem records of index 0 at every task and level of standard-v1
STANDARD_V1_SAMPLE_DIGEST = "50c2147db6aa748c46bba89092d183b50c65c5bf3fd2014d37ea2d33226958de"
# v2: the same slots; prompts whose example could be a correct answer show one that never is
QUICK_V2_DIGEST = "38f7b9f02c46ae7c2cbbb726d0813d449428d5829eb9023cca2747899a499922"
QUICK_V2_DEFINITION = "3c11afaa1472de12403139d07367e0edd8ad4580674f425cb2e42eb26da62787"
STANDARD_V2_DEFINITION = "e3549b3056b60d020c4c4402f646c180e75edd82c416aa79038308b059fea642"
STANDARD_V2_ITEMS = "bf5ea2977ad907887f6fe36e6e571390927c0f1df304bd6fc2aff7721057cf2c"
STANDARD_V2_DIGEST = "e118bccfdb55597ced0f437251475d04dc50256f16407f760a412a1354435f4b"
STANDARD_V2_SAMPLE_DIGEST = "33757a76ec8eeb39b4e810e00351e53fd610239c324f8eae18f1885dcb245f70"
# v3: the v2 slots plus the multiplayer games' single-agent tasks (multiplayer/*)
QUICK_V3_DIGEST = "cdd37fbfa2b7bdec4dda840206b74159784a8b59ff871ce9643bf1068603d121"
QUICK_V3_DEFINITION = "265ee1fc3100d035cdba220bf3203029d1d9b73f4062a1c8fe985e73177f9cf7"
STANDARD_V3_DEFINITION = "071aea382476e1083a92e70dd0cbc583130eda4f11edd0001612effff36c9060"
STANDARD_V3_ITEMS = "9470f5937ecd912d7285f25cfd902098dec926b5a952b3ebdd2042036caed99d"
STANDARD_V3_DIGEST = "ed36784ff87e2877f1b61d01b855e25ccee2e9b270601cf3a19af42e7bd05a74"
STANDARD_V3_SAMPLE_DIGEST = "3c8d34760f32357f8950f06dfb36e729625a27169459d08c7f65e1552f103524"
# v4: every task of the task wave of 519 (instruction following, tool use, long context, abstraction
# grids, SQL, units and more) at v3's levels
QUICK_V4_DIGEST = "c0cdd35b997b669921c59f967d5e8ba8ae30d0dbacd6a20c24ad5ecd3d8655a9"
QUICK_V4_DEFINITION = "f49b40f5da1d4db6687495fbf5a4517affb1904181d2f2ab2e35510ab7ca9116"
STANDARD_V4_DEFINITION = "d27f584a547c0184ed43c392820b29027898c7a459ef8f5233cd3751b3224e2c"
STANDARD_V4_ITEMS = "07f3f95eb64ceec54c86ff779c0ad176455c1a9f0d83d8885774c1e6a347032d"
STANDARD_V4_DIGEST = "45268d8e0409132de1fcf96b03f41faa26b5d5cafee8a1ad6309a18d57b524bf"
STANDARD_V4_SAMPLE_DIGEST = "a641b735626826f8fafee90f146038ed98161e078ef2b943ccaead6e49096e21"
# frontier-v1: every task reaching level 20, at levels 12, 15 and 20
FRONTIER_V1_DEFINITION = "85565fdade555136bf79bce379eab7156e597e5e281dd6d3b11d8e64c4e1eef1"
FRONTIER_V1_ITEMS = "80b8b7d9889a0450ecfbce92e32b123595437e4c0ce6cecbc58e992a8e7c6590"
FRONTIER_V1_DIGEST = "da6058b4e8023884f455e9512766048ca3e5d8ebb0950dd431408646b4a938b5"


def test_released_suites():
    assert suite_names() == ["frontier-v1", "quick-v1", "quick-v2", "quick-v3", "quick-v4", "standard-v1",
                             "standard-v2", "standard-v3", "standard-v4"]
    for version in ("v1", "v2"):
        quick, standard = load_suite(f"quick-{version}"), load_suite(f"standard-{version}")
        assert len(quick) == 640 and quick.levels == (1, 5)
        assert len(standard) == 16000 and standard.levels == (1, 3, 5, 7, 10) and standard.problems_per_level == 10
        assert quick.tasks == standard.tasks and len(standard.tasks) == 320
    quick, standard = load_suite("quick-v3"), load_suite("standard-v3")
    assert len(quick) == 672 and len(standard) == 16800 and quick.tasks == standard.tasks
    assert set(standard.tasks) == set(load_suite("standard-v2").tasks) | {t for t in standard.tasks
                                                                          if t.startswith("multiplayer/")}
    assert sum(t.startswith("multiplayer/") for t in standard.tasks) == 16
    quick, standard = load_suite("quick-v4"), load_suite("standard-v4")
    assert len(quick) == 1038 and len(standard) == 25950 and quick.tasks == standard.tasks
    assert set(standard.tasks) > set(load_suite("standard-v3").tasks) and len(standard.tasks) == 519


def test_quick_v1_problems_never_change():
    suite = load_suite("quick-v1")
    assert suite.definition_digest() == QUICK_V1_DEFINITION
    assert suite.digest() == QUICK_V1_DIGEST


def test_standard_v1_problems_never_change():
    suite = load_suite("standard-v1")
    assert suite.definition_digest() == STANDARD_V1_DEFINITION
    items = suite.items()
    listing = "\n".join(f"{item.id} {item.seed}" for item in items)
    assert hashlib.sha256(listing.encode()).hexdigest() == STANDARD_V1_ITEMS
    # Generating all 16,000 problems is too slow for CI; a fixed subset pins the generators.
    assert suite.digest(item for item in items if item.index == 0) == STANDARD_V1_SAMPLE_DIGEST


def test_v2_problems_never_change_and_are_what_the_generators_make():
    quick, standard = load_suite("quick-v2"), load_suite("standard-v2")
    assert quick.definition_digest() == QUICK_V2_DEFINITION and quick.digest() == QUICK_V2_DIGEST
    assert standard.definition_digest() == STANDARD_V2_DEFINITION
    items = standard.items()
    assert hashlib.sha256("\n".join(f"{i.id} {i.seed}" for i in items).encode()).hexdigest() == STANDARD_V2_ITEMS
    assert standard.digest() == STANDARD_V2_DIGEST  # the frozen records, read back
    sample = [item for item in items if item.index == 0]
    generated = hashlib.sha256()
    for item in sample:  # regenerating all 16,000 is too slow for CI; a fixed subset pins the generators
        generated.update(standard.generate(item).to_json().encode() + b"\n")
    assert generated.hexdigest() == standard.digest(sample) == STANDARD_V2_SAMPLE_DIGEST


def test_v3_problems_never_change_and_are_what_the_generators_make():
    quick, standard = load_suite("quick-v3"), load_suite("standard-v3")
    assert quick.definition_digest() == QUICK_V3_DEFINITION and quick.digest() == QUICK_V3_DIGEST
    assert standard.definition_digest() == STANDARD_V3_DEFINITION
    items = standard.items()
    assert hashlib.sha256("\n".join(f"{i.id} {i.seed}" for i in items).encode()).hexdigest() == STANDARD_V3_ITEMS
    assert standard.digest() == STANDARD_V3_DIGEST
    sample = [item for item in items if item.index == 0 and item.task.startswith("multiplayer/")]
    generated = hashlib.sha256()
    for item in sample:  # v2's test pins the other tasks' generators; these are v3's new ones
        generated.update(standard.generate(item).to_json().encode() + b"\n")
    assert generated.hexdigest() == standard.digest(sample)
    assert standard.digest([item for item in items if item.index == 0]) == STANDARD_V3_SAMPLE_DIGEST


def test_v4_problems_never_change_and_are_what_the_generators_make():
    quick, standard = load_suite("quick-v4"), load_suite("standard-v4")
    assert quick.definition_digest() == QUICK_V4_DEFINITION and quick.digest() == QUICK_V4_DIGEST
    assert standard.definition_digest() == STANDARD_V4_DEFINITION
    items = standard.items()
    assert hashlib.sha256("\n".join(f"{i.id} {i.seed}" for i in items).encode()).hexdigest() == STANDARD_V4_ITEMS
    assert standard.digest() == STANDARD_V4_DIGEST
    new = set(standard.tasks) - set(load_suite("standard-v3").tasks)
    sample = [item for item in items if item.index == 0 and item.task in new]
    generated = hashlib.sha256()
    for item in sample:  # the earlier versions' tests pin the other tasks' generators; these are v4's new ones
        generated.update(standard.generate(item).to_json().encode() + b"\n")
    assert generated.hexdigest() == standard.digest(sample)
    assert standard.digest([item for item in items if item.index == 0]) == STANDARD_V4_SAMPLE_DIGEST


def test_frontier_v1_problems_never_change_and_are_what_the_generators_make():
    import procgym

    suite = load_suite("frontier-v1")
    assert suite.definition_digest() == FRONTIER_V1_DEFINITION and suite.levels == (12, 15, 20)
    assert all(procgym.get(t).max_level >= 20 for t in suite.tasks) and len(suite.tasks) >= 0.8 * 336
    items = suite.items()
    assert hashlib.sha256("\n".join(f"{i.id} {i.seed}" for i in items).encode()).hexdigest() == FRONTIER_V1_ITEMS
    assert suite.digest() == FRONTIER_V1_DIGEST
    sample = [item for item in items if item.index == 0 and item.level == 12]
    generated = hashlib.sha256()
    for item in sample:
        generated.update(suite.generate(item).to_json().encode() + b"\n")
    assert generated.hexdigest() == suite.digest(sample)


def test_frozen_v1_references_still_verify():
    """Today's verifiers accept the reference answers of the frozen v1 problems, read from the
    records alone: stricter reading must not reject what the old prompts asked for."""
    import procgym

    suite = load_suite("quick-v1")
    for item in suite.items():
        problem = suite.problem(item)
        assert procgym.verify(problem, f"<answer>{problem.answer}</answer>").correct, item.id


@pytest.mark.parametrize("name", ["quick-v1", "standard-v1", "quick-v2", "standard-v2", "quick-v3", "standard-v3",
                                  "quick-v4", "standard-v4", "frontier-v1"])
def test_suite_seeds_are_reserved_and_distinct(name):
    items = load_suite(name).items()
    assert all(is_eval_seed(item.seed) for item in items)
    assert len({item.seed for item in items}) == len(items)
    assert len({item.id for item in items}) == len(items)


def test_unknown_suite_and_missing_task(tmp_path, tiny_suite):
    with pytest.raises(KeyError, match="unknown suite 'nope-v1'; suites: frontier-v1, quick-v1, quick-v2, quick-v3, quick-v4, standard-v1, standard-v2, standard-v3, standard-v4"):
        load_suite("nope-v1")
    bad = tmp_path / "bad-v1.json"
    bad.write_text('{"name": "bad-v1", "tasks": ["graphs/no_such_task"], "levels": [1], "problems_per_level": 1}')
    with pytest.raises(KeyError, match="not registered: graphs/no_such_task"):
        load_suite(str(bad))


def test_eval_range_constants():
    assert EVAL_SEED_START == 2**62 and EVAL_SEED_START + EVAL_SEED_COUNT < 2**63  # fits int64
    assert not is_eval_seed(EVAL_SEED_START - 1) and is_eval_seed(EVAL_SEED_START)
    assert not is_eval_seed(EVAL_SEED_START + EVAL_SEED_COUNT)
