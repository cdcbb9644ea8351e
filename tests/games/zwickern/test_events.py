"""Zwickern events and move descriptions (issue 17), one test per ruling they report."""

from __future__ import annotations

import json
from collections import Counter

import stammtisch
from stammtisch.games.zwickern.cards import FULL_DECK, card_text


def _rest(*groups: list[str]) -> list[str]:
    """Every card of the pack not named in ``groups``."""
    left = Counter(card_text(c) for c in FULL_DECK)
    for g in groups:
        left.subtract(g)
    return sorted(left.elements())


def _types(events):
    return [e["type"] for e in events]


def test_zw3_play_and_capture_events_name_the_cards(load_position):
    s = load_position(hands=[["9S", "7C"], ["8H"]], table=["9H", "9D", "QC"], current=0)
    assert s.describe(s.parse_action("9S")) == {"type": "play", "card": "9S", "captures": ["9H", "9D"]}
    after = s.apply("9S")
    for seat in (0, 1, None):
        assert after.events(seat) == [
            {"type": "play", "seat": 0, "card": "9S"},
            {"type": "capture", "seat": 0, "card": "9S", "cards": ["9H", "9D"], "how": "match"},
        ]
        assert after.observe(seat)["events"] == after.events(seat)


def test_zw4_joker_sweep_and_a_laid_card(load_position):
    s = load_position(hands=[["X", "7C"], ["8H", "KD"]], table=["9H", "X", "QC"], current=0)
    after = s.apply("X")
    assert after.events(1)[1] == {
        "type": "capture",
        "seat": 0,
        "card": "X",
        "cards": ["9H", "X", "QC"],
        "how": "joker",
    }
    laid = after.apply("8H")
    assert laid.events(None) == [
        {"type": "play", "seat": 1, "card": "8H"},
        {"type": "lay", "seat": 1, "card": "8H"},
    ]


def test_zw7_final_card_and_final_sweep_are_reported_although_the_next_round_is_dealt(load_position):
    """ZW-7: the last card of a round and the sweep of the table to the last capturer are
    events, though the view after them already shows the next round (issue 17: "Anna: null")."""
    rest = _rest(["8H"], ["9H"], ["QH", "7D"], [])
    s = load_position(
        hands=[["8H"], ["9H"]],
        table=["QH", "7D"],
        deck=[],
        captured=[[], rest],
        last_capturer=1,
        current=0,
        options={"rounds": 2},
    )
    s = s.apply("8H")
    last = s.apply("9H")
    assert last.round == 1 and last.observe(0)["last"] is None  # the view moved on
    events = last.events(0)
    assert _types(events) == ["play", "lay", "final_sweep", "round_end", "deal"]
    assert events[0] == {"type": "play", "seat": 1, "card": "9H"}
    assert events[2] == {"type": "final_sweep", "seat": 1, "cards": ["QH", "7D", "8H", "9H"]}
    end = events[3]
    assert end["points"] == list(last.round_results[-1])
    assert end["bonus"] == 1 and end["points"][1] == end["card_points"][1] + end["bonus_points"]
    deal = events[4]
    assert deal["seat"] == last.dealer and deal["starts"] == last.current_player
    assert deal["cards"] == last.observe(None)["table"] and deal["hand_sizes"] == [4, 4]


def test_zw7_nobody_captured_the_table_stays_unclaimed(load_position):
    hands = [["8H"], ["9H"]]
    rest = _rest(*hands, ["QH"])
    s = load_position(
        hands=hands,
        table=["QH"],
        deck=[],
        captured=[rest[:16], rest[16:]],
        last_capturer=None,
        current=0,
        options={"rounds": 1},
    )
    end = s.apply("8H").apply("9H")
    events = end.events(None)
    assert events[2] == {"type": "final_sweep", "seat": None, "cards": ["QH", "8H", "9H"]}
    assert events[-1]["type"] == "match_end" and events[-1]["winners"] == end.winners()


def test_zw6_refill_is_a_deal_without_cards():
    s = stammtisch.load("zwickern", players=2).new_game(5)
    while len(s.deck) == len(s.apply(s.legal_actions()[0]).deck):
        s = s.apply(s.legal_actions()[0])
    refilled = s.apply(s.legal_actions()[0])
    deal = refilled.events(0)[-1]
    assert deal["type"] == "deal" and deal["cards"] == [] and deal["hand_sizes"] == [4, 4]
    assert deal["deck_size"] == len(refilled.deck)


def test_events_are_json_and_the_same_for_the_same_seed_and_moves():
    game = stammtisch.load("zwickern", players=3)
    a, b = game.new_game(11), game.new_game(11)
    while not a.is_terminal:
        act = a.legal_actions()[len(a.legal_actions()) // 2]
        a, b = a.apply(act), b.apply(str(act))
        assert json.loads(json.dumps(a.events(None))) == a.events(None) == b.events(None)
        assert a.events(None), "every action has events"
