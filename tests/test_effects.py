"""Move effects (issue 4): typed, ordered, JSON-serialisable events consistent with play()."""

from __future__ import annotations

import json

import attrs
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.formats import events as fx
from astroplane.games.astroplane.formats.jsonio import state_to_dict
from astroplane.games.astroplane.formats.notation import parse_move
from helpers import seeded_playout
from strategies import Playout, playouts

_RULES = (ap.STANDARD, ap.BASIC, ap.ADVANCED, attrs.evolve(ap.STANDARD, square_vs_square=True))


def _replay_events(before: ap.GameState, events: list[fx.Event]) -> dict[str, list[str]]:
    """Apply the events to the stacks of ``before`` (a frontend's view of the board)."""
    stacks = {k: list(v) for k, v in state_to_dict(before)["stacks"].items()}

    def take(piece: str) -> str:
        for name, st_ in stacks.items():
            if piece in st_:
                st_.remove(piece)
                return name
        raise AssertionError(f"{piece} is not on the board")

    for e in events:
        if isinstance(e, fx.PieceMoved):
            assert stacks[e.origin][-1] == e.piece  # only a top piece moves
            stacks[e.origin].pop()
            stacks.setdefault(e.target, []).append(e.piece)
        elif isinstance(e, fx.SentBack):
            for p in e.pieces:
                assert take(p) == e.origin
                stacks.setdefault(e.start_area, []).append(p)
        elif isinstance(e, fx.ReservePlaced):
            stacks.setdefault(e.start_area, []).append(e.piece)
        elif isinstance(e, fx.SquareMoved):
            for p in e.pieces:
                name = take(p)
                assert name.startswith(e.origin + ".")
                stacks.setdefault(e.target + name[len(e.origin) :], []).append(p)
        elif isinstance(e, fx.Eliminated):
            for p in e.pieces:
                take(p)
        elif isinstance(e, fx.PlayerRemoved):
            # A removed player's pieces leave the board and the reserve [D16].
            on_board = {p for st_ in stacks.values() for p in st_}
            for p in e.pieces:
                if p in on_board:
                    take(p)
    return {k: v for k, v in stacks.items() if v}


def _check(before: ap.GameState, move: ap.Move) -> list[fx.Event]:
    after = before.play(move)
    events = fx.effects(before, move)
    assert _replay_events(before, events) == state_to_dict(after)["stacks"]
    json.dumps([e.to_dict() for e in events])
    passes = [e for e in events if isinstance(e, fx.TurnPassed)]
    assert len(passes) == after.turn - before.turn
    if passes:
        assert passes[-1].seat == "SWNE"[after.to_move] and passes[-1].turn == after.turn
    elif after.outcome is None:
        used = 0 if move.kind == ap.MoveKind.TRAVEL else 1
        bonus = sum(isinstance(e, fx.BonusMove) for e in events)
        assert after.moves_left == before.moves_left - used + bonus
    gone = [(p, e.by) for e in events if isinstance(e, fx.Eliminated) for p in e.pieces]
    assert [(ap.piece_name(p), "SWNE"[b]) for p, b in after.eliminated] == [
        (ap.piece_name(p), "SWNE"[b]) for p, b in before.eliminated
    ] + gone
    removed = [e.seat for e in events if isinstance(e, fx.PlayerRemoved)]
    assert ["SWNE"[s] for s in after.removed] == ["SWNE"[s] for s in before.removed] + removed
    over = [e for e in events if isinstance(e, fx.GameOver)]
    assert len(over) == (after.outcome is not None)
    if over:
        assert over[0].reason == after.outcome.reason.value  # type: ignore[union-attr]
        assert events[-1] is over[0]
    return events


@given(st.integers(0, 2**32), st.integers(1, 120))
def test_events_are_consistent_with_the_states_before_and_after(seed: int, plies: int) -> None:
    """Replaying the events on the board before gives the board after; counts agree."""
    states, moves = seeded_playout(seed, plies)
    for before, move in zip(states, moves, strict=False):
        _check(before, move)


def _setup(stacks: dict[str, list[str]], **kw: object) -> ap.GameState:
    return ap.setup_position(players=2, stacks=stacks, **kw)  # type: ignore[arg-type]


def _play(state: ap.GameState, text: str) -> list[fx.Event]:
    return _check(state, parse_move(state, text))


