"""The replay viewer against the server's GET /api/tables/{id}/replay.

Bots play a Zwickern game to the end on the real server; the viewer then steps through the
spectator views the endpoint returns.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _call(server: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{server}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def _finished_game(server: str) -> str:
    created = _call(
        server,
        "POST",
        "/api/tables",
        {
            "game": "zwickern",
            "nickname": "Anna",
            "seats": [{"type": "open"}, {"type": "bot", "level": "easy"}],
        },
    )
    tid = str(created["table"]["id"])
    _call(server, "POST", f"/api/tables/{tid}/leave", {"token": created["token"]})  # bots play it out
    deadline = time.monotonic() + 60
    while _call(server, "GET", f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return tid


def test_replay_steps_through_the_servers_views(server: str, new_page: Any, artifacts: Path) -> None:
    tid = _finished_game(server)
    replay = _call(server, "GET", f"/api/tables/{tid}/replay")
    n = len(replay["log"])
    assert len(replay["views"]) == n + 1 and n >= 5
    page = new_page("en")
    page.goto(f"/t/{tid}?replay=1")
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
    assert table_cards() == replay["views"][5]["table"]
    assert page.locator("#log li.current").count() == 1
    assert page.locator("#log li").count() == n
    page.screenshot(path=str(artifacts / "replay-steps.png"), full_page=True)
    assert page.js_errors == []


_CUT_WORDS = """() => [...document.querySelectorAll('#open-hands .card.special')].filter((card) => {
  const word = card.querySelector('.small');
  return !word || word.scrollWidth > card.clientWidth;
}).map((card) => card.dataset.card)"""


def test_replay_shows_himmel_hands_as_himmel_cards(server: str, new_page: Any) -> None:
    # The open hands used the plain card face: "44" was a corner digit on a blank card and
    # "Richtungswechsel" ran over the next cards of the hand. Now they are Himmel's cards,
    # a special one with its symbol and its short word, whole.
    from .browserkit import finished_game

    tid = finished_game(server, "himmel", 3, players=4)
    replay = _call(server, "GET", f"/api/tables/{tid}/replay")
    hands = replay.get("hands") or []
    special = next(
        (
            i
            for i, step in enumerate(hands)
            if any(c in ("turn", "steal", "raise") for h in step for c in h or [])
        ),
        None,
    )
    if special is None:
        pytest.skip("no special card in an open hand in this game")
    page = new_page("de", width=390, height=844)
    page.goto(f"/t/{tid}?replay=1")
    page.wait_for_selector("#open-hands")
    for _ in range(special):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        f"() => document.querySelector('#replay-step').textContent.startsWith('Zug {special} ')"
    )
    assert page.locator("#open-hands .card.haz.special").count() >= 1
    assert page.locator("#open-hands .card:not(.haz)").count() == 0
    assert page.evaluate(_CUT_WORDS) == []
    words = set(page.locator("#open-hands .card.special .small").all_inner_texts())
    assert words <= {"Wechsel", "Stehlen", "Erhöhen"}, words
    assert page.js_errors == []


def test_dog_replay_shows_the_hands_beside_the_board(server: str, new_page: Any) -> None:
    # On a desktop the open hands lay under the board, below the first screen, while the
    # column beside the board stood empty: every step meant scrolling down and up again.
    from .browserkit import finished_game, in_view

    tid = finished_game(server, "dog", 3)
    page = new_page("en", width=1366, height=768)
    page.goto(f"/t/{tid}?replay=1")
    page.wait_for_selector("#open-hands")
    page.click("#replay-next")
    assert page.locator(".dog-controls #open-hands").count() == 1
    assert in_view(page, "#open-hands")
    assert page.locator("#open-hands .open-hand").count() == 4
    phone = new_page("en", width=390, height=844)
    phone.goto(f"/t/{tid}?replay=1")
    phone.wait_for_selector("#open-hands")
    box = phone.locator("#open-hands").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.js_errors == [] and phone.js_errors == []
