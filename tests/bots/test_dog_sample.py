"""The search's Dog determinizations (bots/heuristics/dog_sample.py) are the states
``Game.sample_state`` deals for the same generator, on views of every variant: exchange
cards in flight and known (DOG-7), thefts (DOG-24), spectators and finished games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stammtisch
from stammtisch.bots.heuristics.dog_sample import DogDeals

VARIANTS: list[dict[str, Any]] = [
    {},
    {"players": 6},
    {"players": 2},
    {"players": 5},
    {"players": 6, "teams": 2},
    {"two_steals": True, "seven_with_partner": True},
]
IDS = ["4p", "6p", "2p", "5p", "6p-2teams", "4p-steals-partner7"]


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_deals_are_the_states_sample_state_deals(options: dict[str, Any]) -> None:
    game = stammtisch.load("dog", **options)
    rng = random.Random(8)
    state = game.new_game(8)
    phases: set[str] = set()
    for step in range(400):
        if state.is_terminal:
            break
        if step % 7 == 0:
            for seat in (state.current_player, (state.current_player + 1) % game.num_players, None):
                view = state.observe(seat)
                phases.add(view["phase"])
                deals = DogDeals(game, view)  # type: ignore[arg-type]
                for k in range(2):
                    mine = deals.deal(random.Random(k))
                    theirs = game.sample_state(view, random.Random(k))
                    assert mine.to_json() == theirs.to_json()
        legal = state.legal_actions()
        state = state.apply_unchecked(legal[rng.randrange(len(legal))], events=False)
    assert "play" in phases
    if not game.board.alone:
        assert "exchange" in phases
