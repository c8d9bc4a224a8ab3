"""induction tasks: infer a rule from examples, then apply it."""
