"""Self-play (training/selfplay.py): the RAE arithmetic exactly, group advantages, rollouts laid out
token-in/token-out with refusals and forfeits in the returns, evaluation against built-in
opponents, warm-start demonstrations, config checks, and trainer steps whose RAE baselines are
checkpointed and restored (a resumed run makes the same next batch)."""
import json
import os
import random

import pytest

import procgym
from procgym.prompts import format_prompt
from procgym.training import ConfigError, load_config, train
from procgym.training.backends import Generation
from procgym.training.rollout import ChatRenderer
from procgym.training.selfplay import (MODEL, Deal, batch_advantages, demonstrations, eval_metrics,
                                       eval_rows, new_matches, opponent, play_matches, play_options, rae_advantages)


# --- RAE and group advantages: exact arithmetic -------------------------------------------------

def test_rae_uses_the_baseline_before_the_batch_then_folds_in_the_batch_mean():
    keys = ["g/player_0"] * 4 + ["g/player_1"] * 4
    first = [1.0, 1.0, -1.0, 1.0, -1.0, -1.0, 1.0, -1.0]
    adv, b = rae_advantages({}, keys, first, decay=0.75)
    assert adv == first  # unseen roles start at 0
    assert b == {"g/player_0": 0.125, "g/player_1": -0.125}  # 0.75 * 0 + 0.25 * (+-0.5)
    second_keys = ["g/player_0", "g/player_0", "g/player_1", "g/player_1"]
    adv, b = rae_advantages(b, second_keys, [2.0, -2.0, -2.0, 2.0], decay=0.75)
    assert adv == [1.875, -2.125, -1.875, 2.125]
    assert b == {"g/player_0": 0.09375, "g/player_1": -0.09375}  # 0.75 * 0.125 + 0.25 * 0


def test_rae_keys_are_independent_and_decay_bounds():
    before = {"a/player_0": 0.5, "b/player_0": -0.25}
    adv, after = rae_advantages(before, ["a/player_0", "c/player_1"], [1.0, 0.5], decay=0.5)
    assert adv == [0.5, 0.5]
    assert after == {"a/player_0": 0.75, "b/player_0": -0.25, "c/player_1": 0.25}  # b untouched, c new
    assert before == {"a/player_0": 0.5, "b/player_0": -0.25}  # not mutated
    assert rae_advantages({"k": 3.0}, ["k", "k"], [1.0, 2.0], decay=1.0)[1] == {"k": 3.0}
    assert rae_advantages({"k": 3.0}, ["k", "k"], [1.0, 2.0], decay=0.0)[1] == {"k": 1.5}


def test_batch_advantages_layouts():
    returns = [[[1.0, -1.0], [-1.0, 1.0]], [[2.0, -2.0], [2.0, -2.0]]]  # [deal][match][seat]
    everyone = [[[True, True]] * 2] * 2
    keys = [[["g/player_0", "g/player_1"]] * 2] * 2
    group, same = batch_advantages("group", returns, everyone, keys, {"x": 1.0}, 0.9, "none")
    assert group == [[[1.0, -1.0], [-1.0, 1.0]], [[0.0, 0.0], [0.0, 0.0]]] and same == {"x": 1.0}
    assert batch_advantages("none", returns, everyone, keys, {}, 0.9, "none")[0] == returns
    rae, b = batch_advantages("rae", returns, everyone, keys, {"g/player_0": 0.5}, 0.5, "none")
    assert rae == [[[0.5, -1.0], [-1.5, 1.0]], [[1.5, -2.0], [1.5, -2.0]]]
    assert b == {"g/player_0": 0.5 * 0.5 + 0.5 * 1.0, "g/player_1": 0.5 * -1.0}
    scaled, _ = batch_advantages("group", [[[1.0, -1.0], [-1.0, 1.0]]], everyone[:1], keys[:1], {}, 0.9, "group")
    assert scaled[0][0][0] == pytest.approx(1 / (2 ** 0.5 + 1e-4))  # (1 - 0) / (std 1.414 + eps)
    batch, _ = batch_advantages("group", returns, everyone, keys, {}, 0.9, "batch")
    assert batch[0][0][0] == pytest.approx(1 / ((20 / 7) ** 0.5 + 1e-4))  # the 8 returns: mean 0, squares sum to 20
    with pytest.raises(ValueError, match="selfplay_advantage"):
        batch_advantages("ppo", returns, everyone, keys, {}, 0.9, "none")


