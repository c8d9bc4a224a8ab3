"""Categorical syllogisms: do the conclusions follow from the premises? Decided over Venn models."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused
from procgym.verdict import right, wrong

from ._formulas import variable_tables

TERMS = (("blicket", "blickets"), ("wug", "wugs"), ("dax", "daxes"), ("fep", "feps"), ("glorp", "glorps"),
         ("tove", "toves"), ("zib", "zibs"), ("kem", "kems"), ("frob", "frobs"), ("snark", "snarks"),
         ("mip", "mips"), ("plonk", "plonks"))
FORMS = ("A", "E", "I", "O")

# A statement is [form, subject, negated_subject, predicate]: form A "all S are P", E "no S are P",
# I "some S are P", O "some S are not P"; with negated_subject the subject is "things that are not S".


def _regions(t: int, term: int, negated: bool = False) -> list[int]:
    return [r for r in range(1 << t) if bool(r >> term & 1) != negated]


def models(statement, t: int) -> int:
    """See `_models` (cached: there are only 4 * 2 * t * (t - 1) statements about t terms)."""
    form, s, s_neg, p = statement
    return _models(form, s, bool(s_neg), p, t)


@lru_cache(maxsize=4096)
def _models(form, s, s_neg, p, t: int) -> int:
    """The Venn models (a bit set over all 2^(2^t) of them) in which `statement` is true. A model
    is the set of non-empty regions of the t-circle Venn diagram: model m makes region r
    non-empty exactly when bit r of m is set."""
    full, nonempty = variable_tables(1 << t)
    subject = set(_regions(t, s, s_neg))
    pred = set(_regions(t, p))
    cells = subject & pred if form in ("E", "I") else subject - pred
    if form in ("A", "E"):  # universal: every cell in `cells` is empty
        out = full
        for r in cells:
            out &= full ^ nonempty[r]
        return out
    out = 0  # existential: some cell in `cells` is non-empty
    for r in cells:
        out |= nonempty[r]
    return out


def is_valid(premises, conclusion, t: int) -> bool:
    """Whether every Venn model of the premises is a model of the conclusion (all 2^(2^t) models
    are checked at once as bit sets)."""
    full, _ = variable_tables(1 << t)
    ok = full
    for s in premises:
        ok &= models(s, t)
    return ok & (full ^ models(conclusion, t)) == 0


def render(statement, names) -> str:
    form, s, s_neg, p = statement
    (s1, sp), (p1, pp) = names[s], names[p]
    if not s_neg:
        return {"A": f"All {sp} are {pp}.", "E": f"No {sp} are {pp}.", "I": f"Some {sp} are {pp}.",
                "O": f"Some {sp} are not {pp}."}[form]
    return {"A": f"Everything that is not a {s1} is a {p1}.", "E": f"Nothing that is not a {s1} is a {p1}.",
            "I": f"Something that is not a {s1} is a {p1}.", "O": f"Something is neither a {s1} nor a {p1}."}[form]


FORM_TIERS = {1: ("A", "I"), 2: ("A", "E", "I"), 3: FORMS}


def _statement(rng, a, b, complements, forms=FORMS):
    return [rng.choice(forms), a, complements and rng.random() < 0.3, b]


_WORDS = {"valid": True, "invalid": False, "not valid": False}


_LABEL = re.compile(r"(?:conclusion\s*)?([a-z]|\d{1,2})\s*[:.)=-]\s*(.*)", re.S)


def _verdict(item: str) -> bool:
    word = " ".join(item.split())
    if word not in _WORDS:
        raise NotAnAnswer(f"could not read {preview(word, 20)}: write valid or invalid")
    return _WORDS[word]


def parse_verdicts(answer: str, n: int) -> list[bool]:
    """The verdicts in conclusion order: "valid, invalid", or labelled as "A: valid, B: invalid" (or
    "1. valid"): labels are matched by name, in any order, and every conclusion needs one."""
    items = [x.strip().lower() for x in re.split(r"[,;\n]+", answer) if x.strip()]
    labelled = [_LABEL.fullmatch(x) for x in items]
    if not any(labelled):
        return [_verdict(x) for x in items]
    if not all(labelled):
        raise NotAnAnswer("label every verdict (A: valid) or none of them")
    given: dict[int, bool] = {}
    for m in labelled:
        label = m.group(1)
        k = int(label) - 1 if label.isdigit() else ord(label) - ord("a")
        if not 0 <= k < n:
            raise NotAnAnswer(f"there is no conclusion {label.upper()}")
        if k in given:
            raise NotAnAnswer(f"conclusion {label.upper()} is given twice")
        given[k] = _verdict(m.group(2))
    missing = [k for k in range(n) if k not in given]
    if missing:
        raise NotAnAnswer(f"no verdict for conclusion {chr(65 + missing[0])}")
    return [given[k] for k in range(n)]


@register
class Syllogism(Task):
    """Categorical logic: premises such as "All wugs are daxes" and "Some feps are not wugs" (about
    made-up categories, so world knowledge cannot help), and one or more conclusions to judge
    valid or invalid. Validity is decided by checking every Venn-region model: with t terms a
    model says which of the 2^t regions are non-empty, and all 2^(2^t) models (65,536 for four
    terms) are checked at once as bit sets; a conclusion is valid when it holds in every model of
    the premises. Universal statements do not imply that anything exists (the prompt says so).
    Higher levels go from three-term syllogisms to four-term chains (sorites), add premises that
    are not needed, bring in negative forms (no, some ... are not), ask about several
    conclusions, and use complemented subjects ("everything
    that is not a wug ...")."""

    name = "logic/syllogism"
    knobs = (
        Knob("n_terms", [3, 3, 3, 3, 3, 4, 4, 4, 4, 4] + [4] * 10, (2, 4), doc="categories (Venn circles)"),
        Knob("extra_premises", [0, 0, 0, 0, 1, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6], (0, 6),
             doc="premises beyond the chain"),
        Knob("n_conclusions", [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10], (1, 10),
             doc="conclusions to judge"),
        Knob("forms", [1, 2, 3, 3, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3),
             doc="statement forms: 1 all/some; 2 + no; 3 + some ... are not"),
        Knob("complements", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="statements about things outside a category"),
    )
    answer_format = "valid or invalid for each conclusion, in order, separated by commas"
    example = "invalid"
    # one conclusion: valid or invalid, and the example is one of the two (several conclusions get
    # a wrong list of verdicts as their example)
    closed_answers = True

    def build(self, rng, params):
        t = params["n_terms"]
        pool = list(TERMS)
        rng.shuffle(pool)
        names = pool[:t]
        comp = params["complements"]
        chain = list(range(t))
        rng.shuffle(chain)
        full, _ = variable_tables(1 << t)
        ends = (chain[0], chain[-1])
        pairs_all = [(a, b) for a in range(t) for b in range(t) if a != b]
        negs = (False, True) if comp else (False,)
        k = params["n_conclusions"]
        forms = FORM_TIERS[params["forms"]]
        wants = [rng.random() < 0.5 for _ in range(k)]

        def pools(premises, ok, pairs):
            """Candidate conclusions about `pairs`, split into (valid, invalid); restatements of a
            premise (the same models) are left out."""
            premise_models = [models(x, t) for x in premises]
            valid, invalid = [], []
            for a, b in pairs:
                for form in forms:
                    for neg in negs:
                        c = [form, a, neg, b]
                        mc = models(c, t)
                        if mc not in premise_models:
                            (valid if ok & (full ^ mc) == 0 else invalid).append(c)
            return valid, invalid

        for _attempt in range(300):  # premises that are consistent and allow the drawn verdicts
            premises = []
            for a, b in zip(chain, chain[1:]):
                premises.append(_statement(rng, *((a, b) if rng.random() < 0.5 else (b, a)), comp, forms))
            for _ in range(params["extra_premises"]):
                a, b = rng.sample(range(t), 2)
                premises.append(_statement(rng, a, b, comp, forms))
            ok = full
            for x in premises:
                ok &= models(x, t)
            if not ok or len({str(x) for x in premises}) != len(premises):
                continue
            first = pools(premises, ok, [ends, ends[::-1]])
            rest = pools(premises, ok, pairs_all)
            need_valid = sum(wants[1:])
            if (first[0] or not wants[0]) and len(rest[0]) >= need_valid + 1 and len(rest[1]) >= k:
                break
        rng.shuffle(premises)
        conclusions, verdicts = [], []
        for i in range(k):
            valid, invalid = first if i == 0 else rest
            valid = [c for c in valid if c not in conclusions]
            invalid = [c for c in invalid if c not in conclusions]
            group = valid if (wants[i] and valid) or not invalid else invalid
            best = group[rng.randrange(len(group))]
            conclusions.append(best)
            verdicts.append(is_valid(premises, best, t))
        plist = "\n".join(f"{i}. {render(s, names)}" for i, s in enumerate(premises, 1))
        if len(conclusions) == 1:
            clist = f"Conclusion: {render(conclusions[0], names)}"
            ask = "Is the conclusion valid?"
        else:
            letters = [chr(65 + i) for i in range(len(conclusions))]
            clist = "Conclusions:\n" + "\n".join(f"{x}. {render(s, names)}" for x, s in zip(letters, conclusions))
            ask = f"For each conclusion, in order {', '.join(letters)}, is it valid?"
        question = (f"The words {', '.join(n[1] for n in names)} name made-up categories. 'Some' means at least "
                    f"one. A statement with 'all', 'no', 'everything' or 'nothing' does not imply that anything "
                    f"of the kind exists. A conclusion is valid when it is true in every situation in which all "
                    f"the premises are true; otherwise it is invalid.\n\nPremises:\n{plist}\n\n{clist}\n\n{ask}")
        answer = ", ".join("valid" if v else "invalid" for v in verdicts)
        fmt = "valid or invalid" if len(conclusions) == 1 else (
            f"valid or invalid for each of the {len(conclusions)} conclusions, in order, separated by commas")
        example = self.example  # one conclusion: valid or invalid, a closed pair
        if k > 1:
            # several: a wrong list of verdicts, drawn last and uniformly among all 2^k - 1 wrong
            # lists (at least 3), so that seeing it rules out only itself
            right_bits = sum(1 << i for i, v in enumerate(verdicts) if v)
            pick = rng.randrange((1 << k) - 1)
            pick += pick >= right_bits  # skip the answer
            example = ", ".join("valid" if pick >> i & 1 else "invalid" for i in range(k))
        return Draft(question, answer, {"verdicts": verdicts, "n_terms": t, "premises": premises,
                                        "conclusions": conclusions}, answer_format=fmt, example=example)

    def effort(self, problem):
        # Venn reasoning: every premise and every conclusion is read against each of the 2^t regions
        c = problem.check
        return (len(c["premises"]) + len(c["conclusions"])) * (1 << c["n_terms"])

    def grade(self, answer, problem):
        verdicts = problem.check["verdicts"]
        try:
            given = parse_verdicts(answer, len(verdicts))
        except NotAnAnswer as exc:
            return refused(exc)
        if len(given) != len(verdicts):
            return wrong(f"Give {len(verdicts)} verdict{'s' if len(verdicts) > 1 else ''}, one per conclusion; "
                         f"got {len(given)}.")
        bad = [i for i, (g, v) in enumerate(zip(given, verdicts)) if g != v]
        if bad:
            if len(verdicts) == 1:
                return wrong("The conclusion is " + ("valid: it holds in every model of the premises." if verdicts[0]
                                                     else "invalid: some model of the premises makes it false."))
            return wrong(f"The verdict for conclusion {chr(65 + bad[0])} is wrong"
                         + (f" (and {len(bad) - 1} more)." if len(bad) > 1 else "."))
        return right()
