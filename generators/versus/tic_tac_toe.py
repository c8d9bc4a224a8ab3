"""Tic-tac-toe against a computer opponent, from a mid-game position the agent can force a win from."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural

from ._opponent import OPPONENT, YOU, VersusTask, horizon_score, lookahead, pick

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
COLS, ROWS = "abc", "123"
# a move: a cell as column letter and row number (b2, 2b), optionally after play / place / mark (an X, at, in, on)
_CELL = re.compile(r"(?:(?:play|place|mark|put)(?: an?)?(?: [xo])? )?(?:(?:at|in|on) )?(?:cell )?"
                   r"(?:([a-c]) ?([1-3])|([1-3]) ?([a-c]))")


def winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def to_move(board: str) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


def threats(board: str, mark: str) -> list[int]:
    """Empty cells where `mark` would complete a line."""
    return [i for i in range(9) if board[i] == "." and winner(board[:i] + mark + board[i + 1:]) == mark]


@lru_cache(maxsize=None)
def solve(board: str) -> tuple[int, int]:
    """Minimax (result, plies) for the player to move: +1 win, 0 draw, -1 loss; plies is the game's
    length from here when the winner hurries and the loser (or a player holding a draw) stalls."""
    mark, results = to_move(board), []
    for i in range(9):
        if board[i] == ".":
            child = board[:i] + mark + board[i + 1:]
            if winner(child):
                results.append((1, 1))
            elif "." not in child:
                results.append((0, 1))
            else:
                r, p = solve(child)
                results.append((-r, p + 1))
    best = max(r for r, _ in results)
    plies = [p for r, p in results if r == best]
    return best, (min(plies) if best > 0 else max(plies))


def forced_win(board: str, moves: int, nodes: list) -> bool:
    """Whether the player to move can force three in a row within `moves` of its own moves, by a
    plain depth-first search (cells in order); nodes[0] counts the positions it examines (each
    move tried and each reply weighed)."""
    mark = to_move(board)
    other = "O" if mark == "X" else "X"
    empty = [i for i in range(9) if board[i] == "."]
    for i in empty:
        nodes[0] += 1
        if winner(board[:i] + mark + board[i + 1:]):
            return True
    if moves == 1:
        return False
    for i in empty:
        child = board[:i] + mark + board[i + 1:]
        nodes[0] += 1
        refuted = "." not in child
        for j in range(9):
            if child[j] != "." or refuted:
                continue
            nodes[0] += 1
            reply = child[:j] + other + child[j + 1:]
            refuted = bool(winner(reply)) or "." not in reply or not forced_win(reply, moves - 1, nodes)
        if not refuted:
            return True
    return False


@lru_cache(maxsize=None)
def pools() -> dict:
    """Every reachable position whose player to move can force a win, grouped by (agent moves
    needed against the best defence, whether the opponent threatens to win next), sorted."""
    seen, stack = set(), ["." * 9]
    while stack:
        board = stack.pop()
        if board in seen:
            continue
        seen.add(board)
        if winner(board) or "." not in board:
            continue
        mark = to_move(board)
        stack.extend(board[:i] + mark + board[i + 1:] for i in range(9) if board[i] == ".")
    out: dict = {}
    for board in sorted(seen):
        if winner(board) or "." not in board:
            continue
        result, plies = solve(board)
        if result > 0:
            threat = bool(threats(board, "O" if to_move(board) == "X" else "X"))
            out.setdefault(((plies + 1) // 2, threat), []).append(board)
    return out


def cell_name(i: int) -> str:
    return f"{COLS[i % 3]}{ROWS[i // 3]}"


def render(board: str) -> str:
    rows = [f"{ROWS[r]}  " + " ".join(board[3 * r:3 * r + 3]) for r in range(3)]
    return "   a b c\n" + "\n".join(rows)


@register
class TicTacToe(VersusTask):
    """Tic-tac-toe from a mid-game position in which the agent, to move, can force a win (found by
    a full minimax of the game). Win: three in a row; a draw is not a win. Higher levels need
    longer forced wins (a winning move at levels 1-3, a fork at 4-6, a fork set up a move ahead
    at 7-10), add an opponent threat that the winning plan must also parry, and give a
    deeper-looking opponent (one that punishes a slip) with fewer spare turns."""

    name = "versus/tic_tac_toe"
    released_dips = {5: "level 5 mixes in wins in 2 that must also parry a threat, positions later in the game "
                        "with fewer empty cells to search"}
    cap_reason = ("a 3x3 board has no longer forced wins: the longest win against best defence is 3 moves (levels "
                  "7-10), and a 9-ply opponent already sees the whole game")
    knobs = (
        Knob("win_in", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3], (1, 3), doc="your moves needed to win against best defence"),
        Knob("threat", [False, True, True, False, [False, True], True, False, [False, True], True, True],
             doc="the opponent threatens to complete a line on its next move"),
        Knob("opponent_depth", [1, 2, 2, 3, 3, 4, 5, 6, 7, 9], (1, 9), doc="plies the opponent looks ahead"),
        Knob("spare_turns", [4, 3, 3, 3, 2, 2, 2, 1, 1, 1], (0, 20), doc="turns allowed for invalid moves"),
    )
    answer_format = "a cell as column letter and row number"
    example = "d4"  # off the 3x3 board: the example never wins (any empty cell may)
    tools = (Tool("mark", "Mark an empty cell.", "{cell}",
                  (Param("cell", "string", "the cell as column letter and row number",
                         enum=tuple(c + r for r in ROWS for c in COLS)),)),)

    def build(self, rng, params):
        key = (params["win_in"], params["threat"])
        pool = pools().get(key)
        if not pool:
            raise ValueError(f"knob 'threat': no tic-tac-toe position is won in {params['win_in']} "
                             f"with threat={params['threat']}")
        board = pool[rng.randrange(len(pool))]
        mark = to_move(board)
        other = "O" if mark == "X" else "X"
        limit = (board.count(".") + 1) // 2 + params["spare_turns"]
        c = {"start": {"board": board, "mover": YOU}, "mark": mark, "opponent_depth": params["opponent_depth"],
             "turn_limit": limit, "salt": rng.randrange(2**31)}
        question = (
            f"Tic-tac-toe against a computer opponent. You play {mark}; the opponent plays {other}. The game "
            f"is under way and it is your move:\n{render(board)}\n"
            f"Columns are a-c (left to right) and rows 1-3 (top to bottom); '.' is an empty cell. Players "
            f"alternate placing their mark in an empty cell; three in a row (across, down or diagonally) "
            f"wins. A draw is not a win.\n{lookahead(params['opponent_depth'])} After each of your moves you "
            f"see the opponent's reply and the board. You have {plural(limit, 'turn')}; an invalid move is "
            f"rejected and still uses a turn. Win the game.")
        return self.versus_draft(c, question)

    def parse(self, c, pos, text):
        m = _CELL.fullmatch(text.lower())
        if not m:
            return None, "name a cell by column a-c and row 1-3, e.g. b2."
        col, row = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        i = ROWS.index(row) * 3 + COLS.index(col)
        if pos["board"][i] != ".":
            return None, f"{cell_name(i)} is already taken."
        return i, None

    def play(self, c, pos, move, who):
        board = pos["board"]
        mark = c["mark"] if who == YOU else ("O" if c["mark"] == "X" else "X")
        pos["board"] = board[:move] + mark + board[move + 1:]
        pos["mover"] = OPPONENT if who == YOU else YOU
        return f"{'You' if who == YOU else 'The opponent'} played {cell_name(move)}."

    def mover(self, c, pos):
        return None if winner(pos["board"]) or "." not in pos["board"] else pos["mover"]

    def final(self, c, pos):
        w = winner(pos["board"])
        if w == c["mark"]:
            return True, "Three in a row: you win."
        if w:
            return False, "The opponent has three in a row: you lose."
        return False, "The board is full: a draw, which is not a win."

    def show(self, c, pos):
        return render(pos["board"])

    def notation(self, c, move):
        return cell_name(move)

    def scored_moves(self, board: str):
        """(result, plies) of each legal move for the player to move, in cell order."""
        mark, out = to_move(board), []
        for i in range(9):
            if board[i] == ".":
                child = board[:i] + mark + board[i + 1:]
                if winner(child):
                    out.append((i, 1, 1))
                elif "." not in child:
                    out.append((i, 0, 1))
                else:
                    r, p = solve(child)
                    out.append((i, -r, p + 1))
        return out

    def reply(self, c, pos, rng):
        depth = c["opponent_depth"]
        return pick([(horizon_score(r, p, depth), i) for i, r, p in self.scored_moves(pos["board"])], rng)

    def effort(self, problem):
        # proving the forced win: positions a depth-first search of "win within win_in moves"
        # examines, every reply of the opponent refuted
        return self.proof_nodes(problem.check["start"]["board"], problem.params["win_in"])

    @staticmethod
    def proof_nodes(board: str, moves: int) -> int:
        """The positions `forced_win` examines deciding whether the player to move wins within
        `moves` of its own moves (multiplayer/tic_tac_toe's effort asks for it too)."""
        nodes = [0]
        forced_win(board, moves, nodes)
        return nodes[0]

    def best(self, c, pos):
        """Perfect play: the fastest forced win (first such cell)."""
        moves = self.scored_moves(pos["board"])
        return min(moves, key=lambda m: (-m[1], m[2] if m[1] > 0 else -m[2], m[0]))[0]
