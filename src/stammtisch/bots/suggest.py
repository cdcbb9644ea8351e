"""Hints for a player: the legal actions ranked, each with an estimated value.

``suggest(game, view, legal, budget, seed)`` runs the ISMCTS search from the seat's view
(the view is all it reads, like every bot) and returns ``(action, value)`` pairs, best
first. The ranking is the search's own preference (visit counts, the action the ``ismcts``
bot would play comes first; ties by value). The value is in the unit a player thinks in:

* Dog: the chance that the seat's team wins (0..1);
* the card games: the expected game points of the seat at the end (``scores()`` of the
  finished game, or of the position where a cut-short rollout stopped).

Every legal action is evaluated at least twice: the iteration budget is raised to twice the
number of legal actions if it is smaller.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.base import Budget
from stammtisch.bots.ismcts import ISMCTS
from stammtisch.bots.profile import profile_for
from stammtisch.core.game import Game
from stammtisch.core.registry import load


def suggest(
    game: Game[Any] | str,
    view: Mapping[str, Any],
    legal: Sequence[Any],
    budget: Budget | None = None,
    seed: int = 0,
) -> list[tuple[Any, float]]:
    """The legal actions of the seat whose ``view`` this is, best first, with values."""
    g = load(game) if isinstance(game, str) else game
    if not legal:
        return []
    seat = view.get("seat")
    if not isinstance(seat, int):
        raise ValueError("suggest needs a seat's view (its 'seat' entry), not a spectator view")
    budget = budget or Budget(iterations=200)
    floor = 2 * len(legal)
    if budget.seconds is None and (budget.iterations is None or budget.iterations < floor):
        budget = Budget(iterations=max(floor, budget.iterations or 0))
    search = ISMCTS(g, seat, random.Random(seed), budget)
    stats = search.search(view, legal)
    win = profile_for(g).win_chance
    visited = [s for s in stats if s.visits > 0]
    floor_value = min((s.value if win else s.points) for s in visited) if visited else 0.0
    ranked = sorted(
        range(len(stats)),
        key=lambda i: (-stats[i].visits, -stats[i].value, i),
    )
    out: list[tuple[Any, float]] = []
    for i in ranked:
        s = stats[i]
        value = (s.value if win else s.points) if s.visits > 0 else floor_value
        out.append((s.action, value))
    return out


def best_move(
    game: Game[Any] | str,
    view: Mapping[str, Any],
    legal: Sequence[Any],
    budget: Budget | None = None,
    seed: int = 0,
) -> tuple[Any, float] | None:
    """The hint key's answer: the best legal action of the seat and its value (``None``
    when there is nothing to choose). A plain function for front ends to call."""
    ranked = suggest(game, view, legal, budget, seed)
    return ranked[0] if ranked else None
