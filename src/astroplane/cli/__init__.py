"""The ``astroplane`` command line: bot games, an interactive game, replays and perft.

Sub-commands (``astroplane <command> --help`` explains each):

* ``selfplay`` plays complete games between bots and prints the results;
* ``play`` is an interactive terminal game against bots;
* ``replay`` replays a game record, validating every move;
* ``perft`` counts action sequences from the setup and measures the speed.
* ``games`` lists the games (title, player counts) and any broken game plug-in.

Every command plays every registered game (``--game``; ASTROPLANE by default). The command
line needs the ``rich`` package (``pip install 'astroplane[cli]'``); without it, it says
so. Exit codes: 0 success, 1 a bad file or game record (one ``astroplane: error:`` line on
stderr), 2 bad command-line arguments (argparse's usage message), 130 interrupted.

Examples:
    >>> main(["perft", "--depth", "1"])
    perft of ASTROPLANE, 2 players, standard rules, from the setup
    depth        nodes   seconds     nodes/s
        1            6 ...
    0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

#: None when ``rich`` is missing (``main`` then says how to install it).
build_parser: Callable[[], argparse.ArgumentParser] | None
run: Callable[[Sequence[str] | None], int] | None
try:
    from astroplane.cli.app import DEFAULT_MAX_TURNS, build_parser, run
except ModuleNotFoundError as _missing:  # the optional dependency of the command line
    if (_missing.name or "").partition(".")[0] != "rich":
        raise
    DEFAULT_MAX_TURNS = 1000
    build_parser = run = None

__all__ = ["DEFAULT_MAX_TURNS", "build_parser", "main"]

_NO_RICH = (
    "astroplane: the command line needs the 'rich' package; install it with:\n"
    "    pip install 'astroplane[cli]'"
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``astroplane`` command line.

    Args:
        argv: The arguments without the program name (default ``sys.argv[1:]``).

    Returns:
        The exit code: 0 success, 1 a bad file or record (or ``rich`` missing), 130
        interrupted.

    Raises:
        SystemExit: With code 2 on bad arguments, 0 after ``--help`` (argparse).
    """
    if run is None:
        print(_NO_RICH, file=sys.stderr)
        return 1
    return run(argv)
