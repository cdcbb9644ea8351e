"""HAZ-5: direction change, steal and raise target; special cards go to the penalty pile."""

from __future__ import annotations

from typing import Any

import pytest
from haz_positions import make, piles

from stammtisch import IllegalActionError
from stammtisch.games.himmel import RAISE, STEAL, TURN


def test_haz5_direction_change_with_three_players() -> None:
    s = make([[2, 3, 4, 5, 6], ["turn", 8, 9, 10, 11], ["turn", 13, 14, 15, 16]], current=1)
    t = s.apply("turn")
    assert t.direction == -1 and t.current_player == 0
    assert t.penalty[1] == (TURN,)
    assert len(t.hands[1]) == 5  # refilled
    u = t.apply("take 2")
    assert u.current_player == 2  # still counter-clockwise
    v = u.apply("turn")
    assert v.direction == 1 and v.current_player == 0  # clockwise again


def test_haz5_direction_change_with_four_players() -> None:
    hands: list[list[Any]] = [
        [2, 3, 4, 5, 6],
        [7, 8, 9, 10, "turn"],
        [12, 13, 14, 15, 16],
        [17, 18, 19, 20, 21],
    ]
    s = make(hands, players=4, current=1)
    assert s.apply("turn").current_player == 0
    assert s.apply("take 7").current_player == 2


def test_haz5_steal_takes_a_random_victim_card_and_the_victim_redraws() -> None:
    victim = (20, 21, 22, 23, 24)
    stolen_cards = set()
    for rng in range(12):
        s = make([["steal", 3, 4, 5, 6], list(victim), [12, 13, 14, 15, 16]], rng=rng)
        t = s.apply("steal 1")
        (card,) = set(t.hands[0]) - {3, 4, 5, 6}
        assert card in victim
        stolen_cards.add(card)
        assert t.penalty[0] == (STEAL,)
        # The victim draws at once: the top card (the lowest unnamed number, 1).
        assert sorted(t.hands[1]) == sorted([*(c for c in victim if c != card), 1])
        assert t.current_player == 1
    assert len(stolen_cards) > 1  # drawn at random by the state's RNG


def test_haz5_steal_only_from_an_opponent_with_cards() -> None:
    s = make([["steal", 3, 4, 5, 6], [7, 8], []], deck=[], rest_to=2)
    assert [n for n in s.legal_notations() if n.startswith("steal")] == ["steal 1"]
    for bad in ("steal 2", "steal 0", "steal 5"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)


def test_haz5_steal_with_empty_draw_pile_victim_does_not_redraw() -> None:
    s = make([["steal", 3, 4, 5, 6], [7, 8], [9]], deck=[], rest_to=2)
    t = s.apply("steal 2")
    assert t.hands[2] == ()
    assert sorted(t.hands[0]) == [3, 4, 5, 6, 9]


def test_haz5_steal_cannot_be_played_when_no_opponent_holds_cards() -> None:
    s = make([["steal", 3, 4, 5, 6], [], []], deck=[], rest_to=2)
    assert not any(n.startswith("steal") for n in s.legal_notations())


def test_haz5_raise_needs_a_higher_number_card() -> None:
    s = make([["raise", 60, 3, 4, 5], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], piles=piles(57, 65))
    assert [n for n in s.legal_notations() if n.startswith("raise")] == ["raise A 60"]
    with pytest.raises(IllegalActionError):
        s.apply("raise B 60")
    low = make([["raise", 50, 3, 4, 5], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]])
    assert not any(n.startswith("raise") for n in low.legal_notations())


def test_haz5_raise_keeps_the_old_target_and_refills_both_cards() -> None:
    s = make(
        [["raise", 60, 3, 4, 5], [58, 59, 9, 10, 11], [12, 13, 14, 15, 16]],
        piles=piles(57, 65, a_cards=[40]),
        deck_top=[1, 2],
    )
    t = s.apply("raise A 60")
    assert t.targets[0] == (57, 60)
    assert t.observe(None)["piles"][0]["target"] == "60"
    assert t.penalty[0] == (RAISE,)
    assert t.hands[0] == (1, 2, 3, 4, 5)  # two cards used, two drawn
    # 58 and 59 now fit below the new target (and above 40).
    assert [n for n in t.legal_notations() if ">A" in n] == ["58>A", "59>A"]
    # Taking the pile takes the old target too.
    u = t.apply("take 9")
    assert sorted(u.penalty[1]) == [40, 57, 60]


def test_haz5_raise_with_draw_pile_of_one_refills_as_far_as_it_goes() -> None:
    s = make([["raise", 60, 3, 4, 5], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]], deck=[1], rest_to=2)
    t = s.apply("raise A 60")
    assert t.hands[0] == (1, 3, 4, 5)  # HAZ-6: as far as the draw pile goes
    assert not t.is_terminal
