"""One tournament game as a self-contained task, and playing it.

A :class:`Task` carries everything a worker needs (game, options, bots, seeds), so local
processes and Ray workers run :func:`run_task` alike; :mod:`.tournament` schedules the tasks
and :mod:`.ray_runner` ships them to a cluster. Neither imports the other's caller.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

import stammtisch
from stammtisch.arena.match import play_game
from stammtisch.bots import make_bot
from stammtisch.core.game import Game


@dataclass(frozen=True)
class Task:
    """One game of the tournament, complete in itself (it is sent to worker processes)."""

    index: int
    deal: int
    rotation: int
    game_seed: int
    lineup: tuple[int, ...]  # bot index per seat
    bot_seeds: tuple[int, ...]  # seed per seat
    game: str
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    max_steps: int


@dataclass
class GameResult:
    index: int
    deal: int
    rotation: int
    game_seed: int
    lineup: list[int]
    scores: list[float]
    returns: list[float]
    steps: int
    truncated: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@lru_cache(maxsize=16)
def load_game(game: str, options: tuple[tuple[str, Any], ...]) -> Game[Any]:
    return stammtisch.load(game, **dict(options))


def run_task(task: Task) -> GameResult:
    """Play one scheduled game (a top-level function, so processes and Ray can run it)."""
    game = load_game(task.game, task.options)
    bots = [make_bot(task.bots[b], game, seat, task.bot_seeds[seat]) for seat, b in enumerate(task.lineup)]
    out = play_game(game, bots, task.game_seed, max_steps=task.max_steps)
    return GameResult(
        index=task.index,
        deal=task.deal,
        rotation=task.rotation,
        game_seed=task.game_seed,
        lineup=list(task.lineup),
        scores=out.scores,
        returns=out.returns,
        steps=out.steps,
        truncated=out.truncated,
    )
