"""The base of instructions/* tasks: draw compatible rules, write a reference text, check it.

A task names its writing situations, its `anchors` (rules that any text written before or after
the answer breaks: an exact word count, a fixed beginning and end, a JSON object, a table), the
rules it always has (`must`) and its pool of further rules. A problem takes one anchor, its
`must` rules, then rules from the pool in a seeded random order, skipping any that conflict with
one already taken, until it has as many as its level asks. The anchor is why a hedge ("text or
other text"), a disowned or negated answer and leftover words are never accepted: each of them
adds words before or after the text, which the anchor forbids.

The reference text is written by the constructive writer (_writer.py) and every rule is checked
on it before the problem is released; a draw the writer cannot meet is redrawn (a bounded number
of times, then generation fails loudly).
"""
from __future__ import annotations

from procgym import Draft, Knob, Task
from procgym.verdict import right, wrong

from ._constraints import COUNTING_RULES, KINDS, compatible, rebuild
from ._writer import Plan

ATTEMPTS = 40


def instruction_knobs(rules=None, sentences=None, slack=None,
                      size_doc="sentences in the reference text") -> tuple[Knob, ...]:
    return (
        Knob("rules", rules or [1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12], (1, 16),
             doc="rules the text must keep (the anchor and the task's fixed rules included)"),
        Knob("sentences", sentences or [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 14], (3, 30),
             doc=size_doc),
        Knob("slack", slack or [12, 10, 9, 8, 6, 5, 4, 3, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], (0, 30),
             doc="room left by at-least and at-most bounds beyond the reference text"),
    )


class InstructionTask(Task):
    """Base class (not registered): subclasses set the situations and the rule pools."""

    answer_format = "the text only, exactly as it should read (nothing else inside the tags)"
    example = "Your text goes here."  # never an answer: every anchor needs more than four words or a fixed frame
    keeps_full_stop = True  # a text ends with its own full stop
    several_answers = True  # any text keeping every rule is right
    knobs = instruction_knobs()
    situations: tuple[str, ...] = ()
    topics: tuple[str, ...] = ("a walk by the river", "a small town market", "a rainy morning", "an old bridge",
                               "a family dinner", "a garden in spring", "a journey by train", "a quiet library",
                               "a winter holiday", "a bakery at dawn", "a mountain lake", "a school trip")
    anchors: tuple[str, ...] = ("words_exact", "start_end")
    must: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()

    def setup(self, plan: Plan, rng, params) -> None:
        """Task-specific layout before the rules prepare the plan (paragraphs, a list...)."""

    def make_plan(self, rng, params):
        plan = Plan(rng, params["sentences"])
        self.setup(plan, rng, params)
        return plan

    def write(self, plan) -> str:
        from ._writer import render

        return render(plan)

    def compose(self, rng, params) -> list:
        classes = [KINDS[rng.choice(self.anchors)]] + [KINDS[k] for k in self.must]
        want = max(params["rules"], len(classes))
        pool = list(self.pool)
        rng.shuffle(pool)
        for kind in pool:
            if len(classes) >= want:
                break
            cls = KINDS[kind]
            if all(compatible(cls, other) for other in classes):
                classes.append(cls)
        return [cls() for cls in classes]

    def attempt(self, rng, params):
        rules = self.compose(rng, params)
        plan = self.make_plan(rng, params)
        for phase in (0, 1):
            for rule in rules:
                if rule.phase == phase:
                    rule.prepare(plan, rng, params["slack"])
        text = self.write(plan)
        for rule in rules:
            rule.fit(text, rng, params["slack"])
        for rule in rules:
            why = rule.check(text)
            if why is not None:
                raise ValueError(f"{rule.kind}: {why}")
        rng.shuffle(rules)
        return rules, text, plan.steps

    def build(self, rng, params):
        last = None
        for _ in range(ATTEMPTS):
            try:
                rules, text, steps = self.attempt(rng, params)
            except ValueError as exc:  # this draw cannot be written: draw again
                last = exc
                continue
            situation = rng.choice(self.situations)
            topic = rng.choice(self.topics)
            body = "\n".join(f"{i}. {rule.describe()}" for i, rule in enumerate(rules, 1))
            question = (f"{situation.format(topic=topic)} Only the rules below are checked, not the content.\n\n"
                        f"Rules:\n{body}")
            if any(rule.counting for rule in rules):
                question += f"\n\n{COUNTING_RULES}"
            check = {"rules": [rule.record() for rule in rules], "steps": steps}
            return Draft(question, text, check)
        raise RuntimeError(f"{self.name}: no reference text met the rules in {ATTEMPTS} draws ({last})")

    def grade(self, answer, problem):
        try:
            rules = [rebuild(record) for record in problem.check["rules"]]
        except (KeyError, TypeError, AttributeError):
            return wrong("The problem record is malformed.")
        for i, rule in enumerate(rules, 1):
            why = rule.check(answer)
            if why is not None:
                return wrong(f"Rule {i} is broken: {why}.")
        return right("Every rule is kept.")

    def effort(self, problem):
        # the rules checked plus the writer's constructive steps (sentences, blocks, placements)
        return len(problem.check["rules"]) + problem.check["steps"]
