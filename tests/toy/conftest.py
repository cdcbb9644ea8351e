"""The toy game is registered for the tests of this folder only (and removed afterwards).

Its package ``hoch`` is imported from this folder, the way a game's own package would be
found on the path.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from stammtisch.core import registry

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture(autouse=True)
def hoch_registered() -> Iterator[None]:
    registry.register("hoch", "hoch.game:HochGame")  # the one registration line
    yield
    registry.unregister("hoch")
