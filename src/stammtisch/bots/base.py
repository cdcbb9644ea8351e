"""The bot protocol.

A bot sees what a player sees and nothing more: the seat's view (``State.observe(seat)``)
and the legal actions. It never gets the state. It owns a seeded ``random.Random`` (so a
seeded game with bots replays exactly) and a budget for its thinking.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.core.game import Game


@dataclass(frozen=True)
class Budget:
    """How much a bot may think per move: iterations, seconds, or both (first hit stops)."""

    iterations: int | None = None
    seconds: float | None = None


class Bot(ABC):
    """Base class of all bots. Subclasses implement :meth:`choose`."""

    kind: str = "bot"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, budget: Budget | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget or Budget()

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        """Pick one of ``legal`` (the actions of ``self.seat``, whose view is ``view``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"
