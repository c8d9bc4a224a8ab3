"""versus tasks: two-player games against a built-in opponent, from positions won for the agent."""
