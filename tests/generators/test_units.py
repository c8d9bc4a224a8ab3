"""Per-task tests for units/*: the quantity reader and grader, exact reference values on fixed
seeds (checked by hand), independent recomputation from the prompt, accepted equivalent forms
(other spellings and, where the prompt allows, other units) and rejected near misses."""
import re
from fractions import Fraction

import pytest

import procgym
from procgym import Problem
from procgym.envs.text import in_charset
from procgym.generators.units._quantities import (ENERGY, FORCE, PRESSURE, SPEED, NotAnAnswer, grade_quantity,
                                                  read_base_units, read_quantity, read_unit)
from procgym.generators.units.stoichiometry import REACTIONS, atoms, balanced, molar_mass
from procgym.kit import normalize
from answer_helpers import example_never_pays, feedback, ok

F = Fraction
NAMES = ["units/conversion_chain", "units/kinematics", "units/density_mass_volume", "units/ohms_law_power",
         "units/work_energy", "units/pressure_force_area", "units/ideal_gas", "units/stoichiometry",
         "units/molarity_dilution", "units/heat_capacity", "units/dimensional_check", "units/rate_problems",
         "units/momentum_collisions", "units/wave_frequency", "units/electric_charge_energy", "units/circular_motion",
         "units/projectile_range", "units/lens_optics", "units/buoyancy"]


def test_all_tasks_registered():
    assert sorted(NAMES) == procgym.tasks("units/*")


# --------------------------------------------------------------------------- the reader

@pytest.mark.parametrize("text, value, dim", [
    ("43.2 km/h", F(12), SPEED), ("12 m/s", F(12), SPEED), ("12 m s^-1", F(12), SPEED),
    ("12 m*s^{-1}", F(12), SPEED), ("12 meters per second", F(12), SPEED), ("12 \\text{ m/s}", F(12), SPEED),
    ("9.8 kg*m/s^2", F(49, 5), FORCE), ("3/4 kWh", F(2700000), ENERGY), ("1.2e3 J", F(1200), ENERGY),
    ("3.6 x 10^6 J", F(3600000), ENERGY), ("3.6 \\times 10^{6} J", F(3600000), ENERGY),
    ("2 kilowatt hours", F(7200000), ENERGY), ("5 N m", F(5), ENERGY), ("1,500 Pa", F(1500), PRESSURE),
    ("2 bar", F(200000), PRESSURE), ("1 atm", F(101325), PRESSURE), ("10 mph", F(4470400, 1000000), SPEED),
])
def test_read_quantity_values(text, value, dim):
    q = read_quantity(normalize(text))
    assert q.value == value and q.dim == dim


def test_read_unit_exact_factors():
    assert read_unit("psi") == (F(45359237, 10 ** 8) * F(980665, 10 ** 5) / F(254, 10000) ** 2, PRESSURE)
    assert read_unit("J/(g*K)")[0] == 1000
    assert read_unit("mol/L") == read_unit("M") == (F(1000), (-3, 0, 0, 0, 0, 1))
    assert read_unit("kohm") == read_unit("kΩ") == (F(1000), (2, 1, -3, -2, 0, 0))
    assert read_unit("mL") == read_unit("cm^3") == read_unit("cc")


@pytest.mark.parametrize("text", ["12", "12 m/s or 13 m/s", "0, 12 m/s", "12 m/s I think", "not 12 m/s",
                                  "12 m/s is wrong", "12 m/s (not sure)", "x = 12 m/s", "3x + 1 = 12 m/s",
                                  "2 J/g*K", "12 bananas", "m/s", "12 m/s\n13 m/s", "12 m^99", "1e999999 J",
                                  "12 m/s, 13 m/s", "12 m//s", "12 (m/s"])
def test_read_quantity_refuses(text):
    with pytest.raises(NotAnAnswer):
        read_quantity(normalize(text))


def test_grade_quantity_feedback_names_what_is_wrong():
    speed = F(12)
    assert grade_quantity("43.2 km/h", speed, SPEED, None, "the speed").correct
    assert grade_quantity("12 m/s", speed, SPEED, "m/s", "the speed").correct
    assert grade_quantity("12 m*s^-1", speed, SPEED, "m/s", "the speed").correct
    wrong_unit = grade_quantity("43.2 km/h", speed, SPEED, "m/s", "the speed")
    assert not wrong_unit.correct and "in m/s" in wrong_unit.feedback
    wrong_dim = grade_quantity("12 m/s^2", speed, SPEED, "m/s", "the speed")
    assert not wrong_dim.correct and "dimension" in wrong_dim.feedback and "an acceleration" in wrong_dim.feedback
    missing = grade_quantity("12", speed, SPEED, "m/s", "the speed")
    assert not missing.correct and "unit is missing" in missing.feedback
    value = grade_quantity("13 m/s", speed, SPEED, "m/s", "the speed")
    assert not value.correct and "value" in value.feedback


