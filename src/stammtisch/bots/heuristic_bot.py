"""Bots that follow a game's heuristic (see :mod:`stammtisch.bots.heuristics`).

* ``heuristic`` plays the action the heuristic values most (ties broken by its own
  generator, so it is not predictable from the order of the legal actions).
* ``casual`` samples an action with probability growing with its value (a softmax at a
  temperature of a few points): it plays sensibly but makes the mistakes of a relaxed
  player, which makes it the easy level for people.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.base import Bot, Budget
from stammtisch.bots.heuristics import GameHeuristic
from stammtisch.bots.profile import heuristic_for
from stammtisch.core.game import Game


def best_index(values: Sequence[float], rng: random.Random) -> int:
    """Index of the largest value; equal values (within 1e-9) are broken at random."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class HeuristicBot(Bot):
    kind = "heuristic"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, budget: Budget | None = None) -> None:
        super().__init__(game, seat, rng, budget)
        self.heuristic: GameHeuristic = heuristic_for(game)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        return legal[best_index(self.heuristic.action_values(view, legal), self.rng)]


class CasualBot(HeuristicBot):
    kind = "casual"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        values = self.heuristic.action_values(view, legal)
        top = max(values)
        weights = [math.exp((v - top) / self.heuristic.temperature) for v in values]
        return legal[self.rng.choices(range(len(legal)), weights=weights)[0]]
