"""A Zwickern state whose round in play lives in compiled code, for fast play.

:class:`TableState` is a :class:`ZwickernState` that keeps what changes from move to move
(hands, table, pile, capture piles, the seat to move, the last capturer, the lacks, the
last move) in one ``_table.Table`` (small integers in a C struct, ``_table.c``).
``legal_actions``, ``apply_unchecked`` (the play, the redeal of ZW-6, the next seat),
``clone``, ``current_player`` and ``is_terminal`` run on it. Everything else is the pure
engine's: the first time any of those fields is read (views, events, scores, to_json, …)
the state fills its Python fields from the table and drops it for good, so from then on it
*is* a pure :class:`ZwickernState`. The end of a round (ZW-7, the scoring, the next deal
with the state's RNG) runs in Python too, after which the next round goes on a table again.

The pure engine stays the specification; tests/games/zwickern/test_zwickern_table.py plays
seeded games on both and compares position, legal moves and events after every move. Where
the extension is not built, or ``STAMMTISCH_PURE`` is set, :func:`on_table` returns the
pure state and nothing changes (read when a game is created, as for the Dog core:
``ZwickernGame.compiled``).
"""

from __future__ import annotations

import importlib
from typing import Any

from stammtisch.core.compiled import forced_pure
from stammtisch.games.zwickern.actions import PLAYS, PlayCard
from stammtisch.games.zwickern.state import ZwickernState

try:  # imported by name so that this module does not import its own package
    _ext: Any = importlib.import_module("stammtisch.games.zwickern._table")
except ImportError:  # not built (no C compiler at install): the pure engine runs
    _ext = None
if _ext is not None and getattr(_ext, "API", 0) != 1:  # an older build left in place
    _ext = None
if _ext is not None:
    _ext.bind(tuple(PLAYS))

# The ZwickernState fields the table holds; reading any of them makes the state pure.
TABLE_FIELDS = ("hands", "table", "deck", "captured", "current", "last_capturer", "lacks", "last")


def compiled_available() -> bool:
    """Whether the compiled table was built and imports."""
    return _ext is not None


def table_for() -> bool:
    """Whether a game created now plays on the compiled table (built, not forced off)."""
    return _ext is not None and not forced_pure()


def describe() -> str:
    """One line for ``stammtisch info zwickern``: the engine in use."""
    if _ext is None:
        return "pure Python (compiled table not built, or built from an older _table.c)"
    if forced_pure():
        return "pure Python (STAMMTISCH_PURE is set; compiled table available)"
    return "compiled table (the round in play; deals and scoring in Python)"


def on_table(state: ZwickernState) -> ZwickernState:
    """``state`` as a :class:`TableState` when the compiled table can hold it (the game runs
    on it, a round in play); else ``state`` itself."""
    if not state.game.compiled or state.current is None:
        return state
    if isinstance(state, TableState) and state._c is not None:
        return state
    table = _ext.table(
        state.n,
        int(state.game.forced_capture),
        state.dealer,
        state.current,
        -1 if state.last_capturer is None else state.last_capturer,
        state.hands,
        state.table,
        state.deck,
        state.captured,
        state.lacks,
        state.last,
    )
    t = TableState.__new__(TableState)
    _copy_round(state, t)
    t._origin = state._origin
    t._c = table
    return t


def round_fields(state: ZwickernState) -> tuple[Any, ...]:
    """``(hands, table, deck, captured, current, last_capturer, lacks, last)`` of ``state``,
    read from its table without making it pure when it has one (for encoders)."""
    c = getattr(state, "_c", None)
    if c is not None:
        fields: tuple[Any, ...] = c.export()
        return fields
    return (
        state.hands,
        state.table,
        state.deck,
        state.captured,
        state.current,
        state.last_capturer,
        state.lacks,
        state.last,
    )


def _copy_round(src: ZwickernState, dst: ZwickernState) -> None:
    """The fields the table does not hold (they change only between rounds)."""
    dst.game = src.game
    dst.n = src.n
    dst.dealer = src.dealer
    dst.round = src.round
    dst.match_points = src.match_points
    dst.round_results = src.round_results
    dst.rng = src.rng
    dst._legal = None


class TableState(ZwickernState):
    """A ZwickernState backed by a ``_table.Table`` until a table field is read."""

    __slots__ = ("_c",)
    _c: Any  # the Table, or None once the state is pure

    def _unpack(self) -> None:
        """Fill the Python fields from the table and drop it: the state is pure now."""
        c = self._c
        hands, table, deck, captured, current, last_capturer, lacks, last = c.export()
        self._c = None
        put = _SLOT_SET
        put["hands"](self, hands)
        put["table"](self, table)
        put["deck"](self, deck)
        put["captured"](self, captured)
        put["current"](self, current)
        put["last_capturer"](self, last_capturer)
        put["lacks"](self, lacks)
        put["last"](self, last)

    # --- the fast path ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        c = self._c
        if c is None:
            return self.current
        cur: int = c.current
        return cur

    @property
    def is_terminal(self) -> bool:
        c = self._c
        return self.current is None if c is None else False  # a table holds a round in play

    def legal_actions(self) -> list[PlayCard]:
        c = self._c
        if c is None:
            return ZwickernState.legal_actions(self)
        legal = self._legal
        if legal is None:
            legal = self._legal = c.legal()
        return legal

    def clone(self) -> Any:  # a TableState, or the pure state once this one is pure
        c = self._c
        if c is None:
            return ZwickernState.clone(self)
        s = TableState.__new__(TableState)
        _copy_round(self, s)
        s._c = c.copy()
        return s

    def _apply_in_place(self, action: PlayCard) -> None:
        c = self._c
        if c is None:
            ZwickernState._apply_in_place(self, action)
            return
        self._legal = None
        if c.play(action.card):
            # Every hand and the pile are empty: ZW-7, the scoring and the next deal as the
            # pure engine does them, then the next round on a table again.
            self._unpack()
            self._end_round()
            if self.current is not None:
                nxt = on_table(ZwickernState.clone(self))
                if isinstance(nxt, TableState):
                    self._c = nxt._c

    def __reduce_ex__(self, protocol: Any) -> Any:
        # The table itself is not pickled: a pure copy of the state is (and comes back).
        return (_same, (ZwickernState.clone(self),))


def _same(state: ZwickernState) -> ZwickernState:
    """Unpickling a TableState gives its pure copy (see ``__reduce_ex__``)."""
    return state


# The slots' own descriptors (ZwickernState's): set without going through the properties.
_SLOT_SET = {name: ZwickernState.__dict__[name].__set__ for name in TABLE_FIELDS}


def _table_field(name: str) -> property:
    """ZwickernState's field ``name`` on a TableState: reading or setting it first fills the
    Python fields from the table (the state is pure from then on)."""
    slot = ZwickernState.__dict__[name]

    def get(self: TableState) -> Any:
        if self._c is not None:
            self._unpack()
        return slot.__get__(self, TableState)

    def put(self: TableState, value: Any) -> None:
        if self._c is not None:
            self._unpack()
        slot.__set__(self, value)

    return property(get, put, doc=f"ZwickernState.{name}, from the table when first read")


for _name in TABLE_FIELDS:
    setattr(TableState, _name, _table_field(_name))

__all__ = ["TableState", "compiled_available", "describe", "on_table", "round_fields", "table_for"]
