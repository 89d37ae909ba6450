"""Hostile Python values, the checks of ``check_hostile`` beyond mutated text (issue 32):
moves forged past their class's constructor, ``int`` and ``str`` subclasses that lie,
huge drawing sizes, impossible counters and duplicated set items (another game's state is
``astroplane.testing.declarations``' ``wrong-game`` check).

A server hands the library what clients send, and a library caller may hand it anything:
each check gives one kind of such value to every function of a game that takes it and
requires the game's own error (a ``ValueError`` subclass) or a valid answer, never a
``TypeError``, ``AttributeError``, ``IndexError`` or ``OverflowError`` from inside, and
never a state that play could not reach. Each function returns the problems found, in
words (empty when all is well).
"""

from __future__ import annotations

import copy
import inspect
import itertools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

import attrs

from astroplane.kit.anyrecord import record_functions
from astroplane.kit.limits import plain_int
from astroplane.protocol import Game, is_legal_action
from astroplane.testing.formats import fingerprint, formats_of
from astroplane.testing.inputs import TURN_BOUND

__all__ = [
    "LiarInt",
    "LyingText",
    "counter_problems",
    "drawing_size_problems",
    "duplicate_problems",
    "forge",
    "forged_move_problems",
    "seat_problems",
    "text_subclass_problems",
]

Check = Callable[..., Any]  # check_input, passed in (it lives in testing.hostile)


