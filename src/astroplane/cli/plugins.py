"""``--plugin``: load a game that is not installed, from a module name or a Python file.

A game plug-in is a module that calls ``astroplane.protocol.register_game`` when it is
imported (``examples/games/tictactoe.py`` is one). Installed plug-ins are found through
the ``astroplane.games`` entry points and need no option; ``--plugin`` is for a game under
development::

    astroplane --plugin examples/games/tictactoe.py selfplay --game tic-tac-toe

Loading a plug-in runs its code, as ``python FILE`` would: only name files you trust. The
loading itself is ``astroplane.plugins.load_plugin``, shared with the worker processes of
``astroplane.runs`` and the server's bot pool; this module finds the option on the command
line.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from astroplane.plugins import load_plugin

__all__ = ["load_plugin", "split_plugins"]


def split_plugins(
    argv: Sequence[str], parser: argparse.ArgumentParser
) -> tuple[list[str], list[str]]:
    """The ``--plugin`` values of ``argv`` and the other arguments.

    ``--plugin`` is an option before the command and among the command's options, but
    never the value of another option (``--svg --plugin=x.py``), never after ``--`` and
    never after the command's first positional argument: from there on the arguments are
    file names (``replay game.txt --plugin=x.py`` names no plug-in; argparse then refuses
    the stray argument), so a file name can never run code.

    Args:
        argv: The command line's arguments.
        parser: The ``astroplane`` argument parser (``astroplane.cli.app.build_parser()``),
            which says which options take a value.

    Examples:
        >>> from astroplane.cli.app import build_parser
        >>> split_plugins(["--plugin", "a.py", "selfplay", "--plugin=b", "--games", "2"],
        ...               build_parser())
        (['a.py', 'b'], ['selfplay', '--games', '2'])
        >>> split_plugins(["replay", "game.txt", "--plugin=x.py"], build_parser())
        ([], ['replay', 'game.txt', '--plugin=x.py'])
    """
    commands = _commands(parser)
    plugins: list[str] = []
    rest: list[str] = []
    args = list(argv)
    valued = _valued(parser)  # the options of the place we are at that take a value
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--plugin" and i + 1 < len(args):
            plugins.append(args[i + 1])
            i += 2
            continue
        if a.startswith("--plugin="):
            plugins.append(a.partition("=")[2])
            i += 1
            continue
        rest.append(a)
        i += 1
        if a == "--":
            break
        if a.startswith("-") and a != "-":
            if a in valued and i < len(args):  # its value: never an option of ours
                rest.append(args[i])
                i += 1
            continue
        if a in commands and not commands[a][1]:  # the command: its own options now
            valued = commands[a][0]
            commands = {name: (found, True) for name, (found, _used) in commands.items()}
            continue
        break  # the first positional argument: the rest are file names
    rest.extend(args[i:])
    return plugins, rest


def _valued(parser: argparse.ArgumentParser) -> frozenset[str]:
    """The option strings of ``parser`` that take a value (``--svg FILE``)."""
    return frozenset(
        option
        for action in parser._actions  # argparse keeps no public list of them
        if action.nargs != 0 and not isinstance(action, argparse._SubParsersAction)
        for option in action.option_strings
    )


def _commands(
    parser: argparse.ArgumentParser,
) -> dict[str, tuple[frozenset[str], bool]]:
    """The commands of ``parser``: name -> (their value-taking options, seen yet)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {name: (_valued(sub), False) for name, sub in action.choices.items()}
    return {}
