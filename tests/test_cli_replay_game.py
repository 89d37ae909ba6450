"""``astroplane replay`` finds a record's game as ``astroplane.read_record`` does
(``astroplane.records.game_of_record``), not by a regular expression of its own: the same
game for the same text, and the reader's errors, naming the header's line."""

from __future__ import annotations

from pathlib import Path

import pytest

import astroplane
from astroplane.cli import main
from astroplane.protocol import get_game


def _square_off_record() -> str:
    game = get_game("square-off")
    start = game.new_game(2)
    return astroplane.write_record(start, [game.parse_move(start, "d2")])


def test_a_game_header_after_long_headers_names_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The headers may come in any order: a Square Off record whose ``Game`` header follows
    three long ``Event``-like headers (12,000 characters) is Square Off's for the reader,
    and so for ``replay`` (which looked at the first 10,000 characters only and read it as
    ASTROPLANE's, then refused it)."""
    lines = _square_off_record().splitlines()
    long_headers = [f'[Note{k} "{"x" * 4000}"]' for k in range(3)]
    text = "\n".join([*long_headers, *lines]) + "\n"
    assert astroplane.read_record(text).game.name == "square-off"
    path = tmp_path / "late-game-header.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Square Off, 1 actions, 2 players (WB); every move is legal." in out


def test_an_unknown_game_is_the_readers_error_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``Game`` header naming no game: the reader's ``UnknownGameError`` words, with the
    header's line, after the file name, on one line, exit 1."""
    path = tmp_path / "chess.txt"
    path.write_text('[Event "club"]\n[Game "chess"]\n\n1. e4\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: invalid game record: the Game header: unknown game 'chess'" in err
    assert "(line 2: 'chess')" in err
    assert len(err.strip().splitlines()) == 1


def test_a_game_header_the_reader_refuses_is_refused_by_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``Game`` header that is not a name token (``"Square Off"``) is refused as the
    reader refuses it, not passed over as if the record had none."""
    text = _square_off_record().replace('"square-off"', '"Square Off"')
    with pytest.raises(ValueError) as refused:
        astroplane.read_record(text)
    path = tmp_path / "spaced.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert f"{path}: invalid game record: {refused.value}" in capsys.readouterr().err
