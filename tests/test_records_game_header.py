"""A record without a ``Game`` header is ASTROPLANE's, unless a header in it is one only
another registered game's records write (Aeroplane Chess's ``Colours``, StarCastles'
``Players``): then ``astroplane.read_record`` refuses it with a ``NotationError`` naming
the missing ``[Game "..."]`` header and that game, instead of reading it as ASTROPLANE's.
Which headers a game's records write comes from the game's record format, so a plug-in's
records are told apart the same way."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import astroplane
from astroplane.errors import NotationError
from astroplane.protocol import get_game
from astroplane.records import game_of_record, record_marks


def _without_game_header(name: str, players: int) -> str:
    game = get_game(name)
    start = game.new_game(players)
    text = astroplane.write_record(start, [], {"Event": "club"})
    assert text.startswith(f'[Game "{name}"]\n')
    return text.split("\n", 1)[1]


def test_aeroplane_chess_colours_without_game_header_is_refused() -> None:
    """The case of the issue: Aeroplane Chess's record less its ``Game`` header was read
    as ASTROPLANE's without complaint (its ``Colours`` header is none of ASTROPLANE's)."""
    text = _without_game_header("aeroplane-chess", 2)
    assert text.splitlines()[1] == '[Colours "RB"]'
    with pytest.raises(NotationError) as refused:
        astroplane.read_record(text)
    message = str(refused.value)
    assert '[Game "aeroplane-chess"]' in message and "Aeroplane Chess" in message
    assert "Colours" in message and refused.value.line == 2
    with pytest.raises(NotationError, match=re.escape('[Game "aeroplane-chess"]')):
        game_of_record(text)
    assert astroplane.read_record(f'[Game "aeroplane-chess"]\n{text}').game.name == (
        "aeroplane-chess"
    )


def test_every_game_header_is_found_from_the_games_record_format() -> None:
    """``Players`` is written by StarCastles' records and by the kit's records of every
    game with several player counts (the example game Pig, registered for the tests):
    nothing is hard-coded, and the message names every such game."""
    owners = record_marks()
    assert owners["Colours"] == ("aeroplane-chess",)
    assert {"starcastles", "pig"} <= set(owners["Players"])
    assert "Seats" not in owners and "Event" not in owners and "Game" not in owners
    text = _without_game_header("starcastles", 3)
    with pytest.raises(NotationError) as refused:
        astroplane.read_record(text)
    message = str(refused.value)
    assert '[Game "starcastles"]' in message and '[Game "pig"]' in message
    assert "Players" in message


def test_an_astroplane_record_stays_astroplanes() -> None:
    """As documented, a record without a ``Game`` header is ASTROPLANE's: with its own
    headers and with headers no game's records write (``Site``) it reads as before."""
    start = get_game("astroplane").new_game(2)
    text = astroplane.write_record(start, start.legal_moves()[:1], {"Site": "home"})
    assert "[Game " not in text
    record = astroplane.read_record(text)
    assert record.game.name == "astroplane" and record.headers["Site"] == "home"


def test_write_record_refuses_what_read_record_would_refuse() -> None:
    """An ASTROPLANE record given another game's header as an extra header would not read
    back (it would be that game's record without its ``Game`` header): ``write_record``
    refuses to write it, with the reader's words."""
    start = get_game("astroplane").new_game(2)
    with pytest.raises(ValueError, match=re.escape('[Game "aeroplane-chess"]')):
        astroplane.write_record(start, [], {"Colours": "RB"})
    square_off = get_game("square-off")
    text = astroplane.write_record(square_off.new_game(2), [], {"Colours": "mine"})
    assert astroplane.read_record(text).headers["Colours"] == "mine"


def test_the_formats_page_shows_what_the_reader_does() -> None:
    """docs/formats.md's "Records of any game" examples run as shown."""
    page = Path(__file__).resolve().parent.parent / "docs" / "formats.md"
    assert "## Records of any game" in page.read_text(encoding="utf-8")
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 3 and result.failed == 0
