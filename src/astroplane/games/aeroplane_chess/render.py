"""Text drawing of a state for terminals: ``str(state)``.

The board is the 15 by 15 cross of ``board`` (five characters a cell). An empty loop
square shows its number and colour in lower case (``14y``); a take-off square or home
column square its lower-case name (``rt``, ``rh3``). A plane shows its name (``R1``);
a stack its lowest plane and size (``R1*2``); a plane sharing a square with own planes
it is not stacked with, ``+`` and how many others (``R1+1``). A hangar shows its waiting
planes and, in brackets, those that arrived (``(R2)``). Under the board: each colour's
planes, and whose turn it is with the dice; in team play a line names the teams and each
colour's line its partner [AC26].

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> print(render(new_game(2)).splitlines()[-1])
    Turn 1: R (Red) to roll.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from astroplane.games.aeroplane_chess.board import (
    CELL_OF,
    CENTRE,
    COLOUR_NAMES,
    COLOURS,
    GRID,
    HANGAR,
    HANGAR_CELLS,
    LOOP,
    LOOP_COLOUR,
    SQUARE_NAMES,
    SQUARE_OF,
    plane_name,
)

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.view import StateView

__all__ = ["LEGEND", "describe_dice", "describe_outcome", "render", "team_line"]

_PLACES = ("1st", "2nd", "3rd", "4th")


def _empty(square: int) -> str:
    if square < LOOP:
        return SQUARE_NAMES[square] + COLOURS[LOOP_COLOUR[square]].lower()
    return SQUARE_NAMES[square].lower()


def describe_outcome(state: StateView) -> str:
    """The places of a finished game in words (empty while it goes on); at the turn limit
    the players left share the places left [AC21].

    Examples:
        >>> from astroplane.games.aeroplane_chess import position_from_text
        >>> describe_outcome(position_from_text("standard RB - t90 B1B2B3B4:BH6 fin:B"))
        '1st B (Blue), 2nd R (Red)'
        >>> describe_outcome(position_from_text("standard RYB - t1000000 R1:14"))
        'R (Red), Y (Yellow) and B (Blue) share 1st-3rd (turn limit)'
    """
    if not state.is_over:
        return ""
    if state.rules.teams:
        return _team_outcome(state)
    parts = [f"{_PLACES[i]} {COLOURS[s]} ({COLOUR_NAMES[s]})" for i, s in enumerate(state.finished)]
    left = state.ranking[len(state.finished) :]
    if not state.turn_limit:
        parts += [f"{_PLACES[len(state.finished)]} {COLOURS[left[0]]} ({COLOUR_NAMES[left[0]]})"]
        return ", ".join(parts)
    names = [f"{COLOURS[s]} ({COLOUR_NAMES[s]})" for s in left]
    places = f"{_PLACES[len(state.finished)]}-{_PLACES[len(state.ranking) - 1]}"
    parts.append(f"{', '.join(names[:-1])} and {names[-1]} share {places} (turn limit)")
    return ", ".join(parts)


def _who(c: int) -> str:
    return f"{COLOURS[c]} ({COLOUR_NAMES[c]})"


def _team_outcome(state: StateView) -> str:
    """The result of a team game [AC26]: the team that won, or a shared result."""
    if state.turn_limit:
        return "teams R+B and Y+G share the result (turn limit)"
    won = state.finished[-1] & 1
    return (
        f"{_who(won)} and {_who(won + 2)} win as a team, {_who(1 - won)} and {_who(3 - won)} lose"
    )


def team_line(state: StateView) -> str:
    """The teams in words, for team play (empty otherwise) [AC26].

    Examples:
        >>> from astroplane.games.aeroplane_chess import TEAMS, new_game
        >>> team_line(new_game(4, rules=TEAMS))
        'Teams: R (Red) and B (Blue) against Y (Yellow) and G (Green).'
    """
    if not state.rules.teams:
        return ""
    return f"Teams: {_who(0)} and {_who(2)} against {_who(1)} and {_who(3)}."


def describe_dice(state: StateView) -> str:
    """Whose turn it is and what the dice say, in words.

    Examples:
        >>> from astroplane.games.aeroplane_chess import position_from_text
        >>> describe_dice(position_from_text("standard RB B64 t7 B1:30 sixed:B1"))
        'Turn 7: B (Blue) rolled a 4 after a 6, to move.'
        >>> describe_dice(position_from_text("teams,roll_for_partner=on RYBG R? t40 "
        ...                                  "R1R2R3R4:RH6,B1:13 fin:R"))
        'Turn 40: R (Red) to roll for B (Blue).'
    """
    if state.is_over:
        return f"Turn {state.turn}: game over: {describe_outcome(state)}."
    who = f"{COLOURS[state.to_move]} ({COLOUR_NAMES[state.to_move]})"
    mover = state.mover
    helping = "" if mover == state.to_move else f" for {COLOURS[mover]} ({COLOUR_NAMES[mover]})"
    earlier = {0: "", 1: " after a 6", 2: " after two 6s"}[state.sixes]
    if state.roll == 0:  # a player home may roll for the partner [AC28]
        return f"Turn {state.turn}: {who} to roll{helping}{earlier}."
    return f"Turn {state.turn}: {who} rolled a {state.roll}{helping}{earlier}, to move."


LEGEND = """\
How to read the board (the 15 x 15 cross; the track runs clockwise):
  12b      loop square 12, coloured blue (r red, y yellow, b blue, g green)
  rh3      red's home column, third square; RH6 is red's centre triangle
  rt       red's take-off square (a plane leaving the hangar stands there first)
  R1       plane R1 here, or waiting in its hangar (the corner areas)
  R1*2     a stack of 2 with R1 at the bottom: they move together
  R1+1     R1 and one more plane of another stack or colour share the square
  (R1)     R1 has arrived in the centre
  >R1<     a square the move just made or a chosen move ends on
  (+B)     team play: this colour's partner (R with B, Y with G)"""
