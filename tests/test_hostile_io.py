"""Untrusted input, part two (issue 23): records, the registries, rules text and the
command line. A client sends the input; what should happen is a clear error of the
format's or the rules' kind, saying where, and nothing changed. One test per finding,
named after it (N7..N17)."""

from __future__ import annotations

import contextlib
import tracemalloc
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import attrs
import pytest

import astroplane as ap
from astroplane import protocol
from astroplane.cli import main
from astroplane.games.aeroplane_chess.record import GameRecord as ACRecord
from astroplane.games.aeroplane_chess.record import read_records as ac_read_records
from astroplane.games.astroplane.formats import limits
from astroplane.games.astroplane.formats.position import (
    position_from_text,
    rules_from_text,
    rules_to_text,
)
from astroplane.games.astroplane.formats.record import GameRecord, iter_records, read_records

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


# ---- N9: the registries say what is wrong with a name of the wrong type ---------------------
@pytest.mark.parametrize("name", [{}, [], None, 3, b"standard"])
def test_n9_registry_wrong_type_is_a_clear_error(name: object) -> None:
    """N9: variant() and get_game() with a name that is not a string raise their documented
    error (UnknownVariantError, ValueError) saying a name is a string, not a TypeError
    from inside a dict lookup."""
    with pytest.raises(ap.UnknownVariantError, match="a variant name is a string"):
        ap.variant(name)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a game name is a string"):
        protocol.get_game(name)  # type: ignore[arg-type]


# ---- N11: a game's texts are read-only --------------------------------------------------------
def test_n11_game_texts_read_only() -> None:
    """N11: Game.texts, shared by every caller of get_game, cannot be changed, and a game
    keeps its own copy of the mapping it was given."""
    game = protocol.get_game("astroplane")
    goal = game.texts["goal"]
    with pytest.raises(TypeError):
        game.texts["goal"] = "changed"  # type: ignore[index]
    assert protocol.get_game("astroplane").texts["goal"] == goal
    given = {"goal": "win"}
    copy = type("Copy", (type(game),), {"texts": given})()  # a Game subclass copies its texts
    given["goal"] = "lose"
    assert copy.texts["goal"] == "win"


# ---- N12: registering a variant never changes how other rules are written --------------------
def test_n12_register_variant_does_not_rename_other_rules() -> None:
    """N12: a variant whose phases are a registered variant's (standard with other
    options) is refused, so the text of plain standard rules with those options stays
    standard,max_turns=50 for every other caller."""
    fast = attrs.evolve(ap.STANDARD, max_turns=50)
    before = rules_to_text(fast)
    with pytest.raises(ValueError, match="phases of the registered variant 'standard'"):
        ap.register_variant("n12-fast", fast)
    assert "n12-fast" not in ap.variants()
    assert rules_to_text(fast) == before == "standard,max_turns=50"
    assert fast.name == "custom"
    # the same for a third party's variant: a second name for its phases is refused
    own = ap.STANDARD.restrict(lambda state, move: False, "nothing is forbidden")
    ap.register_variant("n12-own", own)
    with pytest.raises(ValueError, match="'n12-own'"):
        ap.register_variant("n12-own-fast", attrs.evolve(own, max_turns=50))
    assert rules_to_text(attrs.evolve(own, max_turns=50)) == "n12-own,max_turns=50"
    ap.register_variant("n12-own", own)  # registering the same again is still fine


