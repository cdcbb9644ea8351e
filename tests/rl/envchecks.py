"""Checks every game's environments must pass; the per-game test files call them."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import stammtisch
from stammtisch.rl.aec import env
from stammtisch.rl.codec import codec_for, fields_table
from stammtisch.rl.gym_env import StammtischGymEnv

OPENSPIEL_MISSING = "open-spiel is not installed (optional extra: pip install open-spiel==2.0.2)"


def check_aec_api(
    game: str, options: dict[str, Any], *, cycles: int = 200, max_moves: int | None = None
) -> None:
    from pettingzoo.test import api_test, seed_test

    api_test(env(game, options=options, max_moves=max_moves), num_cycles=cycles)
    seed_test(lambda: env(game, options=options, max_moves=max_moves), num_cycles=cycles)


def check_gym_env(game: str, options: dict[str, Any], **kwargs: Any) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(StammtischGymEnv(game, options, **kwargs), skip_render_check=True)
    # A masked random learner plays whole games to the end.
    e = StammtischGymEnv(game, options, **kwargs)
    obs, info = e.reset(seed=7)
    rng = np.random.default_rng(0)
    episodes = 0
    while episodes < 2:
        assert (obs["action_mask"] == info["action_mask"]).all()
        obs, reward, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert e.observation_space.contains(obs)
        lo, hi, _ = e.codec.returns_range
        assert lo <= float(reward) <= hi if term else float(reward) == 0.0
        if term or trunc:
            assert "illegal_action" not in info
            episodes += 1
            obs, info = e.reset()


def check_docstring_table(game: str, docs: list[str]) -> None:
    """Each docstring shows the codec's observation table, row for row."""
    codec = codec_for(stammtisch.load(game))
    table = fields_table(codec.observation_fields)
    for doc in docs:
        squeezed = re.sub(r"[ \t]+", " ", doc)
        for line in table.splitlines():
            assert re.sub(r"[ \t]+", " ", line) in squeezed, f"docstring misses row: {line}"


def check_mask_matches_legal_actions(
    game: str, options: dict[str, Any], *, games: int, max_moves: int = 400
) -> None:
    """Walking the mask reaches exactly the legal actions (no more, no less)."""
    g = stammtisch.load(game, **options)
    codec = codec_for(g)
    rng = random.Random(3)
    for seed in range(games):
        state = g.new_game(seed)
        moves = 0
        while not state.is_terminal and moves < max_moves:
            legal = state.legal_actions()
            seat = state.current_player
            seqs = {codec.tokens(a, seat) for a in legal}
            assert len(seqs) == len(legal), "two legal actions share a token sequence"
            assert all(0 <= t < codec.num_actions for s in seqs for t in s)
            assert all(1 <= len(s) <= codec.max_tokens for s in seqs)
            state = state.apply_unchecked(rng.choice(legal))
            moves += 1


def check_observation_leaks_nothing(
    game: str, options: dict[str, Any], *, games: int, max_moves: int = 300
) -> None:
    """A state re-sampled from a seat's view encodes to the same observation."""
    g = stammtisch.load(game, **options)
    codec = codec_for(g)
    rng = random.Random(5)
    a = np.zeros(codec.observation_size, dtype=np.float32)
    b = np.zeros(codec.observation_size, dtype=np.float32)
    for state in every_third_position(g, games, max_moves, rng):
        for seat in range(g.num_players):
            view = state.observe(seat)
            codec.encode(view, a)
            codec.encode(g.sample_state(view, rng).observe(seat), b)
            assert (a == b).all()
            assert ((a >= 0) & (a <= 1)).all()


def every_third_position(
    g: Any, games: int, max_moves: int, rng: random.Random, *, events: bool = True
) -> Iterator[Any]:
    """Every third position of random games (seeds ``0 .. games-1``, at most ``max_moves``
    moves each); the moves are drawn from ``rng`` after the caller is done with a position."""
    for seed in range(games):
        state = g.new_game(seed)
        moves = 0
        while not state.is_terminal and moves < max_moves:
            if moves % 3 == 0:
                yield state
            state = state.apply_unchecked(rng.choice(state.legal_actions()), events=events)
            moves += 1


