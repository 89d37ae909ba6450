"""Square Off game records [SO27], [SO28], [SO29]: written one line per round, read back by
replaying every ply, refusing anything else with the line, the column and the rule."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from so_helpers import play, playout, pos

from astroplane.errors import IllegalMoveError, NotationError, UnknownVariantError
from astroplane.games.square_off import (
    JUMP_OFF,
    PRESETS,
    SQUARE_OFF,
    TRADING_PLACES,
    Move,
    SquareOffState,
    new_game,
    parse_move,
    position_to_text,
)
from astroplane.games.square_off.record import (
    GameRecord,
    iter_records,
    read_records,
    result_text,
    write_records,
)
from astroplane.kit.limits import MAX_HEADER_VALUE, MAX_RECORD_HEADERS, MAX_RECORD_TEXT
from astroplane.protocol import get_game


def moves_of(state: SquareOffState, texts: str) -> list[Move]:
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


@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(PRESETS)), st.sampled_from("WB"))
def test_random_games_round_trip(seed: int, preset: str, first: str) -> None:
    """A random game of any preset, either side first, reads back equal, writes the same
    text again, and replays through the same states to the same end."""
    states, moves = playout(seed, PRESETS[preset], max_plies=160, first=first)
    rec = GameRecord.from_game(states[0], moves, event="fuzz")
    text = rec.to_text()
    back = GameRecord.from_text(text)
    assert back == rec and back.to_text() == text
    assert back.final_state() == states[-1] and list(back.replay()) == states
    assert back.header("Result") == result_text(states[-1])
    assert back.header("Rules") == (None if preset == "square-off" else preset)


@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(PRESETS)))
def test_records_from_any_position_of_a_game_round_trip(seed: int, preset: str) -> None:
    """A record starting anywhere in a game (mid-round, a removal pending) has a Position
    header and reads back equal; its first line is 'N...' exactly when the round is under
    way."""
    states, moves = playout(seed, PRESETS[preset], max_plies=120)
    cut = random.Random(seed).randrange(len(states))
    rec = GameRecord.from_game(states[cut], moves[cut:])
    text = rec.to_text()
    assert GameRecord.from_text(text) == rec
    assert (rec.header("Position") is None) == (cut == 0)
    if cut < len(moves):
        s = states[cut]
        mid = s.turns % 2 == 1 or bool(s.removals)
        first_line = next(line for line in text.splitlines() if line[:1].isdigit())
        assert first_line.startswith(f"{s.turns // 2 + 1}{'...' if mid else '.'} ")


def test_a_hand_written_record_is_read_exactly() -> None:
    """Comments, blank lines, blanks around the moves and any header order are read; the
    record holds the headers as written and writes back canonically."""
    text = """# a club game
[Event "Club \\"night\\""]
[Round "3"]
[Game "square-off"]
[First "B"]
[Rules "jump-off"]
[Result "*"]

 1.  a7   b6
2. d7 d6
3. g7 xd6
# B has formed a line and removed d6; W's turn goes on a line of its own
3... f6

"""
    rec = GameRecord.from_text(text)
    assert rec.header("Event") == 'Club "night"' and rec.header("Round") == "3"
    assert rec.initial == new_game(JUMP_OFF, "B")
    assert len(rec.moves) == 7
    assert rec.final_state() == play(new_game(JUMP_OFF, "B"), "a7 b6 d7 d6 g7 xd6 f6")
    assert GameRecord.from_text(rec.to_text()) == rec
    assert rec.to_text().splitlines()[-3:] == ["1. a7 b6", "2. d7 d6", "3. g7 xd6 f6"]


def test_the_writer_puts_each_round_on_a_line_and_removals_after_their_move() -> None:
    """[SO28] A round is W's turn then B's; a removal is its own ply right after the move
    that formed the line, on the same line."""
    moves = moves_of(new_game(), "a7 b6 d7 d6 g7 xd6 f6")
    rec = GameRecord.from_game(new_game(), moves)
    assert rec.to_text().splitlines()[-4:] == ["", "1. a7 b6", "2. d7 d6", "3. g7 xd6 f6"]


def test_a_trades_two_removals_follow_it_in_order() -> None:
    """[SO28] After a trade that forms lines for both sides, the trader's removal and then
    the opponent's are plies of the trader's turn, written in that order."""
    found = None
    for seed in range(400):
        states, moves = playout(seed, TRADING_PLACES, max_plies=200)
        for k in range(len(moves)):
            if len(states[k + 1].removals) == 2:
                found = (states[k - 1 if k % 2 else k], moves[k - 1 if k % 2 else k : k + 3])
                break
        if found:
            break
    assert found is not None
    start, plies = found
    rec = GameRecord.from_game(start, plies)
    assert GameRecord.from_text(rec.to_text()) == rec
    lines = [line for line in rec.to_text().splitlines() if line[:1].isdigit()]
    assert any("<>" in line and line.count(" x") >= 2 for line in lines)


def test_results_are_the_winner_and_the_ending() -> None:
    """[SO29] The Result header is '*', 'W wins (ending)', 'B wins (ending)' or
    'draw (ending)', with the position text's name of the ending."""
    won = pos("a7 d7 g7", "a1 d1", in_hand=(0, 0))
    assert result_text(won) == "W wins (two_pieces)"
    assert result_text(new_game()) == "*"
    results = set()
    for seed in range(60):
        states, moves = playout(seed, PRESETS["nine-mens-morris"], max_plies=400)
        rec = GameRecord.from_game(states[0], moves)
        results.add(rec.header("Result"))
        assert GameRecord.from_text(rec.to_text()) == rec
    assert {"W wins (two_pieces)", "B wins (two_pieces)"} <= results
    text = GameRecord.from_game(new_game(), moves_of(new_game(), "a7")).to_text()
    err = read_error(text.replace('"*"', '"W wins (two_pieces)"'))
    assert "the Result header does not match the game: *" in err.problem and err.line == 2


