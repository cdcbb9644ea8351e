"""The hint key: ask the bots' ``suggest`` for a move, or say that there are no hints.

``stammtisch.bots.suggest`` is optional: when it cannot be imported, :func:`hint_provider`
returns None and the UI says hints are not available (it never invents one). The provider
is called with the seat's view and the legal actions only, like a bot.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stammtisch.core.game import Game

Hint = Callable[[Game[Any], int, Mapping[str, Any], Sequence[Any], int], str | None]


def _find_suggest() -> Callable[..., Any] | None:
    try:
        module = importlib.import_module("stammtisch.bots.suggest")
    except ImportError:
        module = None
    if module is not None:
        fn = getattr(module, "suggest", None)
        return fn if callable(fn) else None
    try:
        bots = importlib.import_module("stammtisch.bots")
    except ImportError:  # pragma: no cover - the bots package ships with stammtisch
        return None
    fn = getattr(bots, "suggest", None)
    return fn if callable(fn) and not inspect.ismodule(fn) else None


def to_notation(answer: Any) -> str | None:
    """Read a suggestion: an action, a notation, a ranked list, or an object with ``action``."""
    if answer is None:
        return None
    if isinstance(answer, list | tuple):
        return to_notation(answer[0]) if answer else None
    for attr in ("action", "notation", "best"):
        inner = getattr(answer, attr, None)
        if inner is not None and not callable(inner):
            return to_notation(inner)
    if isinstance(answer, Mapping):
        for key in ("action", "notation", "best"):
            if key in answer:
                return to_notation(answer[key])
        return None
    return str(answer)


def hint_provider(fn: Callable[..., Any] | None = None) -> Hint | None:
    """A hint function over (game, seat, view, legal, seed), or None without ``suggest``."""
    suggest = fn if fn is not None else _find_suggest()
    if suggest is None:
        return None
    try:
        params = set(inspect.signature(suggest).parameters)
    except (TypeError, ValueError):
        params = set()

    def hint(
        game: Game[Any], seat: int, view: Mapping[str, Any], legal: Sequence[Any], seed: int
    ) -> str | None:
        offered: dict[str, Any] = {
            "game": game,
            "seat": seat,
            "view": view,
            "legal": legal,
            "seed": seed,
        }
        kwargs = {k: v for k, v in offered.items() if k in params}
        answer = suggest(**kwargs) if kwargs else suggest(game, view, legal)
        notation = to_notation(answer)
        legal_texts = {str(a) for a in legal}
        return notation if notation in legal_texts else None

    return hint
