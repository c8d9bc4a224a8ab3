"""Shared helpers for the per-task tests: wrap a bare answer in the tag style and verify it.

    from answer_helpers import feedback, ok, tag
    assert ok(problem, "42") and not ok(problem, "41")
"""
import procgym


def tag(text: str) -> str:
    """`text` marked as the final answer in the default (tag) style."""
    return f"<answer>{text}</answer>"


def ok(problem, text: str) -> bool:
    """Whether the verifier accepts `text` as the answer to `problem`."""
    return procgym.verify(problem, tag(text)).correct


def feedback(problem, text: str) -> str:
    """The verifier's feedback on `text` as the answer to `problem`."""
    return procgym.verify(problem, tag(text)).feedback
