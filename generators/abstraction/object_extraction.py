"""Crop the one object picked by a hidden criterion."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import (GridRuleTask, colors_knob, components, crop, examples_knob, objects_grid, size_knob,
                     steps_knob)


def _pick(g, criterion):
    objs = components(g)
    if not objs:
        return None
    if criterion == "unique colour":
        counts = {}
        for c, _ in objs:
            counts[c] = counts.get(c, 0) + 1
        chosen = [cells for c, cells in objs if counts[c] == 1]
    else:
        key = {
            "largest": lambda cells: -len(cells),
            "smallest": lambda cells: len(cells),
            "topmost": lambda cells: min(a for a, _ in cells),
            "bottommost": lambda cells: -max(a for a, _ in cells),
            "leftmost": lambda cells: min(b for _, b in cells),
            "rightmost": lambda cells: -max(b for _, b in cells),
        }[criterion]
        best = min(key(cells) for _, cells in objs)
        chosen = [cells for _, cells in objs if key(cells) == best]
    return crop(g, chosen[0]) if len(chosen) == 1 else None  # a tie leaves the rule undefined


CRITERIA = ("largest", "smallest", "unique colour", "topmost", "bottommost", "leftmost", "rightmost")
CRITERIA_TEXT = {
    "largest": "the object with the most cells",
    "smallest": "the object with the fewest cells",
    "unique colour": "the only object whose colour no other object has",
    "topmost": "the object reaching highest up",
    "bottommost": "the object reaching lowest down",
    "leftmost": "the object reaching furthest left",
    "rightmost": "the object reaching furthest right",
}


@register
class ObjectExtraction(GridRuleTask):
    """The input holds several objects (groups of same-coloured cells joined up, down, left or right);
    the output is the bounding box of the one object chosen by a hidden criterion (largest,
    smallest, the only one of its colour, or the one reaching furthest up, down, left or right),
    with everything else in the box cleared. All criteria, composed at higher levels with the 8
    symmetries and colour swaps, are searched (ties make a criterion undefined on a grid) and all
    that fit agree on the test. Levels add objects (distractors), colours and grid size, a symmetry
    (level 6) and a colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and
    levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet unique.
    Generation runs at about 800-1,000 problems/s at level 5 on one core, not always 1,000: inputs
    where the hidden criterion ties are redrawn, and every grid's objects are flood-filled; past
    level 12 about a hundred/s."""

    name = "abstraction/object_extraction"
    knobs = (size_knob([6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (4, 16)),
             Knob("objects", [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10], (2, 12),
                  doc="objects in each input grid (as many as fit)"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("an object is a group of cells of one colour joined up, down, left or right; the output is the "
                 "smallest rectangle around one chosen object, showing only that object's cells (others 0); the "
                 "object is chosen by one fixed criterion, one of: " + "; ".join(CRITERIA_TEXT[c] for c in CRITERIA))

    def family(self, params, palette):
        return [(c, (lambda c: lambda g: _pick(g, c))(c)) for c in CRITERIA]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        specs = [(rng.randint(1, 6), rng.choice(palette)) for _ in range(params["objects"])]
        if fam == "unique colour" and len(palette) > 1:
            # one colour used once, every other colour used at least twice
            solo = rng.choice(palette)
            rest = [c for c in palette if c != solo]
            specs = [(rng.randint(1, 6), solo)] + [(rng.randint(1, 6), rest[i % len(rest)] if i < 2 * len(rest)
                                                    else rng.choice(rest)) for i in range(params["objects"] - 1)]
        return objects_grid(rng, n, n + rng.randint(0, 2), specs)
