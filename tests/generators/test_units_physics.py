"""Tests for units/lens_optics, units/projectile_range and units/buoyancy: hand-worked fixed seeds, the answers
recomputed independently from the prompt text, accepted equivalent forms and rejected near misses."""
import re
from fractions import Fraction
from math import isqrt

import pytest

import procgym
from answer_helpers import example_never_pays, feedback, ok

F = Fraction
TO_CM = {"mm": F(1, 10), "cm": F(1), "m": F(100)}
TO_MPS = {"m/s": F(1), "cm/s": F(1, 100), "km/h": F(1000, 3600)}
TO_M = {"cm": F(1, 100), "m": F(1)}
NUM = r"(\d+(?:\.\d+)?(?:/\d+)?)"


def exact_sqrt(q: Fraction) -> Fraction:
    """The square root of a fraction that is a perfect square (asserted)."""
    a, b = isqrt(q.numerator), isqrt(q.denominator)
    assert a * a == q.numerator and b * b == q.denominator, q
    return F(a, b)


def frac_text(q: Fraction) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


@pytest.mark.parametrize("name, level, seed, phrase, answer", [
    # 1/d_i = 1/40 - 1/65 = 5/520 = 1/104
    ("units/lens_optics", 1, 1, "stands 65 cm from a thin converging lens of focal length 40 cm", "104 cm"),
    # 1/f = 1/114 + 1/57 = 3/114, f = 38
    ("units/lens_optics", 4, 2, "An object 1.14 m from a thin converging lens has its real image 57 cm", "38 cm"),
    # d_i = 1/(1/16 - 1/24) = 48, magnification 48/24 = 2, image 14 cm tall
    ("units/lens_optics", 6, 2, "An object 7 cm tall stands 240 mm from a thin converging lens of focal length 16 cm",
     "14 cm"),
    # t = sqrt(2 * 4.9 / 9.8) = 1
    ("units/projectile_range", 1, 2, "a table 4.9 m high. Take g = 9.8 m/s^2", "1 s"),
    # t = sqrt(2 * 12.8 / 10) = 1.6, x = 14.5 * 1.6
    ("units/projectile_range", 2, 2, "at 14.5 m/s from a ledge 12.8 m high. Take g = 10 m/s^2", "23.2 m"),
    # F = 800 kg/m^3 * 0.189 m^3 * 10 m/s^2
    ("units/buoyancy", 1, 2, "volume 0.189 m^3 is held completely under oil. The density of oil is 800 kg/m^3. "
     "Take g = 10 m/s^2", "1512 N"),
    # depth = 30 cm * 500 / 1000
    ("units/buoyancy", 3, 2, "pine (density 500 kg/m^3), 30 cm tall, floats upright in fresh water", "15 cm"),
    # weight 25 N, 12.6 N lost = 1260 * V * 10, V = 1 L, density 2.5 kg / 1 L
    ("units/buoyancy", 4, 1, "mass 2.5 kg weighs 12.4 N on a spring scale when hanging fully under glycerine",
     "2500 kg/m^3"),
])
def test_known_problems(name, level, seed, phrase, answer):
    p = procgym.generate(name, seed=seed, difficulty=level)
    assert phrase in p.prompt
    assert p.answer == answer
    assert ok(p, answer)


def lens_recomputed(prompt: str) -> Fraction | None:
    """The lens answer in cm worked from the prompt, for problems that state the object distance."""
    story = prompt.split("Answer format")[0]
    start = re.search(NUM + r" (mm|cm|m) (?:from a thin|in front of lens 1)", story)
    if not start:
        return None
    d_o = F(start.group(1)) * TO_CM[start.group(2)]
    focals = [F(n) * TO_CM[u] for n, u in re.findall(r"focal length " + NUM + r" (mm|cm|m)", story)]
    gaps = [F(n) * TO_CM[u] for n, u in re.findall(NUM + r" (mm|cm|m) beyond lens", story)]
    assert len(gaps) == len(focals) - 1
    magnification = F(1)
    for i, f in enumerate(focals):
        if i:
            d_o = gaps[i - 1] - d_i
        assert d_o > f  # a real object outside the focal length: a real image
        d_i = 1 / (1 / f - 1 / d_o)
        magnification *= d_i / d_o
    tall = re.search(NUM + r" (mm|cm|m) tall", story)
    return F(tall.group(1)) * TO_CM[tall.group(2)] * magnification if tall else d_i


def test_lens_recomputed_from_the_prompt():
    seen = 0
    for level in (1, 2, 5, 6, 7, 9, 10, 12, 16, 20):
        for seed in range(12):
            p = procgym.generate("units/lens_optics", seed=seed, difficulty=level)
            value = lens_recomputed(p.prompt)
            if value is None:
                continue
            seen += 1
            assert ok(p, f"{frac_text(value)} cm"), (level, seed)
            assert not ok(p, f"{frac_text(value + F(1, 10))} cm")
    assert seen > 80


def test_projectile_ledges_recomputed_from_the_prompt():
    for level in (10, 11, 15, 20):
        for seed in range(8):
            p = procgym.generate("units/projectile_range", seed=seed, difficulty=level)
            story = p.prompt.split("Answer format")[0]
            g = F(re.search(r"g = " + NUM + r" m/s\^2", story).group(1))
            v_num, v_unit = re.search(r"ledge 1 at " + NUM + r" (m/s|cm/s|km/h)", story).groups()
            v = F(v_num) * TO_MPS[v_unit]
            falls = [F(n) * TO_M[u] for n, u in re.findall(r"falls " + NUM + r" (cm|m)\b", story)]
            edges = [F(n) * TO_M[u] for n, u in re.findall(r"edge is " + NUM + r" (cm|m) horizontally", story)]
            assert len(falls) == len(edges) + 1 == p.params["ledges"]
            total = F(0)
            for i, h in enumerate(falls):
                t = exact_sqrt(2 * h / g)
                total += t
                if i < len(edges):
                    assert edges[i] > v * t  # it lands on the next ledge, short of its edge
                    total += (edges[i] - v * t) / v
            assert ok(p, f"{frac_text(total)} s"), (level, seed)
            assert not ok(p, f"{frac_text(total * F(101, 100))} s")


