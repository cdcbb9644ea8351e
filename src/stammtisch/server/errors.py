"""The server's own error codes (German and English) and language negotiation.

Every refusal, REST or WebSocket, is a :class:`~stammtisch.core.errors.StammtischError`
with a code, so the client gets one shape: ``{"code", "message", "params"}`` with the
message in its language.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.errors import StammtischError
from stammtisch.core.i18n import LANGUAGES

# The texts of these codes are in the catalogue: stammtisch/locale/*/LC_MESSAGES/server.po.

#: HTTP status for each code used by the REST API (default 400).
HTTP_STATUS: dict[str, int] = {
    "table_not_found": 404,
    "bad_token": 403,
    "seat_taken": 409,
    "table_full": 409,
    "not_over": 409,
    "not_started": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "unknown_game": 404,
    "misrouted": 421,
    "table_moved": 421,
    "bad_origin": 403,
    "token_in_url": 400,
    "not_found": 404,
    "method_not_allowed": 405,
    "bad_body": 400,
    "body_too_large": 413,
    "missing_field": 422,
    "unknown_field": 422,
    "field_type": 422,
    "field_value": 422,
    "too_many_tables": 429,
    "too_many_joins": 429,
    "too_many_hints": 429,
    "hints_at_once": 429,
    "table_crowded": 429,
    "too_many_connections": 429,
}


class ServerError(StammtischError):
    """A refusal by the server (the game itself raises its own error classes)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, **params)

    @property
    def status(self) -> int:
        return HTTP_STATUS.get(self.code, 400)


def pick_language(explicit: str | None, accept_language: str | None = None) -> str:
    """``?lang=`` wins, then the first supported Accept-Language entry, else English."""
    if explicit:
        low = explicit.strip().lower()[:2]
        if low in LANGUAGES:
            return low
    if accept_language:
        for part in accept_language.split(","):
            low = part.split(";")[0].strip().lower()[:2]
            if low in LANGUAGES:
                return low
    return "en"
