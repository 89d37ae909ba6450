"""StarCastles game records [SC24], [SC25], [SC26]: one line per round, each turn's gem and move
in order, read back by replaying every ply and refusing anything else with the line,
the column and the rule."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sc_helpers import ALL_RULES, homing_game, playout, pos

from astroplane.errors import IllegalMoveError, NotationError, UnknownVariantError
from astroplane.games.starcastles import (
    OWN_CASTLES,
    STARCASTLES,
    STARCASTLES_121,
    Move,
    Rules,
    StarCastlesState,
    new_game,
    parse_move,
    position_to_text,
)
from astroplane.games.starcastles.record import (
    GameRecord,
    iter_records,
    read_records,
    result_text,
    write_records,
)
from astroplane.kit.limits import MAX_HEADER_VALUE, MAX_RECORD_HEADERS, MAX_RECORD_TEXT
from astroplane.protocol import get_game

#: Three players, B first: B's Spire steps, O plays a gem and steps, V steps; B again.
THREE = "Sb1-c4 *e3 Sf6-f5 Sf1-e1 Sc4-d4"


def moves_of(state: StarCastlesState, texts: str) -> list[Move]:
    """The moves of space-separated notation, played from ``state``."""
    out = []
    for text in texts.split():
        out.append(parse_move(state, text))
        state = state.play(out[-1])
    return out


def read_error(text: str, match: str | None = None) -> NotationError:
    """The NotationError reading ``text`` raises (its message matching ``match``)."""
    with pytest.raises(NotationError, match=match) as err:
        GameRecord.from_text(text)
    return err.value


@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.sampled_from(ALL_RULES))
def test_random_games_round_trip(seed: int, players: int, rules: Rules) -> None:
    """A random game of any rules and player count reads back equal, writes the same text
    again and replays through the same states to the same end."""
    states, moves = playout(seed, players, rules, max_plies=150)
    rec = GameRecord.from_game(states[0], moves, event="fuzz")
    text = rec.to_text()
    back = GameRecord.from_text(text)
    assert back == rec and back.to_text() == text
    assert back.final_state() == states[-1] and list(back.replay()) == states
    assert back.header("Players") == str(players)
    assert back.header("Result") == result_text(states[-1])


@pytest.mark.parametrize("rules", [STARCASTLES, STARCASTLES_121, OWN_CASTLES])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_preset_and_player_count_with_any_first_player(rules: Rules, players: int) -> None:
    """Each preset and player count, each player first, round-trips; First is written
    only when the first player is not B."""
    for first in range(players):
        rng = random.Random(first)
        s = start = new_game(players, rules=rules, first=first)
        moves = []
        for _ in range(3 * players):
            moves.append(rng.choice(s.legal_moves()))
            s = s.play(moves[-1])
        rec = GameRecord.from_game(start, moves)
        assert GameRecord.from_text(rec.to_text()) == rec
        assert rec.header("First") == ("BOVRGS"[first] if first else None)
        assert rec.header("Rules") == (None if rules == STARCASTLES else rules.name)


@given(st.integers(0, 2**32 - 1), st.integers(2, 6))
def test_records_from_any_position_of_a_game_round_trip(seed: int, players: int) -> None:
    """A record starting anywhere (mid-round, after a gem) has a Position header and reads
    back equal; its first line is 'N...' exactly when the round is under way."""
    states, moves = playout(seed, players, Rules(max_rounds=30), max_plies=100)
    cut = random.Random(seed).randrange(len(states))
    rec = GameRecord.from_game(states[cut], moves[cut:])
    text = rec.to_text()
    assert GameRecord.from_text(text) == rec
    s = states[cut]
    if cut < len(moves):
        mid = s.to_move != s.first or s.gems[s.to_move] >= 0
        first_line = next(line for line in text.splitlines() if line[:1].isdigit())
        assert first_line.startswith(f"{s.round}{'...' if mid else '.'} ")


def test_a_hand_written_record_is_read_exactly() -> None:
    """Comments, blank lines, extra blanks, a round split over two lines and any header
    order are read; the headers are kept as written and the text writes back canonically."""
    text = """# three players
[Round "2"]
[Players "3"]
[Game "starcastles"]
[Event "Club \\"night\\""]