def test_projectile_impact_speed_by_pythagoras():
    seen = 0
    for seed in range(30):
        p = procgym.generate("units/projectile_range", seed=seed, difficulty=8)
        story = p.prompt.split("Answer format")[0]
        if "hits the ground" not in story:
            continue
        seen += 1
        v_num, v_unit = re.search(r"at " + NUM + r" (m/s|cm/s|km/h)", story).groups()
        h_num, h_unit = re.search(NUM + r" (cm|m) high", story).groups()
        v, h = F(v_num) * TO_MPS[v_unit], F(h_num) * TO_M[h_unit]
        speed = exact_sqrt(v * v + 2 * F(10) * h)  # v_y^2 = 2 g h
        assert ok(p, f"{frac_text(speed)} m/s")
        assert not ok(p, f"{frac_text(v)} m/s")  # the launch speed alone is a near miss
    assert seen > 5


def test_equivalent_forms_and_near_misses():
    p = procgym.generate("units/lens_optics", seed=1, difficulty=1)  # 104 cm, unit required
    for good in ("104 cm", "104 centimeters", "104.0 cm", "1.04 x 10^2 cm", "\\frac{520}{5} cm"):
        assert ok(p, good), good
    for bad in ("1.04 m", "104", "105 cm", "104 cm or 105 cm", "104 s", "about 104 cm", "", "-104 cm"):
        assert not ok(p, bad), bad
    assert "in cm" in feedback(p, "1.04 m")
    assert "dimension" in feedback(p, "104 s").lower()
    q = procgym.generate("units/projectile_range", seed=2, difficulty=2)  # 23.2 m
    for good in ("23.2 m", "116/5 m", "23.20 meters", "23.2 metres"):
        assert ok(q, good), good
    for bad in ("23.2", "2320 cm", "23 m", "23.2 m/s", "23.2 m, 24 m"):
        assert not ok(q, bad), bad


def test_any_unit_when_the_prompt_allows_it():
    found = 0
    for seed in range(40):
        p = procgym.generate("units/lens_optics", seed=seed, difficulty=8)
        if "any unit of length" not in p.prompt:
            continue
        found += 1
        cm = F(p.answer.split()[0])
        assert ok(p, f"{frac_text(cm * 10)} mm") and ok(p, f"{frac_text(cm / 100)} m")
        assert not ok(p, f"{frac_text(cm)} mm")
    assert found


TO_KG = {"g": F(1, 1000), "kg": F(1)}
TO_RHO = {"kg/m^3": F(1), "g/cm^3": F(1000)}


def test_loaded_raft_recomputed_from_the_prompt():
    for level in (10, 12, 17, 20):
        for seed in range(8):
            p = procgym.generate("units/buoyancy", seed=seed, difficulty=level)
            story = p.prompt.split("Answer format")[0]
            rho_n, rho_u = re.search(r"\(density " + NUM + r" (kg/m\^3|g/cm\^3)\)", story).groups()
            dims = re.search(NUM + r" (cm|m) long, " + NUM + r" (cm|m) wide and " + NUM + r" (cm|m) thick", story)
            a, b, c = (F(dims.group(i)) * TO_M[dims.group(i + 1)] for i in (1, 3, 5))
            fluid_n, fluid_u = re.search(r"The density of [a-z ]+ is " + NUM + r" (kg/m\^3|g/cm\^3)", story).groups()
            loads = re.search(r"Loads of (.*?) are placed", story).group(1).split(", ")
            assert len(loads) == p.params["loads"]
            cargo = sum(F(x.split()[0]) * TO_KG[x.split()[1]] for x in loads)
            rho, rho_f = F(rho_n) * TO_RHO[rho_u], F(fluid_n) * TO_RHO[fluid_u]
            depth = (rho * a * b * c + cargo) / (rho_f * a * b)  # displaced volume over the area
            assert 0 < depth < c  # it still floats
            assert ok(p, f"{frac_text(depth * 100)} cm"), (level, seed)
            assert not ok(p, f"{frac_text(depth * 100 + 1)} cm")


def test_buoyancy_forms_and_near_misses():
    p = procgym.generate("units/buoyancy", seed=1, difficulty=4)  # 2500 kg/m^3, unit required
    for good in ("2500 kg/m^3", "2500 kg m^-3", "2.5 x 10^3 kg/m^3", "2,500 kg/m^3"):
        assert ok(p, good), good
    for bad in ("2.5 g/cm^3", "2500", "2500 kg/m^2", "2400 kg/m^3", "2500 kg/m^3 or 2600 kg/m^3"):
        assert not ok(p, bad), bad
    q = procgym.generate("units/buoyancy", seed=2, difficulty=1)  # 1512 N
    for good in ("1512 N", "1512 newtons", "1512 kg*m/s^2"):
        assert ok(q, good), good
    for bad in ("1.512 kN", "151.2 N", "1512 kg", "1512 N?"):
        assert not ok(q, bad), bad


@pytest.mark.parametrize("name", ["units/lens_optics", "units/projectile_range", "units/buoyancy"])
def test_deterministic_and_reference_verifies(name):
    for level in range(1, 21):
        for seed in range(4):
            a = procgym.generate(name, seed=seed, difficulty=level)
            assert a.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert ok(a, a.answer)
    example_never_pays(name)
