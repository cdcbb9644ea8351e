from __future__ import annotations

from collections import Counter

import pytest

from stammtisch.core.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng(123), Rng(123)
    assert [a.next64() for _ in range(10)] == [b.next64() for _ in range(10)]


def test_state_round_trip_continues_exactly():
    a = Rng(9)
    a.randbelow(100)
    b = Rng.from_state(a.state)
    assert [a.randbelow(1000) for _ in range(20)] == [b.randbelow(1000) for _ in range(20)]


def test_known_values_do_not_change_across_machines():
    # Pinned values: a change here would change every recorded game.
    r = Rng(2026)
    assert [r.randbelow(52) for _ in range(6)] == [27, 41, 18, 14, 41, 23]
    items = list(range(10))
    Rng(5).shuffle(items)
    assert items == [7, 3, 9, 2, 6, 5, 4, 8, 0, 1]


def test_shuffle_is_a_permutation_and_roughly_uniform():
    counts: Counter[int] = Counter()
    r = Rng(1)
    for _ in range(4000):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        counts[items[0]] += 1
    assert all(800 < counts[i] < 1200 for i in range(4))


def test_randbelow_rejects_nonpositive():
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)
