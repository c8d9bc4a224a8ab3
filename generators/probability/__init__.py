"""Probability tasks: dice, cards, urns, Bayes, expectations, distributions, Markov chains, statistics."""