def test_required_unit_compares_the_stated_number():
    # a problem may state psi as 6894.757 Pa: in the unit asked for, the number itself decides
    assert grade_quantity("2 kPa", F(2000), PRESSURE, "kPa", "p", shown=F(2)).correct
    assert not grade_quantity("2000 Pa", F(2000), PRESSURE, "kPa", "p", shown=F(2)).correct


def test_base_units_reader():
    assert read_base_units("kg*m^2/s^3") == read_base_units("kg m^2 s^-3") == (2, 1, -3, 0, 0, 0)
    for text in ("J/s", "W", "g*m^2/s^3", "1 kg*m^2/s^3", "kg*m^2/s^3 or W", ""):
        with pytest.raises(NotAnAnswer):
            read_base_units(text)


# --------------------------------------------------------------------------- fixed seeds, by hand

# (task, level, seed, a phrase of the prompt, the reference answer), each answer worked by hand
KNOWN = [
    ("units/kinematics", 1, 0, "its final speed is 7.6 m/s; the motion lasts 4 s", "1.9 m/s^2"),  # 7.6 / 4
    ("units/conversion_chain", 3, 1, "Convert 5.34 m/s to km/h.", "19.224 km/h"),  # 5.34 * 3.6
    ("units/density_mass_volume", 1, 0, "mass of 209.3 g", "299 cm^3"),  # 209.3 / 0.7
    ("units/ohms_law_power", 4, 0, "2 resistors in series: 8 ohm, 40 ohm", "0.5 W"),  # (12/48)^2 * 8
    ("units/work_energy", 1, 0, "force of 859 N pushes a crate 7 m", "6013 J"),
    ("units/pressure_force_area", 1, 1, "3021 N acts evenly on an area of 400 cm^2", "75525 Pa"),  # 3021 / 0.04
    ("units/ideal_gas", 1, 0, "3829.407615 kPa and 279.15 K fills 1 L", "1.65 mol"),  # PV / (8.314 * 279.15)
    ("units/stoichiometry", 1, 0, "432 g of Al", "2136 g"),  # 16 mol Al -> 16 mol AlCl3 * 133.5 g/mol
    ("units/molarity_dilution", 1, 1, "4.1929 g of HCl", "1.15 mol/L"),  # 4.1929 / 36.46 / 0.1
    ("units/heat_capacity", 1, 0, "mass 1429 g, specific heat capacity 0.624 J/(g*K)", "66877.2 J"),  # * 75 K
    ("units/dimensional_check", 1, 0, "expression t / x", "s/m"),
    ("units/rate_problems", 2, 0, "A alone would take 2 h; machine B alone would take 3 h", "1.2 h"),
    ("units/rate_problems", 1, 0, "Pipe 1 lets in 86 L/min", "250/43 min"),  # 500 L / 86 L/min
]


@pytest.mark.parametrize("name, level, seed, phrase, answer", KNOWN)
def test_known_problems(name, level, seed, phrase, answer):
    p = procgym.generate(name, seed=seed, difficulty=level)
    assert phrase in p.prompt
    assert p.answer == answer
    assert ok(p, answer)


def test_equivalent_forms_and_near_misses():
    p = procgym.generate("units/kinematics", seed=0, difficulty=1)  # 1.9 m/s^2, asked in m/s^2
    for text in ("1.9 m/s^2", "1.9 m s^-2", "19/10 m/s^2", "1.90 m/s²", "1.9 m/s/s", "1.9 meters per second squared"):
        assert ok(p, text), text
    assert "in m/s^2" in feedback(p, "190 cm/s^2")
    assert not ok(p, "1.9 m/s")
    assert not ok(p, "1.9")
    assert not ok(p, "1.91 m/s^2")
    p = procgym.generate("units/conversion_chain", seed=1, difficulty=3)  # 19.224 km/h
    assert ok(p, "19.224 km/h") and ok(p, "19.224 kilometers per hour") and ok(p, "2403/125 km/h")
    assert not ok(p, "5.34 m/s") and not ok(p, "19.22 km/h")


def test_any_unit_when_the_prompt_allows_it():
    found = 0
    for seed in range(40):
        p = procgym.generate("units/kinematics", seed=seed, difficulty=5)
        if "any suitable unit" not in p.prompt or p.check["dim"] != [1, 0, -2, 0, 0, 0]:
            continue
        a = Fraction(*p.check["value"])  # m/s^2
        assert ok(p, f"{a.numerator}/{a.denominator} m/s^2")
        assert ok(p, f"{a.numerator * 100}/{a.denominator} cm/s^2")
        assert ok(p, f"{a.numerator * 3600 * 3600}/{a.denominator * 1000} km/h^2")
        assert not ok(p, f"{a.numerator * 100}/{a.denominator} cm/s")
        found += 1
    assert found


def test_ideal_gas_temperature_must_be_absolute():
    p = next(q for s in range(40) for q in [procgym.generate("units/ideal_gas", seed=s, difficulty=4)]
             if q.check["dim"] == [0, 0, 0, 0, 1, 0])
    kelvin = p.answer.split()[0]
    assert ok(p, f"{kelvin} K")
    assert not ok(p, f"{kelvin} degrees Celsius") and not ok(p, f"{kelvin} °C")
    celsius = Fraction(kelvin) - Fraction(27315, 100)
    assert not ok(p, f"{float(celsius)} °C")


