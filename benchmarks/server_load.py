"""Load on the game server: many concurrent matches of random players over loopback.

    nice python benchmarks/server_load.py                     # SQLite, 200 matches, 30 s
    nice python benchmarks/server_load.py --db postgres       # a private PostgreSQL
    nice python benchmarks/server_load.py --db postgres --processes 2
    nice python benchmarks/server_load.py --think 1000        # players wait ~1 s a move
    nice python benchmarks/server_load.py --mcts-bots 50      # and 50 MCTS bot matches
    nice python benchmarks/server_load.py --quick             # a smoke run

It starts ``astroplane serve`` (one process, or ``--processes 2`` on one PostgreSQL
database, each match's two players then on different processes, every move crossing
between them by LISTEN/NOTIFY), opens ``--matches`` matches of ``--game`` between two
people, and plays them with random players: each player's WebSocket receives its ``turn``
(its legal moves), waits ``--think`` ms (uniform 0..2x, 0: none), and sends a random legal
move over the socket. A finished match is replaced by a new one, so the count stays.

Measured over ``--seconds`` after a ``--warmup``:

- moves per second the server(s) accepted (people's moves; dice rolls not counted);
- latency from sending a move to the opponent's receipt of its event: p50, p99, max;
- the server's CPU time per move (user + system, its process and its bot workers, from
  /proc): what a move costs the server, which the machine's other load does not change;
- lost or duplicated moves: every player checks that the events it receives are numbered
  1, 2, 3, ... without a gap or a repeat, and at the end each match's version read from
  the server equals the moves both players saw; any difference is counted and printed.

The client runs in ``--clients`` processes (asyncio, the ``websockets`` library) next to
the server on the same machine: on a shared machine the figures are what the machine
gives at the time; compare runs made side by side. The database is PostgreSQL's own
server (``--db postgres``: Debian's binaries, a private cluster in a temporary folder, as
the tests do; or ``--db postgresql://...``) or a SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server.helpers import ServerProcess  # noqa: E402
from server.postgres import PostgresCluster, why_not  # noqa: E402

#: Server options for a benchmark: no limits in the way, bots as soon as they can.
SERVER = (
    "--rate",
    "1000000",
    "--burst",
    "1000000",
    "--max-matches-per-client",
    "1000000",
    "--max-connections-per-client",
    "1000000",
    "--bot-pause",
    "0",
)


class Stats:
    """What one client process measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.gaps = 0
        self.duplicates = 0
        self.mismatches = 0
        self.errors: list[str] = []
        self.games = 0

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))


class Player:
    """One side of a match: its socket, what it saw."""

    def __init__(self, seat: str, token: str) -> None:
        self.seat = seat
        self.token = token
        self.last = 0
        self.moves_seen = 0


async def new_match(
    http: httpx.AsyncClient, urls: tuple[str, str], game: str
) -> tuple[str, list[Player]]:
    """A match between two people, one on each server of ``urls``."""
    made = (await http.post(f"{urls[0]}/api/v1/matches", json={"game": game})).json()
    match = made["match"]["id"]
    players = []
    for seat, url in zip([s["seat"] for s in made["match"]["seats"]], urls, strict=True):
        body = {"seat": seat}
        joined = (await http.post(f"{url}/api/v1/matches/{match}/join", json=body)).json()
        players.append(Player(seat, joined["token"]))
    return match, players


async def play_matches(
    http: httpx.AsyncClient,
    urls: tuple[str, str],
    first: tuple[str, list[Player]],
    job: dict[str, Any],
    rng: random.Random,
    stats: Stats,
    window: tuple[float, float],
) -> None:
    """Play ``first``, then new matches, until the window closes (a finished match is
    replaced by a new one)."""
    match, players = first
    sent: dict[tuple[str, int], float] = {}
    while True:
        over = asyncio.Event()
        await asyncio.gather(
            *(
                run_player(url, match, p, job["think"], rng, stats, sent, over, window)
                for p, url in zip(players, urls, strict=True)
            )
        )
        if over.is_set():
            doc = (await http.get(f"{urls[0]}/api/v1/matches/{match}")).json()
            if any(p.moves_seen != doc["version"] for p in players):
                stats.mismatches += 1
                seen = [p.moves_seen for p in players]
                stats.errors.append(f"{match}: version {doc['version']}, seen {seen}")
            stats.games += 1
        if time.monotonic() >= window[1]:
            return
        match, players = await new_match(http, urls, job["game"])


