"""Reading JSON from untrusted clients: decode under limits, then check every value with
its JSON path.

``load_json`` decodes text under the limits every reader applies (size, UTF-8, no key
twice in an object, bounded nesting). ``head`` writes the envelope every document of a
game starts with (``format_version``, ``game``, ``type``) and ``read_head`` checks it with
the object's fields. The checks below read one value each and raise
``JsonPathError`` (a ``NotationError``) whose message starts with the value's path
(``state.planes[3]``), so a client learns where its document is wrong. Types are exact:
``true`` is no integer, ``2.0`` no integer, ``"1"`` no number.

Examples:
    >>> data = load_json('{"turn": 3, "names": ["R1", "R1"]}')
    >>> integer(field(data, "turn", "state"), "state.turn", 1, 10)
    3
    >>> array(data["names"], "state.names", 4, unique=True)
    Traceback (most recent call last):
    ...
    astroplane.kit.jsonread.JsonPathError: state.names: 'R1' is listed twice
    >>> load_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: not valid JSON: object key 'a': given twice
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from astroplane.errors import NotationError
from astroplane.kit.limits import MAX_JSON_TEXT, check_size, plain_text, shown

__all__ = [
    "MAX_INT",
    "JsonPathError",
    "array",
    "ascending",
    "boolean",
    "canonical",
    "field",
    "head",
    "integer",
    "load_json",
    "mapping",
    "object_with",
    "packaged_schema",
    "read_head",
    "states_only",
    "string",
]

T = TypeVar("T")
S = TypeVar("S", bound=Sequence[int])
StateT = TypeVar("StateT")

#: The largest integer a document may hold anywhere (game counters are bounded far lower).
MAX_INT = 10**9 - 1


class JsonPathError(NotationError):
    """A JSON value that is not what its place in the document needs.

    Attributes:
        path: Where the value is (``state.planes[3]``).
        problem: What is wrong with it, in words.
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JsonPathError(f"object key {key[:40]!r}", "given twice")
        out[key] = value
    return out


def load_json(text: str | bytes, what: str = "JSON text", limit: int = MAX_JSON_TEXT) -> Any:
    """Decode JSON text under the limits every reader of JSON applies: at most ``limit``
    characters (bytes for ``bytes``, which must be UTF-8), no key twice in an object
    (``json.loads`` would keep the last one silently), nesting no deeper than Python's
    recursion allows.

    Raises:
        NotationError: If the text is not a string or bytes, too long, not UTF-8, not JSON
            (with the offset), too deeply nested, or has a key twice in an object.
    """
    text = plain_text(text)  # the characters themselves, never a subclass's methods
    if isinstance(text, bytes):
        check_size(text, limit, what)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotationError(f"{what} is not UTF-8", "", exc.start) from None
    if not isinstance(text, str):
        raise NotationError(f"{what} must be a string, not {type(text).__name__}")
    check_size(text, limit, what)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except JsonPathError as exc:
        raise NotationError(f"not valid JSON: {exc}") from None
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        pos = exc.pos if isinstance(exc, json.JSONDecodeError) else None
        problem = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)[:200]
        raise NotationError(f"not JSON: {problem}", text if pos is not None else "", pos) from None


def field(data: dict[str, Any], key: str, path: str) -> Any:
    """``data[key]``, or a ``JsonPathError`` at ``path`` naming the missing field."""
    if key not in data:
        raise JsonPathError(path, f"missing field {key!r}")
    return data[key]


def mapping(value: Any, path: str, what: str = "an object") -> dict[str, Any]:
    """``value`` if it is an object: a map keyed by names (planes, positions, seats) whose
    keys and values the caller reads next, each with its own path.

    Raises:
        JsonPathError: If it is not an object (the message says ``expected {what}``).

    Examples:
        >>> mapping({"R1": "hangar"}, "state.planes")
        {'R1': 'hangar'}
        >>> mapping([], "state.stacks", "an object of point: stack text")
        Traceback (most recent call last):
        ...
        astroplane.kit.jsonread.JsonPathError: state.stacks: expected an object of point: stack text
    """
    if not isinstance(value, dict):
        raise JsonPathError(path, f"expected {what}")
    return value


