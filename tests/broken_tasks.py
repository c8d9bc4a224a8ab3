"""Deliberately broken tasks, one broken rule each, used to prove the contract checks bite.

They are never registered, so they stay out of the real suite.
"""
import random
import re
import time
from fractions import Fraction

import sympy

from procgym import Draft, InteractiveTask, Knob, Task
from procgym.extract import extract_answer
from procgym.kit import SUBMIT_ANSWER, Param, Tool
from procgym.parsing import ParseError, parse_expression, parse_int
from procgym.verdict import right, wrong


class GoodSum(Task):
    """Add two integers. A correct task the broken ones below each change in one way."""

    name = "broken/good_sum"
    knobs = (Knob("digits", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (1, 20),
                  doc="digits per number"),)
    answer_format = "an integer"
    example = "-1"  # never a sum of two non-negative numbers

    def effort(self, problem):
        return problem.params["digits"]  # one column of the addition per digit

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


class NoEffort(GoodSum):
    """Declares no effort measure."""

    effort = Task.effort


class UnevenKnobs(GoodSum):
    """One knob has 20 levels, the other 10."""

    knobs = (*GoodSum.knobs, Knob("spaces", [0] * 10, (0, 3), doc="spaces around the plus sign"))


class CapsSilently(GoodSum):
    """Stops at level 12 without saying why."""

    knobs = (Knob("digits", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6], (1, 20), doc="digits per number"),)


class EasierAtLevel6(GoodSum):
    """Level 6 has fewer digits than level 5."""

    knobs = (Knob("digits", [1, 1, 2, 2, 3, 1, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (1, 20),
                  doc="digits per number"),)


class ListsADipThatIsNot(GoodSum):
    """Claims a released level is easier when it is not."""

    released_dips = {4: "no reason: level 4 is not easier"}


class ListsANewLevelDip(EasierAtLevel6):
    """Excuses a fall past the released levels."""

    knobs = (Knob("digits", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 2, 7, 8, 8, 9, 9, 10, 10], (1, 20),
                  doc="digits per number"),)
    released_dips = {13: "level 13 is new, so it could have been written harder"}


class NoHarderAtTheTop(GoodSum):
    """Every level is the same problem size."""

    knobs = (Knob("digits", [3] * 20, (1, 20), doc="digits per number"),)


class Countdown(InteractiveTask):
    """Say the secret number before the counter runs out; a wrong guess costs one count."""

    name = "broken/countdown"
    knobs = (Knob("start", [3, 3, 4, 4, 5, 5, 6, 6, 7, 7], (1, 100), doc="guesses allowed"),)
    cap_reason = "a test task: its one knob has ten levels"
    answer_format = "a number"
    example = "-1"  # never the secret
    tools = (Tool("say", "Say a number.", "{number}", (Param("number", "integer", "the number"),)),)

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

    def effort(self, problem):
        return problem.check["secret"].bit_length() + problem.check["start"]


class LosingPolicy(Countdown):
    """Its reference policy never wins."""

    def policy(self, problem, state):
        return "0"


class NoTools(Countdown):
    """Declares no tools, so it cannot be played by function calls."""

    tools = ()


class BadToolName(Countdown):
    """Names its tool with a space, which OpenAI's function schema forbids."""

    tools = (Tool("say it", "Say a number.", "{number}", (Param("number", "integer", "the number"),)),)


class ToolWritesOtherText(Countdown):
    """Its tool matches the text "7" but writes "70": a call and the text grammar part ways."""

    tools = (Tool("say", "Say a number.", lambda args: args["number"] + "0",
                  (Param("number", "integer", "the number"),), parse=lambda text: {"number": int(text)} if text.isdigit() else None),)


class SubmitWritesOtherText(GoodSum):
    """Its submit_answer tool adds a word to the answer, so the reference answer submitted fails."""

    tools = (Tool("submit_answer", SUBMIT_ANSWER.description, "{answer} apples", SUBMIT_ANSWER.params),)


class CrashingDynamics(Countdown):
    """Raises on an action it does not understand."""

    def transition(self, problem, state, action):
        if not action.isdigit():
            raise ValueError("unknown action")
        return super().transition(problem, state, action)


# --------------------------------------------------------------------------- reading answers

class FirstNumberWins(GoodSum):
    """Picks the first number out of the answer with re.search, so hedges and leftover words pass."""

    def grade(self, answer, problem):
        m = re.search(r"-?\d+", answer)
        return right() if m and int(m.group()) == problem.check["value"] else wrong()


class EmptyIsAnAnswer(GoodSum):
    """Skips the shared reading and takes an empty answer as right (an 'answer is none' task)."""

    def verify(self, problem, text):
        answer = extract_answer(text, "tag")
        if answer is not None and not answer.strip():
            return right()
        return super().verify(problem, text)


class SkipsNormalisation(GoodSum):
    """Compares the raw marked text, so a trailing full stop or U+2212 fails a right answer."""

    def verify(self, problem, text):
        answer = extract_answer(text, "tag")
        return right() if answer == problem.answer else wrong()


class ExampleIsOftenRight(GoodSum):
    """Its problems' answer is often the prompt's example."""

    def numbers(self, rng, params):
        a = rng.randrange(3)
        return [a, -1 - a] if rng.random() < 0.5 else super().numbers(rng, params)


class IgnoresLabelNames(GoodSum):
    """Asks for a and b by name but reads the two values in the order written."""

    def build(self, rng, params):
        a, b = self.numbers(rng, params)
        return Draft(f"Let a = {a} + 1 and b = {b} + 2. Give a and b.", f"a = {a + 1}, b = {b + 2}",
                     {"a": a + 1, "b": b + 2})

    def numbers(self, rng, params):
        a = rng.randrange(10 ** params["digits"])
        return a, a + 1 + rng.randrange(5)  # b differs from a, so swapping the values matters

    def grade(self, answer, problem):
        values = [int(v) for v in re.findall(r"=\s*(-?\d+)", answer)]
        return right() if values == [problem.check["a"], problem.check["b"]] else wrong()


_OLD_PROBES = (Fraction(37, 100), Fraction(-83, 100), Fraction(121, 100), Fraction(27, 10), Fraction(-19, 10),
               Fraction(53, 10), Fraction(7, 100))


class FixedProbePoints(GoodSum):
    """Differentiate a polynomial; decides equivalence at seven fixed, public points."""

    name = "broken/fixed_probes"
    answer_format = "an expression in x"
    example = "0"

    def build(self, rng, params):
        coefficients = [rng.randrange(1, 9) for _ in range(3)]
        x = sympy.Symbol("x")
        f = sum(c * x ** (k + 1) for k, c in enumerate(coefficients))
        derivative = sympy.diff(f, x)
        return Draft(f"Differentiate {sympy.sstr(f).replace('**', '^')} with respect to x.",
                     sympy.sstr(derivative).replace("**", "^"), {"f": sympy.sstr(f)})

    def grade(self, answer, problem):
        try:
            given = parse_expression(answer, ["x"])
        except ParseError:
            return wrong()
        expected = parse_expression(problem.answer, ["x"])
        x = sympy.Symbol("x")
        same = all(given.subs(x, sympy.Rational(p)) == expected.subs(x, sympy.Rational(p)) for p in _OLD_PROBES)
        return right() if same else wrong()
