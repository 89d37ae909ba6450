"""Bot seats: their moves are chosen in a pool of worker processes, off the event loop, so
a server with many searching bots still answers people at once.

A worker gets the state (pickled: states of every registered game pickle, as the
security page says a server may rely on), the bot's name, thinking time and a fresh seed,
and sends back the chosen move's notation; the server plays it as it plays a person's,
through ``parse_move``. Workers run at a lower priority (``nice``) than the server, and
load the game plug-ins the server was started with.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from astroplane.agents import make_bot
from astroplane.plugins import load_plugin
from astroplane.protocol import State, get_game

__all__ = ["BotPool", "choose"]

#: How much lower the workers' scheduling priority is than the server's.
NICENESS = 10


def _worker_start(plugins: Sequence[str]) -> None:
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    for plugin in plugins:
        load_plugin(plugin)


def _ready() -> bool:
    return True


def choose(game: str, state: State[Any], bot: str, think: float | None, seed: int) -> str:
    """The notation of the move ``bot`` chooses in ``state`` (run in a worker)."""
    agent = make_bot(bot, seed, think=think)
    move = agent.choose(state)
    return str(get_game(game).format_move(state, move))


class BotPool:
    """A process pool for bot moves, started on first use and started again if a worker
    dies."""

    def __init__(self, workers: int, plugins: Sequence[str] = ()) -> None:
        self.workers = workers
        self.plugins = tuple(plugins)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(self.plugins,),
            )
        return self._pool

    def warm(self) -> None:
        """Start the workers now (they import the games), so that the first bot move does
        not wait for them."""
        pool = self._executor()
        for _ in range(self.workers):
            pool.submit(_ready)

    async def choose(
        self, game: str, state: State[Any], bot: str, think: float | None, seed: int
    ) -> str:
        """The move's notation, chosen in a worker process."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._executor(), choose, game, state, bot, think, seed
            )
        except BrokenProcessPool:
            self._pool = None
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
