"""Request and response bodies of the REST API (they generate the OpenAPI document)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """A request body: exact JSON types (no \"2\" for 2, no true for 1) and no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


class SeatSpec(Strict):
    type: Literal["open", "bot"] = Field(description="'open' waits for a person, 'bot' is filled at once.")
    level: str | None = Field(default=None, description="Bot level (see GET /api/bots); bots only.")


class CreateTable(Strict):
    game: str = Field(description="A name from GET /api/games.")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options; defaults for the rest.")
    seats: list[SeatSpec] = Field(
        default_factory=list,
        description="One entry per seat; empty = all open. Sets 'players' when the options do not.",
    )
    nickname: str = Field(description="The creator's nickname.")
    seat: int = Field(default=0, description="The creator's seat (must be an open one).")
    turn_timer: float | None = Field(
        default=None, description="Seconds per turn; when they run out a bot moves for that seat."
    )
    chat: bool = Field(default=True, description="Whether the seated players may chat at this table.")


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["open", "human", "bot"]
    nickname: str | None
    level: str | None
    connected: bool
    away: bool = Field(description="The player is gone and a stand-in bot plays the seat.")


class TableInfo(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    status: Literal["waiting", "playing", "over"]
    version: int = Field(description="Number of accepted actions.")
    seats: list[SeatInfo]
    turn_timer: float | None
    current_player: int | None
    rematch_id: str | None = Field(description="The follow-up table once somebody asked for a rematch.")
    created_at: str


class Created(BaseModel):
    table: TableInfo
    seat: int
    token: str = Field(description="The seat's secret; keep it, it is shown only once.")
    invite_url: str
    spectator_url: str


class Join(Strict):
    nickname: str
    seat: int | None = Field(default=None, description="A particular open seat; default the first.")


class Joined(BaseModel):
    seat: int
    token: str
    table: TableInfo


class TokenBody(Strict):
    token: str


class BotBody(Strict):
    token: str = Field(description="The token of any seated player at this table.")
    level: str


class SuggestBody(Strict):
    token: str = Field(description="The seat's token (the seat to move).")


class TableOnly(BaseModel):
    table: TableInfo


class Suggested(BaseModel):
    action: str
    value: float | None
    text: dict[str, str] | None = Field(default=None, description="The move in words: {de, en}.")


class Suggestion(BaseModel):
    available: bool = Field(description="Always true (the hint engine is part of the package).")
    version: int
    code: str | None
    message: str | None
    actions: list[Suggested]


class LogEntry(BaseModel):
    move: int = Field(description="1-based move number (the table version after it).")
    seat: int = Field(description="The seat that moved.")
    last: Any = Field(
        description="observe(recipient)['last'] after the move: what the recipient knows of it."
    )


class Replay(BaseModel):
    views: list[dict[str, Any]] = Field(
        description="Spectator view (observe(None)) before the first move, then after each move."
    )
    log: list[LogEntry] = Field(description="The spectator's log, as over the WebSocket.")
    record: dict[str, Any] = Field(description="The game record (as GET .../record).")


class Bots(BaseModel):
    levels: list[str]
    kinds: list[str]


class ErrorDetail(BaseModel):
    code: str
    message: str
    params: dict[str, Any]


class ErrorBody(BaseModel):
    error: ErrorDetail
