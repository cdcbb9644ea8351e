"""Behind a proxy the limits per address count the players' addresses (issue 22): the
server believes ``X-Forwarded-For`` only from the proxy named by ``serve --trusted-proxy``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from tests.server.live import settings, tcp_socket
from typer.testing import CliRunner

from stammtisch.cli import app as cli_app
from stammtisch.server import cli as server_cli
from stammtisch.server.app import create_app


def uvicorn_options(monkeypatch: pytest.MonkeyPatch, url: str, *args: str) -> dict[str, Any]:
    """What ``stammtisch serve ARGS`` hands to uvicorn."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda _app, **kw: seen.update(kw))
    monkeypatch.setattr(server_cli, "tune_gc", lambda: None)  # not in the test process
    result = CliRunner().invoke(cli_app, ["serve", "--database-url", url, *args])
    assert result.exit_code == 0, result.output
    return seen


async def tables_opened(url: str, options: dict[str, Any], forwarded: list[str]) -> list[int]:
    """Open a table per entry with that ``X-Forwarded-For``; the status of each answer."""
    app = create_app(settings(url, tables_per_minute=1))
    sock = tcp_socket()
    config = uvicorn.Config(
        app,
        log_level="warning",
        proxy_headers=options["proxy_headers"],
        forwarded_allow_ips=options["forwarded_allow_ips"],
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    statuses = []
    try:
        base = f"http://127.0.0.1:{sock.getsockname()[1]}"
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            for addr in forwarded:
                r = await http.post(
                    "/api/tables",
                    json={"game": "zwickern", "nickname": "Anna"},
                    headers={"X-Forwarded-For": addr},
                )
                statuses.append(r.status_code)
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 20)
        sock.close()
    return statuses


async def test_a_trusted_proxy_names_the_client_and_the_limits_count_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    options = uvicorn_options(monkeypatch, url, "--trusted-proxy", "127.0.0.1")
    # One table a minute per address: two players behind the proxy each open one.
    assert await tables_opened(url, options, ["203.0.113.7", "198.51.100.9", "203.0.113.7"]) == [
        200,
        200,
        429,
    ]


async def test_an_untrusted_peer_cannot_choose_its_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    options = uvicorn_options(monkeypatch, url, "--trusted-proxy", "192.0.2.1")
    # The test connects from 127.0.0.1, not the proxy: its X-Forwarded-For is ignored and
    # both requests count for 127.0.0.1.
    assert await tables_opened(url, options, ["203.0.113.7", "198.51.100.9"]) == [200, 429]
