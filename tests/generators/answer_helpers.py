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


def example_never_pays(name: str, seeds=range(40)) -> None:
    """The prompt's example is never correct for its own problem and never tells the answer away
    (the contract's two example checks, over more seeds)."""
    from procgym.contract import check_example_does_not_leak, check_example_not_correct

    check_example_not_correct(name, seeds=seeds)
    check_example_does_not_leak(name, seeds=seeds)


# long runs of spaces before a suffix, a separator or a clause: a pattern must not rescan them
CRAFTED_TEXTS = ["x = 1" + " " * 19000 + "y", "1" + " \t" * 9000 + "/", "1" + " " * 19000 + "and 2",
                 "5" + " " * 19000 + "deg", "5" + " " * 19000 + "cm x", "5" + " " * 19000 + "mod 7",
                 "x = 1" + " " * 19000 + "where t is an integer", "5 " + "\u2248 " * 5000, "x = 1, " * 2000,
                 "(" * 100 + " " * 15000]


def stays_bounded_on_crafted_text(name: str) -> None:
    """A hang guard (not a speed test): every crafted text is refused within a second."""
    import time

    for level in (2, 8):
        p = procgym.generate(name, seed=0, difficulty=level)
        for text in CRAFTED_TEXTS:
            start = time.perf_counter()
            assert not ok(p, text)
            assert time.perf_counter() - start < 1.0, text[:30]


# the winning last action of an interactive task, hedged, negated or joined with a second candidate
HEDGED_ACTIONS = ["{} I think", "not {}", "x != {}", "{} or maybe not", "{}?", "{} (not sure)", "maybe {}",
                  "{} or {}", "I guess {}"]


def before_last(task, p):
    """The state just before the reference answer's last action, and that action."""
    actions = p.answer.splitlines()
    state = task.initial_state(p)
    for action in actions[:-1]:
        state, _, _, done = task.step(p, state, action)
        assert not done
    return state, actions[-1]


def play(p, actions):
    """Step an interactive problem through `actions` from its start: ([(observation, reward, done)],
    the state after the last action taken); it stops at the end of the episode."""
    task = procgym.get(p.task)
    state, out = task.initial_state(p), []
    for action in actions:
        state, observation, reward, done = task.step(p, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state
