"""leaderboard."""