"""How to read ``render``'s board (``astroplane play``'s ``legend`` command)."""


def render(state: StateView, highlight: Iterable[int] = ()) -> str:
    """The board, each colour's planes and the dice, as text; squares in ``highlight``
    (square ids) are marked ``>like this<``."""
    grid = [["     "] * GRID for _ in range(GRID)]
    for square, (x, y) in enumerate(CELL_OF):
        grid[y][x] = f"{_empty(square):^5}"
    at: dict[int, list[tuple[int, ...]]] = {}
    for p, k in enumerate(state.planes):
        c = p >> 2
        if c not in state.seats:
            continue
        x, y = HANGAR_CELLS[c][p & 3]
        if k == HANGAR:
            grid[y][x] = f"{plane_name(p):^5}"
        elif k == CENTRE:
            grid[y][x] = f"({plane_name(p)}) "
        else:
            grid[y][x] = "  .  "
            unit = state.stack_of(p)
            if unit[0] == p:
                at.setdefault(SQUARE_OF[c][k], []).append(unit)
    for square, units in at.items():
        lead = units[0]
        text = plane_name(lead[0])
        if len(lead) > 1:
            text += f"*{len(lead)}"
        elif len(units) > 1:
            text += f"+{sum(len(u) for u in units) - 1}"
        x, y = CELL_OF[square]
        grid[y][x] = f"{text:^5}"
    for square in highlight:
        x, y = CELL_OF[square]
        grid[y][x] = f">{grid[y][x].strip()[:3]}<".center(5)
    lines = ["".join(row).rstrip() for row in grid]
    lines.append("")
    if state.rules.teams:
        lines.append(team_line(state))
    for c in state.seats:
        lines.append(_colour_line(state, c))
    lines.append(describe_dice(state))
    return "\n".join(lines)


def _colour_line(state: StateView, c: int) -> str:
    parts = []
    hangar = state.hangar(c)
    if hangar:
        parts.append("hangar " + " ".join(map(plane_name, hangar)))
    board = []
    for p in range(4 * c, 4 * c + 4):
        k = state.planes[p]
        unit = state.stack_of(p)
        if HANGAR < k < CENTRE and unit[0] == p:
            names = "".join(map(plane_name, unit))
            board.append(f"{names} {SQUARE_NAMES[SQUARE_OF[c][k]]}")
    if board:
        parts.append("flying " + ", ".join(board))
    done = state.arrived(c)
    if done:
        parts.append("arrived " + " ".join(map(plane_name, done)))
    mark = f" (+{COLOURS[c ^ 2]})" if state.rules.teams else ""
    if c in state.finished:  # in team play the team's result counts, not the place
        mark += " [home]" if state.rules.teams else f" [{_PLACES[state.finished.index(c)]}]"
    return f"{COLOURS[c]} {COLOUR_NAMES[c]}{mark}: " + "; ".join(parts)
