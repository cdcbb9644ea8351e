"""Dog events and move descriptions (issue 17), each test naming the ruling it reports."""

from __future__ import annotations

import json

from dog_testing import position

import stammtisch


def _types(events):
    return [e["type"] for e in events]


def test_dog7_exchange_card_only_to_the_giver_and_to_the_receiver_once_received() -> None:
    game = stammtisch.load("dog", dealer=3)
    s = game.new_game(7)
    card0 = s.legal_actions()[0].text.split()[1]
    s = s.apply(f"give {card0}")
    give = {"type": "give", "seat": 0, "to": 2, "card": card0, "private_to": [0]}
    assert s.events(0) == [give]
    for other in (1, 2, 3, None):  # the partner has not chosen yet: nobody else knows
        assert s.events(other) == [{**give, "card": None}]
    assert s.describe(s.legal_actions()[0])["private_to"] == [1]
    s = s.apply(f"give {s.legal_actions()[0].text.split()[1]}")  # seat 1
    card2 = s.legal_actions()[-1].text.split()[1]
    s = s.apply(f"give {card2}")  # seat 2 completes team 0's exchange
    got = {e["seat"]: e["card"] for e in s.events(2) if e["type"] == "receive"}
    assert got == {2: card0, 0: card2}
    assert {e["seat"]: e["card"] for e in s.events(0) if e["type"] == "receive"} == got
    for other in (1, 3, None):
        assert [e["card"] for e in s.events(other)] == [None, None, None]
        assert _types(s.events(other)) == ["give", "receive", "receive"]
    s = s.apply(f"give {s.legal_actions()[0].text.split()[1]}")  # seat 3: play begins
    assert s.events(None)[-1] == {"type": "exchange_end", "seat": None, "starts": s.current_player}


def test_dog14_a_peg_sent_home_is_reported_to_everybody_with_who_sent_it() -> None:
    s = position([[10], [15]], ["5"])
    after = s.apply("5:p0 10-15")
    expected = [
        {"type": "play", "seat": 0, "card": "5", "value": None},
        {
            "type": "move",
            "seat": 0,
            "from": "10",
            "to": "15",
            "peg": 0,
            "owner": 0,
            "steps": 5,
            "path": ["11", "12", "13", "14", "15"],
            "part": None,
        },
        {"type": "sent_home", "seat": 0, "peg": 4, "owner": 1, "from": "15"},
    ]
    for seat in (0, 1, 2, 3, None):
        assert after.events(seat) == expected


def test_dog17_the_parts_of_a_seven_in_order_each_with_what_it_sent_home() -> None:
    """DOG-15/DOG-17: a 7 sends home every peg it passes, part by part in the order played."""
    s = position([[10, 30], [12, 33]], ["7"])
    act = s.parse_action("7:p1 30-34,p0 10-13")  # same result either order: one canonical move
    order = [int(part.split()[0][1:]) for part in act.text.split(":", 1)[1].split(",")]
    after = s.apply(act)
    events = after.events(None)[1:]
    parts = [e for e in events if e["type"] == "move"]
    assert [e["peg"] for e in parts] == order and [e["part"] for e in parts] == [0, 1]
    for e in parts:
        victim = events[events.index(e) + 1]
        assert victim["type"] == "sent_home" and victim["seat"] == 0
        assert victim["owner"] == 1 and victim["from"] in e["path"]
    p1 = next(e for e in parts if e["peg"] == 1)
    assert p1["path"] == ["31", "32", "33", "34"] and p1["steps"] == 4
    desc = s.describe(act)
    assert desc["card"] == "7" and [m["type"] for m in desc["moves"]] == [e["type"] for e in events]


