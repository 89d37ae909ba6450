"""Readers given a ``str`` (or ``bytes``) subclass (issue 32, item 9): they work on the
characters themselves (``astroplane.kit.limits.plain_text``), so a ``__len__`` that lies
neither slips past a size limit nor cuts a read short, and a subclass's ``strip`` or
``split`` is never called."""

from __future__ import annotations

from typing import Any

import pytest

from astroplane.errors import NotationError
from astroplane.games import square_off, starcastles
from astroplane.kit.limits import MAX_JSON_TEXT, MAX_RECORD_TEXT, plain_text
from astroplane.protocol import get_game
from astroplane.testing.forgeries import LyingText

GAMES = ("astroplane", "aeroplane-chess", "square-off", "starcastles")


class LyingBytes(bytes):
    """``bytes`` whose ``len`` says 0."""

    def __len__(self) -> int:
        return 0


def _records(module: Any, games: int) -> str:
    start = module.new_game()
    moves = []
    s = start
    for _ in range(2):
        m = s.legal_moves()[0]
        moves.append(m)
        s = s.play(m)
    one = module.GameRecord.from_game(start, moves, event="Cup " * 100)
    return module.write_records([one] * games)


@pytest.mark.parametrize("module", [square_off, starcastles])
def test_a_lying_length_does_not_cut_a_read_short(module: Any) -> None:
    """Issue 32.9: ``read_records`` of a text whose ``len`` says 64 KiB read only its
    first 64 KiB; it reads every game now, as from the plain text."""
    text = _records(module, 500)
    assert len(text) > 3 * 65536
    lying = LyingText(text, 65536)
    assert module.read_records(lying) == module.read_records(text)
    assert len(list(module.iter_records(lying))) == 500


@pytest.mark.parametrize("name", GAMES)
def test_a_lying_length_does_not_slip_past_the_size_limit(name: str) -> None:
    """Issue 32.9: a record over 1 MiB whose ``len`` says 10 is refused by its size,
    as the plain text is."""
    g = get_game(name)
    record = g.record_from_text
    assert record is not None
    huge = LyingText("#" * (MAX_RECORD_TEXT + 1), 10)
    with pytest.raises(NotationError, match="longer than"):
        record(huge)
    with pytest.raises(NotationError, match="longer than"):
        g.from_json(LyingText(" " * (MAX_JSON_TEXT + 1), 2))
    with pytest.raises(NotationError, match="longer than"):
        g.from_json(LyingBytes(b" " * (MAX_JSON_TEXT + 1)))


@pytest.mark.parametrize("name", GAMES)
def test_a_subclass_whose_methods_raise_reads_as_its_characters(name: str) -> None:
    """Issue 32.9: a ``str`` subclass whose ``strip``, ``split``, ``lower``... raise
    ``AttributeError`` (a lying ``strip()`` did before, in the JSON and rules readers)
    reads exactly as the plain text in every reader."""
    g = get_game(name)
    s = g.new_game(g.player_counts[0])
    move = s.legal_moves()[0]
    texts = {
        "position": g.position_to_text(s),
        "json": g.to_json(s),
        "rules": g.rules_to_text(s.rules),
    }
    readers = {"position": g.position_from_text, "json": g.from_json, "rules": g.rules_from_text}
    for kind, text in texts.items():
        assert readers[kind](LyingText(text, 1)) == readers[kind](text), kind
    assert g.parse_move(s, LyingText(g.format_move(s, move), 0)) == move
    assert g.record_from_text is not None and g.record_to_text is not None
    record = g.record_to_text(s, [move], {})
    assert g.record_from_text(LyingText(record, 3)) == g.record_from_text(record)


def test_plain_text_copies_a_subclass_and_leaves_the_rest() -> None:
    """``plain_text`` gives a plain ``str``/``bytes`` of the same characters, the very
    object for a plain one, and anything else unchanged."""
    text = "abc"
    assert plain_text(text) is text
    copied = plain_text(LyingText("abc"))
    assert type(copied) is str and copied == "abc" and len(copied) == 3
    assert type(plain_text(LyingBytes(b"ab"))) is bytes and plain_text(LyingBytes(b"ab")) == b"ab"
    assert plain_text(3) == 3 and plain_text(None) is None
