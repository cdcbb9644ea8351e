"""The replay viewer against the per-step views it asks the server for.

The server does not offer ``GET /api/tables/{id}/replay`` yet (see static/README.md); this
test serves that documented answer from a real Zwickern game played by the engine, so that
the viewer's stepping is checked now and keeps working when the endpoint arrives.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _game() -> tuple[dict[str, Any], dict[str, Any]]:
    stammtisch = pytest.importorskip("stammtisch")
    game = stammtisch.load("zwickern")
    state = game.new_game(11)
    rng = random.Random(11)
    views = [state.observe(None)]
    log = []
    while not state.is_terminal:
        seat = state.current_player
        state = state.apply(rng.choice(state.legal_notations()))
        views.append(state.observe(None))
        log.append({"move": len(log) + 1, "seat": seat, "last": views[-1]["last"]})
    info = {
        "id": "replay1",
        "game": "zwickern",
        "options": dict(game.options),
        "status": "over",
        "version": len(log),
        "seats": [
            {
                "seat": 0,
                "kind": "human",
                "nickname": "Anna",
                "level": None,
                "connected": False,
                "away": False,
            },
            {"seat": 1, "kind": "bot", "nickname": None, "level": "easy", "connected": True, "away": False},
        ],
        "turn_timer": None,
        "current_player": None,
        "rematch_id": None,
        "created_at": "2025-01-01T00:00:00",
    }
    return info, {"views": views, "log": log}


def test_replay_steps_through_the_servers_views(new_page: Any, artifacts: Path) -> None:
    info, replay = _game()
    n = len(replay["log"])
    page = new_page("en")
    page.route(re.compile(r".*/api/tables/replay1\?.*"), lambda r: r.fulfill(json=info))
    page.route(re.compile(r".*/api/tables/replay1/replay.*"), lambda r: r.fulfill(json=replay))
    page.goto("/t/replay1?replay=1")
    page.wait_for_selector("#replay-step")
    assert page.locator("#replay-step").inner_text() == f"Move 0 of {n}"

    def table_cards() -> list[str]:
        return list(page.locator("#zw-table .card").evaluate_all("els => els.map(e => e.dataset.card)"))

    assert table_cards() == replay["views"][0]["table"]
    page.click("#replay-next")
    assert page.locator("#replay-step").inner_text() == f"Move 1 of {n}"
    assert table_cards() == replay["views"][1]["table"]
    page.click("#replay-last")
    assert page.locator("#replay-step").inner_text() == f"Move {n} of {n}"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#replay-step").inner_text() == f"Move {n - 1} of {n}"
    assert table_cards() == replay["views"][n - 1]["table"]
    page.locator("#log li").nth(4).click()
    assert page.locator("#replay-step").inner_text() == f"Move 5 of {n}"
    assert page.locator("#log li.current").count() == 1
    page.screenshot(path=str(artifacts / "replay-steps.png"), full_page=True)
    assert page.js_errors == []
