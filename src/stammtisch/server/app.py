"""The FastAPI application: lifespan (migrate, resume tables), error shape, routes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import stammtisch
from stammtisch.core.errors import StammtischError
from stammtisch.server import api, static, ws
from stammtisch.server.config import Settings
from stammtisch.server.db.engine import make_engine
from stammtisch.server.db.migrate import upgrade
from stammtisch.server.db.writer import DbWriter
from stammtisch.server.errors import HTTP_STATUS, ServerError, pick_language
from stammtisch.server.hub import Hub


def _lang(request: Request) -> str:
    return pick_language(request.query_params.get("lang"), request.headers.get("accept-language"))


class OneRequestPerConnection:
    """With several worker processes: every plain HTTP answer closes its connection.

    The front process routes a connection by the path of its first request, so a second
    request on the same connection, perhaps for a table of another worker, must come on a
    new connection. The answer also names the worker (``X-Stammtisch-Worker``).
    WebSockets are not affected: one connection is one table.
    """

    def __init__(self, app: ASGIApp, worker: int) -> None:
        self.app = app
        self.extra = [(b"connection", b"close"), (b"x-stammtisch-worker", str(worker).encode())]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_closing(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.extra]}
            await send(message)

        await self.app(scope, receive, send_closing)


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        upgrade(engine)
        writer = DbWriter(engine)
        hub = Hub(settings, writer)
        app.state.hub = hub
        app.state.writer = writer
        try:
            await hub.resume()
            yield
        finally:
            await hub.close()
            writer.close()

    app = FastAPI(
        title="stammtisch",
        version=stammtisch.__version__,
        description="Open a table for Dog, Himmel A… und Zwirn or Zwickern, invite friends, "
        "fill seats with bots and play over WebSocket (see docs/protocol.md).",
        lifespan=lifespan,
    )

    @app.exception_handler(StammtischError)
    async def coded_error(request: Request, exc: StammtischError) -> JSONResponse:
        status = exc.status if isinstance(exc, ServerError) else HTTP_STATUS.get(exc.code, 400)
        return JSONResponse({"error": exc.to_json(_lang(request))}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        reason = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in exc.errors()
        )
        err = ServerError("bad_request", reason=reason)
        return JSONResponse({"error": err.to_json(_lang(request))}, status_code=422)

    app.include_router(api.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", ws.table_socket)
    app.include_router(static.router)
    if settings.workers > 1:
        app.add_middleware(OneRequestPerConnection, worker=settings.worker)
    return app
