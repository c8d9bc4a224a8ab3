"""The problem record: everything needed to show a problem and to verify an answer to it."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields

ANSWER_STYLES = ("tag", "boxed", "raw")


@dataclass
class Problem:
    """A generated problem. JSON-serialisable; verifying needs this record alone.

    `check` holds whatever the verifier needs beyond `answer` (a graph, the given numbers, ...).
    `answer_style` says how the final answer is marked in a response: "tag" (<answer>...</answer>),
    "boxed" (\\boxed{...}) or "raw" (the whole response is the answer).
    """

    task: str
    seed: int
    difficulty: int | None
    params: dict
    prompt: str
    answer: str
    check: dict = field(default_factory=dict)
    answer_style: str = "tag"

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, record: dict) -> "Problem":
        """Build from a record; keys that are not Problem fields (an id, a response) are ignored."""
        if not isinstance(record, dict):
            raise TypeError(f"a problem record must be a dict, got {type(record).__name__}")
        names = {f.name for f in fields(cls)}
        missing = sorted(n for n in ("task", "seed", "prompt", "answer") if n not in record)
        if missing:
            raise ValueError(f"problem record is missing {missing}")
        return cls(**{k: v for k, v in record.items() if k in names})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)
