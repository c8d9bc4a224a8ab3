"""An agent backed by a Hugging Face causal LM: a local folder or a hub name.

    agent = TransformersAgent("runs/tiny/final", max_tokens=256)          # or "Qwen/Qwen2.5-0.5B-Instruct"
    agent.reply_batch(histories, infos)   # the evaluator plays episodes in lockstep batches

Prompts go through the tokenizer's chat template; batches are left-padded. temperature 0 decodes
greedily (deterministic); above 0 each batch is sampled under a seed derived from its first turn.
A turn whose prompt plus max_tokens would not fit the model's context is not generated: it comes
back with finish_reason "context" and the evaluator ends that episode as unsolved.
"""
from __future__ import annotations

from .base import Reply
from .llm import Sampling, episode_messages, turn_seed


class TransformersAgent:
    name = "transformers"

    def __init__(self, model, tokenizer=None, max_tokens: int = 512, temperature: float = 0.0, top_p: float = 1.0,
                 system: str | None = None, seed: int = 0, batch_size: int = 8, device: str | None = None,
                 dtype: str | None = None):
        """`model` is a path or hub name (loaded here) or an already loaded model (then pass `tokenizer`)."""
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        if not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError(f"batch_size must be a positive integer, got {batch_size!r}")
        self.sampling = Sampling(max_tokens, temperature, top_p, system, seed)
        self.batch_size = batch_size
        if isinstance(model, str):
            self.model_name = model
            device = device or ("cuda" if torch.cuda.is_available() else "cpu")
            # Always an explicit dtype: transformers 5 would otherwise keep the checkpoint's (bf16 for
            # most released models), which a CPU runs slowly and imprecisely.
            torch_dtype = getattr(torch, dtype) if dtype else (torch.bfloat16 if device.startswith("cuda")
                                                               else torch.float32)
            self.tokenizer = tokenizer or AutoTokenizer.from_pretrained(model)
            self.model = AutoModelForCausalLM.from_pretrained(model, dtype=torch_dtype).to(device)
        else:
            if tokenizer is None:
                raise ValueError("pass the tokenizer along with a loaded model")
            self.model_name = getattr(model.config, "name_or_path", None) or type(model).__name__
            self.model, self.tokenizer = model, tokenizer
        self.model.eval()  # safe: torch inference mode, not Python eval
        eos = self.tokenizer.eos_token_id
        gen_eos = getattr(getattr(self.model, "generation_config", None), "eos_token_id", None)
        self.stop_ids = {i for i in ([eos] + (gen_eos if isinstance(gen_eos, list) else [gen_eos])) if i is not None}
        self.pad_id = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else eos
        self.context = getattr(self.model.config, "max_position_embeddings", None)

    def settings(self) -> dict:
        return {**self.sampling.to_dict(), "batch_size": self.batch_size}

    def encode(self, history: list[dict]) -> list[int]:
        """The token ids of the prompt for the model's next turn (chat template applied)."""
        text = self.tokenizer.apply_chat_template(episode_messages(history, self.sampling), tokenize=False,
                                                  add_generation_prompt=True)
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def reply_batch(self, histories: list[list[dict]], infos: list[dict]) -> list[Reply]:
        prompts = [self.encode(h) for h in histories]
        replies: list[Reply | None] = [None] * len(prompts)
        fits = []
        for i, ids in enumerate(prompts):
            if self.context is not None and len(ids) + self.sampling.max_tokens > self.context:
                replies[i] = Reply("", len(ids), 0, "context")
            else:
                fits.append(i)
        for start in range(0, len(fits), self.batch_size):
            chunk = fits[start:start + self.batch_size]
            seed = turn_seed(self.sampling, infos[chunk[0]], histories[chunk[0]])
            for i, reply in zip(chunk, self._generate([prompts[i] for i in chunk], seed)):
                replies[i] = reply
        return replies

    def _generate(self, prompts: list[list[int]], seed: int) -> list[Reply]:
        import torch

        device = next(self.model.parameters()).device
        width = max(len(p) for p in prompts)
        input_ids = torch.full((len(prompts), width), self.pad_id, dtype=torch.long)
        attention = torch.zeros((len(prompts), width), dtype=torch.long)
        for row, ids in enumerate(prompts):  # left padding: every prompt ends at the last column
            input_ids[row, width - len(ids):] = torch.tensor(ids, dtype=torch.long)
            attention[row, width - len(ids):] = 1
        greedy = self.sampling.temperature == 0
        options = dict(do_sample=False) if greedy else dict(do_sample=True, temperature=self.sampling.temperature,
                                                            top_p=self.sampling.top_p, top_k=0)
        devices = [device] if device.type == "cuda" else []
        with torch.no_grad(), torch.random.fork_rng(devices=devices):
            torch.manual_seed(seed)
            out = self.model.generate(input_ids=input_ids.to(device), attention_mask=attention.to(device),
                                      max_new_tokens=self.sampling.max_tokens, eos_token_id=sorted(self.stop_ids),
                                      pad_token_id=self.pad_id, **options)
        replies = []
        for row, ids in enumerate(prompts):
            new = out[row, width:].tolist()
            stop = next((k for k, t in enumerate(new) if t in self.stop_ids), None)
            kept = new if stop is None else new[:stop + 1]
            text = self.tokenizer.decode(kept, skip_special_tokens=True)
            replies.append(Reply(text, len(ids), len(kept), "length" if stop is None else "stop"))
        return replies

    def reply(self, history: list[dict], info: dict) -> Reply:
        return self.reply_batch([history], [info])[0]

    def act(self, history: list[dict], info: dict) -> str:
        return self.reply(history, info).text
