"""Tournaments: duplicate deals with rotated seats, run on local cores or a Ray cluster.

Seating. The bots are dealt round the table in the order given, repeating: with bots
``A,B`` at four seats the line-up is ``A B A B``. Because Dog's partners sit opposite
(seats s and s+2; s and s+3 with six players), each bot then plays *both seats of a team*
whenever the number of bots divides the number of teams' seats per side (2 bots at 4 seats,
3 bots at 6 seats). Rotations shift the line-up by one seat at a time (``B A B A``, …);
identical line-ups are played once.

Duplicate deals. Every deal (game seed ``seed + deal``) is played once in every rotation,
so each bot meets the very same shuffle from each seat; the luck of the cards then cancels
within the deal, which cuts the variance of the comparison (duplicate bridge does the same).
``--games N`` is rounded up to a whole number of deals.

Determinism. Every game is a task with its own seeds (the game seed and one derived seed per
bot), run in any process in any order; results are put back in task order. So the results
are the same for any number of workers, locally or on Ray (with iteration budgets: a budget
in seconds makes the bots themselves clock-dependent).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import stammtisch
from stammtisch.arena.match import DEFAULT_MAX_STEPS
from stammtisch.arena.ray_runner import run_on_ray
from stammtisch.arena.tasks import GameResult, Task, load_game, run_task
from stammtisch.bots import resolve
from stammtisch.core.game import Game
from stammtisch.core.rng import derive_seed


@dataclass(frozen=True)
class TournamentConfig:
    game: str
    bots: tuple[str, ...]
    games: int = 100
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    max_steps: int = DEFAULT_MAX_STEPS

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def labels(self) -> list[str]:
        """Bot names as shown in results; a bot listed twice gets ``#2``, ``#3``, …"""
        out: list[str] = []
        for kind in self.bots:
            label = kind
            k = 2
            while label in out:
                label = f"{kind}#{k}"
                k += 1
            out.append(label)
        return out


@dataclass
class TournamentRun:
    config: TournamentConfig
    num_players: int
    resolved_options: dict[str, Any]
    results: list[GameResult] = field(default_factory=list)


def lineups(num_bots: int, seats: int) -> list[tuple[int, ...]]:
    """The distinct rotations of the bots dealt round the table.

    >>> lineups(2, 4)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> lineups(3, 2)
    [(0, 1), (1, 2), (2, 0)]
    """
    if num_bots > seats:
        # More bots than seats: each rotation seats a window of consecutive bots.
        return [tuple((r + s) % num_bots for s in range(seats)) for r in range(num_bots)]
    base = [s % num_bots for s in range(seats)]
    out: list[tuple[int, ...]] = []
    for r in range(seats):
        lu = tuple(base[(s + r) % seats] for s in range(seats))
        if lu not in out:
            out.append(lu)
    return out


def make_game(config: TournamentConfig) -> Game[Any]:
    return load_game(config.game, config.options)


def schedule(config: TournamentConfig) -> list[Task]:
    """All games of the tournament, in a fixed order."""
    game = make_game(config)
    for kind in config.bots:
        resolve(kind, game)  # fail early on an unknown bot or a bad budget
    lus = lineups(len(config.bots), game.num_players)
    deals = max(1, -(-config.games // len(lus)))
    tasks: list[Task] = []
    for deal in range(deals):
        for rot, lu in enumerate(lus):
            tasks.append(
                Task(
                    index=len(tasks),
                    deal=deal,
                    rotation=rot,
                    game_seed=config.seed + deal,
                    lineup=lu,
                    bot_seeds=tuple(derive_seed(config.seed, deal, rot, s) for s in range(len(lu))),
                    game=config.game,
                    options=config.options,
                    bots=config.bots,
                    max_steps=config.max_steps,
                )
            )
    return tasks


def _run_local(tasks: Sequence[Task], workers: int, on_result: Callable[[GameResult], None]) -> None:
    if workers <= 1:
        for task in tasks:
            on_result(run_task(task))
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(run_task, t) for t in tasks]
        for fut in as_completed(futures):
            on_result(fut.result())
    except BaseException:
        # Ctrl-C (or a failed game): stop the workers at once instead of letting them
        # finish the queued games while the caller waits.
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _run_ray(tasks: Sequence[Task], address: str, on_result: Callable[[GameResult], None]) -> None:
    for result in run_on_ray(tasks, address):
        on_result(result)


def run_tournament(
    config: TournamentConfig,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentRun:
    """Play the whole tournament; ``progress(done, total)`` is called after every game."""
    game = make_game(config)
    tasks = schedule(config)
    results: dict[int, GameResult] = {}

    def collect(result: GameResult) -> None:
        results[result.index] = result
        if progress is not None:
            progress(len(results), len(tasks))

    if ray_address is not None:
        _run_ray(tasks, ray_address, collect)
    else:
        _run_local(tasks, workers if workers is not None else (os.cpu_count() or 1), collect)
    ordered = [results[t.index] for t in tasks]
    return TournamentRun(config, game.num_players, dict(game.options), ordered)


def config_from(
    game: str,
    bots: Iterable[str],
    *,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> TournamentConfig:
    """A config with the game's options resolved (so equal tournaments compare equal)."""
    resolved = stammtisch.load(game, **dict(options or {})).options
    return TournamentConfig(
        game=game,
        bots=tuple(bots),
        games=games,
        seed=seed,
        options=tuple(sorted(resolved.items())),
        max_steps=max_steps,
    )


__all__ = [
    "GameResult",
    "Task",
    "TournamentConfig",
    "TournamentRun",
    "config_from",
    "lineups",
    "make_game",
    "run_task",
    "run_tournament",
    "schedule",
]
