"""Comparing two long versions of a config file: which settings changed value."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_set, read_token

from ._haystack import below, budget, density_knob, tokens_knob

SECTIONS = ("server", "database", "cache", "queue", "auth", "logging", "metrics", "storage", "search", "mailer",
            "billing", "scheduler", "gateway", "worker", "cdn", "backup")
REGIONS = ("eu_west", "eu_north", "us_east", "us_west", "ap_south", "ap_east", "sa_east", "af_south", "me_central",
           "ca_central")
SETTINGS = ("timeout_ms", "retries", "pool_size", "max_connections", "ttl_seconds", "batch_size", "port", "enabled",
            "log_level", "replicas", "buffer_kb", "interval_s", "threshold", "max_idle", "min_idle", "weight",
            "max_retries", "timeout_s")
LOG_LEVELS = ("debug", "info", "warn", "error")
LINE_CHARS = 34  # the mean length of one setting line with its line break


def value_for(rng, setting: str):
    if setting == "enabled":
        return ("true", "false")[below(rng, 2)]
    if setting == "log_level":
        return LOG_LEVELS[below(rng, 4)]
    if setting == "port":
        return str(1024 + below(rng, 9000))
    return str(1 + below(rng, 500))


def changed(old: dict, new: dict) -> list[str]:
    """The keys whose value differs between the two files, sorted."""
    return sorted(k for k in old if old[k] != new[k])


def read_key(text: str) -> str:
    """One key, bare or in backticks or quotes as it is written in code (`cache.eu_west.port`)."""
    s = read_token(text, r"`[A-Za-z0-9_.]+`|'[A-Za-z0-9_.]+'|\"[A-Za-z0-9_.]+\"|[A-Za-z0-9_.]+", "a setting key")
    return s.strip("`'\"").lower()


@register
class VersionDiff(Task):
    """Two long versions of a config file set the same keys (section.region.setting = value); in
    the new version each block's lines come in another order and commented-out lines propose
    other values. Name every key whose value changed. Near misses are the comments, which set
    nothing, often for the very keys that changed or their neighbours. Levels grow the files from
    about 1,000 tokens (both together) to 32,000 at level 10 (46,000 at 20), the changed keys from
    1 to 6 (11 at 20) and the share of comments.

    Generation: about 1,200 problems/s at level 5 and 300 at level 10 on one shared core. A level-5 prompt
    is about 28,000 characters, some 820 config lines each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/version_diff"
    knobs = (
        tokens_knob(),
        Knob("changes", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (1, 30),
             doc="keys whose value changed"),
        density_knob("comment lines in the new file, in percent of its settings (near misses)"),
    )
    answer_format = "the changed keys, separated by commas, in any order"
    example = "example.key.name"  # no section is called example

    def build(self, rng, params):
        share = params["distractor_pct"] / 100
        n_keys = max(params["changes"] + 3, min(len(SECTIONS) * len(REGIONS) * len(SETTINGS),
                                                int(budget(params) / (LINE_CHARS * (2 + 1.3 * share)))))
        # whole blocks of about a dozen settings each, so the reordering inside a block matters
        n_blocks = min(len(SECTIONS) * len(REGIONS), max(1, -(-n_keys // 12)))
        chosen = sorted(rng.sample(range(len(SECTIONS) * len(REGIONS)), n_blocks))
        ids = sorted(rng.sample([b * len(SETTINGS) + s for b in chosen for s in range(len(SETTINGS))], n_keys))
        keys = [f"{SECTIONS[i // (len(REGIONS) * len(SETTINGS))]}.{REGIONS[i // len(SETTINGS) % len(REGIONS)]}."
                f"{SETTINGS[i % len(SETTINGS)]}" for i in ids]
        old = {k: value_for(rng, k.rsplit(".", 1)[1]) for k in keys}
        new = dict(old)
        moved = rng.sample(keys, min(params["changes"], n_keys))
        for k in moved:
            for _ in range(8):  # bounded: a redraw from two values or more differs soon
                v = value_for(rng, k.rsplit(".", 1)[1])
                if v != old[k]:
                    new[k] = v
                    break
        if all(new[k] == old[k] for k in moved):  # never: "enabled" has two values, eight tries
            new[moved[0]] = "true" if old[moved[0]] == "false" else "false"
        # the new file: blocks (section.region) in the same order, lines within a block shuffled,
        # comments proposing other values mixed in, half of those in a block with a change about the
        # changed key or its neighbours
        blocks: dict = {}
        for k in keys:
            blocks.setdefault(k.rsplit(".", 1)[0], []).append(k)
        near = set()
        for k in moved:
            block = blocks[k.rsplit(".", 1)[0]]
            near.update(block[max(0, block.index(k) - 1):block.index(k) + 2])
        old_lines, new_lines = [], []
        for name, block in blocks.items():
            old_lines.append(f"[{name}]")
            old_lines += [f"{k} = {old[k]}" for k in block]
            lines = [f"{k} = {new[k]}" for k in block]
            close = [k for k in block if k in near]
            for _ in range(sum(rng.random() < share for _ in block)):
                k = close[below(rng, len(close))] if close and rng.random() < 0.5 else block[below(rng, len(block))]
                v = value_for(rng, k.rsplit(".", 1)[1])
                lines.append(f"# {k} = {v}" if v != new[k] else f"# {k} = {old[k]}")
            rng.shuffle(lines)
            new_lines.append(f"[{name}]")
            new_lines += lines
        answer = changed(old, new)  # the reference solution: the two files compared key by key
        question = ("Two versions of a config file follow. Lines starting with # are comments and set nothing. "
                    "Both versions set exactly the same keys; within a block the new version lists them in "
                    "another order.\n\nOLD VERSION\n" + "\n".join(old_lines) + "\n\nNEW VERSION\n" +
                    "\n".join(new_lines) + "\n\nWhich keys have a different value in the new version? Give each "
                    "full key (section.region.setting).")
        return Draft(question, ", ".join(answer), {"keys": answer, "settings": n_keys})

    def grade(self, answer, problem):
        return grade_set(answer, problem.check["keys"], read_key, "the set of changed keys", allow_none=False)

    def effort(self, problem):
        # each key is looked up in the other file and compared; each change is collected
        return 2 * problem.check["settings"] + len(problem.check["keys"])
