from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from stammtisch.cli import app
from stammtisch.records import GameRecord

runner = CliRunner()


def test_games_lists_every_game():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "zwickern" in result.output and "forced_capture" in result.output


def test_sim_prints_scores_and_speed_and_writes_records(tmp_path: Path):
    result = runner.invoke(
        app, ["sim", "zwickern", "--games", "5", "--seed", "3", "--players", "3", "--records", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "steps/s" in result.output and "avg score" in result.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 5
    GameRecord.load(files[0]).replay()


def test_sim_bad_option_is_a_clear_error():
    result = runner.invoke(app, ["sim", "zwickern", "--players", "9"])
    assert result.exit_code == 2
    assert "players" in result.output


def test_replay_checks_a_record(tmp_path: Path):
    runner.invoke(app, ["sim", "zwickern", "--games", "1", "--records", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    ok = runner.invoke(app, ["replay", str(path)])
    assert ok.exit_code == 0 and "OK" in ok.output
    data = json.loads(path.read_text())
    data["result"]["scores"][0] += 5
    path.write_text(json.dumps(data))
    bad = runner.invoke(app, ["replay", str(path), "--lang", "de"])
    assert bad.exit_code == 2 and "Protokoll" in bad.output


def test_plain_play_to_the_end(tmp_path: Path):
    # Always answer with the first legal move: the prompt lists the legal moves.
    import stammtisch
    from stammtisch.plain_play import play_plain

    g = stammtisch.load("zwickern")
    lines: list[str] = []

    def read(prompt: str) -> str:
        moves = prompt.split(": ", 1)[1].split(";")[0].split()
        lines.append(moves[0])
        return "zz" if len(lines) == 1 else moves[0]  # one bad input first: it changes nothing

    rec = play_plain(g, seat=0, seed=4, save=tmp_path / "r.json", read=read)
    assert rec.result is not None and rec.result["terminal"]
    assert GameRecord.load(tmp_path / "r.json").replay().is_terminal


def test_check_runs_the_conformance_suite():
    result = runner.invoke(app, ["check", "zwickern", "--games", "3", "--players", "3"])
    assert result.exit_code == 0, result.output
    assert "OK: 3 games of zwickern" in result.output
