"""strings tasks."""
