#!/usr/bin/env python3
"""Set up and run stammtisch with nothing but Python 3.11+.

    python3 run.py serve          # the web server (any `stammtisch` sub-command works)
    python3 run.py test           # the whole test suite: ruff, mypy --strict, pytest

On first use (and whenever pyproject.toml changes) this creates ``.venv`` next to this file
and installs the project with its development extras into it. Nothing else is touched.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("STAMMTISCH_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".stammtisch-installed"
INSTALL_INPUTS = ("pyproject.toml", "setup.py")
#: The compiled parts' sources (the Dog core: _core.c, the parts it includes, _core.h; the
#: Zwickern table and search; Himmel's move generator): a change to any of them reinstalls,
#: which rebuilds them.
CORE_SOURCES = (
    "src/stammtisch/games/dog/_core*.[ch]",
    "src/stammtisch/games/zwickern/_table.c",
    "src/stammtisch/games/himmel/_moves.c",
    "src/stammtisch/bots/_zwickern*.[ch]",
)


def _install_inputs() -> list[Path]:
    return [ROOT / f for f in INSTALL_INPUTS] + sorted(p for g in CORE_SOURCES for p in ROOT.glob(g))


def _say(text: str) -> None:
    print(f"[run.py] {text}", flush=True)


def ensure_env(extras: str = "dev") -> None:
    """Create .venv and install the project with ``extras`` unless that is already done."""
    # The install also builds the compiled Dog core: a changed core is reinstalled too.
    digest = hashlib.sha256(b"".join(f.read_bytes() for f in _install_inputs() if f.exists())).hexdigest()
    wanted = set(extras.split(","))
    if STAMP.exists() and PY.exists():
        got_digest, _, got_extras = STAMP.read_text().strip().partition("|")
        if got_digest == digest and wanted <= set(got_extras.split(",")):
            return
    if not PY.exists():
        _say(f"creating virtual environment in {VENV}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    _say(f"installing stammtisch with [{extras}] (first run only; takes a few minutes)")
    subprocess.run([str(PY), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([str(PY), "-m", "pip", "install", "-q", "-e", f"{ROOT}[{extras}]"], check=True)
    STAMP.write_text(f"{digest}|{extras}")


def test_extras() -> str:
    """The extras the test suite installs: dev always; on CI also the optional integrations
    (OpenSpiel, Ray), whose tests otherwise skip with a reason. STAMMTISCH_EXTRAS overrides."""
    if "STAMMTISCH_EXTRAS" in os.environ:
        return os.environ["STAMMTISCH_EXTRAS"]
    return "dev,openspiel,ray" if os.environ.get("CI") == "true" else "dev"


def run_tests(args: list[str]) -> int:
    ensure_env(test_extras())
    workers = os.environ.get("STAMMTISCH_TEST_WORKERS", "2")
    steps: list[tuple[str, list[str]]] = [
        ("ruff check", [str(PY), "-m", "ruff", "check", "src", "tests", "benchmarks", "run.py"]),
        (
            "ruff format",
            [str(PY), "-m", "ruff", "format", "--check", "src", "tests", "benchmarks", "run.py"],
        ),
        ("mypy --strict", [str(PY), "-m", "mypy"]),
        # The import contracts in pyproject.toml: layers and no cycles (docs/architecture.md).
        ("lint-imports", [str(BIN / "lint-imports")]),
        # Playwright's sync API keeps an event loop running in its worker for the whole
        # session, which breaks asyncio tests that land on the same worker: the browser
        # tests get a pytest process of their own.
        ("pytest", [str(PY), "-m", "pytest", "-n", workers, "--ignore=tests/browser", *args]),
        ("pytest (browser)", [str(PY), "-m", "pytest", "-n", workers, "tests/browser", *args]),
        # The Dog, Zwickern, Himmel and bots' tests again on the pure-Python engines and
        # search (the passes above use the compiled Dog core, Zwickern table, Himmel move
        # generator and Zwickern search where they were built): both backends stay green.
        (
            "pytest (Dog, Zwickern, Himmel and bots, pure Python)",
            [
                str(PY),
                "-m",
                "pytest",
                "-n",
                workers,
                "tests/games/dog",
                "tests/games/zwickern",
                "tests/games/himmel",
                "tests/bots",
                *args,
            ],
        ),
    ]
    for name, cmd in steps:
        _say(f"{name} ...")
        env = {**os.environ, "STAMMTISCH_PURE": "1"} if "pure Python" in name else None
        code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
        if code != 0:
            _say(f"{name} failed (exit {code})")
            return code
    _say("all checks passed")
    return 0


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 (run.py may be started by an older Python)
        sys.exit("stammtisch needs Python 3.11 or newer")
    if not argv:
        print(__doc__)
        return 0
    if argv[0] == "test":
        return run_tests(argv[1:])
    ensure_env("dev")
    return subprocess.run([str(BIN / "stammtisch"), *argv], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
