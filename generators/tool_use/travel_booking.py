"""Book the cheapest trip that can be booked, through hidden flight search and booking tools."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, read_command

CITIES = ("OSL", "LIM", "UIO", "TRN", "PER", "DKR", "HAN", "RIX", "OPO", "CUZ", "NAP", "BOG")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")
DAY_NAMES = dict(zip(DAYS, ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")))
CONNECT = 60  # least minutes between an arrival and the next departure
GRAMMAR = {"search_flights": ("word", "word"), "book": ("word",), "cancel": ("word",), "upgrade": ("word",),
           "get_weather": ("word",), "finish": ()}


def hm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def departures(flights: dict, city: str, day: str) -> list[str]:
    return sorted((k for k, f in flights.items() if f["from"] == city and f["day"] == day),
                  key=lambda k: (flights[k]["dep"], k))


def trips(flights: dict, trip: dict) -> list[tuple]:
    """Every trip of `trip` (a direct flight, or two with a change of at least CONNECT minutes via
    a third city), best first: by price, then fewer flights, earlier arrival, earlier departure,
    flight ids."""
    out, src, dst, day = [], trip["from"], trip["to"], trip["day"]
    for a in departures(flights, src, day):
        fa = flights[a]
        if fa["to"] == dst:
            out.append((fa["price"], 1, fa["arr"], fa["dep"], (a,)))
        elif fa["to"] != src:
            for b in departures(flights, fa["to"], day):
                fb = flights[b]
                if fb["to"] == dst and fb["dep"] >= fa["arr"] + CONNECT:
                    out.append((fa["price"] + fb["price"], 2, fb["arr"], fa["dep"], (a, b)))
    return sorted(out)


def solve(check: dict) -> tuple[list, list[str]] | None:
    """The reference solver: (the flights booked at the end, its commands), or None when some
    trip has no bookable option. It cancels the booking the goal replaces, then for each trip
    searches the departures from the origin and from every city those flights reach, and books
    the trips best first: a flight that turns out sold out (the booking fails) rules out every
    trip through it, and a first flight already booked is cancelled when its second is sold out."""
    flights, script, booked = check["flights"], [], set(check["held"])
    sold_out, known = set(), set()
    for k in check["replace"]:
        script.append(f"cancel {k}")
        booked.discard(k)
    for trip in check["trips"]:
        searched = []
        for a in [trip["from"]] + sorted({flights[k]["to"] for k in departures(flights, trip["from"], trip["day"])}
                                         - {trip["from"], trip["to"]}):
            script.append(f"search_flights {a} {trip['day']}")
            searched.append(a)
        for option in trips(flights, trip):
            legs = option[4]
            if any(k in sold_out for k in legs):
                continue
            done = []
            for k in legs:
                script.append(f"book {k}")
                if flights[k]["seats"] == 0:
                    sold_out.add(k)
                    break
                done.append(k)
            if len(done) == len(legs):
                booked |= set(legs)
                break
            for k in done:  # the trip fell through: give back its first flight
                script.append(f"cancel {k}")
        else:
            return None
        known |= set(searched)
    return sorted(booked), script + ["finish"]


def make_flights(rng, cities: list[str], per_city: int) -> dict:
    flights, ids = {}, iter(rng.sample(range(100, 1000), len(cities) * per_city * len(DAYS) + 10))
    for day in DAYS:
        for src in cities:
            for dst in rng.sample([c for c in cities if c != src], min(per_city, len(cities) - 1)):
                dep = rng.randrange(6 * 60, 19 * 60, 15)
                arr = dep + rng.randrange(60, min(301, 24 * 60 - dep), 15)
                flights[f"F{next(ids)}"] = {"from": src, "to": dst, "day": day, "dep": dep, "arr": arr,
                                            "price": rng.randrange(40, 400, 5), "seats": rng.randint(1, 9)}
    return flights


@register
class TravelBooking(TurnBudgetTask):
    """Flights are hidden behind tools: search_flights CITY DAY lists one day's departures from a
    city (ids, destinations, times, prices; seats are not shown), book FLIGHT books a seat (it
    fails, changing nothing, on a sold-out flight), cancel FLIGHT gives a booking back; upgrade
    and get_weather are harmful and irrelevant distractors. The goal: for each trip (origin,
    destination, day), book the cheapest option that can be booked, a direct flight or two flights
    via a third city with a change of at least an hour (ties: fewer flights, earlier arrival,
    earlier departure). From level 4 a flight among the cheapest options is sold out, which only a
    failed booking reveals, so the agent must fall back (cancelling a first flight it already
    booked); from level 6 a booking the traveller holds must be replaced; from level 11 a second
    trip (the return) follows. The reward is 1 exactly when the set of booked flights equals the
    goal state (unique by the tie rules). Higher levels add cities and flights, sold-out flights
    and fewer spare turns."""

    name = "tool_use/travel_booking"
    knobs = (
        Knob("cities", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10, 10], (3, len(CITIES)),
             doc="cities served"),
        Knob("routes", [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6], (1, 11),
             doc="destinations flown to from each city each day"),
        Knob("sold_out", [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4], (0, 8),
             doc="flights among the best options that are sold out"),
        Knob("replace", [False] * 5 + [True] * 15, doc="whether a booking the traveller holds must be replaced"),
        Knob("trips", [1] * 10 + [2] * 10, (1, 2), doc="trips to book (the second is the return)"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. search_flights OSL Mon; finish ends"
    example = "book F000"
    tools = (
        Tool("search_flights", "List one day's departures from a city: id, destination, times, price.",
             "search_flights {city} {day}", (Param("city", "string", "a city code, e.g. OSL"),
                                             Param("day", "string", "the day", enum=DAYS))),
        Tool("book", "Book a seat on a flight; fails if it is sold out.", "book {flight}",
             (Param("flight", "string", "the flight id, e.g. F123"),)),
        Tool("cancel", "Cancel a booked flight.", "cancel {flight}", (Param("flight", "string", "the flight id"),)),
        Tool("upgrade", "Upgrade a booked flight to business class.", "upgrade {flight}",
             (Param("flight", "string", "the flight id"),)),
        Tool("get_weather", "Read the weather forecast of a city.", "get_weather {city}",
             (Param("city", "string", "a city code"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        cities = sorted(rng.sample(CITIES, params["cities"]))
        flights = make_flights(rng, cities, min(params["routes"], len(cities) - 1))
        src, dst = rng.sample(cities, 2)
        out_day = rng.randrange(0, len(DAYS) - 1)
        trip_list = [{"from": src, "to": dst, "day": DAYS[out_day]}]
        if params["trips"] == 2:
            trip_list.append({"from": dst, "to": src, "day": DAYS[rng.randrange(out_day + 1, len(DAYS))]})
        for t in trip_list:  # every trip has a direct flight, so some option always exists
            if not any(f["to"] == t["to"] for f in map(flights.get, departures(flights, t["from"], t["day"]))):
                k = f"F{rng.randrange(1000, 10000)}"
                while k in flights:
                    k = f"F{int(k[1:]) % 9000 + 1000 + 1}"
                dep = rng.randrange(6 * 60, 19 * 60, 15)
                flights[k] = {"from": t["from"], "to": t["to"], "day": t["day"], "dep": dep,
                              "arr": dep + rng.randrange(60, min(301, 24 * 60 - dep), 15),
                              "price": rng.randrange(300, 600, 5), "seats": rng.randint(1, 9)}
        # sold-out flights drawn from the legs of each trip's three best options
        legs = sorted({k for t in trip_list for option in trips(flights, t)[:3] for k in option[4]})
        for k in rng.sample(legs, min(params["sold_out"], len(legs))):
            flights[k]["seats"] = 0
        held, replace = [], []
        if params["replace"]:  # an earlier booking on another day, which the goal replaces
            other = [k for k in sorted(flights) if flights[k]["day"] not in {t["day"] for t in trip_list}
                     and flights[k]["from"] == src]
            if other:
                held = replace = [rng.choice(other)]
        check = {"flights": flights, "cities": cities, "trips": trip_list, "held": held, "replace": replace,
                 "budget": 0}
        solved = solve(check)
        for k in sorted(flights):  # bounded: free sold-out flights until every trip can be booked
            if solved is not None:
                break
            if flights[k]["seats"] == 0:
                flights[k]["seats"] = 1
                solved = solve(check)
        goal, script = solved
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        wanted = [f"from {t['from']} to {t['to']} on {DAY_NAMES[t['day']]}" for t in trip_list]
        trips_text = wanted[0] if len(wanted) == 1 else f"{wanted[0]}, and the return trip {wanted[1]}"
        held_text = (f" The traveller now holds a booking on flight {held[0]}, which this trip replaces: cancel it."
                     if replace else "")
        question = (
            f"You book travel through tools. The airline flies between {', '.join(cities)}; its flights are hidden "
            f"until you search them.\nGoal: book a trip {trips_text}.{held_text} A trip is one direct flight or two "
            f"flights via a third city, the second leaving at least {CONNECT} minutes after the first lands, all "
            "on that day. Book the cheapest trip that can be booked (its price is the sum of its flights; ties go to "
            "fewer flights, then the earlier arrival, then the earlier departure). Some flights may be sold out, "
            "which a booking attempt reveals. At the end exactly the flights of the chosen trips must be booked.\n\n"
            "Commands (one per turn):\n"
            "  search_flights CITY DAY  departures from a city that day (DAY: Mon to Fri)\n"
            "  book FLIGHT              book a seat (fails on a sold-out flight, changing nothing)\n"
            "  cancel FLIGHT            cancel a booked flight\n"
            "  upgrade FLIGHT           upgrade a booked flight to business class\n"
            "  get_weather CITY         a weather forecast\n"
            "  finish                   end the episode; the bookings are then checked against the goal\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the flights its searches list
        flights, work = problem.check["flights"], 0
        for line in problem.answer.split("\n"):
            work += 1
            if line.startswith("search_flights"):
                _, city, day = line.split()
                work += len(departures(flights, city, day))
        return work

    def start(self, problem):
        return {"booked": list(problem.check["held"]), "upgraded": []}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        flights, booked = check["flights"], state["booked"]
        if command == "finish":
            return finish([sorted(booked), state["upgraded"]], [check["goal"], []], self.difference)
        if command in ("search_flights", "get_weather"):
            city = args[0].upper()
            if city not in check["cities"]:
                return f"Error: the airline does not fly to {city[:30]}.", None
            if command == "get_weather":
                return f"{city}: mild, light wind.", None
            day = args[1].capitalize()
            if day not in DAYS:
                return f"Error: {args[1][:30]} is not a day from Mon to Fri.", None
            found = departures(flights, city, day)
            if not found:
                return f"No flights from {city} on {day}.", None
            return f"Flights from {city} on {day}:\n" + "\n".join(
                f"{k} to {flights[k]['to']} {hm(flights[k]['dep'])}-{hm(flights[k]['arr'])} price "
                f"{flights[k]['price']}" for k in found), None
        k = args[0].upper()
        if k not in flights:
            return f"Error: there is no flight {k[:30]}.", None
        if command == "book":
            if k in booked:
                return f"Error: {k} is already booked.", None
            if flights[k]["seats"] == 0:
                return f"Error: flight {k} is sold out; nothing booked.", None
            booked.append(k)
            booked.sort()
            return f"Booked a seat on {k}.", None
        if k not in booked:
            return f"Error: {k} is not booked.", None
        if command == "cancel":
            booked.remove(k)
            if k in state["upgraded"]:
                state["upgraded"].remove(k)
            return f"Cancelled {k}.", None
        if k not in state["upgraded"]:
            state["upgraded"].append(k)
            state["upgraded"].sort()
        return f"{k} is upgraded to business class.", None

    @staticmethod
    def difference(final, goal):
        if final[1]:
            return f"flight {final[1][0]} was upgraded"
        extra = sorted(set(final[0]) - set(goal[0]))
        if extra:
            return f"flight {extra[0]} is booked, but it is not on the cheapest bookable trip"
        return f"flight {sorted(set(goal[0]) - set(final[0]))[0]} of the cheapest bookable trip is not booked"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
