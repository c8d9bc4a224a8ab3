"""Per-task tests for the second set of units tasks: the physics helpers on hand-worked cases,
exact reference values on fixed seeds (worked by hand from the printed prompts), answers
recomputed from the prompt text with formulas written here, accepted equivalent forms and
rejected near misses."""
import re
from fractions import Fraction

import pytest

import procgym
from procgym.generators.units._quantities import read_quantity
from procgym.generators.units.momentum_collisions import elastic, kinetic, stick
from procgym.kit import normalize
from answer_helpers import example_never_pays, ok

F = Fraction
NEW = ["units/momentum_collisions", "units/wave_frequency", "units/electric_charge_energy", "units/circular_motion"]


def gen(name, seed, level, **knobs):
    return procgym.generate(name, seed=seed, difficulty=level, **knobs)


def body(p):
    return p.prompt.rsplit("\n\nAnswer format:", 1)[0]


def si(text):
    """An amount written in the prompt ("1500 g", "28.8 km/h") in SI units."""
    return read_quantity(normalize(text)).value


def answer_si(p):
    return read_quantity(p.answer).value


def test_registered():
    assert set(NEW) <= set(procgym.tasks("units/*"))


@pytest.mark.parametrize("name", NEW)
def test_determinism_and_example(name):
    assert gen(name, 3, 5).to_dict() == gen(name, 3, 5).to_dict()
    assert len({gen(name, s, 6).prompt for s in range(6)}) == 6
    example_never_pays(name, seeds=range(12))


def test_collision_helpers_by_hand():
    assert stick([F(1), F(4)], [F(2), F(0)]) == F(2, 5)
    assert stick([F(2), F(2)], [F(3), F(-3)]) == 0
    assert elastic(F(1), F(2), F(1), F(0)) == (0, 2)  # equal masses swap velocities
    assert elastic(F(1), F(3), F(3), F(0)) == (F(-3, 2), F(3, 2))
    assert kinetic([F(2), F(4)], [F(3), F(1)]) == 11


@pytest.mark.parametrize("name, seed, level, expected", [
    ("units/momentum_collisions", 3, 1, "0.4 m/s"),       # 1 kg at 2 m/s sticks to 4 kg: 2/5
    ("units/momentum_collisions", 1, 12, "96/143 m/s"),   # 10, 3, 2, 20 kg elastic chain from 2 m/s
    ("units/electric_charge_energy", 4, 1, "0.24 C"),     # 0.002 A for 120 s
    ("units/electric_charge_energy", 2, 8, "432000/23 s"),  # 4320 C / (2.76 W / 12 V)
    ("units/wave_frequency", 4, 1, "0.1 m"),              # 100 m/s / 1000 Hz
    ("units/wave_frequency", 1, 5, "1 m"),                # 2 m * (1000 m/s) / (2000 m/s)
    ("units/circular_motion", 4, 1, "8 m/s^2"),           # 20^2 / 50
    ("units/circular_motion", 2, 6, "0.2 N"),             # 1 kg * (20^2 / 40 - 9.8)
])
def test_reference_values_by_hand(name, seed, level, expected):
    p = gen(name, seed, level)
    assert p.answer == expected and ok(p, expected)


# ------------------------------------------------------------------ recomputed from the prompt

AMOUNT = r"(\d[\d./]*) ([A-Za-z*/^0-9]+?)"


def solve_collision(text):
    carts = re.findall(r"cart \d+ of mass " + AMOUNT + r" is (at rest|moving at " + AMOUNT +
                       r" (?:to the right|towards the others|to the left, towards cart 1))", text)
    masses, vs = [], []
    for m, mu, motion, v, vu in carts:
        masses.append(si(f"{m} {mu}"))
        sign = -1 if "left" in motion else 1
        vs.append(0 if motion == "at rest" else sign * si(f"{v} {vu}"))
    if "elastic" in text:
        if len(masses) == 2:
            m1, m2 = masses
            u1, u2 = vs
            v1 = ((m1 - m2) * u1 + 2 * m2 * u2) / (m1 + m2)  # from both conservation laws
            v2 = v1 + (u1 - u2)  # relative speed reversed
            return abs(v1) if "speed of cart 1" in text else abs(v2)
        v = vs[0]
        for a, b in zip(masses, masses[1:]):
            v = 2 * a * v / (a + b)
        return v
    final = sum(m * v for m, v in zip(masses, vs)) / sum(masses)
    if "kinetic energy" in text:
        return sum(m * v * v for m, v in zip(masses, vs)) / 2 - sum(masses) * final ** 2 / 2
    return abs(final)


