"""A faster shuffle that gives exactly what :meth:`stammtisch.core.rng.Rng.shuffle` gives.

``Rng.shuffle`` seeds a throw-away ``random.Random`` with one 64-bit draw and calls its
``shuffle``. Dealing and shuffling revealed specials back (HAZ-1, HAZ-2, HAZ-7) cost most
of a Himmel game's setup, so this module runs the same Fisher-Yates walk with the same
``getrandbits`` rejection sampling, without one Python call per card. The test
``test_haz1_fast_shuffle_matches_rng_shuffle`` pins the equality. Where the compiled move
generator is built (``_moves.c``), a game runs the same walk in C (:func:`shuffle_function`);
this function stays its specification.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stammtisch.core.compiled import forced_pure
from stammtisch.core.rng import Rng
from stammtisch.games.himmel import moves

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


_ext = moves.compiled_module()


def compiled_shuffle(rng: Rng, items: list[int]) -> None:
    """:func:`shuffle` with its walk in C (``_moves.c``); only where that is built."""
    _ext.shuffle(random.Random(rng.next64()).getrandbits, items)


def shuffle_function() -> Callable[[Rng, list[int]], None]:
    """The shuffle a game created now uses: :func:`compiled_shuffle` where ``_moves.c`` is
    built and ``STAMMTISCH_PURE`` is not set, else :func:`shuffle`. Same order either way."""
    return shuffle if _ext is None or forced_pure() else compiled_shuffle
