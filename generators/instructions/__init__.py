"""instructions tasks: write a free text that keeps a set of exactly checkable rules."""
