"""Steps the browser tests share: creating a table through the lobby, waiting for turns."""

from __future__ import annotations

import re
from typing import Any

TURN_OR_OVER = """() => {
  const p = document.querySelector('#table-page');
  if (!p) return false;
  if (p.dataset.status === 'over') return 'over';
  return document.querySelector(SELECTOR) ? 'turn' : false;
}"""


def create_table(page: Any, game: str, seats: list[str], nickname: str = "Anna", **options: Any) -> str:
    """Fill in the lobby form and create a table; returns its id.

    ``seats``: one entry per seat, ``"me"``, ``"open"`` or ``"bot:<level>"``.
    """
    page.goto("/")
    page.select_option("#game", game)
    for name, value in options.items():
        field = page.locator(f"#opt-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.select_option(str(value)) if field.evaluate("e => e.tagName") == "SELECT" else field.fill(
                str(value)
            )
            field.dispatch_event("change")
    for i, value in enumerate(seats):
        page.select_option(f"select[name=seat-{i}]", value)
    page.fill("#nickname", nickname)
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    page.wait_for_selector("#table-page[data-status]")
    return str(page.url.rsplit("/", 1)[1])


def version(page: Any) -> int:
    raw = page.get_attribute("#table-page", "data-version")
    return int(raw) if raw else -1


def wait_turn(page: Any, selector: str) -> str:
    """Wait until this page's player has a move (``selector`` appears) or the game is over."""
    handle = page.wait_for_function(TURN_OR_OVER.replace("SELECTOR", repr(selector)), timeout=60000)
    return str(handle.json_value())


def click_and_wait(page: Any, selector: str) -> None:
    """Click ``selector`` and wait until the server has accepted a new state."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-page').dataset.version) > {before}", timeout=60000
    )


MOUNT = """async ({game, view, legal, moves}) => {
  const mod = await import('/static/games/' + game + '.js');
  const root = document.getElementById('app');
  window.__sent = [];
  const ctx = {view, legal, moves, seat: view.seat, version: 1, table: null, hint: null,
    names: Array.from({length: view.players}, (_, i) => 'Seat ' + (i + 1)), interactive: true,
    act: (a) => window.__sent.push(a),
    redraw: () => { root.replaceChildren(); mod.render(root, ctx); }};
  ctx.redraw();
}"""


def mount_game(page: Any, game: str, view: dict[str, Any], legal: list[str], moves: list[Any]) -> None:
    """Draw one game module on the page with a view, legal list and described moves as the
    server sends them; what the player picks is collected in ``window.__sent`` instead of
    being sent."""
    page.goto("/")
    page.wait_for_selector("#create-table")
    page.evaluate(MOUNT, {"game": game, "view": view, "legal": legal, "moves": moves})


def sent(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__sent"))


def engine_position(
    name: str, want: Any, **options: Any
) -> tuple[dict[str, Any], list[str], str, list[dict[str, Any]]]:
    """Seeded random play with the game's engine until ``want(legal)`` names a move.

    Returns the mover's view, the legal notations, the move ``want`` picked and the moves
    as the server sends them (``{"action", "move", "text"}``, in the order of ``legal``).
    """
    import random

    import pytest

    stammtisch = pytest.importorskip("stammtisch")
    if name not in stammtisch.games():
        pytest.skip(f"this checkout has no {name} yet")
    game = stammtisch.load(name, **options)
    rng = random.Random(7)
    for seed in range(50):
        state = game.new_game(seed)
        for _ in range(600):
            if state.is_terminal:
                break
            legal = state.legal_notations()
            target = want(legal)
            if target:
                from stammtisch.core.words import moves_words

                described = [state.describe(a) for a in state.legal_actions()]
                texts = moves_words(name, described)
                moves = [
                    {"action": a, "move": d, "text": {lang: texts[lang][i] for lang in texts}}
                    for i, (a, d) in enumerate(zip(legal, described, strict=True))
                ]
                return state.observe(state.current_player), legal, target, moves
            state = state.apply(rng.choice(legal))
    pytest.skip("no such position found")


def axe_serious(page: Any) -> list[str]:
    """Serious and critical accessibility violations axe-core finds on the page, as
    ``rule: target`` lines (empty when there are none)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    out: list[str] = []
    for v in results.response["violations"]:
        if v.get("impact") in ("serious", "critical"):
            out.extend(f"{v['id']}: {n['target']}" for n in v["nodes"])
    return out


def in_view(page: Any, selector: str) -> bool:
    """True when the first element of ``selector`` lies wholly inside the viewport."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= -1
        and box["y"] >= -1
        and box["x"] + box["width"] <= size["width"] + 1
        and box["y"] + box["height"] <= size["height"] + 1
    )


def api_call(server: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    import json
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{server}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def finished_game(server: str, game: str, bots: int, **options: Any) -> str:
    """A game the bots played to the end (the creator leaves at once); returns its id."""
    import time

    created = api_call(
        server,
        "POST",
        "/api/tables",
        {
            "game": game,
            "options": options,
            "nickname": "Anna",
            "seats": [{"type": "open"}] + [{"type": "bot", "level": "easy"}] * bots,
        },
    )
    tid = str(created["table"]["id"])
    api_call(server, "POST", f"/api/tables/{tid}/leave", {"token": created["token"]})
    deadline = time.monotonic() + 120
    while api_call(server, "GET", f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return tid
