"""An agent backed by any OpenAI-compatible chat server (/v1/chat/completions): OpenAI, vLLM's
`vllm serve`, SGLang, llama.cpp's server, Ollama, TGI...

    agent = OpenAIChatAgent("Qwen/Qwen2.5-7B-Instruct", base_url="http://localhost:8000/v1",
                            max_tokens=2048, concurrency=16, cache_dir="~/.cache/procgym/chat")

Requests go through agents.http_chat (timeouts, retries with backoff). Every response is stored in
an on-disk cache keyed by the full request, which includes a per-turn seed, so rerunning an
evaluation, or resuming one, sends no request that was already answered. `concurrency` is how
many episodes the evaluator plays at once; the agent itself is thread-safe.
"""
from __future__ import annotations

import os
import threading

from .base import Reply
from .http_chat import RequestRejected, post_with_retries
from .llm import Sampling, episode_messages, turn_seed
from .response_cache import ResponseCache


class OpenAIChatAgent:
    name = "openai"

    def __init__(self, model: str, base_url: str = "http://localhost:8000/v1", api_key: str | None = None,
                 max_tokens: int = 1024, temperature: float = 0.0, top_p: float = 1.0, system: str | None = None,
                 seed: int = 0, timeout: float = 120.0, retries: int = 5, backoff: float = 1.0,
                 max_backoff: float = 60.0, concurrency: int = 8, cache_dir: str | None = None,
                 send_seed: bool = True):
        if not model:
            raise ValueError("the openai agent needs a model name (--model)")
        if not isinstance(concurrency, int) or concurrency < 1:
            raise ValueError(f"concurrency must be a positive integer, got {concurrency!r}")
        if timeout <= 0 or retries < 0 or backoff < 0:
            raise ValueError(f"timeout must be > 0 and retries, backoff >= 0; got {timeout}, {retries}, {backoff}")
        self.model = model
        self.url = base_url.rstrip("/") + "/chat/completions"
        # The key is read from the environment, never stored in settings or result files.
        self._api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        self.sampling = Sampling(max_tokens, temperature, top_p, system, seed)
        self.timeout, self.retries, self.backoff, self.max_backoff = timeout, retries, backoff, max_backoff
        self.concurrency = concurrency
        self.send_seed = send_seed
        self.cache = ResponseCache(os.path.expanduser(cache_dir)) if cache_dir else None
        self._lock = threading.Lock()
        self.requests = 0  # answered by the server
        self.cache_hits = 0  # answered from the cache

    def settings(self) -> dict:
        """What shapes the answers (stored in result files; no secrets)."""
        return {**self.sampling.to_dict(), "send_seed": self.send_seed}

    @property
    def endpoint(self) -> str:
        """The server's base URL (recorded in result files, but not part of a run's identity: a
        resumed run may reach the same model at another address)."""
        return self.url.removesuffix("/chat/completions")

    def payload(self, history: list[dict], info: dict) -> dict:
        """The request body for the model's next turn."""
        body = {"model": self.model, "messages": episode_messages(history, self.sampling),
                "max_tokens": self.sampling.max_tokens, "temperature": self.sampling.temperature,
                "top_p": self.sampling.top_p}
        if self.send_seed:  # distinct samples of one problem must be distinct requests
            body["seed"] = turn_seed(self.sampling, info, history)
        return body

    def reply(self, history: list[dict], info: dict) -> Reply:
        body = self.payload(history, info)
        key = {"url": self.url, **body}  # the same prompt on another server is another answer
        cached = self.cache.get(key) if self.cache else None
        if cached is not None:
            with self._lock:
                self.cache_hits += 1
            return Reply(**cached)
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        try:
            result = post_with_retries(self.url, body, headers, self.timeout, self.retries, self.backoff,
                                       self.max_backoff)
        except RequestRejected as exc:
            # Permanent: not cached, so a fixed server or a larger context gets a fresh try.
            return Reply(f"[request rejected: {exc}]", 0, 0, "rejected")
        with self._lock:
            self.requests += 1
        reply = Reply(result["text"], result["prompt_tokens"], result["completion_tokens"],
                      "length" if result["finish_reason"] == "length" else "stop")
        if self.cache:
            self.cache.put(key, reply._asdict())
        return reply

    def act(self, history: list[dict], info: dict) -> str:
        return self.reply(history, info).text
