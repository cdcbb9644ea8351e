"""Himmel events and move descriptions (issue 17), each test naming the ruling it reports."""

from __future__ import annotations

from haz_positions import make, piles


def _types(events):
    return [e["type"] for e in events]


def test_haz5_the_stolen_card_only_for_thief_and_victim() -> None:
    s = make([["steal", 3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]])
    assert s.describe(s.parse_action("steal 1")) == {"type": "steal", "card": "steal", "victim": 1}
    t = s.apply("steal 1")
    stolen = next(e for e in t.events(0) if e["type"] == "steal")["card"]
    assert stolen in {"7", "8", "9", "10", "11"} and stolen in t.observe(0)["hand"]
    assert t.events(1)[0] == {"type": "steal", "seat": 0, "victim": 1, "card": stolen, "private_to": [0, 1]}
    for other in (2, None):
        assert t.events(other)[0] == {**t.events(1)[0], "card": None}
    # HAZ-5: the victim redraws at once; what it drew is its own business (HAZ-6).
    redraw = t.events(1)[1]
    assert redraw["type"] == "draw" and redraw["seat"] == 1 and redraw["count"] == 1
    assert redraw["cards"][0] in t.observe(1)["hand"]
    assert t.events(0)[1]["cards"] == [None] and t.events(None)[1]["cards"] == [None]


def test_haz3_play_and_haz6_refill_seen_by_the_drawer_only() -> None:
    s = make()
    t = s.apply("2>A")
    assert t.events(0)[0] == {"type": "play", "seat": 0, "card": "2", "pile": "A"}
    draw = t.events(0)[1]
    assert draw["type"] == "draw" and draw["count"] == 1 and draw["cards"][0] in t.observe(0)["hand"]
    assert t.events(1)[1]["cards"] == [None]


def test_haz5_raise_and_turn() -> None:
    s = make([["raise", "turn", 60, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]])
    raised = s.apply("raise A 60").events(None)[0]
    assert raised == {"type": "raise", "seat": 0, "pile": "A", "card": "60", "old": "57"}
    turned = s.apply("turn").events(None)[0]
    assert turned == {"type": "turn", "seat": 0, "card": "turn", "direction": -1}


def test_haz7_take_names_the_cards_the_new_target_and_the_marker() -> None:
    s = make(piles=piles(57, 65, a_cards=[20, 30]))
    assert s.describe(s.parse_action("take 5")) == {"type": "take", "pile": "A", "count": 3, "target": "5"}
    take = s.apply("take 5").events(None)[0]
    assert take == {
        "type": "take",
        "seat": 0,
        "pile": "A",
        "cards": ["57", "20", "30"],
        "count": 3,
        "target": "5",
        "revealed": [],
        "marker": "B",
    }


def test_haz9_the_game_end_is_reported_with_the_penalties() -> None:
    s = make(deck=[], rest_to=2)
    end = s.apply("take")
    assert end.is_terminal
    assert _types(end.events(None)) == ["take", "game_end", "match_end"]
    assert end.events(None)[-1]["winners"] == end.winners()
