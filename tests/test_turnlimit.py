"""A turn limit means the same in every game and every tool (``astroplane.turnlimit``): no
turn after turn N is played, in ``play_game``, ``astroplane selfplay`` and the
conformance suite; a game with a turn-limit rule ends by it, any other is stopped."""

from __future__ import annotations

import re
from typing import Any

import pytest

from astroplane.agents import make_bot, play_game
from astroplane.cli import main
from astroplane.protocol import games, get_game
from astroplane.runs import bot_seed, dice_seed, game_seed
from astroplane.testing import check_conformance
from astroplane.turnlimit import check_max_turns, limit_state, limit_unit, stopped

#: (game, players) of the registry test: every registered game at its smallest table,
#: and StarCastles (whose rule counts rounds) at three and six.
TABLES = sorted(
    {(name, game.player_counts[0]) for name, game in games().items()}
    | {("starcastles", 3), ("starcastles", 6)}
)


def _library_run(
    name: str, players: int, max_turns: int, seed: int, bots: list[str]
) -> tuple[Any, list[int]]:
    """``play_game`` seeded as ``astroplane selfplay --seed SEED`` seeds its first game
    (``astroplane.runs``: the game's seed, then each seat's bot's and the dice's)."""
    game = get_game(name)
    start = game.new_game(players)
    first = game_seed(seed, 0)
    agents = {
        int(s): make_bot(bots[i % len(bots)], bot_seed(first, int(s)))
        for i, s in enumerate(start.seats)
    }
    turns: list[int] = []
    run = play_game(
        start,
        agents,
        max_turns=max_turns,
        chance_seed=dice_seed(first),
        on_action=lambda before, _m, _a: turns.append(before.turn),
    )
    return run, turns


@pytest.mark.parametrize(("name", "players"), TABLES)
@pytest.mark.parametrize("max_turns", [4, 9])
def test_every_game_stops_at_the_same_ply_in_the_library_and_the_command_line(
    name: str, players: int, max_turns: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every registered game, played with a small limit by ``play_game`` and by
    ``astroplane selfplay --max-turns``, stops at the same ply, and no action of a turn
    after the limit is played; a game that is not over was stopped by the tool."""
    seed = 5
    run, turns = _library_run(name, players, max_turns, seed, ["random"])
    assert turns and max(turns) <= max_turns
    if run.truncated:
        assert not run.final.is_over and run.final.turn == max_turns + 1
    else:
        assert run.final.is_over
    args = ["selfplay", "--game", name, "--players", str(players)]
    args += ["--bots", "random", "--seed", str(seed), "--max-turns", str(max_turns)]
    assert main(args) == 0
    out = capsys.readouterr().out
    found = re.search(r"^Game 1: (.*); (\d+) actions", out, re.M)
    assert found is not None, out
    assert int(found[2]) == len(run.moves)
    stopped_by_tool = "stopped when turn" in found[1]
    assert stopped_by_tool == run.truncated
    assert f"turn limit {max_turns}" in out


@pytest.mark.parametrize(("players", "rounds"), [(2, 500), (3, 333), (4, 250), (6, 166)])
def test_starcastles_counts_whole_rounds_of_its_own_table(players: int, rounds: int) -> None:
    """StarCastles' draw rule counts rounds [SC6]: a limit of 1000 turns is the whole rounds
    that end by turn 1000 for the table's size (two players: 500 rounds, not 166, which
    drew a 2-player game at turn 333, below its own 200-round default)."""
    sc = get_game("starcastles")
    assert limit_unit(sc) == "round"
    start = limit_state(sc.new_game(players), 1000)
    assert start.rules.max_rounds == rounds
    assert players * rounds <= 1000 < players * (rounds + 1)


def test_a_limit_a_rule_cannot_express_is_kept_by_the_tool() -> None:
    """Four turns of a six-player StarCastles game are less than a round: the rule is left
    as it is and ``play_game`` stops the game after turn 4; a Square Off limit beyond its
    rule's range [SO6] is kept the same way."""
    sc = get_game("starcastles")
    start = sc.new_game(6)
    assert limit_state(start, 4) == start
    run = play_game(start, [make_bot("random", i) for i in range(6)], max_turns=4)
    assert run.truncated and run.final.turn == 5 and not run.final.is_over
    so = get_game("square-off").new_game(2)
    assert limit_state(so, 1_000_000) == so


def test_games_with_a_turn_rule_end_by_it_when_the_turn_is_over() -> None:
    """ASTROPLANE [D18] and Square Off [SO6] end by their own rule, scored: the run is not
    truncated and the game says it ended by its turn limit."""
    for name in ("astroplane", "square-off"):
        game = get_game(name)
        run = play_game(game.new_game(2), [make_bot("random", 1), make_bot("random", 2)],
                        max_turns=3)  # fmt: skip
        assert not run.truncated and run.final.is_over
        assert game.ended_by_turn_limit is not None and game.ended_by_turn_limit(run.final)
        state, turns = run.initial, []
        for move in run.moves:
            turns.append(state.turn)
            state = state.play(move)
        assert max(turns) == 3


def test_aeroplane_chess_takes_a_limit_in_the_library() -> None:
    """``play_game(..., max_turns=300)`` no longer raises for a game without a turn-limit
    option: it stops the game there (or the race ends first)."""
    chess = get_game("aeroplane-chess")
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    run = play_game(chess.new_game(2), bots, max_turns=3)
    assert run.truncated and run.final.turn == 4
    assert not stopped(run.initial, 3) and stopped(run.final, 3) and not stopped(run.final, None)


@pytest.mark.parametrize("bad", [0, -1, True, 2.0, "5", None])
def test_a_limit_is_a_positive_int(bad: object) -> None:
    with pytest.raises(ValueError, match="max_turns is a positive number of turns"):
        check_max_turns(bad)
    if bad is not None:
        with pytest.raises(ValueError, match="max_turns is a positive number"):
            play_game(get_game("square-off").new_game(2), [make_bot("random")] * 2,
                      max_turns=bad)  # type: ignore[arg-type]  # fmt: skip


def test_the_conformance_suite_stops_a_game_without_a_rule_at_its_limit() -> None:
    """The conformance suite's ``max_turns`` is the same limit: an Aeroplane Chess game
    is stopped after turn 5 (a race takes a hundred turns or more) without a problem."""
    report = check_conformance(game="aeroplane-chess", players=(2,), games=2, max_turns=5,
                               hostile=0)  # fmt: skip
    assert report.ok, str(report)
    assert 0 < report.plies <= 2 * 5 * 8  # a turn is a roll and a move, more after a 6
