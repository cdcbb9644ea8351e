"""How the server names its seats: each bot seat its own name (:mod:`stammtisch.bots.names`),
and a seat as a game record names it."""

from __future__ import annotations

from stammtisch.bots.names import NAMES, bot_name

__all__ = ["NAMES", "bot_name", "player_name"]


def player_name(kind: str, nickname: str | None, level: str | None) -> str:
    """How a seat is named in a game record: the nickname, for a bot with its level
    ("Vreni (bot:easy)"; an unnamed bot of an older table is just "bot:easy")."""
    if kind != "bot":
        return nickname or ""
    return f"{nickname} (bot:{level})" if nickname else f"bot:{level}"
