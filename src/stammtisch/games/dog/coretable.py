"""A Dog state whose position lives in the compiled core (no thefts), for fast play.

:class:`TableState` is a :class:`DogState` that keeps its whole position in one
``_core.Table`` (integers in a C struct: pegs, hands, pile, discards, exchange, round,
RNG; see ``_core.c``) instead of its Python fields. What a random playout or a search
does in every step runs on the table: ``legal_actions`` (move codes, actions made when
read, see :mod:`.coded`), ``apply_unchecked`` (play, give or fold, the advance to the
next seat and the next deal in C), ``clone`` (one struct copy), ``current_player``,
``is_terminal`` and ``returns``.

Everything else is the pure engine's: the first time any other field is read (``pos``,
``hands``, ``to_json``, views, events, the invariants, parsing notation, …) the state
fills its Python fields from the table and drops the table for good, so from then on
it *is* a pure :class:`DogState` (and so are the states that follow from it). The
pure engine thus stays the specification for all of it; the differential tests in
``tests/games/dog/test_dog_table.py`` check that both give the same states, actions
and events.

A deal that runs out of cards shuffles the discards in exactly as the pure engine's
:meth:`Rng.shuffle` (in C where it agrees, checked at import; else in Python), so the
same seed gives the same game.

Entry points for evaluators (a heuristic may read them without making the state pure):

* ``state.legal_actions()`` on the core is a :class:`~.coded.CodedActions`:
  ``list.__iter__(acts)`` gives each play as its move code (or the action once made),
  ``acts.origin`` the peg places and fresh mask they start from, ``acts.move_set.body(code)``
  a 7's body (see :func:`~.coded.code_body`); a made action's ``code`` is its code.
* ``state.compiled`` is the ``_core.Table`` (``None`` once the state is pure): ``current``,
  ``phase``, ``winner``, ``export()`` (all fields as the pure engine's, without unpacking
  this state), ``copy()`` and
  ``play_move(moveset, code)`` / ``give(card)`` / ``fold()`` on a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stammtisch.core.rng import Rng
from stammtisch.games.dog.actions import FOLD, GIVE, PLAY, DogAction
from stammtisch.games.dog.backend import compiled
from stammtisch.games.dog.coded import CodedAction
from stammtisch.games.dog.rounds import EXCHANGE, OVER, PLAYING
from stammtisch.games.dog.state import FOLD_ACTION, GIVE_ACTIONS, DogState

PHASES = (EXCHANGE, PLAYING, OVER)
PHASE_CODES = {EXCHANGE: 0, PLAYING: 1, OVER: 2}
# The DogState fields the table holds; reading any of them makes the state pure.
TABLE_FIELDS = frozenset(
    {
        "pos",
        "fresh",
        "hands",
        "pile",
        "discards",
        "round",
        "dealer",
        "phase",
        "current",
        "given",
        "gave",
        "gave_known",
        "folded",
        "winner",
        "stolen",
        "swap_lock",
        "rng",
        "_occ",
    }
)
_MAX_CARDS = 110


def on_table(state: DogState) -> DogState:
    """``state`` as a :class:`TableState` when the compiled core can hold it (the game
    runs on the core and no house-rule bookkeeping is set); else ``state`` itself."""
    core = state.game.core
    if core is None or not hasattr(core, "table"):
        return state
    if isinstance(state, TableState) and state._c is not None:
        return state
    if state.stolen:  # DOG-24's thefts are the pure engine's
        return state
    if len(state.pile) + len(state.discards) > _MAX_CARDS or any(len(h) > 8 for h in state.hands):
        return state
    table = core.table(
        state.n,
        state.pos,
        state.fresh,
        state.hands,
        state.pile,
        state.discards,
        state.round,
        state.dealer,
        PHASE_CODES[state.phase],
        -1 if state.current is None else state.current,
        state.given,
        state.gave,
        state.gave_known,
        state.folded,
        -1 if state.winner is None else state.winner,
        state.rng.state,
        state.board.team_size,
        state.game.partner7,
        state.game.no_jack_reswap,
        state.swap_lock,
        state.game.last_peg_no_joker,
    )
    t = TableState.__new__(TableState)
    t.game = state.game
    t.board = state.board
    t.n = state.n
    t._c = table
    t._last = state._last
    t._legal = None
    t._by_text = None
    return t


_core = compiled()


class _NoTableBase:
    """Stands in for the core's TableBase where the core is not built (never used then)."""

    __slots__ = ()


if TYPE_CHECKING or _core is None:
    _TableBase: Any = _NoTableBase
else:
    _TableBase = _core.TableBase


