"""Tries: insert and delete words, then answer prefix-count (and node-count) queries."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register

from ._value_lists import grade_int_list, listed_operations, numbered


class Trie:
    """A prefix tree over lowercase words. Each node keeps how many stored words pass through it;
    deleting a word removes the nodes no stored word passes through any more."""

    __slots__ = ("root", "nodes")

    def __init__(self):
        self.root = [0, False, {}]  # [words through here, a word ends here, children]
        self.nodes = 0

    def contains(self, word: str) -> bool:
        node = self._find(word)
        return node is not None and node[1]

    def insert(self, word: str) -> None:
        if self.contains(word):
            return
        node = self.root
        node[0] += 1
        for ch in word:
            child = node[2].get(ch)
            if child is None:
                child = node[2][ch] = [0, False, {}]
                self.nodes += 1
            child[0] += 1
            node = child
        node[1] = True

    def delete(self, word: str) -> None:
        if not self.contains(word):
            return
        node = self.root
        node[0] -= 1
        for ch in word:
            child = node[2][ch]
            child[0] -= 1
            if child[0] == 0:  # nothing stored below any more: drop the whole branch
                self.nodes -= _size(child)
                del node[2][ch]
                return
            node = child
        node[1] = False

    def count(self, prefix: str) -> int:
        node = self._find(prefix)
        return 0 if node is None else node[0]

    def _find(self, prefix: str):
        node = self.root
        for ch in prefix:
            node = node[2].get(ch)
            if node is None:
                return None
        return node


def _size(node) -> int:
    return 1 + sum(_size(c) for c in node[2].values())


def run_trie(ops: list[tuple[str, str]]) -> list[int]:
    """Run ("insert"|"delete"|"count"|"nodes", word) operations; return the query answers."""
    trie, out = Trie(), []
    for kind, word in ops:
        if kind == "insert":
            trie.insert(word)
        elif kind == "delete":
            trie.delete(word)
        elif kind == "count":
            out.append(trie.count(word))
        else:
            out.append(trie.nodes)
    return out


def _words(rng, n: int, alphabet: str, max_len: int) -> list[str]:
    """n distinct words that share prefixes: each new word extends a prefix of an earlier one."""
    words: list[str] = []
    seen = set()
    tries = 0
    while len(words) < n and tries < 50 * n:
        tries += 1
        if words and rng.random() < 0.75:
            base = rng.choice(words)
            stem = base[:rng.randint(1, len(base))]
        else:
            stem = rng.choice(alphabet)
        length = rng.randint(max(2, len(stem)), max_len)
        word = stem + "".join(rng.choice(alphabet) for _ in range(length - len(stem)))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


@register
class TrieOperations(Task):
    """Insert words into a trie and delete some, then answer queries: how many stored words
    start with a given prefix, and (from level 6) how many nodes the trie has. The answers come
    from a real trie with per-node counts and branch pruning on deletion. Higher levels add
    words with longer shared prefixes, deletions, distractor operations that change nothing
    (inserting a stored word, deleting a word that is only a prefix of stored words or not
    stored at all), and queries interleaved with the updates, so each must be answered at its
    own moment."""

    name = "data_structures/trie_operations"
    knobs = (
        Knob("n_words", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (1, 60),
             doc="distinct words inserted"),
        Knob("max_length", [3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10], (2, 12),
             doc="longest word"),
        Knob("n_deletes", [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (0, 30),
             doc="deletions of stored words"),
        Knob("distractors", [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 30),
             doc="operations that change nothing"),
        Knob("n_queries", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (1, 30),
             doc="prefix-count queries"),
        Knob("node_query", [False] * 5 + [True] * 15, doc="also ask for the number of trie nodes"),
        Knob("interleave", [False] * 4 + [True] * 16, doc="queries are mixed in among the updates"),
    )
    answer_format = "the answers to the queries, in the order the queries appear, as a comma-separated list of integers"
    example = "3,0,-1"  # a count is never negative: never an answer

    def build(self, rng, params):
        n = params["n_words"]
        alphabet = "".join(rng.sample("abcdeilmnoprst", 4 if n <= 8 else 5))
        words = _words(rng, n, alphabet, params["max_length"])
        ops: list[tuple[str, str]] = [("insert", w) for w in words]
        rng.shuffle(ops)
        # deletions of stored words, each after that word's insertion
        for w in rng.sample(words, min(params["n_deletes"], len(words) - 1)):
            at = next(i for i, op in enumerate(ops) if op == ("insert", w))
            ops.insert(rng.randint(at + 1, len(ops)), ("delete", w))
        for _ in range(params["distractors"]):
            kind = rng.randrange(3)
            if kind == 0:  # insert a word again while it is stored
                w = rng.choice(words)
                at = next(i for i, op in enumerate(ops) if op == ("insert", w))
                end = next((i for i, op in enumerate(ops) if op == ("delete", w)), len(ops))
                ops.insert(rng.randint(at + 1, end), ("insert", w))
            elif kind == 1:  # delete a proper prefix of a word that is not itself a word
                w = rng.choice(words)
                stems = [w[:k] for k in range(1, len(w)) if w[:k] not in words]
                if stems:
                    ops.insert(rng.randint(0, len(ops)), ("delete", rng.choice(stems)))
            else:  # delete a word that was never inserted
                w = rng.choice(words)
                ghost = w + rng.choice(alphabet)
                if ghost not in words:
                    ops.insert(rng.randint(0, len(ops)), ("delete", ghost))
        queries: list[tuple[str, str]] = []
        for _ in range(params["n_queries"]):
            w = rng.choice(words)
            r = rng.random()
            prefix = w[:rng.randint(1, len(w))] if r < 0.8 else w[:1] + rng.choice(alphabet) + rng.choice(alphabet)
            queries.append(("count", prefix))
        if params["node_query"]:
            queries.append(("nodes", ""))
        if params["interleave"]:
            for q in queries[:-1]:
                ops.insert(rng.randint(len(ops) // 3, len(ops)), q)
            ops.append(queries[-1])
        else:
            ops += queries
        answers = run_trie(ops)

        def text(op):
            kind, word = op
            return {"insert": f"insert {word}", "delete": f"delete {word}", "count": f"count {word}",
                    "nodes": "nodes"}[kind]

        rules = ("A trie (prefix tree) of lowercase words starts empty; its root stands for the empty prefix. "
                 "\"insert w\" stores the word w (if w is already stored, nothing changes). \"delete w\" removes "
                 "the stored word w (if w is not stored, nothing changes, even when w is a prefix of stored "
                 "words). \"count p\" asks how many stored words start with the prefix p (a word counts as "
                 "starting with itself).")
        if params["node_query"]:
            rules += (" \"nodes\" asks how many nodes the trie has, not counting the root: one node for each "
                      "distinct non-empty prefix of the stored words (deleting a word removes the nodes that no "
                      "stored word needs any more).")
        where = ("Answer each query at the moment it appears in the list." if params["interleave"]
                 else "The queries come after all the updates.")
        question = (f"{rules}\n\nOperations:\n{numbered(text(op) for op in ops)}\n\n{where} "
                    "Give the answers to the queries in order.")
        return Draft(question, ",".join(map(str, answers)), {"values": answers})

    def effort(self, problem):
        # every insert, delete and count walks its word letter by letter; a node count adds up
        # the nodes of the trie as it stands
        trie, work = Trie(), 0
        for line in listed_operations(problem.prompt):
            kind, _, word = line.partition(" ")
            if kind == "nodes":
                work += trie.nodes
                continue
            work += len(word)
            if kind == "insert":
                trie.insert(word)
            elif kind == "delete":
                trie.delete(word)
        return work

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "query answers")