def object_with(value: Any, path: str, fields: Collection[str]) -> dict[str, Any]:
    """``value`` if it is an object whose keys are all among ``fields``.

    Raises:
        JsonPathError: If it is not an object, or has a field not in ``fields`` (the
            first such field in sorted order is named).
    """
    found = mapping(value, path)
    extra = [str(k) for k in found if k not in fields]
    if extra:
        raise JsonPathError(path, f"unknown field {sorted(extra)[0][:40]!r}")
    return found


def head(game: str | None, kind: str, version: int = 1) -> dict[str, Any]:
    """The envelope a document starts with: ``{"format_version": version, "game": game,
    "type": kind}``, in that order (``game`` left out when it is None: ASTROPLANE's
    documents, written before there were other games, have none). A writer adds its
    fields to it.

    Examples:
        >>> head("aeroplane-chess", "move")
        {'format_version': 1, 'game': 'aeroplane-chess', 'type': 'move'}
        >>> head(None, "outcome")
        {'format_version': 1, 'type': 'outcome'}
    """
    if game is None:
        return {"format_version": version, "type": kind}
    return {"format_version": version, "game": game, "type": kind}


def read_head(
    data: Any,
    path: str,
    game: str | None,
    kind: str,
    fields: Collection[str],
    *,
    version: int = 1,
    complete: bool = False,
    game_optional: bool = False,
) -> dict[str, Any]:
    """``data`` if it is an object that ``head(game, kind, version)`` began: its envelope
    is that one exactly, and its other fields are among ``fields``.

    Args:
        data: The decoded JSON value.
        path: Its JSON path (``"state"``, ``"state.outcome"``).
        game: The game's registry name (None: a document without ``game``).
        kind: The ``type`` the document must have (``"state"``, ``"move"``).
        fields: The document's own fields, besides the envelope's.
        version: The one ``format_version`` this reader reads.
        complete: Every one of ``fields`` must be there too.
        game_optional: ``"game"`` may be left out (ASTROPLANE's documents written
            before they carried it); when it is there, it must be ``game``.

    Raises:
        JsonPathError: If ``data`` is not an object, has a field that is neither the
            envelope's nor in ``fields``, lacks one it needs, or its ``format_version``
            (an integer, never ``true``), ``game`` or ``type`` is not the one expected.

    Examples:
        >>> read_head({"format_version": 1, "type": "move", "kind": "pass"}, "move", None,
        ...           "move", ("kind",))
        {'format_version': 1, 'type': 'move', 'kind': 'pass'}
        >>> read_head({"format_version": 2, "game": "demo", "type": "state"}, "state",
        ...           "demo", "state", ())
        Traceback (most recent call last):
        ...
        astroplane.kit.jsonread.JsonPathError: state.format_version: format_version must be 1
    """
    envelope = ("format_version", "type") if game is None else ("format_version", "game", "type")
    d = object_with(data, path, (*envelope, *fields))
    for key in envelope:
        if not (game_optional and key == "game"):
            field(d, key, path)
    found = d["format_version"]
    if type(found) is not int or found != version:
        raise JsonPathError(f"{path}.format_version", f"format_version must be {version}")
    if game is not None and d.get("game", game) != game:
        raise JsonPathError(
            f"{path}.game",
            f"game must be {game!r}, not {shown(d['game'])} (a document of another game: "
            "read it with that game's from_json)",
        )
    if d["type"] != kind:
        raise JsonPathError(f"{path}.type", f"type must be {kind!r}, not {shown(d['type'])}")
    if complete:
        for key in fields:
            field(d, key, path)
    return d


def integer(value: Any, path: str, low: int = 0, high: int = MAX_INT) -> int:
    """``value`` if it is an integer (not a bool, not a float) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        raise JsonPathError(path, f"expected an integer {low}..{high}")
    return value


def boolean(value: Any, path: str) -> bool:
    """``value`` if it is ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise JsonPathError(path, "expected true or false")
    return value


def string(value: Any, path: str, choices: Collection[str]) -> str:
    """``value`` if it is one of ``choices`` (exactly: case and all)."""
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(sorted(choices)) if len(choices) <= 12 else "a known word"
        raise JsonPathError(path, f"expected one of {listed}")
    return value


