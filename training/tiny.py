"""A tiny chat model built from scratch: a character-level tokenizer and a small Llama-style model.

Nothing can be downloaded here, so tests and the CPU demo build their model from a config. It is
saved in the standard Hugging Face format, so it loads through exactly the code path a real model
takes (a local folder or a hub name):

    path = build_tiny_model("out/tiny")                     # writes config, weights, tokenizer
    model = AutoModelForCausalLM.from_pretrained(path)
    tokenizer = AutoTokenizer.from_pretrained(path)
    tokenizer.apply_chat_template([{"role": "user", "content": "2+2?"}], add_generation_prompt=True)

The chat format is Qwen's ChatML: `<|im_start|>role\\ncontent<|im_end|>\\n`, with `<|im_end|>` as
the end-of-turn (eos) token and `<|endoftext|>` as padding.
"""
from __future__ import annotations

import os

IM_START, IM_END, PAD, UNK = "<|im_start|>", "<|im_end|>", "<|endoftext|>", "<|unk|>"
SPECIAL_TOKENS = (PAD, IM_START, IM_END, UNK)

# ChatML, as Qwen2 instruct models render it (without Qwen's default system message).
CHAT_TEMPLATE = (
    "{%- for message in messages %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)


def char_vocab() -> list[str]:
    """The special tokens, then every character task prompts may use (envs.text.CHARSET), sorted,
    so the ids are the same on every machine."""
    from procgym.envs.text import CHARSET

    return list(SPECIAL_TOKENS) + sorted(CHARSET)


def build_tokenizer():
    """A PreTrainedTokenizerFast: one token per character, ChatML special tokens, a chat template."""
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {token: i for i, token in enumerate(char_vocab())}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token=UNK))
    # Every character is its own "word"; [\s\S] also matches newlines, which "." would not.
    core.pre_tokenizer = pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    core.decoder = decoders.Fuse()  # join the characters back without spaces
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core, bos_token=None, eos_token=IM_END, pad_token=PAD, unk_token=UNK,
        additional_special_tokens=[IM_START], model_max_length=1 << 16, padding_side="left",
        clean_up_tokenization_spaces=False)
    tokenizer.chat_template = CHAT_TEMPLATE
    return tokenizer


def tiny_config(vocab_size: int, pad_id: int, eos_id: int, hidden: int = 64, layers: int = 2, heads: int = 4,
                kv_heads: int = 2, intermediate: int = 192, max_positions: int = 8192):
    """A Llama config (GQA, RoPE, tied embeddings) small enough to train on a laptop CPU in seconds.

    Llama rather than Qwen2: transformers 5 maps the qwen2 model type to Qwen2Tokenizer, whose
    byte-level BPE pipeline would replace this character tokenizer on loading; the llama type
    loads the tokenizer.json as written.
    """
    from transformers import LlamaConfig

    return LlamaConfig(vocab_size=vocab_size, hidden_size=hidden, intermediate_size=intermediate,
                       num_hidden_layers=layers, num_attention_heads=heads, num_key_value_heads=kv_heads,
                       max_position_embeddings=max_positions, tie_word_embeddings=True, rope_theta=10000.0,
                       bos_token_id=None, eos_token_id=eos_id, pad_token_id=pad_id, use_cache=True)


def build_tiny_model(path: str | os.PathLike, seed: int = 0, **sizes) -> str:
    """Build, initialise (seeded) and save a tiny model and its tokenizer under `path`; returns it.

    `sizes` are passed to tiny_config (hidden, layers, heads, kv_heads, intermediate). The same
    seed gives bit-identical weights.
    """
    import torch
    from transformers import AutoModelForCausalLM, GenerationConfig

    tokenizer = build_tokenizer()
    config = tiny_config(len(tokenizer), tokenizer.pad_token_id, tokenizer.eos_token_id, **sizes)
    with torch.random.fork_rng(devices=[]):  # seeded init without disturbing the caller's stream
        torch.manual_seed(seed)
        model = AutoModelForCausalLM.from_config(config)
    model.generation_config = GenerationConfig(eos_token_id=tokenizer.eos_token_id,
                                               pad_token_id=tokenizer.pad_token_id)
    os.makedirs(path, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)
