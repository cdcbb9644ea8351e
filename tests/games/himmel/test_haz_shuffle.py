"""HAZ-1/HAZ-2/HAZ-7 shuffles: the engine's fast shuffle must give exactly the core RNG's.

Same seed, same game: dealing and shuffling revealed specials back use
``stammtisch.games.himmel.shuffle.shuffle``; it has to agree with ``Rng.shuffle`` card for
card and leave the RNG in the same state; so must its walk in C (``_moves.c``), which a game
uses where that is built.
"""

from __future__ import annotations

import random

import pytest

from stammtisch.core.rng import Rng
from stammtisch.games.himmel import moves
from stammtisch.games.himmel.cards import FULL_DECK
from stammtisch.games.himmel.shuffle import compiled_shuffle, shuffle, shuffle_function


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


@pytest.mark.skipif(not moves.compiled_available(), reason="_moves.c not built")
@pytest.mark.parametrize("length", [0, 1, 2, 3, 17, 64, 85, 127, 128, 300])
def test_haz1_compiled_shuffle_matches_the_pure_one(length: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk in C (what a game uses where _moves.c is built, unless STAMMTISCH_PURE)
    gives the same order."""
    monkeypatch.delenv("STAMMTISCH_PURE", raising=False)
    assert shuffle_function() is compiled_shuffle
    seeds = random.Random(length + 1)
    for _ in range(200):
        seed = seeds.getrandbits(64)
        expected, got = list(range(length)), list(range(length))
        pure, fast = Rng(seed), Rng(seed)
        shuffle(pure, expected)
        compiled_shuffle(fast, got)
        assert got == expected
        assert fast.state == pure.state


def test_haz1_stammtisch_pure_shuffles_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    assert shuffle_function() is shuffle
