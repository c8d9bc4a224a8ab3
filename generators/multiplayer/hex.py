"""Hex on small boards (3x3 to 6x6): two players place stones, each trying to join its two sides.

Hex has no draws: a full board always holds exactly one winning chain. The exact policy solves
the position by search (generators/multiplayer/_hex_board.py) once at most EXACT_EMPTY cells are
empty, and says so rather than guess on a larger position. The heuristic takes a win or blocks
one at once, else plays where both players' shortest chains (counted in empty cells) meet,
nearest the centre.
"""
from __future__ import annotations

from fractions import Fraction

from procgym import Knob, register
from procgym.kit import Param, Tool
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import SeatTask, seat_knobs

from ._cells import cell_name, cell_names, read_cell
from ._hex_board import EXACT_EMPTY, board

MARKS = ("X", "O")
SOLVED_ENDGAME = 8  # against a fallible opponent the search solves positions only this small (cheaply)


def render(n: int, stones: list[int]) -> str:
    """The board as a rhombus: each row starts one space further right."""
    lines = [" " * 4 + " ".join(chr(ord("a") + c) for c in range(n))]
    for r in range(n):
        row = " ".join(MARKS[0] if stones[0] >> (r * n + c) & 1 else MARKS[1] if stones[1] >> (r * n + c) & 1 else "."
                       for c in range(n))
        lines.append(f"{' ' * r}{r + 1:>2}  {row}")
    return "\n".join(lines)


@register_game
class Hex(MultiplayerGame):
    """Hex for two players on an n x n board of hexagons: player_0 (X) and player_1 (O) take turns
    placing a stone on an empty cell, X first; X wins by a chain of X stones joining the top row to
    the bottom row, O by a chain joining the left column to the right column. There are no draws.
    Knobs set the board size and a few random opening stones."""

    name = "hex"
    knobs = (Knob("size", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8], (2, 8),
                  doc="rows and columns of the board"),
             Knob("opening", [1, 1, 1, 2, 2, 2, 2, 2, 2, 2] + [2] * 10, (0, 30),
                  doc="random stones placed (X and O in turn) before the players take over"))
    roles = ("X, joins top and bottom, moves first", "O, joins left and right")
    action_format = "an empty cell as column letter and row number, e.g. b2"
    example = "z9"  # boards have at most 8 columns: never a cell
    policies = ("random", "heuristic", "exact")

    def setup(self, rng, params):
        n = params["size"]
        state = {"size": n, "stones": [0, 0], "moves": [], "winner": None}
        b = board(n)
        for _ in range(params["opening"]):
            seat = len(state["moves"]) % 2
            taken = state["stones"][0] | state["stones"][1]
            # never a stone that finishes the game: the players take over an open position
            free = [i for i in range(n * n)
                    if not taken >> i & 1 and not b.joined(state["stones"][seat] | 1 << i, seat)]
            if not free:
                break
            cell = free[rng.randrange(len(free))]
            state["stones"][seat] |= 1 << cell
            state["moves"].append(cell)
        return state

    def to_move(self, state):
        return [] if state["winner"] is not None else [len(state["moves"]) % 2]

    def read(self, state, seat, text):
        n = state["size"]
        cell = read_cell(text, n, "b2")
        if (state["stones"][0] | state["stones"][1]) >> cell & 1:
            raise Illegal(f"the cell {text} is taken.")
        return cell

    def apply(self, state, moves):
        (seat, cell), = moves.items()
        state["stones"][seat] |= 1 << cell
        state["moves"].append(cell)
        sentence = f"{player_name(seat)} ({MARKS[seat]}) plays {cell_name(cell, state['size'])}."
        if board(state["size"]).joined(state["stones"][seat], seat):
            state["winner"] = seat
            sentence += f" That joins its two sides: {player_name(seat)} wins."
        return sentence

    def payoffs(self, state):
        return [1, -1] if state["winner"] == 0 else [-1, 1]

    def observe(self, state, seat):
        n = state["size"]
        last = chr(ord("a") + n - 1)
        sides = (f"row 1 to row {n}", f"column a to column {last}")
        return (f"You play {MARKS[seat]}: join {sides[seat]}. {player_name(1 - seat)} plays {MARKS[1 - seat]}: "
                f"join {sides[1 - seat]}.\n{render(n, state['stones'])}")

    def legal(self, state, seat):
        n = state["size"]
        taken = state["stones"][0] | state["stones"][1]
        names = cell_names(n)
        return [names[i] for i in range(n * n) if not taken >> i & 1]

    def rules(self, params):
        n = params["size"]
        last = chr(ord("a") + n - 1)
        opening = " The game may start from a few random opening stones." if params["opening"] else ""
        return (f"Hex for two players on a {n}x{n} board of hexagonal cells: columns a-{last} from the left, rows "
                f"1-{n} from the top, each row drawn one step further right than the one above. A cell touches up to "
                f"six others: its left and right neighbours in its row, the cell above it and the one above and to "
                f"the right, the cell below it and the one below and to the left (b2 touches a2, c2, b1, c1, a3 and "
                f"b3). Players take turns placing one stone on an empty cell: player_0 plays X and moves first, "
                f"player_1 plays O.{opening} X wins by a chain of touching X stones from row 1 to row {n}; O wins by a "
                f"chain of touching O stones from column a to column {last}. There are no draws. The winner's payoff "
                f"is +1, the loser's -1.")

    # --- policies -----------------------------------------------------------------------------
    def strategy(self, policy, state, seat):
        if policy == "random":
            return super().strategy(policy, state, seat)
        b, n = board(state["size"]), state["size"]
        me, other = state["stones"][seat], state["stones"][1 - seat]
        if policy == "exact":
            empty = b.full & ~(me | other)
            if empty.bit_count() > EXACT_EMPTY:
                raise ValueError(f"hex's exact policy solves positions with at most {EXACT_EMPTY} empty cells, "
                                 f"not {empty.bit_count()}")
            won = b.winning_move(me, other, seat)
            cells = [won] if won is not None else b.heuristic_moves(me, other, seat)
        elif policy == "heuristic":
            cells = b.heuristic_moves(me, other, seat)
        else:
            return super().strategy(policy, state, seat)
        return {cell_name(i, n): Fraction(1, len(cells)) for i in cells}


