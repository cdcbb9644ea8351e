"""Helpers for the Dog tests: hand-written positions and what the moves lead to."""

from __future__ import annotations

from typing import Any

import stammtisch
from stammtisch.games.dog.state import DogState


def position(
    pegs: list[list[Any]] | None = None,
    hand: list[str] | None = None,
    *,
    seat: int = 0,
    players: int = 4,
    others: list[str] | None = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> DogState:
    """Seat ``seat`` to play ``hand``; every other seat holds ``others`` (default one 2).

    ``pegs`` lists per seat the places of its pegs (missing ones are in the kennel).
    """
    n = players
    hands = [list(others if others is not None else ["2"]) for _ in range(n)]
    hands[seat] = list(hand or [])
    rows = [list(r) for r in pegs or []]
    rows += [[] for _ in range(n - len(rows))]
    data: dict[str, Any] = {"pegs": rows, "hands": hands, "current": seat}
    data.update(extra)
    game = stammtisch.load("dog", players=players, **(options or {}))
    state = game.from_json(data)
    assert isinstance(state, DogState)
    return state


def legal(state: DogState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def pegs_after(state: DogState, text: str) -> list[list[str]]:
    return [list(p) for p in state.apply(text).to_json()["pegs"]]


def outcomes(state: DogState, prefix: str = "") -> set[tuple[tuple[str, ...], ...]]:
    """The peg places after each legal action whose text starts with ``prefix``."""
    out = set()
    for a in state.legal_actions():
        if a.text.startswith(prefix):
            out.add(tuple(tuple(p) for p in state.apply_unchecked(a).to_json()["pegs"]))
    return out


def board(*seats: list[Any], players: int = 4) -> tuple[tuple[str, ...], ...]:
    """Peg places as ``to_json`` writes them (kennel pegs filled in), for comparisons."""
    rows = [[str(t) for t in s] + ["K"] * (4 - len(s)) for s in seats]
    rows += [["K"] * 4 for _ in range(players - len(rows))]
    return tuple(tuple(r) for r in rows)
