"""Running a tournament's games on a Ray cluster (the optional ``ray`` extra).

Each game is one Ray task running :func:`stammtisch.arena.tournament.run_task`, the same
function the local pool runs, so results do not depend on where they were computed. The
workers must be able to import ``stammtisch`` (installed on the cluster, or the same
machine).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from stammtisch.arena.tasks import GameResult, Task, run_task
from stammtisch.core.errors import StammtischError


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_on_ray(tasks: Sequence[Task], address: str) -> Iterator[GameResult]:
    """Yield the results of ``tasks`` as they finish on the cluster at ``address``."""
    try:
        import ray
    except ImportError:
        raise StammtischError("ray_missing") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote: Any = ray.remote(run_task)
    pending = [remote.remote(t) for t in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                result: GameResult = ray.get(ref)
                yield result
    finally:
        if started_here:
            ray.shutdown()
