"""Crop rotation: plan a season of plantings on one field whose soil each crop drains or feeds."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

DRAINERS = ("wheat", "maize", "potatoes", "cabbage", "barley", "onions")
FEEDERS = ("beans", "clover", "peas", "lentils")  # legumes: they fix nitrogen and feed the soil
CROPS = DRAINERS + FEEDERS
_PLANT = re.compile(r"^(?:plant|sow|grow)\s+([a-z]+)$")
_REST = re.compile(r"^(?:rest|fallow|leave fallow|wait)$")


def best_plan(days: int, top: int, crops: list[dict], stats: dict | None = None):
    """Dynamic programming over (day, soil level): value[d][s] is the most money the rest of the
    season can still earn from day d with soil s, choosing each time to rest a day (soil + 1, up to
    the top) or plant a crop the soil allows that ripens by the season's end. Returns the table and
    the choice table (-1 rest, else the crop index; the first best in list order, rest last).
    stats["cells"] counts the (day, soil, choice) cases weighed."""
    value = [[0] * (top + 1) for _ in range(days + 1)]
    choice = [[-1] * (top + 1) for _ in range(days + 1)]
    # per crop: (index, days, coins, need, the soil after harvest for each soil level)
    table = [(i, c["grow"], c["value"], c["need"], [max(0, min(top, s + c["soil"])) for s in range(top + 1)])
             for i, c in enumerate(crops)]
    rested = [min(top, s + 1) for s in range(top + 1)]
    if stats is not None:
        stats["cells"] = stats.get("cells", 0) + days * (top + 1) * len(crops)
    for d in range(days - 1, -1, -1):
        here, later, picks = value[d], value[d + 1], choice[d]
        for s in range(top + 1):
            best, arg = later[rested[s]], -1
            for i, grow, coins, need, after in table:
                if s >= need and d + grow <= days:
                    v = coins + value[d + grow][after[s]]
                    if v > best or (v == best and arg < 0):  # a tie goes to planting: coins sooner
                        best, arg = v, i
            here[s], picks[s] = best, arg
    return value, choice


@register
class CropRotation(TurnBudgetTask):
    """One field, a season of days and a list of crops, each with the days it takes to ripen, the
    soil fertility it needs at planting, the money its harvest brings and how it changes the soil
    (most crops drain it, legumes feed it). Each turn, plant a crop on the empty field (it occupies
    the field until it ripens and is sold) or rest the field for a day (fertility rises by one, up
    to a maximum). Earn the target money before the season ends; an invalid action wastes a day.
    The reference solver is dynamic programming over (day, fertility); the target is a share of its
    optimum that rises with the level to the optimum itself. Higher levels: longer seasons, more
    crops, a wider fertility scale, and a target equal to the best possible."""

    name = "planning/crop_rotation"
    knobs = (
        Knob("days", [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28, 30, 32, 35], (2, 60),
             doc="days in the season"),
        Knob("n_crops", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 10), doc="crops to choose from"),
        Knob("top_soil", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9], (1, 12),
             doc="the highest fertility"),
        Knob("target_percent", [60, 65, 70, 75, 80, 85, 90, 95, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100,
                                100, 100], (1, 100), doc="the money target as a percent of the optimum (rounded up)"),
    )
    answer_format = "an action: plant <crop> or rest"
    example = "plant rocks"  # not a crop
    tools = (Tool("plant", "Plant a crop on the empty field; it is sold when it ripens.", "plant {crop}",
                  (Param("crop", "string", "the crop's name", enum=CROPS),)),
             Tool("rest", "Leave the field fallow for one day: fertility rises by one.", "rest"))
    unit = ("day", "days")
    lowercase = True
    invalid_hint = "write plant and a crop name (plant beans) or rest"

    def build(self, rng, params):
        days, top = params["days"], params["top_soil"]
        n_feeders = 1 + sum(rng.random() < 0.2 for _ in range(params["n_crops"] - 1))
        n_feeders = max(min(n_feeders, len(FEEDERS), params["n_crops"]), params["n_crops"] - len(DRAINERS))
        kinds = [True] * n_feeders + [False] * (params["n_crops"] - n_feeders)
        rng.shuffle(kinds)
        feeders, drainers = rng.sample(FEEDERS, n_feeders), rng.sample(DRAINERS, params["n_crops"] - n_feeders)
        crops = []
        for feeds in kinds:
            grow = rng.randint(1, max(2, min(6, days // 2)))
            crops.append({"name": feeders.pop() if feeds else drainers.pop(), "grow": grow,
                          "need": 0 if feeds else rng.randint(1, top),
                          "soil": rng.randint(1, 2) if feeds else -rng.randint(1, top),
                          "value": rng.randint(1, 3) * grow + (0 if feeds else rng.randint(2, 4 * grow))})
        soil = rng.randint(0, top)
        value, choice = best_plan(days, top, crops)
        optimum = value[0][soil]
        target = max(1, math.ceil(optimum * params["target_percent"] / 100))
        check = {"days": days, "top": top, "crops": crops, "soil": soil, "target": target, "optimum": optimum,
                 "budget": days}
        crop_lines = "\n".join(
            f"- {c['name']}: ripens after {c['grow']} day{'s' if c['grow'] > 1 else ''}, needs fertility at least "
            f"{c['need']} to plant, sells for {c['value']} coins, and changes fertility by "
            f"{'+' if c['soil'] > 0 else ''}{c['soil']} when harvested" for c in crops)
        question = (
            f"Crop rotation. You farm one field for a season of {days} days. Soil fertility runs from 0 to "
            f"{top} and starts at {soil}. Crops:\n{crop_lines}\n\n"
            f"Each turn, on an empty field, either plant a crop (plant and its name), which fills the field "
            f"until it ripens and is sold at once, or rest (the field lies fallow for one day and fertility "
            f"rises by 1, at most {top}). Fertility never falls below 0, and a crop must ripen by the end of "
            f"day {days}. Earn at least {target} coins before the season ends. An invalid or refused action "
            f"wastes a day. You have {days} days.\n\n{self.describe(check, self.start_of(check))}")
        return self.draft(question, "\n".join(self.line(check, choice)), check)

    @staticmethod
    def start_of(check) -> dict:
        return {"day": 0, "soil": check["soil"], "coins": 0, "wasted": 0}

    def line(self, check, choice) -> list[str]:
        state, steps = self.start_of(check), []
        while state["coins"] < check["target"]:
            i = choice[state["day"]][state["soil"]]
            steps.append("rest" if i < 0 else f"plant {check['crops'][i]['name']}")
            self.apply(check, state, i)
        return steps

    @staticmethod
    def apply(check, state, i) -> str:
        if i < 0:
            state["day"] += 1
            state["soil"] = min(check["top"], state["soil"] + 1)
            return f"The field rests; fertility is {state['soil']}."
        c = check["crops"][i]
        state["day"] += c["grow"]
        state["soil"] = max(0, min(check["top"], state["soil"] + c["soil"]))
        state["coins"] += c["value"]
        return f"The {c['name']} ripen and sell for {c['value']} coins; fertility is {state['soil']}."

    @staticmethod
    def describe(check, state) -> str:
        return (f"Day {state['day'] + state['wasted']} of {check['days']} used. Fertility {state['soil']}. "
                f"Coins {state['coins']} of {check['target']}.")

    def spent(self, problem, state):
        return state["day"] + state["wasted"]

    def effort(self, problem):
        c, stats = problem.check, {}
        best_plan(c["days"], c["top"], c["crops"], stats)
        return stats["cells"]

    def start(self, problem):
        return self.start_of(problem.check)

    def act(self, problem, state, text):
        check = problem.check
        if _REST.match(text):
            i = -1
        else:
            m = _PLANT.match(text)
            names = [c["name"] for c in check["crops"]]
            if not m:
                state["wasted"] += 1
                return f"Invalid action: {self.invalid_hint}.", None
            if m.group(1) not in names:
                state["wasted"] += 1
                return f"There is no {m.group(1)} seed; the crops are {', '.join(names)}.", None
            i = names.index(m.group(1))
            c, used = check["crops"][i], state["day"] + state["wasted"]
            if state["soil"] < c["need"]:
                state["wasted"] += 1
                return f"The soil is too poor for {c['name']}: it needs fertility {c['need']}.", None
            if used + c["grow"] > check["days"]:
                state["wasted"] += 1
                return f"The {c['name']} would not ripen before the season ends.", None
        observation = self.apply(check, state, i)
        if state["coins"] >= check["target"]:
            return f"{observation} You have {state['coins']} coins: target reached.", WIN
        return observation, None

    def view(self, problem, state):
        return self.describe(problem.check, state)

    def unsolved(self, problem, state):
        return "the season ended before the target was reached."

    def plan(self, problem, state):
        check = problem.check
        _, choice = best_plan(check["days"], check["top"], check["crops"])
        day = min(check["days"] - 1, state["day"] + state["wasted"])
        i = choice[day][state["soil"]]
        return "rest" if i < 0 else f"plant {check['crops'][i]['name']}"
