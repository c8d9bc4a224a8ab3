"""A scripted OpenAI-compatible /v1/chat/completions server on loopback, for tests.

    server = ChatServer(oracle_responder(problems), script=["500", "bad_json"]).start()
    ... OpenAIChatAgent("m", base_url=server.url) ...
    server.stop()

A request with `"stream": true` is answered as server-sent events.
`script` lists the behaviour of the first requests, one per request: "ok", "500", "503", "429"
(with Retry-After: 0), "400", "bad_json" (200 with a truncated body), "no_choices", "slow" (sleeps
`slow_seconds` before answering), "drop" (closes the connection without a response). Later
requests are answered normally. `die_after=n` shuts the server down after n normal answers.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from procgym.agents import OracleAgent


def agent_responder(problems: list[dict], agent, wrong: set[str] = frozenset()):
    """A responder that answers as `agent` (anything with procgym's `act(history, info)`) would
    for the given problems (found by their prompt), and "<answer>nope</answer>" for problems
    whose seed (as a string) is in `wrong`."""
    by_prompt = {p["prompt"]: p for p in problems}

    def respond(body: dict) -> str:
        history = [m for m in body["messages"] if m["role"] != "system"]
        problem = by_prompt[history[0]["content"]]
        if str(problem["seed"]) in wrong:
            return "<answer>nope</answer>"
        return "Let me think. " + agent.act(history, {"problem": problem})

    return respond


def oracle_responder(problems: list[dict], wrong: set[str] = frozenset()):
    """agent_responder with the oracle: every answer right, except for the seeds in `wrong`."""
    return agent_responder(problems, OracleAgent(), wrong)


class ChatServer:
    def __init__(self, responder, script=(), slow_seconds: float = 1.0, die_after: int | None = None):
        self.responder, self.script = responder, list(script)
        self.slow_seconds, self.die_after = slow_seconds, die_after
        self.bodies: list[dict] = []  # every request body received
        self.auth: list[str | None] = []  # the Authorization header of each request
        self.answered = 0
        self.lock = threading.Lock()
        self.httpd = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def start(self) -> "ChatServer":
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_POST(self):
                if self.path != "/v1/chat/completions":
                    return self._send(404, b'{"error": "not found"}')
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server.lock:
                    server.bodies.append(body)
                    server.auth.append(self.headers.get("Authorization"))
                    action = server.script.pop(0) if server.script else "ok"
                if action == "drop":
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return None
                if action == "slow":
                    time.sleep(server.slow_seconds)
                    action = "ok"
                if action in ("500", "503"):
                    return self._send(int(action), b'{"error": "overloaded"}')
                if action == "429":
                    return self._send(429, b'{"error": "rate limited"}', {"Retry-After": "0"})
                if action == "400":
                    return self._send(400, b'{"error": "context length exceeded"}')
                if action == "bad_json":
                    return self._send(200, b'{"choices": [{"message": {"content": "tru')
                if action == "no_choices":
                    return self._send(200, b'{"object": "chat.completion", "choices": []}')
                text = server.responder(body)
                prompt_chars = sum(len(m.get("content") or "") for m in body["messages"])
                head = {"id": f"chatcmpl-{len(server.bodies)}", "created": int(time.time()), "model": body["model"]}
                usage = {"prompt_tokens": prompt_chars, "completion_tokens": len(text),
                         "total_tokens": prompt_chars + len(text)}
                if body.get("stream"):
                    self._stream(head, text, usage)
                else:
                    reply = {**head, "object": "chat.completion",
                             "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                          "finish_reason": "stop"}], "usage": usage}
                    self._send(200, json.dumps(reply).encode())
                with server.lock:
                    server.answered += 1
                    dying = server.die_after is not None and server.answered >= server.die_after
                if dying:
                    threading.Thread(target=server.stop, daemon=True).start()
                return None

            def _stream(self, head, text, usage):
                """The reply as server-sent events, the way OpenAI streams a completion."""
                chunk = {**head, "object": "chat.completion.chunk"}
                events = [{**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": text},
                                                 "finish_reason": None}]},
                          {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
                          {**chunk, "choices": [], "usage": usage}]
                payload = b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in events)
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Content-Length", str(len(payload) + len(b"data: [DONE]\n\n")))
                self.end_headers()
                self.wfile.write(payload + b"data: [DONE]\n\n")

            def _send(self, code, payload, headers=None):
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(payload)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
