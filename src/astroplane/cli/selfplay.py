"""``astroplane selfplay``: complete games between bots, with a summary table."""

from __future__ import annotations

import argparse
import datetime
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from astroplane.agents import GameRun
from astroplane.cli.common import (
    RECORD_SUFFIX,
    CliError,
    board_text,
    numbered_path,
    rules_for,
    rules_label,
    seat_style,
    sides,
    start_state,
    write_svg,
)
from astroplane.dataset import DatasetWriter
from astroplane.kit.anyrecord import record_functions
from astroplane.protocol import Game, get_game
from astroplane.runs import GameResult, RunSpec, game_seed, play_one, run_games
from astroplane.turnlimit import stopped_words

__all__ = ["cmd_selfplay"]


def cmd_selfplay(args: argparse.Namespace, out: Console, err: Console) -> int:
    game = get_game(args.game)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rules = rules_for(game, args.rules)
    names: list[str] = args.bots
    record_dir: Path | None = args.record
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CliError(f"cannot create record directory {str(record_dir)!r}: {e}") from e
    if args.show and (args.workers > 1 or args.ray is not None):
        raise CliError("--show prints the games as they are played: not with --workers or --ray")
    initial = start_state(game, args.players, rules, args.max_turns)
    seat_bots = {int(s): names[i % len(names)] for i, s in enumerate(initial.seats)}
    limit = f", turn limit {args.max_turns}"
    teams = sides(game, initial)
    if teams:
        limit += ", teams " + " against ".join(_team_name(game, t) for t in teams)
    where = (
        f", on Ray ({args.ray})"
        if args.ray is not None
        else f", {args.workers} workers"
        if args.workers > 1
        else ""
    )
    out.print(
        f"{args.games} game{'s' if args.games != 1 else ''} of {game.title}, "
        f"{args.players} players "
        f"({', '.join(f'{game.seat_names[s]} {b}' for s, b in seat_bots.items())}), "
        f"{rules_label(game, rules)} rules{limit}, seed {seed}{where}",
        highlight=False,
    )
    spec = RunSpec(
        game=game.name,
        players=args.players,
        bots=tuple(names),
        rules=None if args.rules is None else game.rules_to_text(rules),
        think=args.think,
        max_turns=args.max_turns,
        plugins=tuple(getattr(args, "plugins", ())),
        dataset=args.dataset is not None,
    )
    dataset = _open_dataset(args.dataset, spec)
    results: list[GameResult] = []
    failed: list[GameResult] = []
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=args.games < 2 or args.show,
    )
    with progress:
        task = progress.add_task("playing", total=args.games)

        def report(result: GameResult) -> None:
            progress.advance(task)
            if dataset is not None:
                dataset.add(result)

        if args.show:  # one game at a time in this process, each action printed
            done = [_shown(game, initial, spec, seed, g, out) for g in range(args.games)]
            for result in done:
                report(result)
        else:
            try:
                done = run_games(
                    spec,
                    args.games,
                    seed,
                    workers=args.workers,
                    ray=args.ray,
                    on_result=report,
                )
            except ImportError as e:
                raise CliError(str(e)) from e
    if dataset is not None:
        dataset.close()
    for result in done:
        g = result.index + 1
        if not result.ok:
            failed.append(result)
            out.print(Text(f"Game {g} (seed {result.seed}) failed: {result.error}"))
            continue
        results.append(result)
        # Replaying a game costs the parent about as much as playing it did a worker
        # (notation parsed, every move checked): only for what needs the game itself.
        drawn = args.games == 1 and not args.show
        run = None
        if drawn or record_dir is not None or args.svg is not None:
            run = _rebuilt(game, initial, result)
        if drawn and run is not None:
            out.print(board_text(game, run.final))
        how = stopped_words(game, args.max_turns) if result.stopped else result.outcome
        out.print(Text(f"Game {g}: {how}; {result.plies} actions, {result.seconds:.2f} s"))
        if run is None:
            continue
        final = run.final
        if record_dir is not None:
            path = record_dir / f"game-{g:03d}{RECORD_SUFFIX}"
            _write_record(game, run, path, event=f"astroplane selfplay, seed {seed}, game {g}")
            out.print(Text(f"  record written to {path}"))
        if args.svg is not None:
            path = numbered_path(args.svg, g, args.games)
            write_svg(game, final, path, run.moves[-1] if run.moves else None)
            out.print(Text(f"  final position drawn in {path}"))
    if dataset is not None:
        out.print(
            Text(f"{dataset.rows} decisions of {dataset.games} games written to {args.dataset}")
        )
    if len(results) > 1:
        out.print(_summary(game, results, seat_bots, teams))
    return 1 if failed else 0


