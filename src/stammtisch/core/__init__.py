"""Game protocol, errors, seeded RNG, registry and the conformance checks."""

from stammtisch.core.errors import (
    ActionSyntaxError,
    GameOverError,
    IllegalActionError,
    OptionError,
    PositionError,
    RecordError,
    StammtischError,
    UnknownGameError,
)
from stammtisch.core.game import Game, GameInfo, OptionSpec, State
from stammtisch.core.rng import Rng

__all__ = [
    "ActionSyntaxError",
    "Game",
    "GameInfo",
    "GameOverError",
    "IllegalActionError",
    "OptionError",
    "OptionSpec",
    "PositionError",
    "RecordError",
    "Rng",
    "StammtischError",
    "State",
    "UnknownGameError",
]
