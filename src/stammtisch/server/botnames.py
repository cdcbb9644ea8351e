"""Names for the bots at a table: each bot seat its own, so that seat chips, the log, the end
screen and the record can tell them apart ("Vreni", not a third "Bot (easy)")."""

from __future__ import annotations

import random
from collections.abc import Collection

#: First names that sit well at a Swiss card table; more than any table has seats.
NAMES = (
    "Vreni",
    "Sepp",
    "Trudi",
    "Köbi",
    "Heidi",
    "Ueli",
    "Rosa",
    "Fritz",
    "Margrit",
    "Walti",
    "Erika",
    "Hansruedi",
)


def bot_name(taken: Collection[str | None], rng: random.Random | None = None) -> str:
    """A name no one at the table has yet (people's nicknames included)."""
    used = {t.casefold() for t in taken if t}
    free = [n for n in NAMES if n.casefold() not in used]
    pick = (rng or random.Random()).choice(free) if free else None
    if pick is not None:
        return pick
    n = 2
    while f"Bot {n}".casefold() in used:
        n += 1
    return f"Bot {n}"


def player_name(kind: str, nickname: str | None, level: str | None) -> str:
    """How a seat is named in a game record: the nickname, for a bot with its level
    ("Vreni (bot:easy)"; an unnamed bot of an older table is just "bot:easy")."""
    if kind != "bot":
        return nickname or ""
    return f"{nickname} (bot:{level})" if nickname else f"bot:{level}"
