"""The Dog bots on every variant and house rule (DOG-21 … DOG-26): the heuristic values
every legal action (thefts and partner 7s included), ISMCTS plays from sampled states,
and whole games end by the rules."""

from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch.bots import Budget, make_bot
from stammtisch.bots.profile import heuristic_for

VARIANTS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 5},
    {"players": 6, "teams": 2},
    {"seven_with_partner": True, "two_steals": True, "no_jack_reswap": True, "last_peg_no_joker": True},
    {"players": 6, "teams": 2, "seven_with_partner": True, "two_steals": True},
]
IDS = ["2p", "3p", "5p", "6p-2teams", "4p-house-rules", "6p-2teams-partner7-steals"]


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_heuristic_bots_finish_a_game_of_every_variant(options: dict[str, Any]) -> None:
    game = stammtisch.load("dog", **options)
    bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(game.num_players)]
    h = heuristic_for("dog")
    state = game.new_game(5)
    kinds: set[str] = set()
    steps = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view = state.observe(seat)
        legal = state.legal_actions()
        values = h.action_values(view, legal)
        assert len(values) == len(legal)
        action = bots[seat].choose(view, legal)
        kinds.add(action.text.split(":")[-1].split()[0])
        state = state.apply(action)
        steps += 1
    team = game.board.team_size
    assert sorted(state.returns()).count(1.0) == team
    if options.get("two_steals"):
        assert "steal" in kinds  # the heuristic uses the theft


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_ismcts_plays_from_sampled_states_in_every_variant(options: dict[str, Any]) -> None:
    game = stammtisch.load("dog", **options)
    state = game.new_game(9)
    bot = make_bot("ismcts", game, 0, seed=1, budget=Budget(iterations=8))
    moves = 0
    while not state.is_terminal and moves < 6:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if seat == 0:
            bot.seat = 0
            action = bot.choose(state.observe(0), legal)
            assert action in legal
            moves += 1
        else:
            action = legal[0]
        state = state.apply(action)
