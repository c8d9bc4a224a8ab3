"""Binary-tree traversals for the tree families (BST and AVL): how the prompts name each order,
and the traversal itself.

    traverse(root, "preorder")   # [40, 17, 8, 25, 63]
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
