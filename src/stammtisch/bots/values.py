"""Turning a game's ``returns()`` into win shares in ``[0, 1]``.

The games report returns on two scales: the card games give win shares already (the
winners split 1; all ≥ 0), Dog gives +1 to the winning team's seats and -1 to the others.
Search values and tournament statistics want one scale, so returns with a negative entry
are read as ``[-1, 1]`` and mapped by ``(r + 1) / 2`` (a Dog team's win is 1, a loss 0).

>>> win_shares([1.0, -1.0, 1.0, -1.0])
[1.0, 0.0, 1.0, 0.0]
>>> win_shares([0.5, 0.5])
[0.5, 0.5]
"""

from __future__ import annotations

from collections.abc import Sequence


def win_shares(returns: Sequence[float]) -> list[float]:
    if any(r < 0 for r in returns):
        return [(float(r) + 1.0) / 2.0 for r in returns]
    return [float(r) for r in returns]
