"""Needle in a haystack: find one key's current value in a long text of look-alike facts,
corrections and copies, mixed with filler sentences."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._words import COLORS, OBJECTS, sentence


def run_events(events) -> dict:
    """Replay ('set', key, value) and ('copy', dst, src) events; a copy takes the source's value
    at that moment, so later changes to the source do not carry over."""
    codes: dict = {}
    for ev in events:
        if ev[0] == "set":
            codes[ev[1]] = ev[2]
        else:
            codes[ev[1]] = codes[ev[2]]
    return codes


def key_text(key) -> str:
    return f"the {key[0]} {key[1]}"


def event_text(rng, ev) -> str:
    if ev[0] == "copy":
        return rng.choice([
            f"The code for {key_text(ev[1])} was then changed to whatever the code for {key_text(ev[2])} "
            "was at that moment.",
            f"Next, someone reset the code for {key_text(ev[1])} to match the current code for {key_text(ev[2])}.",
        ])
    if ev[3]:  # a later change of an existing code
        return rng.choice([f"Correction: the code for {key_text(ev[1])} is now {ev[2]}.",
                           f"Later, the code for {key_text(ev[1])} was changed to {ev[2]}."])
    return rng.choice([f"The code for {key_text(ev[1])} is {ev[2]}.",
                       f"Note that {key_text(ev[1])} has the code {ev[2]}.",
                       f"The {ev[1][1]} that is {ev[1][0]} uses the code {ev[2]}."])


@register
class NeedleRetrieval(Task):
    """A long text mixes filler sentences with facts giving secret codes to coloured objects,
    including look-alike keys (same colour or same object), corrections and copies of one code
    into another. Give one key's final code. Higher levels add filler, look-alike distractors,
    corrections and chains of copies whose sources change again afterwards."""

    name = "cognition/needle_retrieval"
    knobs = (
        Knob("n_filler", [3, 6, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 115, 130, 145, 160, 180, 200], (0, 1000),
             doc="filler sentences"),
        Knob("n_keys", [3, 4, 5, 6, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (2, 60),
             doc="keys with codes (all but one distractors)"),
        Knob("n_changes", [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36], (0, 200),
             doc="corrections after the first codes"),
        Knob("hops", [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7], (0, 10),
             doc="copies chaining the asked key to others"),
    )
    answer_format = "an integer, the code"
    example = "482"  # codes have four digits (1000-9999): never the answer

    def build(self, rng, params):
        target = (rng.choice(COLORS), rng.choice(OBJECTS))
        keys = [target]
        # look-alike keys first (same colour or same object), then any others
        others = ([(c, target[1]) for c in COLORS if c != target[0]]
                  + [(target[0], o) for o in OBJECTS if o != target[1]])
        rng.shuffle(others)
        spare = [(c, o) for c in COLORS for o in OBJECTS if c != target[0] and o != target[1]]
        n = params["n_keys"]
        for k in others[:max(0, n - 1) * 2 // 3] + rng.sample(spare, max(0, n - 1)):
            if len(keys) >= n:
                break
            if k not in keys:
                keys.append(k)
        used: set = set()

        def code() -> int:
            while True:
                v = rng.randint(1000, 9999)
                if v not in used:
                    used.add(v)
                    return v

        chain = [target] + rng.sample(keys[1:], min(params["hops"], len(keys) - 1))
        events = []
        order = keys[:]
        rng.shuffle(order)
        for k in order:
            events.append(("set", k, code(), False))
        tail = [("copy", chain[i], chain[i + 1]) for i in reversed(range(len(chain) - 1))]
        changes = []
        for _ in range(params["n_changes"]):
            # corrections favour the chain's keys, before or after they are copied
            k = rng.choice(chain + keys) if rng.random() < 0.5 else rng.choice(keys)
            changes.append(("set", k, code(), True))
        # interleave changes and the ordered copies
        merged = []
        slots = sorted(rng.sample(range(len(changes) + len(tail)), len(tail)))
        ci = ti = 0
        for i in range(len(changes) + len(tail)):
            if ti < len(slots) and slots[ti] == i:
                merged.append(tail[ti])
                ti += 1
            else:
                merged.append(changes[ci])
                ci += 1
        events += merged
        value = run_events(events)[target]
        lines = [event_text(rng, ev) for ev in events]
        filler = [sentence(rng) for _ in range(params["n_filler"])]
        # facts keep their order; filler is spread between them
        text, fi = [], 0
        cuts = sorted(int(rng.random() * (len(lines) + 1)) for _ in filler)
        for i, line in enumerate(lines + [None]):
            while fi < len(cuts) and cuts[fi] == i:
                text.append(filler[fi])
                fi += 1
            if line is not None:
                text.append(line)
        question = ("Read these notes; events happen in the order written. When a code is copied from another "
                    "object, it takes that object's code at that moment: later changes to the other object do "
                    "not carry over.\n\n" + "\n".join(text) +
                    f"\n\nAt the end of the notes, what is the code for {key_text(target)}?")
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # every line is read (filler, first codes, corrections, copies), and the copy chain is
        # followed back through the sources' codes at the time of each copy
        p = problem.params
        return p["n_filler"] + p["n_keys"] + p["n_changes"] + 2 * p["hops"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the final code")
