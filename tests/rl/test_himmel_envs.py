"""Himmel, A… und Zwirn through the PettingZoo, Gymnasium and OpenSpiel adapters."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest

import stammtisch

from .envchecks import (
    check_aec_api,
    check_docstring_table,
    check_fast_observation_leaks_nothing,
    check_fast_path_equals_reference,
    check_gym_env,
    check_mask_matches_legal_actions,
    check_observation_leaks_nothing,
    check_openspiel,
)

GAME = "himmel"


@pytest.mark.parametrize("players", [3, 6])
def test_pettingzoo_api_and_seed(players: int) -> None:
    check_aec_api(GAME, {"players": players}, cycles=150)


def test_gymnasium_env_checker() -> None:
    check_gym_env(GAME, {"players": 4}, seat=2, opponents="easy")


def test_observation_table_in_docstring() -> None:
    check_docstring_table(GAME, [importlib.import_module("stammtisch.rl.himmel").__doc__ or ""])


def test_mask_is_exactly_the_legal_actions() -> None:
    check_mask_matches_legal_actions(GAME, {"players": 5}, games=3)


def test_observation_depends_only_on_the_view() -> None:
    check_observation_leaks_nothing(GAME, {"players": 4}, games=2)


def test_openspiel() -> None:
    check_openspiel(GAME, {"players": 3})


def test_haz5_steal_tokens_are_relative_to_the_thief() -> None:
    from stammtisch.rl.codec import codec_for

    steal = importlib.import_module("stammtisch.games.himmel.actions").Steal
    codec = codec_for(stammtisch.load(GAME, players=4))
    # The next seat clockwise is victim offset 1 whoever steals.
    assert codec.tokens(steal(1), 0) == codec.tokens(steal(3), 2) == (141,)
    assert codec.token_text(141) == "steal +1"


def test_codec_round_trips_every_token_text() -> None:
    from stammtisch.rl.codec import codec_for

    g = stammtisch.load(GAME, players=4)
    codec = codec_for(g)
    state = g.new_game(3)
    seat = state.current_player
    assert seat is not None
    for action in state.legal_actions():
        (token,) = codec.tokens(action, seat)
        text = codec.token_text(token)
        if not text.startswith("steal"):
            assert text == str(action)
    out = np.zeros(codec.observation_size, dtype=np.float32)
    codec.encode(state.observe(seat), out)
    assert ((out >= 0) & (out <= 1)).all()


@pytest.mark.parametrize("options", [{"players": p, "games": 2} for p in (3, 4, 5, 6)], ids=str)
def test_fast_encoding_and_tokens_equal_the_view_path(options: dict[str, Any]) -> None:
    check_fast_path_equals_reference(GAME, options, games=4)


def test_fast_observation_depends_only_on_the_view() -> None:
    check_fast_observation_leaks_nothing(GAME, {"players": 4}, games=2)
