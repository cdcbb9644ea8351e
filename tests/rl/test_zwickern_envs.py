"""Zwickern through the PettingZoo, Gymnasium and OpenSpiel adapters."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import stammtisch
from stammtisch.rl import zwickern as zw_env
from stammtisch.rl.aec import StammtischAEC
from stammtisch.rl.codec import codec_for, field_offsets

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

GAME = "zwickern"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_and_seed(players: int) -> None:
    check_aec_api(GAME, {"players": players})


def test_gymnasium_env_checker() -> None:
    check_gym_env(GAME, {"players": 3}, seat=1, opponents="easy")


def test_observation_table_in_docstring() -> None:
    check_docstring_table(GAME, [zw_env.__doc__ or ""])


def test_mask_is_exactly_the_legal_cards() -> None:
    check_mask_matches_legal_actions(GAME, {"players": 3}, games=3)


def test_observation_depends_only_on_the_view() -> None:
    check_observation_leaks_nothing(GAME, {"players": 3}, games=2)


def test_openspiel() -> None:
    check_openspiel(GAME, {"players": 2, "rounds": 1})


def test_codec_fields_read_what_the_view_says() -> None:
    game = stammtisch.load(GAME, players=3)
    codec = codec_for(game)
    state = game.new_game(5)
    seat = state.current_player
    assert seat is not None
    out = np.zeros(codec.observation_size, dtype=np.float32)
    codec.encode(state.observe(seat), out)
    f = field_offsets(codec)
    hand = state.observe(seat)["hand"]
    assert out[f["hand"]].sum() == len(hand)
    assert out[f["table"]].sum() == 4  # ZW-2: four cards open on the table
    assert out[f["seats"]].tolist() == [1, 1, 1, 0]
    assert out[f["to_move"]].tolist() == [1, 0, 0, 0]
    # ZW-1: 34 cards; the unseen ones are the other hands and the pile.
    assert out[f["unseen"]].sum() == 34 - len(hand) - 4
    assert ((out >= 0) & (out <= 1)).all()


def test_zw4_joker_token_is_32() -> None:
    game = stammtisch.load(GAME, players=2)
    codec = codec_for(game)
    state = game.from_json({"hands": [["X", "7C"], ["8C"]], "table": ["9H"], "current": 0})
    tokens = sorted(codec.tokens(a, 0)[0] for a in state.legal_actions())
    assert tokens == [0, 32]
    assert codec.token_text(32) == "X"


def test_truncation_is_reported_as_truncation_not_result() -> None:
    env = StammtischAEC(GAME, max_moves=5)
    env.reset(seed=3)
    rng = random.Random(0)
    for _ in range(5):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())
    assert all(r == 0.0 for r in env.rewards.values())
    assert all(info["truncated_at"] == 5 for info in env.infos.values())


def test_illegal_action_raises_or_terminates_never_replaced() -> None:
    env = StammtischAEC(GAME)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError):
        env.step(bad)
    env = StammtischAEC(GAME, illegal_action="terminate", illegal_reward=-1.0)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.state
    env.step(bad)
    assert env.state is before
    assert env.rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"]
    assert all(env.terminations.values())


def test_game_rewards_are_the_returns() -> None:
    env = StammtischAEC(GAME, options={"players": 2, "rounds": 1})
    env.reset(seed=11)
    rng = random.Random(2)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert env.state is not None and env.state.is_terminal
    assert [total[a] for a in env.possible_agents] == env.state.returns()


def test_gymnasium_registry_ids() -> None:
    import gymnasium

    from stammtisch.rl import register_gymnasium

    ids = register_gymnasium()
    assert "stammtisch/Zwickern-v0" in ids
    env = gymnasium.make("stammtisch/Zwickern-v0", options={"players": 3}, opponents="medium")
    obs, info = env.reset(seed=4)
    again, _ = env.reset(seed=4)
    assert (obs["observation"] == again["observation"]).all()
    assert (info["action_mask"] == obs["action_mask"]).all()
    env.close()


def test_gym_bots_see_only_views() -> None:
    from stammtisch.bots.base import Bot

    seen: list[object] = []

    class Spy(Bot):
        def choose(self, view: object, legal: list[object]) -> object:
            seen.append(view)
            return legal[0]

    from stammtisch.bots import BOT_KINDS

    BOT_KINDS["spy"] = Spy
    try:
        env = zw_env.gym_env(options={"players": 3}, opponents="spy")
        _, info = env.reset(seed=2)
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    finally:
        del BOT_KINDS["spy"]
    assert seen
    # Each bot gets its own seat's view (its hand, no draw pile order), never the state.
    assert all(isinstance(v, dict) and "deck" not in v for v in seen)
    assert all(len(v["hand"]) == v["hand_sizes"][v["seat"]] for v in seen if isinstance(v, dict))


@pytest.mark.parametrize("options", [{"players": p} for p in (2, 3, 4)], ids=str)
def test_fast_encoding_and_tokens_equal_the_view_path(options: dict[str, Any]) -> None:
    check_fast_path_equals_reference(GAME, options, games=4)


def test_fast_observation_depends_only_on_the_view() -> None:
    check_fast_observation_leaks_nothing(GAME, {"players": 4}, games=2)
