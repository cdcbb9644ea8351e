"""The browser client's files: ``/`` is ``index.html``, ``/t/{id}`` the table page.

Files are looked up per request, so the client can be updated (or added) while the server
runs. Paths are resolved strictly inside the static folder.
"""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from stammtisch.core.i18n import t
from stammtisch.server.errors import ServerError

STATIC = Path(__file__).resolve().parent / "static"

router = APIRouter(include_in_schema=False)

MISSING = (
    "<!doctype html><meta charset=utf-8><title>stammtisch</title>"
    "<p>The browser client is not installed. The API is at <a href=/docs>/docs</a>.</p>"
)


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not a program asking the API): it gets a page back."""
    accept = request.headers.get("accept") or ""
    return (
        request.method in ("GET", "HEAD")
        and "text/html" in accept
        and not request.url.path.startswith("/api/")
    )


def not_found_page(lang: str) -> HTMLResponse:
    """What a person who followed a wrong link sees: the message in their language and the
    way back to the lobby, in the site's style (a program gets the JSON error instead)."""
    message = html.escape(t("not_found", lang))
    back = html.escape(t("web.back_to_lobby", lang))
    page = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{message} · stammtisch</title>"
        '<link rel="icon" type="image/svg+xml" href="/static/favicon.svg">'
        '<link rel="stylesheet" href="/static/style.css">'
        '<link rel="stylesheet" href="/static/style-2.css"></head><body>'
        '<header class="topbar"><a class="brand" href="/">stammtisch</a></header>'
        f'<main id="app"><div class="panel"><p>{message}</p><a class="button" href="/">{back}</a></div>'
        "</main>"
        "</body></html>"
    )
    return HTMLResponse(page, status_code=404)


def _file(name: str) -> Path | None:
    if "\x00" in name:
        return None
    root = STATIC.resolve()
    try:
        path = (root / name).resolve()
        if root not in path.parents or not path.is_file():
            return None
    except (OSError, ValueError):  # a name the file system cannot even look up
        return None
    return path


@router.get("/")
async def index() -> Response:
    path = _file("index.html")
    return FileResponse(path) if path else HTMLResponse(MISSING, status_code=404)


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> Response:
    path = _file("table.html") or _file("index.html")
    return FileResponse(path) if path else HTMLResponse(MISSING, status_code=404)


@router.get("/{name:path}")
async def asset(name: str) -> Response:
    path = _file(name.removeprefix("static/"))
    if path is None:
        raise ServerError("not_found")
    return FileResponse(path)
