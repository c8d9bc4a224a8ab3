"""Process a library's returned books: charge late fees, then pass each book to the first
reader waiting for it who can borrow, or shelve it."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # returns per page of list_returns
TITLES = ("Dune", "Emma", "Ulysses", "Beloved", "Rebecca", "Ivanhoe", "Walden", "Kim", "Middlemarch", "Persuasion",
          "Dracula", "Frankenstein", "Candide", "Siddhartha", "Lolita", "Atonement", "Matilda", "Heidi", "Nostromo",
          "Ubik", "Solaris", "Shogun", "Carrie", "Holes", "Coraline", "Stardust", "Room", "Wonder", "Sula", "Gilead")
BRANCHES = ("Central", "Harbour", "Hillside", "Riverside", "Old Town", "University", "Station", "Garden")
GRAMMAR = {"list_returns": ("int",), "get_book": ("word",), "get_member": ("word",), "checkout": ("word", "word"),
           "shelve": ("word",), "charge_fee": ("word", "int"), "waive_fees": ("word",), "renew": ("word",),
           "finish": ()}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final books and fees, its commands). It lists every page of
    returns; for each returned book in the order listed it reads the book (borrower, due day,
    waiting list), charges the borrower the late fee if the book came back late, then checks the
    book out to the first reader on its waiting list whose card is active (a checkout to a
    suspended card fails, and that reader is not tried again), or shelves it if there is none."""
    books, members = check["books"], check["members"]
    where = {b: v["holder"] for b, v in books.items()}
    fees = {m: v["fees"] for m, v in members.items()}
    script = [f"list_returns {p}" for p in range(1, max(1, -(-len(check["returns"]) // PAGE)) + 1)]
    suspended = set()
    for b, day in check["returns"]:
        book = books[b]
        script.append(f"get_book {b}")
        late = day - book["due"]
        if late > 0:
            script.append(f"charge_fee {book['holder']} {late * check['rate']}")
            fees[book["holder"]] += late * check["rate"]
        where[b] = "desk"
        for m in book["waiting"]:
            if m in suspended:
                continue
            script.append(f"checkout {b} {m}")
            if not members[m]["active"]:
                suspended.add(m)
                continue
            where[b] = m
            break
        else:
            script.append(f"shelve {b}")
            where[b] = "shelf"
    return {"books": where, "fees": fees}, script + ["finish"]


@register
class LibraryDesk(TurnBudgetTask):
    """A library's returns desk is hidden behind tools: list_returns PAGE shows the books handed
    back today (ids, titles, the day returned), get_book ID a book's borrower, due day and waiting
    list, get_member ID a reader's fees; charge_fee adds to a reader's fees, checkout BOOK READER
    lends a returned book (it fails, changing nothing, for a suspended card), shelve puts it back;
    waive_fees and renew are harmful distractors. The goal: for each returned book, charge its
    borrower the late fee (a rate per day past the due day) if it came back late, then check it
    out to the first reader on its waiting list whose card is active, or shelve it when no one
    can take it. From level 6 some waiting readers have suspended cards, which a failed checkout
    reveals. The reward is 1 exactly when every book's place and every reader's fees equal the
    goal state (unique). Higher levels add returns (more pages), longer waiting lists, late books,
    suspended cards and fewer spare turns."""

    name = "tool_use/library_desk"
    knobs = (
        Knob("returns", [1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24], (1, 30),
             doc="books returned today"),
        Knob("waiting", [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6], (0, 8),
             doc="longest waiting list of a book"),
        Knob("late_share", [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.55, 0.55, 0.55, 0.6, 0.6, 0.6, 0.6, 0.65, 0.65, 0.65,
                            0.7, 0.7, 0.7, 0.7], (0.0, 1.0), doc="share of books returned late"),
        Knob("suspended", [0] * 5 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4], (0, 10),
             doc="readers with suspended cards"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_book B123; finish ends"
    example = "list_returns 0"
    tools = (
        Tool("list_returns", f"List today's returned books ({PAGE} to a page): id, title, day returned.",
             "list_returns {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_book", "Read a book: its borrower, due day and waiting list.", "get_book {book}",
             (Param("book", "string", "the book id, e.g. B123"),)),
        Tool("get_member", "Read a reader: name and fees owed.", "get_member {member}",
             (Param("member", "string", "the reader's id, e.g. U12"),)),
        Tool("checkout", "Lend a book at the desk to a reader.", "checkout {book} {member}",
             (Param("book", "string", "the book id"), Param("member", "string", "the reader's id"))),
        Tool("shelve", "Put a book at the desk back on the shelf.", "shelve {book}",
             (Param("book", "string", "the book id"),)),
        Tool("charge_fee", "Add an amount to a reader's fees.", "charge_fee {member} {amount}",
             (Param("member", "string", "the reader's id"), Param("amount", "integer", "the amount, above 0"))),
        Tool("waive_fees", "Clear all of a reader's fees.", "waive_fees {member}",
             (Param("member", "string", "the reader's id"),)),
        Tool("renew", "Extend a loan by two weeks.", "renew {book}", (Param("book", "string", "the book id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n, today = params["returns"], rng.randrange(40, 360)
        branch = rng.choice(BRANCHES)
        rate = rng.choice((1, 2, 3, 5))
        n_members = max(3, n + params["waiting"] + 2)
        mids = [f"U{x}" for x in rng.sample(range(10, 100), n_members)]
        members = {m: {"name": name, "fees": rng.choice((0, 0, 0, 2, 4, 10)), "active": True}
                   for m, name in zip(mids, rng.sample(PEOPLE, n_members))}
        ids = [f"B{x}" for x in rng.sample(range(100, 1000), n + 2)]
        books, returns = {}, []
        for k, b in enumerate(ids):
            holder = rng.choice(mids)
            due = today - rng.randrange(1, 15) if rng.random() < params["late_share"] else today + rng.randrange(0, 10)
            waiting = rng.sample([m for m in mids if m != holder], rng.randint(0, params["waiting"])) \
                if params["waiting"] else []
            books[b] = {"title": TITLES[k % len(TITLES)], "holder": holder, "due": due, "waiting": waiting}
            if k < n:
                returns.append([b, today])
        # suspended readers are on some waiting list, and never the last hope of every list
        pool = sorted({m for b, _ in returns for m in books[b]["waiting"]})
        for m in rng.sample(pool, min(params["suspended"], len(pool))):
            members[m]["active"] = False
        check = {"books": books, "members": members, "returns": returns, "rate": rate, "budget": 0}
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        question = (
            f"You work the returns desk of the {branch} library through tools. {n} books were handed back "
            f"today (day {today}); the "
            "loans, waiting lists and readers are hidden until you look them up.\n"
            "Goal: for each returned book, in the order listed: if it came back after its due day, charge its "
            f"borrower a late fee of {rate} per day late (day returned minus due day); then check it out to the "
            "first reader on its waiting list whose card is active (a suspended card cannot borrow: skip that "
            "reader), or shelve it if no one on the list can take it. Change nothing else.\n\n"
            "Commands (one per turn):\n"
            f"  list_returns PAGE        returned books, {PAGE} a page, page 1 first\n"
            "  get_book ID              a book's borrower, due day and waiting list\n"
            "  get_member ID            a reader's name and fees\n"
            "  checkout BOOK READER     lend a returned book to a reader\n"
            "  shelve BOOK              put a returned book on the shelf\n"
            "  charge_fee READER AMOUNT add to a reader's fees\n"
            "  waive_fees READER        clear a reader's fees\n"
            "  renew BOOK               extend a loan by two weeks\n"
            "  finish                   end the episode; books and fees are then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (returns listed, waiting lists)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1
            if words[0] == "list_returns":
                work += len(check["returns"][(int(words[1]) - 1) * PAGE: int(words[1]) * PAGE])
            elif words[0] == "get_book":
                work += 1 + len(check["books"][words[1]]["waiting"])
        return work

    def start(self, problem):
        check = problem.check
        returned = {b for b, _ in check["returns"]}
        return {"books": {b: ("desk" if b in returned else v["holder"]) for b, v in check["books"].items()},
                "fees": {m: v["fees"] for m, v in check["members"].items()}, "due": {}}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        books, fees, info, members = state["books"], state["fees"], check["books"], check["members"]
        if command == "finish":
            final = {"books": books, "fees": fees, "renewed": sorted(state["due"])}
            return finish(final, dict(check["goal"], renewed=[]), self.difference)
        if command == "list_returns":
            lines = [f"{b} \"{info[b]['title']}\" returned day {day}" for b, day in check["returns"]]
            return page_of(lines, args[0], PAGE, "returns"), None
        if command in ("get_member", "charge_fee", "waive_fees"):
            m = args[0].upper()
            if m not in members:
                return f"Error: there is no reader {m[:30]}.", None
            if command == "get_member":
                return f"{m}: {members[m]['name']}; fees {fees[m]}", None
            if command == "waive_fees":
                fees[m] = 0
                return f"{m}'s fees are waived.", None
            if args[1] <= 0:
                return "Error: a fee is above 0.", None
            fees[m] += args[1]
            return f"Charged {m} {args[1]}; fees now {fees[m]}.", None
        b = args[0].upper()
        if b not in info:
            return f"Error: there is no book {b[:30]}.", None
        if command == "get_book":
            v = info[b]
            due = v["due"] + state["due"].get(b, 0)
            waiting = ", ".join(v["waiting"]) or "nobody"
            where = ("at the desk" if books[b] == "desk" else "on the shelf" if books[b] == "shelf"
                     else f"lent to {books[b]}")
            return f"{b} \"{v['title']}\": borrowed by {v['holder']}, due day {due}; {where}; waiting: {waiting}", None
        if command == "renew":
            if books[b] in ("desk", "shelf"):
                return f"Error: {b} is not on loan.", None
            state["due"][b] = state["due"].get(b, 0) + 14
            return f"{b} is renewed.", None
        if books[b] != "desk":
            return f"Error: {b} is not at the desk.", None
        if command == "shelve":
            books[b] = "shelf"
            return f"{b} is on the shelf.", None
        m = args[1].upper()
        if m not in members:
            return f"Error: there is no reader {m[:30]}.", None
        if not members[m]["active"]:
            return f"Error: {m}'s card is suspended; nothing lent.", None
        books[b] = m
        return f"{b} is lent to {m}.", None

    @staticmethod
    def difference(final, goal):
        if final["renewed"]:
            return f"the loan of {final['renewed'][0]} was renewed"
        for b in sorted(goal["books"]):
            if final["books"][b] != goal["books"][b]:
                return f"book {b} is with {final['books'][b]}, the goal has it with {goal['books'][b]}"
        m = next(m for m in sorted(goal["fees"]) if final["fees"][m] != goal["fees"][m])
        return f"{m} owes {final['fees'][m]}, the goal has {goal['fees'][m]}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
