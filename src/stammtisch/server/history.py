"""A game's past, rebuilt on demand from seed and stored actions.

A live table keeps only its current position. Whatever needs earlier positions (the move
log of a recipient who was not watching, the replay of a finished game) replays the game
from its seed here, as plain functions that can run in a worker thread.

A log entry is what one recipient may know about one move: ``{"move": i, "seat": actor,
"last": ..., "events": ...}``, the ``last`` and ``events`` of ``observe(recipient)`` after
move ``i`` (the events filtered for that recipient: ``State.events``), and ``"text":
{"de": ..., "en": ...}``, those events in words (:mod:`stammtisch.core.words`) in both
languages, so a client switches language without asking again. It is never built from the
raw notation, which may name a card given or stolen face down.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

import orjson

from stammtisch.core.game import JSON, Game, State
from stammtisch.core.i18n import LANGUAGES, t, tn
from stammtisch.core.words import Names, entry_text, entry_words, remember, seat_name
from stammtisch.server import wire
from stammtisch.server.undo import TIMEOUT, in_force, is_marker, undo_count

Recipient = int | None


def entry(move: int, seat: int, view: JSON | None, game: str, names: Names = None) -> JSON:
    """One log entry (as JSON) from the recipient's view after ``move``."""
    events = [] if view is None else view.get("events", [])
    return {
        "move": move,
        "seat": seat,
        "last": None if view is None else view.get("last"),
        "events": events,
        "text": entry_words(game, events, names),
    }


#: The words of a log line, encoded: (game, names, its events as JSON) -> ``{"en":…,"de":…}``
#: as bytes. Looked up, an entry costs the encoding of its events and its ``last``, where it
#: cost those, the words looked up and the whole entry encoded (bounded as ``core.words``).
_TEXTS: dict[tuple[str, tuple[str | None, ...] | None, bytes], bytes] = {}
_TEXTS_SIZE = 4_096


def log_entry(move: int, seat: int, view: JSON | None, game: str, names: Names = None) -> bytes:
    """One encoded log entry from the recipient's view after ``move``: ``wire.dumpb_kept(entry(
    ...))``, byte for byte, put together from its encoded parts."""
    if view is None or type(move) is not int or type(seat) is not int:
        return wire.dumpb_kept(entry(move, seat, view, game, names))
    events = view.get("events", [])
    try:
        encoded = orjson.dumps(events)
    except TypeError:  # not plain JSON (keys that are not strings): the whole entry at once
        return wire.dumpb_kept(entry(move, seat, view, game, names))
    who = None if names is None else tuple(names)
    text = _TEXTS.get((game, who, encoded))
    if text is None:
        key = (game, who, bytes(memoryview(encoded)))  # kept: a copy of just the bytes
        text = remember(_TEXTS, _TEXTS_SIZE, key, partial(_words_json, game, events, names))
    return b'{"move":%d,"seat":%d,"last":%s,"events":%s,"text":%s}' % (
        move,
        seat,
        wire.dumpb(view.get("last")),
        encoded,
        text,
    )


def _words_json(game: str, events: Sequence[JSON], names: Names) -> bytes:
    """``entry_words`` encoded (made here: this memo is in front of the words' own)."""
    return wire.dumpb_kept({lang: entry_text(game, events, lang, names) for lang in LANGUAGES})


def marker_entry(move: int, seat: int, actions: Sequence[tuple[int, str]], names: Names = None) -> JSON:
    """The log entry of a stored entry that is not a move (``stammtisch.server.undo``).

    A take-back: ``{"move", "seat", "undo": [the entries taken back], "last": null, "events":
    [], "text"}``; a timeout: ``{..., "timeout": true, ...}``. The same for every recipient:
    it names moves everybody has already been told about, nothing else.
    """
    notation = actions[move - 1][1]
    out: JSON = {"move": move, "seat": seat, "last": None, "events": []}
    if notation == TIMEOUT:
        out["timeout"] = True
        out["text"] = {lang: t("log.timeout", lang, name=seat_name(names, seat, lang)) for lang in LANGUAGES}
    else:
        n = undo_count(notation)
        before = in_force(actions[: move - 1])
        out["undo"] = before[len(before) - n :]
        out["text"] = {lang: tn("log.undo", n, lang, name=seat_name(names, seat, lang)) for lang in LANGUAGES}
    return out


def positions(game: Game[Any], seed: int, actions: Sequence[tuple[int, str]]) -> Iterator[State[Any]]:
    """The position before the first move, then after each stored entry.

    Stored actions were checked when they were accepted (and once more when the table was
    loaded), so the trusted fast path is used. A take-back goes back to the position before
    the moves it takes back; a timeout leaves the position as it is.
    """
    state = game.new_game(seed)
    yield state
    earlier: list[State[Any]] | None = [] if any(n.startswith("!") for _, n in actions) else None
    for _seat, notation in actions:
        if is_marker(notation):
            n = undo_count(notation)
            if n and earlier is not None:
                state = earlier[len(earlier) - n]
                del earlier[len(earlier) - n :]
            yield state
            continue
        if earlier is not None:
            earlier.append(state)
        state = state.apply_unchecked(state.parse_action(notation))
        yield state


def build_log(
    game: Game[Any],
    seed: int,
    actions: Sequence[tuple[int, str]],
    recipient: Recipient,
    start: int,
    names: Names = None,
) -> list[bytes]:
    """The recipient's log entries for moves ``start + 1`` .. ``len(actions)``."""
    out: list[bytes] = []
    for move, state in enumerate(positions(game, seed, actions)):
        if move > start:
            seat, notation = actions[move - 1]
            if is_marker(notation):
                out.append(wire.dumpb_kept(marker_entry(move, seat, actions, names)))
            else:
                out.append(log_entry(move, seat, state.observe(recipient), game.name, names))
    return out


def replay_json(
    game: Game[Any], seed: int, actions: Sequence[tuple[int, str]], record: JSON, names: Names = None
) -> bytes:
    """``{"views": [spectator view after 0..n moves], "hands": [[each seat's hand] after 0..n
    moves], "log": [...], "record": {...}}``.

    What the replay viewer steps through (static/README.md). The views are the spectator's;
    the hands come beside them, because there is a replay only once the game is over, and
    then nothing is secret any more: the viewer shows every hand open.
    """
    views: list[JSON] = []
    hands: list[list[Any]] = []
    log: list[JSON] = []
    seats = range(game.num_players)
    for move, state in enumerate(positions(game, seed, actions)):
        view = state.observe(None)
        views.append(view)
        hands.append([state.observe(p).get("hand") for p in seats])
        if move > 0:
            seat, notation = actions[move - 1]
            if is_marker(notation):
                log.append(marker_entry(move, seat, actions, names))
            else:
                log.append(entry(move, seat, view, game.name, names))
    return wire.dumpb({"views": views, "hands": hands, "log": log, "record": record})
