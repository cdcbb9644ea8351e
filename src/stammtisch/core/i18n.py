"""Player-facing messages in German and English.

Errors carry a ``code`` and ``params``; every front end turns them into text with
:func:`translate`. Games add their own codes with :func:`register_messages` when their
module is imported (the catalogue only ever grows, and holds text only).

>>> translate("game_over", {}, "de")
'Das Spiel ist vorbei.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "de")

_CATALOG: dict[str, dict[str, str]] = {
    "unknown_game": {
        "en": "Unknown game '{name}'. Available: {available}.",
        "de": "Unbekanntes Spiel '{name}'. Verfügbar: {available}.",
    },
    "unknown_option": {
        "en": "Game '{game}' has no option '{option}'. Options: {available}.",
        "de": "Das Spiel '{game}' kennt die Option '{option}' nicht. Optionen: {available}.",
    },
    "bad_option_value": {
        "en": "Option '{option}' of '{game}' cannot be {value!r}; allowed: {allowed}.",
        "de": "Die Option '{option}' von '{game}' kann nicht {value!r} sein; erlaubt: {allowed}.",
    },
    "syntax": {
        "en": "Cannot read the move '{text}': {reason}",
        "de": "Der Zug '{text}' ist nicht lesbar: {reason}",
    },
    "illegal": {
        "en": "The move '{action}' is not allowed now.",
        "de": "Der Zug '{action}' ist jetzt nicht erlaubt.",
    },
    "game_over": {
        "en": "The game is over.",
        "de": "Das Spiel ist vorbei.",
    },
    "bad_position": {
        "en": "Invalid position: {reason}",
        "de": "Ungültige Stellung: {reason}",
    },
    "bad_record": {
        "en": "Invalid game record: {reason}",
        "de": "Ungültiges Spielprotokoll: {reason}",
    },
    "replay_mismatch": {
        "en": "The replayed game ends with {actual}, but the record says {expected}.",
        "de": "Das nachgespielte Spiel endet mit {actual}, das Protokoll sagt aber {expected}.",
    },
}


def register_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add message templates (code -> {language -> template}); existing codes are kept."""
    for code, texts in messages.items():
        _CATALOG.setdefault(code, dict(texts))


def translate(code: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """Render message ``code`` in ``lang`` (falls back to English, then to the code)."""
    texts = _CATALOG.get(code)
    if texts is None:
        return f"{code} {dict(params)}" if params else code
    template = texts.get(lang) or texts.get("en") or code
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def known_codes() -> list[str]:
    """All registered message codes (for tests that check every code has both languages)."""
    return sorted(_CATALOG)


def has_language(code: str, lang: str) -> bool:
    return lang in _CATALOG.get(code, {})
