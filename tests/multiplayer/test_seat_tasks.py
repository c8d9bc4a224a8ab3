"""The single-agent views (multiplayer/<game>): one seat against a seeded built-in opponent, from
matches the agent can win; the reference line wins, the opponent replays identically, the example
move never wins and an invalid move costs a turn."""
import pytest

import procgym
from procgym.kit.multiplayer import Match, player_name

TASKS = procgym.tasks("multiplayer/*")


def test_every_game_has_a_single_agent_view():
    assert {f"multiplayer/{g}" for g in procgym.games()} <= set(TASKS)


@pytest.mark.parametrize("name", TASKS)
def test_the_reference_line_wins_and_the_opponent_replays_identically(name):
    task = procgym.get(name)
    p = task.generate(seed=4, difficulty=6)
    lines = p.answer.split("\n")

    def episode():
        state, observations = task.initial_state(p), []
        for action in lines:
            state, obs, reward, done = task.step(p, state, action)
            observations.append(obs)
        return state, observations, reward, done

    state, observations, reward, done = episode()
    assert done and reward == 1.0 and "You win the match" in observations[-1]
    assert episode()[1] == observations  # the seeded opponent answers the same way every time
    m = Match.from_dict(state["match"], task.game)
    assert m.over and m.payoffs[player_name(p.check["seat"])] > 0


@pytest.mark.parametrize("name", TASKS)
def test_the_highest_level_is_won_by_the_reference_line(name):
    """Levels past 10 (bigger boards and hands, more rounds, no spare turns) still generate a match
    the reference line wins; a view that stops before 20 says why."""
    task = procgym.get(name)
    assert task.max_level == 20 or task.cap_reason
    p = task.generate(seed=1, difficulty=task.max_level)
    state, reward, done = task.initial_state(p), 0.0, False
    for action in p.answer.split("\n"):
        state, _, reward, done = task.step(p, state, action)
    assert done and reward == 1.0
    assert task.effort(p) > task.effort(task.generate(seed=1, difficulty=1))


@pytest.mark.parametrize("name", TASKS)
def test_the_example_move_is_refused_and_costs_a_turn(name):
    task = procgym.get(name)
    p = task.generate(seed=2, difficulty=3)
    state = task.initial_state(p)
    new, obs, reward, done = task.step(p, state, task.example)
    assert obs.startswith("Invalid move: ") and reward == 0.0 and not done
    assert new["turn"] == 1 and new["match"] == state["match"]
    assert f"Turns left: {p.check['turn_limit'] - 1}." in obs


def test_the_prompt_shows_only_the_agents_own_card():
    task = procgym.get("multiplayer/kuhn_poker")
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=3)
        seat = p.check["seat"]
        cards = p.check["match"]["state"]["deals"][0]
        mine, theirs = "JQK"[cards[seat]], "JQK"[cards[1 - seat]]
        assert f"Your card: {mine}." in p.prompt and f"Your card: {theirs}." not in p.prompt


def test_a_lost_match_is_not_a_win():
    task = procgym.get("multiplayer/tic_tac_toe")
    p = task.generate(seed=0, difficulty=7)  # a perfect opponent: any slip loses or draws
    state = task.initial_state(p)
    done = False
    while not done:
        m = Match.from_dict(state["match"], task.game)
        right = task.plan(p, state)
        wrong = next(t for t in m.legal_actions(p.check["seat"]) if t != right)
        state, obs, reward, done = task.step(p, state, wrong)
    assert reward == 0.0 and ("not a win" in obs or "Out of turns" in obs)
