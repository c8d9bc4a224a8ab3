"""linear_algebra tasks: determinants, inverses, rank, systems, eigenvalues, products, vectors and bases."""
