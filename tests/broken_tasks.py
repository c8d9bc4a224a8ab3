"""Deliberately broken tasks, one broken rule each, used to prove the contract checks bite.

They are never registered, so they stay out of the real suite.
"""
import random
import time

from procgym import Draft, InteractiveTask, Knob, Task
from procgym.parsing import parse_int
from procgym.verdict import right, wrong


class GoodSum(Task):
    """Add two integers. A correct task the broken ones below each change in one way."""

    name = "broken/good_sum"
    knobs = (Knob("digits", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], (1, 20), doc="digits per number"),)
    answer_format = "an integer"
    example = "12"

    def numbers(self, rng, params):
        return [rng.randrange(10 ** params["digits"]) for _ in range(2)]

    def build(self, rng, params):
        a, b = self.numbers(rng, params)
        return Draft(f"What is {a} + {b}?", str(a + b), {"value": a + b})

    def grade(self, answer, problem):
        return right() if parse_int(answer) == problem.check["value"] else wrong()


class GlobalRandom(GoodSum):
    """Draws from the global random module instead of the seeded rng."""

    def numbers(self, rng, params):
        return [random.randrange(10 ** 6) for _ in range(2)]


class StringHash(GoodSum):
    """Seeds from Python's hash(), which changes with PYTHONHASHSEED."""

    name = "broken/string_hash"

    def numbers(self, rng, params):
        r = random.Random(hash("procgym") + rng.randrange(1000))
        return [r.randrange(10 ** 6) for _ in range(2)]


class IgnoresSeed(GoodSum):
    """Gives the same problem for every seed."""

    def numbers(self, rng, params):
        return [3, 4]


class AcceptsAnything(GoodSum):
    """Its verifier accepts every answer."""

    def grade(self, answer, problem):
        return right()


class ExactTextOnly(GoodSum):
    """Compares the whole response with the answer, skipping the shared extractor."""

    def verify(self, problem, text):
        return right() if text == problem.answer else wrong()


class Raises(GoodSum):
    """Lets exceptions escape verify."""

    def verify(self, problem, text):
        return self.grade(text, problem)


class Slow(GoodSum):
    """Takes too long to verify."""

    def grade(self, answer, problem):
        time.sleep(0.2)
        return wrong()


class WritesFiles(GoodSum):
    """Has a side effect: it writes a file while verifying."""

    def grade(self, answer, problem):
        open("side_effect.txt", "w").close()
        return wrong()


class NotJson(GoodSum):
    """Puts a set in its check record."""

    def build(self, rng, params):
        draft = super().build(rng, params)
        draft.check["seen"] = {1, 2}
        return draft


class OddCharacters(GoodSum):
    """Uses characters outside the env charset in its prompt."""

    def build(self, rng, params):
        draft = super().build(rng, params)
        draft.question += " \u2603"
        return draft


class SkipsKnobValidation(GoodSum):
    """Accepts any knob value."""

    def params(self, seed=0, difficulty=3, **overrides):
        return {"digits": overrides.get("digits", 2)}


class NoDocstring(GoodSum):
    pass


NoDocstring.__doc__ = None


class Countdown(InteractiveTask):
    """Say the secret number before the counter runs out; a wrong guess costs one count."""

    name = "broken/countdown"
    knobs = (Knob("start", [3, 3, 4, 4, 5, 5, 6, 6, 7, 7], (1, 100), doc="guesses allowed"),)
    answer_format = "a number"
    example = "7"

    def build(self, rng, params):
        secret = rng.randrange(1000)
        return Draft(f"The secret is {secret}. Say it.", str(secret), {"secret": secret, "start": params["start"]})

    def initial_state(self, problem):
        return {"left": problem.check["start"]}

    def transition(self, problem, state, action):
        if action == str(problem.check["secret"]):
            return "You win.", 1.0, True
        state["left"] -= 1
        return f"Wrong; {state['left']} left.", 0.0, state["left"] <= 0

    def policy(self, problem, state):
        return str(problem.check["secret"])


class LosingPolicy(Countdown):
    """Its reference policy never wins."""

    def policy(self, problem, state):
        return "0"


class CrashingDynamics(Countdown):
    """Raises on an action it does not understand."""

    def transition(self, problem, state, action):
        if not action.isdigit():
            raise ValueError("unknown action")
        return super().transition(problem, state, action)