def check_openspiel(
    game: str,
    params: dict[str, Any],
    *,
    sims: int = 3,
    ismcts_simulations: int = 4,
    heuristic_leaves: bool = False,
) -> None:
    """OpenSpiel's own checks, then its ``ISMCTSBot`` plays one whole game.

    The bot values leaves by random rollouts, or with ``heuristic_leaves`` by the adapter's
    :class:`HeuristicEvaluator` (for Dog, whose random rollouts run to a thousand moves).
    """
    pyspiel = pytest.importorskip("pyspiel", reason=OPENSPIEL_MISSING)
    from open_spiel.python.algorithms import ismcts, mcts

    from stammtisch.rl.openspiel import HeuristicEvaluator, register

    name = register(game)
    g = pyspiel.load_game(name, params)
    gt = g.get_type()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    # serialize=False: sampled-stochastic games serialise with the game's RNG state, which
    # pyspiel does not let Python games provide; states are JSON via the engine instead.
    if sims:
        pyspiel.random_sim_test(g, num_sims=sims, serialize=False, verbose=False)
    rs = np.random.RandomState(1)
    evaluator: Any = (
        HeuristicEvaluator(g)
        if heuristic_leaves
        else mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    )
    bot = ismcts.ISMCTSBot(g, evaluator, uct_c=2.0, max_simulations=ismcts_simulations, random_state=rs)
    state = g.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.returns()) == g.num_players()
    if "max_moves" not in params:
        assert not state.truncated, "the game ended by the move cap, not by its rules"
    # Resampling keeps the player's information state.
    state = g.new_initial_state()
    player = state.current_player()
    again = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert again.information_state_string(player) == state.information_state_string(player)
    assert again.legal_actions() == state.legal_actions()


def check_fast_path_equals_reference(
    game: str, options: dict[str, Any], *, games: int, every: int = 1
) -> None:
    """``encode_state`` writes bit for bit what ``encode`` makes of the view, for every seat
    at every ``every``-th position of whole random games (the terminal one included), and
    ``legal_tokens`` gives each legal action's ``tokens``. The reference view is taken from
    a clone, so that a Dog state on the compiled core is encoded while it is still there."""
    g = stammtisch.load(game, **options)
    codec = codec_for(g)
    rng = random.Random(11)
    want = np.zeros(codec.observation_size, dtype=np.float32)
    got = np.zeros(codec.observation_size, dtype=np.float32)
    for seed in range(games):
        state = g.new_game(seed)
        moves = 0
        while True:
            if moves % every == 0 or state.is_terminal:
                for seat in range(g.num_players):
                    got[:] = 2.0  # every unit must be written
                    codec.encode_state(state, seat, got)
                    codec.encode(state.clone().observe(seat), want)
                    assert (got.view(np.int32) == want.view(np.int32)).all(), (seed, moves, seat)
            if state.is_terminal:
                break
            legal = state.legal_actions()
            seat = state.current_player
            tokens = codec.legal_tokens(legal, seat)
            assert tokens == [codec.tokens(a, seat) for a in state.clone().legal_actions()]
            state = state.apply_unchecked(rng.choice(legal), events=False)
            moves += 1


def check_fast_observation_leaks_nothing(
    game: str, options: dict[str, Any], *, games: int, max_moves: int = 300
) -> None:
    """Two states that differ only in what a seat may not know (a state re-sampled from
    its view: other hands, the draw pile, the RNG) give that seat the same fast encoding."""
    g = stammtisch.load(game, **options)
    codec = codec_for(g)
    rng = random.Random(6)
    a = np.zeros(codec.observation_size, dtype=np.float32)
    b = np.zeros(codec.observation_size, dtype=np.float32)
    for state in every_third_position(g, games, max_moves, rng, events=False):
        for seat in range(g.num_players):
            codec.encode_state(state, seat, a)
            other = g.sample_state(state.clone().observe(seat), rng)
            codec.encode_state(other, seat, b)
            assert (a == b).all()
