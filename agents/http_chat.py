"""POST to an OpenAI-compatible /v1/chat/completions endpoint, with timeouts and retries.

Standard library only (urllib). Failures split in two kinds:

- transient (connection refused or reset, timeout, HTTP 408/409/429/5xx, a body that is not the
  expected JSON): retried with exponential backoff and jitter, honouring Retry-After; when the
  retries run out, ServerUnavailable is raised so that an evaluation stops and can be resumed;
- permanent (any other HTTP 4xx, e.g. a prompt longer than the context): RequestRejected, which the
  caller records as a failed turn, since asking again gives the same answer.
"""
from __future__ import annotations

import http.client
import json
import random
import socket
import time
import urllib.error
import urllib.request

RETRY_STATUS = {408, 409, 429}


class ServerUnavailable(RuntimeError):
    """The server could not give a valid answer within the retries (resumable: rerun later)."""


class RequestRejected(RuntimeError):
    """The server refused this request for good (an HTTP 4xx other than 408/409/429)."""


class Transient(Exception):
    """A failure worth retrying; carries the server's Retry-After hint, if any."""

    def __init__(self, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


def parse_completion(body: bytes) -> dict:
    """{"text", "prompt_tokens", "completion_tokens", "finish_reason"} from a chat completion body.

    Raises Transient on anything that is not a well-formed completion (a proxy's HTML error page,
    a truncated body), since a retry usually fixes those.
    """
    try:
        data = json.loads(body)
        choice = data["choices"][0]
        content = choice["message"].get("content")
        if content is not None and not isinstance(content, str):
            raise TypeError("message content is not text")
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        raise Transient(f"malformed response ({type(exc).__name__}: {str(exc)[:80]})") from None
    usage = data.get("usage") or {}
    return {"text": content or "", "prompt_tokens": int(usage.get("prompt_tokens") or 0),
            "completion_tokens": int(usage.get("completion_tokens") or 0),
            "finish_reason": choice.get("finish_reason") or "stop"}


def _retry_after(headers) -> float | None:
    try:
        return float(headers.get("Retry-After")) if headers and headers.get("Retry-After") else None
    except ValueError:
        return None


def post_once(url: str, payload: dict, headers: dict, timeout: float) -> dict:
    """One attempt. Returns the parsed completion; raises Transient or RequestRejected."""
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
    except urllib.error.HTTPError as exc:
        detail = exc.read()[:300].decode("utf-8", "replace")
        if exc.code in RETRY_STATUS or exc.code >= 500:
            raise Transient(f"HTTP {exc.code}: {detail}", _retry_after(exc.headers)) from None
        raise RequestRejected(f"HTTP {exc.code}: {detail}") from None
    except (urllib.error.URLError, http.client.HTTPException, ConnectionError, socket.timeout, TimeoutError,
            OSError) as exc:
        raise Transient(f"{type(exc).__name__}: {exc}") from None
    return parse_completion(body)


def post_with_retries(url: str, payload: dict, headers: dict | None = None, timeout: float = 120.0,
                      retries: int = 5, backoff: float = 1.0, max_backoff: float = 60.0,
                      sleep=time.sleep, rng: random.Random | None = None) -> dict:
    """post_once, retried up to `retries` times after transient failures. The n-th wait is
    backoff * 2**n (at most max_backoff) with full jitter, or the server's Retry-After."""
    rng = rng or random.Random()
    last = None
    for attempt in range(retries + 1):
        try:
            return post_once(url, payload, headers or {}, timeout)
        except Transient as exc:
            last = exc
            if attempt == retries:
                break
            wait = min(max_backoff, backoff * 2**attempt)
            wait = exc.retry_after if exc.retry_after is not None else rng.uniform(wait / 2, wait)
            sleep(min(wait, max_backoff))
    raise ServerUnavailable(f"{url}: no valid answer after {retries + 1} attempt(s); last error: {last}")
