"""The server's parts in one process, no network: reading requests, a match's log and
results, ASTROPLANE's click paths, the rate limiter, group commit and its conflicts."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from astroplane.protocol import get_game
from astroplane.server.clicks import click_paths, element_id
from astroplane.server.db import make_engine, migrate
from astroplane.server.errors import ApiError
from astroplane.server.live import EventRow, Match, Seat, draw_result, resign_result
from astroplane.server.ratelimit import RateLimiter
from astroplane.server.requests import read_body, read_create, read_move
from astroplane.server.settings import ServerSettings, database_url
from astroplane.server.store import SeatClaim, Store

pytestmark = pytest.mark.server


def test_settings_and_urls() -> None:
    assert database_url("postgres://u@h/d") == "postgresql+asyncpg://u@h/d"
    with pytest.raises(ValueError, match="PostgreSQL"):
        database_url("mysql://u@h/d")
    with pytest.raises(ValueError, match="positive"):
        ServerSettings(rate=0)
    assert ServerSettings().is_sqlite and ServerSettings(bot_workers=3).workers == 3


def test_requests_read_strictly() -> None:
    wanted = read_create(
        {"game": "aeroplane-chess", "players": 4, "rules": "teams", "join": "Y",
         "seats": {"R": {"bot": "mcts", "think": 0.5}, "B": "greedy"}},
        max_think=1.0,
    )  # fmt: skip
    assert wanted.players == 4 and wanted.join == 1
    assert wanted.seats == (("mcts", 0.5), None, ("greedy", None), None)
    limited = read_create({"game": "square-off", "max_turns": 12}, max_think=1)
    assert limited.rules == "square-off,max_turns=12"
    with pytest.raises(ApiError) as found:
        read_create({"game": "starcastles", "players": 7}, max_think=1)
    assert found.value.code == "bad_option" and "2, 3, 4, 5, 6" in found.value.message
    with pytest.raises(ApiError) as found:
        read_create({"game": "aeroplane-chess", "max_turns": 5}, max_think=1)
    assert "no turn limit" in found.value.message
    assert read_move({"version": 3, "action": 7}).action == 7
    with pytest.raises(ApiError, match="the limit is 10"):
        read_body(b"{}" * 100, 10)


def _match(game: str, players: int, rules: str = "") -> Match:
    g = get_game(game)
    order = g.new_game(players, rules=g.rules_from_text(rules) if rules else None).seats
    seats = [Seat(number=s, kind="human") for s in order]
    return Match.start("m1", game, rules, players, order[0], "c", 0.0, seats)


def test_a_match_is_its_log() -> None:
    """Events applied in order give the match; joins seat people, the last one starts it;
    a move's text is read in the state it was played in; the end records the result."""
    match = _match("square-off", 2)
    assert match.status == "open"
    for seq, seat in ((1, 0), (2, 1)):
        data = json.dumps({"name": f"p{seat}", "token": bytes([seat] * 32).hex()})
        match.apply(EventRow(seq, "join", seat, 0, data=data))
    assert match.status == "active" and match.seat_of(bytes([1] * 32)) == 1
    match.apply(EventRow(3, "move", 0, 1, "d2"))
    assert match.version == 1 and match.texts == ["d2"]
    with pytest.raises(ValueError, match="does not follow"):
        match.apply(EventRow(9, "move", 1, 2, "d6"))
    with pytest.raises(ValueError):
        match.apply(EventRow(4, "move", 1, 2, "zz"))
    match.apply(EventRow(4, "draw_offer", 1, 1))
    assert match.draw_offers == {1}
    match.apply(EventRow(5, "move", 1, 2, "d6"))
    assert match.draw_offers == set(), "a move withdraws a draw offer"


def test_resigning_with_partners_and_draws() -> None:
    """Resigning loses for the seat and its partners; the others share; a draw shares."""
    match = _match("aeroplane-chess", 4, "teams")
    result = resign_result(match, 1)  # Y, partner of G
    assert result["returns"] == [0.5, 0.0, 0.5, 0.0] and result["winners"] == ["R", "B"]
    assert draw_result(match)["returns"] == [0.25] * 4
    three = _match("starcastles", 3)
    assert resign_result(three, 0)["returns"][:3] == [0.0, 0.5, 0.5]


def test_astroplane_click_paths_make_every_move() -> None:
    """Every legal ASTROPLANE move has a click path (a Square's from each of its pieces);
    moves sharing a path differ in words; every place clicked is drawn."""
    game = get_game("astroplane")
    rng = random.Random(5)
    for players in (2, 3, 4):
        state = game.new_game(players)
        for _ in range(120):
            if state.is_over:
                break
            paths = click_paths(game, state)
            texts = {game.format_move(state, m) for m in state.legal_moves()}
            assert {p["text"] for p in paths} == texts
            svg = game.render_svg(state)
            by_clicks: dict[tuple[str, ...], list[str]] = {}
            for path in paths:
                for token in path["clicks"]:
                    if not token.startswith("@"):
                        assert f'id="{element_id("astroplane", token)}"' in svg
                by_clicks.setdefault(tuple(path["clicks"]), []).append(path["words"])
            for words in by_clicks.values():
                assert len(set(words)) == len(words), words
            state = state.play(rng.choice(state.legal_moves()))


def test_rate_limiter_refills() -> None:
    limiter = RateLimiter(rate=1000.0, burst=2)
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    asyncio.run(asyncio.sleep(0.01))
    assert limiter.allow("a")


def test_group_commit_writes_each_all_or_nothing(tmp_path: Path) -> None:
    """Appends committed together: each is written with its events or not at all, a stale
    one is refused without stopping the others, and a seat claim that fails changes
    nothing of its append."""

    async def run() -> None:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'g.sqlite3'}")
        await migrate(engine)
        store = Store(engine, "test")
        fields: dict[str, Any] = {"version": 0, "to_move": 0, "seats_open": 1,
                                  "status": "open", "result": None, "record": None}  # fmt: skip
        for i in range(3):
            await store.create(
                {"id": f"m{i}", "game": "square-off", "rules": "", "players": 2, "first": 0,
                 "seq": 0, "creator": "c", "library": "t", "created": 0.0, "updated": 0.0,
                 **fields},
                [{"seat": 0, "kind": "human", "bot": None, "think": None, "name": None,
                  "token_hash": None},
                 {"seat": 1, "kind": "bot", "bot": "random", "think": None, "name": None,
                  "token_hash": None}],
                [],
            )  # fmt: skip
        row = EventRow(1, "move", 0, 1, "d2")
        moved = {**fields, "version": 1}
        answers = await asyncio.gather(
            store.append("m0", 0, [row], moved),
            store.append("m1", 0, [row], moved),
            store.append("m2", 5, [row], moved),  # stale
            store.append("m1", 0, [row], moved),  # the same match again: stale now
            store.append("m0", 1, [EventRow(2, "join", 1, 1, data="{}")], moved,
                         SeatClaim(1, b"x" * 32, "bot seat")),  # a bot's seat: refused
        )  # fmt: skip
        assert answers == [True, True, False, False, False]
        for match_id, seq in (("m0", 1), ("m1", 1), ("m2", 0)):
            assert await store.seq_of(match_id) == seq
            assert len(await store.events_after(match_id, 0)) == seq
        await engine.dispose()

    asyncio.run(run())
