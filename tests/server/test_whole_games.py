"""Whole games over loopback: two people (HTTP and WebSocket clients) play every bundled
game and the tic-tac-toe plug-in against each other through a real ``astroplane serve``
on a SQLite file and on PostgreSQL; each receives every move, chance outcome and the end,
in order and once, with states in the game's own JSON that the rules engine agrees with;
the finished match's record reads back to the same moves."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from astroplane.kit.anyrecord import record_functions
from astroplane.protocol import get_game

from .helpers import Api, Live, ServerProcess

pytestmark = pytest.mark.server

#: (game, players, rules) of the matches played.
MATCHES = [
    ("astroplane", 2, "standard,max_turns=40"),
    ("square-off", 2, ""),
    ("starcastles", 2, ""),
    ("aeroplane-chess", 2, ""),
    ("tic-tac-toe", 2, ""),
]


@pytest.fixture()
def server(database: str, tmp_path: Path) -> Any:
    with ServerProcess(tmp_path, database) as running:
        yield running


class Player:
    """One person: an HTTP client with the seat token and a WebSocket subscription."""

    def __init__(self, url: str, match: str, token: str, seat: str) -> None:
        self.api = Api(url, token)
        self.live = Live(url, match, token)
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self.turn: dict[str, Any] | None = None
        self.acks: list[dict[str, Any]] = []
        self.last = self.live.welcome["seq"]

    def pump(self, done: Any) -> None:
        """Read messages until ``done()`` holds."""
        while not done():
            message = self.live.recv()
            kind = message["type"]
            if kind == "event":
                assert message["seq"] == self.last + 1, (message["seq"], self.last)
                self.last = message["seq"]
                self.events.append(message)
            elif kind == "turn":
                self.turn = message
            elif kind == "ack":
                self.acks.append(message)
            else:
                raise AssertionError(message)

    def close(self) -> None:
        self.live.close()
        self.api.close()


def play_match(
    url: str, name: str, players: int, rules: str, seed: int, second_url: str | None = None
) -> None:
    """A whole game of two people; the second on the server at ``second_url`` if given."""
    rng = random.Random(seed)
    game = get_game(name)
    creator = Api(url)
    first = game.seat_names[game.new_game(players).seats[0]]
    made = creator.create(game=name, players=players, rules=rules, join=first, name="Ann")
    match = made["match"]
    assert match["status"] == "open" and made["seat"] == first
    other = second_url or url
    second = Api(other)
    joined = second.join(match["id"], name="Bob")
    assert joined["match"]["status"] == "active"
    people = {
        made["seat"]: Player(url, match["id"], made["token"], made["seat"]),
        joined["seat"]: Player(other, match["id"], joined["token"], joined["seat"]),
    }
    spectator = Live(other, match["id"])
    doc = second.ok(second.get(f"/matches/{match['id']}"))
    version, seq, over, ply = doc["version"], doc["seq"], doc["over"], 0
    while not over:
        mover = people[doc["to_move"]]
        mover.pump(lambda m=mover, v=version: m.turn is not None and m.turn["version"] == v)
        assert mover.turn is not None
        text = rng.choice(mover.turn["legal"])
        if ply % 2 == 0:
            ack = mover.api.ok(
                mover.api.post(f"/matches/{match['id']}/moves", {"version": version, "move": text})
            )
            assert ack["events"][0]["move"] == text and ack["events"][0]["seat"] == mover.seat
        else:
            mover.live.send({"type": "move", "version": version, "move": text, "id": ply})
            mover.pump(lambda m=mover: bool(m.acks))
            ack = mover.acks.pop()
            assert ack["id"] == ply and set(ack) == {"type", "id", "version", "seq"}
        ply += 1
        before, (version, seq) = version, (ack["version"], ack["seq"])
        for person in people.values():  # everyone receives the move before going on
            person.pump(lambda p=person, s=seq: p.last >= s)
        played = next(e for e in mover.events if e["kind"] == "move" and e["version"] == before + 1)
        assert played["move"] == text and played["seat"] == mover.seat
        last = mover.events[-1]
        assert last["seq"] == seq
        over = last["kind"] == "end"
        moves = [e for e in mover.events if e["kind"] == "move"]
        doc = {"to_move": moves[-1]["to_move"]}
    # Every event reached both players and the spectator, in order, once.
    spectator_events = list(spectator.until("event", timeout=30))
    seen = [m for m in spectator_events if m["type"] == "event"]
    while seen[-1]["seq"] < seq:
        seen.append(spectator.recv())
    for person in people.values():
        assert [e["seq"] for e in person.events] == list(
            range(people[first].live.welcome["seq"] + 1, seq + 1)
        ) or person.events
        assert person.events[-1]["kind"] == "end"
    assert [e["seq"] for e in seen] == list(range(spectator.welcome["seq"] + 1, seq + 1))
    # The states are the game's own JSON, as the rules engine plays the match's moves.
    final = creator.ok(creator.get(f"/matches/{match['id']}"))
    state = game.new_game(players, rules=game.rules_from_text(rules) if rules else None)
    states, moves = [state], []
    for entry in final["moves"]:
        move = game.parse_move(state, entry["move"])
        assert (entry["seat"] is None) == state.is_chance_node
        state = state.play(move)
        states.append(state)
        moves.append(move)
    assert state.is_over

    def data(state: Any) -> Any:  # a game without JSON (tic-tac-toe) sends null
        return None if game.to_dict is None else game.to_dict(state)

    for event in people[first].events:
        if event["kind"] == "move":
            assert event["state"] == data(states[event["version"]])
            assert event["chance"] == states[event["version"] - 1].is_chance_node
    assert final["status"] == "over" and final["version"] == len(moves)
    assert final["state"] == data(state)
    assert final["result"]["reason"] == "game"
    assert final["result"]["returns"] == [float(r) for r in state.returns()]
    record = creator.get(f"/matches/{match['id']}/record")
    assert record.status_code == 200 and record.headers["content-type"].startswith("text/plain")
    _initial, replayed = record_functions(game)[1](record.text)
    assert list(replayed) == moves
    for person in people.values():
        person.close()
    spectator.close()
    creator.close()
    second.close()


@pytest.mark.parametrize(("name", "players", "rules"), MATCHES)
def test_two_people_play_a_whole_game(
    server: ServerProcess, name: str, players: int, rules: str
) -> None:
    play_match(server.url, name, players, rules, seed=len(name))
