"""Dog (Brändi Dog): see :mod:`stammtisch.games.dog.game` for the spec."""

from stammtisch.games.dog.actions import DogAction
from stammtisch.games.dog.game import DogGame
from stammtisch.games.dog.state import DogState

__all__ = ["DogAction", "DogGame", "DogState"]
