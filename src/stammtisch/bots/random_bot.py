"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.base import Bot


class RandomBot(Bot):
    kind = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]
