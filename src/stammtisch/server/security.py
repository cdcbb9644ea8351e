"""What a server on the open internet needs besides the game: headers, origins, log hygiene.

* :class:`SecurityHeaders`: every answer carries ``X-Content-Type-Options: nosniff`` and a
  ``Referrer-Policy``; every page a Content-Security-Policy that allows only the server's
  own scripts, styles and connections and no framing by other sites (the interactive API
  pages ``/docs`` and ``/redoc`` load their scripts from a CDN and get a policy that says
  so).
* :class:`BodyLimit`: a request body over :data:`MAX_BODY_BYTES` is refused (413) before it
  is read into memory.
* :func:`origin_allowed`: whether a WebSocket's ``Origin`` may open a table connection
  (same origin by default, ``Settings.allowed_origins`` for more).
* :class:`RedactTokens`: a logging filter that blanks anything that looks like a seat token
  in a URL (``token=...``), in case an old client still puts one there.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stammtisch.server.errors import ServerError, pick_language

#: Largest request body the REST API reads (its bodies are a few hundred bytes).
MAX_BODY_BYTES = 64 * 1024

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The API pages (Swagger UI, ReDoc) are FastAPI's: scripts and styles from its CDN.
DOCS_CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; connect-src 'self'; worker-src blob:; base-uri 'none'; "
    "frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")

COMMON_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = DOCS_CSP if path.startswith(DOCS_PATHS) else CSP
        extra = [*COMMON_HEADERS, (b"content-security-policy", csp.encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                add = [(k, v) for k, v in extra if k not in have]
                message = {**message, "headers": [*message.get("headers", []), *add]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 ``body_too_large``."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await self._refuse(scope, send)
            return
        seen = 0

        async def counting() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:  # chunked, longer than it said
                    raise ServerError("body_too_large", limit=self.limit)
            return message

        await self.app(scope, counting, send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        headers = dict(scope.get("headers", []))
        lang = pick_language(None, headers.get(b"accept-language", b"").decode("latin-1"))
        body = orjson.dumps({"error": ServerError("body_too_large", limit=self.limit).to_json(lang)})
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _origin_of(url: str) -> str:
    parts = urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}".lower()


def origin_allowed(headers: Mapping[str, str], allowed: Iterable[str]) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may connect.

    No ``Origin`` (not a browser: browsers always send one): allowed, the seat token is
    what protects a seat. Otherwise the origin's host must be the ``Host`` the client
    asked for, or be listed in ``allowed`` (``"*"``: any).
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    listed = {_origin_of(a) if a != "*" else "*" for a in allowed}
    if "*" in listed or _origin_of(origin) in listed:
        return True
    host = (headers.get("host") or "").strip().lower()
    return bool(host) and urlsplit(origin.strip()).netloc.lower() == host


_TOKEN_IN_URL = re.compile(r"(?i)(token=)[^&\s\"']+")
_TOKEN_IN_JSON = re.compile(r"(?i)(\\?[\"']token\\?[\"']\s*:\s*\\?[\"'])[^\"'\\]+")


def redact(text: str) -> str:
    """``text`` with seat tokens blanked (in URLs and in JSON such as a ``hello`` frame)."""
    return _TOKEN_IN_JSON.sub(r"\1[redacted]", _TOKEN_IN_URL.sub(r"\1[redacted]", text))


class RedactTokens(logging.Filter):
    """Blank seat tokens in log records: uvicorn's access log prints whole URLs, and the
    ``websockets`` library logs every frame at debug level."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # a broken record: leave it to the logging module
            return True
        clean = redact(text)
        if clean != text:
            record.msg, record.args = clean, None
        return True


LOGGERS = ("", "uvicorn", "uvicorn.access", "uvicorn.error", "stammtisch.server", "stammtisch.server.front")


def install_log_filter() -> None:
    """Put :class:`RedactTokens` on the loggers that print requests, and on their handlers
    (a logger's filter does not see its children's records; a handler's does)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for target in (logger, *logger.handlers):
            if not any(isinstance(f, RedactTokens) for f in target.filters):
                target.addFilter(RedactTokens())