def test_d11_hyperspace_jump_event() -> None:
    """A Hyperspace step is a move plus a jump from the entered cell to the arrival [D11]."""
    events = _play(_setup({"d2.se": ["S1"]}), "d2se-a6ne")
    assert events[:2] == [
        fx.PieceMoved("S1", "d2.se", "a6.ne", "ne", False),
        fx.Jumped("S1", "hyperspace", "e1", "a6"),
    ]


def test_d12_wormhole_events() -> None:
    """Passing through a Wormhole and free travel both report a wormhole jump [D12]."""
    s = _setup({"c2.sw": ["S1"], "b1.nw": ["S2"]})
    assert fx.Jumped("S1", "wormhole", "b1", "i1") in _play(s, "c2sw-i1ne")
    travel = _play(s, "b1nw~i1ne")
    assert travel[0] == fx.PieceMoved("S2", "b1.nw", "i1.ne", "ne", True)


def test_d9_d10_landing_bonus_and_send_back() -> None:
    """Landing lists the captives; leaving another's piece gives a bonus; send-backs per owner."""
    s = _setup({"e2.ne": ["N1", "S1"], "f3.se": ["S2", "N2"], "f3.nw": []}, turn=3)
    events = _play(s, "e2ne-f3nw+Sr+Nl")
    assert fx.BonusMove("S1", "N1") in events
    assert fx.SentBack("S", ("S2",), "f3.se", "Sr") in events
    assert fx.SentBack("N", ("N2",), "f3.se", "Nl") in events
    land = _setup({"e2.ne": ["S1"], "f3.nw": ["N1", "N2"]})
    assert fx.Landed("S1", "f3.nw", ("N1", "N2")) in _play(land, "e2ne-f3nw")


def test_d13_singularity_reserve_and_fire_events() -> None:
    """Entering the Singularity and firing report the pieces and reserve placements [D5, D13]."""
    s = _setup({"d4.ne": ["S1"]})
    events = _play(s, "d4ne-e5ne*r")
    assert fx.EnteredSingularity("S1", "e5") in events
    assert fx.ReservePlaced("S2", "Sr") in events
    fire = _setup({"a1S": ["S1"], "a1W": ["S2"]})
    events = _play(fire, "a1!*lr")
    assert events[0] == fx.Fired("a1", ("S1", "S2"))
    assert [e.piece for e in events if isinstance(e, fx.ReservePlaced)] == ["S3", "S4"]
    assert events[0].to_dict() == {"event": "fired", "corner": "a1", "pieces": ["S1", "S2"]}


def test_squares_slide_and_eliminate_events() -> None:
    """A Kill move reports the slide and the eliminated pieces (section 8)."""
    s = _setup({"d4.ne": ["S1"], "d4.sw": ["S2"], "d7.ne": ["N1", "N2"]})
    events = _play(s, "d4xd7")
    assert events[:2] == [
        fx.SquareMoved("S", "d4", "d7", ("S1", "S2")),
        fx.Eliminated(("N1", "N2"), "S", "d7"),
    ]


def test_turn_passes_and_game_over_events() -> None:
    """The last move of a turn passes it on; a true win ends the game (section 9)."""
    s = ap.new_game().play(parse_move(ap.new_game(), "Sl-e2ne"))
    assert _play(s, "Sr-f2ne")[-1] == fx.TurnPassed("S", "N", 2)
    win = _setup({"e5.ne": ["S1"], "f5.nw": ["S2"], "e6.se": ["S3"], "g7.sw": ["S4"]})
    last = _play(win, "g7sw-f6sw*l")[-1]
    assert isinstance(last, fx.GameOver) and last.true_win and last.winners == ("S",)


def test_d16_removed_player_event() -> None:
    """A stuck player in a 3-player game is removed with its pieces, after its turn starts [D16]."""
    s = ap.setup_position(
        players=3,
        stacks={"Sl": ["S1"], "e5.ne": ["W1"], "Nl": ["N1"]},
        reserve={"S": 9, "W": 0, "N": 9},
        eliminated=[(f"W{n}", "S") for n in range(2, 11)],
        moves_left=1,
    )
    events = _play(s, "Sl-e2ne")
    assert events[1:] == [
        fx.TurnPassed("S", "W", 2),
        fx.PlayerRemoved("W", ()),
        fx.TurnPassed("W", "N", 3),
    ]


@given(playouts(max_length=120))
def test_events_of_biased_playouts_are_consistent(playout: Playout) -> None:
    """Events of playouts biased towards rare actions agree with the states after."""
    for before, move in zip(playout.states, playout.moves, strict=False):
        _check(before, move)
