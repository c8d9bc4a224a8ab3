"""algorithms tasks: classic dynamic-programming, greedy and exhaustive-search problems."""
