"""The tasks: one folder per category, one file per task family."""
