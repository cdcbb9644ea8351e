"""A tournament's results as a dict, a JSON or CSV file, and a PNG plot."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stammtisch.arena.ratings import Rating, rate
from stammtisch.arena.stats import BotSummary, summarize
from stammtisch.arena.tournament import TournamentRun

FORMAT = "stammtisch-arena/1"


class Report:
    """Summaries, ratings and raw games of one tournament run."""

    def __init__(self, run: TournamentRun) -> None:
        self.run = run
        self.labels = run.config.labels()
        self.summaries: list[BotSummary] = summarize(run.results, self.labels, run.config.bots)
        self.ratings: list[Rating] = rate(run.results, self.labels)

    @property
    def truncated(self) -> int:
        return sum(1 for r in self.run.results if r.truncated)

    def to_json(self) -> dict[str, Any]:
        cfg = self.run.config
        return {
            "format": FORMAT,
            "game": cfg.game,
            "options": self.run.resolved_options,
            "players": self.run.num_players,
            "bots": list(cfg.bots),
            "labels": self.labels,
            "seed": cfg.seed,
            "games": len(self.run.results),
            "deals": len({r.deal for r in self.run.results}),
            "truncated": self.truncated,
            "max_steps": cfg.max_steps,
            "summary": [s.to_json() for s in self.summaries],
            "ratings": [r.to_json() for r in self.ratings],
            "results": [r.to_json() for r in self.run.results],
        }

    def write(self, path: Path) -> None:
        """``.csv``: one row per game; anything else: the full JSON."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix.lower() == ".csv":
            self._write_csv(path)
        else:
            path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    def _write_csv(self, path: Path) -> None:
        n = self.run.num_players
        header = ["index", "deal", "rotation", "game_seed", "steps", "truncated"]
        header += [f"bot_{s}" for s in range(n)]
        header += [f"score_{s}" for s in range(n)]
        header += [f"return_{s}" for s in range(n)]
        with path.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            for r in self.run.results:
                w.writerow(
                    [r.index, r.deal, r.rotation, r.game_seed, r.steps, int(r.truncated)]
                    + [self.labels[b] for b in r.lineup]
                    + list(r.scores)
                    + list(r.returns)
                )

    def plot(self, path: Path) -> None:
        """Two panels: win share and score margin per bot, with their 95% intervals."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        labels = self.labels
        fig, axes = plt.subplots(1, 2, figsize=(4 + 1.6 * len(labels), 4))
        _bars(axes[0], labels, [s.win_share for s in self.summaries], "win share")
        axes[0].axhline(1.0 / max(1, _sides(self)), color="grey", linewidth=0.8, linestyle="--")  # parity
        _bars(axes[1], labels, [s.score_margin for s in self.summaries], "score margin")
        axes[1].axhline(0.0, color="grey", linewidth=0.8)
        cfg = self.run.config
        fig.suptitle(f"{cfg.game}: {len(self.run.results)} games, seed {cfg.seed}")
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=100)
        plt.close(fig)


def _sides(report: Report) -> int:
    """How many bots share a table (for the parity line of the win-share panel)."""
    first = report.run.results[0] if report.run.results else None
    return len(set(first.lineup)) if first is not None else 1


def _bars(ax: Any, labels: Sequence[str], intervals: Sequence[Any], title: str) -> None:
    means = [iv.mean for iv in intervals]
    errs = [[iv.mean - iv.low for iv in intervals], [iv.high - iv.mean for iv in intervals]]
    ax.bar(range(len(labels)), means, yerr=errs, capsize=6, color="#4c72b0")
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=20)
    ax.set_title(title)
