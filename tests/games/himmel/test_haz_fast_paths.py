"""The engine's fast paths give exactly what the specification gives.

``HimmelState.apply_unchecked`` builds the common step (a number card from a full hand
laid on a pile or as the new target when taking, HAZ-3/HAZ-7, then one card drawn, HAZ-6)
in one go; ``clone()`` + ``_apply_in_place`` is the rules as written. Over seeded random
games every legal action of every position is played both ways and compared: the whole
position (``to_json``, which works the knowledge out), the events and the next legal
actions.
"""

from __future__ import annotations

import random

import pytest

from stammtisch import load
from stammtisch.games.himmel import HimmelState
from stammtisch.games.himmel.actions import Action


def _by_the_rules(state: HimmelState, action: Action) -> HimmelState:
    new = state.clone()
    new._apply_in_place(action)
    new._origin = (state.clone(), action)
    return new


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_step_equals_the_rules_as_written(players: int) -> None:
    game = load("himmel", players=players, games=2)
    rng = random.Random(players)
    for seed in range(8):
        state = game.new_game(seed)
        assert isinstance(state, HimmelState)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in legal:
                fast = state.apply_unchecked(action)
                spec = _by_the_rules(state, action)
                assert fast.to_json() == spec.to_json(), (seed, str(action))
                assert fast.raw_events() == spec.raw_events(), (seed, str(action))
                assert fast.legal_notations() == spec.legal_notations(), (seed, str(action))
                quiet = state.apply_unchecked(action, events=False)
                assert quiet.to_json() == spec.to_json() and quiet.raw_events() == []
            state = state.apply_unchecked(legal[rng.randrange(len(legal))], events=False)
            state.check_invariants()
