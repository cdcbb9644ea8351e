"""The registered games. Each lives in its own package; see its module docstring."""

from stammtisch.core.registry import register

register("dog", "stammtisch.games.dog.game:DogGame")
register("zwickern", "stammtisch.games.zwickern.game:ZwickernGame")
register("himmel", "stammtisch.games.himmel.game:HimmelGame")