def test_dimensional_check_forms():
    p = procgym.generate("units/dimensional_check", seed=0, difficulty=1)  # s/m
    for text in ("s/m", "s m^-1", "s*m^-1", "m^-1 s", "s / m"):
        assert ok(p, text), text
    assert not ok(p, "m/s") and not ok(p, "s") and not ok(p, "1/Hz/m")
    assert "base unit" in feedback(p, "ms")


# --------------------------------------------------------------------------- independent recomputation

def test_conversion_chain_recomputed_from_the_prompt():
    metric = {"m": 1, "cm": F(1, 100), "mm": F(1, 1000), "km": 1000, "s": 1, "min": 60, "h": 3600, "ms": F(1, 1000),
              "L": F(1, 1000), "mL": F(1, 10 ** 6), "J": 1, "kJ": 1000, "Pa": 1, "kPa": 1000, "g": F(1, 1000),
              "kg": 1, "mol": 1, "mmol": F(1, 1000), "W": 1, "kW": 1000, "N": 1, "kN": 1000, "MJ": 10 ** 6,
              "MPa": 10 ** 6, "hPa": 100, "MW": 10 ** 6, "t": 1000, "mg": F(1, 10 ** 6), "Wh": 3600, "kWh": 3600000}
    pattern = re.compile(r"^Convert ([\d.]+) ([A-Za-z]+)(?:/([A-Za-z]+))? to ([A-Za-z]+)(?:/([A-Za-z]+))?\.$")
    checked = 0
    for seed in range(60):
        p = procgym.generate("units/conversion_chain", seed=seed, difficulty=2)
        m = pattern.match(p.prompt.split("\n\n")[0])
        if not m or any(u and u not in metric for u in m.groups()[1:]):
            continue
        amount, su, sd, tu, td = m.groups()
        factor = F(metric[su]) / (F(metric[sd]) if sd else 1) / (F(metric[tu]) / (F(metric[td]) if td else 1))
        assert ok(p, f"{F(amount) * factor} {tu}{'/' + td if td else ''}"), p.prompt
        checked += 1
    assert checked >= 5


def test_ohms_law_series_recomputed():
    pattern = re.compile(r"battery of ([\d.]+) (m?V) .* (\d+) resistors in series: ([^.]*)\. What current")
    checked = 0
    for seed in range(80):
        p = procgym.generate("units/ohms_law_power", seed=seed, difficulty=4)
        m = pattern.search(p.prompt)
        if not m or "Give the answer in A." not in p.prompt:
            continue
        volts = F(m.group(1)) / (1000 if m.group(2) == "mV" else 1)
        total = sum(F(r.split()[0]) * (1000 if r.split()[1] == "kohm" else 1) for r in m.group(4).split(", "))
        assert ok(p, f"{volts / total} A")
        checked += 1
    assert checked >= 2


def test_stoichiometry_reactions_balanced_and_molar_masses():
    assert all(balanced(r) for r in REACTIONS)
    assert atoms("Cu2(OH)2CO3") == {"Cu": 2, "O": 5, "H": 2, "C": 1}
    assert molar_mass("Ca(OH)2") == 74 and molar_mass("AlCl3") == F(267, 2)


def test_stoichiometry_limiting_reagent_by_hand():
    # 2 H2 + O2 -> 2 H2O with 4 g H2 (2 mol) and 48 g O2 (1.5 mol): H2 limits, 36 g water, 16 g O2 left
    from procgym.generators.units.stoichiometry import solve
    extent, limiting = solve(REACTIONS[0], {"H2": F(4), "O2": F(48)})
    assert limiting == "H2" and extent == 1
    assert extent * 2 * molar_mass("H2O") == 36 and 48 - extent * molar_mass("O2") == 16


# --------------------------------------------------------------------------- every task

@pytest.mark.parametrize("name", NAMES)
def test_deterministic_and_in_charset(name):
    for level in (1, 7, 15, 20):
        a = procgym.generate(name, seed=3, difficulty=level)
        b = procgym.generate(name, seed=3, difficulty=level)
        assert a.to_dict() == b.to_dict()
        assert in_charset(a.prompt)


@pytest.mark.parametrize("name", NAMES)
def test_reference_verifies_everywhere_and_example_never_pays(name):
    for level in range(1, 21):
        for seed in range(6):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert ok(p, p.answer), (level, seed, p.answer)
    example_never_pays(name)


def test_hand_made_record_is_enough_to_verify():
    check = {"value": [12, 1], "dim": [1, 0, -1, 0, 0, 0], "unit": None, "what": "the speed", "names": [],
             "steps": 1, "shown": [12, 1]}
    p = Problem("units/kinematics", 0, 5, {}, "hand-made", "12 m/s", check)
    assert ok(p, "43.2 km/h") and ok(p, "1200 cm/s") and not ok(p, "12 km/h")
