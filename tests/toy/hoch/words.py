"""Hoch's events and moves in words ("Anna plays a 5 and scores a point").

Templates: ``hoch.*`` keys in ``locale/<lang>/LC_MESSAGES/hoch.po`` of this folder, read
with stammtisch's catalogue once the game is loaded.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, seat_name


def event_text(event: dict[str, Any], lang: str, names: Names) -> str:
    key = "hoch.ev.play_point" if event.get("point") else "hoch.ev.play"
    return t(key, lang, name=seat_name(names, event.get("seat"), lang), card=event.get("card"))


def move_text(description: dict[str, Any], lang: str, names: Names) -> str:
    key = "hoch.mv.play_point" if description.get("point") else "hoch.mv.play"
    return t(key, lang, card=description.get("card"))