class TableState(_TableBase, DogState):  # type: ignore[misc]
    """A DogState backed by a ``_core.Table`` until a pure field is read (see module)."""

    __slots__ = ("_c",)
    _c: Any  # the core's Table, or None once the state is pure

    @property
    def compiled(self) -> Any:
        """The core's ``Table`` (read-only use: ``export()``, ``current`` ...), or ``None``
        once the state has turned pure."""
        return self._c

    def _unpack(self) -> None:
        """Fill the Python fields from the table and drop it: the state is pure now."""
        c = self._c
        (
            pos,
            fresh,
            hands,
            pile,
            discards,
            rnd,
            dealer,
            phase,
            current,
            given,
            gave,
            known,
            folded,
            winner,
            rng,
            lock,
        ) = c.export()
        self.pos = pos
        self.fresh = fresh
        self.hands = hands
        self.pile = pile
        self.discards = discards
        self.round = rnd
        self.dealer = dealer
        self.phase = PHASES[phase]
        self.current = None if current < 0 else current
        self.given = given
        self.gave = gave
        self.gave_known = known
        self.folded = folded
        self.winner = None if winner < 0 else winner
        self.stolen = ()
        self.swap_lock = lock
        self.rng = Rng(rng)
        self._occ = None
        self._c = None

    def __reduce_ex__(self, protocol: Any) -> Any:
        if self._c is not None:  # the table itself is not pickled: the pure fields are
            self._unpack()
        return super().__reduce_ex__(protocol)

    # --- the fast path: TableBase (C) has is_terminal, current_player, legal_actions,
    # apply_unchecked and clone; what it leaves to Python comes here.
    def _legal_slow(self) -> list[DogAction]:
        if self._c is not None:  # a buffer of the core overflowed: the pure engine
            self._unpack()
        return DogState.legal_actions(self)

    def _apply_slow(self, action: Any, events: bool) -> DogState:
        return DogState.apply_unchecked(self, action, events=events)

    def _clone_slow(self) -> DogState:
        return DogState.clone(self)

    def _apply_in_place(self, action: DogAction) -> None:
        c = self._c
        if c is None:
            DogState._apply_in_place(self, action)
            return
        kind = action.kind
        if type(action) is CodedAction:
            seat = c.current
            self._legal = None
            self._by_text = None
            self._last = (seat, action)
            status = c.play_move(action._ms, action._code)
        elif kind == PLAY:
            body = action.body
            if body is None or action.base is None:  # not from legal_actions(): look it up
                action = self._text_map()[action.text]
                if type(action) is CodedAction:
                    self._apply_in_place(action)
                    return
                body = action.body
            seat = c.current
            self._legal = None
            self._by_text = None
            self._last = (seat, action)
            status = c.play(action.card, body)
        elif kind == GIVE:
            self._legal = None
            self._by_text = None
            status = c.give(action.card)
        elif kind == FOLD:
            seat = c.current
            self._legal = None
            self._by_text = None
            self._last = (seat, "fold")
            status = c.fold()
        else:  # not a base-rule action: the pure engine decides
            self._unpack()
            DogState._apply_in_place(self, action)
            return
        if status:
            self._shuffle_in()

    def _shuffle_in(self) -> None:
        """DOG-6: the deal is short; the discards are shuffled into the pile as the pure
        engine does it (``begin_round``), then the deal goes on."""
        c = self._c
        pile = c.stock()
        rng = Rng(c.rng)
        rng.shuffle(pile)
        c.restock(pile, rng.state)
        if c.deal():
            raise AssertionError("not enough cards for a deal")

    def returns(self) -> list[float]:
        c = self._c
        if c is None:
            return DogState.returns(self)
        winner = c.winner
        if winner < 0:
            return [0.0] * self.n
        team = self.board.team
        return [1.0 if team(s) == winner else -1.0 for s in range(self.n)]


def _table_field(name: str) -> property:
    """DogState's field ``name`` on a TableState: reading it first fills the Python fields
    from the table (the state is pure from then on). A property rather than
    ``__getattr__``, so that attribute lookups on the state stay the plain ones (method
    calls without a bound method object)."""
    slot = DogState.__dict__[name]  # the slot's member descriptor

    def get(self: TableState) -> Any:
        if self._c is not None:
            self._unpack()
        return slot.__get__(self, TableState)

    def put(self: TableState, value: Any) -> None:
        slot.__set__(self, value)

    return property(get, put, doc=f"DogState.{name}, from the table when first read")


for _name in TABLE_FIELDS:
    setattr(TableState, _name, _table_field(_name))


def _c_shuffle_agrees(core: Any) -> bool:
    """Whether the core's shuffle (DOG-6) is this Python's ``Rng.shuffle`` (it follows
    ``random.shuffle``, which a Python version may change)."""
    for seed in (0, 1, 7, 2**31, 2**32 + 5, 2**64 - 1):
        for n in (0, 1, 2, 3, 37, 80, 110):
            items = list(range(n))
            rng = Rng(seed)
            rng.clone().shuffle(items)
            if core.shuffle_test(rng.next64(), n) != items:
                return False
    return True


if _core is not None:  # the core's TableBase reads and writes these classes' slots
    _core.bind_state(TableState, GIVE_ACTIONS, FOLD_ACTION)
    _core.use_c_shuffle(_c_shuffle_agrees(_core))

__all__ = ["TableState", "on_table"]
