"""Who holds what: a story of hand-overs, trades, swaps and objects put down and picked up;
answer who ends up with an object or what a person ends up holding."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._words import NAMES, OBJECTS, read_word, read_words

TABLE = "table"
# answers to "who holds it?" that mean the object is on the table
NOBODY = ("nobody", "no one", "no-one", "none", "the table", "on the table", "table")
KINDS = ("give", "decline", "trade", "give_all", "swap_all", "put_down", "pick_up")


def apply(holder: dict, ev: tuple) -> None:
    """Apply one event to {object: holder name or TABLE}, in place."""
    kind = ev[0]
    if kind == "give":  # ('give', giver, obj, receiver)
        holder[ev[2]] = ev[3]
    elif kind == "trade":  # ('trade', a, obj_a, b, obj_b)
        holder[ev[2]], holder[ev[4]] = ev[3], ev[1]
    elif kind == "give_all":  # ('give_all', a, b)
        for obj, who in holder.items():
            if who == ev[1]:
                holder[obj] = ev[2]
    elif kind == "swap_all":  # ('swap_all', a, b)
        for obj, who in list(holder.items()):
            if who == ev[1]:
                holder[obj] = ev[2]
            elif who == ev[2]:
                holder[obj] = ev[1]
    elif kind == "put_down":  # ('put_down', a, obj)
        holder[ev[2]] = TABLE
    elif kind == "pick_up":  # ('pick_up', a, obj)
        holder[ev[2]] = ev[1]
    # 'decline' changes nothing


def event_text(ev: tuple) -> str:
    kind = ev[0]
    return {
        "give": lambda: f"{ev[1]} gives the {ev[2]} to {ev[3]}.",
        "decline": lambda: f"{ev[1]} offers the {ev[2]} to {ev[3]}, but {ev[3]} declines, so {ev[1]} keeps it.",
        "trade": lambda: f"{ev[1]} trades the {ev[2]} for {ev[3]}'s {ev[4]}.",
        "give_all": lambda: f"{ev[1]} hands everything they are holding to {ev[2]}.",
        "swap_all": lambda: f"{ev[1]} and {ev[2]} swap everything they are holding.",
        "put_down": lambda: f"{ev[1]} puts the {ev[2]} down on the table.",
        "pick_up": lambda: f"{ev[1]} picks up the {ev[2]} from the table.",
    }[kind]()


def and_list(objects) -> str:
    """'the lamp', 'the lamp and the key', 'the lamp, the key and the mug', or 'nothing'."""
    names = [f"the {o}" for o in objects]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def random_event(rng, holder: dict, people: list, kinds) -> tuple | None:
    kind = rng.choice(kinds)
    held = sorted(o for o, w in holder.items() if w != TABLE)
    on_table = sorted(o for o, w in holder.items() if w == TABLE)
    if kind in ("give", "decline", "put_down"):
        if not held:
            return None
        obj = rng.choice(held)
        giver = holder[obj]
        if kind == "put_down":
            return (kind, giver, obj)
        return (kind, giver, obj, rng.choice([p for p in people if p != giver]))
    if kind == "trade":
        if len(held) < 2:
            return None
        a_obj = rng.choice(held)
        others = [o for o in held if holder[o] != holder[a_obj]]
        if not others:
            return None
        b_obj = rng.choice(others)
        return (kind, holder[a_obj], a_obj, holder[b_obj], b_obj)
    if kind in ("give_all", "swap_all"):
        holders = sorted({w for w in holder.values() if w != TABLE})
        if not holders:
            return None
        a = rng.choice(holders)
        return (kind, a, rng.choice([p for p in people if p != a]))
    if not on_table:  # pick_up
        return None
    return (kind, rng.choice(people), rng.choice(on_table))


@register
class ItemTransfers(Task):
    """People start holding objects; a story hands them over, trades them, swaps whole
    holdings, declines offers (which change nothing) and puts objects down and picks them up.
    Give who holds an object at the end, or everything a person holds. Higher levels have more
    people, objects and events, and event kinds that move many objects at once."""

    name = "cognition/item_transfers"
    knobs = (
        Knob("n_people", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (2, 20), doc="people"),
        Knob("n_objects", [3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (1, 30),
             doc="objects"),
        Knob("n_events", [2, 3, 5, 6, 8, 10, 12, 15, 18, 22, 25, 28, 31, 34, 37, 40, 44, 48, 52, 56], (1, 100),
             doc="events in the story"),
        Knob("kinds", [2, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], (1, 7),
             doc="event kinds: give, decline, trade, hand everything, swap holdings, put down, pick up"),
        Knob("ask", [["who"], ["who"], ["who"], ["who", "what"], ["who", "what"], ["who", "what"], ["who", "what"],
                     ["what"], ["what"], ["what"]] + [["what"]] * 10, choices=("who", "what"),
             doc="who holds an object, or what a person holds"),
    )
    answer_format = "a name"
    # examples that are never answers: Otto is not in NAMES and the spoon and hat not in OBJECTS
    example = "Otto"

    def build(self, rng, params):
        people = rng.sample(NAMES, params["n_people"])
        objects = rng.sample(OBJECTS, params["n_objects"])
        holder = {o: people[i] if i < len(people) else rng.choice(people) for i, o in enumerate(objects)}
        start = dict(holder)
        kinds = KINDS[:params["kinds"]]
        events, misses = [], 0
        while len(events) < params["n_events"]:
            # with put-down but no pick-up allowed, everything may end on the table: after a run
            # of impossible draws, any kind may be drawn
            ev = random_event(rng, holder, people, kinds if misses < 20 else KINDS)
            if ev is None:
                misses += 1
                continue
            misses = 0
            apply(holder, ev)
            events.append(ev)
        opening = " ".join(f"{p} holds {and_list(sorted(o for o in objects if start[o] == p))}." for p in people)
        story = "\n".join(f"{i}. {event_text(ev)}" for i, ev in enumerate(events, 1))
        head = f"At the start: {opening}\nThen, in order:\n{story}\n\n"
        if params["ask"] == "who":
            obj = rng.choice(objects)
            who = holder[obj]
            question = head + f"Who holds the {obj} at the end? If it is lying on the table, answer nobody."
            answer = who if who != TABLE else "nobody"
            return Draft(question, answer, {"who": answer.lower()})
        person = rng.choice(people)
        have = sorted(o for o in objects if holder[o] == person)
        question = head + f"What is {person} holding at the end?"
        return Draft(question, ", ".join(have) if have else "nothing", {"have": have},
                     answer_format="the objects as a comma-separated list in any order, or nothing",
                     example="spoon, hat")

    def effort(self, problem):
        # the starting holder of every object is read, then every event is applied in order
        return problem.params["n_objects"] + problem.params["n_events"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            if "who" in c:
                given = "nobody" if " ".join(answer.lower().split()) in NOBODY else read_word(answer)
                return right() if given == c["who"] else wrong("That is not who holds it.")
            # "nothing" (or "none") for empty hands; an empty answer never is
            given = [] if is_none(answer) else read_words(answer, articles=True)
        except ParseError as exc:
            return refused(exc)
        if len(set(given)) != len(given):
            return wrong("An object is listed twice.")
        return right() if set(given) == set(c["have"]) else wrong("That is not exactly what they hold.")