_POLICY_TEXT = {
    "random": "The other player places its stones uniformly at random on empty cells.",
    "heuristic": ("The other player takes a winning cell if it has one, else blocks yours, else plays a cell where "
                  "both players' shortest chains (counted in empty cells still needed) meet, the one nearest the "
                  "centre (at random among ties)."),
    "exact": ("The other player plays perfectly: it always plays a winning move when it has one (the one nearest "
              "the centre) and, when it is lost, plays like the heuristic."),
}


@register
class HexMatch(SeatTask):
    """Hex on 3x3 to 6x6 boards against a built-in opponent, from a random opening the agent can win
    from against that opponent's seeded moves, as X or O. Level 1 faces random stones, levels 2-7 a
    shortest-chain heuristic on ever larger boards, levels 8-10 a perfect player on 4x4 to 6x6
    boards with ten or eleven empty cells left, where only a won position can be won and every
    move of the agent must keep the win.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 520 problems/s at level 1, 135/s at level 5 and 150/s at level 10
    (bench/generation.py --seconds 1, one core).
    """

    name = "multiplayer/hex"
    game = Hex()
    # against perfect play the opponent's first move must come with at most EXACT_EMPTY empty cells
    knobs = seat_knobs(game, size=[3, 3, 4, 4, 5, 5, 6, 4, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 8],
                       opening=[(0, 2), (0, 2), (1, 3), (1, 3), (2, 4), (2, 4), (2, 4), (5, 6), (14, 15), (25, 26),
                                (1, 2), (3, 4), (2, 3), (1, 2), (5, 6), (4, 5), (3, 4), (2, 3), (1, 2), (0, 1)],
                       opponent=["random"] + ["heuristic"] * 6 + ["exact"] * 3 + ["heuristic"] * 10,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)
    tools = (Tool("place", "Place your stone on an empty cell.", "{cell}",
                  (Param("cell", "string", "the cell, column letter then row number, e.g. b2"),)),)
    # the search plays the heuristic's best move until the position is small enough to solve: one
    # line per match (every move plays out a heuristic or perfect reply), redrawn when it loses
    search_nodes = 60
    breadth = 1

    def order(self, c, m, moves):
        state, seat = m.state, c["seat"]
        b, n = board(state["size"]), state["size"]
        me, other = state["stones"][seat], state["stones"][1 - seat]
        solvable = EXACT_EMPTY if c["opponent"] == "exact" else SOLVED_ENDGAME
        if (b.full & ~(me | other)).bit_count() <= solvable:
            won = b.winning_move(me, other, seat)  # any winning move keeps the win: one line decides
            if won is not None or c["opponent"] == "exact":
                return [cell_name(won, n)] if won is not None else []
        return [cell_name(i, n) for i, _ in b.ranked(me, other, seat)[:self.breadth]]

    # levels 8-10 keep ten or eleven empty cells on ever larger boards, so more random stones make
    # the won endgame shorter to prove
    released_dips = {8: "level 8 brings in the perfect opponent on a 4x4 endgame of ten or eleven empty cells, "
                        "already won, after level 7's whole game on 6x6 against the heuristic",
                     9: "level 9's 5x5 endgame keeps level 8's ten or eleven empty cells after 14 random stones, "
                        "which mostly leave a win closer at hand",
                     10: "level 10's 6x6 endgame keeps ten or eleven empty cells after 25 random stones, which "
                         "mostly leave the agent a win in one or two moves"}

    def opponent_text(self, c):
        return _POLICY_TEXT[c["opponent"]]

    def longest(self, params, seat):
        return (params["size"] ** 2 - params["opening"] + 1) // 2

    def effort(self, problem):
        """The legal moves each move of the reference line is picked from (SeatTask.effort), and
        against the perfect opponent also the positions the search proving the start won examines:
        only a move that wins against every reply keeps the win."""
        choices = super().effort(problem)
        c = problem.check
        if c["opponent"] != "exact":
            return choices
        state, seat = c["match"]["state"], c["seat"]
        nodes = [0]
        board(state["size"]).wins(state["stones"][seat], state["stones"][1 - seat], seat, table={}, nodes=nodes)
        return choices + nodes[0]
