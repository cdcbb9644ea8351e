"""Regenerate the browser screenshots in docs/screenshots/.

Starts the real server on a free port with a temporary SQLite database, plays into each game
with Debian's Chromium (Playwright) and takes a picture of every screen at 1366×768 and
390×844:

    PYTHONPATH=src python scripts/screenshots.py [--out docs/screenshots] [--only dog]

Screens: the lobby, each game's table when it is the player's turn (Dog with a card
chosen, so the move choices show, with 4 and 6 players), a move taken back against a bot,
the end of a Zwickern game with its scoring breakdown, a replay, and the rules pages.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
SERVER = textwrap.dedent(
    """
    import sys
    import uvicorn
    from stammtisch.server.app import create_app
    from stammtisch.server.config import Settings

    settings = Settings(database_url=sys.argv[1], bot_delay=0.0)
    uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
    """
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = env.get("PYTHONPATH") or str(ROOT / "src")
    url = f"sqlite:///{data / 'shots.sqlite3'}"
    proc = subprocess.Popen([sys.executable, "-c", SERVER, url, str(port)], env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


def create(page: Any, game: str, seats: list[str], **options: Any) -> None:
    page.goto("/")
    page.select_option("#game", game)
    for name, value in options.items():
        page.select_option(f"#opt-{name}", str(value))
    for i, value in enumerate(seats):
        page.select_option(f"select[name=seat-{i}]", value)
    page.fill("#nickname", "Anna")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    page.wait_for_selector("#table-page[data-status=playing]")


def my_turn(page: Any, selector: str) -> bool:
    """Wait for this player's move; False when the game ended first."""
    handle = page.wait_for_function(
        """(sel) => {
          const p = document.querySelector('#table-page');
          if (p && p.dataset.status === 'over') return 'over';
          return document.querySelector(sel) ? 'turn' : false;
        }""",
        arg=selector,
        timeout=60000,
    )
    return bool(handle.json_value() == "turn")


def play_one(page: Any, selector: str) -> None:
    before = page.get_attribute("#table-page", "data-version")
    page.locator(selector).first.click()
    page.wait_for_function(
        "(v) => document.querySelector('#table-page').dataset.version !== v", arg=before, timeout=60000
    )


def shoot(page: Any, out: Path, name: str) -> None:
    page.wait_for_timeout(150)
    page.screenshot(path=str(out / f"{name}.png"))
    print("wrote", out / f"{name}.png")


def dog_screens(page: Any, out: Path, size: str, players: int) -> None:
    create(page, "dog", ["me"] + ["bot:easy"] * (players - 1), players=players)
    # Past the exchange to a real move, then choose a card so that the choices show.
    for _ in range(12):
        if not my_turn(page, "#hand button.card.playable, #dog-fold"):
            return
        if page.locator("#dog-fold").count():
            play_one(page, "#dog-fold")
            continue
        if "give" in (page.locator("#dog-choice").get_attribute("data-kind") or ""):
            play_one(page, "#hand button.card.playable")
            continue
        page.locator("#hand button.card.playable").first.click()
        if page.locator("button.joker-value").count():
            page.locator("button.joker-value").first.click()
        shoot(page, out, f"dog-{players}-{size}")
        return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", default="", help="only screens whose name contains this")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                for size, (w, h) in SIZES.items():
                    lang = "de" if size == "phone" else "en"
                    ctx = browser.new_context(
                        base_url=base,
                        viewport={"width": w, "height": h},
                        locale="de-CH" if lang == "de" else "en-GB",
                        reduced_motion="reduce",
                    )
                    ctx.add_init_script(f"localStorage.setItem('stammtisch.lang', '{lang}');")
                    page = ctx.new_page()
                    page.set_default_timeout(30000)
                    page.on("pageerror", lambda exc: print("page error:", exc))
                    want = args.only

                    if want in f"lobby-{size}":
                        page.goto("/")
                        page.wait_for_selector("#create-table")
                        shoot(page, args.out, f"lobby-{size}")
                    if want in f"help-dog-{size}":
                        page.goto("/?help=dog")
                        page.wait_for_selector("#help-page h1")
                        shoot(page, args.out, f"help-dog-{size}")
                    if want in f"zwickern-end-replay-{size}":
                        create(page, "zwickern", ["me", "bot:easy", "bot:easy"], players=3)
                        my_turn(page, "#hand button.card.playable")
                        shoot(page, args.out, f"zwickern-{size}")
                        while my_turn(page, "#hand button.card.playable"):
                            play_one(page, "#hand button.card.playable")
                        page.wait_for_selector("#end-panel")
                        shoot(page, args.out, f"zwickern-end-{size}")
                        page.click("#replay-link")
                        page.wait_for_selector("#replay-page #log li")
                        page.click("#replay-next")
                        page.click("#replay-next")
                        shoot(page, args.out, f"zwickern-replay-{size}")
                    if want in f"zwickern-undo-{size}":
                        # A move taken back against a bot: the log strikes it through.
                        create(page, "zwickern", ["me", "bot:easy"])
                        my_turn(page, "#hand button.card.playable")
                        play_one(page, "#hand button.card.playable")
                        my_turn(page, "#hand button.card.playable")
                        play_one(page, "#undo")
                        page.wait_for_selector("#log li.log-undo")
                        shoot(page, args.out, f"zwickern-undo-{size}")
                    if want in f"himmel-6-{size}":
                        create(page, "himmel", ["me"] + ["bot:easy"] * 5, players=6)
                        my_turn(page, "#hand button.card.playable, #haz-take")
                        shoot(page, args.out, f"himmel-6-{size}")
                    if want in f"dog-4-{size}":
                        dog_screens(page, args.out, size, 4)
                    if want in f"dog-6-{size}":
                        dog_screens(page, args.out, size, 6)
                    ctx.close()
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