async def run_player(
    url: str,
    match: str,
    me: Player,
    think: float,
    rng: random.Random,
    stats: Stats,
    sent: dict[tuple[str, int], float],
    over: asyncio.Event,
    window: tuple[float, float],
) -> None:
    """One player of one match, until it ends or the window closes."""
    start, until = window
    ws_url = url.replace("http://", "ws://") + f"/api/v1/matches/{match}/live"
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": me.token, "since": 0}))
        while not over.is_set():
            left = until + 2 - time.monotonic()
            if left <= 0:
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except asyncio.TimeoutError:
                return
            now = time.monotonic()
            message = json.loads(raw)
            kind = message["type"]
            if kind == "event":
                seq = message["seq"]
                if seq <= me.last:
                    stats.duplicates += 1
                    continue
                if seq != me.last + 1:
                    stats.gaps += seq - me.last - 1
                me.last = seq
                if message["kind"] == "move":
                    me.moves_seen += 1
                    if message["seat"] is not None and message["seat"] != me.seat:
                        started = sent.pop((match, message["version"]), None)
                        if started is not None and start <= started and now <= until:
                            stats.latencies.append(now - started)
                            stats.moves += 1
                elif message["kind"] == "end":
                    over.set()
            elif kind == "turn" and message["seat"] == me.seat and now < until:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                move = rng.choice(message["legal"])
                version = message["version"]
                sent[(match, version + 1)] = time.monotonic()
                await ws.send(json.dumps({"type": "move", "version": version, "move": move}))
            elif kind == "error" and message["error"]["code"] != "stale_version":
                stats.errors.append(f"{match}: {message['error']['message']}")


def client(job: dict[str, Any], index: int, queue: Any, go: Any) -> None:
    """A client process: it opens its matches, says it is ready, waits for the window's
    start (``go.value``, a ``time.monotonic()`` shared by the processes) and plays."""
    rng = random.Random(index)
    stats = Stats()

    async def main() -> None:
        urls = (job["urls"][0], job["urls"][-1])
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(timeout=120, limits=limits) as http:
            matches = [await new_match(http, urls, job["game"]) for _ in range(job["matches"])]
            queue.put(("ready", index))
            while go.value == 0.0:
                await asyncio.sleep(0.05)
            window = (go.value, go.value + job["seconds"])
            await asyncio.gather(
                *(
                    play_matches(http, urls, m, job, random.Random(rng.random()), stats, window)
                    for m in matches
                )
            )

    asyncio.run(main())
    queue.put(("done", stats.as_dict()))


def bots(url: str, count: int, think: float, game: str) -> None:
    """``count`` matches between two MCTS bots (``think`` s a move), replaced when over
    (by the sweep: here just started once; long games keep the pool busy)."""
    with httpx.Client(timeout=60) as http:
        seats = http.get(f"{url}/api/v1/games/{game}").json()["seats"]["2"]
        for _ in range(count):
            spec = {"bot": "mcts", "think": think}
            http.post(
                f"{url}/api/v1/matches", json={"game": game, "seats": {s: spec for s in seats}}
            )


