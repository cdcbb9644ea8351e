"""The shipped conformance checks (invariants, notation, JSON, leak check, determinism)."""

from __future__ import annotations

import pytest

from stammtisch.core.conformance import check_game


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance(players: int) -> None:
    report = check_game("himmel", games=300, seed=players, options={"players": players}, deep_every=60)
    assert report.games == 300
    assert sum(report.seat_wins) >= 300  # every game has a winner (ties count for each)


def test_conformance_full_checks_every_step() -> None:
    check_game("himmel", games=10, seed=11, options={"players": 4})


def test_conformance_match_of_several_games() -> None:
    report = check_game("himmel", games=20, seed=7, options={"players": 5, "games": 3}, deep_every=10)
    assert report.games == 20
