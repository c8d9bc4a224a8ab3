"""long_context tasks: multi-hop retrieval, aggregation and consistency checks over long generated
documents, logs and tables (about 1,000 tokens at level 1 to 32,000 at level 10), with near-miss
distractors whose density is a knob."""
