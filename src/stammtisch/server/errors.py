"""The server's own error codes (German and English) and language negotiation.

Every refusal, REST or WebSocket, is a :class:`~stammtisch.core.errors.StammtischError`
with a code, so the client gets one shape: ``{"code", "message", "params"}`` with the
message in its language.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.errors import StammtischError
from stammtisch.core.i18n import LANGUAGES, register_messages

MESSAGES: dict[str, dict[str, str]] = {
    "bad_json": {
        "en": "The message is not valid JSON.",
        "de": "Die Nachricht ist kein gültiges JSON.",
    },
    "bad_message": {
        "en": "The message is not understood: {reason}",
        "de": "Die Nachricht ist unverständlich: {reason}",
    },
    "message_too_large": {
        "en": "The message is too large ({size} bytes; at most {limit}).",
        "de": "Die Nachricht ist zu groß ({size} Bytes; höchstens {limit}).",
    },
    "bad_token": {
        "en": "This link does not hold a seat at this table.",
        "de": "Dieser Link gehört zu keinem Platz an diesem Tisch.",
    },
    "not_your_turn": {
        "en": "It is not your turn (seat {current} is to move).",
        "de": "Du bist nicht am Zug (Platz {current} ist dran).",
    },
    "stale_version": {
        "en": "The game has moved on (you saw version {given}, it is at {current}). Your view is updated.",
        "de": "Das Spiel ist weiter (du hast Stand {given} gesehen, es ist bei {current}). Deine Ansicht wird aktualisiert.",
    },
    "not_started": {
        "en": "The game has not started yet: seats are still open.",
        "de": "Das Spiel hat noch nicht begonnen: es sind noch Plätze frei.",
    },
    "table_not_found": {
        "en": "There is no table '{table}'.",
        "de": "Es gibt keinen Tisch '{table}'.",
    },
    "bad_seat": {
        "en": "Seat {seat} does not exist (seats 0-{last}).",
        "de": "Platz {seat} gibt es nicht (Plätze 0-{last}).",
    },
    "seat_taken": {
        "en": "Seat {seat} is not free.",
        "de": "Platz {seat} ist nicht frei.",
    },
    "table_full": {
        "en": "Every seat at this table is taken.",
        "de": "An diesem Tisch ist kein Platz mehr frei.",
    },
    "bad_seats": {
        "en": "The table needs {min}-{max} seats, not {count}.",
        "de": "Der Tisch braucht {min}-{max} Plätze, nicht {count}.",
    },
    "creator_seat_not_open": {
        "en": "Your seat {seat} must be an open seat.",
        "de": "Dein Platz {seat} muss ein freier Platz sein.",
    },
    "bad_level": {
        "en": "Unknown bot level '{level}'. Available: {available}.",
        "de": "Unbekannte Bot-Stufe '{level}'. Verfügbar: {available}.",
    },
    "bad_nickname": {
        "en": "A nickname has 1-{limit} characters.",
        "de": "Ein Spitzname hat 1-{limit} Zeichen.",
    },
    "not_over": {
        "en": "The game is not over yet.",
        "de": "Das Spiel ist noch nicht vorbei.",
    },
    "bad_request": {
        "en": "The request is not valid: {reason}",
        "de": "Die Anfrage ist ungültig: {reason}",
    },
    "misrouted": {
        "en": "Table '{table}' is served by another server process; please try again.",
        "de": "Tisch '{table}' wird von einem anderen Serverprozess geführt; bitte nochmals versuchen.",
    },
    "server_busy": {
        "en": "The server could not store the move; please try again.",
        "de": "Der Server konnte den Zug nicht speichern; bitte nochmals versuchen.",
    },
}
register_messages(MESSAGES)

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
