"""Spatial reasoning tasks: grid transforms, cube nets and dice, headings, counting shapes in grids,
rectangles, distances with obstacles and lattice polygons."""