def _open_dataset(path: Path | None, spec: RunSpec) -> DatasetWriter | None:
    """The dataset writer of ``--dataset``, or None."""
    if path is None:
        return None
    try:
        return DatasetWriter(path, spec)
    except ImportError as e:
        raise CliError(f"--dataset: {e}") from e
    except (OSError, ValueError) as e:
        raise CliError(f"--dataset: cannot write {str(path)!r}: {e}") from e


def _shown(
    game: Game[Any, Any], initial: Any, spec: RunSpec, seed: int, index: int, out: Console
) -> GameResult:
    """Game ``index`` of the run, played here with every action printed (``--show``)."""
    out.print(Text(f"Game {index + 1}: initial position"))
    out.print(board_text(game, initial))
    out.print(Text(game.status(initial)))
    return play_one(spec, index, game_seed(seed, index), on_action=_shower(game, out))


def _rebuilt(game: Game[Any, Any], initial: Any, result: GameResult) -> GameRun:
    """The ``GameRun`` of a game a worker played, from its moves' notation."""
    state, moves = initial, []
    for text in result.moves:
        move = game.parse_move(state, text)
        moves.append(move)
        state = state.play(move)
    return GameRun(initial=initial, moves=tuple(moves), final=state, truncated=result.stopped)


def _shower(game: Game[Any, Any], out: Console) -> Callable[[Any, Any, Any], None]:
    """The ``on_action`` hook of ``--show``: each action, and the board after each turn."""

    def show(before: Any, move: Any, after: Any) -> None:
        who = "dice" if before.is_chance_node else game.seat_names[before.to_move]
        out.print(Text(f"{who}: {game.format_move(before, move)}"))
        if after.is_over or after.turn != before.turn:
            out.print(board_text(game, after))
            out.print(Text(game.status(after) if not after.is_over else ""))

    return show


def _write_record(game: Game[Any, Any], run: GameRun, path: Path, *, event: str) -> None:
    to_text, _from_text = record_functions(game)  # the game's, or the kit's from its Game
    headers = {"Event": event, "Date": datetime.date.today().isoformat()}
    text = to_text(run.initial, run.moves, headers)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot write record {str(path)!r}: {e}") from e


def _team_name(game: Game[Any, Any], team: Sequence[int]) -> str:
    """``R+B``."""
    return "+".join(game.seat_names[s] for s in team)


def _winning_seats(result: GameResult) -> set[int]:
    """The seats of the game with the best final ``returns()``, if it is above 0."""
    values = result.returns
    best = max(values[s] for s in result.seats)
    return {s for s in result.seats if values[s] == best} if best > 0 else set()


def _summary(
    game: Game[Any, Any],
    results: Sequence[GameResult],
    seat_bots: Mapping[int, str],
    teams: Sequence[tuple[int, ...]] = (),
) -> Table:
    """Per seat: wins alone (in a team game: the seat's team won alone), shared wins (an
    equal best ``returns()`` with other seats), the mean value; a team game's caption
    counts each team's wins."""
    table = Table(title=f"Summary of {len(results)} games")
    for col in ("Seat", "Bot", "Wins", "Shared", "Mean value"):
        table.add_column(col, justify="left" if col in ("Seat", "Bot") else "right")
    team_of = {s: set(t) for t in teams for s in t}
    for seat, bot in seat_bots.items():
        wins = shared = 0
        total = 0.0
        for result in results:
            total += result.returns[seat]
            winners = _winning_seats(result)
            if seat in winners:
                if winners <= team_of.get(seat, {seat}):
                    wins += 1
                else:
                    shared += 1
        mates = team_of.get(seat, {seat}) - {seat}
        label = game.seat_names[seat] + (
            f" (+{'+'.join(game.seat_names[s] for s in sorted(mates))})" if mates else ""
        )
        table.add_row(
            Text(label, style=seat_style(game, seat)),
            bot,
            str(wins),
            str(shared),
            f"{total / len(results):.2f}",
        )
    turns = [r.turns - r.stopped for r in results]  # a stopped game: turn N + 1 began
    table.caption = f"turns: mean {sum(turns) / len(turns):.1f}, max {max(turns)}"
    stopped = sum(r.stopped for r in results)
    if stopped:
        table.caption += f"; {stopped} stopped by the turn limit"
    if teams:
        won = []
        for team in teams:
            count = 0
            for result in results:
                winners = _winning_seats(result)
                count += bool(winners) and winners <= set(team)
            won.append(f"{_team_name(game, team)} won {count}")
        table.caption = f"teams: {', '.join(won)}; {table.caption}"
    return table
