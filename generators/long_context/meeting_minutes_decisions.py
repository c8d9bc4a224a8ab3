"""Meeting minutes: which decision about one matter is in force after votes, amendments and
rescissions spread over many meetings."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import read_choice, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._haystack import CITIES, below, budget, density_knob, filler, tokens_knob

ITEM_CHARS = 78  # the mean length of one minuted item with its line break
EVENTS = ("annual conference", "summer party", "board retreat", "training week", "product launch", "client day",
          "sales kickoff", "research fair")


def in_force(items: list, matter: str):
    """The venue decided for `matter` after every item: a motion carries when its votes for exceed
    its votes against; a carried motion on the matter sets its venue, a carried amendment changes
    the venue of the (carried) motion it names, and a carried rescission cancels a motion, so the
    decision falls back to the latest carried motion still standing. Returns (venue, items weighed)."""
    standing = []  # carried, unrescinded motions on the matter, oldest first: [ref, venue]
    by_ref = {}
    weighed = 0
    for ref, kind, target, value, yes, no in items:
        if kind == "motion" and target != matter:
            continue
        if kind != "motion" and target not in by_ref:
            continue  # an amendment or rescission of a motion on another matter, or of one that failed
        weighed += 1
        if yes <= no:
            continue
        if kind == "motion":
            by_ref[ref] = [ref, value]
            standing.append(by_ref[ref])
        elif kind == "amend":
            by_ref[target][1] = value
        else:
            entry = by_ref.pop(target)
            standing.remove(entry)
    return (standing[-1][1] if standing else None), weighed


def item_text(item) -> str:
    ref, kind, target, value, yes, no = item
    votes = f"Votes: {yes} for, {no} against."
    if kind == "motion":
        return f"{ref} Motion: hold the {target} in {value}. {votes}"
    if kind == "amend":
        return f"{ref} Amendment to {target}: change its venue to {value}. {votes}"
    return f"{ref} Motion to rescind {target}. {votes}"


@register
class MeetingMinutesDecisions(Task):
    """The minutes of many committee meetings. Each item is a motion to hold an event in a city,
    an amendment that changes the venue of an earlier motion, or a motion to rescind an earlier
    motion, each with its votes (it carries when the votes for exceed the votes against; a tie
    fails). Give the venue in force for one event after the last meeting. Near misses are failed
    motions and amendments (ties among them), motions about other events, and rescissions that
    make the decision fall back to an earlier motion. Levels grow the minutes from about 1,000
    tokens to 32,000 at level 10 (46,000 at 20), the items about the asked event, and the share
    of near misses.

    Generation: about 410 problems/s at level 5 measured on a heavily loaded shared core, near
    long_context/running_state in the same run (476/s; 950/s in its docstring). A level-5 prompt
    is about 28,000 characters, some 360 items each needing several seeded draws, so the rate is
    bound by the document's size (no search or retry)."""

    name = "long_context/meeting_minutes_decisions"
    knobs = (
        tokens_knob(),
        Knob("asked_items", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (1, 60),
             doc="motions, amendments and rescissions about the asked event"),
        density_knob("percent of the asked event's items that fail their vote (a tie half of the time)"),
    )
    answer_format = "one city, the venue in force"
    example = "Atlantis"  # never a venue

    def build(self, rng, params):
        n = max(10, budget(params) // ITEM_CHARS)
        share = params["distractor_pct"] / 100
        events = rng.sample(EVENTS, 4)
        matter = events[0]
        venues = rng.sample(CITIES, 12)
        k = min(params["asked_items"], n)
        asked_slots = set(rng.sample(range(n), k))
        first = min(asked_slots)
        rand = rng.random
        members = 9 + 2 * below(rng, 3)
        refs, items, lines = {}, [], []  # refs: event -> refs of its motions so far
        counter, meeting = 0, 0
        for i in range(n):
            if i == 0 or rand() < 0.12:
                meeting += 1
                lines.append(f"\nMeeting {meeting}")
                if rand() < 0.5:
                    lines.append(filler(rng))
            counter += 1
            ref = f"M-{counter:04d}"
            event = matter if i in asked_slots else events[1 + int(rand() * 3)]
            earlier = refs.get(event, [])
            x = rand()
            if i == first or not earlier or x < 0.5:
                kind, target, value = "motion", event, venues[int(rand() * len(venues))]
            elif x < 0.8:
                kind, target, value = "amend", earlier[int(rand() * len(earlier))], venues[int(rand() * len(venues))]
            else:
                # a rescission never targets the event's first motion, so some decision always stands
                choices = earlier[1:]
                if not choices:
                    kind, target, value = "motion", event, venues[int(rand() * len(venues))]
                else:
                    kind, target, value = "rescind", choices[int(rand() * len(choices))], None
            fails = event == matter and i != first and rand() < share
            if fails:
                no = 2 + int(rand() * (members // 2 - 1))
                yes = no if rand() < 0.5 else no - 1 - int(rand() * 2)
            else:
                yes = members // 2 + 1 + int(rand() * (members // 2))
                no = int(rand() * (members - yes + 1))
            if i == first:
                yes, no = members, 0  # the event's first motion carries unanimously
            item = (ref, kind, target, value, yes, max(0, no))
            items.append(item)
            if kind == "motion":
                refs.setdefault(event, []).append(ref)
            lines.append(item_text(item))
        value, weighed = in_force(items, matter)  # the reference solution: every item replayed
        question = ("Minutes of the events committee, in order. A motion, an amendment or a rescission carries "
                    "only when its votes for exceed its votes against (a tie fails). A carried amendment changes "
                    "the venue of the motion it names, if that motion carried; a carried rescission cancels the "
                    "motion it names, and the decision then rests with the latest carried motion on that event "
                    "still standing.\n" + "\n".join(lines) +
                    f"\n\nAfter the last meeting, in which city is the {matter} to be held?")
        return Draft(question, value, {"venue": value, "venues": sorted(venues), "lines": len(items),
                                       "weighed": weighed})

    def grade(self, answer, problem):
        try:
            given = read_choice(answer, list(CITIES))
        except ParseError as exc:
            return refused(exc)
        return right() if given == problem.check["venue"] else wrong("That is not the venue in force.")

    def effort(self, problem):
        # every item is read; each about the asked event (or its motions) is weighed against the record
        return problem.check["lines"] + 2 * problem.check["weighed"]
