"""Who sits where when two sides play every seating of one deal (no dependencies, so that
benchmarks without OpenSpiel can seat their deals the same way as ``vs_openspiel.py``)."""

from __future__ import annotations


def seatings(seats: int, teams: bool) -> list[tuple[int, ...]]:
    """The sides' seatings: rotations of alternating seats and their complements.

    >>> seatings(2, False)
    [(0, 1), (1, 0)]
    >>> seatings(3, False)
    [(0, 1, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 0)]
    >>> seatings(4, True)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    base = [s % 2 for s in range(seats)]
    out: list[tuple[int, ...]] = []
    rotations = [tuple(base[(s + r) % seats] for s in range(seats)) for r in range(seats)]
    for lu in rotations + [tuple(1 - x for x in lu) for lu in rotations]:
        if lu not in out:
            out.append(lu)
    assert teams or all(sum(lu[s] for lu in out) * 2 == len(out) for s in range(seats))
    return out
