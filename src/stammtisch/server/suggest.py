"""Move hints: the seat's legal actions ranked by :func:`stammtisch.bots.suggest.suggest`.

The engine searches from the seat's view (all it is given, like every bot) and returns
``(action, value)`` pairs best first; the order is kept as the engine gave it. The search
has a wall-clock budget so that an answer comes within about a second, and runs in a
worker thread, never on the event loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.base import Budget
from stammtisch.bots.suggest import suggest as engine
from stammtisch.core.game import Game


def rank(
    game: Game[Any], view: Mapping[str, Any], legal: Sequence[Any], seconds: float, seed: int
) -> list[tuple[str, float]]:
    """``[(notation, value), ...]`` best first, within ``seconds`` of thinking."""
    return [(str(a), float(v)) for a, v in engine(game, view, legal, Budget(seconds=seconds), seed)]
