"""Confidence intervals, result files and the plot."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.arena.report import Report
from stammtisch.arena.stats import Z95, mean_interval, per_game
from stammtisch.arena.tournament import GameResult, config_from, run_tournament
from stammtisch.cli import app


def test_interval_of_known_values() -> None:
    iv = mean_interval([0.0, 1.0, 0.0, 1.0])
    half = Z95 * math.sqrt((4 * 0.25) / 3 / 4)
    assert iv.mean == 0.5
    assert math.isclose(iv.high - iv.mean, half)
    assert math.isclose(iv.mean - iv.low, half)
    assert not iv.excludes(0.5) and iv.excludes(1.2)
    assert mean_interval([0.3]).low == 0.3


def test_per_game_averages_a_bots_seats() -> None:
    r = GameResult(0, 0, 0, 0, [0, 1, 0, 1], [10.0, 5.0, 20.0, 1.0], [1.0, 0.0, 1.0, 0.0], 9, False)
    assert per_game(r, 0) == (1.0, 12.0, 15.0)
    assert per_game(r, 1) == (0.0, -12.0, 3.0)
    assert per_game(r, 2) is None
    # Four seats, two bots, one winning seat (Himmel): the whole win goes to that seat's bot.
    h = GameResult(0, 0, 0, 0, [0, 1, 0, 1], [-3.0, -5.0, -1.0, -2.0], [0.0, 0.0, 1.0, 0.0], 9, False)
    assert per_game(h, 0) == (1.0, 1.5, -2.0)
    assert per_game(h, 1) == (0.0, -1.5, -3.5)


def test_result_files(tmp_path: Path) -> None:
    config = config_from("zwickern", ["random", "heuristic"], games=10, seed=3)
    report = Report(run_tournament(config, workers=1))
    report.write(tmp_path / "r.json")
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["games"] == 10 and data["deals"] == 5
    assert [s["label"] for s in data["summary"]] == ["random", "heuristic"]
    for s in data["summary"]:
        ws = s["win_share"]
        assert ws["low"] <= ws["mean"] <= ws["high"] and ws["n"] == 5
    assert sum(sum(r["returns"]) for r in data["results"]) == 10
    report.write(tmp_path / "r.csv")
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert len(rows) == 10
    assert {rows[0]["bot_0"], rows[0]["bot_1"]} == {"random", "heuristic"}
    report.plot(tmp_path / "r.png")
    assert (tmp_path / "r.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_command(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    args = ["arena", "zwickern", "--bots", "random,casual", "--games", "4", "--seed", "1"]
    args += ["--workers", "1", "--players", "2", "--option", "forced_capture=false", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["options"]["forced_capture"] is False
    assert data["bots"] == ["random", "casual"]


def test_arena_command_rejects_an_unknown_bot() -> None:
    result = CliRunner().invoke(app, ["arena", "zwickern", "--bots", "random,nobody", "--games", "2"])
    assert result.exit_code == 2
