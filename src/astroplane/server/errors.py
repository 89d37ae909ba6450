"""The server's errors: every refusal is a JSON object with a code a program can test, the
library's own message for people, and the HTTP status.

``{"error": {"code": "illegal_move", "message": "illegal move ...", "status": 409}}``

Codes (the OpenAPI document lists them too): ``bad_request`` (malformed JSON, a wrong
field), ``unknown_game``, ``bad_rules``, ``bad_option`` (players, seats, bots),
``unauthorized`` (no or a wrong seat token), ``forbidden`` (a spectator or another seat
acts), ``not_found`` (no such match or path), ``method_not_allowed``, ``stale_version``
(the state moved on since the version the move was chosen on), ``not_your_turn``,
``illegal_move``, ``match_over``, ``seat_taken``, ``no_draws``, ``too_large``,
``too_many_matches``, ``rate_limited``, ``internal`` (a bug of the server: it logs it;
the match is unchanged).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["CODES", "ApiError", "error_body"]

#: Every error code with its HTTP status.
CODES: Mapping[str, int] = MappingProxyType(
    {
        "bad_request": 400,
        "unknown_game": 400,
        "bad_rules": 400,
        "bad_option": 400,
        "unauthorized": 401,
        "forbidden": 403,
        "not_found": 404,
        "method_not_allowed": 405,
        "stale_version": 409,
        "not_your_turn": 409,
        "illegal_move": 409,
        "match_over": 409,
        "seat_taken": 409,
        "no_draws": 409,
        "too_large": 413,
        "too_many_matches": 429,
        "rate_limited": 429,
        "internal": 500,
    }
)


class ApiError(ValueError):
    """A request the server refuses, with its code (a key of ``CODES``) and message.

    Attributes:
        code: The error code.
        message: What is wrong, in words (the library's own message where it has one).
        status: The HTTP status of the code.
        extra: More fields of the error object (``version``: the current state version
            of a ``stale_version`` error).
    """

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = CODES[code]
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON body of the error response."""
        return error_body(self.code, self.message, **self.extra)


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """``{"error": {"code", "message", "status", ...extra}}``.

    Examples:
        >>> error_body("not_found", "no match 'x'")
        {'error': {'code': 'not_found', 'message': "no match 'x'", 'status': 404}}
    """
    return {"error": {"code": code, "message": message, "status": CODES[code], **extra}}
