"""Several needles in a long memo archive: collect every fragment of one passphrase, in order."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import plural, read_list, read_token, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._haystack import below, budget, density_knob, tokens_knob

WORDS = ("amber", "birch", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper", "kelp",
         "lantern", "meadow", "nectar", "onyx", "pepper", "quartz", "raven", "saffron", "tundra", "umber", "velvet",
         "willow", "yarrow", "zephyr", "anchor", "basalt", "canyon", "dune", "falcon", "glacier", "hazel", "iris",
         "jasper", "kestrel", "lotus", "marble", "nimbus", "orchid", "pebble", "quill", "ripple", "summit", "thistle",
         "violet", "walnut", "cedar", "copper", "mango", "olive")
SYSTEMS = ("vault", "garage", "archive", "server room", "loading dock", "roof access", "wine cellar", "boiler room",
           "records office", "north gate")
SUBJECTS = ("The facilities team", "Our landlord", "The night shift", "The audit group", "Building security",
            "The cleaning crew", "The front desk", "Management", "The safety officer", "The IT department",
            "The travel office", "The mail room")
PREDICATES = ("asked everyone to keep the corridors clear.", "will replace the lights in the stairwell next week.",
              "reminded staff to log their hours on Fridays.", "moved the spare chairs to the basement.",
              "thanked the volunteers for the charity run.", "plans a short survey about the canteen.",
              "found a set of keys near the lifts.", "updated the list of emergency contacts.",
              "will test the alarms on Tuesday morning.", "ordered new umbrellas for the lobby.",
              "is collecting ideas for the summer party.", "closed the old storage room for repairs.")
SENTENCE_CHARS = 60  # the mean length of one memo sentence with the space after it


def collect(notes, system: str, parts: int) -> list[str]:
    """The words of the current fragments 1..parts of `system`'s passphrase, in fragment order."""
    found = {n: word for kind, sys, n, word in notes if kind == "current" and sys == system}
    return [found[n] for n in range(1, parts + 1)]


def note_text(note) -> str:
    kind, system, n, word = note
    if kind == "current":
        return f"Fragment {n} of the {system} passphrase is '{word}'."
    return f"An earlier version of fragment {n} of the {system} passphrase, '{word}', has been revoked."


def read_word(text: str) -> str:
    return read_token(text, r"'?[A-Za-z]+'?", "one word").strip("'").lower()


@register
class NeedleSet(Task):
    """A long archive of office memos hides the fragments of several passphrases, one sentence
    each, in no particular order. Give every fragment of one passphrase in fragment order. Near
    misses are fragments of the other passphrases and revoked earlier versions of the asked one's
    fragments. Levels grow the archive from about 1,000 tokens to 32,000 at level 10 (46,000 at
    20), the fragments to collect from 2 to 7 (12 at 20) and the share of near misses.

    Generation: about 3,000 problems/s at level 5 and 800 at level 10 on one shared core."""

    name = "long_context/needle_set"
    knobs = (
        tokens_knob(),
        Knob("fragments", [2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (1, 20),
             doc="fragments of the asked passphrase"),
        density_knob("near-miss density: revoked earlier fragments number distractor_pct/10 per asked fragment "
                     "(10 gives one each), most of them of the asked passphrase"),
    )
    answer_format = "the words of the fragments in fragment order, separated by commas"
    example = "example, words"  # neither word is ever a fragment

    def build(self, rng, params):
        k, share = params["fragments"], params["distractor_pct"] / 100
        n_sent = max(k + 4, budget(params) // SENTENCE_CHARS)
        systems = rng.sample(SYSTEMS, 3 + below(rng, 3))
        target = systems[0]
        notes = [("current", target, n, WORDS[below(rng, len(WORDS))]) for n in range(1, k + 1)]
        for sys in systems[1:]:
            notes += [("current", sys, n, WORDS[below(rng, len(WORDS))]) for n in range(1, 2 + below(rng, k + 2))]
        for _ in range(int(k * share * 10)):  # revoked versions, most of them of the asked passphrase
            sys = target if rng.random() < 0.7 else systems[below(rng, len(systems))]
            current = {n: w for kind, s, n, w in notes if s == sys and kind == "current"}
            n = 1 + below(rng, len(current))
            word = WORDS[below(rng, len(WORDS))]
            if word != current[n]:  # a revoked word always differs from the current one
                notes.append(("revoked", sys, n, word))
        answer = collect(notes, target, k)  # the reference solution: the current fragments by number
        sentences = [f"{SUBJECTS[below(rng, len(SUBJECTS))]} {PREDICATES[below(rng, len(PREDICATES))]}"
                     for _ in range(max(0, n_sent - len(notes)))]
        slots = sorted(rng.sample(range(len(sentences) + len(notes)), len(notes)))
        rng.shuffle(notes)
        merged, it, ni = [], iter(sentences), 0
        for i in range(len(sentences) + len(notes)):
            if ni < len(slots) and slots[ni] == i:
                merged.append(note_text(notes[ni]))
                ni += 1
            else:
                merged.append(next(it))
        paragraphs, i = [], 0
        while i < len(merged):
            size = 4 + below(rng, 5)
            paragraphs.append(" ".join(merged[i:i + size]))
            i += size
        memos = "\n\n".join(f"Memo {n}: {p}" for n, p in enumerate(paragraphs, 1))
        question = (f"The memos below hide the fragments of several passphrases. Revoked versions of fragments no "
                    f"longer count.\n\n{memos}\n\nThe {target} passphrase has {plural(k, 'fragment')}. Give the current "
                    f"word of each, from fragment 1 to fragment {k}.")
        return Draft(question, ", ".join(answer), {"words": answer, "sentences": len(merged), "notes": len(notes)})

    def grade(self, answer, problem):
        expected = problem.check["words"]
        try:
            given = read_list(answer, read_word)
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give {len(expected)} words, one per fragment.")
        bad = [j + 1 for j, (g, e) in enumerate(zip(given, expected)) if g != e]
        return right() if not bad else wrong(f"The word of fragment {bad[0]} is wrong.")

    def effort(self, problem):
        # every sentence is read; each passphrase note is sorted into its system and fragment
        return problem.check["sentences"] + problem.check["notes"]
