"""HAZ-1/HAZ-2/HAZ-7 shuffles: the engine's fast shuffle must give exactly the core RNG's.

Same seed, same game: dealing and shuffling revealed specials back use
``stammtisch.games.himmel.shuffle.shuffle``; it has to agree with ``Rng.shuffle`` card for
card and leave the RNG in the same state.
"""

from __future__ import annotations

import random

import pytest

from stammtisch.core.rng import Rng
from stammtisch.games.himmel.cards import FULL_DECK
from stammtisch.games.himmel.shuffle import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 17, 64, 85, 127, 128, 300])
def test_haz1_fast_shuffle_matches_rng_shuffle(length: int) -> None:
    seeds = random.Random(length)
    for _ in range(200):
        seed = seeds.getrandbits(64)
        expected, got = list(range(length)), list(range(length))
        core, fast = Rng(seed), Rng(seed)
        core.shuffle(expected)
        shuffle(fast, got)
        assert got == expected
        assert fast.state == core.state


def test_haz1_fast_shuffle_of_the_pack_keeps_the_85_cards() -> None:
    deck = list(FULL_DECK)
    shuffle(Rng(7), deck)
    assert sorted(deck) == sorted(FULL_DECK) and deck != list(FULL_DECK)
