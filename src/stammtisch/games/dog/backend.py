"""Which Dog engine generates the legal moves: the compiled core or the pure-Python one.

The pure-Python move generator (:mod:`.moves`, :mod:`.seven`) is the specification and
the fallback. The compiled core (``_core``, plain C, built at install where a C compiler
is available) is a port of it. It lists the same moves in the same order with the same
bodies, so a seeded game plays out identically on both (tests/games/dog/test_dog_core.py).

* Its move generator serves every table: 2 to 6 players, alone or in teams of two or
  three (DOG-21, DOG-22), and the 7 with the partner (DOG-23). The house rules that only
  remove or add plays (DOG-24 … DOG-26, :mod:`.house_rules`) are applied to its list as
  to the pure one's (:func:`generator_for`).
* Its ``Table`` holds a whole position and applies plays, gives and folds in compiled code
  (:mod:`.coretable`, tests/games/dog/test_dog_table.py): on every table, with the 7 with
  the partner and with the swap lock and the Joker rule (DOG-25, DOG-26), but not with the
  thefts of DOG-24, which it does not keep (:func:`core_for`).

The core is used when it is built and the environment variable ``STAMMTISCH_PURE`` is
unset (or ``0``); ``STAMMTISCH_PURE=1`` forces the pure engine (read when a game is
created).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from stammtisch.core.compiled import forced_pure

# The core's interface this code expects (``API`` in _core.c): an older build left in
# place (a checkout updated without rebuilding) is not used; the pure engine runs.
CORE_API = 6

try:  # imported by name so that this module does not import its own package
    _compiled: Any = importlib.import_module("stammtisch.games.dog._core")
except ImportError:  # not built (no C compiler at install): the pure engine runs
    _compiled = None
if _compiled is not None and getattr(_compiled, "API", 0) != CORE_API:
    _compiled = None

# Options the core's table holds: the board and teams (DOG-21, DOG-22), the 7 with the
# partner (DOG-23), the swap lock (DOG-25), no Joker for the last peg (DOG-26) and the
# dealer (who starts). The thefts of DOG-24 it lacks.
TABLE_OPTIONS = frozenset(
    {"players", "teams", "seven_with_partner", "no_jack_reswap", "last_peg_no_joker", "dealer"}
)


def compiled_available() -> bool:
    """Whether the compiled core was built and imports."""
    return _compiled is not None


def compiled() -> Any:
    """The compiled core module, or ``None`` when it is not built (whether or not
    ``STAMMTISCH_PURE`` is set: see :func:`core_for`)."""
    return _compiled


def generator_for() -> ModuleType | None:
    """The compiled move generator (every table and option, see the module), or ``None``
    for the pure one: when the core is not built or ``STAMMTISCH_PURE`` is set."""
    if _compiled is None or forced_pure():
        return None
    core: ModuleType = _compiled
    return core


def core_for(options: Mapping[str, Any], defaults: Mapping[str, Any]) -> ModuleType | None:
    """The compiled core's whole position (``Table``) for a game with these options, or
    ``None`` for the pure engine's state: an option the table lacks (the thefts of DOG-24,
    or one added later) falls back to the pure state, whose moves still come from the
    compiled generator (:func:`generator_for`)."""
    if _compiled is None or forced_pure():
        return None
    for name, value in options.items():
        if name in TABLE_OPTIONS:
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
    return (
        "compiled core (moves for every table and option; the position too, except with thefts;"
        " the bots' evaluation)"
    )