1.   Sb1-c4 *e3
1... Sf6-f5 Sf1-e1
# round 2
2. Sc4-d4
"""
    rec = GameRecord.from_text(text)
    assert rec.header("Event") == 'Club "night"' and rec.header("Round") == "2"
    assert rec.initial == new_game(3) and len(rec.moves) == 5
    assert rec.moves == tuple(moves_of(new_game(3), THREE))
    assert GameRecord.from_text(rec.to_text()) == rec
    assert rec.to_text().splitlines()[-2:] == ["1. Sb1-c4 *e3 Sf6-f5 Sf1-e1", "2. Sc4-d4"]


def test_a_gem_is_its_own_ply_and_the_own_gem_removal_is_not_written() -> None:
    """[SC25] A gem is written before the move of its turn; when its owner's next turn
    starts it leaves the board unwritten, and a gem then is refused [SC7]."""
    s = new_game(3)
    moves = moves_of(s, THREE)
    after = s
    for m in moves:
        after = after.play(m)
    assert after.to_move == 1 and after.gems[1] == -1 and after.removed
    text = GameRecord.from_game(s, moves).to_text()
    assert "1. Sb1-c4 *e3 Sf6-f5 Sf1-e1\n2. Sc4-d4\n" in text
    err = read_error(text.replace("2. Sc4-d4", "2. Sc4-d4 *c1"), r"\[SC7\]")
    assert err.line == 6 and err.index == 10
    assert "round 2, O's move '*c1'" in err.problem


def test_a_player_with_no_move_passes_after_a_gem() -> None:
    """[SC25] A pass is written 'pass', after the turn's gem if there is one."""
    start = pos({"i1": "S0", "h1": "S1", "h2": "S1"})
    moves = moves_of(start, "*a1 pass")
    rec = GameRecord.from_game(start, moves)
    assert rec.to_text().endswith("\n1. *a1 pass\n")
    assert GameRecord.from_text(rec.to_text()) == rec
    err = read_error(rec.to_text().replace("*a1 pass", "*a1 Si1-h1"), r"\[SC3\]")
    assert "B's move 'Si1-h1'" in err.problem


def test_results_are_the_winner_or_a_draw() -> None:
    """[SC26] The Result header is '*', the winner's seat letter and 'wins', or
    'draw (max_rounds)'; a Result that is not the game's is refused."""
    states = homing_game(3)
    assert states[-1].winner is not None
    moves = [
        next(m for m in a.legal_moves() if a.play(m) == b) for a, b in itertools.pairwise(states)
    ]
    rec = GameRecord.from_game(states[0], moves)
    assert rec.header("Result") == f"{'BOVRGS'[states[-1].winner]} wins"
    assert GameRecord.from_text(rec.to_text()) == rec
    states, moves = playout(1, 2, Rules(max_rounds=2))
    rec = GameRecord.from_game(states[0], moves)
    assert rec.header("Result") == "draw (max_rounds)"
    assert GameRecord.from_text(rec.to_text()).final_state().is_over
    err = read_error(rec.to_text().replace("draw (max_rounds)", "B wins"))
    assert "does not match the game: draw (max_rounds)" in err.problem


def test_headers_are_written_only_when_needed() -> None:
    """[SC24] Game and Players always; Rules only when not starcastles; First only when
    not B; Position for other home arms or any later position (then no First)."""
    assert GameRecord.from_game(new_game(2), []).headers == (
        ("Game", "starcastles"),
        ("Players", "2"),
        ("Result", "*"),
    )
    rec = GameRecord.from_game(new_game(4, rules=OWN_CASTLES, first=3), [])
    assert rec.header("Rules") == "own-castles" and rec.header("First") == "R"
    start = new_game(2, arms=(1, 4), first=1)
    rec = GameRecord.from_game(start, [])
    assert rec.header("Position") == position_to_text(start) and rec.header("First") is None
    assert GameRecord.from_text(rec.to_text()).initial == start


_POSITION = "starcastles 03 f0 m1 r7 c3:S1,d3:*0,e3:P0B1S0! 23 -"


