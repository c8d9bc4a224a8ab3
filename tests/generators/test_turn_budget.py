"""procgym.kit.TurnBudgetTask, the one base class of the interactive tasks: the turn budget, the
outcomes, invalid and over-long actions, a budget that counts only some turns, the reference line
and the prompt example's check. Exercised on a toy counter task (not registered)."""
import pytest

import procgym
from procgym import Problem
from procgym.kit import LOSE, MAX_ACTION_CHARS, WIN, TurnBudgetTask


class Counter(TurnBudgetTask):
    """Count to check["goal"] with `add`; `boom` loses; `add 2` adds two (a different action)."""

    name = "toy/counter"
    answer_format = "add"
    example = "add"
    invalid_hint = "write add"
    lowercase = True

    def start(self, problem):
        return {"n": 0}

    def act(self, problem, state, text):
        if text == "boom":
            return "Boom.", LOSE
        if text not in ("add", "add 2"):
            return f"Invalid action: {self.invalid_hint}.", None
        state["n"] += 2 if text == "add 2" else 1
        return f"n is {state['n']}.", WIN if state["n"] >= problem.check["goal"] else None

    def view(self, problem, state):
        return f"Goal: {problem.check['goal']}."

    def unsolved(self, problem, state):
        return f"n stopped at {state['n']}."

    def plan(self, problem, state):
        return "add"


class Misses(Counter):
    """The same counter, whose budget counts only the turns that add nothing."""

    name = "toy/misses"
    budget_key = "misses"
    unit = ("miss", "misses")

    def spent(self, problem, state):
        return state["turn"] - state["n"]


def counter(goal=2, budget=3, task=Counter):
    return task(), Problem(task.name, 0, 1, {}, "Count.", "\n".join(["add"] * goal),
                           {"goal": goal, "budget": budget, "misses": budget})


def play(task, p, actions):
    state, out = task.initial_state(p), []
    for action in actions:
        state, observation, reward, done = task.step(p, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state


def test_each_turn_spends_the_budget_and_the_observation_restates_it():
    task, p = counter()
    assert task.initial_state(p) == {"turn": 0, "n": 0}
    out, state = play(task, p, ["ADD", "  add. "])
    assert out == [("n is 1.\nGoal: 2.\nTurns left: 2.", 0.0, False), ("n is 2. Solved in 2 turns.", 1.0, True)]
    assert state == {"turn": 2, "n": 2}


def test_invalid_empty_and_over_long_actions_use_a_turn_and_say_why():
    task, p = counter()
    out, state = play(task, p, ["add please", "", "a" * (MAX_ACTION_CHARS + 1)])
    assert out == [("Invalid action: write add.\nGoal: 2.\nTurns left: 2.", 0.0, False),
                   ("Invalid action: write add.\nGoal: 2.\nTurns left: 1.", 0.0, False),
                   (f"Invalid action: it is longer than {MAX_ACTION_CHARS} characters.\nGoal: 2.\n"
                    "Out of turns: n stopped at 0.", 0.0, True)]
    assert state == {"turn": 3, "n": 0}


def test_a_losing_action_ends_the_episode():
    task, p = counter()
    assert play(task, p, ["boom"])[0] == [("Boom.", 0.0, True)]


def test_observations_are_printable_ascii():
    class Echo(Counter):
        def act(self, problem, state, text):
            return f"You said {text}.", None

    task, p = counter(task=Echo)
    assert play(task, p, ["caf\u00e9 \u202e"])[0][0][0] == "You said caf? ?.\nGoal: 2.\nTurns left: 2."


def test_a_budget_may_count_only_some_turns():
    task, p = counter(goal=3, budget=1, task=Misses)
    out, _ = play(task, p, ["add", "add", "x", "add"])
    assert out == [("n is 1.\nGoal: 3.\nMisses left: 1.", 0.0, False),
                   ("n is 2.\nGoal: 3.\nMisses left: 1.", 0.0, False),
                   ("Invalid action: write add.\nGoal: 3.\nOut of misses: n stopped at 2.", 0.0, True)]


def test_grading_replays_the_actions_through_the_same_dynamics():
    task, p = counter()
    assert task.verify(p, "<answer>add\nadd</answer>").correct
    assert task.verify(p, "<answer>Add.\n ADD </answer>").correct
    assert not task.verify(p, "<answer>add</answer>").correct
    assert not task.verify(p, "<answer>add\nadd I think</answer>").correct
    assert task.verify(p, "<answer>add\nadd\nadd</answer>").feedback.startswith("The episode ended after action 2")


def test_reference_line_and_the_check_record_at_generation():
    task, p = counter(goal=3, budget=5)
    assert task.reference_line(p) == ["add", "add", "add"] == task.reference_line(p.check)
    with pytest.raises(RuntimeError, match="did not win"):
        task.reference_line({"goal": 4, "budget": 3})
    assert task.wins_at_once({"goal": 1, "budget": 3}, "add") and not task.wins_at_once(p.check, "add")


def test_draft_keeps_the_example_and_refuses_one_that_alone_would_win():
    """The example is never swapped for another only where it would win (that would tell the
    answer): an example that alone wins the episode is a bug in the task, raised at generation."""
    task = Counter()
    kept = task.draft("Count.", "add\nadd", {"goal": 2, "budget": 3})
    assert (kept.example, kept.answer_format) == (None, None)  # the task's own example and format
    given = task.draft("Count.", "add\nadd", {"goal": 2, "budget": 3}, answer_format="add or boom", example="boom")
    assert (given.example, given.answer_format) == ("boom", "add or boom")
    with pytest.raises(RuntimeError, match="alone wins"):
        task.draft("Count.", "add", {"goal": 1, "budget": 3})
    with pytest.raises(RuntimeError, match="alone wins"):
        task.draft("Count.", "add\nadd", {"goal": 2, "budget": 3}, example="add 2")


@pytest.mark.parametrize("name", [n for n in procgym.tasks() if procgym.get(n).interactive])
def test_every_interactive_task_is_a_turn_budget_task(name):
    task = procgym.get(name)
    assert isinstance(task, TurnBudgetTask)
    p = task.generate(seed=0, difficulty=1)
    assert set(task.initial_state(p)) >= {"turn"} and task.initial_state(p)["turn"] == 0
    assert "turns" not in task.initial_state(p)
