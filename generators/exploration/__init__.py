"""exploration tasks: act to gather information under a budget (bandits, hidden graphs, group
testing, coin weighing, searching with lies, peak finding, sorting by comparisons, egg dropping,
sorted-matrix search)."""
