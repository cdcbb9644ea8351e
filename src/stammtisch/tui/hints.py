"""The hint key: the bots' :func:`stammtisch.bots.suggest.best_move` for the seat to move.

The hint is computed from the seat's view and the legal actions only, like a bot; an answer
that is not one of the legal actions is dropped (the UI then says no hint is available).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stammtisch.bots.base import Budget
from stammtisch.bots.suggest import best_move
from stammtisch.core.game import Game

Hint = Callable[[Game[Any], int, Mapping[str, Any], Sequence[Any], int], str | None]
"""(game, seat, the seat's view, legal actions, seed) -> the hinted notation, or None."""

BestMove = Callable[
    [Game[Any], Mapping[str, Any], Sequence[Any], Budget | None, int], tuple[Any, float] | None
]
"""The signature of :func:`best_move`: (game, view, legal, budget, seed) -> (action, value)."""


def hint_provider(best: BestMove = best_move, budget: Budget | None = None) -> Hint:
    """A hint function over (game, seat, view, legal, seed) that asks ``best`` (by default
    the bots' ``best_move``, with its default search budget when ``budget`` is None)."""

    def hint(
        game: Game[Any], seat: int, view: Mapping[str, Any], legal: Sequence[Any], seed: int
    ) -> str | None:
        answer = best(game, view, legal, budget, seed)
        if answer is None:
            return None
        notation = str(answer[0])
        return notation if notation in {str(a) for a in legal} else None

    return hint