def test_headers_are_written_only_when_needed() -> None:
    """[SO27] Game always, Rules only when not square-off, First only when B starts,
    Position only for a start new_game does not make (then no First)."""
    assert GameRecord.from_game(new_game(), []).headers == (
        ("Game", "square-off"),
        ("Result", "*"),
    )
    rec = GameRecord.from_game(new_game(TRADING_PLACES, "B"), [])
    assert rec.header("Rules") == "trading-places" and rec.header("First") == "B"
    start = pos("a7", "g1", in_hand=(8, 8), to_move=1)
    rec = GameRecord.from_game(start, [])
    assert rec.header("Position") == position_to_text(start) and rec.header("First") is None
    assert GameRecord.from_text(rec.to_text()).initial == start


@pytest.mark.parametrize(
    ("text", "line", "match"),
    [
        ('[Game "astroplane"]\n', 1, "not a square-off record: its Game header names"),
        ('[Game "starcastles"]\n1. Sb1-c4\n', 1, "not a square-off record"),
        ('[Seats "SN"]\n1. S: Sl-e2ne\n', 1, "it is 'astroplane''s"),
        ('[Colours "RB"]\n', 1, "aeroplane-chess"),
        ('[Game "Square-Off"]\n', 1, "its Game header names 'Square-Off'"),
        ('[Game "square\u2010off"]\n', 1, "printable ASCII without blanks"),
        ('[Game "square-off"]\n[Game "square-off"]\n', 2, "header Game is given twice"),
        ('[First "b"]\n', 1, "the First header is the seat letter of a player"),
        ('[First "\uff22"]\n', 1, "printable ASCII without blanks"),
        ('[First "X"]\n', 1, "the First header is the seat letter"),
        ('[Rules "square-off,pieces=13"]\n', 1, "pieces is a number 3..12"),
        ('[Position "square-off W"]\n', 1, "the Position header: a position is"),
        ('[Position "square-off .../.../.../....../.../.../... 9/9 B - -/- t0 q0"]\n'
         '[First "W"]\n', 2, r"the First header does not agree with the Position \(B\)"),
        ('[Rules "jump-off"]\n'
         '[Position "square-off .../.../.../....../.../.../... 9/9 W - -/- t0 q0"]\n', 1,
         r"the Rules header does not agree with the Position \(square-off\)"),
        ('[Event "x" ]]\n', 1, r'a header is \[Name "value"\]'),
        ('[Event "a\\qb"]\n', 1, "unknown escape"),
        ("[Event \"a\tb\"]\n", 1, "a control character in a header value must be escaped"),
        ("1. a7 b6\n[Event \"late\"]\n", 2, "a header after the moves"),
    ],
)  # fmt: skip
def test_header_rules(text: str, line: int, match: str) -> None:
    """Each header rule refuses a wrong header with NotationError naming its line."""
    assert read_error(text, match).line == line


def test_an_unknown_preset_is_an_unknown_variant_on_its_line() -> None:
    """A Rules header naming no preset raises UnknownVariantError with the line."""
    with pytest.raises(UnknownVariantError) as err:
        GameRecord.from_text('[Event "x"]\n[Rules "nine-men"]\n')
    assert err.value.line == 2


@pytest.mark.parametrize(
    ("body", "column", "match"),
    [
        ("1. a7 b6\n2. d7 d6\n3. g7 xa1\n", 7, r"round 3, W's move 'xa1': illegal move: a1 holds "
         r"no piece of B to remove \[SO4\]"),
        ("1. a7 a7\n", 7, r"round 1, B's move 'a7': illegal move: .*occupied"),
        ("1. a7 b6\n2. a7-a4 d6\n", 4, r"round 2, W's move 'a7-a4': illegal move: .*\[SO2\]"),
        ("1. a7 b6\n2. d7 d6\n3. g7 f6\n", 7, r"W's move 'f6': illegal move: .*remov"),
        ("1. a7 h9\n", 7, r"round 1, B's move 'h9': not a point of the board"),
        ("2. a7 b6\n", 1, r"this line is round 1, from its start: it starts '1\.'"),
        ("1... a7 b6\n", 1, r"it starts '1\.'"),
        ("1. a7\n2. b6\n", 1, r"round 1, from its middle, B to act: it starts '1\.\.\.'"),
        ("1. a7 b6 d7\n", 10, r"round 1 is over before this move: round 2 starts a new line"),
        ("1.\n", 2, "a round line has at least one move"),
        ("a7 b6\n", 1, "a round line is the round's number"),
        ("1. a7 b\u0661\n", 8, "printable ASCII only"),
        ("\uff11. a7\n", 1, "printable ASCII only"),
    ],
)  # fmt: skip
def test_illegal_moves_and_bad_lines_name_the_rule_and_where(
    body: str, column: int, match: str
) -> None:
    """A move that is not legal where it is played, or a round line that does not fit the
    game, is refused naming the line, the column, the move and the rule."""
    err = read_error('[Event "x"]\n\n' + body, match)
    assert err.line == 2 + body.count("\n")
    assert err.index is not None and err.index + 1 == column


