"""HAZ-6 (refill after playing) and HAZ-8 (a player without hand cards can only take)."""

from __future__ import annotations

import pytest
from haz_positions import make

from stammtisch import IllegalActionError
from stammtisch.games.himmel import TURN


def test_haz6_refill_to_five_from_the_top_of_the_draw_pile() -> None:
    s = make([[44, 30, 40, 61, 62], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck_top=[69, 1])
    t = s.apply("44>A")
    assert t.hands[0] == (30, 40, 61, 62, 69)
    assert len(t.deck) == len(s.deck) - 1
    assert t.deck[-1] == 1  # the next card to draw


def test_haz6_turn_card_refills_too() -> None:
    s = make([["turn", 30, 40, 61, 62], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck_top=[1])
    t = s.apply("turn")
    assert t.hands[0] == (1, 30, 40, 61, 62)
    assert t.penalty[0] == (TURN,)


def test_haz6_refill_as_far_as_the_draw_pile_goes() -> None:
    s = make([[44, 30, 40, 61, 62], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck=[], rest_to=1)
    t = s.apply("44>A")
    assert t.hands[0] == (30, 40, 61, 62)
    assert not t.is_terminal


def test_haz8_a_player_without_hand_cards_can_only_take() -> None:
    s = make([[], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck=[], rest_to=1)
    assert s.legal_notations() == ["take"]
    with pytest.raises(IllegalActionError):
        s.apply("44>A")
    t = s.apply("take")
    assert t.is_terminal  # the draw pile is empty, so taking ends the game (HAZ-7)


def test_haz8_empty_hand_after_playing_the_last_card() -> None:
    s = make([[44], ["turn", 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck=[], rest_to=1, current=1)
    t = s.apply("turn").apply("44>A")  # seat 1 turns, seat 0 plays its last card
    assert t.hands[0] == () and t.current_player == 2
    u = t.apply("take")
    assert u.is_terminal
