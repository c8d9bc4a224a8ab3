"""Geometry tasks: areas, perimeters, volumes, coordinates, lines, circles, triangles and angles, with exact answers."""
