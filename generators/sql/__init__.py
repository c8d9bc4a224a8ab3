"""sql tasks: write one SQLite SELECT statement over a generated database; it runs in a sandbox."""
