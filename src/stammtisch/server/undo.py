"""Take-backs and timeouts as entries of a table's stored action list.

A table stores every accepted action as an appended row and never deletes one. Two kinds of
entry are not moves of the game:

* ``!undo N``: the seat took back the last ``N`` moves still in force (its own last move and
  everything after it). The position is rebuilt from the seed and the moves still in force,
  so a take-back can only reach a position the game itself reached before.
* ``!timeout``: the seat's turn timer ran out; the next entry is the move a bot made for it.

No game's notation starts with ``!``, so a marker is never read as a move (nor can a client
send one: it would not parse). ``version`` counts every entry; the moves in force are
:func:`in_force`.

:func:`~stammtisch.core.events.reveals` decides when a take-back is no longer allowed: once new hidden information
reached a person at the table (a card dealt or drawn, one received in the Dog exchange or
stolen, cards turned up from the pile or a hand shown on folding). Taking a move back after
that would let the player act on what they were not to know yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import stammtisch
from stammtisch.server.errors import ServerError

if TYPE_CHECKING:
    from stammtisch.server.table import LiveTable

JSON = dict[str, Any]

UNDO_PREFIX = "!undo "
TIMEOUT = "!timeout"


@dataclass
class UndoRequest:
    """A take-back asked for at a table with other people: they accept or refuse."""

    seat: int
    count: int  # moves in force it takes back
    version: int  # the table's version when asked (any move in between ends the request)
    waiting: set[int] = field(default_factory=set)  # seats that have not answered yet
    until: float = 0.0  # epoch seconds; then it counts as refused

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "count": self.count,
            "waiting": sorted(self.waiting),
            "until": round(self.until * 1000),
        }

    def stored(self) -> JSON:
        """As kept with the table (``st_tables.undo_request``), so a restart does not lose it."""
        return {
            "seat": self.seat,
            "count": self.count,
            "version": self.version,
            "waiting": sorted(self.waiting),
        }

    @classmethod
    def restored(cls, stored: Any, version: int) -> UndoRequest | None:
        """The request kept with a table at ``version``; None when there is none, or it was
        made at another version (a move or a take-back since has ended it)."""
        if not isinstance(stored, dict) or stored.get("version") != version:
            return None
        try:
            return cls(
                int(stored["seat"]), int(stored["count"]), version, {int(s) for s in stored["waiting"]}
            )
        except (KeyError, TypeError, ValueError):
            return None


def undo_marker(count: int) -> str:
    return f"{UNDO_PREFIX}{count}"


def is_marker(notation: str) -> bool:
    return notation.startswith("!")


def undo_count(notation: str) -> int:
    """How many moves an ``!undo N`` entry takes back (0 for every other entry)."""
    if notation.startswith(UNDO_PREFIX):
        return int(notation[len(UNDO_PREFIX) :])
    return 0


def in_force(actions: Sequence[tuple[int, str]]) -> list[int]:
    """The 1-based numbers of the stored entries that are moves still in force, in order."""
    kept: list[int] = []
    for i, (_seat, notation) in enumerate(actions, start=1):
        if not is_marker(notation):
            kept.append(i)
        elif (n := undo_count(notation)) > 0:
            del kept[len(kept) - n :]
    return kept


def moves_in_force(actions: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (seat, notation) of the moves in force: the game as it stands."""
    return [actions[i - 1] for i in in_force(actions)]


def marker_entries(actions: Sequence[tuple[int, str]]) -> list[JSON]:
    """The take-backs and timeouts of a game, for its record (``meta.entries``): ``{"entry":
    stored entry number, "after": moves in force before it, "seat", "kind": "undo" or
    "timeout", "moves": [notations taken back] (undo only)}``."""
    out: list[JSON] = []
    for i, (seat, notation) in enumerate(actions, start=1):
        if not is_marker(notation):
            continue
        before = in_force(actions[: i - 1])
        item: JSON = {"entry": i, "after": len(before), "seat": seat}
        n = undo_count(notation)
        if n:
            item["kind"] = "undo"
            item["after"] = len(before) - n
            item["moves"] = [actions[k - 1][1] for k in before[len(before) - n :]]
        else:
            item["kind"] = "timeout"
        out.append(item)
    return out


def span(table: LiveTable, seat: int | None, version: Any) -> int:
    """How many moves in force a take-back by ``seat`` removes: its own last move and
    everything after it. Raises (and changes nothing) when it may not be taken back."""
    if seat is None:
        raise ServerError("bad_token")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise ServerError("bad_message", reason="'version' must be an integer")
    if table.row.status == "waiting":
        raise ServerError("not_started")
    if table.row.status == "over" or table.state is None or table.state.is_terminal:
        raise stammtisch.GameOverError()
    if version is not None and version != table.row.version:
        raise ServerError("stale_version", given=version, current=table.row.version)
    if table.undo_request is not None:
        raise ServerError("undo_pending")
    actions = table.row.actions
    mine = [k for k, i in enumerate(table.in_force) if actions[i - 1][0] == seat]
    if not mine:
        raise ServerError("undo_nothing")
    first = mine[-1]
    # Nobody at the table may have learnt anything new since that move (``reveals``, kept
    # up to date move by move in ``table.undo_floor``).
    if table.in_force[first] <= table.undo_floor:
        raise ServerError("undo_hidden")
    return len(table.in_force) - first
