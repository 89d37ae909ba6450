"""The kit's record options (astroplane.kit.recordlines and RecordFormat): turn lines with
seat letters, no Game header, the Rules header always, a First that depends on the seats;
tried on the example game so that no bundled game's own choices hide them (issue 20)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.games.astroplane.formats.record import GameRecord as AstroplaneRecord
from astroplane.kit import records
from astroplane.kit.anyrecord import record_format
from astroplane.kit.gamerecord import Record, RecordFormat, TurnLines
from astroplane.protocol import get_game

GAME = get_game("tic-tac-toe")
#: b2, a1, c3, c1 as the example game's moves.
MOVES = [4, 0, 8, 2]


def _record(**changes: Any) -> type[Record[Any, Any]]:
    fmt: RecordFormat[Any, Any] = attrs.evolve(record_format(GAME), **changes)
    return type("Probe", (Record,), {"__slots__": (), "FORMAT": fmt})


def _turns(**changes: Any) -> type[Record[Any, Any]]:
    turns = {"lines": TurnLines("XO"), "round_of": lambda state: (int(state.turn), True)}
    return _record(**{**turns, **changes})


def test_turn_lines_write_one_line_per_turn_with_its_seat_letter() -> None:
    """With TurnLines each turn is a line 'number. seat: plies'."""
    text = _turns().from_game(GAME.new_game(2), MOVES).to_text()
    assert text.splitlines()[-4:] == ["1. X: b2", "2. O: a1", "3. X: c3", "4. O: c1"]


def test_turn_lines_read_back_to_the_same_game() -> None:
    """A record written with turn lines reads back equal."""
    cls = _turns()
    rec = cls.from_game(GAME.new_game(2), MOVES)
    assert cls.from_text(rec.to_text()) == rec


def test_turn_lines_read_the_seat_letter_in_either_case() -> None:
    """A seat letter written in lower case names the same seat."""
    rec = _turns().from_text('[Game "tic-tac-toe"]\n\n1. x: b2\n')
    assert rec.moves == (4,)


def test_a_turn_line_must_name_the_turn_and_seat_to_act() -> None:
    """A turn line of another seat is refused, naming the turn and the seat to act."""
    with pytest.raises(NotationError, match="this is turn 1, X to move") as err:
        _turns().from_text('[Game "tic-tac-toe"]\n\n1. O: b2\n')
    assert err.value.line == 3


def test_a_turn_line_holds_only_its_own_turn() -> None:
    """A ply after the turn has ended is refused at its column."""
    with pytest.raises(NotationError, match="the turn is over before this move") as err:
        _turns().from_text('[Game "tic-tac-toe"]\n\n1. X: b2 a1\n')
    assert err.value.index == 9


def test_an_empty_turn_line_names_what_it_lacks() -> None:
    """A turn line without plies is refused with the layout's noun."""
    with pytest.raises(NotationError, match="at least one roll or move"):
        _turns(lines=TurnLines("XO", noun="roll or move")).from_text("1. X:\n")


def test_line_moves_groups_the_plies_as_the_text_does() -> None:
    """Record.line_moves gives the plies of each written line."""
    rec = _record().from_game(GAME.new_game(2), [*MOVES, 6])
    assert rec.line_moves() == ((4, 0), (8, 2), (6,))


def test_a_format_without_the_game_header_writes_none() -> None:
    """game_header=False leaves the Game header out, and the record still reads back."""
    cls = _record(game_header=False)
    text = cls.from_game(GAME.new_game(2), MOVES).to_text()
    assert "[Game" not in text and cls.from_text(text).moves == tuple(MOVES)


def test_rules_always_writes_the_default_rules() -> None:
    """rules_always writes the Rules header even for the game's default rules."""
    plain = _record().from_game(GAME.new_game(2), [])
    always = _record(rules_always=True).from_game(GAME.new_game(2), [])
    assert plain.header("Rules") is None
    assert always.header("Rules") == record_format(GAME).default_rules


def test_a_first_default_may_depend_on_the_start() -> None:
    """A callable first_default decides per start whether First is written."""
    cls = _record(first_default=lambda state: "XO"[int(state.to_move)])
    assert cls.from_game(GAME.new_game(2), []).header("First") is None


def test_an_unknown_variant_in_the_position_header_keeps_its_class() -> None:
    """An unknown rules name inside a Position header is an UnknownVariantError naming
    the header's line."""
    text = '[Seats "SN"]\n[Position "nope SN S2 t1 -"]\n'
    with pytest.raises(UnknownVariantError) as err:
        AstroplaneRecord.from_text(text)
    assert err.value.line == 2


def test_the_old_turn_line_reader_still_reads_with_a_warning() -> None:
    """kit.records.turn_line, public before TurnLines, still reads a turn line and warns."""
    with pytest.warns(DeprecationWarning, match="turn_label"):
        assert records.turn_line(" 3. n: Nl-f9se", 5, "SWNE") == (3, "N", 6, " Nl-f9se")
