"""The OpenAI-compatible chat agent against a real HTTP server on loopback: replies, token counts,
the response cache, and the failure modes (5xx, 429, malformed JSON, timeouts, dropped
connections, permanent 4xx, a server that is gone)."""
import pytest
from chat_server import ChatServer, oracle_responder

import procgym
from procgym.agents import OpenAIChatAgent, make_agent
from procgym.agents.http_chat import ServerUnavailable


def first_turn(problem):
    return [{"role": "user", "content": problem["prompt"]}], {"problem": problem, "sample": 0}


def agent_for(server, tmp_path=None, **kw):
    options = dict(timeout=5.0, retries=3, backoff=0.001, max_backoff=0.01, concurrency=1)
    options.update(kw)
    return OpenAIChatAgent("test-model", base_url=server.url,
                           cache_dir=str(tmp_path / "cache") if tmp_path else None, **options)


def test_reply_text_tokens_and_request(problems):
    with ChatServer(oracle_responder(problems)) as server:
        agent = agent_for(server, system="Be brief.", max_tokens=77, temperature=0.5)
        history, info = first_turn(problems[0])
        reply = agent.reply(history, info)
    assert procgym.verify(problems[0], reply.text).correct
    assert reply.finish_reason == "stop"
    assert reply.completion_tokens == len(reply.text)
    assert reply.prompt_tokens == len("Be brief.") + len(problems[0]["prompt"])
    [body] = server.bodies
    assert body["model"] == "test-model" and body["max_tokens"] == 77 and body["temperature"] == 0.5
    assert body["messages"][0] == {"role": "system", "content": "Be brief."}
    assert isinstance(body["seed"], int)


def test_samples_and_turns_get_distinct_seeds(problems):
    with ChatServer(oracle_responder(problems)) as server:
        agent = agent_for(server)
        history, info = first_turn(problems[0])
        agent.reply(history, info)
        agent.reply(history, {**info, "sample": 1})
        agent.reply(history, info)
    seeds = [b["seed"] for b in server.bodies]
    assert seeds[0] != seeds[1] and seeds[0] == seeds[2]


def test_cache_makes_a_rerun_free(problems, tmp_path):
    with ChatServer(oracle_responder(problems)) as server:
        first = agent_for(server, tmp_path)
        texts = [first.reply(*first_turn(p)).text for p in problems]
        assert (first.requests, first.cache_hits) == (len(problems), 0)
        again = agent_for(server, tmp_path)  # a new process would build a new agent
        assert [again.reply(*first_turn(p)).text for p in problems] == texts
        assert (again.requests, again.cache_hits) == (0, len(problems))
    assert len(server.bodies) == len(problems)


@pytest.mark.parametrize("failures", [["500"], ["503", "503"], ["429"], ["bad_json"], ["no_choices"], ["drop"],
                                      ["500", "bad_json", "429"]])
def test_transient_failures_are_retried(problems, failures):
    with ChatServer(oracle_responder(problems), script=failures) as server:
        reply = agent_for(server).reply(*first_turn(problems[1]))
    assert procgym.verify(problems[1], reply.text).correct
    assert len(server.bodies) == len(failures) + 1


def test_timeout_is_retried_then_gives_up(problems):
    with ChatServer(oracle_responder(problems), script=["slow"], slow_seconds=1.0) as server:
        reply = agent_for(server, timeout=0.2).reply(*first_turn(problems[0]))
        assert procgym.verify(problems[0], reply.text).correct
        assert len(server.bodies) == 2
    with ChatServer(oracle_responder(problems), script=["slow"] * 2, slow_seconds=1.0) as server:
        with pytest.raises(ServerUnavailable, match="2 attempt"):
            agent_for(server, timeout=0.2, retries=1).reply(*first_turn(problems[0]))


def test_persistent_errors_raise_server_unavailable(problems):
    with ChatServer(oracle_responder(problems), script=["500"] * 10) as server:
        with pytest.raises(ServerUnavailable, match="HTTP 500"):
            agent_for(server, retries=2).reply(*first_turn(problems[0]))
        assert len(server.bodies) == 3


def test_unreachable_server(problems):
    server = ChatServer(oracle_responder(problems)).start()
    url = server.url
    server.stop()
    agent = OpenAIChatAgent("m", base_url=url, retries=1, backoff=0.001, timeout=1.0)
    with pytest.raises(ServerUnavailable, match="no valid answer"):
        agent.reply(*first_turn(problems[0]))


def test_permanent_rejection_is_a_failed_turn_not_a_retry(problems, tmp_path):
    with ChatServer(oracle_responder(problems), script=["400"]) as server:
        agent = agent_for(server, tmp_path)
        reply = agent.reply(*first_turn(problems[0]))
        assert reply.finish_reason == "rejected" and "HTTP 400" in reply.text
        assert len(server.bodies) == 1
        # Rejections are not cached: the next run asks again.
        assert procgym.verify(problems[0], agent.reply(*first_turn(problems[0])).text).correct


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="concurrency"):
        OpenAIChatAgent("m", concurrency=0)
    with pytest.raises(ValueError, match="temperature"):
        OpenAIChatAgent("m", temperature=-1)
    with pytest.raises(ValueError, match="needs --model"):
        make_agent("openai")
    with pytest.raises(ValueError, match="takes no options"):
        make_agent("oracle", temperature=1.0)


def test_api_key_is_sent_but_not_recorded(problems, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-123")
    with ChatServer(lambda body: "<answer>1</answer>") as server:
        agent = agent_for(server)
        agent.reply(*first_turn(problems[0]))
    assert server.auth == ["Bearer sk-test-123"]
    assert "sk-test-123" not in repr(agent.settings()) and agent.endpoint == server.url
