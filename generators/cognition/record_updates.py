"""Attribute lookup after updates: a small table of people, then a log of changes (absolute,
relative, copied from another person, swaps, and non-changes); answer about the final table."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._words import CITIES, JOBS, NAMES, read_word

# the update kinds that can change each asked attribute
RELEVANT = {"city": ("move", "swap_city", "follow"), "age": ("birthday", "age_gap"), "job": ("job", "same_job")}
KINDS = ("move", "birthday", "job", "swap_city", "follow", "same_job", "age_gap", "stay")


# Each question's example is never its answer: a count is never negative, everyone is at least
# 20 (ages start at 20-70 and only grow or are set above someone else's), and Paris and dentist
# are not in CITIES and JOBS.
EXAMPLES = {"count": "-2", "age": "12", "city": "Paris", "job": "dentist"}


def apply(people: dict, ev: tuple) -> None:
    """Apply one update to {name: {'city', 'age', 'job'}} in place."""
    kind = ev[0]
    if kind == "move":
        people[ev[1]]["city"] = ev[2]
    elif kind == "birthday":  # ('birthday', name, years)
        people[ev[1]]["age"] += ev[2]
    elif kind == "job":
        people[ev[1]]["job"] = ev[2]
    elif kind == "swap_city":
        a, b = people[ev[1]], people[ev[2]]
        a["city"], b["city"] = b["city"], a["city"]
    elif kind == "follow":  # ('follow', a, b): a moves to where b lives now
        people[ev[1]]["city"] = people[ev[2]]["city"]
    elif kind == "same_job":
        people[ev[1]]["job"] = people[ev[2]]["job"]
    elif kind == "age_gap":  # ('age_gap', a, b, k): a's age becomes b's current age plus k
        people[ev[1]]["age"] = people[ev[2]]["age"] + ev[3]
    # 'stay' changes nothing


def update_text(ev: tuple) -> str:
    kind = ev[0]
    return {
        "move": lambda: f"{ev[1]} moves to {ev[2]}.",
        "birthday": lambda: (f"{ev[1]} has a birthday (one year older)." if ev[2] == 1 else
                             f"{ev[2]} years pass for {ev[1]} (only for {ev[1]}): add {ev[2]} to {ev[1]}'s age."),
        "job": lambda: f"{ev[1]} becomes a {ev[2]}.",
        "swap_city": lambda: f"{ev[1]} and {ev[2]} swap homes (each moves to the other's city).",
        "follow": lambda: f"{ev[1]} moves to the city where {ev[2]} lives at this point.",
        "same_job": lambda: f"{ev[1]} takes up the job {ev[2]} has at this point.",
        "age_gap": lambda: f"It turns out {ev[1]} is exactly {ev[3]} years older than {ev[2]} is at this point; "
                           f"correct {ev[1]}'s age.",
        "stay": lambda: f"{ev[1]} thinks about moving to {ev[2]} but decides to stay.",
    }[kind]()


def random_event(rng, names, kinds, cities, jobs) -> tuple:
    kind = rng.choice(kinds)
    a, b = rng.sample(names, 2)
    if kind in ("move", "stay"):
        return (kind, a, rng.choice(cities))
    if kind == "birthday":
        return (kind, a, rng.choice([1, 1, 2, 3, 5]))
    if kind == "job":
        return (kind, a, rng.choice(jobs))
    if kind == "age_gap":
        return (kind, a, b, rng.randint(1, 9))
    return (kind, a, b)


@register
class RecordUpdates(Task):
    """A table gives each person a city, an age and a job; a log then updates it: moves,
    birthdays, new jobs, swapped homes, moving to where someone else lives, copying a job,
    ages set relative to someone else, and thoughts that change nothing. Give a final value,
    or (higher levels) how many people live in a city. Higher levels have more people, longer
    logs and more update kinds that depend on other people's current values."""

    name = "cognition/record_updates"
    knobs = (
        Knob("n_people", [3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16, 18], (2, 30),
             doc="people in the table"),
        Knob("n_updates", [2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 21, 24, 27, 30, 33, 36, 40, 44, 48, 52], (1, 100),
             doc="updates in the log"),
        Knob("kinds", [3, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], (1, 8),
             doc="update kinds: move, birthday, job, swap homes, follow, copy job, relative age, no change"),
        Knob("ask", [["city", "age", "job"], ["city", "age", "job"], ["city", "age", "job"], ["city", "age", "job"],
                     ["city", "age", "job", "count"], ["city", "age", "job", "count"],
                     ["city", "age", "job", "count"], ["city", "age", "job", "count"], ["age", "count"],
                     ["age", "count"]] + [["age", "count"]] * 10, choices=("city", "age", "job", "count"),
             doc="which final value is asked"),
    )
    answer_format = "one word"
    example = EXAMPLES["city"]

    def build(self, rng, params):
        names = rng.sample(NAMES, params["n_people"])
        cities = rng.sample(CITIES, max(3, params["n_people"] // 2 + 1))
        jobs = rng.sample(JOBS, 5)
        people = {n: {"city": rng.choice(cities), "age": rng.randint(20, 70), "job": rng.choice(jobs)} for n in names}
        table = "\n".join(f"{n} | {p['city']} | {p['age']} | {p['job']}" for n, p in people.items())
        kinds = KINDS[:params["kinds"]]
        log = []
        for _ in range(params["n_updates"]):
            ev = random_event(rng, names, kinds, cities, jobs)
            apply(people, ev)
            log.append(ev)
        head = (f"A table of people:\nname | city | age | job\n{table}\n\nThe following updates happen in order:\n"
                + "\n".join(f"{i}. {update_text(ev)}" for i, ev in enumerate(log, 1)) + "\n\n")
        ask = params["ask"]
        if ask == "count":
            city = rng.choice(cities)
            value = sum(1 for p in people.values() if p["city"] == city)
            return Draft(head + f"After all updates, how many people in the table live in {city}?", str(value),
                         {"value": value}, answer_format="an integer", example=EXAMPLES["count"])
        # ask mostly about someone the log changed, so the log must be followed
        touched = sorted({n for ev in log if ev[0] in RELEVANT[ask] for n in ev[1:3] if n in people}
                         if ask == "city" else {ev[1] for ev in log if ev[0] in RELEVANT[ask]})
        who = rng.choice(touched) if touched and rng.random() < 0.8 else rng.choice(names)
        final = people[who][ask]
        if ask == "age":
            return Draft(head + f"After all updates, how old is {who}?", str(final), {"value": final},
                         answer_format="an integer", example=EXAMPLES["age"])
        question = (f"After all updates, in which city does {who} live?" if ask == "city" else
                    f"After all updates, what job does {who} have?")
        return Draft(head + question, final,
                     {"word": final.lower()}, answer_format=f"one word, the {ask}",
                     example=EXAMPLES[ask])

    def effort(self, problem):
        # the table is read and every update applied; a count needs every person's final city
        p = problem.params
        return p["n_people"] + p["n_updates"] + (p["n_people"] if p["ask"] == "count" else 0)

    def grade(self, answer, problem):
        c = problem.check
        if "value" in c:
            return grade_int(answer, c["value"], "the right number")
        try:
            given = read_word(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given == c["word"] else wrong("That is not the final value.")