def test_seats_that_never_moved_stay_out_of_means_and_baselines():
    # Deal of 3 matches: in match 2 player_0 forfeited at once, so player_1 won +1 without moving.
    returns = [[[1.0, -1.0], [-1.0, 1.0], [-1.0, 1.0]]]
    acted = [[[True, True], [True, True], [True, False]]]
    keys = [[["g/player_0", "g/player_1"]] * 3]
    group, _ = batch_advantages("group", returns, acted, keys, {}, 0.9, "none")
    third = 1 / 3
    assert group[0][0][0] == pytest.approx(1 + third) and group[0][1][0] == pytest.approx(-1 + third)
    assert group[0][0][1] == -1.0 and group[0][1][1] == 1.0 and group[0][2][1] == 0.0  # mean of (-1, 1) only
    rae, b = batch_advantages("rae", returns, acted, keys, {"g/player_1": 0.5}, 0.5, "none")
    assert rae == [[[1.0, -1.5], [-1.0, 0.5], [-1.0, 0.0]]]
    assert b == {"g/player_0": 0.5 * -third, "g/player_1": 0.25}  # player_1: 0.5 * 0.5 + 0.5 * mean(-1, 1)
    assert batch_advantages("none", returns, acted, keys, {}, 0.9, "none")[0] == [[[1.0, -1.0], [-1.0, 1.0],
                                                                                   [-1.0, 0.0]]]


# --- rollouts ------------------------------------------------------------------------------------

class TextBackend:
    """Replies with fixed texts: replies[t][k] for the k-th prompt of the t-th generate call, each
    followed by the end-of-turn token; records the prompts it was given."""

    logprobs_match_trainer = True

    def __init__(self, tokenizer, eot, replies):
        self.tokenizer, self.eot, self.replies, self.prompts = tokenizer, eot, replies, []

    def generate(self, prompts, max_new_tokens, temperature=1.0, top_p=1.0, seed=0, **sampling):
        texts = self.replies[len(self.prompts)] if isinstance(self.replies, list) else [self.replies] * len(prompts)
        self.prompts.append([list(p) for p in prompts])
        assert len(texts) == len(prompts)
        out = []
        for text in texts:
            ids = self.tokenizer(text, add_special_tokens=False)["input_ids"] + [self.eot]
            out.append(Generation(ids, [-0.5] * len(ids), "stop"))
        return out

    def sync_weights(self, model):
        pass

    def sleep(self):
        pass


def count_to(seed=0, max_invalid=3, **over):
    cfg = load_config(None, selfplay_games=["count_to"], knobs=["target=11"], selfplay_max_invalid=max_invalid, **over)
    return cfg, new_matches(cfg, Deal("count_to", 1, seed), 1)[0]


