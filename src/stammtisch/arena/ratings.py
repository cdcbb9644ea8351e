"""OpenSkill ratings (Plackett-Luce) of the bots over a tournament's games.

Each game is one match between the bots that played in it: every bot is a one-member team
ranked by its win share in that game (equal shares, equal rank). Games are rated in
tournament order, so the ratings are as reproducible as the results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.arena.stats import per_game
from stammtisch.arena.tasks import GameResult


@dataclass(frozen=True)
class Rating:
    label: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` used for ranking."""
        return self.mu - 3.0 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def rate(results: Sequence[GameResult], labels: Sequence[str]) -> list[Rating]:
    from openskill.models import PlackettLuce  # imported here: only tournaments need it

    model = PlackettLuce()
    ratings: list[Any] = [model.rating(name=label) for label in labels]
    for r in results:
        if r.truncated:
            continue
        present: list[int] = []
        shares: list[float] = []
        for b in range(len(labels)):
            v = per_game(r, b)
            if v is not None:
                present.append(b)
                shares.append(v[0])
        if len(present) < 2:
            continue
        distinct = sorted(set(shares), reverse=True)
        ranks = [float(distinct.index(s)) for s in shares]
        new = model.rate([[ratings[b]] for b in present], ranks=ranks)
        for b, team in zip(present, new, strict=True):
            ratings[b] = team[0]
    return [Rating(label, float(rt.mu), float(rt.sigma)) for label, rt in zip(labels, ratings, strict=True)]