def test_a_record_of_a_finished_game_takes_no_more_moves() -> None:
    """Plies after the end of the game are refused."""
    start = pos("a7 d7", "a1 d1 g4", in_hand=(1, 0))
    rec = GameRecord.from_game(start, moves_of(start, "g7 xa1"))
    assert rec.header("Result") == "W wins (two_pieces)"
    assert rec.to_text().endswith("1. g7 xa1\n")
    err = read_error(rec.to_text().replace("1. g7 xa1", "1. g7 xa1 d2"))
    assert err.problem == "the game is over before this move" and err.index == 10
    err = read_error(rec.to_text().replace("1. g7 xa1\n", "1. g7 xa1\n2. d2\n"))
    assert err.problem == "the game is already over" and err.line == 6


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
        GameRecord.from_text(b"1. a7\n")  # type: ignore[arg-type]
    assert "empty record" in read_error("\n# nothing\n").problem


def test_from_game_refuses_illegal_moves_foreign_states_and_own_headers() -> None:
    """from_game replays the moves (IllegalMoveError naming the rule), takes only Square
    Off states and no extra header it writes itself."""
    with pytest.raises(IllegalMoveError, match=r"\[SO2\]"):
        GameRecord.from_game(new_game(), [Move.slide("a7", "d7")])
    with pytest.raises(ValueError, match="not a square-off state"):
        GameRecord.from_game("square-off", [])
    for name in ("Result", "First", "Game", "Position"):
        with pytest.raises(ValueError, match="written by from_game"):
            GameRecord.from_game(new_game(), [], headers={name: "x"})
    with pytest.raises(ValueError, match="a header name is a word"):
        GameRecord.from_game(new_game(), [], headers={"two words": "x"})


def test_extra_headers_round_trip_with_any_text() -> None:
    """Extra headers keep quotes, backslashes, line breaks and Unicode."""
    value = 'L\u00e9a "B" \\ line\nbreak\u2028sep'
    rec = GameRecord.from_game(new_game(), [], headers={"White": value, "Round": "4"})
    back = GameRecord.from_text(rec.to_text())
    assert back.header("White") == value and back == rec


def test_read_records_reads_several_games_and_counts_lines_from_the_start() -> None:
    """read_records and iter_records (a text or a file) read every game; an error in the
    third game names its line in the whole text; from_text takes one game only."""
    starts = [new_game(SQUARE_OFF, "W"), new_game(SQUARE_OFF, "B"), new_game(JUMP_OFF)]
    plies = ["a7 b6", "d2", ""]
    games = [GameRecord.from_game(s, moves_of(s, p)) for s, p in zip(starts, plies, strict=True)]
    text = write_records(games)
    assert read_records(text) == tuple(games)
    assert tuple(iter_records(io.StringIO(text))) == tuple(games)
    bad = text.replace("1. d2", "1. d2 d2")
    with pytest.raises(NotationError) as caught:
        read_records(bad)
    err = caught.value
    assert err.line == bad.splitlines().index("1. d2 d2") + 1
    assert "a second game?" in read_error(text).problem
    with pytest.raises(ValueError, match="no record"):
        write_records([])


def test_the_registered_game_writes_and_reads_records() -> None:
    """get_game("square-off") writes a record with its headers and reads back the start
    and the plies."""
    g = get_game("square-off")
    assert g.record_to_text is not None and g.record_from_text is not None
    states, moves = playout(5, JUMP_OFF, max_plies=60)
    text = g.record_to_text(states[0], moves, {"Event": "e", "Date": "2025-01-31", "Round": "2"})
    assert text.startswith('[Game "square-off"]\n[Event "e"]\n[Date "2025-01-31"]\n')
    assert g.record_from_text(text) == (states[0], tuple(moves))


def test_the_repr_says_what_the_record_holds() -> None:
    """A record's repr names the game, the start, the plies, the result and the event."""
    rec = GameRecord.from_game(new_game(JUMP_OFF), moves_of(new_game(JUMP_OFF), "a7"),
                               event="Cup")  # fmt: skip
    assert repr(rec) == (
        "GameRecord(square-off, standard start, 1 ply, Result '*', Event='Cup', Rules='jump-off')"
    )
