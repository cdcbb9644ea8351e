"""The one switch for the compiled parts (the Dog core, the Zwickern search).

``STAMMTISCH_PURE`` set to anything but ``0`` forces the pure-Python code everywhere (read
whenever a compiled part is about to be used, so tests can flip it).
"""

from __future__ import annotations

import os


def forced_pure() -> bool:
    """Whether ``STAMMTISCH_PURE`` forces the pure-Python engine and search."""
    return os.environ.get("STAMMTISCH_PURE", "").strip() not in ("", "0")
