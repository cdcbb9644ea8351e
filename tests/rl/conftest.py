"""Shared helpers for the environment tests: which games are registered and have codecs."""

from __future__ import annotations

import pytest

import stammtisch


def require_game(name: str) -> None:
    """Skip (with the reason) when ``name`` is not a registered game on this branch."""
    if name not in stammtisch.games():
        pytest.skip(f"game {name!r} is not registered here (it lives on its own branch until merged)")
