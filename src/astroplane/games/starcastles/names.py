"""The players' colours, seat letters and module names [SC17].

Player ``i`` plays the kit palette's colour ``i`` (Okabe-Ito, ``astroplane.kit.svg``):
blue, orange, vermillion, reddish purple, bluish green, sky blue. Its seat letter is the
colour's initial: ``B O V R G S``. The formats name players by number (stack text
``P0B1S0`` [SC13], position text, JSON); the letters are for people (status lines,
seat names). A module is named by its kind letter and its player's number (``B1``: player
1's Battlement): modules of one kind and colour are interchangeable [SC13], so a module's
place says which one it is (``e3/B1`` in drawings' ids: ``mod-e3-B``).

Examples:
    >>> SEAT_NAMES, COLOUR_NAMES[3], SEAT_COLOURS[0]
    (('B', 'O', 'V', 'R', 'G', 'S'), 'reddish purple', '#0072B2')
    >>> module_name(1, 2), seat_label(4)
    ('B2', 'G (bluish green)')
"""

from __future__ import annotations

from astroplane.games.starcastles.stacks import KINDS
from astroplane.kit.limits import shown
from astroplane.kit.svg import PALETTE

__all__ = ["COLOUR_NAMES", "KIND_NAMES", "SEAT_COLOURS", "SEAT_NAMES", "module_name", "seat_label"]

#: The colour names by player number (the kit palette's).
COLOUR_NAMES: tuple[str, ...] = tuple(c.name for c in PALETTE)
#: The seat letters by player number: each colour's initial, reddish purple ``R``.
SEAT_NAMES: tuple[str, ...] = ("B", "O", "V", "R", "G", "S")
#: The players' colours, ``#rrggbb``, by player number (the kit palette's fills).
SEAT_COLOURS: tuple[str, ...] = tuple(c.fill for c in PALETTE)
#: The module kinds in words, by kind (``stacks.P``, ``B``, ``S``).
KIND_NAMES: tuple[str, ...] = ("Power Base", "Battlement", "Spire")


def module_name(kind: int, player: int) -> str:
    """A module's name: its kind letter and player number (``P0``, ``S5``).

    Raises:
        ValueError: If ``kind`` is not 0..2 or ``player`` not 0..5.
    """
    if kind not in (0, 1, 2) or player not in range(6):
        raise ValueError(
            f"a module is a kind 0..2 of a player 0..5, not {shown(kind)}, {shown(player)}"
        )
    return f"{KINDS[kind]}{player}"


def seat_label(player: int) -> str:
    """A player for people: seat letter and colour name (``B (blue)``).

    Raises:
        ValueError: If ``player`` is not 0..5.
    """
    if player not in range(6):
        raise ValueError(f"a player is 0..5, not {shown(player)}")
    return f"{SEAT_NAMES[player]} ({COLOUR_NAMES[player]})"
