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
    "bad_hello": {
        "en": "The first message on a table connection must be a hello (with the seat token, if any).",
        "de": "Die erste Nachricht einer Tischverbindung muss ein hello sein (mit dem Platz-Schlüssel, falls vorhanden).",
    },
    "token_in_url": {
        "en": "A seat token does not belong in a web address; send it in the hello message.",
        "de": "Ein Platz-Schlüssel gehört nicht in eine Webadresse; sende ihn in der hello-Nachricht.",
    },
    "bad_origin": {
        "en": "Pages from '{origin}' may not connect to this server.",
        "de": "Seiten von '{origin}' dürfen sich nicht mit diesem Server verbinden.",
    },
    "not_found": {
        "en": "There is nothing at this address.",
        "de": "Unter dieser Adresse gibt es nichts.",
    },
    "method_not_allowed": {
        "en": "This address does not take {method} requests (allowed: {allowed}).",
        "de": "Diese Adresse nimmt keine {method}-Anfragen an (erlaubt: {allowed}).",
    },
    "bad_body": {
        "en": "The request body is not valid JSON.",
        "de": "Der Inhalt der Anfrage ist kein gültiges JSON.",
    },
    "body_too_large": {
        "en": "The request body is too large (at most {limit} bytes).",
        "de": "Der Inhalt der Anfrage ist zu groß (höchstens {limit} Bytes).",
    },
    "missing_field": {
        "en": "The field '{field}' is missing.",
        "de": "Das Feld '{field}' fehlt.",
    },
    "unknown_field": {
        "en": "There is no field '{field}'.",
        "de": "Ein Feld '{field}' gibt es nicht.",
    },
    "field_type": {
        "en": "The field '{field}' must be {expected_en}.",
        "de": "Das Feld '{field}' muss {expected_de} sein.",
    },
    "field_value": {
        "en": "The field '{field}' has a value that is not allowed.",
        "de": "Das Feld '{field}' hat einen Wert, der nicht erlaubt ist.",
    },
    "too_many_tables": {
        "en": "You have opened many tables in a short time; please wait {seconds} s.",
        "de": "Du hast in kurzer Zeit viele Tische eröffnet; bitte warte {seconds} s.",
    },
    "too_many_joins": {
        "en": "You have taken many seats in a short time; please wait {seconds} s.",
        "de": "Du hast in kurzer Zeit viele Plätze eingenommen; bitte warte {seconds} s.",
    },
    "too_many_hints": {
        "en": "You have asked for many hints in a short time; please wait {seconds} s.",
        "de": "Du hast in kurzer Zeit viele Tipps verlangt; bitte warte {seconds} s.",
    },
    "hints_at_once": {
        "en": "At most {limit} hints are worked out for you at the same time; please wait for the last one.",
        "de": "Für dich werden höchstens {limit} Tipps gleichzeitig berechnet; bitte warte auf den letzten.",
    },
    "table_crowded": {
        "en": "This table already has {limit} connections; please try again later.",
        "de": "Dieser Tisch hat schon {limit} Verbindungen; bitte versuche es später wieder.",
    },
    "too_many_connections": {
        "en": "You already have {limit} connections to this server; close some first.",
        "de": "Du hast schon {limit} Verbindungen zu diesem Server; schließe zuerst einige.",
    },
    "too_many_frames": {
        "en": "You are sending messages too fast; this one was ignored.",
        "de": "Du sendest Nachrichten zu schnell; diese wurde nicht beachtet.",
    },
    "too_many_chat": {
        "en": "You are chatting too fast; please wait {seconds} s.",
        "de": "Du schreibst zu schnell; bitte warte {seconds} s.",
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
