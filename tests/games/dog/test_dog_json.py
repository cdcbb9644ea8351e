"""Positions as JSON: round trips, defaults for hand-written positions, bad positions."""

from __future__ import annotations

import json
import random

import pytest
from dog_testing import position

import stammtisch
from stammtisch.core.errors import PositionError


def test_json_round_trip_through_a_game() -> None:
    game = stammtisch.load("dog")
    s = game.new_game(5)
    rng = random.Random(3)
    for _ in range(150):
        data = json.loads(json.dumps(s.to_json()))
        again = game.from_json(data)
        assert again.to_json() == s.to_json()
        assert [a.text for a in again.legal_actions()] == [a.text for a in s.legal_actions()]
        acts = s.legal_actions()
        s = s.apply(acts[rng.randrange(len(acts))])


def test_hand_written_position_defaults() -> None:
    s = position([[5, "S"]], ["7"], dealer=1)
    data = s.to_json()
    assert data["pegs"][0] == ["5", "S", "K", "K"]
    assert data["phase"] == "play"
    assert data["round"] == 0
    assert len(data["pile"]) == 110 - 4
    assert data["discards"] == []
    assert data["exchange"]["given"] == [True] * 4
    assert s.fresh == 1 << 1


def test_start_field_number_is_an_ordinary_peg() -> None:
    s = position([[0]], ["A"])
    assert s.fresh == 0
    assert s.to_json()["pegs"][0][0] == "0"


def test_default_current_is_the_starting_seat() -> None:
    game = stammtisch.load("dog")
    s = game.from_json({"hands": [["2"], ["3"], ["4"], ["5"]], "dealer": 2})
    assert s.current_player == 3


@pytest.mark.parametrize(
    "data",
    [
        {"pegs": [[5], [5], [], []], "hands": [["2"]] * 4},  # two pegs on one field
        {"pegs": [["H1", "H1"], [], [], []], "hands": [["2"]] * 4},
        {"pegs": [[1, 2, 3, 4, 5], [], [], []], "hands": [["2"]] * 4},
        {"pegs": [[64], [], [], []], "hands": [["2"]] * 4},
        {"pegs": [["X"], [], [], []], "hands": [["2"]] * 4},
        {"pegs": [[], [], []], "hands": [["2"]] * 4},
        {"hands": [["7"] * 9, [], [], []]},  # nine 7s
        {"hands": [["2"], [], [], []], "current": 1},  # seat to move has no card
        {"hands": [["Z"], [], [], []]},
        {"game": "zwickern", "hands": [["2"]] * 4},
    ],
)
def test_bad_positions_are_rejected(data: dict[str, object]) -> None:
    with pytest.raises(PositionError):
        stammtisch.load("dog").from_json(data)
