"""What kind of game a game is: ``GameType`` (declared once by the game) and ``GameInfo``
(the figures of one game under given rules and a player count).

They carry what OpenSpiel's ``pyspiel.GameType`` and ``pyspiel.GameInfo`` carry, under the
same names and with the same meaning, so that an adapter can hand them over as they are:

* the **chance mode**: ``DETERMINISTIC`` (no chance node) or ``EXPLICIT_STOCHASTIC``
  (chance nodes list their outcomes with probabilities: dice);
* the **information**: ``PERFECT_INFORMATION`` (every player sees the whole state) or
  ``IMPERFECT_INFORMATION``;
* the **utility**: ``ZERO_SUM`` (the returns of a finished game sum to 0),
  ``CONSTANT_SUM`` (to ``utility_sum``), ``GENERAL_SUM`` or ``IDENTICAL``, with the range
  ``min_utility .. max_utility`` every return lies in;
* the **game-length bound** ``max_game_length``: at most this many player decisions (the
  actions of the players; chance outcomes are not counted, as in OpenSpiel) from the start
  to the end of any game, or None for a game with no bound (a die can keep a game going
  as long as it likes, though with probability 0 for ever);
* ``max_chance_outcomes``: the most outcomes one chance node has (0 without chance).

What OpenSpiel's ``GameType`` also says is the same for every game of this library:
``dynamics`` is sequential (one seat acts at a time, ``State.to_move``), the
``reward_model`` is terminal (``State.returns()`` is the only reward), ``short_name`` and
``long_name`` are ``Game.name`` and ``Game.title``, the player counts are
``Game.player_counts`` and the one parameter is the rules text (``Game.rules_to_text``).

Examples:
    >>> t = GameType(ChanceMode.EXPLICIT_STOCHASTIC, max_chance_outcomes=6, max_game_length=None)
    >>> t.chance, t.perfect_information, t.zero_sum, t.utility_sum
    (True, True, False, 1.0)
    >>> GameType(max_game_length=9, max_chance_outcomes=6)
    Traceback (most recent call last):
    ...
    ValueError: a deterministic game has max_chance_outcomes 0, not 6
"""

from __future__ import annotations

import enum
import math

import attrs

__all__ = ["ChanceMode", "GameInfo", "GameType", "Information", "Utility"]


class ChanceMode(enum.Enum):
    """Whether a game has chance nodes (OpenSpiel's ``GameType.ChanceMode``; a sampled,
    unlisted chance is not part of this library's protocol)."""

    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit_stochastic"


class Information(enum.Enum):
    """What the players see (OpenSpiel's ``GameType.Information``)."""

    PERFECT_INFORMATION = "perfect_information"
    IMPERFECT_INFORMATION = "imperfect_information"


class Utility(enum.Enum):
    """How the returns of a finished game relate (OpenSpiel's ``GameType.Utility``)."""

    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"
    IDENTICAL = "identical"


def _finite(_inst: object, attr: attrs.Attribute[float], value: object) -> None:
    if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
        raise ValueError(f"{attr.name} is a finite number, not {value!r}")


def _length(_inst: object, attr: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"{attr.name} is a positive int or None (no bound), not {value!r}")


def _count(_inst: object, attr: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"{attr.name} is an int of at least 0, not {value!r}")


def _sum(_inst: object, attr: attrs.Attribute[float | None], value: object) -> None:
    if value is not None:
        _finite(_inst, attr, value)  # type: ignore[arg-type]


def _sum_of(kind: GameType) -> float | None:
    """The default sum of the returns: 1.0 for a constant-sum game (a win is 1, a draw
    shares it), 0.0 for a zero-sum one, none for the others."""
    return {Utility.CONSTANT_SUM: 1.0, Utility.ZERO_SUM: 0.0}.get(kind.utility)


