"""The packed board (astroplane.games.astroplane.packed): how a state stores its stacks and
locations."""

from __future__ import annotations

import pytest
from hypothesis import given

import astroplane as ap
from astroplane.games.astroplane.packed import (
    MAX_POSITIONS,
    N_PIECES,
    OWNER,
    location,
    pack,
    stack_at,
    unpack_stacks,
    unpack_where,
)
from astroplane.games.astroplane.pieces import PIECES_PER_PLAYER
from strategies import positions


def test_piece_count_and_owner_table_match_the_pieces() -> None:
    """N_PIECES is 4 seats of PIECES_PER_PLAYER, and OWNER[v] owns the piece of value v."""
    assert N_PIECES == 4 * PIECES_PER_PLAYER
    assert OWNER[0] == -1
    assert [OWNER[q + 1] for q in range(N_PIECES)] == [ap.piece_owner(q) for q in range(N_PIECES)]


@given(positions())
def test_packing_a_state_round_trips(s: ap.GameState) -> None:
    """Packing a state's stacks and locations and unpacking them gives them back, and the
    packed bytes are the state's own (equal states pack equally)."""
    n = s.topology.n_positions
    board, locs = pack(s.stacks, s.where, n)
    assert board == s.board and locs == s.locs
    assert unpack_stacks(board, n) == s.stacks
    assert unpack_where(locs) == s.where
    for p in range(n):
        assert stack_at(board, n, p) == s.stacks[p]
    for q in range(N_PIECES):
        assert location(locs, q) == s.where[q]


def test_a_board_too_large_to_pack_is_refused() -> None:
    """A board with more positions than a location's two bytes can name is a ValueError."""
    with pytest.raises(ValueError, match="too large to pack"):
        pack([], [-1] * N_PIECES, MAX_POSITIONS + 1)


def test_stacks_and_where_are_decoded_once() -> None:
    """state.stacks and state.where are decoded on first use and then the same objects."""
    s = ap.new_game(2)
    assert s.stacks is s.stacks
    assert s.where is s.where
    assert s.stack("Sl") == s.stacks[s.topology.position("Sl")] == (0, 1, 2)


def test_the_hot_path_codes_equal_the_enum_values() -> None:
    """astroplane.games.astroplane.rules.codes holds the MoveKind and CellKind values as plain
    ints."""
    from astroplane.games.astroplane.enums import CellKind
    from astroplane.games.astroplane.rules import codes

    for kind in ap.MoveKind:
        assert getattr(codes, kind.name) == kind.value
    for name in ("ORDINARY", "HYPERSPACE", "WORMHOLE", "SINGULARITY"):
        assert getattr(codes, name) == CellKind[name].value
