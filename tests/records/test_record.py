from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import stammtisch
from stammtisch.core.errors import RecordError
from stammtisch.records import GameRecord


def _random_record(game: str, seed: int, **options) -> GameRecord:
    g = stammtisch.load(game, **options)
    rec = GameRecord.start(game, g.options, seed)
    state = g.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state = state.apply(action)
        rec.add(action)
    rec.finish(state)
    return rec


@pytest.mark.parametrize("name", stammtisch.games())
def test_record_replays_exactly(name: str, tmp_path: Path) -> None:
    rec = _random_record(name, 5)
    path = rec.save(tmp_path / "game.json")
    loaded = GameRecord.load(path)
    assert loaded.to_json() == rec.to_json()
    final = loaded.replay()
    assert final.is_terminal
    assert loaded.result is not None and final.scores() == loaded.result["scores"]


def test_tampered_result_is_detected(tmp_path: Path) -> None:
    rec = _random_record("zwickern", 2, players=3)
    assert rec.result is not None
    rec.result["scores"][0] += 1
    with pytest.raises(RecordError) as info:
        rec.replay()
    assert info.value.code == "replay_mismatch"


def test_illegal_move_in_record_names_the_move() -> None:
    rec = _random_record("zwickern", 3)
    rec.actions[1] = "nonsense"
    with pytest.raises(RecordError) as info:
        rec.replay()
    assert "move 2" in str(info.value)


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"game": "zwickern"},
        {"game": "zwickern", "seed": "x"},
        {"game": "zwickern", "seed": 1, "actions": [3]},
    ],
)
def test_malformed_records_raise_record_error(data: object, tmp_path: Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        GameRecord.load(p)


def test_unreadable_file_raises_record_error(tmp_path: Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    with pytest.raises(RecordError):
        GameRecord.load(p)
