"""Click-to-move over every registered game (``astroplane.clicks`` and the ``click_paths`` /
``click_element`` hooks): every legal move of many seeded positions has a click path, the
path maps back to the move, what can be clicked next follows the paths, and every place
clicked is an element of the game's drawing."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from astroplane import clicks
from astroplane.errors import WrongGameError
from astroplane.protocol import Game, games, get_game, sample_chance
from astroplane.server import clicks as page_clicks

GAMES = sorted(games())
BUNDLED = ("aeroplane-chess", "astroplane", "square-off", "starcastles")
_ID = re.compile(r'\bid="([^"]+)"')


def _positions(game: Game[Any, Any], seed: int, plies: int = 70, every: int = 3) -> list[Any]:
    """Every ``every``-th decision state of a seeded random game of each player count."""
    rng = random.Random(seed)
    out = []
    for players in game.player_counts:
        state = game.new_game(players)
        for ply in range(plies):
            if state.is_over:
                break
            if state.is_chance_node:
                state = state.play(sample_chance(state, rng))
                continue
            if ply % every == 0:
                out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return out


def _check_state(game: Game[Any, Any], state: Any) -> int:
    """Check the paths of one state; the number of paths."""
    found = clicks.paths(state)
    legal = state.legal_moves()
    texts = [game.format_move(state, m) for m in legal]
    assert {p.text for p in found} == set(texts)
    for move in legal:
        assert any(p.move == move for p in found), game.format_move(state, move)
    ids = set(_ID.findall(game.render_svg(state))) if game.render_svg is not None else set()
    by_clicks: dict[tuple[str, ...], list[clicks.ClickPath]] = {}
    for path in found:
        assert path.move in legal and game.format_move(state, path.move) == path.text
        by_clicks.setdefault(path.clicks, []).append(path)
        for n, token in enumerate(path.clicks):
            assert token in clicks.clickable(state, path.clicks[:n])
            if clicks.is_button(token):
                assert clicks.button_label(token)
            elif game.render_svg is not None:
                assert clicks.element_id(game, token) in ids, (path, token)
        # No path is the start of another: a completed path makes its move at once.
        assert clicks.clickable(state, path.clicks) == ()
    for shared, same in by_clicks.items():
        back = clicks.moves_for_clicks(state, shared)
        assert set(back) == set(same)
        # Several moves on one path differ in a choice: different moves, different words.
        assert len({p.move for p in same}) == len(same)
        assert len({p.words for p in same}) == len(same), [p.words for p in same]
    assert page_clicks.click_paths(game, state) == [p.to_dict() for p in found]
    return len(found)


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_has_a_click_path_that_makes_it(name: str) -> None:
    """Over seeded random positions of every player count: the paths cover exactly the
    legal moves, each maps back to its move, each token is clickable after the ones before
    it, no path begins another, moves that share a path differ in words, and each place
    is drawn."""
    game = games()[name]
    checked = paths = 0
    for seed in (1, 2, 3):
        for state in _positions(game, seed):
            paths += _check_state(game, state)
            checked += 1
    assert checked >= 8 and paths >= checked


@pytest.mark.parametrize("name", BUNDLED)
def test_the_bundled_games_click_on_the_board(name: str) -> None:
    """The bundled games give their own paths: almost every move clicks the drawing (a
    path of buttons alone is a pass or an end of turn), none is a button of its notation;
    in Aeroplane Chess, a roll with no move is a pass."""
    game = get_game(name)
    assert game.click_paths is not None and game.click_element is not None
    on_board = buttons_only = 0
    for state in _positions(game, seed=4):
        for path in clicks.paths(state):
            fallback = f"@{path.text}"
            assert fallback not in path.clicks or fallback in clicks.BUTTONS, path
            if all(clicks.is_button(t) for t in path.clicks):
                buttons_only += 1
            else:
                on_board += 1
    assert on_board > (2 if name == "aeroplane-chess" else 10) * buttons_only, (
        on_board,
        buttons_only,
    )


def test_a_game_without_paths_gets_a_button_per_move() -> None:
    """A plug-in without ``click_paths`` (tic-tac-toe) is played by one button per move."""
    game = get_game("tic-tac-toe")
    assert game.click_paths is None
    state = game.new_game(2)
    found = clicks.paths(state)
    assert [p.clicks for p in found] == [(f"@{p.text}",) for p in found]
    assert clicks.button_label(found[0].clicks[0]) == found[0].text


def test_chance_nodes_and_finished_games_have_no_paths() -> None:
    """At a die roll and after the end nothing is clicked: the frontend rolls the die."""
    game = get_game("aeroplane-chess")
    state = game.new_game(2)
    assert state.is_chance_node
    assert clicks.paths(state) == () and clicks.clickable(state) == ()
    assert clicks.moves_for_clicks(state, []) == ()


@pytest.mark.parametrize("bad", [["zz"], ["@nothing"], ["b1", "b1"], "b1", [3]])
def test_clicks_that_begin_no_move_are_a_click_error(bad: Any) -> None:
    """Clicks that begin no legal move's path, or that are not a list of tokens, raise
    ``ClickError`` (a ``ValueError``)."""
    state = get_game("starcastles").new_game(2)
    with pytest.raises(clicks.ClickError):
        clicks.clickable(state, bad)
    with pytest.raises(ValueError):
        clicks.moves_for_clicks(state, bad)


def test_the_hook_refuses_another_games_state() -> None:
    """``click_paths`` is a state hook: another game's state is a ``WrongGameError``, and a
    button has no element."""
    game = get_game("square-off")
    with pytest.raises(WrongGameError):
        game.click_paths(get_game("starcastles").new_game(2))
    with pytest.raises(ValueError, match="is a button"):
        clicks.element_id(game, "@pass")
    with pytest.raises(ValueError, match="one or more non-empty tokens"):
        clicks.ClickPath(None, "x", (), "x")


def test_the_page_names_still_work() -> None:
    """``astroplane.server.clicks`` keeps the page's names: element ids per game, labels."""
    assert page_clicks.element_id("aeroplane-chess", "R1") == "plane-R1"
    assert page_clicks.element_id("aeroplane-chess", "10") == "sq-10"
    assert page_clicks.element_id("astroplane", "e2.ne") == "pos-e2.ne"
    assert page_clicks.element_id("square-off", "d2") == "pt-d2"
    assert page_clicks.button_label("@gem") == "Place a Phase Gem"
    assert set(page_clicks.HOWTO) == set(BUNDLED)
