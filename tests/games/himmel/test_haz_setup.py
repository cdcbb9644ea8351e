"""HAZ-1 (pack, seats, start) and HAZ-2 (revealing the targets) on fresh deals."""

from __future__ import annotations

from collections import Counter

import pytest

from stammtisch import OptionError, load
from stammtisch.games.himmel import RAISE, STEAL, TURN, HimmelState, parse_card


def _all_cards(s: HimmelState) -> Counter[int]:
    cards: Counter[int] = Counter(s.deck)
    for group in (*s.hands, *s.targets, *s.piles, *s.penalty):
        cards.update(group)
    return cards


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_haz1_pack_and_hands(players: int) -> None:
    s = load("himmel", players=players).new_game(7)
    cards = _all_cards(s)
    assert sum(cards.values()) == 85
    assert all(cards[c] == 1 for c in range(1, 71))
    assert (cards[TURN], cards[STEAL], cards[RAISE]) == (6, 5, 4)
    assert [len(h) for h in s.hands] == [5] * players
    assert len(s.deck) == 85 - 5 * players - 2


def test_haz1_start_seat_from_seed_or_option() -> None:
    game = load("himmel", players=5)
    starts = {game.new_game(seed).current_player for seed in range(40)}
    assert len(starts) > 1  # drawn from the seed
    assert game.new_game(11).current_player == game.new_game(11).current_player
    fixed = load("himmel", players=5, start=3)
    assert {fixed.new_game(seed).current_player for seed in range(10)} == {3}


def test_haz1_play_starts_clockwise() -> None:
    s = load("himmel", players=4, start=2).new_game(3)
    assert s.observe(None)["direction"] == 1
    nxt = s.apply(s.legal_actions()[-1])  # a take: no direction change involved
    assert nxt.current_player == 3


@pytest.mark.parametrize(
    "options", [{"players": 2}, {"players": 7}, {"players": 3, "start": 3}, {"games": 0}]
)
def test_haz1_bad_options_are_rejected(options: dict[str, int]) -> None:
    with pytest.raises(OptionError):
        load("himmel", **options)


def _seeds_with_revealed_specials(players: int, count: int) -> list[int]:
    game = load("himmel", players=players)
    found: list[int] = []
    seed = 0
    while len(found) < count:
        view = game.new_game(seed).observe(None)
        if len(view["revealed"]) > 2:
            found.append(seed)
        seed += 1
    return found


@pytest.mark.parametrize("players", [3, 6])
def test_haz2_reveal_until_two_numbers_specials_shuffled_back(players: int) -> None:
    game = load("himmel", players=players)
    for seed in _seeds_with_revealed_specials(players, 5):
        s = game.new_game(seed)
        view = s.observe(0)
        revealed = [parse_card(c) for c in view["revealed"]]
        numbers = [c for c in revealed if c <= 70]
        specials = [c for c in revealed if c > 70]
        # Revealing stops at the second number card.
        assert len(numbers) == 2 and revealed[-1] == numbers[1]
        assert specials
        # Targets: the first revealed number is pile A's, which carries the marker.
        assert [t[-1] for t in s.targets] == numbers
        assert view["marker"] == "A" and view["piles"][0]["marked"]
        # The revealed specials are back in the draw pile, and everybody knows it.
        assert len(s.deck) == 85 - 5 * players - 2
        for c in set(specials):
            assert s.deck.count(c) >= specials.count(c)
        for seat in range(players):
            known = s.observe(seat)["known"]
            assert sorted(parse_card(f["card"]) for f in known) == sorted(specials)
            assert all(f["deck"] and f["seats"] == [] for f in known)


def test_haz2_without_specials_the_first_two_cards_are_the_targets() -> None:
    game = load("himmel", players=4)
    seed = next(s for s in range(100) if len(game.new_game(s).revealed) == 2)
    s = game.new_game(seed)
    assert list(s.revealed) == [s.targets[0][-1], s.targets[1][-1]]
    assert s.observe(1)["known"] == []
