"""A Gymnasium single-agent environment: one learning seat, bots in the other seats.

The learner plays seat ``seat``; every other seat is a bot from
:func:`stammtisch.bots.make_bot` (a level ``easy``/``medium``/``hard`` or a kind such as
``random``), and bots see only their seat's view and legal actions. The bots move inside
``step`` until the learner is to act again or the game is over.

Observation: a ``Dict`` with ``observation`` (the game codec's float vector from the
learner's view, written straight from the state by ``Codec.encode_state``, plus the pending-token block for multi-token turns, as in
:mod:`stammtisch.rl.aec`) and ``action_mask`` (int8); the mask is also in
``info["action_mask"]``. Actions: the codec's tokens, ``Discrete(num_actions)``.

Reward: the learner's ``State.returns()`` entry when the game ends, else 0. ``max_moves``
caps the number of moves (all seats, whole turns) and reports ``truncated=True`` with
reward 0 (the engines never truncate, DOG-20). Seeds: ``reset(seed=s)`` fixes the deal and
the bots' generators; ``reset()`` continues from Gymnasium's ``np_random``.

An illegal token, by default (``illegal_action="terminate"``), ends the episode with
``illegal_reward`` and ``info["illegal_action"] = True`` (never silently replaced);
``illegal_action="raise"`` raises ``ValueError`` instead.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np

from stammtisch.bots import Bot, make_bot
from stammtisch.core.game import Game, State
from stammtisch.rl.codec import Codec, FloatArray, ObservationCache, TurnDecoder, put_prefix
from stammtisch.rl.envbase import env_basics

SEED_BOUND = 2**63


class StammtischGymEnv(gym.Env[dict[str, Any], Any]):
    """The game ``game`` for one learner at ``seat`` against ``opponents`` bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it so)

    def __init__(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: str | list[str] = "easy",
        max_moves: int | None = None,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        basics = env_basics(game, options, illegal_action, render_mode)
        self.game: Game[Any] = basics.game
        self.codec: Codec = basics.codec
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}")
        self.seat = seat
        others = [s for s in range(n) if s != seat]
        kinds = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != len(others):
            raise ValueError(f"need {len(others)} opponent kinds, got {len(kinds)}")
        self._kinds = dict(zip(others, kinds, strict=True))
        make_bot(kinds[0], self.game, others[0], 0)  # fail early on an unknown kind
        self.max_moves = max_moves
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._base, self._size = basics.base, basics.size
        self.observation_space = basics.observation_space
        self.action_space = basics.action_space
        self._decoder = TurnDecoder(self.codec)
        self._encoded = ObservationCache(self.codec)
        self.state: State[Any] | None = None
        self.bots: dict[int, Bot] = {}
        self.moves = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_BOUND))
        self.state = self.game.new_game(game_seed)
        self._encoded.clear()
        self.bots = {
            s: make_bot(kind, self.game, s, int(self.np_random.integers(SEED_BOUND)))
            for s, kind in self._kinds.items()
        }
        self.moves = 0
        self._play_bots()
        if self.state.current_player != self.seat:
            raise RuntimeError("the game ended before the learner's first turn")
        return self._obs(), self._info()

    def _play_bots(self) -> bool:
        """Let bots move until the learner is to act; False if the move cap was hit."""
        assert self.state is not None
        while True:
            cur = self.state.current_player
            if cur is None:
                return True
            if self.max_moves is not None and self.moves >= self.max_moves:
                return False
            if cur == self.seat:
                self._decoder.reset(self.state.legal_actions(), cur)
                return True
            legal = self.state.legal_actions()
            action = self.bots[cur].choose(self.state.observe(cur), legal)
            self.state = self.state.apply_unchecked(action, events=False)
            self._encoded.clear()
            self.moves += 1

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        if self.state is None or self.state.current_player != self.seat:
            raise RuntimeError("call reset() first; the episode is over")
        token = int(action)
        if not self._decoder.is_legal(token):
            if self.illegal_action == "raise":
                raise ValueError(f"token {token} is not legal here (see action_mask)")
            info = self._info()
            info["illegal_action"] = True
            obs = self._obs()
            self.state = None
            return obs, self.illegal_reward, True, False, info
        done = self._decoder.push(token)
        if done is None:
            return self._obs(), 0.0, False, False, self._info()
        self.state = self.state.apply_unchecked(done, events=False)
        self._encoded.clear()
        self.moves += 1
        in_cap = self._play_bots()
        obs, info = self._obs(), self._info()
        if self.state.current_player is None:
            reward = float(self.state.returns()[self.seat])
            info["returns"] = self.state.returns()
            return obs, reward, True, False, info
        if not in_cap or (self.max_moves is not None and self.moves >= self.max_moves):
            info["truncated_at"] = self.moves
            return obs, 0.0, False, True, info
        return obs, 0.0, False, False, info

    def _obs(self) -> dict[str, Any]:
        assert self.state is not None
        vec: FloatArray = np.zeros(self._size, dtype=np.float32)
        self._encoded.write(self.state, self.seat, vec[: self._base])
        if self.state.current_player == self.seat:
            if self._base < len(vec):
                put_prefix(self.codec, self._decoder.prefix, vec, self._base)
            mask = self._decoder.mask().copy()
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": vec, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        if self.state.current_player == self.seat:
            return {"action_mask": self._decoder.mask().copy()}
        return {"action_mask": np.zeros(self.codec.num_actions, dtype=np.int8)}

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return self.state.render(self.seat)
