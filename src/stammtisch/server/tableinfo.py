"""A live table's ``TableInfo`` (``docs/protocol.md``), and its encoding in three fixed parts
around the fields a move changes (status, version, current player), so that a move does not
encode the seats again; and the legal moves of a state message (:func:`moves_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import orjson

from stammtisch.core.game import JSON, State
from stammtisch.core.i18n import LANGUAGES
from stammtisch.core.words import Names, move_text, remember
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


def moves_json(game: str, state: State[Any], names: Names) -> bytes:
    """The legal moves of the seat to move, each with its description (``State.describe``)
    and its words, in the order of ``legal``:
    ``[{"action": notation, "move": {...}, "text": {"en": ..., "de": ...}}]``."""
    return legal_and_moves(game, state, names)[1]


#: One legal move as a state message carries it, encoded with its words: (game, names,
#: notation, its description as JSON) -> bytes. The same moves come again and again (the
#: same card laid from the same hand, the same peg moved): looked up, a move costs the
#: encoding of its description, where it cost that, its words looked up in both languages
#: and the encoding of the whole. Bounded as the words' memo (``core.words.remember``).
_MOVES: dict[tuple[str, tuple[str | None, ...] | None, str, bytes], bytes] = {}
_MOVES_SIZE = 4_096


def legal_and_moves(game: str, state: State[Any], names: Names) -> tuple[bytes, bytes]:
    """``wire.dumpb(state.legal_notations())`` and the moves of :func:`moves_json`, byte for
    byte, from one list of legal actions (the seat to move gets both in one message)."""
    legal = state.legal_actions()
    notations = [str(a) for a in legal]
    if type(state).legal_notations is not State.legal_notations:  # a game's own: ask it
        legal_json = wire.dumpb(state.legal_notations())
    else:
        legal_json = wire.dumpb(notations)
    who = None if names is None else tuple(names)
    parts: list[bytes] = []
    for action, notation in zip(legal, notations, strict=True):
        move = state.describe(action)
        try:
            described = orjson.dumps(move)
        except TypeError:  # not plain JSON (keys that are not strings): made every time
            parts.append(_encoded(game, notation, move, names))
            continue
        found = _MOVES.get((game, who, notation, described))
        if found is None:
            # Kept: copies of just the bytes (orjson's output sits in a larger buffer).
            key = (game, who, notation, bytes(memoryview(described)))
            found = remember(_MOVES, _MOVES_SIZE, key, partial(_kept, game, notation, move, names))
        parts.append(found)
    return legal_json, b"[" + b",".join(parts) + b"]"


def _kept(game: str, notation: str, move: JSON, names: Names) -> bytes:
    return bytes(memoryview(_encoded(game, notation, move, names)))


def _encoded(game: str, notation: str, move: JSON, names: Names) -> bytes:
    """One legal move: ``{"action", "move", "text"}``, its words in every language."""
    text = {lang: move_text(game, move, lang, names) for lang in LANGUAGES}  # as moves_words
    return wire.dumpb({"action": notation, "move": move, "text": text})
