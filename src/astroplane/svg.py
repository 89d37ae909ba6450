"""SVG drawings of a state of any game, like ``chess.svg``: ``board(state)`` gives a
standalone SVG document.

An ASTROPLANE state (or a ``Topology``, or None for the empty reference board) is drawn by
``astroplane.games.astroplane.svg.board``, which takes every option below (its docstring
lists the ids, classes and data attributes a web frontend can use). A state of any other
registered game is drawn by its game's ``Game.render_svg``, which takes the options every
game's drawing shares: ``last_move``, ``prefix`` (ids under a prefix, so that two boards
can share a page) and ``size`` (the displayed width in pixels), the last two where the
game's drawing takes them (the four bundled games do); those games' drawing modules
(``astroplane.games.square_off.svg``...) have more.

Examples:
    >>> import astroplane
    >>> from astroplane import svg
    >>> drawing = svg.board(astroplane.new_game(players=2))
    >>> drawing.startswith("<svg") and 'id="piece-S3"' in drawing
    True
    >>> from astroplane.games import square_off
    >>> svg.board(square_off.new_game()).startswith("<svg")
    True
    >>> left = svg.board(square_off.new_game(), prefix="left", size=300)
    >>> 'id="left-pt-a1"' in left, 'width="300"' in left
    (True, True)
    >>> svg.board("e2")
    Traceback (most recent call last):
    ...
    astroplane.errors.DrawingError: cannot draw 'e2': not a state of a registered game
"""

from __future__ import annotations

import inspect
from typing import Any

from astroplane.errors import DrawingError
from astroplane.games.astroplane import svg as astroplane_svg
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import Topology
from astroplane.kit.limits import shown
from astroplane.protocol import get_game

__all__ = ["DrawingError", "board"]


def board(state: Any = None, **options: Any) -> str:
    """A standalone SVG document of ``state``, whatever its game.

    Args:
        state: A state of a registered game; for ASTROPLANE also a ``Topology`` or None
            (an empty board).
        **options: ASTROPLANE's drawing options (``last_move``, ``arrows``,
            ``highlight``, ``orientation``, ``size``, ``coordinates``, ``legend``,
            ``prefix``: see
            ``astroplane.games.astroplane.svg.board``). Other games take ``last_move``
            and, where their ``Game.render_svg`` takes them, ``prefix`` (letters, digits,
            ``-`` and ``_``, starting with a letter) and ``size`` (a positive whole number
            of pixels).

    Returns:
        The SVG document as text.

    Raises:
        DrawingError: If ``state`` is not a state of a registered game, its game has no
            drawing, an option is given for a game that does not take it, a ``prefix``
            or ``size`` is not one, or an ASTROPLANE option is wrong (see
            ``astroplane.games.astroplane.svg.board``).
    """
    if state is None or isinstance(state, (GameState, Topology)):
        other = sorted(set(options) - set(_ASTROPLANE_OPTIONS))
        if other:
            raise DrawingError(
                f"ASTROPLANE's drawing takes {', '.join(_ASTROPLANE_OPTIONS)},"
                f" not {', '.join(other)}"
            )
        return astroplane_svg.board(state, **options)
    try:  # get_game refuses a missing, non-string or unknown name with a ValueError
        game = get_game(getattr(type(state), "game_name", ""))
    except ValueError:
        raise DrawingError(
            f"cannot draw {shown(state)}: not a state of a registered game"
        ) from None
    if game.render_svg is None:
        raise DrawingError(f"the game {game.name!r} has no SVG drawing")
    other = sorted(set(options) - {"last_move", *_SHARED})
    if other:
        raise DrawingError(
            f"{game.title} is drawn with last_move, prefix and size here, not"
            f" {', '.join(other)}: use its own drawing module for more"
        )
    shared = {key: options[key] for key in _SHARED if key in options}
    takes = inspect.signature(game.render_svg)
    for key, value in shared.items():
        try:
            takes.bind(state, last_move=None, **{key: value})
        except TypeError:
            raise DrawingError(f"{game.title}'s drawing takes no {key}") from None
    try:
        return game.render_svg(state, last_move=options.get("last_move"), **shared)
    except DrawingError:
        raise
    except ValueError as exc:  # the game's drawing refusing an option: last_move, prefix...
        raise DrawingError(str(exc)) from None


#: The options of ``Game.render_svg`` besides ``last_move`` that a game's drawing may take.
_SHARED = ("prefix", "size")
#: The options of ASTROPLANE's drawing (``astroplane.games.astroplane.svg.board``).
_ASTROPLANE_OPTIONS = tuple(
    name for name in inspect.signature(astroplane_svg.board).parameters if name != "state"
)
