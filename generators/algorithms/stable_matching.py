"""Stable matching: pair applicants with firms so that no applicant and firm would both rather be
with each other than with their partners. Any stable matching is correct; the reference is the
applicant-proposing Gale-Shapley result."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused, split_top, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels

# one pair: "A-2", "A->2", "A=2", "A: 2", "2-A" or "(A, 2)"
_PAIR = re.compile(r"([A-Za-z]{1,2})\s*(?:->|-|=|:|\u2192)\s*(\d{1,3})"
                   r"|(\d{1,3})\s*(?:->|-|=|:|\u2192)\s*([A-Za-z]{1,2})"
                   r"|\(\s*([A-Za-z]{1,2})\s*,\s*(\d{1,3})\s*\)")


def gale_shapley(prop_prefs: list[list[int]], recv_prefs: list[list[int]]) -> tuple[list[int], int]:
    """Proposer-optimal stable matching (match[p] = receiver) and the number of proposals made."""
    n = len(prop_prefs)
    rank = [[0] * n for _ in range(n)]
    for r, prefs in enumerate(recv_prefs):
        for k, p in enumerate(prefs):
            rank[r][p] = k
    next_choice, holder, free, proposals = [0] * n, [-1] * n, list(range(n - 1, -1, -1)), 0
    while free:
        p = free.pop()
        r = prop_prefs[p][next_choice[p]]
        next_choice[p] += 1
        proposals += 1
        if holder[r] < 0:
            holder[r] = p
        elif rank[r][p] < rank[r][holder[r]]:
            free.append(holder[r])
            holder[r] = p
        else:
            free.append(p)
    match = [0] * n
    for r, p in enumerate(holder):
        match[p] = r
    return match, proposals


def blocking_pair(match: dict[str, str], prop_prefs: dict[str, list[str]], recv_prefs: dict[str, list[str]]):
    """A pair (p, r) that both prefer each other to their partners, or None when `match` is stable."""
    partner = {r: p for p, r in match.items()}
    for p, prefs in prop_prefs.items():
        for r in prefs:
            if r == match[p]:
                break  # p likes every later firm less than its own
            ranks = recv_prefs[r]
            if ranks.index(p) < ranks.index(partner[r]):
                return p, r
    return None


def read_pairs(text: str) -> list[tuple[str, str]]:
    """(applicant, firm) pairs written "A-2" (also "A->2", "A=2", "A: 2", "2-A", "(A, 2)"),
    separated by commas, semicolons, lines or spaces, inside at most one pair of brackets."""
    s = strip_brackets(text)
    parts = []
    for part in split_top(s, ",;\n"):  # "A-2 B-3": pairs separated by spaces only
        parts += part.split() if part and _PAIR.fullmatch(part) is None else [part]
    out = []
    for part in parts:
        m = _PAIR.fullmatch(part)
        if m is None:
            raise NotAnAnswer(f"{preview(part, 20)} is not a pair: write APPLICANT-FIRM, e.g. A-2,B-3,C-1")
        g = m.groups()
        p, r = (g[0], g[1]) if g[0] else (g[3], g[2]) if g[2] else (g[4], g[5])
        out.append((p.upper(), str(int(r))))
    return out


@register
class StableMatching(Task):
    """Stable matching: n applicants and n firms each rank the whole other side; pair them one to
    one so that no applicant and firm both prefer each other to their assigned partners. The
    verifier checks the pairing is complete and has no blocking pair, so any stable matching
    passes (the reference is the applicant-proposing Gale-Shapley result). Higher levels add
    people and, of several random instances, keep the one where Gale-Shapley needs the most
    proposals, so more tentative pairs are broken along the way."""

    name = "algorithms/stable_matching"
    knobs = (
        Knob("n_pairs", [3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20], (2, 26),
             doc="applicants (and firms)"),
        Knob("candidates", [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 20),
             doc="random instances drawn; the one needing the most Gale-Shapley proposals is kept"),
    )
    answer_format = "each applicant with its firm as APPLICANT-FIRM, comma-separated (in any order)"
    example = "A-2,B-3,C-0"  # the firms are numbered from 1, so there is no firm 0: never an answer
    several_answers = True  # any stable matching passes

    def build(self, rng, params):
        n = params["n_pairs"]
        best = None
        for _ in range(params["candidates"]):
            props = [rng.sample(range(n), n) for _ in range(n)]
            recvs = [rng.sample(range(n), n) for _ in range(n)]
            match, proposals = gale_shapley(props, recvs)
            if best is None or proposals > best[0]:
                best = (proposals, props, recvs, match)
        _, props, recvs, match = best
        people, firms = node_labels(n), [str(i + 1) for i in range(n)]
        p_lines = "\n".join(f"{people[p]}: {', '.join(firms[r] for r in props[p])}" for p in range(n))
        r_lines = "\n".join(f"{firms[r]}: {', '.join(people[p] for p in recvs[r])}" for r in range(n))
        question = (f"There are {n} applicants ({', '.join(people)}) and {n} firms ({', '.join(firms)}). "
                    "Each ranks everyone on the other side, most preferred first.\n"
                    f"Applicants' rankings of the firms:\n{p_lines}\n"
                    f"Firms' rankings of the applicants:\n{r_lines}\n\n"
                    "Pair every applicant with a different firm so that the matching is stable: there must be no "
                    "applicant and firm, not paired with each other, who both prefer each other to the partners "
                    "they were given.")
        check = {"applicants": {people[p]: [firms[r] for r in props[p]] for p in range(n)},
                 "firms": {firms[r]: [people[p] for p in recvs[r]] for r in range(n)}}
        answer = ",".join(f"{people[p]}-{firms[match[p]]}" for p in range(n))
        return Draft(question, answer, check)

    def effort(self, problem):
        # Gale-Shapley's proposals, each weighed by the firm against the applicant it holds
        c = problem.check
        people, firms = list(c["applicants"]), list(c["firms"])
        props = [[firms.index(r) for r in c["applicants"][p]] for p in people]
        recvs = [[people.index(p) for p in c["firms"][r]] for r in firms]
        return gale_shapley(props, recvs)[1]

    def grade(self, answer, problem):
        c = problem.check
        applicants, firms = c["applicants"], c["firms"]
        try:
            pairs = read_pairs(answer)
        except ParseError as exc:
            return refused(exc)
        match: dict[str, str] = {}
        for p, r in pairs:
            if p not in applicants:
                return wrong(f"There is no applicant {p}.")
            if r not in firms:
                return wrong(f"There is no firm {r}.")
            if p in match:
                return wrong(f"Applicant {p} is paired more than once.")
            match[p] = r
        missing = sorted(set(applicants) - set(match))
        if missing:
            return wrong(f"Applicant {missing[0]} has no firm.")
        taken = sorted(match.values())
        if len(set(taken)) != len(taken):
            return wrong("A firm is paired with more than one applicant.")
        block = blocking_pair(match, applicants, firms)
        if block:
            return wrong(f"Applicant {block[0]} and firm {block[1]} both prefer each other: "
                         "the matching is not stable.")
        return right()
