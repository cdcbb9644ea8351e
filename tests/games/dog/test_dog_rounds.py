"""DOG-5 (hand sizes, dealer, starting seat) and DOG-6 (reshuffling the discards)."""

from __future__ import annotations

import random
from collections import Counter

from dog_testing import position

import stammtisch
from stammtisch.games.dog.cards import FULL_DECK, RANK_TEXT


def test_dog5_hand_sizes_cycle_and_the_starting_seat_moves_on() -> None:
    game = stammtisch.load("dog", dealer=2)
    s = game.new_game(11)
    rng = random.Random(5)
    seen: list[tuple[int, int, list[int]]] = []
    while not s.is_terminal and len(seen) < 12:
        if s.phase == "exchange" and not any(s.given):
            seen.append((s.dealer, s.current_player, [len(h) for h in s.hands]))
        acts = s.legal_actions()
        s = s.apply_unchecked(acts[rng.randrange(len(acts))])
    assert len(seen) == 12
    for r, (dealer, starter, sizes) in enumerate(seen):
        assert dealer == 2
        assert starter == (2 + 1 + r) % 4
        assert sizes == [(6, 5, 4, 3, 2)[r % 5]] * 4


def test_dog5_first_round_is_started_by_the_seat_after_the_dealer() -> None:
    for dealer in range(4):
        s = stammtisch.load("dog", dealer=dealer).new_game(1)
        assert s.current_player == (dealer + 1) % 4
        assert s.phase == "exchange"


def _pack_split(pile_size: int) -> tuple[list[str], list[str]]:
    """``pile_size`` cards for the pile and the rest (less one 2 held by seat 0) as discards."""
    rest = Counter(FULL_DECK)
    rest[1] -= 1  # the 2 in seat 0's hand
    cards = [RANK_TEXT[c] for c in sorted(rest.elements())]
    return cards[:pile_size], cards[pile_size:]


def test_dog6_discards_are_shuffled_in_when_the_pile_cannot_supply_the_deal() -> None:
    pile, discards = _pack_split(19)
    s = position([], ["2"], others=[], pile=pile, discards=discards)
    s = s.apply("fold")  # the round ends; round 2 deals 5 each = 20 cards
    assert s.round == 1
    assert [len(h) for h in s.hands] == [5, 5, 5, 5]
    assert s.discards == []
    assert len(s.pile) == 110 - 20
    s.check_invariants()


def test_dog6_no_reshuffle_while_the_pile_suffices() -> None:
    pile, discards = _pack_split(20)
    s = position([], ["2"], others=[], pile=pile, discards=discards)
    s = s.apply("fold")
    assert [len(h) for h in s.hands] == [5, 5, 5, 5]
    assert s.pile == []
    assert len(s.discards) == len(discards) + 1


def test_dog6_six_players_reshuffle_within_the_first_cycle() -> None:
    s = stammtisch.load("dog", players=6).new_game(4)
    rng = random.Random(2)
    reshuffled = False
    while not s.is_terminal and s.round < 4:
        acts = s.legal_actions()
        before = len(s.discards)
        nxt = s.apply_unchecked(acts[rng.randrange(len(acts))])
        if nxt.round > s.round and before > 0 and nxt.discards == []:
            reshuffled = True
        s = nxt
        s.check_invariants()
    # 36 + 30 + 24 = 90 cards in three rounds; the fourth (18) needs the discards.
    assert reshuffled
