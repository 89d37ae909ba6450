"""Untrusted input, part two (issue 23): records, the registries, rules text and the
command line. A client sends the input; what should happen is a clear error of the
format's or the rules' kind, saying where, and nothing changed. One test per finding,
named after it (N7..N17)."""

from __future__ import annotations

import contextlib
import tracemalloc
from collections.abc import Callable

import pytest

import astroplane as ap
from astroplane.formats import limits
from astroplane.formats.position import position_from_text, rules_from_text
from astroplane.formats.record import GameRecord, iter_records, read_records
from astroplane.games.aeroplane_chess.record import GameRecord as ACRecord
from astroplane.games.aeroplane_chess.record import read_records as ac_read_records

MiB = 1 << 20


# ---- N15: reading records costs memory and time bounded by the input -------------------------
def _peak(read: Callable[[str], object], text: str) -> int:
    """The peak memory (tracemalloc) of ``read(text)``, whether it reads or fails."""
    tracemalloc.start()
    try:
        with contextlib.suppress(ap.NotationError):
            read(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


HOSTILE = {
    # games of 9 characters: each used to cost a validated start position and its copies
    # (about 800 bytes of memory per byte of text, and 30 seconds per MiB)
    "tiny games": '[A "x"]\n\n' * 20_000,
    # a game whose turn lines are junk: every line used to be held before the first was read
    "junk turn lines": '[Seats "SN"]\n' + "x\n" * (MiB // 8),
    # a game as long as allowed, of line breaks and comments
    "blank lines": '[Seats "SN"]\n' + "\n#\n" * (MiB // 8),
    # header values made of escapes
    "escaped headers": ('[A "' + "\\u0041" * 680 + '"]\n\n') * 10,
}


@pytest.mark.parametrize("name", HOSTILE)
def test_n15_read_records_memory_is_bounded_by_the_input(name: str) -> None:
    """N15: read_records of a hostile text peaks at a few times its size plus a constant
    (it used to take ~800 bytes of memory per byte of a text of tiny games)."""
    text = HOSTILE[name]
    for read in (read_records, ac_read_records):
        peak = _peak(read, text)
        assert peak < 10 * len(text) + 4 * MiB, (name, read.__module__, peak / len(text))


def test_n15_games_per_text_and_headers_per_game_are_limited() -> None:
    """N15: a text of more than MAX_RECORDS_GAMES games, or a game of more than
    MAX_RECORD_HEADERS headers, is a NotationError naming the limit and the line."""
    headers = "".join(f'[A{i} ""]\n' for i in range(limits.MAX_RECORD_HEADERS + 1))
    for read in (read_records, GameRecord.from_text, ac_read_records, ACRecord.from_text):
        with pytest.raises(ap.NotationError, match="at most 64 headers") as err:
            read(headers)
        assert err.value.line == limits.MAX_RECORD_HEADERS + 1
    games = '[Seats "SN"]\n\n' * (limits.MAX_RECORDS_GAMES + 1)
    with pytest.raises(ap.NotationError, match="at most 100000 games") as err:
        read_records(games)
    assert err.value.line == 2 * limits.MAX_RECORDS_GAMES + 1
    assert len(read_records('[Seats "SN"]\n\n' * 1000)) == 1000


def test_n15_a_game_is_read_as_its_lines_arrive() -> None:
    """N15: the first bad turn line of a game is reported before the rest of the game is
    split (a second game in from_text is still an error, raised where it starts)."""
    text = '[Seats "SN"]\n1. S: Sl-e2ne\n2. N: nonsense\n' + "3. S: x\n" * 1000
    with pytest.raises(ap.NotationError) as err:
        next(iter_records(text))
    assert err.value.line == 3
    with pytest.raises(ap.NotationError, match="second game") as err:
        GameRecord.from_text('[Seats "SN"]\n1. S: Sl-e2ne\n[Seats "SN"]\n')
    assert err.value.line == 3


# ---- N7: header values are ASCII tokens, compared exactly -----------------------------------
@pytest.mark.parametrize(
    ("text", "name", "column"),
    [
        ('[First "\u017f"]\n', "First", 0),  # long s, which str.upper() makes "S"
        ('[Seats "\u017fN"]\n', "Seats", 0),
        ('[Seats "S\u2003N"]\n', "Seats", 1),  # an em space
        ('[Seats "sn"]\n', "Seats", None),  # compared exactly: the writer writes SN
        ('[Seats "SN "]\n', "Seats", 2),
    ],
)
def test_n7_record_header_confusable_rejected(text: str, name: str, column: int | None) -> None:
    """N7: a Seats or First header holding a look-alike, a Unicode blank or another
    spelling of the value is a NotationError naming the header and its line, never read
    as the ASCII it resembles."""
    with pytest.raises(ap.NotationError, match=name) as err:
        GameRecord.from_text(text)
    assert err.value.line == 1
    if column is not None:
        assert err.value.index == column
    assert GameRecord.from_text('[Seats "SN"]\n[First "N"]\n').initial.to_move == 2


@pytest.mark.parametrize(
    "header", ['[First "\u2003B"]', '[Colours "R\u0299"]', '[Colours "RB\u00a0"]', '[First "b"]']
)
def test_n7_aeroplane_chess_header_confusable_rejected(header: str) -> None:
    """N7: Aeroplane Chess records share the rule: Colours and First are ASCII tokens."""
    with pytest.raises(ap.NotationError, match=r"Colours|First") as err:
        ACRecord.from_text(f'[Game "aeroplane-chess"]\n{header}\n')
    assert err.value.line == 2
    assert ACRecord.from_text('[Colours "RB"]\n[First "B"]\n').initial.to_move == 2


def test_n7_position_header_agreement_is_exact() -> None:
    """N7: with a Position header, a Seats header agrees only if it is the same ASCII."""
    pos = ap.new_game(2).to_text()
    text = f'[Position "{pos}"]\n[Seats "\u017fN"]\n'
    with pytest.raises(ap.NotationError, match="Seats"):
        GameRecord.from_text(text)


# ---- N8: a record naming another game is refused --------------------------------------------
def test_n8_record_of_another_game_rejected() -> None:
    """N8: the ASTROPLANE reader refuses a record whose Game header names another game,
    and the Aeroplane Chess reader refuses an ASTROPLANE record, saying so."""
    from astroplane.games.aeroplane_chess import new_game as ac_new_game

    ac_text = ACRecord.from_game(ac_new_game(2), []).to_text()
    with pytest.raises(ap.NotationError, match=r"not an astroplane record.*'aeroplane-chess'"):
        GameRecord.from_text(ac_text)
    with pytest.raises(ap.NotationError, match="not an astroplane record") as err:
        read_records(GameRecord.from_game(ap.new_game(), []).to_text() + "\n" + ac_text)
    assert err.value.line is not None and err.value.line > 5
    ap_text = GameRecord.from_game(ap.new_game(), []).to_text()
    with pytest.raises(ap.NotationError, match=r"not an aeroplane-chess record.*'astroplane'"):
        ACRecord.from_text(ap_text)
    with pytest.raises(ap.NotationError, match="not an aeroplane-chess record"):
        ACRecord.from_text('[Game "astroplane"]\n')
    assert GameRecord.from_text('[Game "astroplane"]\n').initial == ap.new_game()


# ---- N10: a rules text gives each option once -----------------------------------------------
@pytest.mark.parametrize(
    "text", ["standard,max_turns=5,max_turns=600", "basic,squares=on,SQUARES=off"]
)
def test_n10_rules_text_duplicate_option_rejected(text: str) -> None:
    """N10: a rules text giving an option twice is a NotationError naming the option and
    pointing at the second one (it used to keep the last)."""
    with pytest.raises(ap.NotationError, match="given twice") as err:
        rules_from_text(text)
    assert err.value.index == text.lower().rindex(text.lower().split(",")[-1])
    with pytest.raises(ap.NotationError, match="given twice"):
        position_from_text(text + " " + ap.new_game().to_text().split(" ", 1)[1])
    with pytest.raises(ap.NotationError, match="given twice"):
        GameRecord.from_text(f'[Rules "{text}"]\n')
