"""The per-seat filter of events (stammtisch.core.events) and the protocol's defaults."""

from __future__ import annotations

import stammtisch
from stammtisch.core.events import card_mentions, filter_events

GIVE = {"type": "give", "seat": 1, "to": 3, "card": "5", "private_to": [1]}
DRAW = {"type": "draw", "seat": 2, "count": 2, "cards": ["17", "40"], "private_to": [2]}
PUBLIC = {"type": "play", "seat": 0, "card": "9H"}


def test_hidden_card_fields_are_redacted_for_everybody_else_but_the_event_stays():
    raw = [PUBLIC, GIVE, DRAW]
    assert filter_events(raw, 1) == [PUBLIC, GIVE, {**DRAW, "cards": [None, None]}]
    assert filter_events(raw, 2) == [PUBLIC, {**GIVE, "card": None}, DRAW]
    assert filter_events(raw, None) == [PUBLIC, {**GIVE, "card": None}, {**DRAW, "cards": [None, None]}]
    assert raw == [PUBLIC, GIVE, DRAW], "the raw events are not changed"


def test_filter_is_idempotent_and_the_spectator_never_knows_more_than_a_seat():
    raw = [PUBLIC, GIVE, DRAW]
    for seat in (0, 1, 2, 3, None):
        once = filter_events(raw, seat)
        assert filter_events(once, seat) == once
        assert filter_events(once, None) == filter_events(raw, None)


def test_card_mentions_reads_card_fields_only():
    assert sorted(card_mentions([PUBLIC, GIVE, DRAW, {"type": "x", "seat": 0, "target": "70"}])) == [
        "17",
        "40",
        "5",
        "9H",
    ]
    assert card_mentions(filter_events([GIVE], 0)) == []


def test_a_new_game_a_clone_and_a_position_from_json_have_no_events():
    game = stammtisch.load("zwickern")
    s = game.new_game(1)
    assert s.events(0) == [] and s.observe(None)["events"] == []
    after = s.apply(s.legal_actions()[0])
    assert after.events(None)
    assert game.from_json(after.to_json()).events(None) == []
    assert after.apply_unchecked(after.legal_actions()[0], events=False).events(None) == []
