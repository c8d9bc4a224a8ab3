"""multiplayer games (procgym.kit.multiplayer) and their single-agent tasks, multiplayer/<game>."""