@pytest.mark.parametrize(
    ("text", "line", "match"),
    [
        ('[Game "square-off"]\n', 1, "not a starcastles record: its Game header names"),
        ('[Game "aeroplane-chess"]\n', 1, "not a starcastles record"),
        ('[Seats "SN"]\n1. S: Sl-e2ne\n', 1, "it is 'astroplane''s"),
        ('[Game "StarCastles"]\n', 1, "its Game header names 'StarCastles'"),
        ('[Game "starcastle\u0455"]\n', 1, "printable ASCII without blanks"),
        ('[Players "3"]\n[Players "3"]\n', 2, "header Players is given twice"),
        ('[Players "7"]\n', 1, r"the Players header is the number of players, 2 to 6 \[SC2\]"),
        ('[Players "1"]\n', 1, "2 to 6"),
        ('[Players "03"]\n', 1, "2 to 6"),
        ('[Players "\uff13"]\n', 1, "printable ASCII without blanks"),
        ('[Players " 3"]\n', 1, "printable ASCII without blanks"),
        ('[First "V"]\n', 1, "the First header is the seat letter of a player"),
        ('[Players "3"]\n[First "o"]\n', 2, "the First header is the seat letter"),
        ('[Rules "starcastles,arm=5"]\n', 1, "arm"),
        ('[Position "starcastles 03"]\n', 1, "the Position header: "),
        (f'[Position "{_POSITION}"]\n[Players "3"]\n', 2,
         r"the Players header does not agree with the Position \(2\)"),
        (f'[Position "{_POSITION}"]\n[First "O"]\n', 2,
         r"the First header does not agree with the Position \(B\)"),
        (f'[Rules "own-castles"]\n[Position "{_POSITION}"]\n', 1,
         r"the Rules header does not agree with the Position \(starcastles\)"),
        ('[Event "x"] x\n', 1, r'a header is \[Name "value"\]'),
        ("1. Sb1-c4\n[Event \"late\"]\n", 2, "a header after the moves"),
    ],
)  # fmt: skip
def test_header_rules(text: str, line: int, match: str) -> None:
    """Each header rule refuses a wrong header with NotationError naming its line."""
    assert read_error(text, match).line == line


def test_an_unknown_preset_is_an_unknown_variant_on_its_line() -> None:
    """A Rules header naming no preset raises UnknownVariantError with the line."""
    with pytest.raises(UnknownVariantError) as err:
        GameRecord.from_text('[Players "2"]\n[Rules "starcastle"]\n')
    assert err.value.line == 2


@pytest.mark.parametrize(
    ("body", "column", "match"),
    [
        ("1. Sb1-c4 Sa1-b1\n", 11, r"round 1, O's move 'Sa1-b1': .*\[SC3\]"),
        ("1. Sb1-c4 Sh1-c4\n", 11, r"round 1, O's move 'Sh1-c4': illegal move: \[SC4\] c4 is not "
         "linked to h1"),
        ("1. Sb1+c3\n", 7, r"round 1, B's move 'Sb1\+c3': c3 is empty: the move is written Sb1-c3"),
        ("1. sb1-c4\n", 4, r"B's move 'sb1-c4': a move is pass"),
        ("1. Sb1-z9\n", 8, r"z9 is not a point of the 37-point board \[SC10\]"),
        ("1. pass\n", 4, r"player 0 has a move, so may not pass \[SC3\]|\[SC3\] player 0 has a "
         "move"),
        ("1. *e3 *e4\n", 8, r"\[SC7\]"),
        ("2. Sb1-c4\n", 1, r"this line is round 1, from its start: it starts '1\.'"),
        ("1... Sb1-c4\n", 1, r"it starts '1\.'"),
        ("1. Sb1-c4\n2. Sh1-g4\n", 1, r"from its middle, O to act: it starts '1\.\.\.'"),
        ("1. Sb1-c4 Sh1-g4 Sc4-d4\n", 18, "round 1 is over before this move: round 2 starts"),
        ("1. *e3\n2. Sb1-c4\n", 1, r"from its middle, B to act: it starts '1\.\.\.'"),
        ("1.\n", 2, "a round line has at least one move"),
        ("Sb1-c4\n", 1, "a round line is the round's number"),
        ("1. Sb1\u2010c4\n", 7, "printable ASCII only"),
    ],
)  # fmt: skip
def test_illegal_moves_and_bad_lines_name_the_rule_and_where(
    body: str, column: int, match: str
) -> None:
    """A move that is not legal where it is played, or a round line that does not fit the
    game, is refused naming the line, the column, the move and the rule."""
    err = read_error('[Players "2"]\n\n' + body, match)
    assert err.line == 2 + body.count("\n")
    assert err.index is not None and err.index + 1 == column


