"""The public namespace: what `import astroplane` offers and the thin format methods."""

from __future__ import annotations

import random

import pytest

import astroplane as ap


def test_all_names_exist_and_have_docstrings() -> None:
    """Every name in astroplane.__all__ exists; every callable or class has a docstring."""
    for name in ap.__all__:
        value = getattr(ap, name)
        if callable(value):
            assert (value.__doc__ or "").strip(), name


def _some_states() -> list[ap.GameState]:
    rng = random.Random(3)
    out = []
    for players in (2, 3, 4):
        s = ap.new_game(players)
        for _ in range(60):
            if s.is_over:
                break
            out.append(s)
            s = s.play(rng.choice(s.legal_moves()))
        out.append(s)
    return out


def test_state_methods_round_trip_text_dict_and_json() -> None:
    """GameState to_text/from_text, to_dict/from_dict, to_json/from_json give an equal state."""
    for s in _some_states():
        assert ap.GameState.from_text(s.to_text()) == s
        assert ap.GameState.from_dict(s.to_dict()) == s
        assert ap.GameState.from_json(s.to_json()) == s


def test_move_and_outcome_dicts_round_trip() -> None:
    """move_to_dict/move_from_dict and outcome_to_dict/outcome_from_dict give back equal
    values (the formats own these; Move and Outcome stay plain values)."""
    from astroplane.games.astroplane import formats

    s = ap.new_game(2)
    for m in s.legal_moves():
        assert formats.move_from_dict(formats.move_to_dict(m, state=s)) == m
        assert formats.move_from_dict(formats.move_to_dict(m)) == m
    outcome = ap.Outcome((0,), (5, 0, 2, 0), False, ap.EndReason.STUCK, 9)
    assert formats.outcome_from_dict(formats.outcome_to_dict(outcome)) == outcome
    two = ap.Outcome((0,), (5, 2), False, ap.EndReason.STUCK, 9, seats=(0, 2))
    assert formats.outcome_from_dict(formats.outcome_to_dict(two)) == two


def test_state_from_json_rejects_a_move() -> None:
    """GameState.from_json raises NotationError for JSON that holds a move, not a state."""
    s = ap.new_game(2)
    with pytest.raises(ap.NotationError, match="not a game state"):
        ap.GameState.from_json(ap.to_json(s.legal_moves()[0]))


def test_top_level_notation_helpers() -> None:
    """format_move and parse_move are available at the top level and agree."""
    s = ap.new_game(2)
    texts = [ap.format_move(s, m) for m in s.legal_moves()]
    assert texts == ["Sl-e2ne", "Sl-e2nw", "Sl-e2se", "Sr-f2ne", "Sr-f2nw", "Sr-f2sw"]
    assert [ap.parse_move(s, t) for t in texts] == list(s.legal_moves())


def test_moves_of_a_piece_lists_exactly_its_actions() -> None:
    """moves_of(piece) gives the legal actions that move that piece: none for a covered
    (captive) piece, its steps for a top piece, the firing for a loaded piece [D5, D9]."""
    s = ap.setup_position(
        stacks={"c3.ne": ["N1", "S1"], "b1.sw": ["S2"], "a1S": ["S3"], "a1W": ["S4"], "Nl": ["N2"]},
        reserve={"S": 6, "N": 8},
    )
    assert s.moves_of("N1") == ()  # held captive under S1
    assert all(m.origin == ap.REFERENCE_BOARD.position("c3.ne") for m in s.moves_of("S1"))
    assert s.moves_of("S1") and set(s.moves_of("S1")) <= set(s.legal_moves())
    fires = [m for m in s.moves_of("S3") if m.kind == ap.MoveKind.FIRE]
    assert fires and fires == [m for m in s.moves_of("S4") if m.kind == ap.MoveKind.FIRE]
    with pytest.raises(ValueError):
        s.moves_of("X1")


def test_destinations_and_reachable_cells_of_a_piece() -> None:
    """destinations() gives the positions a piece can take next; reachable_cells() their cells,
    with a firing position counted as its Anomaly corner (rulebook: The Basic Moves)."""
    b = ap.REFERENCE_BOARD
    s = ap.setup_position(stacks={"c2.sw": ["S1"], "Nl": ["N1"]}, reserve={"S": 9, "N": 9})
    names = {b.position_name(p) for p in s.destinations("S1")}
    # Into the Wormhole end b1 (nw, sw) or straight through to i1 (ne, nw, se) [D12].
    assert names == {"b1.nw", "b1.sw", "i1.ne", "i1.nw", "i1.se"}
    assert s.reachable_cells("S1") == (b.cell("b1"), b.cell("i1"))
    loaded = ap.setup_position(stacks={"b1.sw": ["S1"], "Nl": ["N1"]}, reserve={"S": 9, "N": 9})
    assert b.position("a1S") in loaded.destinations("S1")
    assert b.cell("a1") in loaded.reachable_cells("S1")
