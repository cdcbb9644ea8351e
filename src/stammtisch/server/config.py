"""Server settings: one frozen value passed down from the command line or a test."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    #: Seconds the other people have to answer a take-back request (then it is refused).
    undo_seconds: float = 30.0
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
    #: Node mode (``serve --node-id``, docs/deploy.md): several servers on one PostgreSQL
    #: database behind a proxy. Empty: embedded mode, this process is the only writer.
    node_id: str = ""
    #: Where this node is reachable (``host:port``), told to clients of a moved table.
    node_address: str = ""
    #: Seconds a table lease lasts unless renewed (the owner renews it every third of that);
    #: a dead node's tables move to another node after at most this long.
    lease_ttl: float = 10.0
    #: Addresses of reverse proxies whose ``X-Forwarded-For`` names the client (``serve
    #: --trusted-proxy``); empty: uvicorn's default (127.0.0.1).
    trusted_proxies: tuple[str, ...] = ()

    # --- facing the internet (docs/security.md) ------------------------------------------
    #: Origins (``scheme://host[:port]``) whose pages may open table WebSockets besides the
    #: server's own; ``"*"`` allows any. Empty: same origin only (``Origin`` host = ``Host``).
    allowed_origins: tuple[str, ...] = ()
    #: Seconds a new WebSocket has to send its ``hello`` (with the seat token, if any).
    hello_timeout: float = 10.0
    #: Tables one address may open per minute (REST ``POST /api/tables`` and rematches).
    tables_per_minute: int = 20
    #: Seats one address may take per minute (``join``).
    joins_per_minute: int = 60
    #: Open WebSockets per table (players and spectators together).
    connections_per_table: int = 64
    #: Open WebSockets per address, over all tables of this process.
    connections_per_address: int = 32
    #: Hint searches one address may ask for per minute, and run at the same time.
    hints_per_minute: int = 60
    hints_at_once: int = 2
    #: Frames one connection may send per second (with a burst of twice that); more are
    #: refused with ``rate_limited``, and a connection that keeps flooding is closed (1008).
    frames_per_second: float = 20.0
    #: Refused frames in a row after which a flooding connection is closed.
    flood_close_after: int = 200
    #: Chat messages one connection may send per minute, and their length in characters.
    chat_per_minute: int = 20
    chat_max_chars: int = 500

    def __post_init__(self) -> None:
        # From JSON (the worker processes get their settings that way) a tuple is a list.
        object.__setattr__(self, "allowed_origins", tuple(self.allowed_origins))
        object.__setattr__(self, "trusted_proxies", tuple(self.trusted_proxies))

    def forwarded_allow_ips(self) -> str | None:
        """uvicorn's ``forwarded_allow_ips`` for ``--trusted-proxy`` (None: its default)."""
        return ",".join(self.trusted_proxies) if self.trusted_proxies else None

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return asdict(self)
