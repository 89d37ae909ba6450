"""Writers refuse what their readers would refuse, with the reader's words (issue 32, item
8): more than ``MAX_RECORD_HEADERS`` headers, a record whose headers name another game,
more than ``MAX_RECORDS_GAMES`` records in one text. Whatever a writer writes reads back."""

from __future__ import annotations

from typing import Any

import pytest

import astroplane as ap
from astroplane.errors import NotationError
from astroplane.games import aeroplane_chess, square_off, starcastles
from astroplane.games.astroplane.formats import record as ap_record
from astroplane.kit import records
from astroplane.kit.limits import MAX_RECORD_HEADERS, MAX_RECORDS_GAMES

MODULES: dict[str, Any] = {
    "astroplane": ap_record,
    "aeroplane-chess": aeroplane_chess,
    "square-off": square_off,
    "starcastles": starcastles,
}
STARTS: dict[str, Any] = {
    "astroplane": lambda: ap.new_game(2),
    "aeroplane-chess": lambda: aeroplane_chess.new_game(2),
    "square-off": square_off.new_game,
    "starcastles": lambda: starcastles.new_game(2),
}


def _reader_error(text: str, module: Any) -> str:
    with pytest.raises(NotationError) as info:
        module.GameRecord.from_text(text)
    return info.value.problem


@pytest.mark.parametrize("name", sorted(MODULES))
def test_more_headers_than_a_reader_reads_are_refused(name: str) -> None:
    """Issue 32.8: a record of more than 64 headers was written and then refused by its
    reader; the writer refuses it now with the reader's message, and a record of exactly
    64 headers writes and reads back."""
    module, start = MODULES[name], STARTS[name]()
    own = len(module.GameRecord.from_game(start, []).headers)
    fits = {f"H{i}": "x" for i in range(MAX_RECORD_HEADERS - own)}
    record = module.GameRecord.from_game(start, [], headers=fits)
    assert len(record.headers) == MAX_RECORD_HEADERS
    assert module.GameRecord.from_text(record.to_text()) == record
    over = {**fits, "One_more": "x"}
    written = "".join(f'[H{i} "x"]\n' for i in range(MAX_RECORD_HEADERS + 1))
    expected = _reader_error(written, module)
    assert expected == f"a game has at most {MAX_RECORD_HEADERS} headers"
    with pytest.raises(ValueError, match=expected):
        module.GameRecord.from_game(start, [], headers=over)
    with pytest.raises(ValueError, match=expected):
        records.header_lines([(f"H{i}", "x") for i in range(MAX_RECORD_HEADERS + 1)])


def test_an_astroplane_record_naming_another_game_is_refused() -> None:
    """Issue 32.8: ASTROPLANE's records have no ``Game`` header of their own, so a
    caller's ``Game`` header naming another game was written, and the reader refused it;
    the writer refuses it now with the reader's message. ``Game: astroplane`` is fine."""
    start = ap.new_game(2)
    text = ap_record.GameRecord.from_game(start, []).to_text()
    expected = _reader_error('[Game "square-off"]\n' + text, ap_record)
    with pytest.raises(ValueError, match=expected.replace("(", r"\(").replace(")", r"\)")):
        ap_record.GameRecord.from_game(start, [], headers={"Game": "square-off"})
    same = ap_record.GameRecord.from_game(start, [], headers={"Game": "astroplane"})
    assert ap_record.GameRecord.from_text(same.to_text()) == same


@pytest.mark.parametrize("name", ["square-off", "starcastles"])
def test_more_records_than_a_reader_reads_are_refused(name: str) -> None:
    """Issue 32.8: ``write_records`` of more than ``MAX_RECORDS_GAMES`` records wrote a
    text ``read_records`` refuses (``kit.records``: "a record text holds at most 100000
    games"); it refuses them with the reader's message."""
    module, start = MODULES[name], STARTS[name]()
    one = module.GameRecord.from_game(start, [])
    with pytest.raises(ValueError, match=f"a record text holds at most {MAX_RECORDS_GAMES} games"):
        module.write_records([one] * (MAX_RECORDS_GAMES + 1))
    assert module.read_records(module.write_records([one] * 3)) == (one, one, one)
