"""One live table: the single writer of its game (boardgame.io's ``Master``).

Every change goes through :class:`LiveTable` under its own ``asyncio.Lock`` (nobody else
takes it: the lobby changes seats through :meth:`LiveTable.exclusive`): an action is
checked (seat, game over, version, turn, notation, legality), committed to the database,
and only then applied in memory and broadcast, each recipient getting its own view.

Only the current position is kept. Each recipient's move log is kept as encoded entries,
built from ``State.observe(recipient)["last"]`` once per move (never from the raw notation,
which may name a card that recipient must not see). A recipient with a connection gets its
entry from the view that is sent anyway; one without falls behind and is caught up by
replaying the game (:mod:`stammtisch.server.history`) when it connects again.

A connection is sent its full log once; later ``state`` messages carry only the entries it
does not have yet (``log_from`` = how many it has).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

import stammtisch
from stammtisch.core.errors import StammtischError
from stammtisch.core.events import reveals_to_any
from stammtisch.core.game import JSON, Game, State
from stammtisch.server import history, tableinfo, wire
from stammtisch.server.clients import Client
from stammtisch.server.db import repo
from stammtisch.server.db.repo import SeatRow, TableRow
from stammtisch.server.errors import ServerError
from stammtisch.server.undo import TIMEOUT, UndoRequest, is_marker, undo_count, undo_marker

StoreAction = Callable[[repo.ActionRow], Awaitable[None]]
Recipient = int | None

WAITING, PLAYING, OVER = "waiting", "playing", "over"
#: Close code of a table connection whose table moved to another node or process (reconnect).
MOVED_CLOSE = 4409


class LiveTable:
    """In-memory table state, rebuilt from its :class:`TableRow` (seed + actions)."""

    def __init__(self, row: TableRow, store: StoreAction) -> None:
        self.row = row
        self.store = store
        self.game: Game[Any] = stammtisch.load(row.game, **row.options)
        self._lock = asyncio.Lock()
        self.moved = False  #: given up, lost or dropped: no longer the table; joiners reconnect
        self.clients: set[Client] = set()  # read-only outside this class (attach / detach)
        self.connections: list[int] = [0] * len(row.seats)
        self.away: list[bool] = [False] * len(row.seats)
        self.state: State[Any] | None = None
        #: When the hub last handed this table out (finished tables are dropped when idle).
        self.last_used = time.monotonic()
        # Caches, all of the current version unless said otherwise.
        self._views: dict[Recipient, JSON] = {}
        self._view_json: dict[Recipient, bytes] = {}
        self._logs: dict[Recipient, list[bytes]] = {}  # every version so far; may lag behind
        self._messages: dict[tuple[Recipient, int], bytes] = {}  # (recipient, log_from) -> text
        # The newest log entry: (its "last", its events, bytes).
        self._entry: tuple[Any, Any, bytes] | None = None
        self._info_json: bytes | None = None
        # ``info()`` encoded around the three fields a move changes (status, version,
        # current_player); rebuilt when seats, connections or the rematch change.
        self._info_parts: tuple[bytes, bytes, bytes] | None = None
        self._result_json: bytes | None = None
        self._turn: tuple[bytes, bytes] | None = None  # legal and moves of the seat to move
        self.replay_cache: bytes | None = None  # finished games only
        #: The hint search of the current version (shared by all who ask).
        self.hints: dict[int, asyncio.Future[list[tuple[str, float]]]] = {}
        self.in_force: list[int] = []  # stored entries (from 1) that are moves in force
        self.undo_floor = 0  # the last entry that brought a person hidden news
        self.turn_started = time.time()  # epoch seconds; the turn timer counts from here
        self.undo_request: UndoRequest | None = None  # waiting for the others' answers
        if row.status != WAITING:
            self._replay(row.actions)
            self.turn_started = row.updated_at.timestamp()  # the last change

    # --- reading ---------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def seats(self) -> list[SeatRow]:
        return self.row.seats

    def names(self) -> list[str | None]:
        """The seats' names as the log words use them (nicknames, bot names)."""
        return [s.nickname for s in self.row.seats]

    @property
    def recipients(self) -> list[Recipient]:
        return [*range(len(self.row.seats)), None]

    @property
    def current_player(self) -> int | None:
        return None if self.state is None else self.state.current_player

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat whose token this is (None: no or unknown token)."""
        from stammtisch.server.tokens import token_matches

        if not token:
            return None
        for s in self.row.seats:
            if s.kind == "human" and token_matches(token, s.token_hash):
                return s.seat
        return None

    def bot_controls(self, seat: int) -> bool:
        """A bot seat, or a human seat whose player is away (a stand-in bot plays)."""
        s = self.row.seats[seat]
        return s.kind == "bot" or (s.kind == "human" and self.away[seat])

    def info(self) -> JSON:
        return tableinfo.info(self.row, self.game.options, self.connections, self.away, self.current_player)

    def info_json(self) -> bytes:
        """``wire.dumpb(self.info())``, byte for byte, without encoding the seats every move."""
        if self._info_parts is None:
            self._info_parts = tableinfo.parts(self.info())
        return tableinfo.join(self._info_parts, self.row.status, self.row.version, self.current_player)

    def result(self) -> JSON | None:
        if self.state is None or not self.state.is_terminal:
            return None
        return {"scores": self.state.scores(), "returns": self.state.returns()}

    def view(self, recipient: Recipient) -> JSON | None:
        """``observe(recipient)`` of the current position (computed once per version).

        Views of one version may share nested values: read-only (bots get a deep copy).
        """
        if self.state is None:
            return None
        views = self._views
        v = views.get(recipient)
        if v is None:
            # Every connected recipient wants its view of this version: build them together
            # (the public part once, ``State.observe_all``).
            wanted = [
                recipient,
                *{c.seat for c in self.clients if c.seat != recipient and c.seat not in views},
            ]
            for r, built in zip(wanted, self.state.observe_all(wanted), strict=True):
                views[r] = built
            v = views[recipient]
        return v

    def log(self, recipient: Recipient) -> list[bytes]:
        """The recipient's move log as encoded entries, brought up to the current version.

        Entry ``i`` is ``{"move": i, "seat": actor, "last": ..., "events": ...}`` from
        ``observe(recipient)`` after move ``i``: the recipient's own knowledge of that move. One
        move behind (the usual case) costs the view that is sent anyway; further behind
        replays the game (connections catch up beforehand with :meth:`catch_up`).
        """
        entries = self._logs.setdefault(recipient, [])
        version = self.row.version
        actions = self.row.actions
        while len(entries) < version and is_marker(actions[len(entries)][1]):  # same for all
            move = len(entries) + 1
            entries.append(
                wire.dumpb_kept(history.marker_entry(move, actions[move - 1][0], actions, self.names()))
            )
        if len(entries) == version - 1:
            view = self.view(recipient)
            last = None if view is None else view.get("last")
            events = None if view is None else view.get("events")
            shared = self._entry
            # Views built together share a public "last" and most recipients get the same
            # events: one encoding serves all of them whose entry is equal.
            if shared is None or shared[0] is not last or shared[1] != events:
                entry = history.log_entry(
                    version, self.row.actions[-1][0], view, self.game.name, self.names()
                )
                shared = self._entry = (last, events, entry)
            entries.append(shared[2])
        elif len(entries) < version:
            entries += history.build_log(
                self.game, self.row.seed, self.row.actions, recipient, len(entries), self.names()
            )
        return entries

    async def catch_up(self, recipient: Recipient, pool: Executor) -> None:
        """Bring a lagging log up to date in a worker thread (callers hold the lock)."""
        entries = self._logs.setdefault(recipient, [])
        have, version = len(entries), self.row.version
        if have >= version - 1:
            return
        acts = list(self.row.actions)
        loop = asyncio.get_running_loop()
        new = await loop.run_in_executor(
            pool, history.build_log, self.game, self.row.seed, acts, recipient, have, self.names()
        )
        if len(entries) == have and self.row.version == version:
            entries += new

    def state_message(self, client: Client) -> bytes:
        """The next ``state`` message for one connection (UTF-8 JSON bytes, written as they
        are); the connection then counts as having the log. Cached per (recipient, entries
        the connection has) until the next change; only ``now`` is added."""
        recipient = client.seat
        version = self.row.version
        log_from = client.log_sent if client.log_sent <= version else 0
        key = (recipient, log_from)
        text = self._messages.get(key)
        if text is None:
            if self._info_json is None:
                self._info_json = self.info_json()
            if self._result_json is None:
                self._result_json = wire.dumpb(self.result())
            log = self.log(recipient)
            text = b"".join(
                (
                    b'{"type":"state","table":',
                    self._info_json,
                    b',"version":%d,"seat":' % version,
                    b"null" if recipient is None else b"%d" % recipient,
                    b',"view":',
                    self._view_bytes(recipient),
                    b',"legal":%s,"moves":%s' % self._turn_bytes(recipient),
                    b',"log_from":%d,"log":[' % log_from,
                    b",".join(log[log_from:version]),
                    b'],"result":',
                    self._result_json,
                    b',"turn_started":%d,"undo_floor":%d,"undo":'
                    % (round(self.turn_started * 1000), self.undo_floor),
                    b"null" if self.undo_request is None else wire.dumpb(self.undo_request.to_json()),
                )
            )
            self._messages[key] = text
        client.log_sent = version
        # The server's clock as it sends: clients count the turn timer by it (clock skew).
        return b'%s,"now":%d}' % (text, round(time.time() * 1000))

    def send_state(self, client: Client) -> None:
        client.push(self.state_message(client))

    def _view_bytes(self, recipient: Recipient) -> bytes:
        b = self._view_json.get(recipient)
        if b is None:
            b = self._view_json[recipient] = wire.dumpb(self.view(recipient))
        return b

    def _turn_bytes(self, recipient: Recipient) -> tuple[bytes, bytes]:
        """``legal`` and ``moves`` (:func:`tableinfo.legal_and_moves`): the seat to move's."""
        state = self.state
        if recipient is None or state is None or state.current_player != recipient:
            return b"[]", b"[]"
        if self._turn is None:
            self._turn = tableinfo.legal_and_moves(self.game.name, state, self.names())
        return self._turn

    # --- connections ----------------------------------------------------------------------
    def exclusive(self) -> asyncio.Lock:
        """The table's lock, for a lobby change (seats) that must not interleave with moves."""
        return self._lock

    @property
    def idle(self) -> bool:
        """Nobody is connected and no change is under way (a finished table may be dropped)."""
        return not self.clients and not self._lock.locked()

    async def attach(self, client: Client, pool: Executor) -> bool:
        """Add a connection and send it the current state (False: the table moved meanwhile).

        Its first state carries the recipient's whole log: that is brought up to date off the
        event loop, and the client joins before the table can move on. A seated player who
        was away reclaims the seat from the stand-in bot.
        """
        seat = client.seat
        async with self._lock:
            await self.catch_up(seat, pool)
            if self.moved:  # given up or lost meanwhile: the connection reconnects (4409)
                client.close_code = MOVED_CLOSE
                client.push_none()
                return False
            self.clients.add(client)
            if seat is None:
                self.send_state(client)
                return True
            self.connections[seat] += 1
            self.away[seat] = False
            self.seats_changed()
            self.broadcast()
            return True

    def detach(self, client: Client) -> bool:
        """Remove a connection; True when that was its seat's last one (a person left)."""
        self.clients.discard(client)
        client.push_none()
        self.last_used = time.monotonic()  # a finished table's idle time starts now
        seat = client.seat
        if seat is None:
            self.compact()
            return False
        self.connections[seat] = max(0, self.connections[seat] - 1)
        self.seats_changed()
        self.broadcast()
        self.compact()
        return self.connections[seat] == 0 and self.row.seats[seat].kind == "human"

    def unseat(self, seat: int) -> None:
        """The seat's connections watch on as spectators (the player left the seat)."""
        for client in self.clients:
            if client.seat == seat:
                client.seat = None
                client.log_sent = 0  # ... and are sent the spectator's log afresh
        self.connections[seat] = 0
        self.away[seat] = False

    def compact(self) -> None:
        """A finished table nobody watches keeps only its record (seed, actions, result).

        The encoded logs and views are rebuilt by replaying the game if somebody comes back
        (:meth:`catch_up`); until the table is dropped (``Settings.finished_ttl``) it costs
        little more than its actions.
        """
        if self.row.status != OVER or self.clients:
            return
        self._logs.clear()
        self._changed()

    def close_clients(self) -> None:
        for client in list(self.clients):
            client.push_none()

    # --- game progress (memory only; callers persist first) -----------------------------
    def _start(self) -> None:
        self.state = self.game.new_game(self.row.seed)
        self.in_force = []
        self.undo_floor = 0
        self.turn_started = time.time()
        self._changed()

    def _replay(self, acts: list[tuple[int, str]]) -> None:
        self._start()
        for i, (seat, notation) in enumerate(acts, start=1):
            assert self.state is not None
            if is_marker(notation):
                self._mark(seat, notation, i)
                continue
            if self.state.current_player != seat:
                raise ServerError("bad_request", reason=f"stored action {i} was made out of turn")
            self._advance(seat, self.state.apply(notation), i)
        if self.row.version != len(acts):
            raise ServerError("bad_request", reason="stored version and actions disagree")

    def _mark(self, seat: int, notation: str, version: int) -> None:
        """Entry ``version`` (in ``row.actions``) is a take-back or a timeout."""
        n = undo_count(notation)
        if n:
            del self.in_force[len(self.in_force) - n :]
            self.state = self._rebuilt(self.in_force)
            self.turn_started = time.time()
        self.row.version = version
        self._changed()

    def _rebuilt(self, entries: list[int]) -> State[Any]:
        """The position after the given stored entries (moves checked when accepted)."""
        state: State[Any] = self.game.new_game(self.row.seed)
        for i in entries:
            state = state.apply_unchecked(state.parse_action(self.row.actions[i - 1][1]))
        return state

    def _advance(self, seat: int, new_state: State[Any], version: int) -> None:
        """Move to ``new_state``; ``row.actions`` already holds the action."""
        self.state = new_state
        self.row.version = version
        self.in_force.append(version)
        raw = new_state.raw_events()  # reveals: the same answer as each seat's filtered events
        if reveals_to_any(raw, [s.seat for s in self.row.seats if s.kind == "human"]):
            self.undo_floor = version  # hidden news reached a person: no take-back beyond this
        self.turn_started = time.time()
        self._changed()
        if new_state.is_terminal:
            self.row.status = OVER
            self.row.result = self.result()

    def _changed(self) -> None:
        self._views.clear()
        self._view_json.clear()
        self._messages.clear()
        self._entry = None
        self._info_json = None
        self._result_json = None
        self._turn = None

    def seats_changed(self) -> None:
        """Connection or seat data changed: TableInfo must be rebuilt."""
        self._info_json = None
        self._info_parts = None
        self._messages.clear()

    # --- the one writer --------------------------------------------------------------------
    async def submit(self, seat: int | None, action: Any, version: Any, timed_out: bool = False) -> None:
        """Check, commit, apply and broadcast one action (or raise and change nothing);
        ``timed_out``: a bot plays for a person out of time (a ``!timeout`` entry first)."""
        if not isinstance(action, str) or not action.strip() or len(action) > 200:
            raise ServerError("bad_message", reason="'action' must be a short notation string")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ServerError("bad_message", reason="'version' must be an integer")
        if seat is None:
            raise ServerError("bad_token")
        async with self._lock:
            if self.moved:  # a message or a bot's move that came in as the table moved away
                raise ServerError("table_moved", table=self.id, node="")
            if self.row.status == WAITING:
                raise ServerError("not_started")
            state = self.state
            if self.row.status == OVER or state is None or state.is_terminal:
                raise stammtisch.GameOverError()
            if version != self.row.version:
                raise ServerError("stale_version", given=version, current=self.row.version)
            if state.current_player != seat:
                raise ServerError("not_your_turn", current=state.current_player)
            act = state.parse_action(action)
            new_state = state.apply(act)  # raises IllegalActionError, state unchanged
            notation = str(act)
            if timed_out:
                await self._store(seat, TIMEOUT, PLAYING, None)
                self._mark(seat, TIMEOUT, self.row.version + 1)
            idx = self.row.version + 1
            status = OVER if new_state.is_terminal else PLAYING
            result = (
                {"scores": new_state.scores(), "returns": new_state.returns()}
                if new_state.is_terminal
                else None
            )
            await self._store(seat, notation, status, result)
            self.undo_request = None  # the game moved on: a pending take-back is void
            self._advance(seat, new_state, idx)
            self.broadcast()

    async def _store(self, seat: int, notation: str, status: str, result: JSON | None) -> None:
        """Commit the next entry (the one after ``row.version``), then add it to ``row.actions``."""
        idx = self.row.version + 1
        try:
            await self.store(repo.ActionRow(self.row.id, idx, seat, notation, status, result))
        except StammtischError:
            raise
        except Exception as exc:
            raise ServerError("server_busy") from exc
        self.row.actions.append((seat, notation))

    # --- take-backs ---------------------------------------------------------------------------
    async def take_back(self, seat: int, count: int) -> None:
        """Store ``!undo count`` and go back before those moves (checked by ``undo.span``)."""
        notation = undo_marker(count)
        await self._store(seat, notation, PLAYING, None)
        self.undo_request = None
        self.hints = {}
        self._mark(seat, notation, self.row.version + 1)
        self.broadcast()

    def request_changed(self) -> None:
        """The pending take-back changed (asked, answered, void): everybody is told."""
        self._messages.clear()
        self.broadcast()

    def broadcast(self) -> None:
        for client in list(self.clients):
            self.send_state(client)

    # --- seats (callers hold the lock and persist first) -----------------------------------
    def open_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if s.kind == "open"]

    def start_if_full(self) -> bool:
        if self.row.status == WAITING and not self.open_seats():
            self.row.status = PLAYING
            self._start()
            return True
        return False
