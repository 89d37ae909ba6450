"""The board for a terminal, the texts for newcomers, the outcome and status in words.

``render_text`` draws the star row by row, as the board's points lie: each point shows its
stack bottom to top (``P0B1S0``), ``!`` after a controlled castle, ``*1`` for player 1's
Phase Gem, ``.`` when empty; a highlighted point is bracketed (``[S0]``). The left margin
holds the row letters; a point's number is its place in the row from the left [SC10].

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> print(render_text(new_game(2)))
    a                            P0B0S0
    b                        P0B0S0  P0B0S0
    c      .       .       .       .       .       .       .
    d          .       .       .       .       .       .
    e              .       .       .       .       .
    f          .       .       .       .       .       .
    g      .       .       .       .       .       .       .
    h                        P1B1S1  P1B1S1
    i                            P1B1S1
    >>> status(new_game(2))
    'Round 1 of 200, turn 1: B (blue) to move; gems left 4 4'
"""

from __future__ import annotations

from collections.abc import Iterable

from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.names import seat_label
from astroplane.games.starcastles.stacks import stack_text
from astroplane.games.starcastles.state import StarCastlesState

__all__ = [
    "GOAL",
    "LEGEND",
    "RULES_SUMMARY",
    "describe_outcome",
    "highlights",
    "render_text",
    "status",
]

#: Columns per half point of the drawing: a point's label is centred in 8 columns.
_HALF = 4

GOAL = """\
StarCastles is a multi-level Chinese checkers for 2 to 6 players. Take apart your three
StarCastles (Power Base, Battlement, Spire) on your home arm of the star, move the pieces
across, and rebuild three castles on the trio of the opposite arm, each controlled by one
of your Spires. The first to do so wins."""

LEGEND = """\
Each point shows its stack bottom to top: P Power Base, B Battlement, S Spire, each with
its player's number (P0B1S0: player 0's Power Base, player 1's Battlement, player 0's
Spire). ! marks a controlled castle, *1 player 1's Phase Gem, . an empty point. Rows are
lettered from the top; a point is its row letter and its place from the left (e3 is the
centre of the 37-point board). Players 0..5 are B O V R G S (blue, orange, vermillion,
reddish purple, bluish green, sky blue)."""

RULES_SUMMARY = """\
The rules in short (the full rules: docs/starcastles/decisions.md and the spec):
- Only the top module of a stack moves. A Spire steps to a linked point: empty, or
  docking on a Battlement or Power Base. Nothing ever lands on a Spire.
- A Battlement slides along a line through empty points, stopping on an empty point or
  docking on a lone Power Base; a Power Base slides to an empty point.
- A Spire docking on Power Base + Battlement controls that castle: it may then step whole
  to an empty point, or swap onto its owner's destination trio (anti-spoiling).
- Before moving you may put one of your four Phase Gems on an empty point: it blocks that
  point for a round. Only one gem is in play at a time.
- No move: pass. No winner after max_rounds rounds: a draw."""


def _label(state: StarCastlesState, p: int, gem_of: dict[int, int]) -> str:
    cell = state.cells[p]
    if cell:
        return stack_text(cell) + ("!" if state.controlled >> p & 1 else "")
    return f"*{gem_of[p]}" if p in gem_of else "."


def render_text(state: StarCastlesState, highlight: Iterable[object] = ()) -> str:
    """The board as text for a terminal (the module docstring), without a status line.

    Args:
        state: The state.
        highlight: Point ids (or names) to bracket, such as ``highlights(state, move)``;
            anything else is ignored.

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> render_text(new_game(2), highlight=["a1"]).splitlines()[0].strip()
        'a                           [P0B0S0]'
    """
    board = state.board
    marked = {h for h in highlight if type(h) is int and 0 <= h < len(board)}
    marked |= {
        board.graph.index[h] for h in highlight if isinstance(h, str) and h in board.graph.index
    }
    gem_of = {g: i for i, g in enumerate(state.gems) if g >= 0}
    left = min(x for x, _y in board.graph.coords)
    rows: dict[str, list[tuple[int, str]]] = {}
    for p, name in enumerate(board.names):
        label = _label(state, p, gem_of)
        if p in marked:
            label = f"[{label}]"
        col = round((board.graph.coords[p][0] - left) * 2 * _HALF)
        rows.setdefault(name[0], []).append((col, label))
    lines = []
    for letter, cells in rows.items():
        line = ""
        for col, label in cells:
            start = 4 + col + _HALF - (len(label) + 1) // 2
            line += " " * max(1, start - len(line)) + label
        lines.append(letter + line[1:])
    return "\n".join(line.rstrip() for line in lines)


def describe_outcome(state: StarCastlesState) -> str:
    """A finished game's result in words ("" while it goes on).

    Examples:
        >>> import attrs
        >>> from astroplane.games.starcastles import new_game
        >>> describe_outcome(attrs.evolve(new_game(3), round=201))
        'Drawn: no player rebuilt their castles within 200 rounds'
    """
    if state.winner is not None:
        return (
            f"{seat_label(state.winner)} won in round {state.round}: three castles "
            "controlled by their Spires on their destination's trio"
        )
    if state.is_over:
        return f"Drawn: no player rebuilt their castles within {state.rules.max_rounds} rounds"
    return ""


def status(state: StarCastlesState) -> str:
    """One line for a running game: round, turn, who moves, the gems left (or the
    outcome once over)."""
    if state.is_over:
        return describe_outcome(state)
    left = " ".join(map(str, state.gems_left))
    removed = " (own gem just removed)" if state.removed else ""
    return (
        f"Round {state.round} of {state.rules.max_rounds}, turn {state.turn}: "
        f"{seat_label(state.to_move)} to move{removed}; gems left {left}"
    )


def highlights(state: StarCastlesState, move: Move) -> tuple[int, ...]:
    """The point a move goes to (a gem's point; the trio point of a swap), as point ids
    for ``render_text``'s ``highlight``; none for a pass.

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> s = new_game(2)
        >>> [s.board.names[p] for p in highlights(s, s.legal_moves()[0])]
        ['c4']
    """
    if not isinstance(move, Move) or move.kind == MoveKind.PASS or move.to < 0:
        return ()
    return (move.to,)