def array(value: Any, path: str, most: int, *, unique: bool = False) -> list[Any]:
    """``value`` if it is an array of at most ``most`` items (with ``unique``, no item
    twice: one value, one spelling)."""
    if not isinstance(value, list):
        raise JsonPathError(path, "expected an array")
    if len(value) > most:
        raise JsonPathError(path, f"expected at most {most} items")
    if unique:
        seen: set[tuple[type, Any]] = set()
        for item in value:
            if type(item) in (str, int):  # only scalars are compared (never deep data)
                key = (type(item), item)
                if key in seen:
                    raise JsonPathError(path, f"{shown(item)} is listed twice")
                seen.add(key)
    return value


def ascending(items: S, path: str, name: Callable[[int], str], order: str) -> S:
    """``items`` if each is there once and they rise: the one order a writer lists a set
    in (one value, one spelling). ``items`` are already-read ids of the array at ``path``.

    Args:
        items: The ids, as read from the array's items.
        path: The array's JSON path; an error names the bad item's index.
        name: Id to its name, for the message.
        order: The order in words (``"colours are in turn order: R, Y, B, G"``).

    Raises:
        JsonPathError: At the first item listed twice or out of order.

    Examples:
        >>> ascending([0, 2], "state.colours", "RYBG".__getitem__, "colours in turn order")
        [0, 2]
        >>> ascending([2, 0], "state.colours", "RYBG".__getitem__, "colours in turn order")
        Traceback (most recent call last):
        ...
        astroplane.kit.jsonread.JsonPathError: state.colours[1]: R comes before B: colours \
in turn order
    """
    for i in range(1, len(items)):
        if items[i] in items[:i]:
            raise JsonPathError(f"{path}[{i}]", f"{name(items[i])} is listed twice")
        if items[i] < items[i - 1]:
            raise JsonPathError(
                f"{path}[{i}]", f"{name(items[i])} comes before {name(items[i - 1])}: {order}"
            )
    return items


def canonical(
    value: Any, path: str, read: Callable[[str], T], write: Callable[[T], str], what: str
) -> T:
    """The thing a canonical name stands for: ``read(value)``, provided ``value`` is a
    string that ``write`` gives back exactly (no other case, no spaces, no look-alikes).

    Args:
        value: The JSON value.
        path: Its path, for the message.
        read: Name to thing; raises ``ValueError`` for a name it does not know.
        write: Thing to its canonical name.
        what: What the name should be, in words (``"a plane name such as R1"``).

    Raises:
        JsonPathError: If ``value`` is no such name.
    """
    if not isinstance(value, str):
        raise JsonPathError(path, f"expected {what}")
    try:
        result = read(value)
        if write(result) != value:
            raise ValueError(value)
    except ValueError:
        raise JsonPathError(path, f"not {what}: {shown(value)}") from None
    return result


def states_only(read: Callable[..., object], state_type: type[StateT]) -> Callable[..., StateT]:
    """A reader of states from a reader of any document: ``read``'s result (the
    arguments passed on) when it is a ``state_type``, else a ``NotationError`` naming what
    the JSON held. A game's ``from_json`` reads states and moves; its ``Game.from_json``
    reads states only.

    Raises:
        NotationError: (from the reader returned) If the document is no state, or
            whatever ``read`` raises.

    Examples:
        >>> read = states_only(lambda text: load_json(text), dict)
        >>> read('{"turn": 1}')
        {'turn': 1}
        >>> read("[1]")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: the JSON holds a list, not a game state
    """

    def read_state(*args: Any, **kwargs: Any) -> StateT:
        value = read(*args, **kwargs)
        if not isinstance(value, state_type):
            raise NotationError(f"the JSON holds a {type(value).__name__}, not a game state")
        return value

    return read_state


@cache
def _packaged_text(package: str, name: str) -> str:
    return resources.files(package).joinpath(f"schema/{name}").read_text(encoding="utf-8")


def packaged_schema(package: str, name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``package``'s ``schema/`` folder, as a new dict each call
    (edit it freely; the text is read from the package once).

    Examples:
        >>> schema = packaged_schema(
        ...     "astroplane.games.astroplane.formats", "astroplane.schema.json"
        ... )
        >>> schema["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    result: dict[str, Any] = json.loads(_packaged_text(package, name))
    return result
