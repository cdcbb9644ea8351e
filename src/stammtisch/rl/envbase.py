"""What the PettingZoo and the Gymnasium environment set up alike (one place for both).

:func:`env_basics` checks the common arguments, loads the game and its codec, and builds
the observation and action spaces (observation: the codec's tensor plus the turn prefix;
action: one token).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces

from stammtisch.core.game import Game
from stammtisch.core.registry import load
from stammtisch.rl.codec import Codec, codec_for, prefix_size


@dataclass(frozen=True)
class EnvBasics:
    game: Game[Any]
    codec: Codec
    base: int  # the codec's observation size
    size: int  # with the turn prefix
    observation_space: spaces.Dict
    action_space: spaces.Discrete


def env_basics(
    game: str, options: dict[str, Any] | None, illegal_action: str, render_mode: str | None
) -> EnvBasics:
    if illegal_action not in ("raise", "terminate"):
        raise ValueError("illegal_action must be 'raise' or 'terminate'")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode {render_mode!r} not supported (use 'ansi')")
    loaded: Game[Any] = load(game, **(options or {}))
    codec = codec_for(loaded)
    base = codec.observation_size
    size = base + prefix_size(codec)
    observation_space = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (codec.num_actions,), np.int8),
        }
    )
    return EnvBasics(loaded, codec, base, size, observation_space, spaces.Discrete(codec.num_actions))
