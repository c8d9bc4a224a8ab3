"""Binary search trees: insert and delete keys by stated rules, then give a traversal order."""
from __future__ import annotations


from procgym import Draft, Knob, Task, register
from procgym.kit import read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._traversals import TRAVERSAL_TEXT, replacement_path, search_path, traverse
from ._value_lists import LIST_LABELS, count_hint, listed_operations, numbered, read_numbered_ints, says_empty


class Node:
    __slots__ = ("key", "left", "right")

    def __init__(self, key: int):
        self.key, self.left, self.right = key, None, None


def insert(root: Node | None, key: int) -> Node:
    """Insert `key` (a key already present changes nothing); returns the root."""
    if root is None:
        return Node(key)
    node = root
    while True:
        if key == node.key:
            return root
        side = "left" if key < node.key else "right"
        child = getattr(node, side)
        if child is None:
            setattr(node, side, Node(key))
            return root
        node = child


def delete(node: Node | None, key: int, rule: str) -> Node | None:
    """Delete `key` from the subtree at `node` (absent keys change nothing); returns the new
    subtree root. A node with two children takes the key of its in-order successor (smallest in
    the right subtree) or predecessor (largest in the left subtree), which is then deleted."""
    if node is None:
        return None
    if key < node.key:
        node.left = delete(node.left, key, rule)
    elif key > node.key:
        node.right = delete(node.right, key, rule)
    elif node.left is None:
        return node.right
    elif node.right is None:
        return node.left
    elif rule == "successor":
        m = node.right
        while m.left is not None:
            m = m.left
        node.key = m.key
        node.right = delete(node.right, m.key, rule)
    else:
        m = node.left
        while m.right is not None:
            m = m.right
        node.key = m.key
        node.left = delete(node.left, m.key, rule)
    return node


def run_bst(ops: list[tuple], rule: str) -> Node | None:
    root = None
    for kind, key in ops:
        root = insert(root, key) if kind == "insert" else delete(root, key, rule)
    return root


def _find(root: Node | None, key: int) -> Node | None:
    while root is not None and root.key != key:
        root = root.left if key < root.key else root.right
    return root


TRAVERSALS = TRAVERSAL_TEXT
RULES = {
    "successor": ("its in-order successor (the smallest key in its right subtree)", "right"),
    "predecessor": ("its in-order predecessor (the largest key in its left subtree)", "left"),
}


@register
class BstTraversal(Task):
    """Insert keys into a binary search tree and delete some (the rule for a node with two
    children stated: successor or predecessor), then give a traversal of the final tree. The
    tree is built and traversed by the stated procedures. Higher levels add keys and deletions,
    favour deleting nodes with two children, switch to the predecessor rule, interleave the
    deletions with the insertions, add no-op distractors (inserting a present key, deleting an
    absent one) and ask for post-order and level-order as well as pre-order."""

    name = "data_structures/bst_traversal"
    knobs = (
        Knob("n_keys", [5, 6, 7, 8, 9, 10, 12, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 34, 37, 40], (1, 60),
             doc="distinct keys inserted"),
        Knob("n_deletes", [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (0, 30),
             doc="deletions of keys in the tree"),
        Knob("traversal",
             [["inorder", "preorder"], ["preorder", "postorder"]] + [["preorder", "postorder", "levelorder"]] * 18,
             choices=("inorder", "preorder", "postorder", "levelorder"), doc="the traversal asked for"),
        Knob("rule", [["successor"]] * 5 + [["successor", "predecessor"]] * 15, choices=("successor", "predecessor"),
             doc="which key replaces a deleted node that has two children"),
        Knob("interleave", [False] * 4 + [True] * 16, doc="deletions mixed among the insertions"),
        Knob("distractors", [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 20),
             doc="no-op operations: inserting a key already present, deleting an absent key"),
    )
    answer_format = "the keys in the order visited, as a comma-separated list of integers"
    example = "40,17,8,25,0"  # the keys are 1 to 99: never an answer

    def build(self, rng, params):
        n, rule = params["n_keys"], params["rule"]
        keys = rng.sample(range(1, 100), n)
        n_del = min(params["n_deletes"], n - 1)
        ops: list[tuple] = [("insert", k) for k in keys]
        if params["interleave"]:
            slots = sorted(rng.sample(range(3, n + 1), min(n_del, n - 2))) if n > 2 else []
            slots += [n] * (n_del - len(slots))
        else:
            slots = [n] * n_del
        for at in reversed(slots):
            ops.insert(at, ("delete", None))  # placeholders, filled in order below
        root, filled = None, []
        for kind, key in ops:
            if kind == "delete":
                present = traverse(root, "inorder")
                two = [k for k in present if (lambda x: x.left is not None and x.right is not None)(_find(root, k))]
                key = rng.choice(two) if two and rng.random() < 0.75 else rng.choice(present)
                root = delete(root, key, rule)
            else:
                root = insert(root, key)
            filled.append((kind, key))
        ops = filled
        for _ in range(params["distractors"]):
            at = rng.randrange(1, len(ops) + 1)
            present = set(traverse(run_bst(ops[:at], rule), "inorder"))
            if rng.random() < 0.5 and present:
                ops.insert(at, ("insert", rng.choice(sorted(present))))
            else:
                ops.insert(at, ("delete", rng.choice([k for k in range(1, 100) if k not in present])))
        final = traverse(run_bst(ops, rule), params["traversal"])
        what, side = RULES[rule]
        has_delete = any(k == "delete" for k, _ in ops)
        rules = ("A binary search tree starts empty. \"insert x\" walks down from the root, going left when x is "
                 "smaller than a node's key and right when it is larger, and adds x as a new leaf; inserting a key "
                 "that is already in the tree changes nothing.")
        if has_delete:
            rules += (f" \"delete x\" removes key x (if x is not in the tree, nothing changes): a node with no "
                      f"children is removed; a node with one child is replaced by that child; a node with two "
                      f"children keeps its place but takes the key of {what}, and that {rule} node is then deleted "
                      f"from the {side} subtree by the same rules.")
        question = (f"{rules}\n\nOperations:\n{numbered(f'{k} {x}' for k, x in ops)}\n\n"
                    f"List the keys of the final tree in {TRAVERSALS[params['traversal']]}.")
        return Draft(question, ",".join(map(str, final)), {"keys": final})

    def effort(self, problem):
        # every operation walks down from the root to its key (a delete of a node with two
        # children on to its replacement); the traversal then visits every node
        rule, root, work = problem.params["rule"], None, 0
        for line in listed_operations(problem.prompt):
            kind, key = line.split()
            key = int(key)
            work += search_path(root, key) + (replacement_path(root, key, rule) if kind == "delete" else 0)
            root = insert(root, key) if kind == "insert" else delete(root, key, rule)
        return work + len(problem.check["keys"])

    def grade(self, answer, problem):
        expected = problem.check["keys"]
        try:
            text = read_parts(answer, [LIST_LABELS])[0]
            if says_empty(text):
                return wrong("The tree is not empty.")
            given = read_numbered_ints(text)
        except ParseError as exc:
            return refused(exc)
        if given == expected:
            return right()
        if sorted(given) != sorted(expected):
            return wrong(count_hint(given, expected, "set of keys in the final tree"))
        return wrong("Those are the right keys, but not in the order asked for.")
