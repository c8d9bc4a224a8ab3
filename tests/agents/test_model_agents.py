"""The oracle, random, transformers and vLLM agents behind the one protocol."""
import json
from types import SimpleNamespace

import pytest

import procgym
from procgym.agents import OracleAgent, RandomAgent, Reply, make_agent, play_episode, respond
from procgym.agents.vllm_agent import VLLMAgent
from procgym.envs import make


def first_turn(problem, sample=0):
    return [{"role": "user", "content": problem["prompt"]}], {"problem": problem, "sample": sample}


def test_oracle_solves_single_answer_and_interactive(problems):
    for p in problems:
        env = make(p["task"], difficulty=p["difficulty"])
        assert play_episode(env, OracleAgent(), options={"problem": p})["solved"], p["task"]


def test_random_agent_is_well_formed_and_order_independent(problems):
    a, b = RandomAgent(seed=3), RandomAgent(seed=3)
    forward = [a.act(*first_turn(p)) for p in problems]
    backward = [b.act(*first_turn(p)) for p in reversed(problems)][::-1]
    assert forward == backward  # the answer depends on the problem, not on what was asked before
    assert all(t.startswith("<answer>") and t.endswith("</answer>") for t in forward)
    # A chance-level baseline, not an oracle in disguise: it misses most single-answer problems.
    single = [p for p in problems if not procgym.get(p["task"]).interactive]
    assert sum(procgym.verify(p, t).correct for p, t in zip(problems, forward) if p in single) < len(single)


def test_respond_wraps_act_agents(problems):
    reply = respond(OracleAgent(), *first_turn(problems[0]))
    assert isinstance(reply, Reply) and reply.prompt_tokens == 0 and reply.finish_reason == "stop"
    assert procgym.verify(problems[0], reply.text).correct


# ------------------------------------------------------------------------------ transformers

@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import torch

    torch.set_num_threads(1)
    from procgym.training.tiny import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "model", seed=0, hidden=32, layers=1)


def test_transformers_agent_loads_a_folder_and_replies(tiny_model, problems):
    agent = make_agent("transformers", tiny_model, max_tokens=6, batch_size=2)
    histories, infos = zip(*(first_turn(p) for p in problems[:3]))
    replies = agent.reply_batch(list(histories), list(infos))
    assert len(replies) == 3
    for reply, history in zip(replies, histories):
        assert isinstance(reply.text, str) and 1 <= reply.completion_tokens <= 6
        assert reply.prompt_tokens == len(agent.encode(history)) > len(history[0]["content"])
        assert reply.finish_reason in ("stop", "length")
    # Greedy decoding is deterministic, and act() is reply().text.
    assert agent.reply(histories[0], infos[0]) == agent.reply(histories[0], infos[0])
    assert agent.act(histories[0], infos[0]) == agent.reply(histories[0], infos[0]).text
    assert agent.settings()["max_tokens"] == 6 and agent.model_name == tiny_model


def test_transformers_agent_reports_context_overflow(tiny_model, problems):
    from procgym.agents import TransformersAgent

    agent = TransformersAgent(tiny_model, max_tokens=4)
    agent.context = len(agent.encode(first_turn(problems[0])[0])) + 3  # the prompt fits, the reply would not
    [reply] = agent.reply_batch([first_turn(problems[0])[0]], [first_turn(problems[0])[1]])
    assert reply.finish_reason == "context" and reply.text == "" and reply.completion_tokens == 0


def test_transformers_agent_samples_with_temperature(tiny_model, problems):
    agent = make_agent("transformers", tiny_model, max_tokens=12, temperature=1.0)
    history, info = first_turn(problems[0])
    assert agent.reply(history, info) == agent.reply(history, info)  # seeded per problem, sample and turn
    texts = {agent.reply(history, {**info, "sample": s}).text for s in range(4)}
    assert len(texts) > 1


# ------------------------------------------------------------------------------ vLLM (stand-in)

class CharTokenizer:
    """Stands in for the engine's tokenizer: the chat template is the messages' JSON."""

    def apply_chat_template(self, messages, tokenize=False, add_generation_prompt=True):
        assert not tokenize and add_generation_prompt
        return json.dumps(messages)

    def __call__(self, text, add_special_tokens=False):
        return {"input_ids": [ord(c) for c in text]}


class FakeLLM:
    """The call surface VLLMAgent uses: get_tokenizer() and generate(requests, params, use_tqdm)."""

    def __init__(self, problems):
        self.by_prompt = {p["prompt"]: p for p in problems}
        self.calls = []

    def get_tokenizer(self):
        return CharTokenizer()

    def generate(self, requests, params, use_tqdm=True):
        self.calls.append((requests, params))
        outputs = []
        for request, param in zip(requests, params):
            messages = json.loads("".join(chr(i) for i in request["prompt_token_ids"]))
            history = [m for m in messages if m["role"] != "system"]
            text = OracleAgent().act(history, {"problem": self.by_prompt[history[0]["content"]]})
            finish = "length" if len(text) > param.max_tokens else "stop"
            text = text[:param.max_tokens]
            outputs.append(SimpleNamespace(prompt_token_ids=request["prompt_token_ids"], outputs=[
                SimpleNamespace(text=text, token_ids=list(range(len(text))), finish_reason=finish)]))
        return outputs


def sampling_params(**kw):
    return SimpleNamespace(**kw)


def test_vllm_agent_batches_and_seeds_each_request(problems):
    llm = FakeLLM(problems)
    agent = VLLMAgent("fake/model", llm=llm, sampling_params=sampling_params, max_tokens=200, batch_size=4,
                      max_model_len=100_000, temperature=0.7)
    histories, infos = zip(*(first_turn(p) for p in problems))
    replies = agent.reply_batch(list(histories), list(infos))
    oracle = [OracleAgent().act(*first_turn(p)) for p in problems]
    assert [r.text for r in replies] == oracle  # each reply answers its own prompt
    assert [len(req) for req, _ in llm.calls] == [4, 2]  # split by batch_size
    params = [p for _, ps in llm.calls for p in ps]
    assert len({p.seed for p in params}) == len(problems) and {p.temperature for p in params} == {0.7}
    assert all(r.prompt_tokens > 0 and r.completion_tokens == len(r.text) for r in replies)


def test_vllm_agent_length_and_context(problems):
    llm = FakeLLM(problems)
    short = VLLMAgent("fake/model", llm=llm, sampling_params=sampling_params, max_tokens=5, max_model_len=100_000)
    assert short.reply(*first_turn(problems[0])).finish_reason == "length"
    tight = VLLMAgent("fake/model", llm=llm, sampling_params=sampling_params, max_tokens=5, max_model_len=50)
    calls = len(llm.calls)
    reply = tight.reply(*first_turn(problems[0]))
    assert reply.finish_reason == "context" and len(llm.calls) == calls  # nothing was generated


def test_vllm_agent_needs_the_extra_without_an_injected_engine():
    try:
        import vllm  # noqa: F401
    except ImportError:
        with pytest.raises(ValueError, match="vllm extra"):
            make_agent("vllm", "some/model")
