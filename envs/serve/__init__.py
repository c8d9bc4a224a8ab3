"""procgym over the network: an OpenEnv server (HTTP and WebSocket) and an MCP server.

Both are thin: each session holds one `TaskEnv`, so observations, rewards and verdicts are the
in-process env's own. They need the serve extra (`pip install -e '.[serve]'`) and are started by
`procgym serve` (OpenEnv) and `procgym serve --mcp` (MCP); docs/integrations/openenv.md and
docs/integrations/mcp.md show them at work.

- `episodes`: what both share: episode options read into a TaskEnv, actions checked against the
  size cap, results as JSON, and `BadRequest` for whatever a client gets wrong.
- `openenv_server` / `openenv_client`: the OpenEnv environment, its app, and its EnvClient.
- `mcp_server`: the MCP tools (start an episode, step, the tasks' typed tools) on the SDK's Server.
- `listen`: binding a port and running a server (in a thread, or `procgym serve` as a child).
- `command`: `procgym serve` itself.
- `transcript`: scripted episodes with the in-process answers, to check and time a server.

This package's `__init__` imports neither OpenEnv nor the MCP SDK, so `procgym.envs` never needs them.
"""
