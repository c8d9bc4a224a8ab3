"""An agent backed by an in-process vLLM engine (GPU; `pip install -e '.[vllm]'`).

    agent = VLLMAgent("Qwen/Qwen2.5-7B-Instruct", max_tokens=2048, max_model_len=8192)
    agent.reply_batch(histories, infos)   # one llm.generate call per lockstep turn of a batch

Prompts are rendered with the engine's tokenizer's chat template. Each request carries its own
seed (from the problem, sample and turn), so a sample does not depend on what else is batched.
vLLM is not installable on the CPU machines this project is tested on: `llm` and
`sampling_params` are injectable, and tests/agents/test_vllm_agent.py drives the class through a
stand-in with the same call surface (LLM.generate -> outputs[0].text/.token_ids/.finish_reason,
.prompt_token_ids; LLM.get_tokenizer).
"""
from __future__ import annotations

from .base import Reply
from .llm import Sampling, episode_messages, turn_seed


class VLLMAgent:
    name = "vllm"

    def __init__(self, model: str, llm=None, sampling_params=None, max_tokens: int = 1024, temperature: float = 0.0,
                 top_p: float = 1.0, system: str | None = None, seed: int = 0, batch_size: int = 256,
                 max_model_len: int | None = None, **llm_options):
        if llm is None:
            from vllm import LLM

            if max_model_len is not None:
                llm_options["max_model_len"] = max_model_len
            llm = LLM(model=model, seed=seed, **llm_options)
        if sampling_params is None:
            from vllm import SamplingParams as sampling_params
        self.model_name, self.llm, self.sampling_params = model, llm, sampling_params
        self.sampling = Sampling(max_tokens, temperature, top_p, system, seed)
        self.batch_size = batch_size
        self.tokenizer = llm.get_tokenizer()
        self.context = max_model_len or self._engine_context()

    def _engine_context(self) -> int | None:
        try:
            return int(self.llm.llm_engine.model_config.max_model_len)
        except AttributeError:
            return None

    def settings(self) -> dict:
        return {**self.sampling.to_dict(), "batch_size": self.batch_size, "max_model_len": self.context}

    def reply_batch(self, histories: list[list[dict]], infos: list[dict]) -> list[Reply]:
        texts = [self.tokenizer.apply_chat_template(episode_messages(h, self.sampling), tokenize=False,
                                                    add_generation_prompt=True) for h in histories]
        replies: list[Reply | None] = [None] * len(texts)
        requests, params, where = [], [], []
        for i, text in enumerate(texts):
            ids = self.tokenizer(text, add_special_tokens=False)["input_ids"]
            if self.context is not None and len(ids) + self.sampling.max_tokens > self.context:
                replies[i] = Reply("", len(ids), 0, "context")
                continue
            requests.append({"prompt_token_ids": ids})
            params.append(self.sampling_params(n=1, temperature=self.sampling.temperature, top_p=self.sampling.top_p,
                                               max_tokens=self.sampling.max_tokens,
                                               seed=turn_seed(self.sampling, infos[i], histories[i])))
            where.append(i)
        for start in range(0, len(requests), self.batch_size):
            outputs = self.llm.generate(requests[start:start + self.batch_size], params[start:start + self.batch_size],
                                        use_tqdm=False)
            for i, out in zip(where[start:start + self.batch_size], outputs):
                sample = out.outputs[0]
                replies[i] = Reply(sample.text, len(out.prompt_token_ids), len(sample.token_ids),
                                   "length" if sample.finish_reason == "length" else "stop")
        return replies

    def reply(self, history: list[dict], info: dict) -> Reply:
        return self.reply_batch([history], [info])[0]

    def act(self, history: list[dict], info: dict) -> str:
        return self.reply(history, info).text
