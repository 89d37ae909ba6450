"""Hostile inputs: the mutators and probes the hostile checks and ``benchmarks/fuzz.py``
feed to every reader (``mutate_text``, ``mutate_data``, ``hostile_probes``)."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from astroplane.kit import limits

# ---- hostile input ----------------------------------------------------------------------------
#: The last turn the readers accept (``astroplane.kit.limits.MAX_TURN``;
#: both games' readers reject a turn past 1,000,000). A game must end before it plays past
#: it, so that every state it reaches can be written and read back.
TURN_BOUND: int = limits.MAX_TURN

#: The readers every ``Game`` offers, as ``check_input`` names them.
READERS = ("position", "json", "dict", "record", "rules", "move")

#: The checks of ``check_hostile``: junk given to ``play``, each reader, the turn bound,
#: then the hostile Python values of ``astroplane.testing.forgeries`` (issue 32): moves
#: forged past their constructor, odd seats, drawing sizes, ``str`` subclasses given to
#: the text readers, impossible counters, duplicated set items. (Another game's state is
#: ``check_declarations``'s ``wrong-game`` check.)
HOSTILE_CHECKS = (
    "play",
    *READERS,
    "turn-bound",
    "forged",
    "seats",
    "drawing",
    "text-subclass",
    "counters",
    "duplicates",
)

#: Look-alikes of ASCII letters, characters Python reads as digits, Unicode blanks and line
#: breaks, controls, NUL, a lone surrogate, a byte-order mark.
HOSTILE_CHARS = (
    "\u017f\u0131\u212a\u0130\u00df\ufb06\u0435\u0455\u0405\u0430"
    "\u0661\u0662\u00b2\uff11\u0966\u2155\u2212\uff1a"
    "\u00a0\u2003\u3000\u2028\u2029\u0085\x1c\x1e\x0b\x0c\r\n\t\x00\x7f\ud800\udfff\ufeff\u200b"
)
#: ASCII characters and the Unicode ones that look like them or that Python reads alike.
CONFUSABLES: Mapping[str, str] = MappingProxyType(
    {
        "s": "\u017f",
        "S": "\u0405",
        "i": "\u0131",
        "I": "\u0130",
        "k": "\u212a",
        "e": "\u0435",
        "a": "\u0430",
        "1": "\u0661",
        "2": "\u00b2",
        "3": "\uff13",
        "6": "\u0966",
        "0": "\u0660",
        " ": "\u00a0",
        "-": "\u2212",
        ":": "\uff1a",
        '"': "\u201c",
    }
)
#: Number tokens at and around the limits readers must hold.
NUMBERS = (
    "9" * 40,
    "0" * 6,
    "1000001",
    "1000000",
    "999999",
    "-1",
    "-0",
    "1.5",
    "1e3",
    "00",
    "4294967296",
    "18446744073709551617",
    "NaN",
    "Infinity",
)
_ASCII = 'SWNEswnelrtx0123456789:,+-~*!>./ []"#\\abcdefghijkzRYBGHTP?&{}\n'

#: Values a ``to_dict`` field may be replaced with.
_JUNK_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    float("inf"),
    2**31,
    2**64,
    -(10**30),
    "",
    "x",
    "\u0661",
    "1",
    [],
    {},
    [[[]]],
    {"": None},
    (1, 2),
)


def mutate_text(rng: random.Random, text: str, corpus: Sequence[str] = ()) -> str:
    """``text`` with one to four random edits, as a fuzzer makes them.

    The edits: insert, delete, replace or swap characters; insert a hostile character
    (``HOSTILE_CHARS``) or a number at a limit (``NUMBERS``); put a look-alike in place of
    an ASCII character (``CONFUSABLES``); duplicate or delete a stretch; truncate; swap
    two blank-separated tokens; duplicate a line (a record's header or move); splice in a
    piece of another input of ``corpus``; nest brackets deeply; duplicate a JSON member.

    Args:
        rng: The source of randomness (a seeded ``random.Random``, or hypothesis's).
        text: The input to mutate (usually written by the library).
        corpus: Other inputs to splice from.

    Returns:
        The mutated text.

    Examples:
        >>> mutate_text(random.Random(3), "standard SN S2 t1") != "standard SN S2 t1"
        True
    """
    out = text
    for _ in range(rng.randint(1, 4)):
        chars = list(out)
        n = len(chars)
        i = rng.randint(0, n)
        j = min(i, n - 1)
        op = rng.randrange(16)
        if op == 0 or n == 0:
            pool = out + _ASCII if out else _ASCII
            chars[i:i] = rng.choices(pool, k=rng.randint(1, 3))
        elif op == 1:
            chars[i:i] = rng.choice(HOSTILE_CHARS)
        elif op == 2:
            del chars[j]
        elif op == 3:
            chars[j] = rng.choice(_ASCII + HOSTILE_CHARS)
        elif op == 4 and n > 1:
            k = min(j, n - 2)
            chars[k], chars[k + 1] = chars[k + 1], chars[k]
        elif op == 5:
            k = rng.randint(i, min(n, i + 24))
            chars[k:k] = chars[i:k] * rng.randint(1, 3)
        elif op == 6:
            chars[i:i] = rng.choice(NUMBERS)
        elif op == 7:
            other = rng.choice(corpus) if corpus else out
            k = rng.randint(0, len(other))
            chars[i:] = other[k : k + rng.randint(1, 60)]
        elif op == 8:
            del chars[i : i + rng.randint(1, 12)]
        elif op == 9:
            del chars[i:]
        elif op == 10:
            spots = [k for k, c in enumerate(chars) if c in CONFUSABLES]
            if spots:
                k = rng.choice(spots)
                chars[k] = CONFUSABLES[chars[k]]
        elif op == 11:
            tokens = out.split(" ")
            if len(tokens) > 1:
                a, b = rng.sample(range(len(tokens)), 2)
                tokens[a], tokens[b] = tokens[b], tokens[a]
                chars = list(" ".join(tokens))
        elif op == 12:
            lines = out.split("\n")
            k = rng.randrange(len(lines))
            lines[k:k] = [lines[k]] * rng.randint(1, 2)
            chars = list("\n".join(lines))
        elif op == 13:
            depth = rng.choice((64, 2_000, 60_000))
            chars[i:i] = "[" * depth + "]" * depth
        elif op == 14:
            chars[j] = chars[j].swapcase()
        else:
            members = list(re.finditer(r'"[^"\\]{1,40}"\s*:\s*[^,{}\[\]]*', out))
            if members:
                m = rng.choice(members)
                chars[m.end() : m.end()] = "," + m.group()
        out = "".join(chars)
    return out


def mutate_data(rng: random.Random, data: Any) -> Any:
    """A deep copy of ``data`` (``Game.to_dict`` output: dicts, lists, strings, numbers)
    with one to three random edits: a value replaced by one of another type or out of
    range, a key dropped, added or replaced by a look-alike, a list item dropped or
    duplicated, a value nested deeply.

    Args:
        rng: The source of randomness.
        data: JSON-compatible data (not changed).

    Returns:
        The mutated copy.

    Examples:
        >>> mutate_data(random.Random(1), {"turn": 3, "seats": ["S", "N"]}) != {
        ...     "turn": 3, "seats": ["S", "N"]}
        True
    """
    out = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        holders: list[Any] = []
        stack = [out]
        while stack:
            node = stack.pop()
            if isinstance(node, dict | list) and len(holders) < 500:
                holders.append(node)
                stack.extend(node.values() if isinstance(node, dict) else node)
        if not holders:
            return rng.choice(_JUNK_VALUES)
        node = rng.choice(holders)
        keys: list[Any] = list(node) if isinstance(node, dict) else list(range(len(node)))
        op = rng.randrange(7)
        if not keys:
            if isinstance(node, dict):
                node["x"] = rng.choice(_JUNK_VALUES)
            else:
                node.append(rng.choice(_JUNK_VALUES))
            continue
        key = rng.choice(keys)
        old = node[key]
        if op == 0:
            node[key] = rng.choice(_JUNK_VALUES)
        elif op == 1:
            node[key] = _retype(rng, old)
        elif op == 2:
            del node[key]
        elif op == 3 and isinstance(node, dict):
            node[rng.choice(("x", str(key).upper(), f"{key} ", _confusable(str(key))))] = old
        elif op == 3:
            node.insert(key, old)
        elif op == 4 and isinstance(node, dict):
            new_key = _confusable(str(key))
            del node[key]
            node[new_key] = old
        elif op == 5:
            nested: Any = old
            for _ in range(rng.choice((50, 3_000))):
                nested = [nested]
            node[key] = nested
            break  # the last edit: nothing walks into the nest
        else:
            node[key] = _retype(rng, old) if rng.random() < 0.5 else rng.choice(_JUNK_VALUES)
    return out


def _retype(rng: random.Random, value: Any) -> Any:
    """``value`` as another type, or a number at or past a limit."""
    if isinstance(value, bool):
        return rng.choice((int(value), str(value).lower(), None))
    if isinstance(value, int):
        return rng.choice(
            (float(value), str(value), value + 1, value - 1, -value - 1, value * 1000, 10**6 + 1,
             2**63, bool(value % 2))
        )  # fmt: skip
    if isinstance(value, str):
        return rng.choice(
            (value.upper(), value * 50, _confusable(value), [value], 0, value + "\x00")
        )
    if isinstance(value, list):
        return rng.choice((tuple(value), {"0": value}, value * 3, value[::-1], value[:-1]))
    if isinstance(value, dict):
        return rng.choice((list(value.items()), list(value), {}))
    return rng.choice(_JUNK_VALUES)


def hostile_probes(reader: str, value: Any) -> list[Any]:
    """Fixed hostile inputs for ``reader`` made from one valid input ``value``: empty,
    blank, NUL, a lone surrogate, the input doubled, halved, with a NUL or a look-alike,
    over a megabyte long; for JSON, brackets nested 100,000 deep and a duplicated member;
    for data, other types and each top-level key dropped, ``None`` or nested 3,000 deep.

    Args:
        reader: One of ``READERS``.
        value: A valid input of that reader (a text; data for ``"dict"``).

    Returns:
        The probes (a bounded number, independent of any randomness).

    Examples:
        >>> len(hostile_probes("position", "standard SN S2 t1")) > 8
        True
    """
    if reader == "dict":
        probes: list[Any] = [None, [], "x", 0, 1.5, True, {}, [value]]
        if isinstance(value, dict):
            for key in list(value)[:40]:
                nested: Any = value[key]
                for _ in range(3_000):
                    nested = [nested]
                probes.append({k: v for k, v in value.items() if k != key})
                probes.append({**value, key: None})
                probes.append({**value, key: nested})
        return probes
    text = str(value)
    probes = [
        "",
        " ",
        "\x00",
        "\ud800",
        "\ufeff" + text,
        text + "\x00",
        text + "\n" + text,
        text[: len(text) // 2],
        _confusable(text),
        text.replace(" ", "\u00a0"),
        (text + "\n") * (2**20 // max(1, len(text)) + 1),
    ]
    if reader == "json":
        probes.append("[" * 100_000 + "]" * 100_000)
        probes.append('{"a":' * 50_000 + "1" + "}" * 50_000)
        member = re.search(r'"[^"\\]{1,40}"\s*:\s*[^,{}\[\]]*', text)
        if member:
            probes.append(text[: member.end()] + "," + member.group() + text[member.end() :])
    if reader == "rules":
        probes += [text + "," + text, text + ",max_turns=" + "9" * 5_000, text.upper()]
    return probes


def _confusable(text: str) -> str:
    for k, c in enumerate(text):
        if c in CONFUSABLES:
            return text[:k] + CONFUSABLES[c] + text[k + 1 :]
    return text + "\u200b"


def lasting_game(
    start: Any,
    plies: int,
    rng: random.Random,
    *,
    avoid: Callable[[Any], bool] | None = None,
) -> list[Any]:
    """The moves of a game that lasts: ``plies`` plies from ``start``, each a random legal
    move (a random chance outcome at a chance node) after which the game goes on and
    ``avoid`` (a predicate on the state reached) is false. The cost cases of
    ``benchmarks/fuzz.py`` build their longest records with it (Square Off's quiet
    threefold games: three pieces a side that fly and never form a line).

    Args:
        start: The state to play from.
        plies: How many plies to play.
        rng: The source of randomness.
        avoid: States not to enter (besides finished ones).

    Returns:
        The moves, in order.

    Raises:
        ValueError: If every move of some state ends the game or enters a state to avoid.

    Examples:
        >>> from astroplane.games.square_off import new_game
        >>> len(lasting_game(new_game(), 30, random.Random(1)))
        30
    """
    moves: list[Any] = []
    state = start
    while len(moves) < plies:
        if state.is_chance_node:
            options = [m for m, _p in state.chance_outcomes()]
        else:
            options = list(state.legal_moves())
        rng.shuffle(options)
        for move in options:
            after = state.play(move)
            if not after.is_over and not (avoid is not None and avoid(after)):
                break
        else:
            raise ValueError(f"every move after ply {len(moves)} ends the game or is avoided")
        moves.append(move)
        state = after
    return moves
