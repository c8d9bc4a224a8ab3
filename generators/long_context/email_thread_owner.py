"""Task ownership in a long e-mail thread: who owns one task after every reassignment, swap and
declined request."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._haystack import below, budget, density_knob, filler, people, read_full_name, tokens_knob

MESSAGE_CHARS = 166  # the mean length of one message with its line breaks
TOPICS = ("supplier list", "budget review", "office move", "intranet update", "quarterly report", "vendor audit",
          "training plan", "server upgrade", "client survey", "holiday rota", "safety check", "price list")


def id_lookalikes(number: int) -> list[int]:
    """Task numbers one slip away: two neighbouring digits swapped or one digit up by one (never a
    leading zero)."""
    s = str(number)
    out = {int(s[:i] + s[i + 1] + s[i] + s[i + 2:]) for i in range(len(s) - 1) if s[i] != s[i + 1] and (i or s[1] != "0")}
    out |= {int(s[:i] + str((int(c) + 1) % 10) + s[i + 1:]) for i, c in enumerate(s) if i or c != "9"}
    return sorted(x for x in out if x != number and x >= 100)


def final_owners(initial: dict, events: list) -> dict:
    """Every task's owner after the thread: an assignment or a take-over changes the owner, a swap
    exchanges two tasks' owners, and requests and refusals change nothing."""
    owner = dict(initial)
    for kind, *rest in events:
        if kind in ("assign", "take"):
            owner[rest[0]] = rest[1]
        elif kind == "swap":
            a, b = rest
            owner[a], owner[b] = owner[b], owner[a]
    return owner


def event_text(event) -> str:
    kind, *rest = event
    if kind == "assign":
        return f"I am reassigning T-{rest[0]} to {rest[1]}, effective now."
    if kind == "take":
        return f"I am taking over T-{rest[0]} myself from today."
    if kind == "swap":
        return f"The owners of T-{rest[0]} and T-{rest[1]} agreed to swap them: each now owns the other's task."
    if kind == "ask":
        return f"Could {rest[1]} perhaps take T-{rest[0]}? Nothing changes until someone confirms."
    return f"I cannot take T-{rest[0]} as suggested, so its owner stays as it was."


@register
class EmailThreadOwner(Task):
    """A long e-mail thread of a project team, after a table of who first owned each task.
    Messages reassign tasks to someone, take a task over (the sender becomes its owner), swap the
    owners of two tasks, or only ask someone to take a task, or decline it (which change nothing),
    among everyday chatter. Give the final owner of one task. Near misses are the requests and
    refusals about the asked task, and reassignments of look-alike task numbers (two digits
    swapped, one digit off). Levels grow the thread from about 1,000 tokens to 32,000 at level 10
    (46,000 at 20), add swaps (which tie the asked task to another task's history), and raise the
    share of near misses.

    Generation: about 640 problems/s at level 5 measured on a heavily loaded shared core, faster
    than long_context/running_state in the same run (476/s; 950/s in its docstring). The thread
    is assembled from pre-made sentences, a few seeded draws per message, so the rate is bound by
    the document's size (no search or retry)."""

    name = "long_context/email_thread_owner"
    knobs = (
        tokens_knob(),
        Knob("swaps", [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 20),
             doc="swaps of the asked task's owner with another task's owner"),
        density_knob("percent of the messages that are near misses (requests, refusals, look-alike tasks)"),
    )
    answer_format = "the full name (first and last name) of the owner"
    example = "Jane Doe"  # no one in any team is called Doe

    def build(self, rng, params):
        n_msg = max(8, budget(params) // MESSAGE_CHARS)
        share = params["distractor_pct"] / 100
        staff = people(rng, max(8, min(60, n_msg // 6)))
        target = 100 + below(rng, 900)
        near = id_lookalikes(target)
        near = [near[i] for i in sorted(rng.sample(range(len(near)), min(3, len(near))))]
        others = sorted(set(100 + below(rng, 900) for _ in range(10)) - set(near) - {target})
        tasks = sorted([target] + near + others)
        owner = {t: staff[below(rng, len(staff))] for t in tasks}
        initial = dict(owner)
        swap_at = set(rng.sample(range(n_msg), min(n_msg, params["swaps"])))
        p_target = min(0.3, max(0.04, 6 / n_msg))
        rand = rng.random
        n_staff = len(staff)
        events, lines, steps = [], [], 0
        for i in range(n_msg):
            sender = staff[int(rand() * n_staff)]
            x = rand()
            if i in swap_at:
                other = others[int(rand() * len(others))] if rand() < 0.6 else near[int(rand() * len(near))]
                event = ("swap", target, other) if rand() < 0.5 else ("swap", other, target)
            elif x < p_target:
                event = ("take", target, sender) if rand() < 0.3 else ("assign", target, staff[int(rand() * n_staff)])
            elif x < p_target + share:
                y = rand()
                if y < 0.35:
                    event = ("ask", target, staff[int(rand() * n_staff)])
                elif y < 0.6:
                    event = ("decline", target)
                else:
                    event = ("assign", near[int(rand() * len(near))], staff[int(rand() * n_staff)])
            elif x < p_target + share + 0.35:
                t = others[int(rand() * len(others))]
                event = ("take", t, sender) if rand() < 0.3 else ("assign", t, staff[int(rand() * n_staff)])
            else:
                event = None
            body = [filler(rng)]
            if event is not None:
                events.append(event)
                text = event_text(event)
                body.insert(int(rand() * 2), text)
                if target in event[1:3] and event[0] in ("assign", "take", "swap"):
                    steps += 1 + (event[0] == "swap")
            lines.append(f"[{i + 1:04d}] From {sender}, subject: {TOPICS[int(rand() * len(TOPICS))]}\n" +
                         " ".join(body))
        value = final_owners(initial, events)[target]  # the reference solution: the thread replayed
        table = "\n".join(f"T-{t}  {initial[t]}" for t in tasks)
        question = ("First owners of the project's tasks:\n" + table + "\n\nThe project's e-mail thread, oldest "
                    "message first:\n\n" + "\n\n".join(lines) +
                    f"\n\n'Taking over' a task makes the sender of that message its owner; a request or a refusal "
                    f"changes nothing; look-alike task numbers are different tasks. Who owns T-{target} after the "
                    "last message?")
        return Draft(question, value, {"name": value, "lines": len(lines) + len(tasks), "steps": steps})

    def grade(self, answer, problem):
        try:
            given = read_full_name(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given == problem.check["name"] else wrong("That is not the task's final owner.")

    def effort(self, problem):
        # every message is read; each change to the asked task (a swap also needs the other task's owner) applied
        return problem.check["lines"] + problem.check["steps"]
