"""Bayes' rule: posterior, evidence and predictive probabilities for hidden causes (a condition,
a machine, a coin, a box) after one or more observations."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._exact import PROB_EXAMPLE, PROB_FORMAT, fraction_check, grade_exact, percent_text
from ._phrasing import COLOURS, and_list, ordinal, question_of, word

STORIES = ("test", "factory", "coin", "boxes")
ASKS = ("posterior", "evidence", "predictive")
COIN_BIASES = (Fraction(1, 2), Fraction(1), Fraction(0), Fraction(1, 4), Fraction(3, 4), Fraction(1, 3),
               Fraction(2, 3), Fraction(1, 5), Fraction(4, 5))
CONDITIONS = ("a rare disease", "a vitamin deficiency", "an allergy", "a genetic marker", "an infection")


def likelihood(model: dict, h: int, obs: list) -> Fraction:
    """P(observations | hypothesis h), the observations being conditionally independent given h for
    Bernoulli models and sequential draws without or with replacement for boxes."""
    if model["kind"] == "boxes":
        left = list(model["contents"][h])
        p = Fraction(1)
        for colour in obs:
            total = sum(left)
            if total == 0 or left[colour] == 0:
                return Fraction(0)
            p *= Fraction(left[colour], total)
            if not model["replace"]:
                left[colour] -= 1
        return p
    p = Fraction(1)
    for channel, outcome in obs:
        q = model["rates"][h][channel]
        p *= q if outcome else 1 - q
    return p


def bayes_answer(model: dict, priors, obs: list, ask: str, target) -> Fraction:
    """Evidence P(obs) = sum_h P(h) P(obs | h); posterior P(h | obs) = P(h) P(obs | h) / P(obs);
    predictive P(next | obs) = sum_h P(h | obs) P(next | h, obs)."""
    joint = [prior * likelihood(model, h, obs) for h, prior in enumerate(priors)]
    evidence = sum(joint)
    if ask == "evidence":
        return evidence
    if evidence == 0:
        return Fraction(-1)
    if ask == "posterior":
        return joint[target] / evidence
    return sum(j / evidence * likelihood(model, h, obs + [target]) / likelihood(model, h, obs)
               for h, j in enumerate(joint) if j)


def split_percent(rng, k: int, step: int = 5) -> list[int]:
    """k positive multiples of `step` summing to 100."""
    units = 100 // step
    cuts = sorted(rng.sample(range(1, units), k - 1))
    return [(b - a) * step for a, b in zip([0] + cuts, cuts + [units])]


@register
class BayesRule(Task):
    """Conditional probability with Bayes' rule. A hidden cause (whether a person has a condition,
    which machine made a batch, which coin was picked, which box was chosen) has prior
    probabilities; one or more observations follow (test results with false positives, defective
    items, coin flips, balls drawn without or with replacement). The question asks the posterior
    probability of a cause, the total probability of the observations, or the predictive probability
    of the next observation. Higher levels add causes, observations (mixed results, two different
    tests) and predictive questions. Answers are exact fractions from the priors and likelihoods."""

    name = "probability/bayes_rule"
    knobs = (
        Knob("n_causes", [2, 2, 2, 2, (2, 3), 3, 3, (3, 4), 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8], (2, 8),
             doc="possible hidden causes"),
        Knob("n_observations", [1, 1, 2, 2, (2, 3), 3, (3, 4), 4, (4, 5), 5, 6, 6, 7, 7, 8, 7, 8, 7, (7, 8), 8],
             (1, 8), doc="observations made"),
        Knob("asks", ["posterior", "both", "both", "both", "all", "all", "all", "all", "all", "all"] + ["all"] * 10,
             choices=("posterior", "both", "all"), doc="posterior; plus total probability; plus predictive"),
        Knob("stories", ["simple", "simple", "simple", "all", "all", "all", "all", "all", "all", "all"] + ["all"] * 10,
             choices=("simple", "all"), doc="test and factory stories only, or also coins and boxes"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        k, n_obs = params["n_causes"], params["n_observations"]
        asks = {"posterior": ("posterior",), "both": ("posterior", "posterior", "evidence"),
                "all": ASKS}[params["asks"]]
        stories = STORIES[:2] if params["stories"] == "simple" else STORIES
        for _ in range(100):
            story = rng.choice(stories)
            if story == "test":
                k = 2
            ask = rng.choice(asks)
            model, priors, obs, intro, next_obs = getattr(self, "_" + story)(rng, k, n_obs)
            target = rng.randrange(len(priors)) if ask == "posterior" else next_obs
            answer = bayes_answer(model, priors, obs, ask, target)
            if not 0 < answer < 1 or (ask == "posterior" and answer == priors[target]):
                continue
            if ask != "evidence" and not Fraction(1, 1000) < answer < Fraction(999, 1000):
                continue  # a posterior this close to 0 or 1 asks for nothing but arithmetic
            break
        question = intro["setup"] + "\n\n" + intro["observed"] + "\n\n"
        if ask == "posterior":
            question += intro["posterior"](target)
        elif ask == "evidence":
            question += intro["evidence"]
        else:
            question += intro["predictive"](next_obs)
        return Draft(question, frac_text(answer), fraction_check(answer))

    def effort(self, problem):
        # per cause: its prior times one likelihood factor per observation; a posterior or a
        # prediction also normalises by the evidence, and a prediction weighs each cause's
        # chance of the next observation
        question = question_of(problem)
        if "have a certain condition" in question:
            causes = 2
        elif "A factory has" in question:
            causes = len(re.findall(r"Machine [A-Z] makes", question))
        elif "A bag holds" in question:
            listing = re.search(r"coins: (.*?)\. One coin", question).group(1)
            causes = len(re.split(r", | and ", listing))
        else:
            causes = len(re.findall(r"^- box \d+:", question, re.M))
        asked = question.rsplit("\n\n", 1)[1]
        work = causes * (problem.params["n_observations"] + 1)
        if not asked.startswith("Before"):
            work += causes
        if "next" in asked or "further" in asked:
            work += 2 * causes
        return work

    # ------------------------------------------------------------------ stories

    @staticmethod
    def _test(rng, k, n_obs):
        prior = Fraction(rng.choice((1, 2, 4, 5, 10, 20, 25, 30)), 100)
        condition = rng.choice(CONDITIONS)
        two_tests = n_obs >= 3 and rng.random() < 0.5
        rates = []
        for _ in range(2 if two_tests else 1):
            sens = Fraction(rng.choice((70, 75, 80, 85, 90, 95, 98, 99)), 100)
            fp = Fraction(rng.choice((1, 2, 5, 10, 15, 20, 25)), 100)
            rates.append((sens, fp))
        model = {"kind": "bernoulli", "rates": [[r[0] for r in rates], [r[1] for r in rates]]}
        obs = []
        for i in range(n_obs):
            channel = i % len(rates) if two_tests else 0
            obs.append((channel, rng.random() < 0.65))
        setup = f"In a city, {percent_text(prior)} of the people have a certain condition ({condition})."
        names = ["test A", "test B"] if two_tests else ["a test for the condition"]
        for name, (sens, fp) in zip(names, rates):
            cap = name[0].upper() + name[1:]
            setup += (f" {cap} is positive for {percent_text(sens)} of people who have the condition and for "
                      f"{percent_text(fp)} of people who do not (false positives).")
        setup += (" A person is chosen at random from the city. Test results are independent of each other once it is "
                  "known whether the person has the condition.")
        results = [f"{names[c] if two_tests else 'test ' + str(i + 1)}: {'positive' if r else 'negative'}"
                   for i, (c, r) in enumerate(obs)]
        if two_tests:
            observed = "The person takes the tests in this order, with these results: " + "; ".join(
                f"{names[c]} is {'positive' if r else 'negative'}" for c, r in obs) + "."
        elif n_obs == 1:
            observed = f"The person takes the test once, and the result is {'positive' if obs[0][1] else 'negative'}."
        else:
            observed = (f"The person takes the test {word(n_obs)} times (independent repetitions), with results: "
                        + ", ".join(r.split(': ')[1] for r in results) + ".")
        next_obs = (0, True)
        return model, [prior, 1 - prior], obs, {
            "setup": setup, "observed": observed,
            "posterior": lambda h: (f"What is the probability that the person {'has' if h == 0 else 'does not have'} "
                                    f"the condition, given these results?"),
            "evidence": ("Before any test is taken, what is the probability that a randomly chosen person gets "
                         "exactly these results in this order?"),
            "predictive": lambda o: (f"Given these results, what is the probability that a further independent "
                                     f"repetition of {'test A' if two_tests else 'the test'} is "
                                     f"{'positive' if o[1] else 'negative'}?"),
        }, next_obs

    @staticmethod
    def _factory(rng, k, n_obs):
        shares = [Fraction(s, 100) for s in split_percent(rng, k, 10 if k <= 3 else 5)]
        rates = [Fraction(rng.choice((1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20)), 100) for _ in range(k)]
        while len(set(rates)) == 1:
            rates[0] = Fraction(rng.choice((1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20)), 100)
        names = [f"machine {chr(65 + i)}" for i in range(k)]
        model = {"kind": "bernoulli", "rates": [[r] for r in rates]}
        obs = [(0, rng.random() < 0.5 or i == 0) for i in range(n_obs)]
        setup = (f"A factory has {word(k)} machines. " + " ".join(
            f"{n[0].upper() + n[1:]} makes {percent_text(s)} of the boxes of bolts, and each bolt it makes is "
            f"defective with probability {percent_text(r)}." for n, s, r in zip(names, shares, rates))
                 + " All the bolts in a box come from the same machine, and bolts are defective independently of each "
                   "other given the machine.")
        if n_obs == 1:
            observed = "A box is chosen at random and one bolt from it is tested: it is defective."
        else:
            observed = (f"A box is chosen at random and {word(n_obs)} bolts from it are tested one after another. "
                        f"In order, they are: " + ", ".join("defective" if o else "fine" for _, o in obs) + ".")
        return model, shares, obs, {
            "setup": setup, "observed": observed,
            "posterior": lambda h: f"What is the probability that the box came from {names[h]}, given these results?",
            "evidence": ("Before any bolt is tested, what is the probability that the tests of a randomly chosen box "
                         "give exactly these results in this order?"),
            "predictive": lambda o: (f"Given these results, what is the probability that the next bolt tested from "
                                     f"the same box is {'defective' if o[1] else 'fine'}?"),
        }, (0, rng.random() < 0.5)

    @staticmethod
    def _coin(rng, k, n_obs):
        biases = [Fraction(1, 2)] + rng.sample(COIN_BIASES[1:], k - 1)
        counts = [rng.randint(1, 4) for _ in range(k)]
        total = sum(counts)
        priors = [Fraction(c, total) for c in counts]
        model = {"kind": "bernoulli", "rates": [[b] for b in biases]}

        def coin_kind(b, c=1):
            many = "coins" if c > 1 else "coin"
            if b == 1:
                return f"two-headed {many} (always landing heads)"
            if b == 0:
                return f"two-tailed {many} (always landing tails)"
            if b == Fraction(1, 2):
                return f"fair {many}"
            return f"{many} that {'land' if c > 1 else 'lands'} heads with probability {frac_text(b)}"

        parts = [f"{word(c)} {coin_kind(b, c)}" for c, b in zip(counts, biases)]
        setup = (f"A bag holds {word(total)} coins: {and_list(parts)}. One coin is taken from the bag at random and "
                 f"flipped repeatedly; flips are independent given the coin.")
        obs = [(0, rng.random() < 0.5) for _ in range(n_obs)]
        if n_obs == 1:
            observed = f"The coin is flipped once and lands {'heads' if obs[0][1] else 'tails'}."
        else:
            observed = (f"The coin is flipped {word(n_obs)} times, giving in order: "
                        + ", ".join("heads" if o else "tails" for _, o in obs) + ".")
        return model, priors, obs, {
            "setup": setup, "observed": observed,
            "posterior": lambda h: (f"Given these flips, what is the probability that the chosen coin is a "
                                    f"{coin_kind(biases[h]).split(' (')[0]}?"),
            "evidence": "Before the coin is chosen, what is the probability that the flips give exactly this sequence?",
            "predictive": lambda o: (f"Given these flips, what is the probability that the next flip of the same coin "
                                     f"lands {'heads' if o[1] else 'tails'}?"),
        }, (0, rng.random() < 0.5)

    @staticmethod
    def _boxes(rng, k, n_obs):
        c = rng.randint(2, 3)
        names = sorted(rng.sample(COLOURS[:6], c), key=COLOURS.index)
        replace = rng.random() < 0.4
        contents = []
        while len(contents) < k:
            box = [rng.randint(0, 6) for _ in range(c)]
            if sum(box) >= n_obs + 1 and sum(1 for x in box if x) >= 2 and box not in contents:
                contents.append(box)
        weights = [rng.randint(1, 3) for _ in range(k)]
        priors = [Fraction(w, sum(weights)) for w in weights]
        model = {"kind": "boxes", "contents": contents, "replace": replace}
        h = rng.randrange(k)
        left = list(contents[h])
        obs = []
        for _ in range(n_obs):
            colour = rng.choices(range(c), weights=left)[0]
            obs.append(colour)
            if not replace:
                left[colour] -= 1
        box_names = [f"box {i + 1}" for i in range(k)]
        lines = "\n".join(
            f"- {b}: " + and_list(f"{x} {names[j]} {'ball' if x == 1 else 'balls'}" for j, x in enumerate(box) if x)
            + f" (chosen with probability {frac_text(p)})" for b, box, p in zip(box_names, contents, priors))
        rule = ("with replacement (each ball is put back before the next draw)" if replace
                else "without replacement")
        setup = (f"There are {word(k)} boxes of balls:\n{lines}\n\nOne box is chosen with the probabilities above, and "
                 f"balls are drawn from it one at a time at random, {rule}.")
        observed = ("The balls drawn are, in order: " + ", ".join(names[o] for o in obs) + "."
                    if n_obs > 1 else f"The ball drawn is {names[obs[0]]}.")
        return model, priors, obs, {
            "setup": setup, "observed": observed,
            "posterior": lambda i: f"Given these draws, what is the probability that {box_names[i]} was chosen?",
            "evidence": ("Before the box is chosen, what is the probability that the draws give exactly these colours "
                         "in this order?"),
            "predictive": lambda o: (f"Given these draws, what is the probability that the {ordinal(n_obs + 1)} ball "
                                     f"drawn from the same box is {names[o]}?"),
        }, rng.randrange(c)

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the probability")
