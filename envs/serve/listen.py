"""Running a server: bind a socket first (port 0 picks a free port, so the caller knows the port
before serving), then serve it with uvicorn, in this thread, a background thread, or as a
`procgym serve` child process. Every way binds 127.0.0.1 unless told otherwise, and the context
managers always shut their server down.

    sock = bind("127.0.0.1", 0)
    uvicorn_server(app).run(sockets=[sock])            # blocks; server.should_exit = True stops it
    with in_thread(app) as url: ...                     # e.g. http://127.0.0.1:40123
    with child("--tasks", "games/*") as (url, proc): ...   # procgym serve --port 0 --tasks games/*
"""
from __future__ import annotations

import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

WS_MAX_BYTES = 2 * 1024 * 1024  # a frame holds one action (100,000 characters, JSON-escaped) with room to spare


def bind(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A listening TCP socket on (host, port); port 0 picks a free port."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(2048)
    return sock


def uvicorn_server(app, log_level: str = "warning"):
    """A uvicorn.Server for an ASGI `app`; run it on sockets from bind()."""
    import uvicorn

    # No per-message deflate: on loopback or a LAN compressing each small frame cost more CPU
    # than the rest of a step's server work (bench/serve.py).
    return uvicorn.Server(uvicorn.Config(app, log_level=log_level, ws_max_size=WS_MAX_BYTES,
                                         ws_per_message_deflate=False, timeout_graceful_shutdown=5))


@contextmanager
def in_thread(app, start_timeout: float = 30.0):
    """Serve `app` on 127.0.0.1 (a free port) in a background thread; yields the base URL."""
    sock = bind("127.0.0.1", 0)
    server = uvicorn_server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()
        if thread.is_alive():
            raise RuntimeError("the server did not stop within 15 s")


@contextmanager
def child(*args: str, start_timeout: float = 180.0):
    """`procgym serve --port 0 ARGS` as a child process; yields (its base URL, the Popen).
    Interrupted at the end (killed if it has not stopped 20 s later)."""
    proc = subprocess.Popen([sys.executable, "-m", "procgym.cli", "serve", "--port", "0", *args],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    try:
        seen, deadline = [], time.monotonic() + start_timeout
        while not seen or "listening:" not in seen[-1]:
            try:
                seen.append(lines.get(timeout=max(0.01, deadline - time.monotonic())))
            except queue.Empty:
                raise RuntimeError(f"procgym serve did not start: {''.join(seen)[-2000:]}") from None
        url = seen[-1].split(" on ", 1)[1].split()[0]
        yield url.removesuffix("/mcp"), proc
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
