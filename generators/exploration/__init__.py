"""exploration tasks: act to gather information under a budget (bandits, hidden graphs)."""
