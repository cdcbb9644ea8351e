"""Hand-written JSON positions: defaults, the documented draw pile order, and clear errors."""

from __future__ import annotations

from typing import Any

import pytest
from haz_positions import HANDS3, make, piles, position

from stammtisch import PositionError, load
from stammtisch.games.himmel import RAISE, STEAL, TURN


def test_unnamed_cards_form_the_draw_pile_numbers_ascending_then_specials() -> None:
    s = make()
    named = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 57, 65}
    expected_top_first = [c for c in range(1, 71) if c not in named]
    expected_top_first += [TURN] * 6 + [STEAL] * 5 + [RAISE] * 4
    assert list(reversed(s.deck)) == expected_top_first
    assert s.to_json()["deck"][:3] == ["1", "17", "18"]


def test_deck_top_lies_above_the_unnamed_cards() -> None:
    s = make(deck_top=["raise", 70])
    assert s.to_json()["deck"][:3] == ["raise", "70", "1"]


def test_rest_to_puts_unnamed_cards_on_a_penalty_pile() -> None:
    s = make(deck=[1], rest_to=2)
    assert s.deck == [1]
    assert len(s.penalty[2]) == 85 - 15 - 2 - 1


def test_defaults_and_to_json_round_trip() -> None:
    s = make()
    assert s.current_player == 0 and s.direction == 1 and s.marker == 0 and s.game_no == 0
    again = load("himmel", players=3).from_json(s.to_json())
    assert again.to_json() == s.to_json()
    assert again.legal_actions() == s.legal_actions()


def test_midgame_to_json_round_trip_keeps_everything() -> None:
    s = load("himmel", players=4).new_game(9)
    for _ in range(25):
        s = s.apply(s.legal_actions()[0])
    data = s.to_json()
    assert load("himmel", players=4).from_json(data).to_json() == data


BAD: list[tuple[dict[str, Any], str]] = [
    (position(hands=[[57, 2, 3, 4, 5], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]), "more often"),
    (position(hands=[[2, 3, 4, 5], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]), "refilled"),
    (position(hands=[[2, 3, 4, 5, 6, 1], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]), "at most 5"),
    (position(hands=[[2, 3, 4, 5, 6], [7, 8, 9, 10, 11]]), "one per seat"),
    (position(piles=piles(57, 65, a_cards=[58])), "below its target"),
    (position(piles=piles(57, 65, a_cards=[40, 30])), "not rising"),
    (position(piles=piles([60, 57], 65)), "targets not rising"),
    (position(piles=[{"targets": [57]}]), "two piles"),
    (position(piles=piles(57, "turn")), "special card"),
    (position(deck=[1]), "not placed"),
    (position(deck=[1], deck_top=[2]), "either deck or deck_top"),
    (position(marker="C"), "marker"),
    (position(direction=2), "direction"),
    (position(current=3), "current"),
    (position(rest_to=5), "rest_to"),
    (
        position(hands=[["joker", 3, 4, 5, 6], *HANDS3[1:]]),
        "not a card",
    ),
    (position(known=[[{"card": 40, "seats": [1]}], [], []]), "false"),
    (position(known=[[{"card": 8, "seats": [0]}], [], []]), "naming seat 0"),
    (position(game="zwickern"), "zwickern"),
    ({"piles": piles()}, "not a Himmel position"),
]


@pytest.mark.parametrize(("data", "reason"), BAD)
def test_bad_positions_raise_position_error(data: dict[str, Any], reason: str) -> None:
    with pytest.raises(PositionError) as err:
        load("himmel", players=3).from_json(data)
    assert reason in str(err.value)


def test_true_knowledge_is_accepted() -> None:
    s = make(known=[[{"card": 8, "seats": [1]}], [], [{"card": "turn", "deck": True}]])
    assert s.observe(0)["known"] == [{"card": "8", "seats": [1], "deck": False}]
    assert s.observe(1)["known_by"] == [{"seat": 0, "card": "8"}]
