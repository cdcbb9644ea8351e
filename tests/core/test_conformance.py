"""The conformance suite over every registered game (ARCHITECTURE habit 9a)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.core.conformance import ConformanceError, check_game, check_state

# Player counts per game, and how many games. The card games run 2,000 games each (spread over
# the player counts); the first games get every check at every step, the rest check
# invariants and notation at every step and the expensive ones (JSON, leak) every n-th step.
# A Dog game is 900 (4 players) to 2,300 (6 players) moves with up to ~450 legal actions per
# position, so the suite runs fewer Dog games here; `stammtisch check dog --games 2000` runs
# the full count (see the Dog issue note for the last such run).
PLAYERS: dict[str, list[int]] = {"zwickern": [2, 3, 4], "himmel": [3, 4, 5, 6], "dog": [4, 6]}
GAMES: dict[str, int] = {"zwickern": 2000, "himmel": 2000, "dog": 24}
FULL_GAMES: dict[str, int] = {"zwickern": 25, "himmel": 25, "dog": 1}
DEEP_EVERY: dict[str, int] = {"zwickern": 20, "himmel": 20, "dog": 60}


def _cases() -> list[Any]:
    out = []
    for name in stammtisch.games():
        for players in PLAYERS.get(name, [stammtisch.info(name).min_players]):
            out.append(pytest.param(name, players, id=f"{name}-{players}p"))
    return out


@pytest.mark.parametrize(("name", "players"), _cases())
def test_conformance_full_checks(name: str, players: int) -> None:
    games = FULL_GAMES.get(name, 10)
    report = check_game(name, games=games, seed=players, options={"players": players})
    assert report.games == games and report.steps > 0


@pytest.mark.parametrize(("name", "players"), _cases())
def test_conformance_many_games(name: str, players: int) -> None:
    total = GAMES.get(name, 200)
    per = total // len(PLAYERS.get(name, [0]))
    every = DEEP_EVERY.get(name, 7)
    report = check_game(name, games=per, seed=1000 + players, options={"players": players}, deep_every=every)
    assert report.games == per


def test_conformance_catches_a_leaky_view() -> None:
    """The leak check is not vacuous: a view that shows another hand must fail it."""
    game = stammtisch.load("zwickern")
    state = game.new_game(3)

    class Leaky(type(state)):  # type: ignore[misc]
        def observe(self, seat: int | None) -> dict[str, Any]:
            view = super().observe(seat)
            view["peek"] = sorted(str(c) for c in self.hands[(seat or 0) + 1 - 2 * ((seat or 0) % 2)])
            return view

        def observe_all(self, seats: Any) -> list[dict[str, Any]]:
            return [self.observe(s) for s in seats]

    leaky = state.clone()
    leaky.__class__ = Leaky
    with pytest.raises(ConformanceError, match="not reproduced"):
        check_state(game, leaky, random.Random(1))


def test_conformance_catches_observe_all_that_differs_from_observe() -> None:
    """observe_all must give each recipient exactly its observe(), in a dict of its own."""
    game = stammtisch.load("zwickern")
    state = game.new_game(3)

    class OneViewForAll(type(state)):  # type: ignore[misc]
        def observe_all(self, seats: Any) -> list[dict[str, Any]]:
            view = self.observe(seats[0])
            return [view for _ in seats]  # every recipient gets the first one's hand

    class SharedDict(type(state)):  # type: ignore[misc]
        def observe_all(self, seats: Any) -> list[dict[str, Any]]:
            views = [self.observe(s) for s in seats]
            views[-1] = views[seats.index(seats[-1])]  # a seat asked twice: equal, but one dict
            return views

    for cls, message in ((OneViewForAll, "differs from observe"), (SharedDict, "same dict")):
        bad = state.clone()
        bad.__class__ = cls
        with pytest.raises(ConformanceError, match=message):
            check_state(game, bad, random.Random(1))
