"""Stars and bars with bounds: identical items to distinct recipients, equations, and dice totals."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import PEOPLE, COLOURS, CountTask, and_list

POOLS = {"lower": ("lower",), "upper": ("lower", "upper", "upper"), "parity": ("lower", "upper", "upper", "parity")}
DICE = [4, 6, 8, 10, 12]


def count_bounded(variables: list[list], total: int, at_most: bool = False) -> int:
    """Integer solutions of x_1 + ... + x_k = total (or <= total) with lo_i <= x_i <= hi_i (hi None: no
    cap) and x_i of a given parity (None: any). A DP over the variables: each step convolves with
    the arithmetic progression of allowed values, summed in O(total) by prefix sums along residues."""
    ways = [1] + [0] * total
    for lo, hi, parity in variables:
        if parity is not None and lo % 2 != (0 if parity == "even" else 1):
            lo += 1
        step = 1 if parity is None else 2
        top = total if hi is None else min(hi, total)
        if lo > top:
            return 0
        terms = (top - lo) // step + 1
        prefix = ways[:]  # prefix[t] = ways[t] + ways[t - step] + ...
        for t in range(step, total + 1):
            prefix[t] += prefix[t - step]
        new = [0] * (total + 1)
        for t in range(lo, total + 1):
            end = t - lo - terms * step
            new[t] = prefix[t - lo] - (prefix[end] if end >= 0 else 0)
        ways = new
    return sum(ways) if at_most else ways[total]


@register
class BoundedDistributions(CountTask):
    """Count integer solutions of a sum with bounds on each part: identical sweets shared among
    children, solutions of x1 + ... + xk = n, or ordered outcomes of dice with a given total. Level 1 is
    plain stars and bars; higher levels add lower bounds (shift), upper bounds (inclusion-exclusion or
    a DP), parity rules, an "at most n" total with leftovers, and more parts."""

    name = "combinatorics/bounded_distributions"
    knobs = (
        Knob("n_parts", [3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10], (2, 10),
             doc="recipients, unknowns or dice"),
        Knob("total", [(5, 9), (8, 12), (10, 15), (12, 18), (14, 20), (15, 24), (18, 28), (20, 30), (24, 36), (28, 42),
             (32, 48), (36, 54), (40, 60), (45, 68), (50, 75), (56, 84), (63, 95), (70, 105), (78, 117), (88, 132)],
             (1, 400), doc="the total shared out (dice: scaled to the dice)"),
        Knob("n_rules", [0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (0, 12),
             doc="bounds and parity rules on single parts"),
        Knob("pool", ["lower", "lower"] + ["upper"] * 3 + ["parity"] * 15,
             choices=tuple(POOLS), doc="which kinds of rule may appear"),
        Knob("at_most", [False] * 6 + [[False, True]] * 14,
             doc="the total is an upper limit (leftovers allowed) rather than exact"),
        Knob("form", [["sweets", "equation"], ["sweets", "equation"]] + [["sweets", "equation", "dice"]] * 18,
             choices=("sweets", "equation", "dice"), doc="the story the count is told in"),
    )

    def build(self, rng, params):
        k, form = params["n_parts"], params["form"]
        for _ in range(100):
            if form == "dice":
                faces = [rng.choice(DICE) if params["pool"] != "lower" else 6 for _ in range(k)]
                base = [[1, f, None] for f in faces]
                lo_sum, hi_sum = k, sum(faces)
                total = rng.randint(lo_sum + (hi_sum - lo_sum) // 4, hi_sum - (hi_sum - lo_sum) // 4)
            else:
                floor = rng.choice([0, 1])
                base = [[floor, None, None] for _ in range(k)]
                total = params["total"]
            variables, rules = self._rules(rng, base, total, params["n_rules"], POOLS[params["pool"]], form)
            at_most = params["at_most"]
            count = count_bounded(variables, total, at_most)
            plain = count_bounded(base, total, at_most)
            if count > 0 and (not rules or count != plain):
                break
        question = self._render(rng, form, base, rules, total, at_most)
        return Draft(question, str(count), {"count": count, "variables": variables, "total": total,
                                            "at_most": at_most, "form": form})

    def effort(self, problem):
        # the DP convolves one part at a time over every running total 0..total
        c = problem.check
        return len(c["variables"]) * (c["total"] + 1)

    @staticmethod
    def _rules(rng, base, total, n_rules, pool, form):
        """Rules on single parts: [index, kind, value]; and the resulting (lo, hi, parity) per part."""
        variables = [list(v) for v in base]
        rules = []
        order = list(range(len(base)))
        for _ in range(n_rules * 3):
            if len(rules) == n_rules:
                break
            i = rng.choice(order)
            kind = rng.choice(pool)
            lo, hi, parity = variables[i]
            cap = total if hi is None else hi
            if any(r[0] == i and r[1] == kind for r in rules):
                continue
            if kind == "lower":
                value = rng.randint(lo + 1, max(lo + 1, min(cap - 1, lo + max(2, total // (2 * len(base))))))
                if value >= cap:
                    continue
                variables[i][0] = value
            elif kind == "upper":
                value = rng.randint(lo + 1, max(lo + 1, min(cap - 1, lo + max(2, total // len(base)))))
                if value >= cap:
                    continue
                variables[i][1] = value
            else:
                if parity is not None:
                    continue
                value = rng.choice(["even", "odd"])
                variables[i][2] = value
            rules.append([i, kind, value])
        rules.sort()
        return variables, rules

    @staticmethod
    def _render(rng, form, base, rules, total, at_most):
        k = len(base)
        if form == "sweets":
            names = rng.sample(PEOPLE, k)
            floor = base[0][0]
            head = (f"{total} identical sweets are shared among {k} children: {and_list(names)}. "
                    + ("Every child gets at least one sweet. " if floor else "A child may get no sweets at all. ")
                    + (f"Not every sweet has to be given out: at most {total} are handed out and the rest stay "
                       f"in the jar. " if at_most else "Every sweet is given out. ")
                    + "Two ways differ if some child gets a different number of sweets.")
            part = lambda i: names[i]  # noqa: E731
            rule_text = {"lower": "{p} gets at least {v} {sweets}", "upper": "{p} gets at most {v} {sweets}",
                         "parity": "{p} gets an {v} number of sweets" + ("" if floor else "{zero}")}
            ask = "In how many ways can the sweets be shared"
        elif form == "equation":
            xs = [f"x{i + 1}" for i in range(k)]
            kind = "positive" if base[0][0] else "non-negative"
            head = (f"Consider the {'inequality' if at_most else 'equation'} {' + '.join(xs)} "
                    f"{'<=' if at_most else '='} {total}, where {', '.join(xs[:-1])} and {xs[-1]} are {kind} integers.")
            part = lambda i: xs[i]  # noqa: E731
            rule_text = {"lower": "{p} >= {v}", "upper": "{p} <= {v}", "parity": "{p} is {v}"}
            ask = "How many solutions (" + ", ".join(xs) + ") are there"
        else:
            colours = rng.sample(COLOURS, k)
            dice = [f"a {c} {f}-sided die" for c, (_, f, _) in zip(colours, base)]
            head = (f"You roll {and_list(dice)}. A die with f sides shows a whole number from 1 to f. An outcome "
                    f"lists the number on each die, so the dice are told apart by colour. ")
            head += f"The numbers shown add up to {'at most ' if at_most else ''}{total}."
            part = lambda i: f"the {colours[i]} die"  # noqa: E731
            rule_text = {"lower": "{p} shows at least {v}", "upper": "{p} shows at most {v}",
                         "parity": "{p} shows an {v} number"}
            ask = "How many outcomes are there"
        if not rules:
            return f"{head}\n\n{ask}?"
        lines = "\n".join("- " + rule_text[kind].format(p=part(i), v=v, sweets="sweet" if v == 1 else "sweets",
                                                      zero=" (zero counts as even)" if v == "even" else "")
                          for i, kind, v in rules)
        return f"{head}\n\n{ask} with all of these rules?\n{lines}"
