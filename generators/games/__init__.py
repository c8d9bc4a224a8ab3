"""games tasks."""
