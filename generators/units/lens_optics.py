"""Thin converging lenses: 1/f = 1/d_o + 1/d_i, magnification, and lenses in a row."""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register

from ._quantities import LENGTH, QuantityTask, show, to_si

F = Fraction
UNITS = ["cm", "mm", "m"]
MODES = ("image", "object", "focal", "height", "chain", "chain_height")


def image_distance(f, d_o) -> Fraction:
    """The thin-lens equation solved for the image distance (real object outside the focal length)."""
    return 1 / (1 / F(f) - 1 / F(d_o))


def nice_pair(rng, f) -> tuple[Fraction, Fraction]:
    """An object distance beyond f and its image distance, both whole: d_o = f + e with e
    dividing f^2 gives d_i = f + f^2 / e; e between f/3 and 3f keeps both within a bench's length."""
    e = rng.choice([e for e in range(1, 3 * f + 1) if (f * f) % e == 0 and 3 * e >= f])  # images 4f/3 .. 4f
    return F(f + e), F(f + f * f // e)


@register
class LensOptics(QuantityTask):
    """Thin converging lenses with real objects and real images. Find an image distance, an
    object distance or a focal length from the thin-lens equation, or the height of the image
    (magnification d_i / d_o). From level 7 light passes through two lenses on one axis (the image
    of one lens is the object of the next), asking the final image's distance or height; levels
    11-20 add lenses, up to 12, in mixed units."""

    name = "units/lens_optics"
    knobs = (
        Knob("mode", ["image", "image", "object", "focal", "height", "height", "chain", "chain", "chain_height",
                      "chain_height"] + [["chain", "chain_height"]] * 10, choices=MODES,
             doc="which quantity the problem asks, and whether there is a row of lenses"),
        Knob("lenses", [2] * 10 + [3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (2, 12), doc="lenses in the row (chain modes)"),
        Knob("mixed_units", [False, False, True] + [True] * 17, doc="distances given in mm, cm or m"),
    )

    def build(self, rng, params):
        mode, mixed = params["mode"], params["mixed_units"]
        steps = 0

        def given(value_cm):
            nonlocal steps
            text, conv = show(rng, to_si(value_cm, "cm"), UNITS, mixed)
            steps += conv
            return text

        unit, what = "cm", "the distance"
        if mode in ("image", "object", "focal", "height"):
            f = rng.randint(4, 40)
            d_o, d_i = nice_pair(rng, f)
            assert image_distance(f, d_o) == d_i
            if mode == "image":
                story = f"An object stands {given(d_o)} from a thin converging lens of focal length {given(f)}."
                q, value, what = "How far from the lens does the image form?", d_i, "the image distance"
            elif mode == "object":
                story = (f"A thin converging lens of focal length {given(f)} forms a real image {given(d_i)} "
                         "from the lens.")
                q, value, what = "How far from the lens is the object?", d_o, "the object distance"
            elif mode == "focal":
                story = (f"An object {given(d_o)} from a thin converging lens has its real image {given(d_i)} "
                         "from the lens on the other side.")
                q, value, what = "What is the focal length of the lens?", F(f), "the focal length"
            else:
                h = F(rng.randint(1, 40), rng.choice([1, 2, 5]))
                story = (f"An object {given(h)} tall stands {given(d_o)} from a thin converging lens of focal "
                         f"length {given(f)}.")
                q, value, what = "How tall is the (inverted, real) image?", h * d_i / d_o, "the image height"
                steps += 2  # the magnification and the height
            steps += 2  # the thin-lens equation rearranged and solved
        else:
            n = params["lenses"]
            h = F(rng.randint(1, 40), rng.choice([1, 2, 5]))
            f = rng.randint(4, 30)
            d_o, d_i = nice_pair(rng, f)
            lines = [f"lens 1 has focal length {given(f)}"]
            magnification = d_i / d_o
            steps += 3
            for i in range(2, n + 1):
                f = rng.randint(4, 30)
                nxt_o, nxt_i = nice_pair(rng, f)
                gap = d_i + nxt_o  # the previous image lies in front of this lens, beyond its focal length
                lines.append(f"lens {i}, {given(gap)} beyond lens {i - 1}, has focal length {given(f)}")
                assert image_distance(f, gap - d_i) == nxt_i
                d_i = nxt_i
                magnification *= nxt_i / nxt_o
                steps += 3  # the new object distance, the lens equation, the magnification
            ask_height = mode == "chain_height"
            start = f"An object {given(h)} tall stands" if ask_height else "An object stands"
            story = (f"{start} {given(d_o)} in front of lens 1 of a row of {n} thin converging lenses on one axis: "
                     + "; ".join(lines) + ". Each lens forms a real image that serves as the object of the next.")
            if ask_height:
                q, value, what = "How tall is the final image?", h * magnification, "the final image height"
                steps += 1
            else:
                q, value, what = f"How far beyond lens {n} does the final image form?", d_i, "the image distance"
        any_unit = mixed and rng.random() < 0.4
        tail = f" Give the answer in {unit}." if not any_unit else " Give the answer in any unit of length."
        return self.quantity(f"{story} {q}{tail}", to_si(value, "cm"), LENGTH, unit, what, steps, any_unit=any_unit)
