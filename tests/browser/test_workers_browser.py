"""The browser client on ``stammtisch serve --workers 2``: the same pages and games work when
tables live in different processes behind one port (lobby, invite, a whole game, reload,
replay, rematch). The scenarios are the Zwickern ones, run against that server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import test_zwickern_browser as zwickern

pytestmark = pytest.mark.browser


@pytest.fixture
def shots(artifacts: Path) -> Path:
    path = artifacts / "workers"
    path.mkdir(exist_ok=True)
    return path


def test_a_whole_game_on_two_processes(workers_page: Any, shots: Path) -> None:
    zwickern.test_zwickern_game_played_to_the_end_by_clicking(workers_page, shots)


def test_invite_and_spectator_on_two_processes(workers_page: Any, shots: Path) -> None:
    # Several tables first, so that the invited table is not always in the same process.
    for _ in range(3):
        zwickern.test_spectator_sees_no_hand_and_invited_player_joins(workers_page, shots)
