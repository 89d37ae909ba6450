"""One rules option, as every format writes and reads it.

A game's rules are a frozen value whose fields are its options (and, for ASTROPLANE, its
phases). Each option a format writes is described once by an ``Option``: its name (the
field's), its kind and its bounds. The rules text (``preset,option=value``), the JSON
reader and the command line all use the same description, so an option is spelled and
bounded alike everywhere.

Three kinds cover the games:

* ``flag``: ``on``/``off`` in text, ``true``/``false`` in JSON;
* ``choice``: one of a few lower-case words (an ``Enum`` whose values are the words);
* ``number``: an integer in ``low..high`` written in ASCII digits, and, where the option
  may be off, ``none`` in text and ``null`` in JSON (the field is then ``None``).

Examples:
    >>> limit = Option.number("max_turns", 1, 1_000_000, none=True)
    >>> limit.read("200"), limit.read("none"), limit.write(None)
    (200, None, 'none')
    >>> limit.read("0")
    Traceback (most recent call last):
    ...
    ValueError: max_turns is a number 1..1000000 or none, not '0'
    >>> Option.flag("flying").from_json(True, "$.rules.flying")
    True
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

import attrs

from astroplane.kit.limits import shown

__all__ = ["Option"]

_DIGITS = re.compile(r"[0-9]{1,9}")
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _option_name(_inst: object, _attr: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise ValueError(f"an option name is lower-case letters, digits and _, not {value!r}")


@attrs.frozen
class Option:
    """How one option of a game's rules is written and read.

    Build one with ``Option.flag``, ``Option.choice`` or ``Option.number``.

    Attributes:
        name: The option's name: the rules field it sets, as written in rules text and JSON.
        kind: ``"flag"``, ``"choice"`` or ``"number"``.
        choices: For a choice, the ``Enum`` whose values are its words.
        low: For a number, the smallest value.
        high: For a number, the largest value.
        none: For a number, whether it may be ``None`` (written ``none`` / ``null``).
    """

    name: str = attrs.field(validator=_option_name)
    kind: str = attrs.field(validator=attrs.validators.in_(("flag", "choice", "number")))
    choices: type[Enum] | None = None
    low: int = 0
    high: int = 0
    none: bool = False

    @classmethod
    def flag(cls, name: str) -> Option:
        """An on/off option (a ``bool`` field)."""
        return cls(name, "flag")

    @classmethod
    def choice(cls, name: str, choices: type[Enum]) -> Option:
        """An option that is one of ``choices``' values (lower-case words)."""
        return cls(name, "choice", choices)

    @classmethod
    def number(cls, name: str, low: int, high: int, *, none: bool = False) -> Option:
        """An integer option in ``low..high``; with ``none``, ``None`` turns it off.

        Raises:
            ValueError: If the bounds are not ``0 <= low <= high < 10**9``.
        """
        if not 0 <= low <= high < 10**9:
            raise ValueError(f"bounds of {name}: 0 <= low <= high < 10**9, not {low}..{high}")
        return cls(name, "number", None, low, high, none)

    @property
    def words(self) -> tuple[str, ...]:
        """The words a choice can be, in declaration order (empty for other kinds)."""
        return tuple(str(e.value) for e in self.choices) if self.choices is not None else ()

    def describe(self) -> str:
        """What values the option takes, in words (for messages and help texts)."""
        if self.kind == "flag":
            return "on or off"
        if self.kind == "choice":
            return "one of " + ", ".join(self.words)
        return f"a number {self.low}..{self.high}" + (" or none" if self.none else "")

    def read(self, text: str) -> Any:
        """The value ``text`` (lower case, as in rules text) stands for.

        Raises:
            ValueError: If ``text`` is not one of the option's values (or not a string);
                the message says what the values are.
        """
        if self.kind == "flag" and text in ("on", "off"):
            return text == "on"
        if self.kind == "choice" and text in self.words:
            assert self.choices is not None
            return self.choices(text)
        if self.kind == "number":
            if self.none and text == "none":
                return None
            if (
                isinstance(text, str)
                and _DIGITS.fullmatch(text)
                and self.low <= int(text) <= self.high
            ):
                return int(text)
        raise ValueError(f"{self.name} is {self.describe()}, not {shown(text)}")

    def write(self, value: Any) -> str:
        """The rules-text spelling of ``value`` (``read`` gives it back)."""
        if self.kind == "flag":
            return "on" if value else "off"
        if self.kind == "choice":
            return str(value.value)
        return "none" if value is None else str(value)

    def to_json(self, value: Any) -> Any:
        """The JSON value of ``value``: a bool, a word, an int or None."""
        return value.value if self.kind == "choice" else value

    def from_json(self, value: Any, path: str) -> Any:
        """The option's value from JSON data, type-checked exactly (``1`` is no flag,
        ``True`` no number, ``2.0`` no integer).

        Raises:
            ValueError: If ``value`` has the wrong type or is out of bounds; the message
                starts with ``path``.
        """
        if self.kind == "flag":
            if isinstance(value, bool):
                return value
        elif self.kind == "choice":
            if isinstance(value, str) and value in self.words:
                return self.read(value)
        elif value is None:
            if self.none:
                return None
        elif type(value) is int and self.low <= value <= self.high:
            return value
        json_kinds = {"flag": "true or false", "choice": "one of " + ", ".join(self.words)}
        expected = json_kinds.get(
            self.kind, f"an integer {self.low}..{self.high}" + (" or null" if self.none else "")
        )
        raise ValueError(f"{path}: expected {expected}")
