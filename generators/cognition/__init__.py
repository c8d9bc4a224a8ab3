"""Cognition tasks: counting in long text, retrieval among distractors, and tracking state
(lists, holdings, cups, records) through many updates."""
