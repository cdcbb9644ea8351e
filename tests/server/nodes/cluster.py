"""Several ``stammtisch serve --node-id`` processes on one PostgreSQL database behind HAProxy
running ``deploy/haproxy.cfg``, all on loopback ports (the end-to-end test and
``benchmarks/nodes.py``)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[3]
HAPROXY_CFG = ROOT / "deploy" / "haproxy.cfg"

#: Scripted clients all come from 127.0.0.1: the limits per address are lifted.
NO_LIMITS = (
    "tables_per_minute=100000",
    "joins_per_minute=100000",
    "connections_per_address=100000",
    "connections_per_table=100000",
    "frames_per_second=100000",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def haproxy() -> str | None:
    return shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)


def _wait_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"{url} did not come up: " + log.read_text(errors="replace")[-3000:])


@dataclass
class Cluster:
    database_url: str
    workdir: Path
    lease_ttl: float = 2.0
    bot_delay: float = 0.0
    #: Seconds before a stand-in bot plays for a player who left (``--reconnect-timeout``).
    reconnect_timeout: float = 60.0
    nodes: dict[str, tuple[int, subprocess.Popen[bytes]]] = field(default_factory=dict)
    proxy_port: int = 0
    proxy: subprocess.Popen[bytes] | None = None

    # --- nodes ---------------------------------------------------------------------------
    def start_nodes(self, count: int, workers: int = 1) -> None:
        """Start ``count`` nodes (n1, n2, ...) of ``workers`` processes each, at once, and
        wait for each to be healthy."""
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        started = []
        for i in range(1, count + 1):
            name, port = f"n{i}", free_port()
            log = self.workdir / f"{name}.log"
            cmd = [sys.executable, "-m", "stammtisch.cli", "serve", "--port", str(port)]
            cmd += ["--database-url", self.database_url, "--node-id", name]
            cmd += ["--node-address", f"127.0.0.1:{port}", "--lease-ttl", str(self.lease_ttl)]
            cmd += ["--bot-delay", str(self.bot_delay), "--log-level", "warning", "--workers", str(workers)]
            cmd += ["--reconnect-timeout", str(self.reconnect_timeout)]
            for lim in NO_LIMITS:
                cmd += ["--limit", lim]
            with log.open("ab") as out:
                proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
            self.nodes[name] = (port, proc)
            started.append((name, port, proc, log))
        for _name, port, proc, log in started:
            _wait_http(f"http://127.0.0.1:{port}/healthz", proc, log)

    def kill(self, name: str) -> None:
        """``kill -9`` a node: no goodbye, its leases simply stop being renewed."""
        _port, proc = self.nodes[name]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)

    # --- the proxy -----------------------------------------------------------------------
    def start_proxy(self) -> None:
        """HAProxy with ``deploy/haproxy.cfg``; ``server`` lines of absent nodes left out."""
        exe = haproxy()
        assert exe is not None, "haproxy is not installed"
        wanted = {f"server {n} " for n in self.nodes}
        lines = [
            line
            for line in HAPROXY_CFG.read_text().splitlines()
            if not line.strip().startswith("server ") or any(line.strip().startswith(w) for w in wanted)
        ]
        cfg = self.workdir / "haproxy.cfg"
        cfg.write_text("\n".join(lines) + "\n")
        self.proxy_port = free_port()
        env = dict(os.environ, STAMMTISCH_PROXY=f"127.0.0.1:{self.proxy_port}")
        for i in range(1, 4):
            env.setdefault(f"STAMMTISCH_NODE{i}", "127.0.0.1:9")  # unused lines need a value
        for name, (port, _proc) in self.nodes.items():
            env[f"STAMMTISCH_NODE{name[1:]}"] = f"127.0.0.1:{port}"
        log = self.workdir / "haproxy.log"
        with log.open("ab") as out:
            self.proxy = subprocess.Popen(
                [exe, "-db", "-f", str(cfg)], env=env, stdout=out, stderr=subprocess.STDOUT
            )
        _wait_http(f"{self.base}/healthz", self.proxy, log)
        time.sleep(1.2)  # every node passes its first two health checks (rise 2, inter 500 ms)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.proxy_port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.proxy_port}"

    def stop(self) -> None:
        procs = [p for _port, p in self.nodes.values()] + ([self.proxy] if self.proxy else [])
        for p in procs:
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()
