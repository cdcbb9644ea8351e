"""Process-wide tuning of a long-running server process (``serve`` and its workers), and the
uvicorn settings they share."""

from __future__ import annotations

import gc
from typing import Any

from stammtisch.server.config import WS_MAX_SIZE, Settings

#: Allocations between two young-generation collections of the server (Python's default is
#: 700). Every move allocates views and messages that die young; with the default the
#: collector ran so often that it took ~4% of the server's CPU, with this ~1%.
GC_YOUNG_THRESHOLD = 10_000


def tune_gc() -> None:
    """Garbage collection for a long-running server process (not for library users).

    Everything allocated so far (modules, the app) lives as long as the process: frozen, the
    collector no longer walks it on every full collection. Young collections run less often.
    """
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, older, oldest)


def uvicorn_options(settings: Settings, log_level: str, ws_compression: bool) -> dict[str, Any]:
    """The uvicorn settings of every serving process (``serve`` alone, or each worker)."""
    return {
        "log_level": log_level,
        "ws_max_size": WS_MAX_SIZE,
        "ws_per_message_deflate": ws_compression,
        # X-Forwarded-For names the client only when the connection comes from one of these.
        "proxy_headers": True,
        "forwarded_allow_ips": settings.forwarded_allow_ips(),
    }
