"""What the protocol declares, checked for every registered game (so a game added to the
registry is checked without a test file of its own): seat colours, the turn number, the
turn limit the tools set, and the fixed action encoding and the observation where a game
offers them."""

from __future__ import annotations

import itertools
import math
import os
import pickle
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from astroplane.protocol import Game, games, sample_chance

GAMES = sorted(games())
BUNDLED = ("aeroplane-chess", "astroplane", "square-off", "starcastles")


def _random_states(game: Game[Any, Any], seed: int, plies: int = 120) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_game(game.player_counts[-1])
    out = [state]
    for _ in range(plies):
        if state.is_over:
            break
        move = (
            sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        )
        state = state.play(move)
        out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_seat_colours_cover_every_seat(name: str) -> None:
    """A game's seat colours, when it declares them, are #rrggbb, one per seat name, and
    tell every seat apart."""
    game = games()[name]
    if game.seat_colours is None:
        pytest.skip(f"{name} uses the kit's palette")
    assert len(game.seat_colours) == len(game.seat_names)
    assert all(re.fullmatch(r"#[0-9A-Fa-f]{6}", c) for c in game.seat_colours)
    assert len(set(game.seat_colours)) == len(game.seat_colours)


@pytest.mark.parametrize("name", GAMES)
def test_the_turn_starts_at_one_and_never_goes_back(name: str) -> None:
    """``state.turn`` is 1 at the start and never decreases along a game."""
    turns = [s.turn for s in _random_states(games()[name], seed=3)]
    assert turns[0] == 1
    assert all(b >= a for a, b in itertools.pairwise(turns))


@pytest.mark.parametrize("name", GAMES)
def test_a_turn_limit_ends_the_game_by_its_rules(name: str) -> None:
    """With the rules ``with_turn_limit(rules, 3)`` gives, a game is over by the end of
    turn 3, by the game's own rule (its returns are set)."""
    game = games()[name]
    if game.with_turn_limit is None:
        pytest.skip(f"{name} has no turn limit option")
    start = game.new_game(game.player_counts[0])
    rules = game.with_turn_limit(start.rules, 3)
    state = game.new_game(game.player_counts[0], rules=rules)
    rng = random.Random(1)
    while not state.is_over:
        assert state.turn <= 3
        state = state.play(
            sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        )
    assert sum(state.returns()) > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_action_encoding_is_a_bijection_on_legal_moves(name: str) -> None:
    """Where a game has a fixed action encoding, each legal move has a number below
    ``num_actions``, distinct moves have distinct numbers, and the number maps back."""
    game = games()[name]
    if game.num_actions is None or game.action_to_move is None or game.move_to_action is None:
        pytest.skip(f"{name} has no fixed action encoding")
    for state in _random_states(game, seed=5):
        if state.is_over or state.is_chance_node:
            continue
        numbers = [game.move_to_action(state, m) for m in state.legal_moves()]
        assert len(set(numbers)) == len(numbers)
        assert all(0 <= a < game.num_actions(state) for a in numbers)
        assert [game.action_to_move(state, a) for a in numbers] == list(state.legal_moves())


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_fills_its_shape_with_values_0_to_1(name: str) -> None:
    """Where a game has an observation, every seat's ``observe`` along a game gives as many
    values as ``observation_shape`` has cells, each 0.0 to 1.0, and the shape stays."""
    game = games()[name]
    if game.observe is None or game.observation_shape is None:
        pytest.skip(f"{name} has no observation")
    states = _random_states(game, seed=7)
    shape = game.observation_shape(states[0])
    for state in states:
        assert game.observation_shape(state) == shape
        for seat in state.seats:
            values = game.observe(state, seat)
            assert len(values) == math.prod(shape)
            assert all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("name", GAMES)
def test_ended_by_turn_limit_is_true_only_for_a_turn_limit_end(name: str) -> None:
    """Where a game says how it ended, a game stopped by ``with_turn_limit(rules, 3)``'s
    limit (none won by then) ended by the turn limit, and no running game did."""
    game = games()[name]
    if game.ended_by_turn_limit is None or game.with_turn_limit is None:
        pytest.skip(f"{name} does not say whether a game ended by its turn limit")
    start = game.new_game(game.player_counts[0])
    state = game.new_game(game.player_counts[0], rules=game.with_turn_limit(start.rules, 3))
    rng = random.Random(2)
    while not state.is_over:
        assert not game.ended_by_turn_limit(state)
        state = state.play(
            sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        )
    assert game.ended_by_turn_limit(state)


