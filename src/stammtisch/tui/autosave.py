"""Autosave of unfinished terminal games, and finding them again for ``play --resume``.

Every game started at the terminal (full-screen or plain prompt) has an autosave of its
own in the user's data folder (``STAMMTISCH_HOME`` overrides it), rewritten after every
move: ``autosave/<game>/<started>.json``. Starting another game never overwrites it, and a
finished game removes only its own. ``play --resume`` goes on with the most recently
played unfinished game; of each game the newest :data:`KEEP` unfinished ones are kept
(an older one is removed when a new game is first saved). The record is the one
``stammtisch replay`` reads.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

from platformdirs import user_data_path

from stammtisch.core.errors import StammtischError
from stammtisch.records.record import GameRecord

#: Unfinished games kept per game (the most recently played ones).
KEEP = 10
#: The record's ``meta`` entry that names the autosave a loaded record came from (set by
#: :func:`load`, never written into the file): a resumed game goes on saving there.
META_KEY = "autosave"


def folder() -> Path:
    home = os.environ.get("STAMMTISCH_HOME")
    base = Path(home) if home else user_data_path("stammtisch", appauthor=False)
    return base / "autosave"


def new_key(game: str) -> str:
    """A fresh autosave name for a game of ``game`` started now (``dog/20250301-201530-3f9a``)."""
    return f"{game}/{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(2)}"


def path_for(key: str) -> Path:
    """The file of the autosave ``key`` (a game name alone: the single autosave per game
    that earlier versions wrote, still found and resumed)."""
    return folder() / (key if key.endswith(".json") else f"{key}.json")


def store(record: GameRecord, key: str | None = None) -> Path | None:
    """Write ``record`` as the autosave ``key`` (a new one if None; remove it once the game
    is over or has no move); the path written, or None if nothing was written (the folder
    cannot be written: never fatal)."""
    path = path_for(key or new_key(record.game))
    try:
        if record.result is not None or not record.actions:
            path.unlink(missing_ok=True)
            return None
        fresh = not path.exists()
        data = GameRecord.from_json(record.to_json())
        data.meta.pop(META_KEY, None)
        saved = data.save(path)
        if fresh:
            prune(record.game, keep=saved)
        return saved
    except (OSError, StammtischError):
        return None


def _files(game: str | None) -> list[Path]:
    base = folder()
    if game:
        found = [*base.glob(f"{game}/*.json"), base / f"{game}.json"]
    else:
        found = [*base.glob("*/*.json"), *base.glob("*.json")]
    return [f for f in found if f.is_file()]


def _newest_first(files: list[Path]) -> list[Path]:
    return sorted(files, key=lambda f: (f.stat().st_mtime, f.name), reverse=True)


def unfinished(game: str | None = None) -> list[Path]:
    """Every autosave (of ``game`` if given), the most recently played first."""
    try:
        return _newest_first(_files(game))
    except OSError:
        return []


def latest(game: str | None = None) -> Path | None:
    """The most recently played autosave (of ``game`` if given), or None."""
    files = unfinished(game)
    return files[0] if files else None


def prune(game: str, keep: Path | None = None) -> None:
    """Remove the autosaves of ``game`` beyond the newest :data:`KEEP` (never ``keep``)."""
    files = [f for f in unfinished(game) if f != keep]
    room = KEEP - (1 if keep is not None else 0)
    for old in files[max(room, 0) :]:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            pass


def key_of(path: Path) -> str | None:
    """The autosave name of ``path`` if it lies in the autosave folder, else None."""
    try:
        return path.resolve().relative_to(folder().resolve()).as_posix()
    except (OSError, ValueError):
        return None


def own_key(record: GameRecord) -> str | None:
    """The autosave a record was loaded from by :func:`load` (a name inside the autosave
    folder only: a record file cannot point the autosave elsewhere)."""
    key = record.meta.get(META_KEY)
    if not isinstance(key, str) or not key or ".." in Path(key).parts:
        return None
    where = key_of(path_for(key))
    return key if where in (key, f"{key}.json") else None


def load(path: Path) -> GameRecord:
    """The record at ``path`` (a RecordError if it cannot be read); a game resumed from it
    goes on saving to the same autosave (``meta["autosave"]``)."""
    record = GameRecord.load(path)
    if record.result is not None:
        raise StammtischError("record_finished", path=str(path))
    key = key_of(Path(path))
    if key is not None:
        record.meta[META_KEY] = key
    else:
        record.meta.pop(META_KEY, None)
    return record
