"""The shared answer extractor: finds the final answer a response marks.

Every scan here is linear in the text length, so megabytes of hostile text stay cheap.
"""
from __future__ import annotations

MAX_ANSWER_CHARS = 20_000  # characters of the extracted answer
# characters of a whole response, checked before extraction: a million characters is far beyond
# any real reasoning trace (hundreds of thousands of tokens), and refusing more keeps even the
# linear scans below from running over hostile megabytes
MAX_RESPONSE_CHARS = 1_000_000

OPEN, CLOSE = "<answer>", "</answer>"


def last_tagged(text: str) -> str | None:
    """The content of the last <answer>...</answer> pair (case-insensitive), or None."""
    lower = text.lower()
    end = lower.rfind(CLOSE)
    if end < 0:
        return None
    start = lower.rfind(OPEN, 0, end)
    if start < 0:
        return None
    return text[start + len(OPEN):end]


def last_boxed(text: str) -> str | None:
    """The content of the last \\boxed{...} (or \\fbox{...}), braces balanced, or None."""
    start = max(text.rfind("\\boxed{"), text.rfind("\\fbox{"))
    if start < 0:
        return None
    i = text.index("{", start) + 1
    depth, j = 1, i
    while j < len(text):
        c = text[j]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[i:j]
        j += 1
    return None


def extract_answer(text: str, style: str = "tag") -> str | None:
    """The marked final answer in `text`, stripped, or None when no answer is marked.

    style "tag": the last <answer>...</answer>; a \\boxed{} answer is accepted when no tag is present.
    style "boxed": the last \\boxed{...}; an <answer> tag is accepted when no box is present.
    style "raw": the whole text.
    """
    if not isinstance(text, str):
        return None
    if style == "raw":
        found = text
    elif style == "boxed":
        found = last_boxed(text)
        found = last_tagged(text) if found is None else found
    else:
        found = last_tagged(text)
        found = last_boxed(text) if found is None else found
    return None if found is None else found.strip()


def marker_name(style: str) -> str:
    return {"tag": "<answer></answer> tags", "boxed": "\\boxed{}", "raw": "your reply"}.get(style, style)


def mark_answer(answer: str, style: str = "tag") -> str:
    """`answer` marked the way `style` reads it back: mark_answer("4") == "<answer>4</answer>"."""
    if style == "raw":
        return answer
    return f"\\boxed{{{answer}}}" if style == "boxed" else f"{OPEN}{answer}{CLOSE}"