def test_a_match_is_played_token_in_token_out_by_both_seats(tiny):
    _, tok = tiny
    renderer = ChatRenderer(tok)
    cfg, m = count_to(seed=4)
    total = m.state["total"]
    moves, t = [], total
    while t < 11:  # both seats add 3 until the total reaches 11
        moves.append("3")
        t += 3
    backend = TextBackend(tok, renderer.eot_id, [[f"<answer>{x}</answer>"] for x in moves])
    (row,), timing = play_matches(backend, renderer, [m], [[MODEL, MODEL]], play_options(cfg))
    # The same match replayed by hand: each seat's conversation, rendered by the chat template.
    ref = procgym.new_match("count_to", seed=4, difficulty=1, target=11)
    chats = [[], []]
    for x in moves:
        player = ref.to_move[0]
        seat = ref.seat(player)
        obs = ref.observation(player)
        chats[seat].append({"role": "user", "content": obs if chats[seat] else format_prompt(
            obs, ref.game.action_format, ref.game.example, "tag", interactive=True)})
        chats[seat].append({"role": "assistant", "content": f"<answer>{x}</answer>"})
        assert ref.act(player, x)[0]
    winner = 0 if len(moves) % 2 else 1
    for seat, e in enumerate(row):
        rendered = tok.apply_chat_template(chats[seat], tokenize=False)
        assert tok.decode(e.token_ids) == rendered.rstrip("\n")  # the template's text, token for token
        trained = tok.decode([t for t, k in zip(e.token_ids, e.loss_mask) if k])
        assert trained == "".join(f"<answer>{x}</answer><|im_end|>" for x in moves[seat::2])
        assert e.attention_mask == [1] * len(e.token_ids) and e.turns == len(moves[seat::2])
        assert e.env_reward == (1.0 if seat == winner else -1.0) and e.outcome == ("win" if seat == winner else "loss")
        assert e.game == "count_to" and e.role == ("first to move", "second to move")[seat] and e.invalid_moves == 0
    assert m.payoffs == ref.payoffs and timing["generated_tokens"] > 0


def test_refusals_are_shown_and_the_third_forfeits(tiny):
    _, tok = tiny
    renderer = ChatRenderer(tok)
    cfg, m = count_to(seed=1)
    backend = TextBackend(tok, renderer.eot_id, [["<answer>5</answer>"], ["five, I think"], ["<answer>0</answer>"]])
    (row,), _ = play_matches(backend, renderer, [m], [[MODEL, MODEL]], play_options(cfg))
    first, second = row
    assert m.forfeit == 0 and first.invalid_moves == 3 and first.forfeited and first.turns == 3
    assert (first.env_reward, second.env_reward) == (-1.0, 1.0)  # -stake, +stake: Match.payoffs
    assert second.token_ids == [] and second.turns == 0  # never asked to move
    text = tok.decode(first.token_ids)
    assert "Invalid move: Add 1, 2 or 3. That is invalid move 1 of 3" in text
    assert "Your reply marked no move: put it inside <answer></answer> tags." in text  # after "five, I think"
    assert "invalid move 2 of 3" in text and not first.format_ok
    never, _ = count_to(seed=1, max_invalid=0, selfplay_max_turns=4)
    m2 = new_matches(never, Deal("count_to", 1, 1), 1)[0]
    (row,), _ = play_matches(TextBackend(tok, renderer.eot_id, "<answer>9</answer>"), renderer, [m2],
                             [[MODEL, MODEL]], play_options(never))
    assert not m2.over and row[0].turns == 4 and row[0].unfinished and row[0].env_reward == 0.0  # cut: a draw


def test_built_in_opponents_and_demonstrations(tiny):
    _, tok = tiny
    renderer = ChatRenderer(tok)
    cfg, m = count_to(seed=1)
    replay = m.copy()
    backend = TextBackend(tok, renderer.eot_id, "<answer>3</answer>")
    (row,), _ = play_matches(backend, renderer, [m], [[MODEL, opponent("random")]], play_options(cfg))
    assert row[1] is None and all(len(p) == 1 for p in backend.prompts)  # only the model's seat is sampled
    while not replay.over:  # the model always adds 3; the opponent's moves are Match.suggest's
        player = replay.to_move[0]
        replay.act(player, "3" if player == "player_0" else replay.suggest(player, "random"))
    assert m.to_dict() == replay.to_dict()
    demos = demonstrations(cfg, renderer, ["count_to"], 6, policy="exact")
    assert len(demos) >= 6
    for ids, mask in demos:
        moves = tok.decode([t for t, k in zip(ids, mask) if k]).split("<|im_end|>")[:-1]
        assert moves and all(x in ("<answer>1</answer>", "<answer>2</answer>", "<answer>3</answer>") for x in moves)


