"""The typed tools of the single-agent views of goofspiel, blotto, sealed_bid_auction, battleship,
mastermind, hex and negotiation: a call with typed arguments plays the game's own move text (the
same step as the text), and a mistyped argument is refused with the reason and costs a turn."""
import pytest

import procgym


def first_move_call(name: str, move: str) -> dict:
    """The typed call that writes `move` (the first line of a reference answer)."""
    if name == "multiplayer/goofspiel":
        return {"name": "bid", "arguments": {"card": int(move)}}
    if name == "multiplayer/blotto":
        return {"name": "allocate", "arguments": {"troops": [int(x) for x in move.split()]}}
    if name == "multiplayer/sealed_bid_auction":
        return {"name": "bid", "arguments": {"amount": int(move)}}
    if name == "multiplayer/battleship":
        return {"name": "fire", "arguments": {"cell": move}}
    if name == "multiplayer/mastermind":
        return {"name": "code", "arguments": {"code": move}}
    if name == "multiplayer/hex":
        return {"name": "place", "arguments": {"cell": move}}
    if move == "accept":
        return {"name": "accept", "arguments": {}}
    return {"name": "claim", "arguments": {"keep": [int(x) for x in move.split()[1:]]}}


MISTYPED = [("multiplayer/goofspiel", {"name": "bid", "arguments": {"card": "3"}}, "must be an integer"),
            ("multiplayer/blotto", {"name": "allocate", "arguments": {"troops": "3 2 1"}}, "must be an array of integers"),
            ("multiplayer/sealed_bid_auction", {"name": "bid", "arguments": {"amount": 2.5}}, "must be an integer"),
            ("multiplayer/battleship", {"name": "fire", "arguments": {"cell": "b3", "row": 3}}, "Unknown argument 'row'"),
            ("multiplayer/mastermind", {"name": "code", "arguments": {}}, "Missing argument 'code'"),
            ("multiplayer/hex", {"name": "place", "arguments": {"cell": 12}}, "must be a string"),
            ("multiplayer/negotiation", {"name": "claim", "arguments": {"keep": [1, "x"]}}, "must be an array of integers")]


@pytest.mark.parametrize("name", [case[0] for case in MISTYPED])
def test_a_typed_call_plays_the_text_move(name):
    by_text, by_tool = procgym.make(name, difficulty=4), procgym.make(name, difficulty=4)
    by_text.reset(seed=3)
    by_tool.reset(seed=3)
    move = by_text.problem.answer.split("\n")[0]
    assert by_tool.step(first_move_call(name, move))[:4] == by_text.step(f"<answer>{move}</answer>")[:4]
    assert by_tool.state == by_text.state


@pytest.mark.parametrize("name, call, reason", MISTYPED)
def test_a_mistyped_call_is_refused_and_costs_a_turn(name, call, reason):
    env = procgym.make(name, difficulty=4)
    env.reset(seed=3)
    obs, reward, done, truncated, _ = env.step(call)
    assert reason in obs and reward == 0.0 and not done and env.state["turn"] == 1
