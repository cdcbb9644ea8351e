"""The lobby's REST API (WS_PROTOCOL.md); errors come back as ``{"error": {...}}``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

import stammtisch
from stammtisch.bots import BOT_KINDS, LEVELS
from stammtisch.core import i18n
from stammtisch.core.helppage import help_page
from stammtisch.server import listing, schemas
from stammtisch.server.hub import Hub
from stammtisch.server.table import LiveTable

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": schemas.ErrorBody} for code in (400, 403, 404, 405, 409, 413, 421, 422, 429)
}

router = APIRouter(prefix="/api", responses=ERRORS)

Lang = Annotated[str | None, Query(description="Language of messages: de or en.")]


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def address(request: Request) -> str:
    """The client's address, for the limits per address."""
    return request.client.host if request.client is not None else "-"


def info(table: LiveTable) -> schemas.TableInfo:
    return schemas.TableInfo.model_validate(table.info())


@router.get("/games", summary="The games and their options")
async def list_games() -> list[dict[str, Any]]:
    return [stammtisch.info(name).to_json() for name in stammtisch.games()]


@router.get("/bots", summary="Bot levels and kinds")
async def list_bots() -> schemas.Bots:
    return schemas.Bots(levels=list(LEVELS), kinds=sorted(BOT_KINDS))


@router.get("/i18n/{lang}", summary="The browser's texts in one language (from the catalogue)")
async def browser_texts(lang: str) -> dict[str, Any]:
    """The ``web.*`` part of the message catalogue; a plural is the list of its forms.

    An unknown language gets English (``lang`` in the answer says which one was sent).
    """
    code = i18n.language(lang)
    return {"lang": code, "messages": i18n.web_messages(code)}


@router.get("/help/{game}/{lang}", summary="A game's rules page in one language (from the catalogue)")
async def rules_page(game: str, lang: str) -> dict[str, Any]:
    """Title, introduction and sections of the rules page, with one explanation per option;
    ``page`` is null for a game without one. An unknown game is a 404."""
    code = i18n.language(lang)
    return {"game": game, "lang": code, "page": help_page(stammtisch.info(game), code)}


@router.post("/tables", summary="Open a table; the creator takes a seat")
async def create_table(body: schemas.CreateTable, request: Request) -> schemas.Created:
    hub = hub_of(request)
    hub.limits.table_created(address(request))
    table, seat, token = await hub.create(
        body.game,
        body.options,
        [s.model_dump() for s in body.seats],
        body.nickname,
        body.seat,
        body.turn_timer,
        chat=body.chat,
    )
    return schemas.Created(
        table=info(table),
        seat=seat,
        token=token,
        invite_url=f"/t/{table.id}",
        spectator_url=f"/t/{table.id}?watch=1",
    )


@router.get("/tables", summary="Tables waiting for players, in play, or finished")
async def open_tables(
    request: Request,
    status: Annotated[
        Literal["waiting", "playing", "over"],
        Query(description="waiting (to join), playing (to watch) or over (to replay); newest first"),
    ] = "waiting",
) -> list[schemas.TableInfo]:
    infos = await listing.table_infos(hub_of(request).registry, status)
    return [schemas.TableInfo.model_validate(i) for i in infos]


@router.get("/tables/{table_id}", summary="One table (public information)")
async def get_table(table_id: str, request: Request) -> schemas.TableInfo:
    return info(await hub_of(request).get(table_id))


@router.post("/tables/{table_id}/join", summary="Take an open seat (the invite link's page calls this)")
async def join(table_id: str, body: schemas.Join, request: Request) -> schemas.Joined:
    hub = hub_of(request)
    hub.limits.joined(address(request))
    seat, token = await hub.join(table_id, body.nickname, body.seat)
    return schemas.Joined(seat=seat, token=token, table=info(await hub.get(table_id)))


@router.post("/tables/{table_id}/leave", summary="Give up one's seat")
async def leave(table_id: str, body: schemas.TokenBody, request: Request) -> schemas.TableOnly:
    return schemas.TableOnly(table=info(await hub_of(request).leave(table_id, body.token)))


@router.post("/tables/{table_id}/seats/{seat}/bot", summary="Fill an open seat with a bot")
async def fill_bot(table_id: str, seat: int, body: schemas.BotBody, request: Request) -> schemas.TableOnly:
    table = await hub_of(request).fill_with_bot(table_id, seat, body.token, body.level)
    return schemas.TableOnly(table=info(table))


@router.post("/tables/{table_id}/rematch", summary="A new game with the same players (same tokens)")
async def rematch(table_id: str, body: schemas.TokenBody, request: Request) -> schemas.TableOnly:
    hub_of(request).limits.table_created(address(request))
    return schemas.TableOnly(table=info(await hub_of(request).rematch(table_id, body.token)))


@router.get("/tables/{table_id}/record", summary="The game record (finished games only)")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    return await hub_of(request).record(table_id)


@router.get(
    "/tables/{table_id}/replay",
    summary="A finished game step by step: the spectator's view after every move, the log, the record",
    response_model=schemas.Replay,
)
async def replay(table_id: str, request: Request) -> Response:
    # Encoded once per finished table (cached): a long Dog game has thousands of views.
    return Response(await hub_of(request).replay(table_id), media_type="application/json")


@router.post("/tables/{table_id}/suggest", summary="Hint: the seat's legal moves ranked, best first")
async def suggest(
    table_id: str, body: schemas.SuggestBody, request: Request, lang: Lang = None
) -> schemas.Suggestion:
    """Only the seat to move, with its own token (in the body, never in the URL); the search
    sees only that seat's view.

    ``value``: Dog the chance that the seat's team wins (0..1), the card games the expected
    game points of the seat. About a second at most (the answer is shared by repeated asks).
    """
    hub = hub_of(request)
    with hub.limits.hint(address(request)):
        out = await hub.suggest(table_id, body.token)
    return schemas.Suggestion(
        available=out["available"],
        version=out["version"],
        code=out["code"],
        message=None,
        actions=[schemas.Suggested(**a) for a in out["actions"]],
    )
