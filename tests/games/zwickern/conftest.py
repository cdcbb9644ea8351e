from __future__ import annotations

from typing import Any

import pytest

import stammtisch
from stammtisch.games.zwickern import ZwickernState


def position(**fields: Any) -> dict[str, Any]:
    """A hand-written Zwickern position; the cards not named fill the draw pile."""
    players = len(fields["hands"])
    opts = {"players": players}
    opts.update(fields.pop("options", {}))
    return {"game": "zwickern", "options": {**stammtisch.load("zwickern", **opts).options}, **fields}


@pytest.fixture
def load_position():
    def make(**fields: Any) -> ZwickernState:
        data = position(**fields)
        state = stammtisch.load("zwickern", **data["options"]).from_json(data)
        assert isinstance(state, ZwickernState)
        return state

    return make
