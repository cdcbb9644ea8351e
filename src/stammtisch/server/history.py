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
from typing import Any

from stammtisch.core.game import JSON, Game, State
from stammtisch.core.words import Names, entry_words
from stammtisch.server import wire

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


def log_entry(move: int, seat: int, view: JSON | None, game: str, names: Names = None) -> bytes:
    """One encoded log entry from the recipient's view after ``move``."""
    return wire.dumpb_kept(entry(move, seat, view, game, names))


def positions(game: Game[Any], seed: int, actions: Sequence[tuple[int, str]]) -> Iterator[State[Any]]:
    """The position before the first move, then after each stored action.

    Stored actions were checked when they were accepted (and once more when the table was
    loaded), so the trusted fast path is used.
    """
    state = game.new_game(seed)
    yield state
    for _seat, notation in actions:
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
            out.append(log_entry(move, actions[move - 1][0], state.observe(recipient), game.name, names))
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
            log.append(entry(move, actions[move - 1][0], view, game.name, names))
    return wire.dumpb({"views": views, "hands": hands, "log": log, "record": record})
