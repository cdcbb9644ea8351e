"""``stammtisch serve``: the web server with its embedded database, no set-up needed."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from stammtisch.server.config import DEFAULT_DATA_DIR, Settings
from stammtisch.server.runtime import tune_gc, uvicorn_options

#: The limits ``--limit NAME=VALUE`` may change, and their types (Settings field names).
LIMITS: dict[str, type] = {
    "tables_per_minute": int,
    "joins_per_minute": int,
    "connections_per_table": int,
    "connections_per_address": int,
    "hints_per_minute": int,
    "hints_at_once": int,
    "frames_per_second": float,
    "flood_close_after": int,
    "chat_per_minute": int,
    "chat_max_chars": int,
    "hello_timeout": float,
}


#: uvicorn's log levels.
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def check_listen(host: str, port: int) -> None:
    """Fail with a clear message, before anything starts, when ``host:port`` cannot be listened
    on (an unknown address, a port in use or not allowed), as the server would a moment later."""
    import errno
    import socket

    not_here = f"{host!r} is not an address of this machine"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise typer.BadParameter(not_here, param_hint="--host") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRNOTAVAIL:
                raise typer.BadParameter(not_here, param_hint="--host") from None
            if exc.errno == errno.EADDRINUSE:
                why = "another program uses it; choose another port or stop that program"
            elif exc.errno == errno.EACCES:
                why = "not allowed for this user (ports below 1024 need more rights); choose another port"
            else:
                why = (exc.strerror or str(exc)).lower()
            raise typer.BadParameter(f"cannot listen on {host}:{port}: {why}", param_hint="--port") from None


def parse_limits(items: list[str]) -> dict[str, Any]:
    """``["tables_per_minute=5", ...]`` as Settings fields; a clear error for a bad one."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        kind = LIMITS.get(name.strip())
        try:
            if not sep or kind is None:
                raise ValueError
            number = kind(value.strip())
            if number <= 0:
                raise ValueError
        except ValueError:
            raise typer.BadParameter(
                f"{item!r}: expected NAME=VALUE with a positive number; names: {', '.join(LIMITS)}",
                param_hint="--limit",
            ) from None
        out[name.strip()] = number
    return out


# Options of node mode (several servers on one PostgreSQL database, docs/deploy.md).
NodeId = Annotated[
    str | None,
    typer.Option(
        help="Run as one of several nodes on one PostgreSQL database behind a proxy "
        "(docs/deploy.md): this node's unique name. Needs --database-url postgresql+psycopg://..."
    ),
]
NodeAddress = Annotated[
    str | None, typer.Option(help="host:port where this node is reachable (logged, shown to operators).")
]
LeaseTtl = Annotated[
    float,
    typer.Option(
        min=1.0,
        help="Node mode: seconds a table lease lasts unless renewed; a dead node's tables "
        "move to another node after at most this long.",
    ),
]
TrustedProxy = Annotated[
    list[str] | None,
    typer.Option(
        help="Address of a reverse proxy whose X-Forwarded-For header names the client "
        "(for the limits per address); repeatable, '*' trusts any. Default: 127.0.0.1."
    ),
]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    data_dir: Annotated[
        Path, typer.Option(help="Folder for the default SQLite database (created if missing).")
    ] = DEFAULT_DATA_DIR,
    database_url: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite)."),
    ] = None,
    reconnect_timeout: Annotated[
        float, typer.Option(help="Seconds before a bot takes over for a player who left.")
    ] = 60.0,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before it moves.")] = 0.6,
    ws_compression: Annotated[
        bool,
        typer.Option(
            "--ws-compression",  # off by default: a --no- form would only take room in --help
            help="Offer per-message deflate on WebSockets: fewer bytes on slow links, but "
            "compressing every state costs more server time than encoding it.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Server processes. Each table lives in one of them, and one front process "
            "routes every connection to its table's process (Linux and macOS; 1 = a single process).",
        ),
    ] = 1,
    log_level: Annotated[
        str, typer.Option(help="uvicorn log level: " + ", ".join(LOG_LEVELS) + ".")
    ] = "info",
    finished_ttl: Annotated[
        float,
        typer.Option(
            min=0.0, help="Seconds a finished table nobody uses stays in memory (it stays in the database)."
        ),
    ] = 300.0,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="A site (scheme://host[:port]) whose pages may open table connections besides "
            "this server's own; repeat for more, '*' for any. Default: same origin only."
        ),
    ] = None,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            help="Change a limit, NAME=VALUE (repeatable): " + ", ".join(LIMITS) + " (docs/security.md)."
        ),
    ] = None,
    node_id: NodeId = None,
    node_address: NodeAddress = None,
    lease_ttl: LeaseTtl = 10.0,
    trusted_proxy: TrustedProxy = None,
) -> None:
    """Run the web server: lobby, tables, WebSocket play and the browser client."""
    from stammtisch.server.config import Settings, sqlite_url

    if log_level.lower() not in LOG_LEVELS:
        raise typer.BadParameter(f"{log_level!r}: one of {', '.join(LOG_LEVELS)}", param_hint="--log-level")
    log_level = log_level.lower()

    settings = Settings(
        database_url=database_url or sqlite_url(data_dir),
        reconnect_timeout=reconnect_timeout,
        bot_delay=bot_delay,
        finished_ttl=finished_ttl,
        allowed_origins=tuple(allowed_origin or ()),
        node_id=node_id or "",
        node_address=node_address or "",
        lease_ttl=lease_ttl,
        trusted_proxies=tuple(trusted_proxy or ()),
        **parse_limits(limit or []),
    )
    if node_id is not None:
        check_node(settings)
    run(settings, host, port, workers, log_level, ws_compression)


def check_node(settings: Settings) -> None:
    """Node mode needs PostgreSQL: the leases and the hand-over live there."""
    from sqlalchemy.engine import make_url

    if not settings.node_id.strip() or len(settings.node_id) > 60 or " " in settings.node_id:
        raise typer.BadParameter("a name of 1 to 60 characters without spaces", param_hint="--node-id")
    url = make_url(settings.database_url)
    if url.get_backend_name() != "postgresql" or url.get_driver_name() != "psycopg":
        raise typer.BadParameter(
            "several nodes share a PostgreSQL database: --database-url postgresql+psycopg://...",
            param_hint="--node-id",
        )


def run(
    settings: Settings,
    host: str,
    port: int,
    workers: int,
    log_level: str,
    ws_compression: bool,
) -> None:
    """Serve until stopped: one process, or a front and ``workers`` worker processes."""
    import uvicorn

    from stammtisch.server.app import create_app

    check_listen(host, port)
    address = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"  # IPv6 in brackets
    if workers > 1:
        import socket

        from stammtisch.server.front import run_front

        if not hasattr(socket, "send_fds"):
            raise typer.BadParameter(
                "several processes need Unix sockets; use --workers 1 here", param_hint="--workers"
            )

        typer.echo(f"stammtisch on {address}  (database: {settings.database_url}; {workers} processes)")
        raise typer.Exit(run_front(settings, host, port, workers, log_level, ws_compression))
    node = f"; node {settings.node_id}" if settings.node_id else ""
    typer.echo(f"stammtisch on {address}  (database: {settings.database_url}{node})")
    app = create_app(settings)
    tune_gc()
    uvicorn.run(app, host=host, port=port, **uvicorn_options(settings, log_level, ws_compression))