def test_collisions_from_text():
    for level in (1, 2, 4, 6, 9, 13, 18):
        for seed in range(6):
            p = gen("units/momentum_collisions", seed, level)
            assert solve_collision(body(p)) == answer_si(p), (level, seed)


def solve_layers(text):
    f = si(re.search(r"pulse of frequency " + AMOUNT + " ", text).group(0).split("frequency ")[1])
    total = F(0)
    for d, du, lam, lu in re.findall(r"is " + AMOUNT + r" thick and the wavelength in it is " + AMOUNT +
                                     r"(?:;|\.)", text):
        total += si(f"{d} {du}") / (f * si(f"{lam} {lu}"))
    return total


def test_wave_layers_from_text():
    for level in (6, 8, 11, 16, 20):
        for seed in range(5):
            p = gen("units/wave_frequency", seed, level)
            assert solve_layers(body(p)) == answer_si(p), (level, seed)


def solve_loads(text):
    volts = si(re.search(r"(\d+) V battery", text).group(1) + " V")
    powers = [si(f"{a} {u}") for a, u in re.findall(r"(\d[\d.]*) (W|mW|kW)\b", text)]
    current = sum(powers) / volts
    if "How long" in text:
        cap = re.search(r"holding a charge of (\d[\d.]*) (C|mA\*h|A\*h)", text)
        return si(f"{cap.group(1)} {cap.group(2)}") / current
    t = re.search(r" for " + AMOUNT + r"\. How much", text)
    return current * si(f"{t.group(1)} {t.group(2)}")


def test_battery_loads_from_text():
    for level in (6, 7, 9, 12, 19):
        for seed in range(5):
            p = gen("units/electric_charge_energy", seed, level)
            assert solve_loads(body(p)) == answer_si(p), (level, seed)


def solve_string(text):
    omega = F(re.search(r"at (\d+) rad/s", text).group(1))
    masses = re.findall(r"mass \d+ of " + AMOUNT + r" sits " + AMOUNT + r" beyond", text)
    radius, items = F(0), []
    for m, mu, g, gu in masses:
        radius += si(f"{g} {gu}")
        items.append((si(f"{m} {mu}"), radius))
    seg = re.search(r"between (the pin|mass (\d+)) and mass (\d+)\?", text)
    k = int(seg.group(3))
    return sum(m * omega ** 2 * r for m, r in items[k - 1:])  # the segment pulls every mass beyond it


def test_string_tension_from_text():
    for level in (8, 9, 12, 17, 20):
        for seed in range(5):
            p = gen("units/circular_motion", seed, level)
            assert solve_string(body(p)) == answer_si(p), (level, seed)


# ------------------------------------------------------------------ forms and near misses

def test_forms():
    p = gen("units/momentum_collisions", 3, 1)  # 0.4 m/s, asked in m/s
    assert ok(p, "0.4 m/s") and ok(p, "2/5 m/s") and ok(p, "0.4 meters per second") and ok(p, "$0.4\\text{ m/s}$")
    assert not ok(p, "40 cm/s")  # the question asks for m/s
    assert not ok(p, "0.4") and not ok(p, "0.4 m/s or 0.5 m/s") and not ok(p, "0.41 m/s") and not ok(p, "0.4 J")
    p = gen("units/circular_motion", 4, 1)  # 8 m/s^2
    assert ok(p, "8 m s^-2") and ok(p, "8 m/s²") and not ok(p, "8 m/s") and not ok(p, "not 8 m/s^2")
    p = gen("units/electric_charge_energy", 2, 8)  # 432000/23 s
    assert ok(p, "432000/23 s") and not ok(p, "18782.6 s") and not ok(p, "18783 s")


def test_any_unit_accepts_other_units():
    for seed in range(40):
        p = gen("units/wave_frequency", seed, 9)
        if p.check["unit"] is None:
            value = answer_si(p)
            assert ok(p, f"{value.numerator * 1000}/{value.denominator} ms")
            assert not ok(p, f"{value.numerator * 1000 + 1}/{value.denominator} ms")
            break
    else:
        pytest.fail("no any-unit problem among 40 seeds")
