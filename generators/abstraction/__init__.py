"""abstraction tasks: ARC-style grid puzzles whose hidden rule is pinned down by the examples."""
