"""stammtisch: Dog, Himmel A… und Zwirn and Zwickern behind one game protocol.

>>> import stammtisch
>>> "zwickern" in stammtisch.games()
True
>>> g = stammtisch.load("zwickern", players=3)
>>> s = g.new_game(seed=1)
>>> s.current_player in range(3)
True
"""

from stammtisch import games as _games  # noqa: F401  (registers the built-in games)
from stammtisch.core.errors import (
    ActionSyntaxError,
    GameOverError,
    IllegalActionError,
    OptionError,
    PositionError,
    StammtischError,
    UnknownGameError,
)
from stammtisch.core.game import Game, GameInfo, State
from stammtisch.core.registry import games, info, load, state_from_json

__version__ = "0.1.0"

__all__ = [
    "ActionSyntaxError",
    "Game",
    "GameInfo",
    "GameOverError",
    "IllegalActionError",
    "OptionError",
    "PositionError",
    "StammtischError",
    "State",
    "UnknownGameError",
    "__version__",
    "games",
    "info",
    "load",
    "state_from_json",
]
