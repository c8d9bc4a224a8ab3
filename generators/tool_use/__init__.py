"""tool_use tasks: a small generated system (bank accounts, calendars, orders, files, tickets,
flights) hidden behind typed tools; the agent reads and changes it with tool calls to reach a goal
stated in words, then calls finish, and the reward compares the final state with the goal."""
