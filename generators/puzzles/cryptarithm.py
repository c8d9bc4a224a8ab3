"""Cryptarithms (alphametic sums) whose digit assignment is unique, proven by a column solver."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import read_labelled, read_token, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import LETTERS
from ._plans import ordinal_list

ENUMERATION_CAP = 40  # assignments listed at once; with more, a letter is revealed and the search rerun
POOL = "".join(ch for ch in LETTERS if ch not in "IO")  # I and O look too much like 1 and 0


def solve_alphametic(addends: list[str], total: str, fixed: dict[str, int] | None = None,
                     limit: int = 2, stats: dict | None = None) -> list[dict[str, int]]:
    """All digit assignments (up to `limit`) making sum(addends) == total, distinct digits for
    distinct letters, no leading zero in a word of two or more letters, `fixed` letters kept.

    Column-by-column backtracking from the units column: the addend letters of a column are
    assigned, and then the column sum plus carry decides the result letter's digit outright,
    which prunes most of the search. With `stats`, stats["nodes"] counts the digits tried."""
    fixed = fixed or {}
    width = len(total)
    if any(len(w) > width for w in addends):
        return []
    letters = sorted(set("".join(addends) + total))
    index = {ch: i for i, ch in enumerate(letters)}
    nonzero = {index[w[0]] for w in addends + [total] if len(w) > 1}
    digit = [-1] * len(letters)
    used = [False] * 10
    for ch, d in fixed.items():
        if ch not in index or used[d] or (d == 0 and index[ch] in nonzero):
            return []
        digit[index[ch]] = d
        used[d] = True
    columns = []
    for k in range(width):
        column = [index[w[-1 - k]] for w in addends if len(w) > k]
        columns.append((column, index[total[-1 - k]]))
    found: list[dict[str, int]] = []
    tried = [0]  # digits tried for a letter: the nodes of the search

    def col(k: int, carry: int) -> bool:  # True means "stop: limit reached"
        if k == width:
            if carry == 0:
                found.append({ch: digit[i] for ch, i in index.items()})
                return len(found) >= limit
            return False
        return assign(k, 0, carry)

    def assign(k: int, j: int, s: int) -> bool:
        column, res = columns[k]
        if j == len(column):
            d = s % 10
            if digit[res] >= 0:
                return digit[res] == d and col(k + 1, s // 10)
            if used[d] or (d == 0 and res in nonzero):
                return False
            digit[res] = d
            used[d] = True
            stop = col(k + 1, s // 10)
            digit[res] = -1
            used[d] = False
            return stop
        v = column[j]
        if digit[v] >= 0:
            return assign(k, j + 1, s + digit[v])
        rest = column[j + 1:]
        if any(digit[u] < 0 and u != v for u in rest):
            for d in range(1 if v in nonzero else 0, 10):
                if not used[d]:
                    tried[0] += 1
                    digit[v] = d
                    used[d] = True
                    stop = assign(k, j + 1, s + d)
                    digit[v] = -1
                    used[d] = False
                    if stop:
                        return True
            return False
        # v is the column's last unknown addend letter: settle it and the result letter inline
        times = 1 + rest.count(v)
        s += sum(digit[u] for u in rest if u != v)
        rd = digit[res]
        for d in range(1 if v in nonzero else 0, 10):
            if used[d]:
                continue
            tried[0] += 1
            t = s + times * d
            r = t % 10
            if res == v:
                if r != d:
                    continue
                digit[v] = d
                used[d] = True
                stop = col(k + 1, t // 10)
            elif rd >= 0:
                if r != rd:
                    continue
                digit[v] = d
                used[d] = True
                stop = col(k + 1, t // 10)
            else:
                if r == d or used[r] or (r == 0 and res in nonzero):
                    continue
                digit[v] = d
                digit[res] = r
                used[d] = used[r] = True
                stop = col(k + 1, t // 10)
                digit[res] = -1
                used[r] = False
            digit[v] = -1
            used[d] = False
            if stop:
                return True
        return False

    col(0, 0)
    if stats is not None:
        stats["nodes"] = tried[0]
    return found


def layout(addends: list[str], total: str) -> str:
    width = len(total) + 2
    lines = [w.rjust(width) for w in addends[:-1]]
    lines.append("+ " + addends[-1].rjust(width - 2))
    lines.append("-" * width)
    lines.append(total.rjust(width))
    return "\n".join(lines)


@register
class Cryptarithm(Task):
    """An alphametic sum: each letter stands for a digit, different letters for different
    digits, and no number of two or more digits starts with 0. Give every letter's digit.
    The sum is made from random numbers whose digits are replaced by random letters. A
    column-by-column backtracking solver lists every assignment that fits (while there are too
    many to list, the letter whose digit varies most among those found is revealed and the
    search rerun); then letters are revealed greedily, each ruling out the most remaining
    rivals, until one assignment is left, and the solver proves the hinted puzzle has exactly
    one solution before it is emitted. Higher levels add addends and digits (more letters,
    longer carry chains, a deeper search) and reveal no letters beyond the necessary ones.

    Past level 10 the sums have four or five addends of up to eight digits (level 19).

    Generation runs about 800 problems/s at level 5, 110/s at level 10 and 5/s at level 19, below
    the usual 1,000/s: every problem is searched exhaustively, once to list the competing assignments
    and once more to prove the hinted puzzle unique, and an exhaustive alphametic search costs
    milliseconds in Python."""

    name = "puzzles/cryptarithm"
    knobs = (
        Knob("addends", [2, 2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 5, 4, 3, 4, 4, 5, 5, 5], (2, 8), doc="numbers added"),
        Knob("digits", [2, 3, 3, 4, 4, 5, 3, 6, 4, 5, 6, 5, 5, 7, 6, 7, 6, 7, 8], (1, 9),
             doc="digits of the longest addend"),
        Knob("extra_hints", [3, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 10),
             doc="letters revealed beyond those needed for a unique solution"),
    )
    cap_reason = ("ten digits allow ten letters at most, and the next step (six addends) makes the exhaustive "
                  "proof of uniqueness cost over half a second per problem")
    answer_format = ("every letter's digit as LETTER=digit pairs separated by commas, in any order, "
                     "including any letters given as hints")
    example = "A=1,B=7,C=7"  # two letters with one digit: never an answer

    def build(self, rng, params):
        k = params["digits"]
        # the first addend has k digits, the others k or k-1, so the columns are uneven
        lengths = [k] + [rng.choice([k, max(1, k - 1)]) for _ in range(params["addends"] - 1)]
        rng.shuffle(lengths)
        nums = [rng.randint(10 ** (m - 1) if m > 1 else 1, 10 ** m - 1) for m in lengths]
        total = sum(nums)
        digits_used = sorted(set("".join(map(str, nums + [total]))))
        letters = rng.sample(POOL, len(digits_used))
        code = {d: letters[i] for i, d in enumerate(digits_used)}
        words = ["".join(code[ch] for ch in str(x)) for x in nums]
        result = "".join(code[ch] for ch in str(total))
        truth = {code[d]: int(d) for d in digits_used}
        hints: dict[str, int] = {}
        while True:
            solutions = solve_alphametic(words, result, hints, limit=ENUMERATION_CAP)
            if len(solutions) < ENUMERATION_CAP:
                break
            # too many to list: reveal the letter whose digit varies most among those found
            spread = {ch: len({s[ch] for s in solutions}) for ch in sorted(truth) if ch not in hints}
            top = max(spread.values())
            pick = rng.choice([ch for ch, v in spread.items() if v == top])
            hints[pick] = truth[pick]
        # every remaining assignment is listed: reveal greedily the letter that rules out most rivals
        rivals = [s for s in solutions if s != truth]
        while rivals:
            counts = {ch: sum(1 for s in rivals if s[ch] != truth[ch]) for ch in sorted(truth) if ch not in hints}
            top = max(counts.values())
            pick = rng.choice([ch for ch, v in counts.items() if v == top])
            hints[pick] = truth[pick]
            rivals = [s for s in rivals if s[pick] == truth[pick]]
        spare = [ch for ch in sorted(truth) if ch not in hints]
        for ch in rng.sample(spare, max(0, min(params["extra_hints"], len(spare) - 2))):
            hints[ch] = truth[ch]
        proof = solve_alphametic(words, result, hints, limit=2)
        if len(proof) != 1:  # the hints single out one assignment; the solver must agree
            raise AssertionError("the hinted cryptarithm is not unique")
        solution = proof[0]
        question = (f"In this addition each letter stands for a digit: the same letter is always the same digit, "
                    f"different letters are different digits, and no number of two or more digits starts with 0."
                    f"\n\n{layout(words, result)}\n\n")
        if hints:
            given = [f"{ch}={hints[ch]}" for ch in sorted(hints)]
            question += f"You are told that {ordinal_list(given)}. "
        question += "The digits are then determined uniquely. Find the digit of every letter."
        answer = ",".join(f"{ch}={solution[ch]}" for ch in sorted(solution))
        return Draft(question, answer, {"addends": words, "total": result, "hints": hints})

    def effort(self, problem):
        # the digits the column solver tries to prove the hinted sum has exactly one solution
        c, stats = problem.check, {}
        solve_alphametic(c["addends"], c["total"], c["hints"], 2, stats)
        return stats["nodes"]

    def grade(self, answer, problem):
        c = problem.check
        words, total, hints = c["addends"], c["total"], c["hints"]
        letters = sorted(set("".join(words) + total))
        try:  # every letter by name, in any order; a digit each
            given = read_labelled(answer, letters, lambda v: int(read_token(v, r"\d", "one digit")))
        except ParseError as exc:
            return refused(exc)
        by_digit: dict[int, str] = {}
        for ch in letters:
            if given[ch] in by_digit:
                return wrong(f"The letters {by_digit[given[ch]]} and {ch} both have the digit {given[ch]}.")
            by_digit[given[ch]] = ch
        for w in words + [total]:
            if len(w) > 1 and given[w[0]] == 0:
                return wrong(f"{w} would start with 0.")
        for ch, d in sorted(hints.items()):
            if given[ch] != d:
                return wrong(f"The puzzle says {ch}={d}.")
        values = [int("".join(str(given[ch]) for ch in w)) for w in words]
        result = int("".join(str(given[ch]) for ch in total))
        if sum(values) != result:
            return wrong(f"With those digits the sum is {' + '.join(map(str, values))} = {sum(values)}, not {result}.")
        return right()
