"""Reaction stoichiometry: masses through moles with a balanced equation, limiting reagents."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Knob, register
from procgym.kit import number_text, table

from ._quantities import MASS, QuantityTask, show, to_si

F = Fraction
ATOMIC_MASS = {"H": F(1), "C": F(12), "N": F(14), "O": F(16), "Na": F(23), "Mg": F(24), "Al": F(27), "S": F(32),
               "Cl": F(71, 2), "K": F(39), "Ca": F(40), "Fe": F(56), "Cu": F(127, 2), "Zn": F(65), "Mn": F(55)}
# balanced equations: (reactants, products), each a list of (coefficient, formula)
REACTIONS = [
    ([(2, "H2"), (1, "O2")], [(2, "H2O")]),
    ([(1, "CH4"), (2, "O2")], [(1, "CO2"), (2, "H2O")]),
    ([(1, "C3H8"), (5, "O2")], [(3, "CO2"), (4, "H2O")]),
    ([(1, "N2"), (3, "H2")], [(2, "NH3")]),
    ([(2, "Mg"), (1, "O2")], [(2, "MgO")]),
    ([(4, "Al"), (3, "O2")], [(2, "Al2O3")]),
    ([(1, "Zn"), (2, "HCl")], [(1, "ZnCl2"), (1, "H2")]),
    ([(1, "CaCO3")], [(1, "CaO"), (1, "CO2")]),
    ([(2, "Na"), (1, "Cl2")], [(2, "NaCl")]),
    ([(1, "Fe2O3"), (3, "CO")], [(2, "Fe"), (3, "CO2")]),
    ([(2, "KClO3")], [(2, "KCl"), (3, "O2")]),
    ([(1, "NaOH"), (1, "HCl")], [(1, "NaCl"), (1, "H2O")]),
    ([(2, "Al"), (6, "HCl")], [(2, "AlCl3"), (3, "H2")]),
    ([(1, "C2H6O"), (3, "O2")], [(2, "CO2"), (3, "H2O")]),
    ([(1, "Mg"), (2, "HCl")], [(1, "MgCl2"), (1, "H2")]),
    ([(1, "CuO"), (1, "H2")], [(1, "Cu"), (1, "H2O")]),
    ([(1, "Ca(OH)2"), (2, "HCl")], [(1, "CaCl2"), (2, "H2O")]),
    ([(2, "NaOH"), (1, "H2SO4")], [(1, "Na2SO4"), (2, "H2O")]),
    ([(1, "C6H12O6"), (6, "O2")], [(6, "CO2"), (6, "H2O")]),
    ([(2, "KMnO4"), (16, "HCl")], [(2, "KCl"), (2, "MnCl2"), (5, "Cl2"), (8, "H2O")]),
    ([(2, "Al"), (2, "NaOH"), (6, "H2O")], [(2, "NaAl(OH)4"), (3, "H2")]),
    ([(4, "Fe"), (3, "O2"), (6, "H2O")], [(4, "Fe(OH)3")]),
    ([(2, "Cu"), (1, "O2"), (1, "CO2"), (1, "H2O")], [(1, "Cu2(OH)2CO3")]),
]
_PART = re.compile(r"([A-Z][a-z]?|\(|\))(\d*)")


def atoms(formula: str) -> dict[str, int]:
    """Atom counts of one of our formulas (`Ca(OH)2`, `Cu2(OH)2CO3`)."""
    stack = [{}]
    for symbol, count in _PART.findall(formula):
        n = int(count or 1)
        if symbol == "(":
            stack.append({})
        elif symbol == ")":
            group = stack.pop()
            for k, v in group.items():
                stack[-1][k] = stack[-1].get(k, 0) + v * n
        else:
            stack[-1][symbol] = stack[-1].get(symbol, 0) + n
    return stack[0]


def molar_mass(formula: str) -> Fraction:
    return sum(ATOMIC_MASS[k] * v for k, v in atoms(formula).items())


def balanced(reaction) -> bool:
    def total(side):
        out: dict[str, int] = {}
        for coef, formula in side:
            for k, v in atoms(formula).items():
                out[k] = out.get(k, 0) + coef * v
        return out
    return total(reaction[0]) == total(reaction[1])


def equation_text(reaction) -> str:
    def side(terms):
        return " + ".join(f"{c} {f}" if c > 1 else f for c, f in terms)
    return f"{side(reaction[0])} -> {side(reaction[1])}"


def solve(reaction, masses: dict[str, Fraction]) -> tuple[Fraction, str]:
    """The extent of reaction (mol) set by the limiting reagent among those with a given mass,
    and that reagent."""
    extents = {f: masses[f] / molar_mass(f) / c for c, f in reaction[0] if f in masses}
    limiting = min(extents, key=lambda f: (extents[f], f))
    return extents[limiting], limiting


ASKS = ("product", "limiting", "leftover")


@register
class Stoichiometry(QuantityTask):
    """A balanced equation and a table of atomic masses: from the mass of a reactant find the
    mass of a product. Higher levels give the masses of several reactants (find the product
    the limiting reagent allows, then the mass of an excess reagent left over), use reactions
    with more reactants, masses in mixed units, and list unneeded elements in the table."""

    name = "units/stoichiometry"
    knobs = (
        Knob("reactants", [1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4], (1, 4),
             doc="fewest reactants in the reaction"),
        Knob("ask", ["product", "product", "product", "product", "limiting", "limiting", "limiting", "leftover",
                     "leftover", "leftover"] + [["limiting", "leftover"]] * 10, choices=ASKS,
             doc="one reactant's mass given, several (limiting reagent), or the excess left over"),
        Knob("mixed_units", [False, False, False, True] + [True] * 16, doc="masses in kg and mg too"),
        Knob("distractors", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5], (0, 8),
             doc="elements listed in the table that the reaction does not use"),
    )

    def build(self, rng, params):
        pool = [r for r in REACTIONS if len(r[0]) >= params["reactants"]]
        if params["ask"] != "product":
            pool = [r for r in pool if len(r[0]) >= 2]
        reaction = rng.choice(pool)
        ask, mixed = params["ask"], params["mixed_units"]
        reactants = [f for _, f in reaction[0]]
        products = [f for _, f in reaction[1]]
        steps = sum(len(atoms(f)) for f in reactants + products)
        product_coef, product = rng.choice(reaction[1])
        masses: dict[str, Fraction] = {}
        if ask == "product":
            coef, given = rng.choice(reaction[0])
            masses[given] = F(rng.randint(1, 100)) * coef * molar_mass(given) / 10
            steps += 3
        else:
            base = F(rng.randint(2, 60), 10)  # mol of reaction extent for the first reagent's share
            for coef, f in reaction[0]:
                share = base * F(rng.randint(6, 20), 10)
                masses[f] = share * coef * molar_mass(f)
            steps += 3 * len(masses) + 2
        extent, limiting = solve(reaction, masses)
        texts = []
        for f, m in masses.items():
            text, conv = show(rng, to_si(m, "g"), ["g", "kg", "mg"], mixed)
            steps += conv
            texts.append(f"{text} of {f}")
        if ask == "leftover":
            excess = [(c, f) for c, f in reaction[0] if f != limiting]
            coef, target = rng.choice(excess)
            value = masses[target] - extent * coef * molar_mass(target)
            q = f"What mass of {target} is left over when the reaction is complete?"
            what = f"the mass of {target} left over"
            steps += 3
        else:
            value = extent * product_coef * molar_mass(product)
            q = f"What mass of {product} is formed?"
            what = f"the mass of {product}"
        used = sorted({k for f in reactants + products for k in atoms(f)})
        unused = [k for k in sorted(ATOMIC_MASS) if k not in used]
        shown = used + rng.sample(unused, min(params["distractors"], len(unused)))
        rows = [[k, number_text(ATOMIC_MASS[k])] for k in sorted(shown)]
        if ask == "product" and len(reactants) > 1:
            setting = f"{texts[0]} reacts completely with as much of the other reactants as it needs."
        elif ask == "product":
            setting = f"{texts[0]} reacts completely."
        else:
            setting = f"A mixture of {', '.join(texts[:-1])} and {texts[-1]} reacts until one reactant runs out."
        question = (f"The balanced equation\n  {equation_text(reaction)}\ndescribes a reaction. Atomic masses "
                    f"(g/mol):\n{table(rows, ['element', 'mass'])}\n{setting} {q}")
        any_unit = mixed and rng.random() < 0.5
        tail = " Give the answer in g." if not any_unit else " Give the answer in any unit of mass."
        return self.quantity(question + tail, to_si(value, "g"), MASS, "g", what, steps, any_unit=any_unit)
