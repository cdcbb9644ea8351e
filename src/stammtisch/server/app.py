"""The FastAPI application: lifespan (migrate, resume tables), error shape, routes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
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
from stammtisch.server.security import BodyLimit, SecurityHeaders, install_log_filter


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
        install_log_filter()  # after uvicorn has set up its loggers
        writer = DbWriter(engine)
        hub = Hub(settings, writer)
        app.state.hub = hub
        app.state.writer = writer
        leases = None
        if settings.node_id:  # several nodes on one PostgreSQL database (docs/deploy.md)
            from stammtisch.server.lease import Leases

            leases = Leases(hub)
        try:
            await hub.resume()
            if leases is not None:
                await leases.start()
            yield
        finally:
            if leases is not None:
                await leases.close()
            await hub.close()
            writer.close()

    app = FastAPI(
        title="stammtisch",
        version=stammtisch.__version__,
        description="Open a table for Dog, Himmel A… und Zwirn or Zwickern, invite friends, "
        "fill seats with bots and play over WebSocket (see docs/protocol.md).",
        lifespan=lifespan,
    )

    answer_errors(app)

    @app.get("/healthz", include_in_schema=False)
    async def health(request: Request) -> JSONResponse:
        """For the proxy's health checks: this node answers and reaches its database."""
        writer: DbWriter = request.app.state.writer
        try:
            await asyncio.wait_for(writer.run(lambda c: c.exec_driver_sql("SELECT 1").scalar()), 5)
        except Exception:
            return JSONResponse({"ok": False, "node": settings.node_id}, status_code=503)
        return JSONResponse({"ok": True, "node": settings.node_id})

    app.include_router(api.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", ws.table_socket)
    app.include_router(static.router)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    if settings.workers > 1:
        app.add_middleware(OneRequestPerConnection, worker=settings.worker)
    return app


def answer_errors(app: FastAPI) -> None:
    """Every refusal in the documented error shape, in the asker's language; a browser asking
    for a page that is not there gets a page instead (``static.not_found_page``)."""

    @app.exception_handler(StammtischError)
    async def coded_error(request: Request, exc: StammtischError) -> Response:
        status = exc.status if isinstance(exc, ServerError) else HTTP_STATUS.get(exc.code, 400)
        if exc.code == "not_found" and static.wants_page(request):
            return static.not_found_page(_lang(request))
        return JSONResponse({"error": exc.to_json(_lang(request))}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        err = validation_error(exc.errors())
        return JSONResponse({"error": err.to_json(_lang(request))}, status_code=err.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code == 404:
            if static.wants_page(request):
                return static.not_found_page(_lang(request))
            err = ServerError("not_found")
        elif exc.status_code == 405:
            allowed = allowed_methods(app, request.scope)
            headers["Allow"] = ", ".join(allowed)
            err = ServerError("method_not_allowed", method=request.method, allowed=", ".join(allowed))
        elif exc.status_code == 400:
            err = ServerError("bad_body")
        else:
            err = ServerError("bad_request", reason=str(exc.detail))
        return JSONResponse(
            {"error": err.to_json(_lang(request))}, status_code=exc.status_code, headers=headers
        )


def _routes(routes: Any) -> Any:
    """Every route, also those of included routers (FastAPI keeps those as one entry)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _routes(inner.routes)
        else:
            yield route


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route serves at this path (Starlette names only the first route's)."""
    methods: set[str] = set()
    fallback: set[str] = set()  # the static files' catch-all matches every path
    probe = {**scope, "type": "http"}
    for route in _routes(app.router.routes):
        match, _ = route.matches(probe)
        if match != Match.NONE:
            (fallback if getattr(route, "name", "") == "asset" else methods).update(
                getattr(route, "methods", None) or ()
            )
    methods = methods or fallback
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


#: What the field-type errors of pydantic ask for, in the players' words.
EXPECTED: dict[str, tuple[str, str]] = {
    "int": ("a whole number", "eine ganze Zahl"),
    "bool": ("true or false", "true oder false"),
    "string": ("a text", "ein Text"),
    "float": ("a number", "eine Zahl"),
    "dict": ("an object", "ein Objekt"),
    "model": ("an object", "ein Objekt"),
    "model_attributes": ("an object", "ein Objekt"),
    "list": ("a list", "eine Liste"),
    "none": ("null", "null"),
}


TYPE_TAGS = {"int", "float", "str", "bool", "none", "dict", "list", "function-after", "literal"}


def validation_error(errors: Any) -> ServerError:
    """The first problem of a request that does not validate, as a coded error."""
    first: dict[str, Any] = next(iter(errors), {})
    kind = str(first.get("type", ""))
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path")]
    while len(loc) > 1 and loc[-1] in TYPE_TAGS:  # the member of a union that was tried
        loc.pop()
    field = ".".join(loc) or "body"
    if kind in ("json_invalid", "json_type"):
        return ServerError("bad_body")
    if kind == "missing":
        return ServerError("missing_field", field=field)
    if kind == "extra_forbidden":
        return ServerError("unknown_field", field=field)
    base = kind.removesuffix("_type").removesuffix("_parsing")
    if kind.endswith(("_type", "_parsing")) and base in EXPECTED:
        en, de = EXPECTED[base]
        return ServerError("field_type", field=field, expected_en=en, expected_de=de)
    return ServerError("field_value", field=field)
