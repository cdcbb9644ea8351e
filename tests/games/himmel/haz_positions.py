"""Hand-written Himmel positions for the scenario tests (see ``position.py`` for the format).

Positions name only what a test is about; every card not named lies in the draw pile,
top first: numbers ascending, then turn, steal and raise cards (or goes to ``rest_to``).
"""

from __future__ import annotations

from typing import Any

from stammtisch import load
from stammtisch.games.himmel import HimmelState

# Three hands that fit nowhere interesting; tests replace the seats they care about.
HANDS3: list[list[Any]] = [[2, 3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]


def piles(a: Any = 57, b: Any = 65, a_cards: Any = (), b_cards: Any = ()) -> list[dict[str, Any]]:
    """Piles A and B; a target may be a list (bottom first) for a raised pile."""
    out = []
    for t, cards in ((a, a_cards), (b, b_cards)):
        targets = list(t) if isinstance(t, list | tuple) else [t]
        out.append({"targets": targets, "cards": list(cards)})
    return out


def position(hands: list[list[Any]] | None = None, players: int = 3, **extra: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {"hands": hands if hands is not None else [h[:] for h in HANDS3]}
    pos.setdefault("piles", piles())
    pos.update(extra)
    if players != 3 and hands is None:
        raise ValueError("name the hands for other player counts")
    return pos


def make(hands: list[list[Any]] | None = None, players: int = 3, **extra: Any) -> HimmelState:
    """A state from a hand-written position (``players`` seats, seat 0 to move)."""
    state = load("himmel", players=players).from_json(position(hands, players, **extra))
    assert isinstance(state, HimmelState)
    return state


def notations(state: HimmelState) -> list[str]:
    return state.legal_notations()
