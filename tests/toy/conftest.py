"""The toy game is registered for the tests of this folder only (and removed afterwards)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from stammtisch.core import registry


@pytest.fixture(autouse=True)
def hoch_registered() -> Iterator[None]:
    registry.register("hoch", "hoch.game:HochGame")  # the one registration line
    yield
    registry.unregister("hoch")
