"""The kit's JSON reading (astroplane.kit.jsonread): limits while decoding, exact types,
and errors that name the JSON path of the bad value."""

from __future__ import annotations

import pytest

from astroplane.errors import NotationError
from astroplane.kit.jsonread import (
    JsonPathError,
    array,
    ascending,
    boolean,
    canonical,
    field,
    head,
    integer,
    load_json,
    object_with,
    read_head,
    states_only,
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


def test_head_is_written_in_one_order() -> None:
    """The envelope is format_version, game, type, in that order (game left out for a
    game whose documents have none), so every game's documents start alike."""
    assert list(head("demo", "state", 3).items()) == [
        ("format_version", 3), ("game", "demo"), ("type", "state"),
    ]  # fmt: skip
    assert list(head(None, "move")) == ["format_version", "type"]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"format_version": 2}, "state.format_version: format_version must be 1"),
        ({"format_version": True}, "state.format_version: format_version must be 1"),
        ({"format_version": 1.0}, "state.format_version: format_version must be 1"),
        ({"game": "other"}, "state.game: game must be 'demo', not 'other'"),
        ({"type": "move"}, "state.type: type must be 'state', not 'move'"),
        ({"type": ["state"]}, "state.type: type must be 'state', not"),
        ({"zz": 1}, "state: unknown field 'zz'"),
        ({"game": None, "turn": None}, "state: missing field 'game'"),
    ],
)
def test_read_head_refuses_another_envelope(change: dict[str, object], problem: str) -> None:
    """A document of another version (true is no 1), game or type, or with a field the
    reader does not know or an envelope field missing, is refused at its path."""
    data = {**head("demo", "state"), "turn": 1, **change}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(JsonPathError, match="^" + problem.replace(".", r"\.")):
        read_head(data, "state", "demo", "state", ("turn",))


def test_read_head_may_require_every_field() -> None:
    """With ``complete``, a missing field of the document is refused too; without, the
    reader checks it itself."""
    data = head(None, "outcome")
    assert read_head(data, "outcome", None, "outcome", ("turn",)) == data
    with pytest.raises(JsonPathError, match=r"^outcome: missing field 'turn'"):
        read_head(data, "outcome", None, "outcome", ("turn",), complete=True)
    with pytest.raises(JsonPathError, match=r"^outcome: unknown field 'game'"):
        read_head(head("demo", "outcome"), "outcome", None, "outcome", ("turn",))


@pytest.mark.parametrize(
    ("items", "problem"),
    [([1, 1], r"x\[1\]: b is listed twice"), ([0, 2, 1], r"x\[2\]: b comes before c: abc")],
)
def test_ascending_names_the_item_out_of_place(items: list[int], problem: str) -> None:
    """A list written as a set must list each item once, in order; the error names the
    index of the first item that is not."""
    assert ascending([0, 1, 2], "x", "abc".__getitem__, "abc") == [0, 1, 2]
    with pytest.raises(JsonPathError, match="^" + problem):
        ascending(items, "x", "abc".__getitem__, "abc")


def test_states_only_passes_arguments_and_refuses_other_documents() -> None:
    """The state reader built from a document reader passes its arguments on, returns a
    state as is, and refuses any other document by naming what it held."""
    read = states_only(lambda text, *, board=0: load_json(text) if board else [], dict)
    assert read('{"a": 1}', board=1) == {"a": 1}
    with pytest.raises(NotationError, match=r"^the JSON holds a list, not a game state$"):
        read('{"a": 1}')