class LiarInt(int):
    """An ``int`` that says it equals everything (``==`` always true, ``!=`` always
    false): a field or seat of this type must never name a legal move or a seat."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


class LyingText(str):
    """A ``str`` whose ``len`` says ``claimed`` and whose methods a reader might call
    (``strip``, ``split``, ``lower``...) raise ``AttributeError``: a reader must work on
    the characters themselves (``astroplane.kit.limits.plain_text``)."""

    claimed = 0

    def __new__(cls, text: str, claimed: int = 0) -> LyingText:
        made = super().__new__(cls, text)
        made.claimed = claimed
        return made

    def __len__(self) -> int:
        return self.claimed

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise AttributeError("a lying str method")

    strip = lstrip = rstrip = split = rsplit = splitlines = _refuse
    lower = upper = casefold = swapcase = partition = rpartition = _refuse
    startswith = endswith = find = index = replace = encode = _refuse


def _call(where: str, call: Callable[[], Any]) -> tuple[str, Any]:
    """``("", result)``, ``("refused", error)`` for a ``ValueError``, or a problem."""
    try:
        return "", call()
    except ValueError as exc:
        return "refused", exc
    except Exception as exc:  # the contract: only a ValueError subclass
        return f"{where} raised {type(exc).__name__}: {str(exc)[:160]}, not a ValueError", None


# ---- forged moves and odd integers -------------------------------------------------------------
def forge(move: Any, **fields: Any) -> Any:
    """A copy of an ``attrs`` move with fields set past its constructor (and its checks),
    as unpickling or ``object.__setattr__`` can build one."""
    twin = copy.copy(move)
    for name, value in fields.items():
        object.__setattr__(twin, name, value)
    return twin


def forgeries(move: Any) -> Iterator[tuple[str, Any]]:
    """Moves forged from a legal ``attrs`` move: each ``int`` field as a ``float``, a
    ``bool`` (for 0 and 1), a ``LiarInt`` or None; and an instance with no fields at all.
    Nothing for moves of other kinds (a plain ``int`` move gets its ``LiarInt`` twin)."""
    if type(move) is int:
        yield f"LiarInt({move})", LiarInt(move)
        return
    cls = type(move)
    if not attrs.has(cls):
        return
    yield f"{cls.__name__} with no fields", object.__new__(cls)
    for f in attrs.fields(cls):
        value = getattr(move, f.name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        twins: list[Any] = [float(value), LiarInt(value), None]
        if value in (0, 1):
            twins.append(bool(value))
        for twin in twins:
            yield f"{f.name}={twin!r} ({type(twin).__name__})", forge(move, **{f.name: twin})


def forged_move_problems(g: Game[Any, Any], s: Any, where: str) -> list[str]:
    """Forged moves given to ``play`` (and odd numbers to ``action_to_move``): each raises
    a ``ValueError`` and changes nothing, or, if it names a legal move, ``play`` gives
    what that legal move gives."""
    problems: list[str] = []
    text = fingerprint(g, s)
    legal = list(s.legal_moves())
    for move in legal[:2] + legal[-1:]:
        for label, forged in forgeries(move):
            if is_legal_action(s, forged):
                continue
            problem, _ = _call(f"{where}: play(forged {label})", partial(s.play, forged))
            if problem and problem != "refused":
                problems.append(problem)
            elif not problem:
                problems.append(f"{where}: play accepted a forged move ({label})")
            if fingerprint(g, s) != text:
                problems.append(f"{where}: play(forged {label}) changed the state")
                return problems
    if g.action_to_move is not None and g.move_to_action is not None and legal:
        number = g.move_to_action(s, legal[0])

        class FailingIndex:
            def __index__(self) -> int:
                raise ZeroDivisionError("an __index__ that fails")

        actions: tuple[Any, ...] = (FailingIndex(), LiarInt(number))
        for action in actions:
            problem, got = _call(
                f"{where}: action_to_move({type(action).__name__})",
                partial(g.action_to_move, s, action),
            )
            if problem and problem != "refused":
                problems.append(problem)
            elif not problem and not (isinstance(action, LiarInt) and got == legal[0]):
                problems.append(f"{where}: action_to_move took {type(action).__name__}")
    return problems


def seat_problems(g: Game[Any, Any], s: Any, where: str) -> list[str]:
    """Seats given as ``LiarInt`` (an ``int`` subclass equal to everything), out of range
    or of other types to ``new_game(first=...)``, ``evaluate`` and ``observe``: a
    ``ValueError`` or a valid answer, never an ``IndexError`` from inside."""
    problems: list[str] = []
    seats: list[Any] = [LiarInt(0), LiarInt(99), LiarInt(-1), 99, -1, 1.0, True, None]
    count = len(s.seats)
    for seat in seats:
        shown = f"{type(seat).__name__}({seat!r})"
        calls: list[tuple[str, Callable[[], Any]]] = [
            ("new_game(first=...)", partial(g.new_game, count, first=seat)),
        ]
        if g.evaluate is not None:
            calls.append(("evaluate", partial(g.evaluate, s, seat)))
        if g.search_rating is not None:
            calls.append(("search_rating", partial(g.search_rating, s, seat)))
        if g.observe is not None:
            calls.append(("observe", partial(g.observe, s, seat)))
        for name, call in calls:
            problem, got = _call(f"{where}: {name} with seat {shown}", call)
            if problem and problem != "refused":
                problems.append(problem)
            elif not problem and name.startswith("new_game"):
                mover = getattr(got, "to_move", None)
                if not plain_int(mover) or mover not in set(got.seats):
                    problems.append(f"{where}: new_game(first={shown}) made a state whose "
                                    f"player to move is {mover!r}, no seat of it")  # fmt: skip
    return problems


# ---- drawings -----------------------------------------------------------------------------
def drawing_size_problems(g: Game[Any, Any], s: Any) -> list[str]:
    """Huge, negative and mistyped drawing sizes given to ``render_svg`` (when it takes a
    ``size``, as ``astroplane.svg.board`` passes it on): a ``ValueError``, never an
    ``OverflowError`` or ``MemoryError``."""
    if g.render_svg is None:
        return []
    try:
        inspect.signature(g.render_svg).bind(s, size=None)
    except (TypeError, ValueError):
        return []  # a drawing without a size
    problems: list[str] = []
    for size in (10**309, 2**64, -1, 0, 1.5, float("inf"), True, "300"):
        problem, _ = _call(f"{g.name}: render_svg(size={size!r:.20})",
                           partial(g.render_svg, s, size=size))  # fmt: skip
        if problem == "":
            problems.append(f"{g.name}: render_svg drew at size {size!r:.20}")
        elif problem != "refused":
            problems.append(problem)
    return problems


# ---- text that lies ---------------------------------------------------------------------------
def text_subclass_problems(g: Game[Any, Any], reader: str, value: str, context: Any) -> list[str]:
    """A reader given ``LyingText`` made of a valid input ``value`` (its ``len`` 0 or 1,
    its methods raising) and of an input over every limit: it reads what it reads of the
    plain text, or refuses it with a ``ValueError``; never cut short, never an
    ``AttributeError``."""
    read = _reader(g, reader, context)
    problems: list[str] = []
    plain_problem, plain = _call("plain", lambda: read(value))
    huge = (value + "\n") * (2**20 // (len(value) + 1) + 2)  # over each one-value limit
    for label, text in (
        ("a valid input", LyingText(value)),
        ("a valid input", LyingText(value, 1)),
        ("an input over the size limit", LyingText(huge, len(value))),
    ):
        problem, got = _call(f"{g.name} {reader} reader given a lying str ({label})",
                             partial(read, text))  # fmt: skip
        if problem and problem != "refused":
            problems.append(problem)
        elif not problem and (label.startswith("an input over") or plain_problem or got != plain):
            problems.append(f"{g.name} {reader} reader read a lying str ({label}) as "
                            "something else than its characters")  # fmt: skip
    return problems


def _reader(g: Game[Any, Any], reader: str, context: Any) -> Callable[[Any], Any]:
    if reader in ("position", "json"):
        codec = formats_of(g).get(reader)
        if codec is None:
            raise ValueError(f"{g.title} has no {reader} format")
        return codec[1]
    readers: dict[str, Callable[[Any], Any]] = {
        "rules": g.rules_from_text,
        "record": record_functions(g)[1],
        "move": lambda text: g.parse_move(context, text),
    }
    return readers[reader]


# ---- impossible data ------------------------------------------------------------------------
def counter_problems(g: Game[Any, Any], s: Any, check: Check) -> list[str]:
    """A state whose turn counter claims more than ``TURN_BOUND`` turns (its position
    text's ``t<turn>`` token, or its dict's ``"turn"``) is refused, or read as a state
    whose ``turn`` is within the bound."""
    problems: list[str] = []
    codecs = formats_of(g)
    text = codecs["position"][0](s) if "position" in codecs else ""
    tokens = re.findall(r"(?<!\S)t\d+(?!\S)", text)
    for turn in (TURN_BOUND, TURN_BOUND + 1, 999_999_999, 10**30):
        if len(tokens) == 1:
            value: Any = re.sub(r"(?<!\S)t\d+(?!\S)", f"t{turn}", text)
            reader = "position"
        else:
            if "dict" not in codecs:
                return problems
            data = codecs["dict"][0](s)
            if not isinstance(data.get("turn"), int):
                return problems
            value, reader = {**data, "turn": turn}, "dict"
        outcome = check(g, reader, value)
        if outcome.verdict not in ("rejected", "accepted"):
            problems.append(f"counters: {outcome.problem}")
        elif outcome.verdict == "accepted" and getattr(outcome.value, "turn", 0) > TURN_BOUND:
            problems.append(f"counters: the {reader} reader took turn {outcome.value.turn}, "
                            f"past the bound {TURN_BOUND}")  # fmt: skip
    return problems


def duplicated(data: Any) -> Iterator[tuple[str, Any]]:
    """Copies of ``to_dict`` data with one list's first item given twice (at most 40),
    for lists that hold a set (removal rights, points, seats) and must refuse it or read
    back equal."""
    paths: list[tuple[Any, ...]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        if len(paths) >= 40:
            return
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, list):
            if node:
                paths.append(path)
            for i, value in enumerate(itertools.islice(node, 8)):
                walk(value, (*path, i))

    walk(data, ())
    for path in paths:
        twin = copy.deepcopy(data)
        node = twin
        for key in path:
            node = node[key]
        node.insert(0, copy.deepcopy(node[0]))
        yield ".".join(map(str, path)), twin


def duplicate_problems(g: Game[Any, Any], corpus: Sequence[Any], check: Check) -> list[str]:
    """Every list of the ``to_dict`` data of the states in ``corpus`` with its first item
    given twice: the dict and JSON readers refuse it or read a valid state (one that
    writes and reads back in every format)."""
    problems: list[str] = []
    for data in corpus:
        for path, twin in duplicated(data):
            for reader, value in (("dict", twin), ("json", json.dumps(twin))):
                outcome = check(g, reader, value)
                if not outcome.ok:
                    problems.append(f"duplicates ({reader}, {path} given twice): "
                                    f"{outcome.problem}")  # fmt: skip
    return problems
