"""The Himmel heuristic: room under the targets (HAZ-3), taking (HAZ-7), beats random."""

from __future__ import annotations

from typing import Any

import stammtisch
from stammtisch.arena.report import Report
from stammtisch.arena.tournament import config_from, run_tournament
from stammtisch.bots.profile import heuristic_for


def _actions(*texts: str) -> list[Any]:
    state = stammtisch.load("himmel", players=3).new_game(0)
    return [state.parse_action(t) for t in texts]


def _view(hand: list[str], a_cards: list[str], marked: str = "A") -> dict[str, object]:
    return {
        "seat": 0,
        "players": 3,
        "marker": marked,
        "piles": [
            {"name": "A", "target": "60", "targets": ["60"], "cards": a_cards, "marked": marked == "A"},
            {"name": "B", "target": "40", "targets": ["40"], "cards": [], "marked": marked == "B"},
        ],
        "hand": hand,
        "hand_sizes": [len(hand), 5, 5],
        "deck_size": 30,
    }


def test_haz3_plays_the_card_that_keeps_most_room() -> None:
    h = heuristic_for("himmel")
    view = _view(["21", "55"], ["20"], marked="B")
    legal = _actions("21>A", "55>A", "take 55")
    values = h.action_values(view, legal)
    assert values[0] > values[1]
    assert values[0] > values[2]


def test_haz7_takes_a_small_pile_rather_than_wasting_a_pile() -> None:
    h = heuristic_for("himmel")
    view = _view(["58"], [], marked="B")  # B holds only its target: taking costs 1 card
    legal = _actions("58>A", "take 58")
    values = h.action_values(view, legal)
    assert values[1] > values[0]


def test_heuristic_beats_random() -> None:
    config = config_from("himmel", ["random", "heuristic"], games=40, seed=3, options={"players": 4})
    rnd, heu = Report(run_tournament(config, workers=1)).summaries
    assert heu.win_share.mean > rnd.win_share.mean
    assert heu.win_share.low > 0.5  # two bots: parity is 0.5
    assert heu.score_margin.low > 0
