"""``astroplane.read_record`` / ``write_record``: records of every registered game, read
without knowing the game in advance (the game comes from the record's ``Game`` header)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import astroplane
from astroplane.errors import NotationError, UnknownGameError
from astroplane.protocol import Game, games, sample_chance

GAMES = sorted(games())


def _playout(game: Game[Any, Any], players: int, seed: int, plies: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    start = state = game.new_game(players)
    moves: list[Any] = []
    while len(moves) < plies and not state.is_over:
        if state.is_chance_node:
            move = sample_chance(state, rng)
        else:
            move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    return start, moves


@pytest.mark.parametrize("name", GAMES)
def test_every_game_round_trips_through_the_top_level_functions(name: str) -> None:
    """For every player count, a seeded game written by ``write_record`` reads back as the
    same game, start, moves and headers, and its ``states`` end where the play ended."""
    game = games()[name]
    for players in game.player_counts:
        start, moves = _playout(game, players, seed=players, plies=60)
        text = astroplane.write_record(start, moves, {"Event": f"round trip {players}"})
        record = astroplane.read_record(text)
        assert record.game is game
        assert record.start == start and record.moves == tuple(moves)
        assert record.headers["Event"] == f"round trip {players}"
        states = list(record.states())
        assert len(states) == len(moves) + 1 and states[0] == start
        end = start
        for move in moves:
            end = end.play(move)
        assert states[-1] == end == record.final
        again = astroplane.write_record(
            record.start, record.moves, {"Event": record.headers["Event"]}
        )
        assert again == text


def test_a_record_without_a_game_header_is_astroplanes() -> None:
    """ASTROPLANE's records have no ``Game`` header: such a record is read as ASTROPLANE's;
    another game's record keeps its own header."""
    start = astroplane.new_game(2)
    moves = start.legal_moves()[:1]
    text = astroplane.write_record(start, moves)
    assert "[Game " not in text
    record = astroplane.read_record(text)
    assert record.game.name == "astroplane" and record.moves == tuple(moves)
    square_off = games()["square-off"]
    assert astroplane.write_record(square_off.new_game(2), []).startswith('[Game "square-off"]')


@pytest.mark.parametrize(
    ("text", "name", "line"),
    [
        ('[Game "chess"]\n\n1. e4', "chess", 1),
        ('[Event "x"]\n[Game "Square-Off"]\n\n1. d2', "Square-Off", 2),
    ],
)
def test_an_unknown_game_is_an_unknown_game_error(text: str, name: str, line: int) -> None:
    """A ``Game`` header naming no registered or installed game: ``UnknownGameError``, a
    ``NotationError`` and so a ``ValueError``, with the name and the header's line."""
    with pytest.raises(UnknownGameError, match=rf"the Game header: unknown game '{name}'") as err:
        astroplane.read_record(text)
    assert isinstance(err.value, NotationError) and isinstance(err.value, ValueError)
    assert err.value.name == name and err.value.line == line


@pytest.mark.parametrize(
    ("text", "match"),
    [
        (b'[Game "square-off"]', "a record is text"),
        (None, "a record is text"),
        ("", "an empty record"),
        ('[Game "square-off"\n\n1. d2', "line 1"),
        ('[Game "square off"]\n\n1. d2', "Game header is printable ASCII"),
        ('[Game "square-off"]\n\n1. d2 d2', "line 3"),
        ('[Game "square-off"]\n\n1. d2\n\n[Game "square-off"]\n\n1. d2', "line 5"),
        ('[Game "starcastles"]\n\n1. Sb1-c4 Sb1-c4', "line 3"),
        ('[Seats "SN"]\n\n1. zz9', "line 3"),
    ],
)
def test_malformed_records_are_notation_errors(text: Any, match: str) -> None:
    """Text that is no record of one game (wrong type, empty, a broken header, an illegal
    move, two games) is a ``NotationError`` saying where."""
    with pytest.raises(NotationError, match=match):
        astroplane.read_record(text)


def test_write_record_needs_a_state_of_a_game() -> None:
    """``write_record`` of something that is no state, or of an illegal move, is a
    ``ValueError``."""
    with pytest.raises(ValueError, match="takes a state of a game, not str"):
        astroplane.write_record("standard SN S2", [])
    square_off = games()["square-off"]
    start = square_off.new_game(2)
    with pytest.raises(ValueError):
        astroplane.write_record(start, [astroplane.new_game(2).legal_moves()[0]])


def test_the_functions_are_exported() -> None:
    """The record functions, their result and error are top-level names."""
    for name in ("read_record", "write_record", "RecordedGame", "UnknownGameError"):
        assert name in astroplane.__all__ and getattr(astroplane, name) is not None
