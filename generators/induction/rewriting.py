"""String rewriting inferred from examples: a hidden letter-by-letter substitution (a morphism)."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_token, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong


# what effort() reads back from a prompt
_ALPHABET = re.compile(r"on words over the letters ([a-h](?:, [a-h])*)\.")
_MAX_IMAGE = re.compile(r"a fixed string of 1 to (\d) letters")
_EXAMPLE = re.compile(r"^([a-h]+) -> ([a-h]+|\(empty\))$", re.MULTILINE)
_APPLY = re.compile(r"Apply the rule (once|twice|\d times) to the word ([a-h]+)")


def apply_morphism(images: dict, word: str) -> str:
    return "".join(images[c] for c in word)


def morphisms(examples, alphabet, max_len: int, limit: int = 64, nodes: list | None = None):
    """Every map letter -> string of length 0..max_len (over the alphabet) with f(x) == y for each
    example, found by backtracking along the examples (word-equation matching); at most `limit`.
    With `nodes` (a one-item list), the search nodes visited are added to nodes[0]."""
    found = []
    pairs = [(x, y) for x, y in examples]

    def solve(images, ex, i, j):
        if nodes is not None:
            nodes[0] += 1
        if len(found) >= limit:
            return
        if ex == len(pairs):
            found.append(dict(images))
            return
        x, y = pairs[ex]
        if i == len(x):
            if j == len(y):
                solve(images, ex + 1, 0, 0)
            return
        c = x[i]
        if c in images:
            img = images[c]
            if y.startswith(img, j):
                solve(images, ex, i + 1, j + len(img))
            return
        rest_min = 0
        for L in range(0, max_len + 1):
            if j + L > len(y):
                break
            img = y[j:j + L]
            images[c] = img
            solve(images, ex, i + 1, j + L)
            del images[c]

    solve({}, 0, 0, 0)
    return found


@register
class StringRewrite(Task):
    """A hidden rule rewrites every letter of a word by its own replacement string (of length 0
    to L, so letters may vanish, stay, change or expand), all letters at once. From examples of
    the rule applied once, give the result of applying it to a test word one or more times (at
    higher levels the rule is iterated, as in an L-system). The answer is computed by
    backtracking word-equation matching: every letter-to-string map consistent with the
    examples is found, and problems are kept only when they all give the same result (letters
    of the test word are all pinned down). Higher levels use more letters, longer and empty
    replacements, fewer examples per letter and more iterations.
    Past level 10 the uniqueness search over 8 letters with images of up to 4 letters makes level 20
    slower, about 50 problems/s."""

    name = "induction/string_rewrite"
    knobs = (
        Knob("letters", [2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 8, 8, 8, 8], (2, 8), doc="alphabet size"),
        Knob("max_image", [2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4], (1, 4),
             doc="longest replacement string"),
        Knob("deletions", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether a letter may be replaced by the empty string"),
        # past level 10 at most 4: a longer iteration keeps only rules that barely grow a word
        Knob("iterations", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 3, 4, 3, 4, 4, 4, 3, 3, 3], (1, 5),
             doc="times the rule is applied to the test word"),
        Knob("n_examples", [4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 2, 3, 2], (2, 10),
             doc="examples shown at first (more if needed)"),
        Knob("word_len", [4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8, 9, 10, 9, 10, 9, 12], (2, 12),
             doc="typical word length (each word is this long, give or take one letter)"),
    )
    answer_format = "the resulting string of letters, with no spaces (write EMPTY if nothing is left)"
    example = "xyyx"  # words use only the letters a-h, so this is never the answer (abba may be)

    def build(self, rng, params):
        alphabet = "abcdefgh"[:params["letters"]]
        lo_len, hi_len = params["word_len"] - 1, params["word_len"] + 1
        max_img = params["max_image"]
        low = 0 if params["deletions"] else 1
        for _attempt in range(300):
            images = {}
            for c in alphabet:
                L = rng.randint(low, max_img) if rng.random() < 0.8 else 1
                images[c] = "".join(rng.choice(alphabet) for _ in range(L))
            if all(images[c] == c for c in alphabet):
                continue
            word = lambda: "".join(rng.choice(alphabet) for _ in range(rng.randint(lo_len, hi_len)))  # noqa: E731
            examples = [(w, apply_morphism(images, w)) for w in (word() for _ in range(params["n_examples"]))]
            test = word()
            expected = test
            for _ in range(params["iterations"]):
                expected = apply_morphism(images, expected)
            if not expected or len(expected) > 80:
                continue
            for _extra in range(3):
                sols = morphisms(examples, alphabet, max_img)
                outs = set()
                for m in sols:
                    if any(c not in m for c in test):
                        outs.add(None)
                        break
                    r = test
                    ok = True
                    for _ in range(params["iterations"]):
                        if any(c not in m for c in r):
                            ok = False
                            break
                        r = apply_morphism(m, r)
                    outs.add(r if ok else None)
                    if len(outs) > 1:
                        break
                if outs == {expected} and len(sols) < 64:
                    break
                w = word()
                examples.append((w, apply_morphism(images, w)))
            else:
                continue
            break
        else:
            raise RuntimeError("no determined rewriting puzzle found")
        shown = "\n".join(f"{x} -> {y if y else '(empty)'}" for x, y in examples)
        times = {1: "once", 2: "twice"}.get(params["iterations"], f"{params['iterations']} times")
        dele = ", or the empty string (the letter disappears)" if params["deletions"] else ""
        question = (f"A hidden rewriting rule works on words over the letters {', '.join(alphabet)}. It replaces every "
                    f"letter of the word, all at the same time, by that letter's own replacement string: a fixed "
                    f"string of 1 to {max_img} letters{dele}. The replacement depends only on the letter.\n\n"
                    f"Examples of the rule applied once:\n{shown}\n\n"
                    f"Apply the rule {times} to the word {test}" +
                    (" (each time to the result of the previous application)." if params["iterations"] > 1 else "."))
        return Draft(question, expected, {"result": expected})

    def effort(self, problem):
        """The backtracking search over letter images that fits the examples (its nodes), then
        every letter written while the rule is applied to the test word, time after time."""
        prompt = problem.prompt
        alphabet = _ALPHABET.search(prompt).group(1).split(", ")
        max_image = int(_MAX_IMAGE.search(prompt).group(1))
        examples = [(x, "" if y == "(empty)" else y) for x, y in _EXAMPLE.findall(prompt)]
        times, word = _APPLY.search(prompt).groups()
        iterations = {"once": 1, "twice": 2}.get(times) or int(times.split()[0])
        nodes = [0]
        image = morphisms(examples, alphabet, max_image, nodes=nodes)[0]  # all agree on the test word
        written = 0
        for _ in range(iterations):
            word = apply_morphism(image, word)
            written += len(word)
        return nodes[0] + written

    def grade(self, answer, problem):
        expected = problem.check["result"]
        if answer.strip().upper() in ("EMPTY", "(EMPTY)"):
            return right() if expected == "" else wrong("Something is left: give the letters.")
        try:
            s = read_token(answer, r"[A-Za-z]+", "the letters of the result, with no spaces")
        except ParseError as exc:
            return refused(exc)
        if s.lower() == expected:
            return right()
        if len(s) != len(expected):
            return wrong(f"The result has {len(expected)} letters.")
        return wrong("That is not the result.")
