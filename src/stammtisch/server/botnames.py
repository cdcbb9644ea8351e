"""How a game record names a seat (the bots' own names are :mod:`stammtisch.bots.names`)."""

from __future__ import annotations


def player_name(kind: str, nickname: str | None, level: str | None) -> str:
    """How a seat is named in a game record: the nickname, for a bot with its level
    ("Vreni (bot:easy)"; an unnamed bot of an older table is just "bot:easy")."""
    if kind != "bot":
        return nickname or ""
    return f"{nickname} (bot:{level})" if nickname else f"bot:{level}"
