"""Names for bots at a table: each bot seat its own, so that the seats, the log and the end
can tell them apart ("Vreni", not a third "Bot (easy)"). The server names its bot seats
with :func:`bot_name`; the terminal names them from the game's seed (:func:`name_bots`), so
the same game always has the same names."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

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


def name_bots(bots: Sequence[bool], seed: int) -> list[str | None]:
    """A name for each seat that ``bots`` marks, ``None`` for the others; the same for the
    same seed.

    >>> name_bots([False, True, True], 7) == name_bots([False, True, True], 7)
    True
    >>> names = name_bots([False, True, True, True], 3)
    >>> names[0] is None and len(set(names[1:])) == 3
    True
    """
    rng = random.Random(seed)
    out: list[str | None] = []
    for is_bot in bots:
        out.append(bot_name(out, rng) if is_bot else None)
    return out
