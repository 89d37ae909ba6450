"""ASTROPLANE's SVG drawings of the board, like ``chess.svg``: ``board(state)`` gives a standalone
SVG document.

The drawing is built on ``astroplane.games.astroplane.geometry`` and uses only the standard library.
It has a ``viewBox`` (40 user units per cell), so it scales to any size, and ``width``/
``height`` attributes: one pixel per user unit, or ``size`` pixels wide. Colours are the
colour-blind-safe Okabe-Ito palette, and every piece also carries its name (``S3``), so
seats are never told apart by colour alone.

What is drawn: the grid in the two universes' shades [D1]; the special cells with
their marks (Singularity cells around the glowing Singularity point, Hyperspace ``H``,
Wormhole ends with the tube joining each pair outside the board edge, Anomaly
corners with their two firing positions and the cell each fires into, Start Areas
tinted in their seat's colour with an arrow into their entry cell); every piece as
the triangle it covers, its right angle at the apex it points at (marked by a white
dot), stacked pieces shifted so that the ones below peek out, the stack height in a
badge (a padlock when the stack holds captives); Squares outlined; the last move and
any requested highlights and arrows; the seat letters beside their sides; below the
board whose turn it is with the moves left (or the result), each seat's reserve and
score, and a key.

Ids, classes and data attributes, for a web frontend's click handlers and CSS. Names
are those of the notation; a ``.`` in an id must be escaped in a CSS selector
(``#pos-e2\\.ne``), or select by attribute (``[data-position="e2.ne"]``).

* root ``<svg>``: ``role="img"``, ``class="astroplane-board"``, ``data-orientation="S"``
  (the seat at the bottom), ``data-to-move="S"`` (left out on an empty board or once the
  game is over); its first child is a ``<title>``, ``ASTROPLANE:`` and the position text;
* cell: ``<rect id="cell-e2" class="cell entry u1" data-cell="e2">``, kinds
  ``ordinary``, ``entry``, ``hyperspace``, ``wormhole``, ``singularity``,
  ``start_area``, ``anomaly``; ``u0``/``u1`` is the universe;
* position: ``<polygon id="pos-e2.ne" class="pos" data-position="e2.ne">``, a
  transparent click target under the pieces: the quarter of the cell at the apex for a
  grid position (the four of a cell never overlap), the triangle of a firing position,
  the whole cell of a Start Area;
* piece: ``<g id="piece-S3" class="piece seat-S top" data-piece="S3"
  data-position="e2.ne" data-level="0" data-height="1">``, one per piece on a position;
  ``top`` for the top of its stack, ``captive`` below another player's top piece (never
  in a Singularity cell), ``under`` below an own top piece or in a Singularity stack;
  level 0 is the bottom of the stack;
* Wormhole tube: ``<g class="tube" data-ends="b1 i1">``;
  Square: ``<g class="square seat-S" data-cell="c3">``;
* marks: ``class="last-move"`` (origin and target), ``class="highlight"`` (with
  ``data-position`` or ``data-cell``; a highlighted position also gets a ``highlight
  outline`` over the pieces), ``class="arrow"`` and ``class="arrow last-move"``;
* seat letters beside the board: ``<g class="seat-badge seat-S">``, plus ``to-move``;
* status: ``<g id="status">`` holding ``<text class="turn">`` and one
  ``<g id="seat-S" class="seat seat-S">`` per seat, plus ``to-move``, ``removed``,
  ``winner`` when they apply; the key: ``<g id="legend">``.

With ``prefix="left"`` every id above starts ``left-`` (``left-cell-e2``), so that two
boards can share a page; classes and data attributes stay as they are.

Examples:
    >>> import astroplane
    >>> from astroplane import svg
    >>> drawing = svg.board(astroplane.new_game(players=2))
    >>> drawing.startswith("<svg") and 'id="piece-S3"' in drawing
    True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from astroplane.errors import DrawingError
from astroplane.games.astroplane import _svgdraw as draw
from astroplane.games.astroplane._svgscene import MARGIN, UNIT, Target, _Marks, _read_state, _Scene
from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.geometry import (
    board_geometry,
)
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.pieces import SEAT_NAMES, seat_from_name
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import REFERENCE_BOARD, Topology
from astroplane.kit import svg as kit_svg

__all__ = ["DrawingError", "board"]


def board(
    state: GameState | Topology | None = None,
    *,
    last_move: Move | None = None,
    arrows: Iterable[tuple[Target, Target]] = (),
    highlight: Iterable[Target] = (),
    orientation: Seat | int | str | None = None,
    size: int | None = None,
    coordinates: bool = True,
    legend: bool = True,
    prefix: str = "",
) -> str:
    """A standalone SVG document of a game state (or of an empty board).

    Args:
        state: The state to draw; a ``Topology`` or None draws that board (or the
            reference board) without pieces.
        last_move: The move that led to ``state``: its origin and target are
            highlighted and joined by an arrow (both firing positions and both landing
            places for a firing; nothing for an end of turn).
        arrows: ``(from, to)`` pairs to draw as arrows; each end is a position index, or
            a position name (``"e2.ne"``, ``"a1S"``, ``"Sl"``) or cell name (``"e2"``).
        highlight: Positions or cells to mark, named the same way (a frontend passes
            ``state.destinations(piece)``).
        orientation: The seat at the bottom of the picture (default S); W, N and E turn
            the board for those players.
        size: Width in pixels (the height follows); None: one pixel per user unit.
        coordinates: Draw file letters and rank numbers around the board.
        legend: Draw the key to the cells and marks below the board.
        prefix: Put before every element id, so that several boards can share one page
            (``prefix="left"`` gives ``left-cell-e2``, ``left-piece-S3``); letters,
            digits, ``-`` and ``_``, starting with a letter. ``""``: the ids above.

    Returns:
        The SVG document as text.

    Raises:
        DrawingError: If ``state`` is none of the three, ``arrows`` or ``highlight`` is
            not a list (a string is not) or names something not on the board, the
            orientation is not a seat, the size is not positive, the prefix is not an
            id prefix, ``coordinates`` or ``legend`` is not a bool, or ``last_move`` is
            not an ASTROPLANE ``Move`` that fits the board.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(players=2)
        >>> move = s.legal_moves()[0]
        >>> drawing = board(s.play(move), last_move=move, highlight=["e2"], orientation="N")
        >>> drawing.count('class="piece '), 'data-orientation="N"' in drawing
        (12, True)
        >>> board(s, arrows=[("Sl", "x9")])
        Traceback (most recent call last):
        ...
        astroplane.errors.DrawingError: arrow end 'x9' is not a position or cell of this board
    """
    if not (state is None or isinstance(state, (GameState, Topology))):
        raise DrawingError(f"cannot draw {state!r}: not an ASTROPLANE state, board or None")
    for name, flag in (("coordinates", coordinates), ("legend", legend)):
        if not isinstance(flag, bool):
            raise DrawingError(f"{name} is True or False, not {flag!r}")
    game = state if isinstance(state, GameState) else None
    topology = state if isinstance(state, Topology) else REFERENCE_BOARD
    if game is not None:
        topology = game.topology
    if orientation is None:
        seat = Seat.S
    else:
        try:
            seat = Seat(seat_from_name(orientation))
        except ValueError as error:
            raise DrawingError(f"orientation: {error}") from None
    try:
        kit_svg.check_pixels(size)
        ids = kit_svg.Ids(prefix)
    except ValueError as error:
        raise DrawingError(str(error)) from None
    scene = _Scene(_geometry(topology), _read_state(game), seat, ids)
    marks = _Marks.build(scene, last_move, arrows, highlight)
    label = "ASTROPLANE: " + (game.to_text() if game is not None else "the empty board")
    return _document(scene, marks, size, label, coordinates=coordinates, legend=legend)


#: The geometry of the last few boards drawn (a ``BoardGeometry`` never changes).
_geometry = functools.lru_cache(maxsize=8)(board_geometry)


def _document(
    scene: _Scene,
    marks: _Marks,
    size: int | None,
    label: str,
    *,
    coordinates: bool,
    legend: bool,
) -> str:
    width = (scene.grid_w + 2 * MARGIN) * UNIT
    top = (scene.grid_h + 2 * MARGIN) * UNIT
    panel, panel_h = draw.status(scene, top)
    key, key_h = draw.legend(scene, top + panel_h) if legend else ("", 0.0)
    height = top + panel_h + key_h
    facts = scene.facts
    to_move = None if facts is None or facts.winners is not None else SEAT_NAMES[facts.to_move]
    body = [
        kit_svg.el("rect", class_="background", width=width, height=height, fill=kit_svg.PAPER),
        draw.tubes(scene),
        draw.cells(scene),
        draw.decorations(scene),
        draw.squares(scene),
        draw.cell_marks(scene, marks),
        draw.position_targets(scene),
        draw.pieces(scene),
        draw.position_marks(scene, marks),
        draw.arrows(scene, marks),
        draw.coordinates(scene) if coordinates else "",
        draw.seat_badges(scene),
        panel,
        key,
    ]
    return kit_svg.document(
        body,
        width,
        height,
        size=size,
        label=label,
        class_="astroplane-board",
        data_orientation=scene.seat.name,
        data_to_move=to_move,
    )
