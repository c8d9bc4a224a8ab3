"""`procgym serve`: the OpenEnv server, or with --mcp the MCP server, on this machine by default.

    procgym serve --port 8000                         # OpenEnv: WebSocket /ws, HTTP /reset /step /schema
    procgym serve --mcp                               # MCP over stdio (for a model client to launch)
    procgym serve --mcp --transport http --port 8001  # MCP over streamable HTTP at /mcp
"""
from __future__ import annotations

import sys

from .listen import bind, uvicorn_server


def serve(args) -> int:
    """Run the server `args` (procgym serve's options) asks for until interrupted."""
    if not args.mcp and args.transport != "stdio":
        raise ValueError("--transport chooses the MCP transport: use it with --mcp")
    try:
        if args.mcp:
            from . import mcp_server
        else:
            from . import openenv_server
    except ImportError as exc:
        raise ValueError(f"serving needs the serve extra ({exc.name} is missing): pip install -e '.[serve]'") from None
    if args.mcp:
        server = mcp_server.build_server(args.tasks, max_episodes=args.max_sessions)
        if args.transport == "stdio":
            import anyio

            _say(f"MCP over stdio, {len(server.procgym.served)} task(s)")
            anyio.run(mcp_server.run_stdio, server)
            return 0
        return _listen(mcp_server.http_app(server, host=args.host), args, "MCP (streamable HTTP) on {url}/mcp")
    app = openenv_server.create_app(args.tasks, max_sessions=args.max_sessions)
    return _listen(app, args, "OpenEnv on {url} (WebSocket /ws; HTTP /reset /step /state /schema /health)")


def _listen(app, args, what: str) -> int:
    sock = bind(args.host, args.port)
    host, port = sock.getsockname()[:2]
    _say("listening: " + what.format(url=f"http://{'[' + host + ']' if ':' in host else host}:{port}"))
    uvicorn_server(app, args.log_level).run(sockets=[sock])
    return 0


def _say(line: str) -> None:
    # stderr: under stdio, stdout carries the MCP protocol
    print(f"procgym serve: {line}", file=sys.stderr, flush=True)
