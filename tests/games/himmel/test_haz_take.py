"""HAZ-4 (taking is always allowed) and HAZ-7 (what taking does, and the end of a game)."""

from __future__ import annotations

import pytest
from haz_positions import make, piles

from stammtisch import IllegalActionError
from stammtisch.games.himmel import RAISE, STEAL, TURN

OTHERS = [[7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]


def test_haz4_taking_is_allowed_although_a_card_fits() -> None:
    s = make([[20, 30, 40, 50, 60], *OTHERS], piles=piles(57, 65))
    legal = s.legal_notations()
    assert "20>A" in legal and "60>B" in legal
    assert [n for n in legal if n.startswith("take")] == [
        "take 20",
        "take 30",
        "take 40",
        "take 50",
        "take 60",
    ]


def test_haz7_take_moves_pile_and_all_targets_marker_moves_new_target_from_hand() -> None:
    s = make(
        [[20, 30, 40, 61, 62], *OTHERS],
        piles=piles([57, 60], 65, a_cards=[21, 33], b_cards=[50]),
        penalty=[["turn"], [], []],
        deck_top=[1, 2],
    )
    t = s.apply("take 30")
    assert sorted(t.penalty[0]) == sorted((TURN, 57, 60, 21, 33))
    assert t.targets[0] == (30,) and t.piles[0] == ()
    assert t.targets[1] == (65,) and t.piles[1] == (50,)  # the other pile is untouched
    assert t.marker == 1
    assert t.hands[0] == (1, 20, 40, 61, 62)  # refilled from the top of the draw pile
    assert t.current_player == 1
    assert t.observe(2)["penalty_counts"] == [5, 0, 0]


def test_haz7_the_new_target_must_be_a_hand_number_card() -> None:
    s = make([[20, 30, 40, 50, "raise"], *OTHERS])
    for bad in ("take 31", "take"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)


def test_haz7_no_number_in_hand_reveals_from_the_draw_pile() -> None:
    s = make(
        [["turn", "turn", "steal", "raise", "raise"], *OTHERS],
        deck_top=["turn", "steal", 33, 1],
    )
    assert s.legal_notations() == ["turn", "steal 1", "steal 2", "take"]
    before = len(s.deck)
    t = s.apply("take")
    assert t.targets[0] == (33,)
    assert t.marker == 1
    view = t.observe(1)
    assert view["revealed"] == ["turn", "steal", "33"]
    # The revealed specials went back into the (shuffled) draw pile, and everybody knows.
    assert len(t.deck) == before - 1
    assert t.deck.count(TURN) == s.deck.count(TURN) and t.deck.count(STEAL) == s.deck.count(STEAL)
    for seat in range(3):
        facts = t.observe(seat)["known"]
        assert sorted(f["card"] for f in facts) == ["steal", "turn"]
        assert all(f["deck"] and not f["seats"] for f in facts)
    assert t.hands[0] == s.hands[0]  # a full hand: nothing to refill


def test_haz7_no_number_found_ends_the_game() -> None:
    s = make(
        [["turn", "turn", "steal", "steal", "raise"], *OTHERS],
        deck=["turn", "raise"],
        rest_to=1,
    )
    assert s.legal_notations()[-1] == "take"
    t = s.apply("take")
    assert t.is_terminal
    assert t.observe(None)["revealed"] == ["turn", "raise"]
    assert sorted(t.deck) == [TURN, RAISE]  # shuffled back
    assert t.targets[0] == () and t.piles[0] == ()
    assert t.results[-1] == tuple(len(p) for p in t.penalty)


def test_haz7_take_with_empty_draw_pile_ends_the_game_at_once() -> None:
    s = make(
        [[20, 30, 40, 61, 62], *OTHERS],
        piles=piles(57, 65, a_cards=[21], b_cards=[50]),
        deck=[],
        rest_to=2,
    )
    assert [n for n in s.legal_notations() if n.startswith("take")] == ["take"]
    t = s.apply("take")
    assert t.is_terminal and t.current_player is None
    assert sorted(t.penalty[0]) == [21, 57]
    assert t.targets[1] == (65,) and t.piles[1] == (50,)
    assert t.marker == 0  # the game ended at once: the marker did not move
    assert t.hands[0] == s.hands[0]  # no target laid from hand


def test_haz7_refill_emptying_the_draw_pile_does_not_end_the_game() -> None:
    s = make([[44, 30, 40, 61, 62], *OTHERS], deck=[33], rest_to=2)
    t = s.apply("44>A")
    assert t.deck == [] and not t.is_terminal
    assert 33 in t.hands[0]
    assert t.current_player == 1
    # The game ends only when the marked pile is taken with the draw pile empty.
    assert [n for n in t.legal_notations() if n.startswith("take")] == ["take"]
    u = t.apply("take")
    assert u.is_terminal
    assert 44 in u.penalty[1] and 57 in u.penalty[1]


def test_haz7_take_that_empties_the_draw_pile_by_refill_goes_on() -> None:
    s = make([[20, 30, 40, 61, 62], *OTHERS], deck=[33], rest_to=2)
    t = s.apply("take 20")
    assert not t.is_terminal and t.deck == []
    assert t.hands[0] == (30, 33, 40, 61, 62)
    assert t.targets[0] == (20,) and t.marker == 1
    u = t.apply("take")  # seat 1: the marked pile B, draw pile empty
    assert u.is_terminal
    assert sorted(u.penalty[1]) == [65]