def _cpu_seconds(server: ServerProcess) -> float:
    """CPU time (user + system) of a server process and its bot workers so far."""
    if server.proc is None:
        return 0.0
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [server.proc.pid]
    children = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="astroplane-load-"))
    cluster = None
    if args.db == "sqlite":
        db = f"sqlite:///{folder / 'load.sqlite3'}"
    elif args.db == "postgres":
        reason = why_not()
        if reason:
            sys.exit(f"no PostgreSQL: {reason}")
        cluster = PostgresCluster()
        cluster.start()
        db = cluster.database()
    else:
        db = args.db
    servers = []
    try:
        for i in range(args.processes):
            (folder / str(i)).mkdir()
            options = (*SERVER, "--bot-workers", str(args.bot_workers), "--log-level", "warning",
                       "--sqlite-synchronous", args.sqlite_synchronous)  # fmt: skip
            servers.append(ServerProcess(folder / str(i), db, options, plugin=False).start())
        urls = [s.url for s in servers]
        if args.mcts_bots:
            bots(urls[0], args.mcts_bots, args.bot_think, args.game)
        context = multiprocessing.get_context("spawn")
        queue: Any = context.Queue()
        go: Any = context.Value("d", 0.0)
        share = [
            args.matches // args.clients + (i < args.matches % args.clients)
            for i in range(args.clients)
        ]
        procs = []
        for i, count in enumerate(share):
            job = {"urls": urls, "matches": count, "game": args.game, "think": args.think / 1000,
                   "seconds": args.seconds}  # fmt: skip
            proc = context.Process(target=client, args=(job, i, queue, go))
            proc.start()
            procs.append(proc)
        for _ in procs:
            assert queue.get(timeout=1200)[0] == "ready"
        # The players start now; what they do in the warm-up is not measured.
        go.value = time.monotonic() + args.warmup
        time.sleep(args.warmup)
        cpu_start = sum(_cpu_seconds(s) for s in servers)
        time.sleep(args.seconds)
        cpu = sum(_cpu_seconds(s) for s in servers) - cpu_start
        results = [queue.get(timeout=600)[1] for _ in procs]
        for proc in procs:
            proc.join()
        crashed = [s for s in servers if s.proc is not None and s.proc.poll() is not None]
    finally:
        for s in servers:
            s.stop()
        if cluster is not None:
            cluster.stop()
    latencies = sorted(x for r in results for x in r["latencies"])
    moves = sum(r["moves"] for r in results)

    def pct(q: float) -> float:
        if not latencies:
            return float("nan")
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    return {
        "db": args.db if args.db in ("sqlite", "postgres") else "postgresql",
        "processes": args.processes,
        "matches": args.matches,
        "think_ms": args.think,
        "mcts_bots": args.mcts_bots,
        "seconds": args.seconds,
        "moves": moves,
        "moves_per_s": moves / args.seconds,
        "cpu_ms_per_move": 1000 * cpu / moves if moves else float("nan"),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "max_ms": 1000 * latencies[-1] if latencies else float("nan"),
        "mean_ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        "games": sum(r["games"] for r in results),
        "lost": sum(r["gaps"] for r in results) + sum(r["mismatches"] for r in results),
        "duplicated": sum(r["duplicates"] for r in results),
        "errors": [e for r in results for e in r["errors"]][:10],
        "crashed": len(crashed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="sqlite", help="sqlite, postgres or a postgresql:// URL")
    parser.add_argument("--processes", type=int, default=1, help="server processes (PostgreSQL)")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--game", default="square-off")
    parser.add_argument("--think", type=float, default=0.0, help="mean ms a player waits")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument("--mcts-bots", type=int, default=0, help="extra MCTS bot matches")
    parser.add_argument("--bot-think", type=float, default=0.5, help="seconds per MCTS move")
    parser.add_argument("--bot-workers", type=int, default=0, help="bot processes (0: cores)")
    parser.add_argument(
        "--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL", help="the server's"
    )
    parser.add_argument("--quick", action="store_true", help="20 matches, 5 seconds")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.matches, args.seconds, args.warmup = 20, 5.0, 2.0
    if args.processes > 1 and args.db == "sqlite":
        parser.error("--processes 2 needs PostgreSQL (--db postgres)")
    print(
        f"load: {args.matches} matches of {args.game}, {args.processes} server process(es) on "
        f"{args.db}, think {args.think:g} ms, {args.mcts_bots} MCTS bot matches, "
        f"{args.seconds:g} s after {args.warmup:g} s warm-up ...",
        flush=True,
    )
    result = run(args)
    if args.json:
        print(json.dumps(result))
    if args.db == "sqlite":
        result["db"] = f"sqlite ({args.sqlite_synchronous})"
    print(
        "| database | processes | matches | think | bots | moves/s | p50 ms | p99 ms | max ms "
        "| server CPU ms/move | lost | duplicated |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {result['db']} | {result['processes']} | {result['matches']} | {args.think:g} ms | "
        f"{result['mcts_bots']} | {result['moves_per_s']:.0f} | {result['p50_ms']:.1f} | "
        f"{result['p99_ms']:.1f} | {result['max_ms']:.0f} | {result['cpu_ms_per_move']:.2f} | "
        f"{result['lost']} | {result['duplicated']} |"
    )
    if result["errors"]:
        print("errors:", *result["errors"], sep="\n  ")
    return 1 if result["lost"] or result["duplicated"] or result["crashed"] else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
