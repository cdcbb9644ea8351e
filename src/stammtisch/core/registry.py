"""The game registry: names to :class:`Game` classes, imported lazily.

Games register by module path (``"stammtisch.games.zwickern:ZwickernGame"``), so that
importing stammtisch stays cheap and ``core`` never imports a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from stammtisch.core.errors import PositionError, UnknownGameError
from stammtisch.core.game import Game, GameInfo, State
from stammtisch.core.i18n import add_catalogue

_GAMES: dict[str, str] = {}
#: Classes already imported, by their target: looked up on every move (words, views).
_CLASSES: dict[str, type[Game[Any]]] = {}


#: Modules beside each game's class, by (game name, module): looked up on every move (the
#: words); forgotten when the name is registered anew or dropped.
_BESIDE: dict[tuple[str, str], ModuleType | None] = {}


def register(name: str, target: str) -> None:
    """Register ``name`` -> ``"package.module:ClassName"``."""
    _GAMES[name] = target
    _forget_beside(name)


def _forget_beside(name: str) -> None:
    for key in [k for k in _BESIDE if k[0] == name]:
        del _BESIDE[key]


def games() -> list[str]:
    """The registered game names, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game[Any]]:
    try:
        target = _GAMES[name]
    except KeyError:
        raise UnknownGameError(name=name, available=", ".join(games())) from None
    cls = _CLASSES.get(target)
    if cls is None:
        module_name, _, attr = target.partition(":")
        cls = getattr(importlib.import_module(module_name), attr)
        add_catalogue(game_package(cls))
        _CLASSES[target] = cls
    return cls


def game_package(cls: type[Game[Any]]) -> str:
    """The package a game class lives in: its words, codec and catalogue sit beside it."""
    module = cls.__module__
    return module.rpartition(".")[0] or module


def module_beside(name: str, module: str) -> ModuleType | None:
    """The module ``module`` (``"words"``) in the package of game ``name``'s class, or None
    when it has none; raises :class:`UnknownGameError` for a name nobody registered, and the
    import's error when the module is there but needs something missing."""
    try:
        return _BESIDE[name, module]
    except KeyError:
        pass
    full = f"{game_package(game_class(name))}.{module}"
    try:
        found: ModuleType | None = importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name != full:
            raise  # the module is there but needs something missing: say so
        found = None
    _BESIDE[name, module] = found
    return found


def info(name: str) -> GameInfo:
    return game_class(name).info


def load(name: str, **options: Any) -> Game[Any]:
    """The game ``name`` with ``options`` (defaults for the rest); errors list what is allowed."""
    return game_class(name)(**options)


def state_from_json(data: Mapping[str, Any]) -> State[Any]:
    """Rebuild any game's state from its ``to_json()`` (game and options read from it)."""
    name = data.get("game")
    if not isinstance(name, str):
        raise PositionError(reason="missing 'game'")
    opts = data.get("options") or {}
    if not isinstance(opts, Mapping):
        raise PositionError(reason="'options' must be an object")
    state: State[Any] = load(name, **dict(opts)).from_json(data)
    return state


def unregister(name: str) -> None:
    """Forget ``name`` (for tests that register a game of their own)."""
    _GAMES.pop(name, None)
    _forget_beside(name)
