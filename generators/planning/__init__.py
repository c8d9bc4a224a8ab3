"""planning tasks: interactive environments where the agent plans actions to reach a goal within a budget."""
