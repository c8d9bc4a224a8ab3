"""arithmetic tasks."""
