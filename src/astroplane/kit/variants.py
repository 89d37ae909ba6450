"""A game's registered variants and its rules text (``preset,option=value``).

Every game keeps one ``Variants`` registry: its presets under their names, plus the
variants a third party registers. The same object writes and reads the rules in every
format, so rules have one spelling everywhere:

* rules text: a variant's name, then ``,option=value`` for each option that differs from
  it, in the order the game lists its options (``standard,max_turns=200``);
* JSON: ``{"preset": name, option: value, ...}`` with every option (see ``Option``).

The name written for a rules value is its *base*: of the registered variants that are the
same variant (for ASTROPLANE, the same phases; for a game whose rules are only options,
every variant), the one needing the fewest options written, the bundled presets before any
later registration. So registering a variant never changes how rules already writable are
written.

Reading is strict: printable ASCII, at most ``MAX_RULES_TEXT`` characters, case-insensitive
words, each option at most once, values within their bounds. Errors are ``NotationError``
(``UnknownVariantError`` for an unknown name) with the column of the bad part.

Examples:
    >>> import enum
    >>> import attrs
    >>> class Speed(enum.Enum):
    ...     SLOW = "slow"
    ...     FAST = "fast"
    >>> @attrs.frozen
    ... class Rules:
    ...     speed: Speed = Speed.SLOW
    ...     limit: int | None = None
    >>> book = Variants("demo", Rules, (Option.choice("speed", Speed),
    ...                                 Option.number("limit", 1, 99, none=True)))
    >>> book.register("standard", Rules(), bundled=True)
    >>> book.seal()  # the presets are closed: later variants are a third party's
    >>> book.to_text(Rules(limit=5))
    'standard,limit=5'
    >>> book.from_text("Standard,speed=fast")
    Rules(speed=<Speed.FAST: 'fast'>, limit=None)
    >>> book.from_text("standard,limit=5,limit=6")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: limit is given twice (column 18: \
'standard,limit=5,limit=6')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.kit.jsonread import JsonPathError
from astroplane.kit.limits import MAX_RULES_TEXT, check_ascii, check_size, plain_text, shown
from astroplane.kit.options import Option

__all__ = ["Variants"]

R = TypeVar("R")

_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")


def _any_variant(_a: object, _b: object) -> bool:
    return True


class Variants(Generic[R]):
    """The registry of one game's variants, and its rules text and JSON codec.

    Args:
        game: The game's registry name (for messages).
        rules_type: The class of the game's rules values.
        options: The options formats write, in the order they are written.
        same_variant: ``same_variant(a, b)``: whether two rules values are the same
            variant up to options (ASTROPLANE: equal phases); by default every pair is.
    """

    def __init__(
        self,
        game: str,
        rules_type: type[R],
        options: Sequence[Option],
        *,
        same_variant: Callable[[R, R], bool] = _any_variant,
    ) -> None:
        self.game = game
        self.rules_type = rules_type
        self.options: tuple[Option, ...] = tuple(options)
        self._by_option = {o.name: o for o in self.options}
        self._same = same_variant
        self._variants: dict[str, R] = {}
        self._bundled: list[str] = []
        self._sealed = False

    def __repr__(self) -> str:
        return f"<Variants of {self.game}: {', '.join(self._variants) or 'none'}>"

    def __iter__(self) -> Iterator[str]:
        return iter(self._variants)

    def __contains__(self, name: object) -> bool:
        return name in self._variants

    # ---- the registry -----------------------------------------------------------------
    def register(self, name: str, rules: R, *, bundled: bool = False) -> None:
        """Register ``rules`` as the variant ``name``; the same rules again do nothing.

        Args:
            name: Lower-case letters, digits and dashes, starting with a letter (at most 40).
            rules: The variant's rules (its options are the variant's defaults).
            bundled: A preset shipped with the game: written before any later variant.
                Only the game's own module registers these, before it calls ``seal``.

        Raises:
            ValueError: If the name is malformed or taken by other rules, ``rules`` is
                not a rules value of this game, or ``bundled`` is given once the registry
                is sealed (a bundled preset would change how rules already written are
                spelt, and JSON written before would no longer read).
        """
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise ValueError(
                f"a variant name is lower-case letters, digits and dashes, not {name!r}"
            )
        if not isinstance(rules, self.rules_type):
            raise ValueError(
                f"a {self.game} variant is a {self.rules_type.__name__} value, "
                f"not {type(rules).__name__}"
            )
        if bundled and self._sealed:
            raise ValueError(
                f"the bundled presets of {self.game} are closed: the game's module "
                "registered them; register a variant of your own without bundled=True"
            )
        old = self._variants.get(name)
        if old is not None:
            if old != rules:
                raise ValueError(f"another {self.game} variant is registered as {name!r}")
            return
        self._variants[name] = rules
        if bundled:
            self._bundled.append(name)

    def seal(self) -> None:
        """Close the bundled presets: ``register(..., bundled=True)`` is refused from now
        on. A game's module calls it right after registering its presets, so that no
        later code can take over how rules are written (issue 32)."""
        self._sealed = True

    def get(self, name: str) -> R:
        """The rules registered as ``name``.

        Raises:
            UnknownVariantError: If ``name`` is not a string or no variant has that name
                (the message lists the registered ones).
        """
        if not isinstance(name, str):
            raise UnknownVariantError(
                "", f"a variant name is a string, not {type(name).__name__}: {shown(name)}"
            )
        rules = self._variants.get(name)
        if rules is None:
            raise UnknownVariantError(
                name,
                f"unknown rules {name[:40]!r}: no {self.game} variant of that name is "
                f"registered (registered: {', '.join(self._variants)}); register it first",
            )
        return rules

    def mapping(self) -> Mapping[str, R]:
        """The variants by name, the bundled presets first (a read-only view)."""
        return MappingProxyType(self._variants)

    def name_of(self, rules: R) -> str:
        """The name of the variant equal to ``rules`` (options included), or ``"custom"``."""
        for name, registered in self._variants.items():
            if registered == rules:
                return name
        return "custom"

    def base_of(self, rules: R) -> str:
        """The variant name rules text and JSON write for ``rules``: of the registered
        variants that are the same variant, the one with the fewest options to change,
        the bundled presets before later registrations (ties: the first registered).

        Raises:
            UnknownVariantError: If no registered variant is the same variant.
        """
        bundled = set(self._bundled)
        for group in (self._bundled, [n for n in self._variants if n not in bundled]):
            best, fewest = "", len(self.options) + 1
            for name in group:
                registered = self._variants[name]
                if not self._same(registered, rules):
                    continue
                n = len(self._changes(registered, rules))
                if n < fewest:
                    best, fewest = name, n
            if best:
                return best
        raise UnknownVariantError(
            "",
            f"these {self.game} rules have phases or hooks of no registered variant: "
            "register them (the game's register_variant) to write or read them",
        )

    def _changes(self, base: R, rules: R) -> list[Option]:
        return [o for o in self.options if getattr(base, o.name) != getattr(rules, o.name)]

    # ---- rules text -------------------------------------------------------------------
    def to_text(self, rules: R) -> str:
        """The rules as their base variant's name and the options that differ from it.

        Raises:
            UnknownVariantError: If the rules are no registered variant's.
        """
        name = self.base_of(rules)
        base = self._variants[name]
        return name + "".join(
            f",{o.name}={o.write(getattr(rules, o.name))}" for o in self._changes(base, rules)
        )

    def from_text(
        self, text: str, *, whole: str | None = None, base: int = 0, line: int | None = None
    ) -> R:
        """The rules a rules text names (what ``to_text`` writes; case-insensitive).

        Args:
            text: The rules text.
            whole: The larger text ``text`` is part of (a position text), for messages.
            base: Where ``text`` starts in ``whole``.
            line: The line of ``whole``, in a multi-line text.

        Raises:
            NotationError: If the text is not a string, too long, not printable ASCII, an
                option is unknown, malformed, out of bounds or given twice;
                ``UnknownVariantError`` for an unknown variant name. ``index`` is the
                column of the bad part in ``whole``.
        """
        text = plain_text(text)  # the characters themselves, never a subclass's methods
        if not isinstance(text, str):
            raise NotationError(f"rules text must be a string, not {type(text).__name__}")
        shown = text if whole is None else plain_text(whole)
        check_size(text, MAX_RULES_TEXT, "rules text", line)
        check_ascii(text, "rules text", line, whole=shown)
        parts = text.lower().split(",")
        try:
            start = self.get(parts[0])
        except UnknownVariantError as exc:
            raise UnknownVariantError(exc.name, exc.problem, shown, base, line) from None
        changes: dict[str, Any] = {}
        at = len(parts[0]) + 1
        for part in parts[1:]:
            name, eq, value = part.partition("=")
            option = self._by_option.get(name)
            if option is None or not eq:
                raise NotationError(
                    f"not a rules option: {part[:40]!r} ({self.game} options: "
                    f"{', '.join(self._by_option)}; each written name=value)",
                    shown, base + at, line,
                )  # fmt: skip
            if name in changes:
                raise NotationError(f"{name} is given twice", shown, base + at, line)
            try:
                changes[name] = option.read(value)
            except ValueError as exc:
                raise NotationError(str(exc), shown, base + at, line) from None
            at += len(part) + 1
        return self._build(start, changes, lambda problem: NotationError(problem, shown, base))

    def _build(self, start: R, changes: dict[str, Any], error: Callable[[str], Exception]) -> R:
        try:
            return attrs.evolve(start, **changes)  # type: ignore[misc]
        except (TypeError, ValueError) as exc:
            raise error(f"these {self.game} options do not go together: {exc}") from None

    # ---- JSON -------------------------------------------------------------------------
    def to_dict(self, rules: R) -> dict[str, Any]:
        """The rules as JSON data: ``{"preset": base name, option: value, ...}``.

        Raises:
            UnknownVariantError: If the rules are no registered variant's.
        """
        data: dict[str, Any] = {"preset": self.base_of(rules)}
        for o in self.options:
            data[o.name] = o.to_json(getattr(rules, o.name))
        return data

    def from_dict(self, data: Any, path: str = "rules") -> R:
        """The rules of JSON data that ``to_dict`` wrote: every option present, of its
        exact type, and the preset the one ``to_dict`` would write (one spelling).

        Raises:
            JsonPathError: (a ``NotationError``) If a field is missing, unknown, of the
                wrong type or out of bounds, or the preset is not the canonical one; the
                message starts with the JSON path. ``UnknownVariantError`` for an unknown
                preset.
        """
        names = ("preset", *self._by_option)
        if not isinstance(data, dict):
            raise JsonPathError(path, f"expected an object with {', '.join(names)}")
        missing = [n for n in names if n not in data]
        extra = sorted(str(k)[:40] for k in data if k not in names)
        if missing or extra:
            what = f"missing {missing[0]!r}" if missing else f"unknown field {extra[0]!r}"
            raise JsonPathError(path, f"{what} (fields: {', '.join(names)})")
        preset = data["preset"]
        if not isinstance(preset, str):
            raise JsonPathError(f"{path}.preset", "expected a variant name")
        try:
            start = self.get(preset)
        except UnknownVariantError as exc:
            raise UnknownVariantError(exc.name, f"{path}.preset: {exc.problem}") from None
        changes: dict[str, Any] = {}
        for o in self.options:
            where = f"{path}.{o.name}"
            try:
                changes[o.name] = o.from_json(data[o.name], where)
            except ValueError as exc:
                raise JsonPathError(where, str(exc).removeprefix(f"{where}: ")) from None
        rules = self._build(start, changes, lambda problem: JsonPathError(path, problem))
        canonical = self.base_of(rules)
        if canonical != preset:
            raise JsonPathError(
                f"{path}.preset", f"these options are written as the {canonical!r} rules"
            )
        return rules
