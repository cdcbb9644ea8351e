"""Views: what a seat sees (enough for a UI, nothing hidden) and the text rendering."""

from __future__ import annotations

import json

import pytest
from haz_positions import make, piles

from stammtisch import load
from stammtisch.games.himmel import card_text

UI_KEYS = {
    "piles",
    "marker",
    "direction",
    "hand",
    "hand_sizes",
    "penalty",
    "penalty_counts",
    "deck_size",
    "last",
    "known",
    "known_by",
    "scores",
    "current_player",
    "terminal",
    "results",
}


def test_a_seat_view_has_what_a_ui_needs_and_no_hidden_cards() -> None:
    s = load("himmel", players=4).new_game(2)
    s = s.apply(s.legal_actions()[0])
    view = s.observe(1)
    assert set(view) >= UI_KEYS
    assert json.loads(json.dumps(view)) == view
    assert view["hand"] == [card_text(c) for c in s.hands[1]]
    text = json.dumps(view)
    for key in ("deck", "hands", "rng"):
        assert key not in view
    assert str(s.rng.state) not in text
    spectator = s.observe(None)
    assert "hand" not in spectator and "known" not in spectator
    assert spectator["hand_sizes"] == [5, 5, 5, 5]


def test_view_piles_show_targets_cards_and_marker() -> None:
    s = make(piles=piles([57, 60], 65, a_cards=[40]), marker="B", direction=-1)
    view = s.observe(2)
    assert view["piles"][0] == {
        "name": "A",
        "target": "60",
        "targets": ["57", "60"],
        "cards": ["40"],
        "marked": False,
    }
    assert view["piles"][1]["marked"] and view["marker"] == "B"
    assert view["direction"] == -1


def test_finished_match_view_has_results_and_returns() -> None:
    s = make([[20, 30, 40, 61, 62], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck=[], rest_to=2)
    t = s.apply("take")
    view = t.observe(0)
    assert view["terminal"] and view["current_player"] is None
    assert view["results"] == [list(t.results[0])]
    assert view["returns"] == t.returns() and view["winners"] == [1]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            ["Pile A (marked)", "Your hand", "Draw pile", "To play: Player 1", "Reverse"],
        ),
        (
            "de",
            [
                "Stapel A (markiert)",
                "Deine Hand",
                "Nachziehstapel",
                "Am Zug: Spieler 1",
                "Richtungswechsel",
            ],
        ),
    ],
)
def test_render_in_both_languages(lang: str, words: list[str]) -> None:
    s = make([["turn", 3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]])
    text = s.render(0, lang)
    for w in words:
        assert w in text
    assert "7, 8" not in text  # another seat's hand


def test_render_shows_the_stolen_card_to_the_victim_only() -> None:
    s = make([["steal", 3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]])
    t = s.apply("steal 1")
    assert t.last is not None and t.last[2] is not None
    # The latest move in words (HAZ-5): thief and victim read the card, the third seat not.
    assert "steals 7 from" in t.render(1, "en") and "stiehlt" in t.render(0, "de")
    assert "die Karte 7" in t.render(0, "de")
    assert "steals a card from" in t.render(2, "en") and "steals 7" not in t.render(2, "en")
