"""puzzles tasks."""
