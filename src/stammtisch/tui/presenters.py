"""The presenter for a game: its own (``present_<game>.py``) or the text-render fallback."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stammtisch.core.game import Game, Names
from stammtisch.tui.present import Presenter
from stammtisch.tui.present_dog import DogPresenter
from stammtisch.tui.present_himmel import HimmelPresenter
from stammtisch.tui.present_zwickern import ZwickernPresenter

PRESENTERS: dict[str, Callable[[Game[Any], Names], Presenter]] = {
    "zwickern": ZwickernPresenter,
    "dog": DogPresenter,
    "himmel": HimmelPresenter,
}


def presenter_for(game: Game[Any], names: Names = None) -> Presenter:
    """The game's presenter, or the text-render fallback; ``names``: the seats' names."""
    return PRESENTERS.get(game.name, Presenter)(game, names)
