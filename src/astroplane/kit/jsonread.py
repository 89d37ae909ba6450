"""Reading JSON from untrusted clients: decode under limits, then check every value with
its JSON path.

``load_json`` decodes text under the limits every reader applies (size, UTF-8, no key
twice in an object, bounded nesting). The checks below read one value each and raise
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
from collections.abc import Callable, Collection
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from astroplane.errors import NotationError
from astroplane.kit.limits import MAX_JSON_TEXT, check_size, shown

__all__ = [
    "MAX_INT",
    "JsonPathError",
    "array",
    "boolean",
    "canonical",
    "field",
    "integer",
    "load_json",
    "object_with",
    "packaged_schema",
    "string",
]

T = TypeVar("T")

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


def object_with(value: Any, path: str, fields: Collection[str]) -> dict[str, Any]:
    """``value`` if it is an object whose keys are all among ``fields``.

    Raises:
        JsonPathError: If it is not an object, or has a field not in ``fields`` (the
            first such field in sorted order is named).
    """
    if not isinstance(value, dict):
        raise JsonPathError(path, "expected an object")
    extra = [str(k) for k in value if k not in fields]
    if extra:
        raise JsonPathError(path, f"unknown field {sorted(extra)[0][:40]!r}")
    return value


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
