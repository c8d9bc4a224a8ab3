"""calculus tasks."""
