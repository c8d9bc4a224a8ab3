"""Hand-made result summaries for the rendering tests (the renderer reads only these fields)."""


def result(run, accuracy, levels, categories, agent="openai", model="m", suite="quick-v1", passk=None):
    return {"format": "procgym-result-v1", "run": run, "suite": suite, "agent": agent, "model": model,
            "settings": {"temperature": 0.0, "max_tokens": 512}, "samples": 1 if not passk else 4,
            "problems": 484, "complete": True, "accuracy": accuracy, "correct": int(484 * accuracy), "episodes": 484,
            "pass_at_k": {"1": accuracy, **(passk or {})},
            "by_level": {str(lv): {"accuracy": a, "episodes": 242} for lv, a in levels.items()},
            "by_category": {c: {"accuracy": a, "episodes": 20} for c, a in categories.items()},
            "tokens": {"prompt": 123456, "completion": 7890}, "time": {"wall_seconds": 321.0},
            "finished": "2026-11-21T10:00:00+00:00"}


def sample_results():
    return [
        result("beta", 0.5, {1: 0.7, 5: 0.3}, {"graphs": 0.6, "logic": 0.4}, passk={"4": 0.8}),
        result("alpha", 0.75, {1: 0.9, 5: 0.6}, {"graphs": 0.8, "logic": 0.7}),
        result("oracle", 1.0, {1: 1.0, 5: 1.0}, {"graphs": 1.0, "logic": 1.0}, agent="oracle", model=None),
    ]