def test_a_finished_game_takes_no_more_moves() -> None:
    """Plies after the draw are refused, on the same line or a new one."""
    states, moves = playout(4, 2, Rules(max_rounds=1))
    rec = GameRecord.from_game(states[0], moves)
    assert rec.header("Result") == "draw (max_rounds)"
    last = rec.to_text().splitlines()[-1]
    err = read_error(rec.to_text().replace(last, last + " Sc4-d4"))
    assert err.problem == "the game is over before this move"
    err = read_error(rec.to_text() + "2. Sb1-c4\n")
    assert err.problem == "the game is already over"


def test_hostile_records_are_refused_within_the_limits() -> None:
    """Oversized values, too many headers, a too long record and non-text input are
    refused with NotationError before any replay."""
    big = "x" * (MAX_HEADER_VALUE + 1)
    assert "at most" in read_error(f'[Event "{big}"]\n').problem
    many = "".join(f'[H{i} "v"]\n' for i in range(MAX_RECORD_HEADERS + 1))
    assert f"at most {MAX_RECORD_HEADERS} headers" in read_error(many).problem
    long = "# " + "y" * 1000 + "\n"
    assert "longer than" in str(read_error(long * (MAX_RECORD_TEXT // len(long) + 1)))
    with pytest.raises(NotationError, match="a record is a string"):
        GameRecord.from_text(None)  # type: ignore[arg-type]
    assert "empty record" in read_error("# nothing\n\n").problem


def test_from_game_refuses_illegal_moves_foreign_states_and_own_headers() -> None:
    """from_game replays the moves (IllegalMoveError naming the rule), takes only
    StarCastles states and no extra header it writes itself."""
    with pytest.raises(IllegalMoveError, match=r"\[SC3\]"):
        GameRecord.from_game(new_game(2), [Move.PASS])
    with pytest.raises(ValueError, match="not a starcastles state"):
        GameRecord.from_game(get_game("square-off").new_game(2), [])
    for name in ("Result", "First", "Players", "Game", "Position", "Rules"):
        with pytest.raises(ValueError, match="written by from_game"):
            GameRecord.from_game(new_game(2), [], headers={name: "x"})


def test_read_records_reads_several_games_and_counts_lines_from_the_start() -> None:
    """read_records and iter_records (a text or a file) read every game, each with its
    own player count; an error in a later game names its line in the whole text."""
    starts = [new_game(3), new_game(2, first=1), new_game(6, rules=OWN_CASTLES)]
    plies = [THREE, "Sh1-g4", ""]
    games = [GameRecord.from_game(s, moves_of(s, p)) for s, p in zip(starts, plies, strict=True)]
    text = write_records(games)
    assert read_records(text) == tuple(games)
    assert tuple(iter_records(io.StringIO(text))) == tuple(games)
    bad = text.replace("1. Sh1-g4", "1. Sh1-g4 Sh1-g4")
    with pytest.raises(NotationError) as caught:
        read_records(bad)
    assert caught.value.line == bad.splitlines().index("1. Sh1-g4 Sh1-g4") + 1
    assert "a second game?" in read_error(text).problem


def test_the_registered_game_writes_and_reads_records() -> None:
    """get_game("starcastles") writes a record with its headers and reads back the start
    and the plies."""
    g = get_game("starcastles")
    assert g.record_to_text is not None and g.record_from_text is not None
    states, moves = playout(2, 4, max_plies=40)
    text = g.record_to_text(states[0], moves, {"Event": "e", "Round": "1"})
    assert text.startswith('[Game "starcastles"]\n[Event "e"]\n[Players "4"]\n')
    assert g.record_from_text(text) == (states[0], tuple(moves))


def test_the_repr_says_what_the_record_holds() -> None:
    """A record's repr names the game, the start, the plies, the result and the date."""
    rec = GameRecord.from_game(new_game(3), moves_of(new_game(3), THREE), date="2025-01-31")
    assert repr(rec) == (
        "GameRecord(starcastles, standard start, 5 plies, Result '*', Date='2025-01-31')"
    )
