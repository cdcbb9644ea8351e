"""Terminal UI tests autosave into a temporary folder, never the user's data folder, and
run in a temporary working folder (records saved to ``records/`` land there)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _autosave_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STAMMTISCH_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"
