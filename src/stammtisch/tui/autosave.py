"""Autosave of unfinished terminal games, and finding them again for ``play --resume``.

Every move of a game at the terminal (full-screen or plain prompt) rewrites one record
per game in the user's data folder (``STAMMTISCH_HOME`` overrides it); a finished game's
autosave is removed. The record is the one ``stammtisch replay`` reads.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from stammtisch.core.errors import StammtischError
from stammtisch.records.record import GameRecord


def folder() -> Path:
    home = os.environ.get("STAMMTISCH_HOME")
    base = Path(home) if home else user_data_path("stammtisch", appauthor=False)
    return base / "autosave"


def path_for(game: str) -> Path:
    return folder() / f"{game}.json"


def store(record: GameRecord) -> Path | None:
    """Write ``record`` as the game's autosave (remove it once the game is over); the path
    written, or None if nothing was written (the folder cannot be written: never fatal)."""
    path = path_for(record.game)
    try:
        if record.result is not None or not record.actions:
            path.unlink(missing_ok=True)
            return None
        return record.save(path)
    except OSError:
        return None


def latest(game: str | None = None) -> Path | None:
    """The newest autosave (of ``game`` if given), or None."""
    try:
        files = [path_for(game)] if game else list(folder().glob("*.json"))
        files = [f for f in files if f.is_file()]
    except OSError:
        return None
    return max(files, key=lambda f: f.stat().st_mtime) if files else None


def load(path: Path) -> GameRecord:
    """The record at ``path`` (a RecordError if it cannot be read)."""
    record = GameRecord.load(path)
    if record.result is not None:
        raise StammtischError("record_finished", path=str(path))
    return record
