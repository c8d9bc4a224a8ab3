"""Dice events: the exact probability of an event about a roll of several fair dice."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._dice import (BASIC, FULL, JOINS, atom_event, atom_text, dice_text, event_masks, outcomes, probability,
                    random_atom, roll_space)
from ._exact import PROB_EXAMPLE, PROB_FORMAT, fraction_check, grade_exact
from ._phrasing import events_in, question_of


@register
class DiceEvents(Task):
    """The exact probability of an event about one roll of several fair dice: sums, faces, largest
    and smallest values, matches, products. Level 1 asks one simple event for two six-sided dice;
    higher levels roll more dice of mixed sizes, combine two or three events ("all of", "at least
    one of", "exactly one of") and condition on another event (P(A | B)). Answers are computed by
    enumerating every roll (as multisets with multiplicities)."""

    name = "probability/dice_events"
    cap_reason = ("the answer enumerates every roll exactly, and six dice of three sizes is the most it rolls at the "
                  "speed target; by level 14 three combined events and a condition are always in play")
    knobs = (
        Knob("n_dice", [2, 2, 2, (2, 3), 3, 3, (3, 4), 4, (4, 5), 5, 5, (5, 6), (5, 6), 6], (1, 6), doc="dice rolled"),
        Knob("die_types", [1, 1, 1, 1, (1, 2), 2, 2, (2, 3), 3, 3] + [3] * 4, (1, 3),
             doc="different die sizes among the dice"),
        Knob("n_events", [1, 1, 2, 2, 2, (2, 3), 3, 3, 3, 3] + [3] * 4, (1, 3), doc="atomic events combined"),
        Knob("condition_percent", [0, 0, 0, 30, 40, 50, 50, 60, 70, 80, 85, 90, 95, 100], (0, 100),
             doc="chance that the question is conditional, P(A | B)"),
        Knob("events", ["basic", "full", "full", "full", "full", "full", "full", "full", "full", "full"] + ["full"] * 4,
             choices=("basic", "full"), doc="which kinds of atomic event may appear"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        n = params["n_dice"]
        types = min(params["die_types"], n)
        sizes = [6] if types == 1 else [6] + rng.sample([4, 8, 10, 12] if n <= 3 else [4, 8], types - 1)
        sides = list(sizes) + [rng.choice(sizes) for _ in range(n - types)]
        sides.sort()
        kinds = BASIC if params["events"] == "basic" else FULL
        kinds = tuple(k for k in kinds if not (n < 3 and k == "some_match"))
        conditional = rng.randrange(100) < params["condition_percent"]
        k = params["n_events"]
        join = "all" if k == 1 else rng.choice(("all", "any") if k == 2 else ("all", "any", "one"))
        for _ in range(200):
            atoms = []
            while len(atoms) < k:
                a = random_atom(rng, kinds, sides)
                if all(a[0] != b[0] for b in atoms):
                    atoms.append(a)
            event = (join, tuple(atoms))
            given = random_atom(rng, kinds, sides) if conditional else None
            if given is not None and any(given[0] == a[0] for a in atoms):
                continue
            g = None if given is None else atom_event(sides, given)
            p = probability(sides, event, given)
            if not 0 < p < 1:
                continue
            space = roll_space(tuple(sides))
            if k > 1 and any(p == space.probability(event_masks(sides, (join, atoms[:i] + atoms[i + 1:])), g)
                             for i in range(k)):
                continue  # every part of a compound event must matter
            if g is not None and p == probability(sides, event):
                continue  # the condition must matter
            break
        else:  # fall back on a plain sum
            event, given = ("all", (("sum_eq", sum(sides) // 2 + 1),)), None
            p = probability(sides, event)
        question = f"You roll {dice_text(sides)}."
        if len(set(sides)) > 1:
            question += " Each die's faces are numbered from 1 up to its number of sides."
        if given is not None:
            question += f" You are told that {atom_text(given, n)}.\n\nGiven this, what is the probability that "
        else:
            question += "\n\nWhat is the probability that "
        join, atoms = event
        if len(atoms) == 1:
            question += f"{atom_text(atoms[0], n)}?"
        else:
            question += f"{JOINS[join]}?\n" + "\n".join(f"- {atom_text(a, n)}" for a in atoms)
        return Draft(question, frac_text(p), fraction_check(p, sides=sides))

    def effort(self, problem):
        # every distinct roll is enumerated and each atomic event (and the condition) tested on it
        rolls = len(outcomes(tuple(sorted(problem.check["sides"]))))
        return rolls * events_in(question_of(problem))

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the probability")
