"""One bot profile per game, found by convention: everything the bots need to know of a game.

A game's profile is the ``PROFILE`` of the module ``stammtisch.bots.heuristics.<game>``
(looked up by the game's registered name, the way ``codec_for`` finds a codec):

* ``heuristic``: its :class:`~stammtisch.bots.heuristics.GameHeuristic` (``easy`` and
  ``medium``, ISMCTS priors and rollouts, Gymnasium's default opponents, the server's
  stand-ins);
* ``search``: the ISMCTS :class:`SearchSettings`;
* ``hard_iterations``: the ``hard`` level's iterations per move (about 0.5 s of CPU), and
  ``compiled_hard_iterations`` for a game whose search also runs compiled (``hard()``
  picks the one in use);
* ``win_chance``: whether a hint's value is the chance to win (Dog) or the expected game
  points (the card games).

A game without such a module gets :func:`generic_profile`: a one-move look-ahead on a state
sampled from the seat's view (:class:`GenericHeuristic`), random rollouts for the search and
400 iterations for ``hard`` — so every level works for every registered game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from stammtisch.bots.heuristics import BotProfile, GameHeuristic, SearchSettings
from stammtisch.core.game import Game, State
from stammtisch.core.registry import load


class GenericHeuristic(GameHeuristic):
    """For a game without its own heuristic: each action's score lead one move ahead.

    The position is sampled from the seat's view (``Game.sample_state`` with a fixed seed,
    so the values are reproducible), so nothing hidden is read; a move that wins outright
    is worth most.
    """

    temperature = 1.0

    def __init__(self, game: Game[Any]) -> None:
        self.game_obj = game
        self.game = game.name

    def action_values(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        seat = view.get("seat")
        if not isinstance(seat, int) or len(legal) < 2:
            return [0.0] * len(legal)
        state = self.game_obj.sample_state(view, random.Random(0))
        return [self._value(state.apply_unchecked(a), seat) for a in legal]

    def _value(self, after: State[Any], seat: int) -> float:
        scores = [float(x) for x in after.scores()]
        others = [x for i, x in enumerate(scores) if i != seat]
        lead = scores[seat] - (max(others) if others else 0.0)
        if after.is_terminal:
            lead += 1000.0 * float(after.returns()[seat])
        return lead


def generic_profile(game: Game[Any]) -> BotProfile:
    return BotProfile(GenericHeuristic(game), SearchSettings(rollout="random"))


@lru_cache(maxsize=64)
def _module_profile(name: str) -> BotProfile | None:
    module_name = f"stammtisch.bots.heuristics.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return None
    profile: BotProfile = module.PROFILE
    return profile


def profile_for(game: Game[Any] | str) -> BotProfile:
    """The bot profile of ``game`` (a game or a registered name; a name loads the defaults)."""
    name = game if isinstance(game, str) else game.name
    found = _module_profile(name)
    if found is not None:
        return found
    return generic_profile(load(game) if isinstance(game, str) else game)


def heuristic_for(game: Game[Any] | str) -> GameHeuristic:
    return profile_for(game).heuristic


__all__ = [
    "BotProfile",
    "GenericHeuristic",
    "SearchSettings",
    "generic_profile",
    "heuristic_for",
    "profile_for",
]
