"""The browser client's files: ``/`` is ``index.html``, ``/t/{id}`` the table page.

Files are looked up per request, so the client can be updated (or added) while the server
runs. Paths are resolved strictly inside the static folder.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from stammtisch.server.errors import ServerError

STATIC = Path(__file__).resolve().parent / "static"

router = APIRouter(include_in_schema=False)

MISSING = (
    "<!doctype html><meta charset=utf-8><title>stammtisch</title>"
    "<p>The browser client is not installed. The API is at <a href=/docs>/docs</a>.</p>"
)


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
