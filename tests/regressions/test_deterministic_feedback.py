"""Regression: graphs/bipartite_check named "the first" same-group edge while iterating over a set
of frozensets of node names, whose order depends on PYTHONHASHSEED, so the feedback (and the env
observation) differed between processes (found by tests/reliability/test_eval_kill.py: a resumed
`procgym eval` disagreed with an uninterrupted one). Fixed by checking the edges in sorted order.
"""
import procgym


def test_bipartite_feedback_names_the_smallest_conflicting_edge():
    task = procgym.get("graphs/bipartite_check")
    p = task.generate(seed=2, difficulty=5)
    nodes, edges = p.check["nodes"], sorted(tuple(sorted(e)) for e in p.check["edges"])
    # every node but one in the first group: many edges join nodes of the same group
    answer = "{" + ",".join(nodes[:-1]) + "},{" + nodes[-1] + "}"
    conflicts = [e for e in edges if nodes[-1] not in e]
    assert len(conflicts) > 1
    verdict = task.verify(p, f"<answer>{answer}</answer>")
    assert verdict.feedback == f"The edge {conflicts[0][0]} - {conflicts[0][1]} joins two nodes of the same group."
