"""Win shares and score margins per bot, with 95% confidence intervals.

Per game, a bot's **win share** is the part of the game's win that went to its seats: the
seats' returns read as win shares (:func:`stammtisch.bots.values.win_shares`), summed over
the bot's seats and divided by the sum over all seats. So the bots' shares in a game add up
to 1 and parity is ``1 / number of bots``: a bot playing both seats of the winning Dog team
gets 1, a bot holding two of four Himmel seats gets 1 if either of them wins, a shared
Zwickern win counts ½. A bot's **score margin** is the mean score of its seats minus the
mean score of all other seats.

The games of one deal are played from the same shuffle with the seats rotated, so they are
not independent; the interval is therefore computed over *deals*: each deal's games are
averaged first, and the 95% interval is ``mean ± 1.96 · sd / √deals`` over those deal
means (a normal approximation; with few deals it is a little too narrow, and the report
says how many deals there were). Truncated games (a length cap was hit) are left out and
counted separately.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from stammtisch.arena.tasks import GameResult
from stammtisch.bots.values import win_shares

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes(self, value: float) -> bool:
        return not (self.low <= value <= self.high)

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"


def mean_interval(values: Sequence[float]) -> Interval:
    """Mean with a 95% normal interval (zero width for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n < 2:
        return Interval(m, m, m, n)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Interval(m, m - half, m + half, n)


@dataclass(frozen=True)
class BotSummary:
    label: str
    kind: str
    games: int
    deals: int
    win_share: Interval
    score_margin: Interval
    mean_score: float

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["win_share"] = asdict(self.win_share)
        d["score_margin"] = asdict(self.score_margin)
        return d


def per_game(result: GameResult, bot: int) -> tuple[float, float, float] | None:
    """(win share, score margin, mean score) of ``bot`` in one game; None if it did not play."""
    mine = [s for s, b in enumerate(result.lineup) if b == bot]
    if not mine:
        return None
    others = [s for s in range(len(result.lineup)) if s not in mine]
    shares = win_shares(result.returns)
    total = sum(shares)
    share = sum(shares[s] for s in mine) / total if total > 0 else len(mine) / len(result.lineup)
    score = sum(result.scores[s] for s in mine) / len(mine)
    other = sum(result.scores[s] for s in others) / len(others) if others else 0.0
    return share, score - other, score


def summarize(results: Sequence[GameResult], labels: Sequence[str], kinds: Sequence[str]) -> list[BotSummary]:
    out: list[BotSummary] = []
    for b, (label, kind) in enumerate(zip(labels, kinds, strict=True)):
        by_deal: dict[int, list[tuple[float, float, float]]] = {}
        games = 0
        for r in results:
            if r.truncated:
                continue
            v = per_game(r, b)
            if v is None:
                continue
            by_deal.setdefault(r.deal, []).append(v)
            games += 1
        shares = [sum(x[0] for x in vs) / len(vs) for vs in by_deal.values()]
        margins = [sum(x[1] for x in vs) / len(vs) for vs in by_deal.values()]
        scores = [x[2] for vs in by_deal.values() for x in vs]
        out.append(
            BotSummary(
                label=label,
                kind=kind,
                games=games,
                deals=len(by_deal),
                win_share=mean_interval(shares),
                score_margin=mean_interval(margins),
                mean_score=sum(scores) / len(scores) if scores else math.nan,
            )
        )
    return out
