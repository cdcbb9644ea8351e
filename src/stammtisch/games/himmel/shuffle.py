"""A faster shuffle that gives exactly what :meth:`stammtisch.core.rng.Rng.shuffle` gives.

``Rng.shuffle`` seeds a throw-away ``random.Random`` with one 64-bit draw and calls its
``shuffle``. Dealing and shuffling revealed specials back (HAZ-1, HAZ-2, HAZ-7) cost most
of a Himmel game's setup, so this module runs the same Fisher-Yates walk with the same
``getrandbits`` rejection sampling, without one Python call per card. The test
``test_haz1_fast_shuffle_matches_rng_shuffle`` pins the equality.
"""

from __future__ import annotations

import random

from stammtisch.core.rng import Rng

# BITS[n]: the bits drawn to pick one of n places (n.bit_length(), as random.Random does).
BITS = tuple(n.bit_length() for n in range(128))


def shuffle(rng: Rng, items: list[int]) -> None:
    """Shuffle ``items`` in place, drawing from ``rng`` exactly like ``rng.shuffle(items)``."""
    getrandbits = random.Random(rng.next64()).getrandbits
    n = len(items)
    bits = BITS if n < len(BITS) else tuple(m.bit_length() for m in range(n + 1))
    for i in range(n - 1, 0, -1):
        k = bits[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