# ---- N13: bundled and installed game names are reserved ----------------------------------------
def test_n13_register_game_cannot_take_a_bundled_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """N13: register_game under the name of the bundled aeroplane-chess (or of an installed
    plug-in) before it is first looked up is a ValueError; the real game still loads."""
    monkeypatch.setattr(protocol, "_GAMES", {"astroplane": protocol.get_game("astroplane")})
    real = type(protocol.get_game("astroplane"))
    impostor = type("Impostor", (real,), {"name": "aeroplane-chess"})()
    with pytest.raises(ValueError, match="reserved for the installed game"):
        protocol.register_game(impostor)
    assert protocol.get_game("aeroplane-chess").title == "Aeroplane Chess"
    # reserved even when the package metadata is missing (run from a source tree)
    monkeypatch.setattr(protocol, "_GAMES", {"astroplane": protocol.get_game("astroplane")})
    monkeypatch.setattr(protocol.metadata, "entry_points", lambda **kw: [])
    with pytest.raises(ValueError, match="reserved"):
        protocol.register_game(impostor)
    # an installed plug-in's name likewise
    group = protocol.ENTRY_POINT_GROUP
    fake = metadata.EntryPoint("n13-plugin", "astroplane.games.astroplane.game:ASTROPLANE", group)
    monkeypatch.setattr(protocol.metadata, "entry_points", lambda **kw: [fake])
    with pytest.raises(ValueError, match="reserved"):
        protocol.register_game(type("Plugin", (real,), {"name": "n13-plugin"})())


# ---- N14: a broken game plug-in is skipped, with a warning naming it ---------------------------
@pytest.fixture
def broken_plugin(monkeypatch: pytest.MonkeyPatch) -> str:
    """An installed game plug-in (entry point) whose module does not exist."""
    name = "n14-broken"
    ep = metadata.EntryPoint(name, "n14_no_such_module:GAME", protocol.ENTRY_POINT_GROUP)
    real = protocol._installed_games
    monkeypatch.setattr(protocol, "_installed_games", lambda: {**real(), name: ep})
    monkeypatch.setattr(protocol, "_BROKEN", {})
    return name


def test_n14_broken_plugin_is_skipped_with_a_warning(broken_plugin: str) -> None:
    """N14: games() skips a plug-in that fails to import, warning with its name;
    get_game(its name) raises a ValueError carrying the plug-in's error."""
    with pytest.warns(RuntimeWarning, match=broken_plugin):
        found = protocol.games()
    assert broken_plugin not in found and {"astroplane", "aeroplane-chess"} <= set(found)
    assert "n14_no_such_module" in protocol.game_errors()[broken_plugin]
    with pytest.raises(ValueError, match=r"failed to load.*n14_no_such_module") as err:
        protocol.get_game(broken_plugin)
    assert isinstance(err.value.__cause__, ModuleNotFoundError)


def test_n14_cli_works_and_lists_a_broken_plugin(
    broken_plugin: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """N14: with a broken plug-in installed, `astroplane replay` of an ASTROPLANE record
    still works, and `astroplane games` lists every game with title and player counts and
    the broken plug-in with its error."""
    record = tmp_path / "game.apgame"
    record.write_text(GameRecord.from_game(ap.new_game(), []).to_text())
    with pytest.warns(RuntimeWarning, match=broken_plugin):
        assert main(["replay", str(record)]) == 0
        capsys.readouterr()
        assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "ASTROPLANE (2, 3, 4 players)" in out and "Aeroplane Chess" in out
    assert broken_plugin in out and "n14_no_such_module" in out


# ---- N17: numeric command-line options are checked when they are parsed -----------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--max-turns", "1000001"],
        ["selfplay", "--max-turns", "0"],
        ["selfplay", "--games", "0"],
        ["selfplay", "--games", "1" + "0" * 5000],
        ["selfplay", "--seed", "-1"],
        ["selfplay", "--seed", str(2**64)],
        ["selfplay", "--players", "\u0662"],  # an Arabic-Indic two, which int() reads as 2
        ["selfplay", "--think", "\u0661s"],
        ["play", "--max-turns", "1000001"],
        ["play", "--seed", "1e3"],
        ["perft", "--depth", "0"],
        ["perft", "--depth", "21"],
        ["perft", "--players", "5"],
    ],
)
def test_n17_cli_numeric_option_out_of_range_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """N17: a numeric option out of its range (or not ASCII digits) is a usage error,
    exit 2 with argparse's message naming the option, never a traceback."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert f"argument {argv[1]}" in capsys.readouterr().err
