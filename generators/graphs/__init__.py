"""graphs tasks."""
