"""DOG-7: partners exchange one card each, neither seeing the other's before choosing."""

from __future__ import annotations

import random

from dog_testing import position

import stammtisch
from stammtisch.core.conformance import check_state


def test_dog7_exchange_in_turn_order_cards_change_hands_when_both_chose() -> None:
    game = stammtisch.load("dog", dealer=3)
    s = game.new_game(7)
    assert s.phase == "exchange" and s.current_player == 0
    hands0 = [list(h) for h in s.to_json()["hands"]]
    gives = {}
    for seat in (0, 1):
        card = s.legal_actions()[0].text.split()[1]
        gives[seat] = card
        s = s.apply(f"give {card}")
    view2 = s.observe(2)
    assert view2["exchange"]["received"] is None
    assert view2["hand"] == hands0[2]  # seat 0's card is not in seat 2's hand yet
    assert s.observe(None)["exchange"]["given"] == [True, True, False, False]
    card2 = s.legal_actions()[-1].text.split()[1]
    s = s.apply(f"give {card2}")
    assert s.observe(0)["exchange"] == {
        "given": [True, True, True, False],
        "gave": gives[0],
        "received": card2,
        "known": True,
    }
    assert s.observe(2)["exchange"]["received"] == gives[0]
    assert "received" not in s.observe(None)["exchange"]
    assert s.observe(1)["exchange"]["received"] is None  # seat 3 has not chosen yet
    card3 = s.legal_actions()[0].text.split()[1]
    s = s.apply(f"give {card3}")
    assert s.phase == "play" and s.current_player == 0
    assert s.observe(1)["exchange"]["received"] == card3
    s.check_invariants()


def test_dog7_views_built_together_keep_each_seats_exchange_its_own() -> None:
    """observe_all (how the server builds every view after a move): each seat sees the card
    it gave and the one it received, nobody else's; the spectator sees who has chosen."""
    game = stammtisch.load("dog", dealer=3)
    s = game.new_game(7)
    gives = []
    for _ in range(3):  # seats 0, 1, 2 choose; seat 3 has not yet
        card = s.legal_actions()[0].text.split()[1]
        gives.append(card)
        s = s.apply(f"give {card}")
    spectator, v0, v1, v2, v3 = s.observe_all([None, 0, 1, 2, 3])
    given = [True, True, True, False]
    assert spectator["exchange"] == {"given": given}
    assert v0["exchange"] == {"given": given, "gave": gives[0], "received": gives[2], "known": True}
    assert v2["exchange"] == {"given": given, "gave": gives[2], "received": gives[0], "known": True}
    assert v1["exchange"] == {"given": given, "gave": gives[1], "received": None, "known": False}
    assert v3["exchange"] == {"given": given, "gave": None, "received": None, "known": False}
    assert [v["exchange"] for v in (v0, v1, v2, v3)] == [s.observe(i)["exchange"] for i in range(4)]


def test_dog7_finished_players_exchange_too() -> None:
    s = position(
        [["H1", "H2", "H3", "H4"], [20], [40]],
        ["5", "K"],
        others=["2", "3"],
        phase="exchange",
    )
    assert [a.text for a in s.legal_actions()] == ["give 5", "give K"]


def test_dog7_views_leak_nothing_during_the_exchange() -> None:
    game = stammtisch.load("dog")
    s = game.new_game(3)
    rng = random.Random(1)
    for _ in range(4):
        check_state(game, s, rng)
        s = s.apply(s.legal_actions()[0])
    check_state(game, s, rng)


def test_dog7_the_given_card_is_known_in_the_partners_hand_until_played() -> None:
    game = stammtisch.load("dog", dealer=3)
    s = game.new_game(21)
    gave = s.legal_actions()[0].card  # seat 0 gives its lowest card
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    assert s.gave_known[0]
    rng = random.Random(9)
    view = s.observe(0)
    for _ in range(20):
        assert gave in game.sample_state(view, rng).hands[2]
    # Play on until seat 2 discards a card of that rank: then nothing is known any more.
    while s.gave_known[0] and not s.is_terminal and s.round == 0:
        s = s.apply(s.legal_actions()[0])
    if s.round == 0 and not s.is_terminal:
        assert not s.observe(0)["exchange"]["known"]
