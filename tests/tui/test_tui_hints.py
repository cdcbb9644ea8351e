"""The hint key asks the bots' plain ``best_move`` from the seat's view and legal actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import stammtisch
from stammtisch.bots.base import Budget
from stammtisch.core.game import Game
from stammtisch.tui.hints import hint_provider


def _position(game_name: str, seed: int) -> tuple[Game[Any], int, dict[str, Any], list[Any]]:
    game = stammtisch.load(game_name)
    state = game.new_game(seed)
    seat = state.current_player
    assert seat is not None
    return game, seat, state.observe(seat), list(state.legal_actions())


def test_the_default_hint_is_a_legal_move_from_best_move() -> None:
    for name in ("zwickern", "himmel", "dog"):
        game, seat, view, legal = _position(name, 4)
        hint = hint_provider(budget=Budget(iterations=10))
        notation = hint(game, seat, view, legal, 7)
        assert notation in {str(a) for a in legal}, name
        # Same seed, same hint: the search is seeded.
        assert hint(game, seat, view, legal, 7) == notation


def test_a_hint_outside_the_legal_moves_is_dropped() -> None:
    game, seat, view, legal = _position("zwickern", 2)
    seen: list[Mapping[str, Any]] = []

    def best(
        g: Game[Any], v: Mapping[str, Any], lg: Sequence[Any], budget: Budget | None, seed: int
    ) -> tuple[Any, float]:
        seen.append(v)
        return ("no such move", 1.0)

    assert hint_provider(best)(game, seat, view, legal, 1) is None
    assert seen == [view]  # the provider is given the seat's view, nothing more


def test_no_move_to_choose_gives_no_hint() -> None:
    game, seat, view, _legal = _position("zwickern", 2)
    assert hint_provider()(game, seat, view, [], 1) is None
