"""Which Dog engine generates the legal moves: the compiled core or the pure-Python one.

The pure-Python move generator (:mod:`.moves`, :mod:`.seven`) is the specification and
the fallback. The compiled core (``_core``, plain C, built at install where a C compiler
is available) is a port of it for the base rules: 4 or 6 players, teams of two, no
house rules. It lists the same moves in the same order with the same bodies, so a seeded
game plays out identically on both (tests/games/dog/test_dog_core.py); its ``Table`` holds
a whole position and applies plays, gives and folds (:mod:`.coretable`,
tests/games/dog/test_dog_table.py).

The core is used when it is built, the game's options are the base rules, and the
environment variable ``STAMMTISCH_PURE`` is unset (or ``0``); ``STAMMTISCH_PURE=1``
forces the pure engine (read when a game is created).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from stammtisch.core.compiled import forced_pure

# The core's interface this code expects (``API`` in _core.c): an older build left in
# place (a checkout updated without rebuilding) is not used; the pure engine runs.
CORE_API = 2

try:  # imported by name so that this module does not import its own package
    _compiled: Any = importlib.import_module("stammtisch.games.dog._core")
except ImportError:  # not built (no C compiler at install): the pure engine runs
    _compiled = None
if _compiled is not None and getattr(_compiled, "API", 0) != CORE_API:
    _compiled = None

# Options that do not change how pegs move (the dealer only picks who starts).
NEUTRAL_OPTIONS = frozenset({"players", "dealer"})
CORE_PLAYERS = (4, 6)


def compiled_available() -> bool:
    """Whether the compiled core was built and imports."""
    return _compiled is not None


def compiled() -> Any:
    """The compiled core module, or ``None`` when it is not built (whether or not
    ``STAMMTISCH_PURE`` is set: see :func:`core_for`)."""
    return _compiled


def core_for(options: Mapping[str, Any], defaults: Mapping[str, Any]) -> ModuleType | None:
    """The compiled core for a game with these options, or ``None`` for the pure engine:
    any option the core lacks (other player counts, teams of three, house rules) falls
    back to the pure engine."""
    if _compiled is None or forced_pure():
        return None
    if options.get("players") not in CORE_PLAYERS:
        return None
    for name, value in options.items():
        if name in NEUTRAL_OPTIONS:
            continue
        if name == "teams":  # teams of two (0: the usual for the table size) only
            if value not in (0, options["players"] // 2):
                return None
            continue
        if name not in defaults or value != defaults[name]:
            return None
    core: ModuleType = _compiled
    return core


def describe() -> str:
    """One line for ``stammtisch info``: the Dog backend in use for the base rules."""
    if _compiled is None:
        return "pure Python (compiled core not built, or built from an older _core.c)"
    if forced_pure():
        return "pure Python (STAMMTISCH_PURE is set; compiled core available)"
    return "compiled core (moves and position) for 4/6 players without house rules; pure Python otherwise"
