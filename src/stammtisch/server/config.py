"""Server settings: one frozen value passed down from the command line or a test."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATA_DIR = Path("var")
DEFAULT_DB_FILE = "stammtisch.sqlite3"

#: Text frames larger than this are refused with ``message_too_large`` (WS_PROTOCOL.md).
MAX_MESSAGE_BYTES = 16 * 1024

#: Largest WebSocket frame the server accepts at all; the protocol's own limit is smaller
#: (``MAX_MESSAGE_BYTES``) and answered with an error message instead of a closed socket.
WS_MAX_SIZE = 4 * 65536


def sqlite_url(data_dir: Path) -> str:
    """The default database: one SQLite file in the data directory (created on demand)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(data_dir / DEFAULT_DB_FILE).resolve()}"


@dataclass(frozen=True)
class Settings:
    """Everything the server needs to know; defaults suit ``stammtisch serve``."""

    database_url: str
    #: A human whose last connection closed is replaced by a bot after this many seconds.
    reconnect_timeout: float = 60.0
    #: Pause before a bot moves, so that people can follow the game (0 in tests).
    bot_delay: float = 0.6
    #: Bot level that stands in for an absent player or an expired turn timer.
    standin_level: str = "medium"
    #: Thinking budget (seconds, wall clock) of a hint: with the thread hand-over and a
    #: busy machine the answer comes within about a second.
    suggest_seconds: float = 0.6
    #: A finished table nobody has used for this many seconds is dropped from memory (it
    #: stays in the database and is loaded again when asked for).
    finished_ttl: float = 300.0
    #: Threads that run bots off the event loop.
    bot_threads: int = 2
    #: Server processes sharing the tables (``serve --workers``), and which one this is.
    #: Each table belongs to one of them (:func:`stammtisch.server.shards.owner`).
    workers: int = 1
    worker: int = 0
