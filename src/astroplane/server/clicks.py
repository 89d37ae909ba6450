"""How a person's clicks make each legal move on the play page: in its local mode for the
games other than ASTROPLANE (docs/play/boardgame.py imports this module from the wheel),
and in its online mode for every game (``astroplane.server.views``). It needs nothing of
the server's extra.

The click paths themselves are the protocol's (``astroplane.clicks``, and each game's
``click_paths`` / ``click_element`` hooks in its package's ``clicks`` module); this module
keeps the names the page and the server have used (``click_paths``, ``element_id``,
``button_label``, ``BUTTONS``, ``astroplane_target``, ``effect_phrases``) and adds the
page's help text per game (``HOWTO``).

    >>> from astroplane.protocol import get_game
    >>> game = get_game("starcastles")
    >>> paths = click_paths(game, game.new_game(2))
    >>> paths[0]
    {'text': 'Sb1-c4', 'clicks': ['b1', 'c4'], 'words': 'Spire b1 to the empty point c4'}
    >>> paths[-1]
    {'text': '*g7', 'clicks': ['@gem', 'g7'], 'words': 'a Phase Gem on g7'}
    >>> element_id("aeroplane-chess", "R1")
    'plane-R1'
"""

from __future__ import annotations

from types import MappingProxyType

from astroplane import clicks
from astroplane.clicks import BUTTONS, button_label, click_paths
from astroplane.games.astroplane.clicks import astroplane_target, effect_phrases
from astroplane.protocol import get_game

__all__ = [
    "BUTTONS",
    "HOWTO",
    "astroplane_target",
    "button_label",
    "click_paths",
    "effect_phrases",
    "element_id",
]

#: How to play by clicks, per game, for the page's help text.
HOWTO = MappingProxyType(
    {
        "astroplane": (
            "Click one of your ringed pieces, then the green ring where it goes (two moves a "
            "turn); when a move can be played in several ways, a dialog asks. \u201cEnd turn\u201d "
            "when only free Wormhole travels are left."
        ),
        "square-off": (
            "Click a green ring to place a piece there. Later, click one of your pieces, then the "
            "point it slides (or flies, jumps) to; in Trading Places, your piece then the opposing "
            "one to trade with. When you form a line of three, click the opposing piece to remove."
        ),
        "starcastles": (
            "Click a stack of yours (its top module moves), then the green point it goes to: a "
            "step, a slide, a dock on a stack, a castle step or swap; when the Spire alone or its "
            "whole castle can go, a dialog asks which. \u201cPlace a Phase Gem\u201d, then an "
            "empty point, puts a gem there (you then still move); \u201cPass\u201d when stuck."
        ),
        "aeroplane-chess": (
            "Click \u201cRoll the die\u201d, then one of your ringed planes and the ringed square "
            "it ends on (after any jump or shortcut); a plane in the hangar takes off to its "
            "take-off square."
        ),
    }
)


def element_id(game_name: str, token: str) -> str:
    """The id of the SVG element a place token of the game named ``game_name`` is ringed
    over (``pt-d2``, ``plane-R1``, ``sq-10``, ASTROPLANE's ``pos-e2.ne``):
    ``astroplane.clicks.element_id`` of the registered game."""
    return clicks.element_id(get_game(game_name), token)
