"""The toy game Hoch (``tests/toy/hoch``) in a real browser through the real server (issue 24).

The server process registers the toy with its one registration line and nothing else: the
lobby lists it from ``/api/games``, offers its option, creates a table with a bot, and the
table page plays it with the plain list of moves that every game without a browser module
gets, to the end of the game. The move buttons and the log read the toy's own words.
"""

from __future__ import annotations

import json
import textwrap
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browserkit import create_table, wait_turn
from .conftest import ROOT, chromium_path, page_factory, run_server

pytestmark = pytest.mark.browser

TOY = ROOT / "tests" / "toy"
MOVE = "#board button.move"

#: The browser tests' server (see conftest.SERVER_SCRIPT) with the toy registered first.
HOCH_SERVER = textwrap.dedent(
    """
    import sys
    import uvicorn
    from stammtisch.core import registry
    from stammtisch.server.app import create_app
    from stammtisch.server.config import Settings

    toy, url, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sys.path.insert(0, toy)
    registry.register("hoch", "hoch.game:HochGame")  # the one registration line
    settings = Settings(database_url=url, bot_delay=0.0, reconnect_timeout=60.0)
    uvicorn.run(
        create_app(settings), host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False
    )
    """
)


@pytest.fixture(scope="module")
def hoch_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    yield from run_server(tmp_path_factory.mktemp("hoch"), ["-c", HOCH_SERVER, str(TOY)])


@pytest.fixture
def hoch_page(browser: Any, hoch_server: str) -> Iterator[Any]:
    # The session's one Chromium (conftest.browser): a second sync_playwright in the same
    # worker would run inside the first one's event loop and fail.
    yield from page_factory(browser, hoch_server)


def test_the_server_offers_the_registered_toy(hoch_server: str) -> None:
    with urllib.request.urlopen(f"{hoch_server}/api/games", timeout=5) as res:
        games = {g["name"]: g for g in json.loads(res.read())}
    assert "hoch" in games
    assert {"dog", "himmel", "zwickern"} <= set(games)


def test_hoch_is_played_to_the_end_in_the_browser(hoch_page: Any, artifacts: Path) -> None:
    page = hoch_page("en")
    page.goto("/")
    page.locator("#game option[value=hoch]").wait_for(state="attached")
    assert "Hoch" in page.locator("#game option[value=hoch]").inner_text()
    create_table(page, "hoch", ["me", "bot:easy"])
    assert page.get_attribute("#table-page", "data-seat") == "0"
    page.wait_for_selector(MOVE)
    # Three cards each: the person plays three times, the bot three times.
    assert page.locator(MOVE).count() in (1, 2, 3)
    # The buttons read the toy's own words (its words.py and locale/), not a bare "action".
    labels = page.locator(MOVE).all_inner_texts()
    assert labels and all(label.startswith("Play the ") for label in labels), labels
    page.screenshot(path=str(artifacts / "hoch-table.png"), full_page=True)
    played = 0
    while wait_turn(page, MOVE) == "turn":
        before = int(page.get_attribute("#table-page", "data-version") or -1)
        assert all(label.startswith("Play the ") for label in page.locator(MOVE).all_inner_texts())
        page.locator(MOVE).first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
        )
        played += 1
        assert played <= 3, "more moves offered than cards dealt"
    assert played == 3
    page.wait_for_selector("#table-page[data-status=over]")
    assert "Result" in page.locator("#banner").inner_text()
    log = page.locator("#log li").all_inner_texts()
    assert len(log) == 6 and all(" plays a " in line for line in log), log
    page.screenshot(path=str(artifacts / "hoch-over.png"), full_page=True)
    assert page.js_errors == []
