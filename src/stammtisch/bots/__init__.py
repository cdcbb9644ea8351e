"""Bots: they see a seat's view and the legal actions, never the state.

``make_bot(kind, game, seat, seed)`` builds one by kind (``random``) or by level for people
(``easy``, ``medium``, ``hard``).
"""

from __future__ import annotations

import random
from typing import Any

from stammtisch.bots.base import Bot, Budget
from stammtisch.bots.random_bot import RandomBot
from stammtisch.core.errors import StammtischError
from stammtisch.core.game import Game
from stammtisch.core.i18n import register_messages

register_messages(
    {
        "unknown_bot": {
            "en": "Unknown bot '{kind}'. Available: {available}.",
            "de": "Unbekannter Bot '{kind}'. Verfügbar: {available}.",
        }
    }
)

BOT_KINDS: dict[str, type[Bot]] = {"random": RandomBot}
LEVELS: dict[str, str] = {"easy": "random", "medium": "random", "hard": "random"}


def bot_names() -> list[str]:
    return sorted(BOT_KINDS) + list(LEVELS)


def make_bot(kind: str, game: Game[Any], seat: int, seed: int, budget: Budget | None = None) -> Bot:
    """A bot of ``kind`` (or level) for ``seat``, with its own ``random.Random(seed)``."""
    resolved = LEVELS.get(kind, kind)
    cls = BOT_KINDS.get(resolved)
    if cls is None:
        raise StammtischError("unknown_bot", kind=kind, available=", ".join(bot_names()))
    return cls(game, seat, random.Random(seed), budget)


__all__ = ["BOT_KINDS", "LEVELS", "Bot", "Budget", "RandomBot", "bot_names", "make_bot"]
