"""The kit's JSON reading (astroplane.kit.jsonread): limits while decoding, exact types,
and errors that name the JSON path of the bad value."""

from __future__ import annotations

import pytest

from astroplane.errors import NotationError
from astroplane.kit.jsonread import (
    JsonPathError,
    array,
    boolean,
    canonical,
    field,
    integer,
    load_json,
    object_with,
    string,
)


@pytest.mark.parametrize("value", [True, 2.0, "2", None, -1, 11])
def test_integer_is_exact_and_bounded(value: object) -> None:
    """Only an int in bounds is an integer: not a bool, a float, a string or null."""
    with pytest.raises(JsonPathError, match=r"^state\.turn: expected an integer 0\.\.10$"):
        integer(value, "state.turn", 0, 10)


def test_the_error_carries_path_and_problem() -> None:
    """A JsonPathError is a NotationError with the path and the problem as data."""
    with pytest.raises(NotationError) as info:
        boolean(1, "rules.flying")
    assert isinstance(info.value, JsonPathError)
    assert (info.value.path, info.value.problem) == ("rules.flying", "expected true or false")


def test_objects_name_their_missing_and_unknown_fields() -> None:
    """A missing field and an unknown field are named with the object's path."""
    with pytest.raises(JsonPathError, match="state: missing field 'turn'"):
        field({}, "turn", "state")
    with pytest.raises(JsonPathError, match="state: unknown field 'zz'"):
        object_with({"turn": 1, "zz": 0}, "state", ("turn",))
    with pytest.raises(JsonPathError, match="state: expected an object"):
        object_with([], "state", ("turn",))


def test_arrays_are_bounded_and_may_forbid_repeats() -> None:
    """An array longer than allowed, or with an item twice where items are a set, is
    rejected (one value, one spelling)."""
    assert array(["R1", "R2"], "sixed", 4, unique=True) == ["R1", "R2"]
    with pytest.raises(JsonPathError, match="sixed: expected at most 1 items"):
        array(["R1", "R2"], "sixed", 1)
    with pytest.raises(JsonPathError, match="sixed: 'R1' is listed twice"):
        array(["R1", "R1"], "sixed", 4, unique=True)


def test_strings_and_canonical_names_are_exact() -> None:
    """A word must be one of its choices exactly; a name must read back to itself (no
    other case, no look-alike)."""
    assert string("six", "rules.launch", ("even", "six")) == "six"
    with pytest.raises(JsonPathError, match="expected one of even, six"):
        string("Six", "rules.launch", ("even", "six"))
    names = ["R1", "R2"]
    assert canonical("R2", "plane", names.index, names.__getitem__, "a plane") == 1
    with pytest.raises(JsonPathError, match="plane: not a plane: 'r2'"):
        canonical("r2", "plane", lambda v: names.index(v.upper()), names.__getitem__, "a plane")
    with pytest.raises(JsonPathError, match="plane: expected a plane"):
        canonical(2, "plane", names.index, names.__getitem__, "a plane")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"a": 1, "a": 2}', "object key 'a': given twice"),
        ("[" * 100_000 + "]" * 100_000, "not JSON"),
        (b"\xff{}", "JSON text is not UTF-8"),
        ("{", "not JSON"),
        (3, "JSON text must be a string, not int"),
        ("x" * 20, "longer than 10 characters"),
    ],
)
def test_load_json_rejects_what_it_cannot_trust(text: object, problem: str) -> None:
    """Duplicate keys, deep nesting, bad UTF-8, broken JSON, wrong types and oversized
    texts are NotationErrors, never a RecursionError or a silently kept last key."""
    with pytest.raises(NotationError, match=problem):
        load_json(text, limit=10 if problem.startswith("longer") else 10**6)  # type: ignore[arg-type]


def test_deep_data_is_a_path_error_never_a_recursion_error() -> None:
    """A value nested thousands deep, in an array that must not repeat items or where a
    name is expected, is the reader's JsonPathError (the fuzz run found a RecursionError
    from comparing such items)."""
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    assert array([deep, deep], "points", 4, unique=True) == [deep, deep]
    with pytest.raises(JsonPathError, match=r"plane: expected a plane$"):
        canonical(deep, "plane", int, str, "a plane")
