"""The task-writing guide's examples run: each Python block of docs/adding_a_task.md defines a
working task (in a fresh interpreter, so the example tasks never join the real registry); and the
blocks of docs/tools.md run as one script."""
import re
import subprocess
import sys
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "adding_a_task.md"
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)

CHECK = """
import procgym
from procgym import contract
for name in ("number_theory/gcd_of_several", "games/guess_the_number"):
    task = procgym.get(name)
    for check in (contract.check_declaration, contract.check_levels, contract.check_effort,
                  contract.check_reference_verifies, contract.check_rejects_wrong,
                  contract.check_hedges, contract.check_empty_and_leftover, contract.check_accepted_forms,
                  contract.check_example_not_correct):
        check(task)
p = procgym.generate("number_theory/gcd_of_several", seed=1, difficulty=4)
for text in (p.answer, p.answer + ".", "$" + p.answer + "$"):
    assert procgym.verify(p, "<answer>" + text + "</answer>").correct, text
for text in (p.answer + " or 6", "not " + p.answer, "0, " + p.answer, ""):
    assert not procgym.verify(p, "<answer>" + text + "</answer>").correct, text
assert contract.check_oracle(procgym.get("games/guess_the_number"), episodes=2) == 8  # levels 1, 5, 10, 20
contract.check_tools(procgym.get("games/guess_the_number"))
env = procgym.make("games/guess_the_number", difficulty=3)
env.reset(seed=1)
by_text = env.task.step(env.problem, env.task.initial_state(env.problem), "guess 1")[1]
assert env.step({"name": "guess", "arguments": {"number": 1}})[0] == by_text
print("ok")
"""


def test_guide_examples_define_working_tasks():
    assert len(BLOCKS) == 2
    code = "\n".join(BLOCKS) + CHECK
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("ok")


def test_tools_page_examples_run():
    page = GUIDE.with_name("tools.md")
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert len(blocks) >= 4
    out = subprocess.run([sys.executable, "-c", "\n".join(blocks)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]


def test_difficulty_page_examples_run():
    page = GUIDE.with_name("difficulty.md")
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert len(blocks) >= 2
    out = subprocess.run([sys.executable, "-c", "\n".join(blocks)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("20 [18, 19, 20]")
