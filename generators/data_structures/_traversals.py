"""Binary-tree traversals for the tree families (BST and AVL): how the prompts name each order,
the traversal itself, and the length of the walks a search or a deletion makes.

    traverse(root, "preorder")   # [40, 17, 8, 25, 63]
    search_path(root, 25)        # 3: the nodes 40, 17 and 25 are visited
"""
from __future__ import annotations

from collections import deque

TRAVERSAL_TEXT = {  # how the prompts name each traversal
    "inorder": "in-order (left subtree, then the node, then the right subtree)",
    "preorder": "pre-order (the node, then its left subtree, then its right subtree)",
    "postorder": "post-order (the left subtree, then the right subtree, then the node)",
    "levelorder": "level-order (the root, then each depth in turn, left to right within a depth)",
}


def traverse(root, order: str) -> list[int]:
    """The keys of a binary tree (nodes with .key, .left, .right) in the given order."""
    out: list[int] = []
    if order == "levelorder":
        queue = deque([root] if root else [])
        while queue:
            node = queue.popleft()
            out.append(node.key)
            queue.extend(c for c in (node.left, node.right) if c is not None)
        return out

    def walk(node):
        if node is None:
            return
        if order == "preorder":
            out.append(node.key)
        walk(node.left)
        if order == "inorder":
            out.append(node.key)
        walk(node.right)
        if order == "postorder":
            out.append(node.key)
    walk(root)
    return out


def search_path(root, key: int) -> int:
    """How many nodes a search for `key` visits, from the root down to the key or to the empty
    place where it would be."""
    visited, node = 0, root
    while node is not None:
        visited += 1
        if key == node.key:
            break
        node = node.left if key < node.key else node.right
    return visited


def replacement_path(root, key: int, rule: str = "successor") -> int:
    """How many further nodes deleting `key` visits to find the key that replaces it: its
    in-order successor (or predecessor) when its node has two children, else none."""
    node = root
    while node is not None and node.key != key:
        node = node.left if key < node.key else node.right
    if node is None or node.left is None or node.right is None:
        return 0
    first, then = ("right", "left") if rule == "successor" else ("left", "right")
    visited, node = 0, getattr(node, first)
    while node is not None:
        visited += 1
        node = getattr(node, then)
    return visited
