"""Datasets for learning: every decision of a run as a row of a Parquet file (``pyarrow``).

``astroplane selfplay --dataset PATH`` (or ``DatasetWriter`` with ``astroplane.runs``)
writes one row per decision a bot took (chance outcomes are not decisions), in game order
and, within a game, in ply order, so a run's file is the same whatever the number of
workers. The columns (``SCHEMA``):

==================  ======================  =================================================
column              type                    meaning
==================  ======================  =================================================
``game``            string                  the game's registered name (``square-off``)
``rules``           string                  the rules text (``Game.rules_to_text``)
``players``         int8                    the player count
``game_index``      int32                   the game's number in the run, from 0
``seed``            uint64                  the game's seed (``astroplane.runs.game_seed``)
``ply``             int32                   actions played before this one (chance included)
``seat``            int8                    the seat number that acted
``observation``     list<float32>           ``Game.observe(state, seat)``, flattened
                                            row-major from ``observation_shape``
``legal_mask``      list<bool>              ``num_actions`` entries: True for a legal action
``action``          int32                   the action number chosen
``returns``         list<float32>           the game's final ``returns()`` per seat number
``value``           float32                 ``returns[seat]``: what the game was worth to
                                            the seat that acted
==================  ======================  =================================================

The file's key-value metadata holds ``astroplane.observation_shape`` and
``astroplane.num_actions`` (JSON) and the schema version ``astroplane.dataset_version``
(1). Read it with ``pandas.read_parquet(PATH)``, ``pyarrow.parquet.read_table(PATH)`` or
any Parquet reader; ``numpy.stack(df.observation)`` gives the observations as one array.

Examples:
    >>> import pyarrow.parquet as pq, tempfile, pathlib
    >>> from astroplane.runs import RunSpec, run_games
    >>> spec = RunSpec("square-off", 2, ("greedy", "random"), max_turns=20, dataset=True)
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.parquet"
    >>> with DatasetWriter(path, spec) as out:
    ...     for result in run_games(spec, games=2, seed=1):
    ...         out.add(result)
    >>> table = pq.read_table(path)
    >>> table.num_rows == out.rows, table.column_names[:4]
    (True, ['game', 'rules', 'players', 'game_index'])
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import TracebackType
from typing import Any

from astroplane.protocol import get_game
from astroplane.runs import GameResult, RunSpec

__all__ = ["DATASET_VERSION", "DatasetWriter", "schema"]

#: The version of the column layout, in the file's metadata.
DATASET_VERSION = 1

#: Rows buffered before a row group is written.
_BATCH_ROWS = 8192


def _pyarrow() -> tuple[Any, Any]:
    try:
        pa = importlib.import_module("pyarrow")
        pq = importlib.import_module("pyarrow.parquet")
    except ImportError as exc:
        raise ImportError(
            "datasets need pyarrow: pip install 'astroplane[rl]' (or pip install pyarrow)"
        ) from exc
    return pa, pq


def _lists(pa: Any, np: Any, flat: Any, width: int, count: int) -> Any:
    """``count`` lists of ``width`` values each from a flat NumPy array, as Arrow."""
    offsets = np.arange(0, (count + 1) * width, width, dtype=np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(flat))


def schema() -> Any:
    """The ``pyarrow.Schema`` of a dataset file (the table in the module docstring)."""
    pa, _pq = _pyarrow()
    return pa.schema(
        [
            ("game", pa.string()),
            ("rules", pa.string()),
            ("players", pa.int8()),
            ("game_index", pa.int32()),
            ("seed", pa.uint64()),
            ("ply", pa.int32()),
            ("seat", pa.int8()),
            ("observation", pa.list_(pa.float32())),
            ("legal_mask", pa.list_(pa.bool_())),
            ("action", pa.int32()),
            ("returns", pa.list_(pa.float32())),
            ("value", pa.float32()),
        ]
    )


class DatasetWriter:
    """Writes the decisions of a run's games to a Parquet file, in game order.

    Results may be added in any order (as workers finish them); each is written once all
    games before it have been, so the file does not depend on the workers. Failed games
    (``GameResult.error``) are left out: they hold no decisions.

    Args:
        path: The file to write (replaced if it exists).
        spec: The run's spec (``dataset=True``).

    Attributes:
        rows: Rows written so far.
        games: Games written so far.

    Raises:
        ValueError: If the spec does not record decisions or its game has no action
            encoding.
        ImportError: If pyarrow is not installed.
    """

    def __init__(self, path: str | Path, spec: RunSpec) -> None:
        if not spec.dataset:
            raise ValueError("the run does not record decisions (RunSpec.dataset is False)")
        pa, pq = _pyarrow()
        game = get_game(spec.game)
        initial = game.new_game(
            spec.players,
            rules=None if spec.rules is None else game.rules_from_text(spec.rules),
        )
        if game.num_actions is None:
            raise ValueError(f"the game {game.name!r} has no action encoding: no dataset")
        self._pa = pa
        self._num_actions = int(game.num_actions(initial))
        shape = None if game.observation_shape is None else game.observation_shape(initial)
        self._fixed = {
            "game": game.name,
            "rules": game.rules_to_text(getattr(initial, "rules", None))
            if hasattr(initial, "rules")
            else (spec.rules or ""),
            "players": spec.players,
        }
        meta = {
            "astroplane.dataset_version": str(DATASET_VERSION),
            "astroplane.num_actions": json.dumps(self._num_actions),
            "astroplane.observation_shape": json.dumps(None if shape is None else list(shape)),
        }
        self._schema = schema().with_metadata(meta)
        self._writer = pq.ParquetWriter(str(path), self._schema, compression="zstd")
        self._waiting: dict[int, GameResult] = {}
        self._next = 0
        self._np = importlib.import_module("numpy")
        self._pending: list[Any] = []
        self._pending_rows = 0
        self.rows = 0
        self.games = 0

    def add(self, result: GameResult) -> None:
        """Take one game's result; write it (and any that waited for it) when its turn
        comes in game order."""
        self._waiting[result.index] = result
        while self._next in self._waiting:
            self._write(self._waiting.pop(self._next))
            self._next += 1

    def skip(self, index: int) -> None:
        """Say that game ``index`` will never come (its run stopped), so later games are
        not held back for it."""
        self.add(GameResult(index=index, seed=0, error="skipped"))

    def _write(self, result: GameResult) -> None:
        if result.error is not None or not result.rows:
            return
        np, pa = self._np, self._pa
        rows = result.rows
        k, n = len(rows), self._num_actions
        mask = np.zeros((k, n), dtype=np.bool_)
        for i, row in enumerate(rows):
            mask[i, list(row.legal_actions)] = True
        width = len(rows[0].observation)
        seen = np.asarray([row.observation for row in rows], dtype=np.float32).reshape(-1)
        seats = np.asarray([row.seat for row in rows], dtype=np.int8)
        values = np.asarray(result.returns, dtype=np.float32)
        columns = {
            "game": pa.array([self._fixed["game"]] * k, pa.string()),
            "rules": pa.array([self._fixed["rules"]] * k, pa.string()),
            "players": pa.array(np.full(k, self._fixed["players"], dtype=np.int8)),
            "game_index": pa.array(np.full(k, result.index, dtype=np.int32)),
            "seed": pa.array(np.full(k, result.seed, dtype=np.uint64)),
            "ply": pa.array(np.asarray([row.ply for row in rows], dtype=np.int32)),
            "seat": pa.array(seats),
            "observation": _lists(pa, np, seen, width, k),
            "legal_mask": _lists(pa, np, mask.reshape(-1), n, k),
            "action": pa.array(np.asarray([row.action for row in rows], dtype=np.int32)),
            "returns": _lists(pa, np, np.tile(values, k), len(values), k),
            "value": pa.array(values[seats.astype(np.intp)]),
        }
        self._pending.append(pa.Table.from_pydict(columns, schema=self._schema))
        self._pending_rows += k
        self.rows += k
        self.games += 1
        if self._pending_rows >= _BATCH_ROWS:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            self._writer.write_table(self._pa.concat_tables(self._pending))
            self._pending, self._pending_rows = [], 0

    def close(self) -> None:
        """Write what is buffered (games still waiting for an earlier one included, in
        order) and close the file."""
        for index in sorted(self._waiting):
            self._write(self._waiting.pop(index))
        self._flush()
        self._writer.close()

    def __enter__(self) -> DatasetWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
