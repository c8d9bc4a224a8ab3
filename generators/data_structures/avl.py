"""AVL trees: insert (and delete) keys with rebalancing rotations, then give a traversal."""
from __future__ import annotations


from procgym import Draft, Knob, Task, register

from ._traversals import TRAVERSAL_TEXT, replacement_path, search_path, traverse
from ._value_lists import grade_int_list, listed_operations, numbered


class Node:
    __slots__ = ("key", "left", "right", "height")

    def __init__(self, key: int):
        self.key, self.left, self.right, self.height = key, None, None, 1


def _h(node: Node | None) -> int:
    return node.height if node is not None else 0


def _fix(node: Node) -> None:
    node.height = 1 + max(_h(node.left), _h(node.right))


def balance(node: Node | None) -> int:
    return _h(node.left) - _h(node.right) if node is not None else 0


def rotate_right(y: Node) -> Node:
    x = y.left
    y.left, x.right = x.right, y
    _fix(y)
    _fix(x)
    return x


def rotate_left(x: Node) -> Node:
    y = x.right
    x.right, y.left = y.left, x
    _fix(x)
    _fix(y)
    return y


def _note(log: list | None, event: tuple) -> None:
    if log is not None:
        log.append(event)


def rebalance(node: Node, log: list | None = None) -> Node:
    """Restore |balance| <= 1 at `node` (its subtrees already AVL); returns the subtree's root."""
    _fix(node)
    b = balance(node)
    if b > 1:
        if balance(node.left) < 0:
            node.left = rotate_left(node.left)
            _note(log, ("LR", node.key))
        else:
            _note(log, ("LL", node.key))
        return rotate_right(node)
    if b < -1:
        if balance(node.right) > 0:
            node.right = rotate_right(node.right)
            _note(log, ("RL", node.key))
        else:
            _note(log, ("RR", node.key))
        return rotate_left(node)
    return node


def insert(node: Node | None, key: int, log: list | None = None) -> Node:
    if node is None:
        return Node(key)
    if key == node.key:
        return node
    if key < node.key:
        node.left = insert(node.left, key, log)
    else:
        node.right = insert(node.right, key, log)
    return rebalance(node, log)


def delete(node: Node | None, key: int, log: list | None = None) -> Node | None:
    """Delete `key` (absent keys change nothing); a node with two children takes its in-order
    successor's key, and the successor is deleted from the right subtree."""
    if node is None:
        return None
    if key < node.key:
        node.left = delete(node.left, key, log)
    elif key > node.key:
        node.right = delete(node.right, key, log)
    elif node.left is None:
        return node.right
    elif node.right is None:
        return node.left
    else:
        m = node.right
        while m.left is not None:
            m = m.left
        node.key = m.key
        node.right = delete(node.right, m.key, log)
    return rebalance(node, log)


def run_avl(ops: list[tuple[str, int]], log: list | None = None) -> Node | None:
    root = None
    for kind, key in ops:
        root = insert(root, key, log) if kind == "insert" else delete(root, key, log)
    return root


TRAVERSALS = {k: TRAVERSAL_TEXT[k] for k in ("preorder", "postorder", "levelorder")}  # in-order is just sorted