def test_dog12_entering_the_himmel_and_dog16_the_four_backward() -> None:
    s = position([[62]], ["3"])
    events = s.apply("3:p0 62-H1").events(None)
    assert events[1]["path"] == ["63", "0", "H1"]
    assert events[2] == {"type": "enter_himmel", "seat": 0, "to": "H1", "peg": 0, "owner": 0}
    back = position([[20]], ["4"]).apply("4:p0 20-16").events(None)[1]
    assert back["steps"] == -4 and back["path"] == ["19", "18", "17", "16"]


def test_dog10_start_dog18_swap_and_a_joker_value() -> None:
    start = position([[], [0]], ["K"]).apply("K:start").events(None)
    assert _types(start) == ["play", "start", "sent_home"]
    assert start[1]["to"] == "0" and start[2]["owner"] == 1
    swap = position([[10], [40]], ["J"]).apply("J:p0 10<>p4 40").events(None)
    assert swap[1] == {
        "type": "swap",
        "seat": 0,
        "from": "10",
        "to": "40",
        "peg": 0,
        "owner": 0,
        "other": 4,
        "other_owner": 1,
    }
    joker = position([[10]], ["Jo"]).apply("Jo=5:p0 10-15").events(None)
    assert joker[0] == {"type": "play", "seat": 0, "card": "Jo", "value": "5"}


def test_dog19_moving_the_partners_peg_is_marked_as_helping() -> None:
    s = position([["H1", "H2", "H3", "H4"], [], [20]], ["5"])
    events = s.apply("5:p8 20-25").events(None)
    assert events[1]["owner"] == 2 and events[1]["helping"] is True


def test_dog8_fold_shows_the_discarded_hand_to_everybody() -> None:
    s = position([[]], ["5", "9"])
    folded = s.apply("fold").events(3)
    assert folded[0] == {"type": "fold", "seat": 0, "cards": ["5", "9"]}


def test_dog9_win_and_dog5_a_new_round_dealt() -> None:
    game = stammtisch.load("dog")
    s = game.new_game(2)
    while not s.is_terminal:
        before_round = s.round
        s = s.apply(s.legal_actions()[0])
        types = _types(s.events(None))
        if s.round != before_round:
            deal = s.events(None)[-1]
            assert deal["type"] == "deal" and deal["round"] == s.round
            assert deal["hand_size"] == s.hand_size and deal["starts"] == s.current_player
        assert types.count("win") == (1 if s.is_terminal else 0)
    win = s.events(None)[-1]
    assert win["team"] == s.winner and set(win["seats"]) == {s.winner, s.winner + 2}
    assert json.loads(json.dumps(s.events(None))) == s.events(None)


def test_dog24_a_theft_shows_the_stolen_card_to_thief_and_victim_only() -> None:
    s = position([[10]], ["2"], others=["9", "9"], options={"two_steals": True})
    act = s.parse_action("2:steal 1")
    assert s.describe(act) == {"type": "steal", "card": "2", "value": None, "victim": 1}
    after = s.apply(act)
    steal = {"type": "steal", "seat": 0, "victim": 1, "card": "9", "private_to": [0, 1]}
    assert after.events(0)[1] == after.events(1)[1] == steal
    for other in (2, 3, None):
        assert after.events(other) == [
            {"type": "play", "seat": 0, "card": "2", "value": None},
            {**steal, "card": None},
        ]


def test_dog22_teams_of_three_each_card_goes_to_the_next_teammate() -> None:
    game = stammtisch.load("dog", players=6, teams=2, dealer=5)
    s = game.new_game(4)
    gave = {}
    while s.phase == "exchange":
        seat = s.current_player
        act = s.legal_actions()[0]
        gave[seat] = act.text.split()[1]
        s = s.apply(act)
        received = [e for e in s.events(None) if e["type"] == "receive"]
        if received:
            team = sorted(e["from"] for e in received)
            assert team == sorted(game.board.teammates(seat))
            for e in received:
                assert e["seat"] == game.board.partner(e["from"]) and e["card"] is None
                assert (
                    next(x for x in s.events(e["seat"]) if x is not e and x.get("from") == e["from"])["card"]
                    == (gave[e["from"]])
                )
