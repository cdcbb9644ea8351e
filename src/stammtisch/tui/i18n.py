"""The terminal UI's words: the ``tui.*`` keys of the one catalogue (``core.i18n``).

The texts live in ``stammtisch/locale/<lang>/LC_MESSAGES/terminal.po``; ``tr("hint", lang,
move=...)`` reads ``tui.hint``. Add a string there in both languages (see
``stammtisch/locale/README.md``).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.i18n import LANGUAGES, keys, register_messages, t
from stammtisch.core.words import Names
from stammtisch.core.words import seat_name as _seat_name

LANGS = LANGUAGES
PREFIX = "tui."


def tr(key: str, lang: str = "en", **params: Any) -> str:
    """The UI text ``key`` in ``lang`` (English if the language is missing)."""
    return t(PREFIX + key, lang, **params)


def seat_name(seat: int | None, lang: str, names: Names = None) -> str:
    """A seat as a person reads it: its name if it has one (a bot's, ``Session.names``), else
    ``Player 1`` / ``Spieler 1`` for seat index 0 (the one seat word of the catalogue,
    ``words.seat``, shared with the game words and the browser)."""
    return _seat_name(names, seat, lang)


def ui_keys() -> list[str]:
    """All terminal UI keys (without the ``tui.`` prefix)."""
    return [k[len(PREFIX) :] for k in keys("en", PREFIX)]


def other_language(lang: str) -> str:
    """The language the switch key turns to."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)] if lang in LANGS else "en"


def register(texts: dict[str, dict[str, str]]) -> None:
    """Add UI words outside the catalogue (prefer ``terminal.po``); catalogue keys win."""
    register_messages({PREFIX + key: value for key, value in texts.items()})