def test_evaluation_against_builtin_opponents_matches_a_replay(tiny):
    _, tok = tiny
    renderer = ChatRenderer(tok)
    cfg = load_config(None, selfplay_games=["count_to"], knobs=["target=11"], selfplay_eval_games=5,
                      selfplay_eval_opponents=["random", "exact"], prompts_per_step=2, group_size=2)
    rows = eval_rows(cfg, TextBackend(tok, renderer.eot_id, "<answer>3</answer>"), renderer, ["count_to"])
    assert len(rows) == 2 * 2 * 5  # opponents x seats x games
    for r in rows:  # the model's seat always adds 3: the "heuristic" policy
        ref = new_matches(cfg, Deal("count_to", r["level"], r["seed"]), 1)[0]
        while not ref.over:
            player = ref.to_move[0]
            ref.act(player, ref.suggest(player, "heuristic" if ref.seat(player) == r["seat"] else r["opponent"]))
        assert r["return"] == ref.payoffs[f"player_{r['seat']}"]
    metrics = eval_metrics(rows)
    mine = [r for r in rows if r["opponent"] == "exact" and r["seat"] == 1]
    assert metrics["selfplay_eval/count_to/exact/player_1/win"] == sum(r["outcome"] == "win" for r in mine) / 5
    assert metrics["selfplay_eval/count_to/random/seats"] == 10
    assert metrics["selfplay_eval/count_to/exact/invalid_rate"] == 0.0


# --- config ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("over, message", [
    ({"selfplay_games": ["no_such_game"]}, "no multiplayer game matches"),
    ({"selfplay_games": ["count_to"], "difficulty": "curriculum"}, "fixed levels"),
    ({"selfplay_games": ["count_to"], "knobs": ["hands=2"]}, "no selected game declares hands"),
    ({"selfplay_games": ["count_to"], "selfplay_eval_opponents": ["random", "shark"]}, "has no policy 'shark'"),
    ({"selfplay_games": ["count_to"], "drop_zero_variance": True}, "not supported with self-play"),
    ({"selfplay_advantage": "ppo"}, "selfplay_advantage must be one of"),
    ({"rae_decay": 1.5}, "rae_decay must be between"),
])
def test_bad_selfplay_settings_are_refused(over, message):
    with pytest.raises(ConfigError, match=message):
        load_config(None, **over)


# --- the trainer's self-play mode --------------------------------------------------------------------

def run_config(tiny_path, out, **over):
    values = dict(model=tiny_path, output_dir=str(out), selfplay_games=["count_to"], knobs=["target=11"],
                  answer_style="raw", steps=2, prompts_per_step=2, group_size=2, micro_batch_size=8,
                  max_completion_tokens=4, learning_rate=1e-3, cpu_threads=1, device="cpu", progress=False,
                  tensorboard=False, plots=False, checkpoint_every=1, keep_checkpoints=3, selfplay_max_invalid=2)
    values.update(over)
    return load_config(None, **values)


class RandomMoves:
    """A stand-in sampler with the backend surface: each reply is a move drawn from the generate
    call's seed (sometimes an invalid one), so batches vary from step to step but are the same
    for the same seeds."""

    logprobs_match_trainer = False  # the trainer recomputes old log-probs from the model

    def __init__(self, tokenizer, eot):
        self.tokenizer, self.eot = tokenizer, eot

    def generate(self, prompts, max_new_tokens, temperature=1.0, top_p=1.0, seed=0, **sampling):
        rng = random.Random(seed)
        out = []
        for p in prompts:
            ids = self.tokenizer(rng.choice("12334"), add_special_tokens=False)["input_ids"] + [self.eot]
            out.append(Generation(ids, [0.0] * len(ids), "stop"))
        return out

    def sync_weights(self, model):
        pass

    def sleep(self):
        pass


@pytest.fixture
def random_moves(monkeypatch):
    from procgym.training import trainer

    def make(cfg, model, tokenizer, path, device, dist=None):
        return RandomMoves(tokenizer, ChatRenderer(tokenizer).eot_id)

    monkeypatch.setattr(trainer, "make_backend", make)