@pytest.mark.parametrize("name", GAMES)
def test_the_drawing_takes_the_last_move(name: str) -> None:
    """``render_svg(state)`` and ``render_svg(state, last_move=move)`` (the move that led to
    ``state``) both give an SVG document, and ``astroplane.svg.board`` draws the state of
    any game the same way."""
    from astroplane import svg

    game = games()[name]
    if game.render_svg is None:
        pytest.skip(f"{name} has no drawing")
    rng = random.Random(11)
    state = game.new_game(game.player_counts[0])
    for _ in range(12):
        if state.is_over:
            break
        move = (
            sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        )
        after = state.play(move)
        for drawing in (game.render_svg(after), game.render_svg(after, last_move=move)):
            assert drawing.lstrip().startswith(("<svg", "<?xml")), drawing[:80]
        assert svg.board(after, last_move=move) == game.render_svg(after, last_move=move)
        state = after


@pytest.mark.parametrize("name", GAMES)
def test_two_boards_of_a_game_share_a_page(name: str) -> None:
    """``astroplane.svg.board(state, prefix=...)`` draws any game with every id under the
    prefix (two boards with two prefixes share no id), and a bundled game also at the
    ``size`` asked for; a bad prefix or size, or an option no game's drawing shares, is a
    ``DrawingError``."""
    from astroplane import svg
    from astroplane.errors import DrawingError

    game = games()[name]
    if game.render_svg is None:
        pytest.skip(f"{name} has no drawing")
    state = _random_states(game, 5, plies=8)[-1]
    sized = {"size": 321} if name in BUNDLED else {}
    boards = {p: ET.fromstring(svg.board(state, prefix=p, **sized)) for p in ("left", "right")}
    ids = {p: {e.get("id") for e in root.iter() if e.get("id")} for p, root in boards.items()}
    assert ids["left"] and not ids["left"] & ids["right"]
    assert all(i.startswith(f"{p}-") for p, found in ids.items() for i in found)
    if sized:
        assert all(root.get("width") == "321" for root in boards.values())
    for bad in ({"prefix": "two words"}, {"prefix": 7}, {"size": 0}, {"size": True}):
        with pytest.raises(DrawingError):
            svg.board(state, **bad)
    if name != "astroplane":  # ASTROPLANE's own drawing takes many more options
        with pytest.raises(DrawingError, match="not arrows"):
            svg.board(state, arrows=())


@pytest.mark.parametrize("name", BUNDLED)
def test_a_last_move_that_is_no_move_of_the_game_is_a_drawing_error(name: str) -> None:
    """``astroplane.svg.board(state, last_move=...)`` with a text, a number, any object or
    a move of another game raises ``DrawingError`` (a ``ValueError``), never another
    exception: a server may pass on what a client sent."""
    from astroplane import svg
    from astroplane.errors import DrawingError

    state = games()[name].new_game(2)
    stranger = games()["square-off" if name != "square-off" else "astroplane"]
    foreign = stranger.new_game(2).legal_moves()[0]
    for junk in ("e2", 3, 2.5, object(), foreign):
        with pytest.raises(DrawingError):
            svg.board(state, last_move=junk)


@pytest.mark.parametrize("name", BUNDLED)
def test_a_player_count_is_an_int(name: str) -> None:
    """``new_game`` takes the player count as an int: its float, bool and string twins
    (``2.0``, ``True``, ``"2"``) are ValueErrors, as from a form or a socket; so is a
    first seat that is no seat (an empty list is not the default)."""
    game = games()[name]
    count = game.player_counts[0]
    assert game.new_game(count).seats
    for twin in (float(count), True, str(count), [count]):
        with pytest.raises(ValueError):
            game.new_game(twin)
    for first in (2.5, [], {}, -1, 10**9, object()):  # nor a first seat that is none
        with pytest.raises(ValueError):
            game.new_game(count, first=first)


