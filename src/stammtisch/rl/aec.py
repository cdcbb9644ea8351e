"""A PettingZoo AEC environment over any registered game: a thin adapter, no rules inside.

Agents are ``player_0 .. player_{n-1}`` (the seats). Each agent observes a dict:
``observation`` (the game codec's float vector from that seat's view, written straight
from the state by ``Codec.encode_state`` and kept while the position stays, then, for games
whose turns take several tokens, one one-hot block per token already chosen this turn) and
``action_mask`` (int8, 1 for the tokens that continue a legal action; all 0 for an agent
that is not to move). Actions are the codec's tokens ``0 .. num_actions-1``.

Rewards come once, when the game ends: each seat gets ``State.returns()``. Seeds are
honoured: ``reset(seed=s)`` starts ``Game.new_game(s)``; ``reset()`` without a seed draws the
next game seed from the environment's own generator (seeded by the last explicit seed).

Length: the engines never truncate (DOG-20). ``max_moves`` (moves, i.e. whole turns, not
tokens) caps a game; hitting it sets every agent's *truncation*, with reward 0 and
``infos[agent]["truncated_at"]``: it is never reported as a result.

An illegal token (mask 0) raises ``ValueError`` with ``illegal_action="raise"`` (the
default) or, with ``"terminate"``, ends the game with ``illegal_reward`` for the offender,
0 for the others and ``infos[agent]["illegal_action"] = True``; it is never replaced by
another action.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from stammtisch.core.game import Game, State
from stammtisch.rl.codec import (
    Codec,
    FloatArray,
    MaskArray,
    ObservationCache,
    TurnDecoder,
    put_prefix,
)
from stammtisch.rl.envbase import env_basics

SEED_BOUND = 2**63


class StammtischAEC(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """PettingZoo AEC environment for the game ``game`` with ``options``."""

    def __init__(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        *,
        max_moves: int | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        basics = env_basics(game, options, illegal_action, render_mode)
        self.game: Game[Any] = basics.game
        self.codec: Codec = basics.codec
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"stammtisch_{game}_v0",
        }
        self.max_moves = max_moves
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._base, self._size = basics.base, basics.size
        self.observation_spaces = dict.fromkeys(self.possible_agents, basics.observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, basics.action_space)
        self._zero_mask: MaskArray = np.zeros(self.codec.num_actions, dtype=np.int8)
        self._decoder = TurnDecoder(self.codec)
        self._seeds = np.random.default_rng()
        self.state: State[Any] | None = None
        self.moves = 0
        self._obs_cache: dict[str, dict[str, Any]] = {}
        self._encoded = ObservationCache(self.codec)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(SEED_BOUND))
        self.state = self.game.new_game(game_seed)
        self._encoded.clear()
        self.moves = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._start_turn()

    def _start_turn(self) -> None:
        assert self.state is not None
        self._obs_cache = {}
        seat = self.state.current_player
        if seat is None:
            self._finish(self.state.returns())
            return
        self._decoder.reset(self.state.legal_actions(), seat)
        self.agent_selection = self.possible_agents[seat]

    def _finish(self, rewards: list[float], *, truncated: bool = False) -> None:
        for i, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(rewards[i])
            if truncated:
                self.truncations[agent] = True
                self.infos[agent]["truncated_at"] = self.moves
            else:
                self.terminations[agent] = True
        # Keep the agent that moved last selected; the dead-step loop walks the rest.

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose game is over")
        token = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if not self._decoder.is_legal(token):
            if self.illegal_action == "raise":
                raise ValueError(f"token {token} is not legal for {agent} here (see action_mask)")
            rewards = [0.0] * len(self.possible_agents)
            rewards[self._seat[agent]] = self.illegal_reward
            self._finish(rewards)
            for a in self.possible_agents:
                self.terminations[a] = True
            self.infos[agent]["illegal_action"] = True
            self._obs_cache = {}
        else:
            done = self._decoder.push(token)
            self._obs_cache = {}
            if done is not None:
                self.state = self.state.apply_unchecked(done, events=False)
                self._encoded.clear()
                self.moves += 1
                if self.state.current_player is not None and (
                    self.max_moves is not None and self.moves >= self.max_moves
                ):
                    self._finish([0.0] * len(self.possible_agents), truncated=True)
                else:
                    self._start_turn()
        self._accumulate_rewards()

    # --- observations -----------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        cached = self._obs_cache.get(agent)
        if cached is not None:
            return cached
        assert self.state is not None
        seat = self._seat[agent]
        vec: FloatArray = np.zeros(self._size, dtype=np.float32)
        self._encoded.write(self.state, seat, vec[: self._base])
        live = not (self.terminations[agent] or self.truncations[agent])
        if live and self.state.current_player == seat:
            if self._base < len(vec):
                put_prefix(self.codec, self._decoder.prefix, vec, self._base)
            mask = self._decoder.mask().copy()
        else:
            mask = self._zero_mask.copy()
        obs = {"observation": vec, "action_mask": mask}
        self._obs_cache[agent] = obs
        return obs

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return self.state.render(None)

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry)."""
    return wrappers.OrderEnforcingWrapper(StammtischAEC(game, **kwargs))