def state_at(run, step):
    with open(os.path.join(run, "checkpoints", f"step_{step:08d}", "state.json")) as f:
        return json.load(f)


def records(run):
    from procgym.training.metrics import read_metrics

    return {r["step"]: r for r in read_metrics(os.path.join(run, "metrics.jsonl"))}


def test_resume_restores_the_baselines_and_replays_the_next_batch(tiny_path, tmp_path, random_moves):
    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    train(run_config(tiny_path, straight, steps=3))
    train(run_config(tiny_path, resumed, steps=2))
    train(run_config(tiny_path, resumed, steps=3))  # resumes from step 2
    a, b = records(straight), records(resumed)
    baselines = [{"count_to/player_0": 0.0, "count_to/player_1": 0.0}]
    for s in (1, 2, 3):  # b <- 0.95 b + 0.05 * (the seat's mean return in step s's batch)
        saved = state_at(straight, s)["selfplay"]["baselines"]
        assert set(saved) == {"count_to/player_0", "count_to/player_1"}
        for key, value in saved.items():
            moved = a[s][f"selfplay/{key}/moved"]  # the baseline follows the seats that moved
            mean = a[s][f"selfplay/{key}/return_moved"]
            expected = 0.95 * baselines[-1][key] + 0.05 * mean if moved else baselines[-1][key]
            assert value == pytest.approx(expected)
            assert a[s][f"selfplay/{key}/baseline"] == value
        baselines.append(saved)
    assert any(v != 0 for b_ in baselines for v in b_.values())
    assert [state_at(resumed, s)["selfplay"]["baselines"] for s in (2, 3)] == baselines[2:]
    for key in ("batch_hash", "loss", "grad_norm", "advantage/mean", "advantage/std",
                "selfplay/count_to/player_0/return", "selfplay/count_to/player_0/baseline"):
        assert a[3][key] == b[3][key], key
    assert len({a[s]["batch_hash"] for s in (1, 2, 3)}) == 3


def test_two_selfplay_steps_with_the_tiny_model_and_evaluation(tiny_path, tmp_path):
    run = tmp_path / "run"
    metrics = train(run_config(tiny_path, run, selfplay_eval_every=2, selfplay_eval_games=2, checkpoint_every=0,
                               selfplay_advantage="group"))
    assert metrics["trained_tokens"] > 0 and metrics["groups/played"] == 2
    seats = metrics["selfplay/count_to/player_0/seats"] + metrics["selfplay/count_to/player_1/seats"]
    assert seats == metrics["selfplay/seats"] == 2 * 2 * 2
    assert metrics["selfplay/win"] + metrics["selfplay/draw"] + metrics["selfplay/loss"] == pytest.approx(1.0)
    assert metrics["selfplay/return"] == pytest.approx(0.0)  # zero-sum over every seat of every match
    assert "selfplay/count_to/player_0/baseline" not in metrics  # group advantages keep no baselines
    logged = records(run)
    assert sorted(logged) == [0, 1, 2] and "selfplay_eval/count_to/random/win" in logged[0]
    assert logged[2]["selfplay_eval/count_to/random/seats"] == 4
    assert state_at(run, 2)["selfplay"] == {"baselines": {}}


def test_the_demo_script_runs_in_its_quick_mode(tmp_path, capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "selfplay_demo.py"
    spec = importlib.util.spec_from_file_location("bench_selfplay_demo", path)
    demo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(demo)
    assert demo.expected_win_rate("random") == 0.5  # by symmetry, exactly
    assert demo.expected_win_rate("heuristic") == pytest.approx(329 / 540)  # always adding 3: the game tree
    assert demo.expected_win_rate("exact") == pytest.approx(31 / 36)
    assert demo.main(["--quick", "--out", str(tmp_path / "demo")]) == 0
    out = capsys.readouterr().out
    assert "warm start (random demonstrations)" in out and "self-play, rae: mean over seeds" in out
