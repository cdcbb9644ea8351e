"""Hoch for learning code: token ``c - 1`` plays card ``c``; the observation counts cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hoch.game import HochGame


class Codec:
    num_actions = 6
    max_tokens = 1
    observation_fields = (("hand", 6, "own cards per value / 2"), ("top", 6, "pile top (one-hot)"))
    observation_size = 12
    max_moves: int | None = 9
    returns_range: tuple[float, float, float | None] = (0.0, 1.0, 1.0)

    def __init__(self, game: HochGame) -> None:
        self.game = game

    def tokens(self, action: int, seat: int) -> tuple[int, ...]:
        return (action - 1,)

    def token_text(self, token: int) -> str:
        return str(token + 1)

    def action(self, token: int) -> int:
        return token + 1

    def encode(self, view: Mapping[str, Any], out: Any) -> None:
        out[:] = 0.0
        for c in view["hand"]:
            out[int(c) - 1] += 0.5
        if view["pile"]:
            out[6 + int(view["pile"][-1]) - 1] = 1.0
