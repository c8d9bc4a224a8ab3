"""Best-arm identification in a Bernoulli multi-armed bandit under a pull budget."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask
from procgym.seeding import stable_rng

_PULL = re.compile(r"^(?:pull|play|try)\s*(?:arm\s*)?#?(\d{1,4})(?:\s*[x*,:]?\s*(\d{1,5})\s*(?:times?|pulls?)?)?$")
_COMMIT = re.compile(r"^(?:commit|choose|pick|answer|best)\s*(?:to\s*)?(?:arm\s*)?#?(\d{1,4})$")


def outcomes(name: str, salt: int, arm: int, p: float, start: int, n: int) -> list[int]:
    """Pulls start..start+n-1 of `arm` (1 paid, 0 not): the arm's j-th pull pays when the j-th draw
    of its own seeded stream is below p, so outcomes depend only on the problem and the count."""
    rng = stable_rng(name, "arm", salt, arm)
    for _ in range(start):
        rng.random()
    return [1 if rng.random() < p else 0 for _ in range(n)]


def halving_plan(k: int, budget: int) -> list[int]:
    """Pulls per surviving arm in each round of successive halving: ceil(log2 k) rounds share
    the budget equally, each round splitting its share among the arms still in play."""
    rounds = max(1, math.ceil(math.log2(k)))
    plan, alive = [], k
    for _ in range(rounds):
        plan.append(budget // (rounds * alive))
        alive = math.ceil(alive / 2)
    return plan


def halving_next(k: int, budget: int, log: list) -> str:
    """The successive-halving policy's next action, from the pull log [[arm, n, paid], ...]
    alone: pull each surviving arm its round's share, keep the better half by that round's
    payout (ties to the lower arm), and commit to the last arm standing."""
    alive, i = list(range(1, k + 1)), 0
    for n in halving_plan(k, budget):
        paid = {}
        for arm in alive:
            if i < len(log) and log[i][0] == arm and log[i][1] == n:
                paid[arm] = log[i][2]
                i += 1
            else:
                return f"pull {arm} {n}"
        alive = sorted(alive, key=lambda a: (-paid[a], a))[:math.ceil(len(alive) / 2)]
        alive.sort()
    return f"commit {alive[0]}"


@register
class BestArm(TurnBudgetTask):
    """Best-arm identification: K slot-machine arms each pay 1 with a fixed hidden probability;
    within a budget of pulls (batched, several per action) the agent must commit to the arm with
    the highest probability. Each arm's pulls come from its own seeded stream, so an episode is
    a pure function of the problem and the actions. Higher levels add arms, shrink the gap
    between the best arm and the rest, put more near-best decoys next to it, and cap the number
    of actions, so pulls must be spent adaptively. Instances are kept only if the reference
    policy (successive halving, from the observed payouts alone) identifies the best arm on
    their seeded outcomes; the budget is generous enough that sensible adaptive sampling
    usually does too."""

    name = "exploration/best_arm"
    knobs = (
        Knob("n_arms", [2, 3, (3, 4), 4, (4, 5), 5, (5, 6), 6, (6, 7), (7, 8), (8, 9), (8, 9), (9, 10), (9, 10),
                        (10, 11), (10, 11), (11, 12), (11, 12), 12, 12], (2, 12), doc="arms"),
        Knob("gap", [(0.35, 0.45), (0.3, 0.4), (0.27, 0.33), (0.23, 0.28), (0.2, 0.25), (0.18, 0.22), (0.16, 0.2),
                     (0.14, 0.17), (0.12, 0.15), (0.1, 0.13), (0.09, 0.12), (0.09, 0.11), (0.08, 0.11), (0.08, 0.1),
                     (0.07, 0.1), (0.07, 0.09), (0.06, 0.09), (0.06, 0.08), (0.05, 0.08), (0.05, 0.07)], (0.05, 0.8),
             doc="least margin of the best arm's probability over every other arm's (rounded to 0.01)"),
        Knob("decoys", [0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (0, 11),
             doc="arms within gap + 0.05 of the best"),
        Knob("pulls_per_arm", [(16, 24), (20, 30), (25, 35), (35, 45), (45, 55), (55, 65), (65, 75), (85, 95),
                               (105, 115), (125, 135), (145, 155), (165, 175), (190, 200), (215, 225), (245, 255),
                               (280, 290), (320, 330), (360, 370), (410, 420), (460, 480)], (4, 1000),
             doc="pull budget divided by the number of arms"),
        Knob("spare_actions", [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 50),
             doc="actions allowed beyond the reference policy's"),
    )
    answer_format = "pull K N (pull arm K N times), or commit K"
    example = "pull 2 10"
    tools = (Tool("pull", "Pull one arm some times; you see how many of the pulls paid.", "pull {arm} {times}",
                  (Param("arm", "integer", "the arm's number, from 1"),
                   Param("times", "integer", "how many pulls, at least 1"))),
             Tool("commit", "Commit to the arm you believe pays best; this ends the game.", "commit {arm}",
                  (Param("arm", "integer", "the arm's number, from 1"),)))
    budget_key = "turn_limit"  # check["budget"] is the number of pulls, spread over the actions
    unit = ("action", "actions")
    lowercase = True
    invalid_hint = "write 'pull K N' (arm K, N times) or 'commit K'"

    def build(self, rng, params):
        k, gap = params["n_arms"], round(params["gap"], 2)
        decoys = params["decoys"]
        if decoys > k - 1:
            raise ValueError(f"knob 'decoys': {decoys} decoys need more than {k} arms")
        budget = k * params["pulls_per_arm"]
        for _ in range(1000):
            best = round(rng.uniform(0.25 + gap, 0.9), 2)
            probs = [round(rng.uniform(best - gap - 0.05, best - gap), 2) for _ in range(decoys)]
            probs += [round(rng.uniform(0.05, best - gap), 2) for _ in range(k - 1 - decoys)]
            probs.append(best)
            rng.shuffle(probs)
            probs = [max(0.01, p) for p in probs]
            if sorted(probs)[-2] > best - gap + 1e-9:
                continue
            salt = rng.randrange(2**31)
            log, actions = [], []
            while True:
                action = halving_next(k, budget, log)
                actions.append(action)
                if action.startswith("commit"):
                    break
                _, arm, n = action.split()
                arm, n = int(arm), int(n)
                done = sum(m for a, m, _ in log if a == arm)
                log.append([arm, n, sum(outcomes(self.name, salt, arm, probs[arm - 1], done, n))])
            if int(actions[-1].split()[1]) == probs.index(best) + 1:
                break
        else:
            raise ValueError("knob 'pulls_per_arm': the budget is too small to identify the best arm")
        limit = len(actions) + params["spare_actions"]
        check = {"probs": probs, "best": probs.index(best) + 1, "budget": budget, "turn_limit": limit,
                 "salt": salt, "gap": gap}
        question = (
            f"A slot machine has {k} arms, numbered 1 to {k}. Each pull of an arm pays 1 point with a fixed "
            f"probability that belongs to that arm (hidden from you) and 0 otherwise, independently of every "
            f"other pull. One arm has the highest probability, ahead of every other arm by at least {gap:g}. "
            f"Find it.\n"
            f"You have {budget} pulls in all and at most {limit} actions. Actions: 'pull K N' pulls arm K N "
            f"times in a row and shows how many of those pulls paid ('pull K' pulls once); 'commit K' ends the "
            f"game, and you win if arm K is the best arm. An invalid action is rejected and still uses an "
            f"action; running out of actions before committing loses.")
        return self.draft(question, "\n".join(actions), check)  # only commit wins: a pull never does

    def effort(self, problem):
        # the evidence successive halving weighs: every pull of the reference line, and its actions
        actions = problem.answer.split("\n")
        return len(actions) + sum(int(a.split()[2]) for a in actions if a.startswith("pull"))

    def start(self, problem):
        k = len(problem.check["probs"])
        return {"pulls": [0] * k, "paid": [0] * k, "log": []}

    def totals(self, state) -> str:
        return "Totals: " + ", ".join(f"arm {i + 1} {w}/{n}" for i, (w, n) in
                                      enumerate(zip(state["paid"], state["pulls"])))

    def act(self, problem, state, text):
        c = problem.check
        k, used = len(c["probs"]), sum(state["pulls"])
        pull, commit = _PULL.match(text), _COMMIT.match(text)
        if commit:
            arm = int(commit.group(1))
            if not 1 <= arm <= k:
                return f"Invalid action: there is no arm {arm} (arms 1 to {k}).", None
            if arm == c["best"]:
                return f"You committed to arm {arm}: it is the best arm. You win.", WIN
            return f"You committed to arm {arm}, but the best arm is arm {c['best']}. You lose.", LOSE
        if not pull:
            return f"Invalid action: {self.invalid_hint}.", None
        arm, n = int(pull.group(1)), int(pull.group(2) or 1)
        if not 1 <= arm <= k:
            return f"Invalid action: there is no arm {arm} (arms 1 to {k}).", None
        if n < 1:
            return "Invalid action: pull at least once.", None
        if used + n > c["budget"]:
            return (f"Invalid action: only {c['budget'] - used} pulls are left." if used < c["budget"]
                    else "Invalid action: no pulls are left; commit to an arm."), None
        got = sum(outcomes(self.name, c["salt"], arm, c["probs"][arm - 1], state["pulls"][arm - 1], n))
        state["pulls"][arm - 1] += n
        state["paid"][arm - 1] += got
        state["log"].append([arm, n, got])
        return (f"Arm {arm}: {got} of {n} pull{'s' if n > 1 else ''} paid. {self.totals(state)}. "
                f"Pulls left: {c['budget'] - used - n}."), None

    def unsolved(self, problem, state):
        return "you did not commit to an arm, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return halving_next(len(c["probs"]), c["budget"], state["log"])
