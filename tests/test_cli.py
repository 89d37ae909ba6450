"""The ``astroplane`` command line, driven as a user would: arguments, stdin, exit codes."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import astroplane as ap
from astroplane.cli import DEFAULT_MAX_TURNS, main

RESULT = re.compile(
    r"Game (\d+): ([SWNE+]+) (wins|share the win) \((a true win|no true win)[^)]*\); "
    r"scores ([^;]+); ended by (the rules|the turn limit)[^;]* turn (\d+); (\d+) actions"
)


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m astroplane ARGS`` in a subprocess, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "astroplane", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def play_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str, *args: str
) -> tuple[int, str, str]:
    """Run ``astroplane play ARGS`` in-process with scripted stdin; (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    if "--bots" not in args:  # the default opponent searches; greedy keeps the tests quick
        args = (*args, "--bots", "greedy")
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


# ---- selfplay -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_plays_games_to_an_outcome(players: int) -> None:
    """`selfplay --players N` plays complete games and reports winner, scores, true win, turns."""
    proc = run_cli("selfplay", "--players", str(players), "--games", "2", "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    results = RESULT.findall(proc.stdout)
    assert [r[0] for r in results] == ["1", "2"]
    for _n, winners, _verb, _true, scores, _how, _turn, actions in results:
        assert len(scores.split(",")) == players
        assert set(winners) - {"+"} <= set("SWNE"[s] for s in ap.new_game(players).seats)
        assert int(actions) > 0
    assert "Summary of 2 games" in proc.stdout


def test_main_job_command_plays_a_full_four_player_game() -> None:
    """The README command `selfplay --players 4 --games 1` ends by the rules; board and scores.

    Seeded: without a seed the command picks one at random, and an occasional game of
    four bots reaches the command line's turn limit (1000) and is stopped, which this test
    would read as a failure one run in many."""
    proc = run_cli("selfplay", "--players", "4", "--games", "1", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert "10  A" in proc.stdout and "Sl [" in proc.stdout  # the final board
    (result,) = RESULT.findall(proc.stdout)
    assert result[5] == "the rules"
    assert len(result[4].split(",")) == 4


def test_selfplay_is_reproducible_with_a_seed_and_mixed_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same --seed gives the same games; --bots is cycled over the seats."""
    args = ["selfplay", "--players", "3", "--games", "3", "--bots", "greedy,random", "--seed", "9"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    second = capsys.readouterr().out
    strip = re.compile(r", [\d.]+ s")  # timings differ
    assert strip.sub("", first) == strip.sub("", second)
    assert "S greedy, W random, N greedy" in first
    assert (
        main(["selfplay", "--players", "3", "--games", "3", "--bots", "random", "--seed", "10"])
        == 0
    )
    other = capsys.readouterr().out
    assert RESULT.findall(other) != RESULT.findall(first)


def test_d18_selfplay_turn_limit_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    """A game cut by --max-turns says it ended by the turn limit [D18]; the default is shown."""
    assert main(["selfplay", "--bots", "random", "--max-turns", "7", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "ended by the turn limit after turn 7" in out
    assert "turn limit 7" in out
    assert main(["selfplay", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert f"turn limit {DEFAULT_MAX_TURNS}" in out
    assert "ended by the rules" in out


def test_selfplay_show_prints_every_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """--show prints each action in move notation and the board after every turn."""
    assert main(["selfplay", "--show", "--bots", "random", "--max-turns", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("Turn 2: N to move") == 1
    assert out.count("Turn 4: N to move") == 1
    assert re.search(r"^S: S[lr]-[ef]2(ne|nw|se|sw)$", out, re.MULTILINE)


# ---- play ---------------------------------------------------------------------------


def test_play_accepts_legal_rejects_illegal_and_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play` rejects an illegal move with a message, keeps the state, then accepts legal ones."""
    script = "Sl-e2sw\nnonsense\nSl-e2ne\n2\nquit\n"
    code, out, _ = play_session(monkeypatch, capsys, script, "--seed", "4")
    assert code == 0
    # plain language first, the decision tag as a reference at the end
    assert "Not accepted: illegal move: a step from Sl cannot reach e2.sw" in out
    assert "(see [D8] on the Decisions page)" in out
    assert "Not accepted: expected" in out
    assert "S plays Sl-e2ne" in out
    # after two S moves the bot (N) replied, and S is to move again in turn 3
    assert re.search(r"^N plays ", out, re.MULTILINE)
    assert "Turn 3: S to move, 2 moves left" in out
    assert out.rstrip().endswith("Bye.")


def test_play_undo_takes_back_the_last_action(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`undo` restores the position before the human's last action; with none it says so."""
    script = "undo\nSl-e2ne\nundo\nSr-f2nw\nboard\nquit\n"
    code, out, _ = play_session(monkeypatch, capsys, script, "--seed", "4")
    assert code == 0
    assert "Nothing to undo." in out
    assert "Undone." in out
    last_board = out.rsplit("10  A", 1)[1]  # the board printed by `board`
    assert "Sl [S1 S2 S3]  Sr [S4 S5]" in last_board  # the undone Sl-e2ne is gone
    assert "S6nw" in last_board and "S3ne" not in last_board
    assert "Turn 1: S to move, 1 move left" in last_board


def test_play_moves_help_and_numbered_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`moves` lists the legal moves in notation, `help` explains, a number picks a listed move."""
    code, out, _ = play_session(monkeypatch, capsys, "help\nmoves\n7\n1\nquit\n", "--seed", "4")
    assert code == 0
    assert "undo" in out and "quit" in out
    assert out.count("1. Sl-e2ne") >= 2
    assert "there is no move number 7 (1-6)" in out
    assert "S plays Sl-e2ne" in out


def test_play_end_of_input_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """End of input (Ctrl-D) leaves the game with exit code 0 and no traceback."""
    code, out, err = play_session(
        monkeypatch, capsys, "Sl-e2ne\n", "--players", "3", "--human", "N"
    )
    assert code == 0
    assert "S plays" in out and "W plays" in out  # the bots moved first
    assert "Bye (end of input)." in out
    assert err == ""


def test_play_as_subprocess_with_scripted_stdin() -> None:
    """The interactive game works through a pipe: a bad move gets a message, EOF ends it."""
    proc = run_cli("play", "--seed", "1", stdin="e2ne-f3nw\nSr-f2ne\n")
    assert proc.returncode == 0, proc.stderr
    assert "Not accepted:" in proc.stdout
    assert "S plays Sr-f2ne" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_play_plays_a_whole_game_to_its_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A human who always plays the first listed move reaches the end of the game and its result."""
    code, out, _ = play_session(monkeypatch, capsys, "1\n" * 400, "--max-turns", "40")
    assert code == 0
    assert "Game over:" in out
    assert "ended by" in out


# ---- replay and records ----------------------------------------------------------------


def test_replay_of_a_recorded_selfplay_game_reproduces_the_final_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """selfplay --record writes records; replaying one reaches the same final position."""
    from astroplane.games.astroplane.formats.record import GameRecord

    assert (
        main(
            [
                "selfplay",
                "--players",
                "3",
                "--games",
                "2",
                "--seed",
                "11",
                "--record",
                str(tmp_path),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    # the same game, played again here with the seeds selfplay derives from --seed
    from astroplane.runs import RunSpec, game_seed, play_one

    spec = RunSpec("astroplane", 3, ("greedy",), max_turns=DEFAULT_MAX_TURNS)
    again = play_one(spec, 0, game_seed(11, 0))
    initial = ap.new_game(3, rules=attrs.evolve(ap.STANDARD, max_turns=DEFAULT_MAX_TURNS))
    moves, final = [], initial
    for text in again.moves:
        moves.append(ap.parse_move(final, text))
        final = final.play(moves[-1])
    record = GameRecord.from_text(files[0].read_text(encoding="utf-8"))
    assert list(record.moves) == moves
    replayed = record.final_state()
    assert replayed.stacks == final.stacks
    assert replayed.eliminated == final.eliminated
    assert replayed.scores() == final.scores()
    assert replayed.outcome == final.outcome
    assert str(files[0]) in out
    # and the replay command agrees
    assert main(["replay", str(files[0])]) == 0
    shown = capsys.readouterr().out
    assert "every move is legal" in shown
    assert str(final).split("\nGame over:")[0] in shown  # the final board


def test_d28_rules_option_reaches_the_game_and_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--rules takes a preset with options (standard,optional_reserve=on); the games use them
    and the records carry them in the Rules header [D28]."""
    args = ["selfplay", "--games", "1", "--seed", "3", "--record", str(tmp_path)]
    assert main([*args, "--rules", "Standard, optional_reserve=ON"]) == 0
    out = capsys.readouterr().out
    assert "standard,optional_reserve=on rules" in out
    from astroplane.games.astroplane.formats.record import GameRecord

    (path,) = tmp_path.iterdir()
    record = GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert record.header("Rules") == "standard,optional_reserve=on,max_turns=1000"
    assert record.initial.rules.optional_reserve
    assert main(["perft", "--depth", "1", "--rules", "basic,optional_reserve=on"]) == 0


def test_replay_show_and_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """replay --show prints every turn; --step waits for Enter and stops on `q`."""
    assert (
        main(
            [
                "selfplay",
                "--bots",
                "random",
                "--max-turns",
                "6",
                "--seed",
                "2",
                "--record",
                str(tmp_path),
            ]
        )
        == 0
    )
    capsys.readouterr()
    (path,) = tmp_path.iterdir()
    assert main(["replay", "--show", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(f"Turn {t}: " in out for t in range(1, 6))
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nq\n"))
    assert main(["replay", "--step", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Turn 2: N to move" in out and "Turn 3: S to move" in out
    assert "Turn 4: N to move" not in out


def test_replay_missing_file_exits_1(tmp_path: Path) -> None:
    """A missing record file: exit code 1 and one error line on stderr."""
    proc = run_cli("replay", str(tmp_path / "nope.apgame"))
    assert proc.returncode == 1
    assert proc.stderr.startswith("astroplane: error: cannot read")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_replay_bad_record_exits_1(tmp_path: Path) -> None:
    """A record that is not a game record, or holds an illegal move, exits 1 naming the problem."""
    bad = tmp_path / "bad.apgame"
    bad.write_text("this is not a game record\n", encoding="utf-8")
    proc = run_cli("replay", str(bad))
    assert proc.returncode == 1
    assert "invalid game record" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


# ---- perft ------------------------------------------------------------------------------


def test_d22_perft_prints_counts_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    """`perft` prints the perft count per depth [D22] and nodes per second."""
    from astroplane.perft import perft

    assert main(["perft", "--depth", "3", "--players", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "perft of ASTROPLANE, 3 players, standard rules, from the setup"
    assert lines[1].split() == ["depth", "nodes", "seconds", "nodes/s"]
    state = ap.new_game(3)
    for depth, line in enumerate(lines[2:], 1):
        fields = line.split()
        assert int(fields[0]) == depth
        assert int(fields[1]) == perft(state, depth)
    assert len(lines) == 5


# ---- usage errors, help, no command -------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["selfplay", "--players", "5"],
        ["selfplay", "--games", "0"],
        ["selfplay", "--bots", "minimax"],
        ["selfplay", "--rules", "chess"],
        ["selfplay", "--rules", "standard,optional_reserve=maybe"],
        ["perft", "--rules", "standard,reserve=on"],
        ["play", "--human", "W"],  # W is not in a 2-player game
        ["play", "--human", "X"],
        ["perft", "--depth", "two"],
        ["replay"],
        ["fly"],
    ],
)
def test_bad_arguments_exit_2(args: list[str]) -> None:
    """Bad command-line arguments exit with code 2 and a usage message naming the problem."""
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert "usage: astroplane" in proc.stderr
    assert "error:" in proc.stderr


@pytest.mark.parametrize("command", [[], ["selfplay"], ["play"], ["replay"], ["perft"]])
def test_help_on_every_command(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` works on the program and on every command and exits 0."""
    with pytest.raises(SystemExit) as exc:
        main([*command, "--help"])
    assert exc.value.code == 0
    assert "usage: astroplane" in capsys.readouterr().out


def test_no_command_prints_the_setup_and_a_hint() -> None:
    """`python -m astroplane` alone prints the 2-player setup and how to go on."""
    proc = run_cli()
    assert proc.returncode == 0
    assert str(ap.new_game(2)) in proc.stdout
    assert "astroplane --help" in proc.stdout


def test_library_and_command_line_without_rich() -> None:
    """Without the optional rich package the library imports and plays, and the command line
    says what to install (exit 1) instead of a traceback."""
    code = (
        "import sys; sys.modules['rich'] = None\n"
        "import astroplane\n"
        "s = astroplane.new_game(2)\n"
        "print(len(s.legal_moves()))\n"
        "from astroplane.cli import main\n"
        "sys.exit(main(['selfplay']))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip() == "6"
    assert proc.returncode == 1
    assert "pip install 'astroplane[cli]'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_second_game_plays_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--game aeroplane-chess` plays a 4-player game to a full ranking, records it with the
    rolls, replays the record and draws it, with no special case for the game."""
    assert main(["selfplay", "--game", "aeroplane-chess", "--players", "4", "--seed", "3",
                 "--record", str(tmp_path), "--svg", str(tmp_path / "end.svg")]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert re.search(r"Game 1: 1st [RYBG] \(\w+\), 2nd [RYBG] \(\w+\), 3rd [RYBG] \(\w+\), "
                     r"4th [RYBG] \(\w+\); \d+ actions", out)  # fmt: skip
    (record,) = tmp_path.glob("*.apgame")
    assert '[Game "aeroplane-chess"]' in record.read_text(encoding="utf-8")
    assert (tmp_path / "end.svg").read_text(encoding="utf-8").startswith("<svg")
    assert main(["replay", str(record)]) == 0
    assert "every move is legal" in capsys.readouterr().out
    code, out, _ = play_session(
        monkeypatch, capsys, "1\n" * 3000, "--game", "aeroplane-chess", "--seed", "2"
    )
    assert code == 0
    assert "R rolls" in out and "Game over: 1st" in out


def test_svg_of_the_final_position_marks_the_last_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--svg` of selfplay, replay and play draws the final position with the move that led
    to it marked, as the game's drawing marks a last move (Square Off: `id="last"`)."""
    end = tmp_path / "end.svg"
    assert main(["selfplay", "--game", "square-off", "--seed", "4", "--record", str(tmp_path),
                 "--svg", str(end)]) == 0  # fmt: skip
    assert 'id="last"' in end.read_text(encoding="utf-8")
    (record,) = tmp_path.glob("*.apgame")
    again = tmp_path / "again.svg"
    assert main(["replay", str(record), "--svg", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == end.read_text(encoding="utf-8")
    played = tmp_path / "played.svg"
    code, out, _ = play_session(
        monkeypatch, capsys, "1\n" * 3000, "--game", "square-off", "--seed", "2",
        "--svg", str(played),
    )  # fmt: skip
    assert code == 0 and "Game over" in out
    assert 'id="last"' in played.read_text(encoding="utf-8")
    capsys.readouterr()


@pytest.mark.parametrize(
    ("args", "end"),
    [
        (("--rules", "family"), "Game over: 1st"),
        (("--rules", "teams", "--players", "4"), "win as a team"),
    ],
)
def test_aeroplane_chess_house_rules_play_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: tuple[str, ...],
    end: str,
) -> None:
    """`play --game aeroplane-chess --rules family` and a team game play to the end [AC27];
    the team game shows the teams under the board [AC26]."""
    code, out, _ = play_session(
        monkeypatch, capsys, "1\n" * 6000, "--game", "aeroplane-chess", "--seed", "2", *args
    )
    assert code == 0 and end in out
    assert f"{args[1]} rules" in out
    assert ("Teams: R (Red) and B (Blue)" in out) == (args[1] == "teams")


def test_aeroplane_chess_teams_with_two_players_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--rules teams` with two players stops with a usage error naming [AC26], not a
    traceback."""
    with pytest.raises(SystemExit) as exc:
        main(["play", "--game", "aeroplane-chess", "--rules", "teams"])
    assert exc.value.code == 2
    assert "team play is for four players, not 2 [AC26]" in capsys.readouterr().err


def test_play_default_opponent_is_the_search_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`astroplane play` plays against MCTSBot by default; --think sets its time per move."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nquit\n"))
    assert main(["play", "--seed", "1", "--think", "0.05s"]) == 0
    out = capsys.readouterr().out
    assert "against N (mcts)" in out
    assert re.search(r"^N plays ", out, re.MULTILINE)


def test_a_team_game_names_the_partner_and_the_opponents(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a team game the person hears who plays with them (Game.partners) and whom they
    play against; without teams every other seat is an opponent [AC26]."""
    teams = ("--game", "aeroplane-chess", "--players", "4", "--seed", "1")
    _, out, _ = play_session(monkeypatch, capsys, "quit\n", *teams, "--rules", "teams")
    assert "You play R with your partner B (greedy) against Y (greedy) and G (greedy);" in out
    _, out, _ = play_session(
        monkeypatch, capsys, "quit\n", *teams, "--rules", "teams", "--human", "G"
    )
    assert "You play G with your partner Y (greedy) against R (greedy) and B (greedy);" in out
    _, out, _ = play_session(monkeypatch, capsys, "quit\n", *teams)
    assert "You play R against Y (greedy), B (greedy), G (greedy);" in out


def test_selfplay_counts_a_team_win_for_both_partners(capsys: pytest.CaptureFixture[str]) -> None:
    """The selfplay summary of team games counts a team's win as a win of each partner
    (not a shared win), marks each seat's partner and tallies the teams' wins."""
    args = ["selfplay", "--game", "aeroplane-chess", "--players", "4", "--rules", "teams"]
    assert main([*args, "--games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 players (R greedy, Y greedy, B greedy, G greedy), teams rules" in out
    assert "teams R+B against Y+G" in out
    results = re.findall(r"Game \d: (R|Y) \(\w+\) and (B|G) \(\w+\) win as a team", out)
    rb = sum(1 for first, _ in results if first == "R")
    assert len(results) == 4 and 0 < rb < 4  # the seed gives each team a win
    rows = dict(re.findall(r"│ ([RYBG]) \(\+[RYBG]\) +│ greedy +│ +(\d+) │ +0 │", out))
    assert rows == {"R": str(rb), "B": str(rb), "Y": str(4 - rb), "G": str(4 - rb)}
    assert f"teams: R+B won {rb}, Y+G won {4 - rb};" in out


def test_each_game_lists_its_own_rules_variants(capsys: pytest.CaptureFixture[str]) -> None:
    """`astroplane games` lists each game's --rules variants (Game.variants), and the
    --rules help says each game has its own."""
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert (
        "Aeroplane Chess (2, 3, 4 players); --rules standard, classic, modern, family, teams" in out
    )
    assert "ASTROPLANE (2, 3, 4 players); --rules standard, basic, advanced" in out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    helptext = " ".join(capsys.readouterr().out.split())
    assert "each game has its own" in helptext
    assert "Aeroplane Chess: standard, classic, modern, family, teams" in helptext
