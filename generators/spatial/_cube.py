"""A cube's faces in space, shared by the cube-net and die tasks: face positions as unit
vectors (x east, y north, z up) and how the faces move when the cube rolls one square.

    VEC["N"]                 # (0, 1, 0)
    SOURCE["E"]["U"]         # "W": after rolling east, the face on top is the one that faced west
"""
from __future__ import annotations

# a cube's face positions as unit vectors: x east, y north, z up (right-handed)
VEC = {"U": (0, 0, 1), "D": (0, 0, -1), "N": (0, 1, 0), "S": (0, -1, 0), "E": (1, 0, 0), "W": (-1, 0, 0)}
# rolling the cube one square toward a direction: new[pos] = old[SOURCE[dir][pos]]
SOURCE = {
    "E": {"D": "E", "E": "U", "U": "W", "W": "D", "N": "N", "S": "S"},
    "W": {"D": "W", "W": "U", "U": "E", "E": "D", "N": "N", "S": "S"},
    "N": {"D": "N", "N": "U", "U": "S", "S": "D", "E": "E", "W": "W"},
    "S": {"D": "S", "S": "U", "U": "N", "N": "D", "E": "E", "W": "W"},
}
OPPOSITE = {"U": "D", "D": "U", "N": "S", "S": "N", "E": "W", "W": "E"}
