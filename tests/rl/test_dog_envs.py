"""Dog through the PettingZoo, Gymnasium and OpenSpiel adapters.

Dog games run to about a thousand moves under random play, so most
checks cap them with ``max_moves`` (reported as truncation, DOG-20).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
import pytest

import stammtisch
from stammtisch.rl.aec import StammtischAEC
from stammtisch.rl.codec import TurnDecoder, codec_for

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

GAME = "dog"


@pytest.mark.parametrize("players", [4, 6])
def test_pettingzoo_api_and_seed(players: int) -> None:
    check_aec_api(GAME, {"players": players}, cycles=150, max_moves=120)


# DOG-21 … DOG-26: every variant in the same spaces (sized for the largest), with masks
# that are exactly the legal moves, through PettingZoo's api_test/seed_test and
# OpenSpiel's random_sim_test.
VARIANTS = [
    {"players": 2},
    {"players": 3},
    {"players": 5},
    {"players": 6, "teams": 2},
    {
        "players": 4,
        "seven_with_partner": True,
        "two_steals": True,
        "no_jack_reswap": True,
        "last_peg_no_joker": True,
    },
]
IDS = ["2p", "3p", "5p", "6p-2teams", "4p-house-rules"]


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_variants_pettingzoo_api_and_seed(options: dict[str, Any]) -> None:
    check_aec_api(GAME, options, cycles=60, max_moves=60)


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_variants_mask_is_exactly_the_legal_actions(options: dict[str, Any]) -> None:
    check_mask_matches_legal_actions(GAME, options, games=1, max_moves=150)
    check_observation_leaks_nothing(GAME, options, games=1, max_moves=40)


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 6, "teams": 3}, *VARIANTS], ids=["4p", "6p-3teams", *IDS]
)
def test_fast_encoding_and_tokens_equal_the_view_path(options: dict[str, Any]) -> None:
    # Whole games: every round's exchange phase, the 7s and Jokers, the terminal position;
    # a 4-player game on the compiled core stays there while it is encoded.
    check_fast_path_equals_reference(GAME, options, games=1, every=2)


@pytest.mark.parametrize("options", [{"players": 4}, VARIANTS[-1]], ids=["4p", "4p-house-rules"])
def test_fast_observation_depends_only_on_the_view(options: dict[str, Any]) -> None:
    check_fast_observation_leaks_nothing(GAME, options, games=1, max_moves=90)


def test_fast_encoding_keeps_a_state_on_the_compiled_core() -> None:
    game = stammtisch.load(GAME, players=4)
    state = game.new_game(3)
    if getattr(state, "_c", None) is None:
        pytest.skip("the compiled core is not built")
    codec = codec_for(game)
    out = np.zeros(codec.observation_size, dtype=np.float32)
    rng = random.Random(2)
    for _ in range(60):
        for seat in range(4):
            codec.encode_state(state, seat, out)
        codec.legal_tokens(state.legal_actions(), state.current_player)
        assert state.compiled is not None, "encoding made the state pure"
        state = state.apply_unchecked(rng.choice(state.legal_actions()), events=False)


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_variants_openspiel_random_sim(options: dict[str, Any]) -> None:
    check_openspiel(GAME, {**options, "max_moves": 40}, sims=1, ismcts_simulations=2)


def test_dog24_theft_is_a_token_sequence() -> None:
    from stammtisch.games.dog.codec import STEAL, VICTIM0

    game = stammtisch.load(GAME, players=4, two_steals=True)
    s = game.from_json({"pegs": [[10], [], [], []], "hands": [["2"], ["5"], ["5"], ["5"]], "current": 0})
    codec = codec_for(game)
    tokens = {a.text: codec.tokens(a, 0) for a in s.legal_actions()}
    assert tokens["2:steal 3"][1:] == (STEAL, VICTIM0 + 3)
    assert codec.num_actions > VICTIM0 + 5


def test_gymnasium_env_checker() -> None:
    check_gym_env(GAME, {"players": 4}, seat=1, opponents="easy", max_moves=150)


def test_observation_table_in_docstring() -> None:
    check_docstring_table(GAME, [importlib.import_module("stammtisch.rl.dog").__doc__ or ""])


def test_mask_is_exactly_the_legal_actions() -> None:
    check_mask_matches_legal_actions(GAME, {"players": 4}, games=1, max_moves=250)


def test_observation_depends_only_on_the_view() -> None:
    check_observation_leaks_nothing(GAME, {"players": 4}, games=1, max_moves=90)


def test_openspiel_random_sim() -> None:
    check_openspiel(GAME, {"players": 4, "max_moves": 40}, sims=2, ismcts_simulations=2)


def test_openspiel_ismcts_bot_plays_a_whole_game() -> None:
    # No move cap below the default: the game must end by its rules (a team home, DOG-20).
    # (random_sim_test already ran in the capped test above.)
    check_openspiel(GAME, {"players": 4}, sims=0, ismcts_simulations=3, heuristic_leaves=True)


def test_dog17_split_seven_is_a_token_sequence_ending_in_end() -> None:
    game = stammtisch.load(GAME, players=4)
    codec = codec_for(game)
    rng = random.Random(4)
    state = game.new_game(2)
    seen_split = False
    for _ in range(600):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        for action in state.legal_actions():
            seq = codec.tokens(action, seat)
            if "," in str(action):  # a 7 split over several parts (DOG-17)
                seen_split = True
                assert seq[-1] == 167
                assert len(seq) == 2 + 2 * (str(action).count(",") + 1) + (
                    1 if str(action).startswith("Jo") else 0
                )
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
    assert seen_split


def test_turn_is_built_token_by_token_in_the_aec_env() -> None:
    env = StammtischAEC(GAME, options={"players": 4}, max_moves=400)
    env.reset(seed=9)
    rng = np.random.default_rng(0)
    moves_before = env.moves
    longest = 0
    agent = env.agent_selection
    run = 0
    while not (any(env.terminations.values()) or any(env.truncations.values())):
        obs = env.observe(env.agent_selection)
        if env.agent_selection == agent:
            run += 1
        else:
            agent, run = env.agent_selection, 1
        longest = max(longest, run)
        pending = obs["observation"][codec_for(env.game).observation_size :]
        assert pending.sum() == len(env._decoder.prefix)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.moves > moves_before
    assert longest > 2  # some turn took several tokens


def test_decoder_accepts_every_position_of_a_random_game() -> None:
    game = stammtisch.load(GAME, players=6)
    codec = codec_for(game)
    decoder = TurnDecoder(codec)
    rng = random.Random(1)
    state = game.new_game(5)
    for _ in range(300):
        if state.is_terminal:
            break
        decoder.reset(state.legal_actions(), state.current_player or 0)
        assert decoder.mask().sum() >= 1
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
