"""number theory tasks."""
