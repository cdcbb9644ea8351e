"""Move hints behind a small interface, so a real engine plugs in without server changes.

The engine is ``stammtisch.bots.suggest.suggest(game, view, legal, budget, seed)`` when that
module exists; it returns ``(action, value)`` pairs (or a mapping action -> value). Without
it the server says plainly that no hints are available and lists the legal moves with no
values: it never invents numbers.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from stammtisch.bots.base import Budget
from stammtisch.core.game import Game


class SuggestFn(Protocol):
    def __call__(
        self, game: Game[Any], view: Mapping[str, Any], legal: Sequence[Any], budget: Budget, seed: int
    ) -> Any: ...


def find_engine() -> SuggestFn | None:
    """The installed hint engine, looked up at call time (it may arrive with a later merge)."""
    try:
        module = importlib.import_module("stammtisch.bots.suggest")
    except ImportError:
        return None
    fn = getattr(module, "suggest", None)
    return fn if callable(fn) else None


def normalize(raw: Any) -> list[tuple[str, float]]:
    """``[(notation, value), ...]`` best first, from whatever shape the engine returns."""
    pairs: list[tuple[str, float]] = []
    items = raw.items() if isinstance(raw, Mapping) else raw
    for item in items:
        action, value = item
        pairs.append((str(action), float(value)))
    pairs.sort(key=lambda p: -p[1])
    return pairs


def rank(
    engine: SuggestFn,
    game: Game[Any],
    view: Mapping[str, Any],
    legal: Sequence[Any],
    seconds: float,
    seed: int,
) -> list[tuple[str, float]]:
    return normalize(engine(game, view, legal, Budget(seconds=seconds), seed))
