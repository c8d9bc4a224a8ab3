"""The shared prompt formatter: a task's question plus how to state and mark the answer."""
from __future__ import annotations

INSTRUCTIONS = {
    "tag": "Put your final answer inside <answer></answer> tags, for example <answer>{example}</answer>.",
    "boxed": "Put your final answer inside \\boxed{{}}, for example \\boxed{{{example}}}.",
    "raw": "Reply with the answer only, for example {example}.",
}
ACTION_INSTRUCTIONS = {
    "tag": "Each turn, put your action inside <answer></answer> tags, for example <answer>{example}</answer>.",
    "boxed": "Each turn, put your action inside \\boxed{{}}, for example \\boxed{{{example}}}.",
    "raw": "Each turn, reply with your action only, for example {example}.",
}


def format_prompt(question: str, answer_format: str, example: str, style: str = "tag",
                  interactive: bool = False) -> str:
    """The full prompt: question, the exact answer format, and how to mark the answer.

    >>> format_prompt("What is 2+3?", "an integer", "42")
    'What is 2+3?\\n\\nAnswer format: an integer.\\nPut your final answer inside <answer></answer> tags, for example <answer>42</answer>.'
    """
    table = ACTION_INSTRUCTIONS if interactive else INSTRUCTIONS
    if style not in table:
        raise ValueError(f"answer_style must be one of {sorted(table)}, got {style!r}")
    label = "Action format" if interactive else "Answer format"
    fmt = answer_format.rstrip(".")
    return f"{question.rstrip()}\n\n{label}: {fmt}.\n{table[style].format(example=example)}"
