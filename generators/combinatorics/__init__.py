"""Combinatorics tasks: counting with restrictions, exact integer answers."""
