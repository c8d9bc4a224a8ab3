"""Chat rendering: an episode's history as messages for a chat template."""
from __future__ import annotations


def to_messages(history: list[dict], system: str | None = None) -> list[dict]:
    """`[{"role": "system"|"user"|"assistant", "content": str}, ...]` for `apply_chat_template`.

    Consecutive messages of the same role are merged, since most chat templates require
    alternating roles.
    """
    messages = [{"role": "system", "content": system}] if system else []
    for message in history:
        if messages and messages[-1]["role"] == message["role"]:
            messages[-1] = {"role": message["role"], "content": messages[-1]["content"] + "\n\n" + message["content"]}
        else:
            messages.append({"role": message["role"], "content": message["content"]})
    return messages