@register
class AvlTree(Task):
    """Insert keys into an AVL tree (and from level 5 delete some), rebalancing by the stated
    rotation rules, then give a traversal of the final tree. The tree is built by a real AVL
    implementation. Higher levels add keys, insert monotone runs that force chains of rotations
    (single and double), add deletions (which can rebalance several ancestors), distractor
    operations that change nothing, and ask for post-order and level-order as well as
    pre-order."""

    name = "data_structures/avl_tree"
    knobs = (
        Knob("n_keys", [4, 5, 6, 7, 8, 9, 10, 12, 13, 15, 17, 19, 21, 23, 25, 27, 29, 32, 35, 38], (1, 60),
             doc="distinct keys inserted"),
        Knob("run", [0, 0, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (0, 60),
             doc="length of a sorted run inserted in a row"),
        Knob("n_deletes", [0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 30),
             doc="deletions of keys in the tree"),
        Knob("distractors", [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (0, 20),
             doc="no-op operations: inserting a key already present, deleting an absent key"),
        Knob("traversal", [["preorder"], ["preorder"], ["preorder", "levelorder"]]
             + [["preorder", "postorder", "levelorder"]] * 17,
             choices=tuple(TRAVERSALS), doc="the traversal asked for"),
    )
    answer_format = "the keys in the order visited, as a comma-separated list of integers"
    example = "40,17,8,25,0"  # the keys are 1 to 99: never an answer

    def build(self, rng, params):
        n = params["n_keys"]
        keys = rng.sample(range(1, 100), n)
        run = min(params["run"], n)
        if run >= 2:  # a stretch of the insertion order sorted up or down
            at = rng.randint(0, n - run)
            keys[at:at + run] = sorted(keys[at:at + run], reverse=rng.random() < 0.5)
        ops: list[tuple[str, int]] = [("insert", k) for k in keys]
        n_del = min(params["n_deletes"], n - 1)
        for _ in range(n_del):
            at = rng.randint(min(len(ops), max(3, len(ops) // 2)), len(ops))
            present = traverse(run_avl(ops[:at]), "inorder")
            if not present:
                continue
            ops.insert(at, ("delete", rng.choice(present)))
        for _ in range(params["distractors"]):
            at = rng.randrange(1, len(ops) + 1)
            present = set(traverse(run_avl(ops[:at]), "inorder"))
            if rng.random() < 0.5 and present:
                ops.insert(at, ("insert", rng.choice(sorted(present))))
            else:
                ops.insert(at, ("delete", rng.choice([k for k in range(1, 100) if k not in present])))
        final = traverse(run_avl(ops), params["traversal"])
        if not final:
            ops.append(("insert", keys[0]))
            final = traverse(run_avl(ops), params["traversal"])
        has_delete = any(k == "delete" for k, _ in ops)
        rules = ("An AVL tree starts empty. The height of an empty subtree is 0 and of a single node 1; a node's "
                 "balance is the height of its left subtree minus the height of its right subtree.\n"
                 "- \"insert x\" first inserts x as in a binary search tree (go left when x is smaller than a "
                 "node's key, right when larger, and add x as a new leaf); inserting a key already in the tree "
                 "changes nothing.\n")
        if has_delete:
            rules += ("- \"delete x\" first deletes x as in a binary search tree (if x is not in the tree, nothing "
                      "changes): a node with no children is removed; a node with one child is replaced by that "
                      "child; a node with two children takes the key of its in-order successor (the smallest key "
                      "in its right subtree), and that successor node is then deleted from the right subtree by "
                      "the same rules.\n")
        rules += ("- Then every node on the path from the changed position up to the root is checked, lowest "
                  "first. A node with balance +2 is fixed by a right rotation if its left child has balance 0 or "
                  "+1, and otherwise (left child balance -1) by a left rotation of the left child followed by a "
                  "right rotation of the node. A node with balance -2 is fixed symmetrically: a left rotation if "
                  "its right child has balance 0 or -1, otherwise a right rotation of the right child followed by "
                  "a left rotation of the node. (A right rotation of a node "
                  "makes its left child the root of that subtree, with the node as that child's right child and the "
                  "child's old right subtree as the node's new left subtree; a left rotation is the mirror image.)")
        question = (f"{rules}\n\nOperations:\n{numbered(f'{k} {x}' for k, x in ops)}\n\n"
                    f"List the keys of the final tree in {TRAVERSALS[params['traversal']]}.")
        return Draft(question, ",".join(map(str, final)), {"values": final})

    def effort(self, problem):
        # every operation walks down from the root to its key (a delete of a node with two
        # children on to the successor), checks each node's balance on the way back up and makes
        # its rotations (a double rotation is two); the traversal then visits every node
        root, work = None, 0
        for line in listed_operations(problem.prompt):
            kind, key = line.split()
            key = int(key)
            path = search_path(root, key) + (replacement_path(root, key) if kind == "delete" else 0)
            log: list = []
            root = insert(root, key, log) if kind == "insert" else delete(root, key, log)
            work += 2 * path + sum(2 if turn in ("LR", "RL") else 1 for turn, _ in log)
        return work + len(problem.check["values"])

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "keys in that order", labelled=False)
