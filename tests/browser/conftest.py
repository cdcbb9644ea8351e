"""Harness for the browser tests: the real server on a free port, Debian's Chromium.

The server runs in its own process (uvicorn, a temporary SQLite file, bots without delay)
so that the browser talks to it over real HTTP and WebSocket connections. Screenshots go to
``test-artifacts/`` at the repository root (gitignored) so that people can look at them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


SERVER_SCRIPT = textwrap.dedent(
    """
    import sys
    import uvicorn
    from stammtisch.server.app import create_app
    from stammtisch.server.config import Settings

    url, port = sys.argv[1], int(sys.argv[2])
    # One address (the tests' browser) opens every table, seat and socket of a whole
    # session: the per-address limits for strangers would ration the tests (chat's stay).
    settings = Settings(
        database_url=url, bot_delay=0.0, reconnect_timeout=60.0,
        tables_per_minute=10_000, joins_per_minute=10_000, connections_per_address=10_000,
    )
    uvicorn.run(
        create_app(settings), host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False
    )
    """
)


def run_server(data: Path, args: list[str], processes: int = 1) -> Iterator[str]:
    """Start ``python <args> <sqlite url> <port>``, wait until ``processes`` workers answer
    (each names itself in ``X-Stammtisch-Worker``; a single process does not), yield the
    base URL, and stop it."""
    port = _free_port()
    env = dict(os.environ)
    # The server imports stammtisch from the same path as the tests were told to use
    # (PYTHONPATH=src as in the README), else from this checkout.
    env["PYTHONPATH"] = env.get("PYTHONPATH") or str(ROOT / "src")
    log = (data / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, *args, f"sqlite:///{data / 'test.sqlite3'}", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    ready: set[str] = set()
    while len(ready) < processes:
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2) as res:
                if res.status == 200:
                    ready.add(res.headers.get("x-stammtisch-worker") or "0")
                    continue
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            raise RuntimeError("server did not start:\n" + (data / "server.log").read_text())
        time.sleep(0.2)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


#: ``stammtisch serve --workers 2`` with the same database and port arguments.
WORKERS_SCRIPT = textwrap.dedent(
    """
    import sys
    from stammtisch.cli import app

    url, port = sys.argv[1], sys.argv[2]
    sys.argv = ["stammtisch", "serve", "--workers", "2", "--database-url", url, "--port", port,
                "--bot-delay", "0", "--log-level", "warning"]
    app()
    """
)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a freshly started server with an empty database."""
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    yield from run_server(tmp_path_factory.mktemp("server"), ["-c", SERVER_SCRIPT])


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    assert path is not None
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any, server: str) -> Iterator[Any]:
    """Factory for pages in separate contexts (separate localStorage = separate people)."""
    yield from page_factory(browser, server)


@pytest.fixture(scope="session")
def workers_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of ``stammtisch serve --workers 2`` (a front and two worker processes)."""
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    if not hasattr(socket, "send_fds"):
        pytest.skip("several server processes need Unix sockets")
    args = ["-c", WORKERS_SCRIPT]
    yield from run_server(tmp_path_factory.mktemp("workers"), args, processes=2)


@pytest.fixture
def workers_page(browser: Any, workers_server: str) -> Iterator[Any]:
    """Like ``new_page``, on the two-process server."""
    yield from page_factory(browser, workers_server)


def page_factory(browser: Any, server: str) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(lang: str = "en", width: int = 1200, height: int = 900, motion: bool = False) -> Any:
        # Reduced motion unless a test looks at the motion: states are drawn as they come.
        ctx = browser.new_context(
            base_url=server,
            viewport={"width": width, "height": height},
            locale="de-CH" if lang == "de" else "en-GB",
            reduced_motion="no-preference" if motion else "reduce",
        )
        ctx.add_init_script(f"localStorage.setItem('stammtisch.lang', '{lang}');")
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(30000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # The server's Content-Security-Policy allows only its own files: a page that needs
        # more (an inline style or script) shows it as a console error.
        page.on(
            "console",
            lambda m: (
                errors.append(m.text) if m.type == "error" and "Content Security Policy" in m.text else None
            ),
        )
        page.js_errors = errors
        return page

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="session")
def games(server: str) -> list[str]:
    """Names of the games this server offers (Dog and Himmel arrive by merge)."""
    import json

    with urllib.request.urlopen(f"{server}/api/games", timeout=5) as res:
        return [g["name"] for g in json.loads(res.read())]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
