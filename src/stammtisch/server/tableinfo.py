"""A live table's ``TableInfo`` (``docs/protocol.md``), and its encoding in three fixed parts
around the fields a move changes (status, version, current player), so that a move does not
encode the seats again; and the legal moves of a state message (:func:`moves_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.game import JSON, State
from stammtisch.core.words import moves_words
from stammtisch.server import wire
from stammtisch.server.db.repo import TableRow

Parts = tuple[bytes, bytes, bytes]


def info(
    row: TableRow, options: Mapping[str, Any], connections: list[int], away: list[bool], current: int | None
) -> JSON:
    return {
        "id": row.id,
        "game": row.game,
        "options": dict(options),
        "status": row.status,
        "version": row.version,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "nickname": s.nickname,
                "level": s.level,
                "connected": s.kind == "bot" or connections[s.seat] > 0,
                "away": s.kind == "human" and away[s.seat],
            }
            for s in row.seats
        ],
        "turn_timer": row.turn_timer,
        "current_player": current,
        "rematch_id": row.rematch_id,
        "created_at": row.created_at.isoformat(),
    }


def parts(data: JSON) -> Parts:
    """``data`` encoded around status, version and current player."""
    dumpb = wire.dumpb
    return (
        b'{"id":%s,"game":%s,"options":%s,"status":'
        % (dumpb(data["id"]), dumpb(data["game"]), dumpb(data["options"])),
        b',"seats":%s,"turn_timer":%s,"current_player":' % (dumpb(data["seats"]), dumpb(data["turn_timer"])),
        b',"rematch_id":%s,"created_at":%s}' % (dumpb(data["rematch_id"]), dumpb(data["created_at"])),
    )


def join(p: Parts, status: str, version: int, current: int | None) -> bytes:
    """``wire.dumpb(info(...))``, byte for byte, from its parts."""
    return b'%s%s,"version":%d%s%s%s' % (
        p[0],
        wire.dumpb(status),
        version,
        p[1],
        b"null" if current is None else b"%d" % current,
        p[2],
    )


def moves_json(game: str, state: State[Any], names: list[str | None]) -> bytes:
    """The legal moves of the seat to move, each with its description (``State.describe``)
    and its words, in the order of ``legal``:
    ``[{"action": notation, "move": {...}, "text": {"de": ..., "en": ...}}]``."""
    legal = state.legal_actions()
    moves = [state.describe(a) for a in legal]
    texts = moves_words(game, moves, names)
    return wire.dumpb(
        [
            {"action": str(a), "move": m, "text": {lang: texts[lang][i] for lang in texts}}
            for i, (a, m) in enumerate(zip(legal, moves, strict=True))
        ]
    )
