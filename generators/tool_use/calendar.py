"""Book meetings in the earliest slot when every attendee is free, in hidden calendars."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, read_command
from ._names import PEOPLE

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")
DAY_NAMES = dict(zip(DAYS, ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")))
OPEN, CLOSE = 9 * 60, 17 * 60  # the working day
TITLES = ("Standup", "Review", "Lunch", "Gym", "Sync", "Planning", "Demo", "Retro", "Interview", "Training",
          "Dentist", "Coffee", "Workshop", "Call")
MEETINGS = ("Kickoff", "Budget", "Roadmap", "Offsite", "Handover", "Hiring", "Launch", "Audit")
GRAMMAR = {"list_events": ("word", "word"), "create_event": ("word", "word", "time", "time", "list"),
           "delete_event": ("word",), "set_status": ("word", "word"), "finish": ()}


def hm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def busy(events: dict, person: str, day: str) -> list[tuple[int, int]]:
    return sorted((e["start"], e["end"]) for e in events.values() if e["day"] == day and person in e["people"])


def earliest(events: dict, people: list[str], day: str, length: int) -> int | None:
    """The earliest start (on the half hour) of a `length`-minute slot in the working day when
    all of `people` are free, or None."""
    taken = sorted(iv for p in people for iv in busy(events, p, day))
    for start in range(OPEN, CLOSE - length + 1, 30):
        if all(e <= start or s >= start + length for s, e in taken):
            return start
    return None


def final_view(events: dict) -> list:
    """The state the goal is compared on: every event without its id, sorted."""
    return sorted([e["day"], e["start"], e["end"], e["title"].lower(), sorted(e["people"])] for e in events.values())


def solve(check: dict) -> tuple[list, list[str]] | None:
    """The reference solver: (the final events, its commands), or None when some meeting finds no
    slot in its days. It deletes the events the goal cancels (listing the owner's day to learn the
    id), then books the meetings in order: for each day allowed, earliest first, it lists every
    attendee's events it has not read yet (a listing that times out is asked again), and books
    the earliest common slot, the first day that has one."""
    events = {k: dict(v, people=list(v["people"])) for k, v in check["events"].items()}
    script, read, flaky = [], set(), {tuple(x) for x in check["flaky"]}

    def listing(person, day):
        if (person, day) not in read:
            read.add((person, day))
            if (person, day) in flaky:
                script.append(f"list_events {person} {day}")  # the first call times out
            script.append(f"list_events {person} {day}")
    for c in check["cancel"]:
        listing(c["person"], c["day"])
        script.append(f"delete_event {c['id']}")
        del events[c["id"]]
    for k, m in enumerate(check["meetings"]):
        for day in m["days"]:
            for p in m["people"]:
                listing(p, day)
            start = earliest(events, m["people"], day, m["length"])
            if start is not None:
                events[f"new{k}"] = {"title": m["title"], "day": day, "start": start, "end": start + m["length"],
                                     "people": sorted(m["people"])}
                script.append(f"create_event {m['title']} {day} {hm(start)} {hm(start + m['length'])} "
                              f"{','.join(m['people'])}")
                break
        else:
            return None
    return final_view(events), script + ["finish"]


def fill_calendars(rng, people: list[str], per_day: float) -> dict:
    """Random events, some shared by two or three people, never overlapping for anyone."""
    draws = int(per_day * len(people))
    events, ids = {}, iter(rng.sample(range(100, 1000), draws * len(DAYS)))
    for day in DAYS:
        taken = {p: [] for p in people}  # each person's intervals that day, kept as events are placed
        for _ in range(draws):
            who = sorted(rng.sample(people, min(len(people), rng.choice((1, 1, 2, 3)))))
            length = rng.choice((30, 60, 60, 90, 120))
            start = rng.randrange(OPEN, CLOSE - length + 1, 30)
            if all(e <= start or s >= start + length for p in who for s, e in taken[p]):
                events[f"E{next(ids)}"] = {"title": rng.choice(TITLES), "day": day, "start": start,
                                           "end": start + length, "people": who}
                for p in who:
                    taken[p].append((start, start + length))
    return events


@register
class Calendar(TurnBudgetTask):
    """A team's calendars are hidden behind tools: list_events PERSON DAY shows one person's
    events of a day (ids, times, titles, attendees); create_event books an event for its
    attendees (it fails, changing nothing, when one of them is busy then); delete_event removes an
    event for everyone; set_status is a distractor. The goal: book each meeting of the goal, in
    order, in the earliest half-hour start between 09:00 and 17:00 when all its attendees are free,
    on the first of its allowed days that has such a slot. From level 4 the goal first cancels a
    named event (freeing time that the earliest slot may then use); from level 7 some meetings may
    fall on a later day; from level 9 a calendar listing may time out once and must be asked
    again. The reward is 1 exactly when the final set of events (day, times, title, attendees)
    equals the goal state, which is unique. Higher levels add people, busier days, more meetings
    with more attendees, more days to search and fewer spare turns."""

    name = "tool_use/calendar"
    knobs = (
        Knob("people", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 12), doc="people in the team"),
        Knob("busy", [0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.2, 2.4, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2,
                      4.4, 4.6], (0.0, 6.0), doc="events drawn per person and day"),
        Knob("meetings", [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4], (1, 6),
             doc="meetings the goal books, in order"),
        Knob("attendees", [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6], (2, 12),
             doc="most attendees of one meeting"),
        Knob("days", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4], (1, 5),
             doc="days a meeting may fall on, earliest first"),
        Knob("cancels", [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3], (0, 5),
             doc="events the goal cancels first"),
        Knob("flaky", [0] * 8 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3], (0, 6),
             doc="calendar listings that time out on the first call"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = ("one command per turn: a tool name and its arguments, e.g. list_events Ana Mon; finish "
                     "ends")
    example = "list_events Nobody Sun"
    tools = (
        Tool("list_events", "List one person's events on one day: id, time, title, attendees.",
             "list_events {person} {day}", (Param("person", "string", "a person's name"),
                                            Param("day", "string", "the day", enum=DAYS))),
        Tool("create_event", "Book an event for its attendees; fails if one of them is busy then.",
             "create_event {title} {day} {start} {end} {attendees}",
             (Param("title", "string", "one word"), Param("day", "string", "the day", enum=DAYS),
              Param("start", "string", "start time HH:MM, on the hour or half hour"),
              Param("end", "string", "end time HH:MM"),
              Param("attendees", "array", "the attendees' names", sep=","))),
        Tool("delete_event", "Delete an event (for all its attendees).", "delete_event {event}",
             (Param("event", "string", "the event id, e.g. E123"),)),
        Tool("set_status", "Set a person's chat status message.", "set_status {person} {status}",
             (Param("person", "string", "a person's name"), Param("status", "string", "one word"))),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        people = sorted(rng.sample(PEOPLE, params["people"]))
        events = fill_calendars(rng, people, params["busy"])
        n_days = params["days"]
        titles = rng.sample(MEETINGS, params["meetings"])
        meetings = []
        for title in titles:
            first = rng.randrange(0, len(DAYS) - n_days + 1)
            who = sorted(rng.sample(people, rng.randint(2, min(params["attendees"], len(people)))))
            meetings.append({"title": title, "people": who, "length": rng.choice((30, 60, 60, 90)),
                             "days": list(DAYS[first:first + n_days])})
        # cancel events of the first meeting's attendees on its first day, so the freed time matters
        m0 = meetings[0]
        pool = sorted(k for k, e in events.items()
                      if e["day"] == m0["days"][0] and set(e["people"]) & set(m0["people"]))
        cancel = []
        for k in rng.sample(pool, min(params["cancels"], len(pool))):
            e = events[k]
            cancel.append({"id": k, "person": sorted(set(e["people"]) & set(m0["people"]))[0], "day": e["day"],
                           "title": e["title"], "start": e["start"]})
        listings = sorted({(p, d) for m in meetings for p in m["people"] for d in m["days"]})
        flaky = [list(x) for x in rng.sample(listings, min(params["flaky"], len(listings)))]
        check = {"events": events, "people": people, "meetings": meetings, "cancel": cancel, "flaky": flaky,
                 "budget": 0}
        solved = solve(check)
        for _ in range(len(meetings)):  # bounded: each pass frees a meeting's last day for its attendees
            if solved is not None:
                break
            for m in meetings:
                for k in sorted(events):
                    if events[k]["day"] == m["days"][-1] and set(events[k]["people"]) & set(m["people"]) \
                            and k not in {c["id"] for c in cancel}:
                        del events[k]
            solved = solve(check)
        goal, script = solved
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        lines = []
        for c in cancel:
            lines.append(f"- First delete {c['person']}'s {c['title']} event of {DAY_NAMES[c['day']]} at "
                         f"{hm(c['start'])}.")
        for k, m in enumerate(meetings):
            when = (f"on {DAY_NAMES[m['days'][0]]}" if len(m["days"]) == 1 else
                    f"on {DAY_NAMES[m['days'][0]]}, or if no slot is free that day on the next of "
                    f"{', '.join(DAY_NAMES[d] for d in m['days'][1:])}, in that order")
            lines.append(f"- {'Then book' if k else 'Book'} a {m['length']}-minute meeting titled {m['title']} with "
                         f"{', '.join(m['people'])} {when}.")
        question = (
            f"You manage the calendars of {', '.join(people)} through tools; their events are hidden until you "
            "list them. The working day runs from 09:00 to 17:00, and meetings start on the hour or half hour.\n"
            "Goal, in this order:\n" + "\n".join(lines) + "\n"
            "Each meeting goes in the earliest start when all its attendees are free for its whole length (events "
            "already booked, including meetings you booked before it, count). Change nothing else.\n\n"
            "Commands (one per turn):\n"
            "  list_events PERSON DAY                       a person's events that day (DAY: Mon to Fri)\n"
            "  create_event TITLE DAY START END NAME,NAME   book an event, e.g. create_event Sync Tue 10:00 "
            "10:30 Ana,Ben\n"
            "  delete_event ID                              delete an event for everyone on it\n"
            "  set_status PERSON WORD                       set a chat status\n"
            "  finish                                       end the episode; the calendars are then checked\n"
            "A failed command changes nothing; a call that times out may be made again. Every command, valid or "
            f"not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the events its listings show
        events, work = problem.check["events"], 0
        for line in problem.answer.split("\n"):
            work += 1
            if line.startswith("list_events"):
                _, person, day = line.split()
                work += len(busy(events, person, day))
        return work

    def start(self, problem):
        check = problem.check
        return {"events": {k: dict(v, people=list(v["people"])) for k, v in check["events"].items()},
                "timed_out": [], "next_id": 0}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        events, people = state["events"], check["people"]
        if command == "finish":
            return finish(final_view(events), check["goal"], self.difference)
        if command == "delete_event":
            eid = args[0].upper()
            if eid not in events:
                return f"Error: there is no event {eid[:30]}.", None
            del events[eid]
            return f"Event {eid} is deleted.", None
        names = args[-1] if command == "create_event" else [args[0]]
        names = [n.capitalize() for n in names]
        for n in names:
            if n not in people:
                return f"Error: there is no calendar for {n[:30]}.", None
        if command == "set_status":
            return f"{names[0]}'s status is now {args[1][:30]}.", None
        day = args[1].capitalize()
        if day not in DAYS:
            return f"Error: {args[1][:30]} is not a working day (Mon, Tue, Wed, Thu, Fri).", None
        if command == "list_events":
            key = [names[0], day]
            if key in check["flaky"] and key not in state["timed_out"]:
                state["timed_out"].append(key)
                return "Error: the calendar service timed out; try again.", None
            shown = sorted((e["start"], k) for k, e in events.items() if e["day"] == day and names[0] in e["people"])
            if not shown:
                return f"{names[0]} has no events on {day}.", None
            return f"{names[0]} on {day}:\n" + "\n".join(
                f"{k} {hm(events[k]['start'])}-{hm(events[k]['end'])} {events[k]['title']} "
                f"(with {', '.join(events[k]['people'])})" for _, k in shown), None
        title, start, end = args[0], args[2], args[3]
        if len(set(names)) != len(names):
            return "Error: an attendee is named twice.", None
        if not OPEN <= start < end <= CLOSE:
            return "Error: an event must start before it ends, within 09:00-17:00.", None
        for n in names:
            for s, e in busy(events, n, day):
                if s < end and start < e:
                    return f"Error: {n} is busy {hm(s)}-{hm(e)} on {day}; nothing booked.", None
        eid = f"N{state['next_id'] + 1}"
        state["next_id"] += 1
        events[eid] = {"title": title, "day": day, "start": start, "end": end, "people": sorted(names)}
        return f"Booked {eid}: {title} on {day} {hm(start)}-{hm(end)} with {', '.join(sorted(names))}.", None

    @staticmethod
    def difference(final, goal):
        extra = [e for e in final if e not in goal]
        if extra:
            e = extra[0]
            return f"the calendars hold {e[3]} on {e[0]} {hm(e[1])}-{hm(e[2])}, which the goal does not"
        e = next(e for e in goal if e not in final)
        return f"the goal holds {e[3]} on {e[0]} {hm(e[1])}-{hm(e[2])}, which the calendars do not"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