@pytest.mark.parametrize("name", BUNDLED)
def test_the_evaluation_takes_only_a_seat_number(name: str) -> None:
    """``evaluate(state, seat)`` refuses what is no seat number (a name, a float twin, a
    bool, None, a number past the game's seats) with a ValueError, never a TypeError or
    a made-up value."""
    game = games()[name]
    assert game.evaluate is not None
    state = game.new_game(2)
    assert isinstance(game.evaluate(state, state.seats[0]), float)
    for junk in ("S", float(state.seats[0]), True, None, 6, -1):
        with pytest.raises(ValueError):
            game.evaluate(state, junk)


@pytest.mark.parametrize("name", GAMES)
def test_states_moves_and_rules_pickle(name: str) -> None:
    """States, their legal moves and their rules pickle and come back equal (and a state
    with the same hash), for a server's caches and worker processes."""
    for state in _random_states(games()[name], 3, plies=40)[::7]:
        back = pickle.loads(pickle.dumps(state))
        assert back == state and hash(back) == hash(state)
        assert pickle.loads(pickle.dumps(state.rules)) == state.rules
        moves = state.legal_moves()
        assert pickle.loads(pickle.dumps(moves)) == moves


def test_a_state_pickled_in_another_process_keeps_its_hash() -> None:
    """A state pickled by a process with another string-hash seed comes back equal and
    with this process's hash, so a worker's states find their entries in a cache."""
    script = (
        "import pickle, sys\n"
        "from astroplane.protocol import get_game\n"
        "out = {}\n"
        f"for n in {BUNDLED!r}:\n"
        "    s = get_game(n).new_game(2)\n"
        "    out[n] = s.play(s.legal_moves()[0])\n"
        "sys.stdout.buffer.write(pickle.dumps(out))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, env=env, check=True, timeout=120
    )
    theirs = pickle.loads(done.stdout)
    for name in BUNDLED:
        start = games()[name].new_game(2)
        ours = start.play(start.legal_moves()[0])
        assert theirs[name] == ours and hash(theirs[name]) == hash(ours), name


@pytest.mark.parametrize("name", GAMES)
def test_the_variants_are_rules_the_game_reads_back(name: str) -> None:
    """Where a game lists its variants, each name reads (``rules_from_text``) as the rules
    listed under it, and the game's standard rules are among them."""
    game = games()[name]
    if game.variants is None:
        pytest.skip(f"{name} does not list its variants")
    listed = game.variants()
    assert listed and all(game.rules_from_text(n) == r for n, r in listed.items())
    assert game.new_game(game.player_counts[0]).rules in listed.values()


def _team_setups(game: Game[Any, Any]) -> list[Any]:
    """A start of every player count with every listed variant the count allows."""
    rules = list(game.variants().values()) if game.variants is not None else [None]
    starts = []
    for n, r in itertools.product(game.player_counts, rules):
        try:
            starts.append(game.new_game(n, rules=r))
        except ValueError:  # a variant for some player counts only
            continue
    return starts


@pytest.mark.parametrize("name", GAMES)
def test_partners_are_a_symmetric_side_that_shares_the_result(name: str) -> None:
    """Where a game names partners, a seat's partners are other seats of the game, the
    relation is symmetric, and at the end of a random game partners got equal returns."""
    game = games()[name]
    if game.partners is None:
        pytest.skip(f"{name} has no teams")
    partners = game.partners
    teamed = 0
    for k, start in enumerate(_team_setups(game)):
        rng, state = random.Random(k), start
        for seat in start.seats:
            mates = partners(start, seat)
            assert seat not in mates and set(mates) <= set(start.seats)
            assert all(seat in partners(start, m) for m in mates)
        teamed += any(partners(start, s) for s in start.seats)
        for _ in range(3000):
            if state.is_over:
                break
            state = state.play(
                sample_chance(state, rng)
                if state.is_chance_node
                else rng.choice(state.legal_moves())
            )
        if state.is_over:
            values = state.returns()
            for seat in state.seats:
                assert all(values[m] == values[seat] for m in partners(state, seat))
    assert teamed  # some variant has teams