@attrs.frozen
class GameType:
    """A game's kind, declared once (``Game.game_type``); see the module docstring.

    The defaults are the common case of this library's games: no chance, perfect
    information, returns 0.0 to 1.0 that sum to 1.0 (a sole winner gets 1.0, a draw shares
    it); only the length bound has none.

    Attributes:
        chance_mode: ``ChanceMode.DETERMINISTIC`` (the default) or
            ``ChanceMode.EXPLICIT_STOCHASTIC``.
        max_game_length: The most player decisions of any game under the standard rules
            and any player count (chance outcomes not counted), or None for no bound;
            ``Game.game_info(state)`` gives the bound of other rules.
        information: ``Information.PERFECT_INFORMATION`` (the default) or
            ``Information.IMPERFECT_INFORMATION``.
        utility: The relation of the returns (default ``Utility.CONSTANT_SUM``).
        min_utility: The smallest return any seat can get (default 0.0).
        max_utility: The largest (default 1.0).
        utility_sum: What the returns of a finished game sum to (over the seats in play):
            default 1.0 for a constant-sum game, 0.0 for a zero-sum one, None for the
            others; None for a constant-sum game whose sum depends on the player count
            (``Game.game_info`` then gives it).
        max_chance_outcomes: The most outcomes of one chance node (6 for a die); 0 for a
            deterministic game.

    Raises:
        ValueError: On a value of the wrong type, ``min_utility >= max_utility``, chance
            outcomes that disagree with the chance mode, or a sum for a game that is not
            constant-sum (a zero-sum game's is 0.0).
    """

    chance_mode: ChanceMode = attrs.field(
        default=ChanceMode.DETERMINISTIC, validator=attrs.validators.instance_of(ChanceMode)
    )
    max_game_length: int | None = attrs.field(kw_only=True, validator=_length)
    information: Information = attrs.field(
        default=Information.PERFECT_INFORMATION,
        kw_only=True,
        validator=attrs.validators.instance_of(Information),
    )
    utility: Utility = attrs.field(
        default=Utility.CONSTANT_SUM,
        kw_only=True,
        validator=attrs.validators.instance_of(Utility),
    )
    min_utility: float = attrs.field(default=0.0, kw_only=True, validator=_finite)
    max_utility: float = attrs.field(default=1.0, kw_only=True, validator=_finite)
    utility_sum: float | None = attrs.field(
        default=attrs.Factory(_sum_of, takes_self=True), kw_only=True, validator=_sum
    )
    max_chance_outcomes: int = attrs.field(default=0, kw_only=True, validator=_count)

    def __attrs_post_init__(self) -> None:
        if self.min_utility >= self.max_utility:
            raise ValueError(
                f"min_utility {self.min_utility} is not below max_utility {self.max_utility}"
            )
        if self.chance_mode is ChanceMode.DETERMINISTIC and self.max_chance_outcomes:
            raise ValueError(
                f"a deterministic game has max_chance_outcomes 0, not {self.max_chance_outcomes}"
            )
        if self.chance_mode is ChanceMode.EXPLICIT_STOCHASTIC and not self.max_chance_outcomes:
            raise ValueError("a game with chance has max_chance_outcomes of at least 1")
        if self.utility is Utility.ZERO_SUM and self.utility_sum not in (None, 0.0):
            raise ValueError(f"a zero-sum game's returns sum to 0.0, not {self.utility_sum}")
        if self.utility_sum is not None and self.utility not in (
            Utility.ZERO_SUM,
            Utility.CONSTANT_SUM,
        ):
            raise ValueError(f"a {self.utility.value} game has no utility_sum")

    @property
    def chance(self) -> bool:
        """True for a game with chance nodes."""
        return self.chance_mode is ChanceMode.EXPLICIT_STOCHASTIC

    @property
    def perfect_information(self) -> bool:
        """True when every player sees the whole state."""
        return self.information is Information.PERFECT_INFORMATION

    @property
    def zero_sum(self) -> bool:
        """True for a zero-sum game (OpenSpiel's sense: the returns sum to 0)."""
        return self.utility is Utility.ZERO_SUM


@attrs.frozen
class GameInfo:
    """The figures of one game: its rules and player count (``Game.game_info(state)``),
    as OpenSpiel's ``pyspiel.GameInfo``.

    Attributes:
        num_distinct_actions: The size of the action encoding (``Game.num_actions``), or
            None for a game without one (or without one under these rules).
        max_chance_outcomes: The most outcomes of one chance node (0 without chance).
        num_players: The number of seats in play.
        min_utility: The smallest return.
        max_utility: The largest return.
        utility_sum: What the returns of a finished game sum to (constant- and zero-sum
            games), else None.
        max_game_length: The most player decisions of a game under these rules, or None
            for no bound.
    """

    num_distinct_actions: int | None
    max_chance_outcomes: int
    num_players: int
    min_utility: float
    max_utility: float
    utility_sum: float | None
    max_game_length: int | None
