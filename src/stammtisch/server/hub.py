"""The live tables of one server process, and what the routes ask of them.

:class:`Hub` puts the parts together: the :class:`~stammtisch.server.registry.Registry`
(which tables are in memory; loading, resuming and dropping them), the lobby
(:class:`~stammtisch.server.seats.Seats`: create, join, leave, bots, rematch), and
:class:`~stammtisch.server.autoplay.Autoplay` (bots, stand-ins, turn timers). The routes
(REST and WebSocket) talk to the hub only: connections come and go through
:meth:`Hub.attach` / :meth:`Hub.detach`, moves through :meth:`Hub.act`. Hints and replays
are computed in worker threads, from the asking seat's view only.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import stammtisch
from stammtisch.bots import LEVELS
from stammtisch.core.game import JSON
from stammtisch.core.rng import derive_seed
from stammtisch.core.words import moves_words
from stammtisch.records.record import GameRecord, result_of
from stammtisch.server import history, wire
from stammtisch.server import suggest as hints
from stammtisch.server.autoplay import Autoplay
from stammtisch.server.botnames import player_name
from stammtisch.server.chat import Chat
from stammtisch.server.clients import Client
from stammtisch.server.config import Settings
from stammtisch.server.db import repo
from stammtisch.server.db.writer import DbWriter
from stammtisch.server.errors import ServerError
from stammtisch.server.limits import Limits
from stammtisch.server.registry import Registry
from stammtisch.server.seats import NICKNAME_LIMIT, Seats, check_level, check_nickname
from stammtisch.server.table import OVER, PLAYING, WAITING, LiveTable
from stammtisch.server.undo import UndoRequest, marker_entries, moves_in_force
from stammtisch.server.undo import span as undo_span

log = logging.getLogger("stammtisch.server")


class Hub:
    def __init__(self, settings: Settings, writer: DbWriter) -> None:
        self.settings = settings
        self.writer = writer
        self.pool = ThreadPoolExecutor(max(1, settings.bot_threads), thread_name_prefix="stammtisch-bot")
        # Hints have their own threads: a hint search never holds up a bot's move.
        self.hint_pool = ThreadPoolExecutor(
            max(1, settings.bot_threads), thread_name_prefix="stammtisch-hint"
        )
        self.limits = Limits(settings)
        self.registry = Registry(settings, writer, self.pool)
        self.autoplay = Autoplay(settings, self.pool)
        self.chat = Chat(settings, writer)
        self.registry.on_drop = self._dropped
        self.registry.on_load = self._loaded
        self.lobby = Seats(self.registry, self.autoplay)
        self._sweeper: asyncio.Task[None] | None = None
        self._undo_tasks: set[asyncio.Task[None]] = set()
        # The lobby's operations, as the routes call them.
        self.create = self.lobby.create
        self.join = self.lobby.join
        self.fill_with_bot = self.lobby.fill_with_bot
        self.leave = self.lobby.leave
        self.rematch = self.lobby.rematch
        self.get = self.registry.get
        self.sweep = self.registry.sweep
        self.open_table_infos = self.registry.open_table_infos

    @property
    def tables(self) -> dict[str, LiveTable]:
        return self.registry.tables

    # --- life cycle ------------------------------------------------------------------------
    async def resume(self) -> int:
        """Load every unfinished table (of this process) and let its bots and timers run again."""
        every = await self.writer.run(lambda c: repo.table_ids(c, (WAITING, PLAYING)))
        ids = [tid for tid in every if self.registry.owns(tid)]
        for tid in ids:
            table = await self.get(tid)
            if table.status == PLAYING:
                for s in table.seats:
                    if s.kind == "human":
                        self.autoplay.schedule_away(table, s.seat)
            # A turn timer goes on from where it stood (the turn began at the last change).
            self.autoplay.kick(table)
        self._sweeper = asyncio.create_task(self._sweep_forever())
        return len(ids)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        await self.autoplay.close()
        for task in list(self._undo_tasks):
            task.cancel()
        for table in self.tables.values():
            table.close_clients()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.hint_pool.shutdown(wait=False, cancel_futures=True)

    async def _sweep_forever(self) -> None:
        every = min(60.0, max(0.05, self.settings.finished_ttl / 2))
        while True:
            await asyncio.sleep(every)
            self.sweep()

    def _loaded(self, table: LiveTable) -> None:
        """A table read from the database: a take-back request kept with it is pending again.
        Nobody could answer while the table was away (a restart, another node), so the others
        get the whole answer time anew from now."""
        if table.status != PLAYING:
            return
        request = UndoRequest.restored(table.row.undo_request, table.version)
        if request is not None:
            request.until = time.time() + self.settings.undo_seconds
            table.undo_request = request
            self._expire_later(table, request)

    def _expire_later(self, table: LiveTable, request: UndoRequest) -> None:
        task = asyncio.create_task(self._undo_expires(table, request))
        self._undo_tasks.add(task)
        task.add_done_callback(self._undo_tasks.discard)

    async def _keep_request(self, table: LiveTable, request: UndoRequest | None) -> None:
        """Store the pending request (None: there is none any more) before anybody is told."""
        tid, version = table.id, table.version
        stored = None if request is None else request.stored()
        await self.writer.run(lambda c: repo.save_undo_request(c, tid, version, stored))

    def _dropped(self, table_id: str) -> None:
        self.autoplay.forget(table_id)
        self.chat.forget(table_id)

    # --- connections and moves -------------------------------------------------------------
    async def attach(self, table: LiveTable, client: Client) -> None:
        """A new connection: it gets the current state; a returning player takes the seat back."""
        if not await table.attach(client, self.pool):
            return  # the table moved meanwhile: the connection reconnects
        self.autoplay.connected(table, client.seat)
        await self.chat.welcome(table, client)

    def detach(self, table: LiveTable, client: Client) -> None:
        if table.detach(client) and client.seat is not None:
            self.autoplay.schedule_away(table, client.seat)

    async def act(self, table: LiveTable, client: Client, action: Any, version: Any) -> None:
        """One action of a connection's seat (raises and changes nothing when refused)."""
        try:
            await table.submit(client.seat, action, version)
        finally:
            self.autoplay.kick(table)

    # --- take-backs ------------------------------------------------------------------------
    async def undo(self, table: LiveTable, client: Client, version: Any) -> None:
        """A seat takes back its last move (and what followed). Against bots only it is done
        at once; with other people at the table they are asked first."""
        seat = client.seat
        try:
            async with table.exclusive():
                count = undo_span(table, seat, version)
                assert seat is not None
                others = {s.seat for s in table.seats if s.kind == "human" and s.seat != seat}
                if not others:
                    await table.take_back(seat, count)
                    self.autoplay.taken_back(table)
                    return
                request = UndoRequest(
                    seat, count, table.version, others, time.time() + self.settings.undo_seconds
                )
                await self._keep_request(table, request)
                table.undo_request = request
                self.autoplay.kick(table)  # nobody moves while the others decide
                table.request_changed()
                self._expire_later(table, request)
        finally:
            self.autoplay.kick(table)

    async def undo_answer(self, table: LiveTable, client: Client, accept: Any) -> None:
        """Another person's answer to a pending take-back: all accept, or one refusal ends it."""
        if not isinstance(accept, bool):
            raise ServerError("bad_message", reason="'accept' must be true or false")
        seat = client.seat
        if seat is None:
            raise ServerError("bad_token")
        try:
            async with table.exclusive():
                request = table.undo_request
                if request is None or seat not in request.waiting:
                    raise ServerError("undo_no_request")
                if not accept:
                    await self._undo_refused(table, seat)
                    return
                if request.waiting != {seat}:
                    await self._keep_request(table, replace(request, waiting=request.waiting - {seat}))
                    request.waiting.discard(seat)
                    table.request_changed()
                    return
                request.waiting.discard(seat)
                await table.take_back(request.seat, request.count)
                self.autoplay.taken_back(table)
        finally:
            self.autoplay.kick(table)

    async def _undo_refused(self, table: LiveTable, by: int | None) -> None:
        """The game stays as it was; the turn (and its timer) begins anew."""
        request = table.undo_request
        assert request is not None
        try:
            await self._keep_request(table, None)
        except Exception:
            # Refused all the same; after a restart the request would be asked again.
            log.warning("table %s: the refused take-back could not be cleared", table.id)
        table.undo_request = None
        table.turn_started = time.time()
        notice = wire.dumps({"type": "notice", "kind": "undo_refused", "seat": request.seat, "by": by})
        for c in list(table.clients):
            c.push(notice)
        table.request_changed()

    async def _undo_expires(self, table: LiveTable, request: UndoRequest) -> None:
        await asyncio.sleep(max(0.0, request.until - time.time()))
        async with table.exclusive():
            if table.undo_request is request:
                await self._undo_refused(table, None)
        self.autoplay.kick(table)

    # --- finished games and hints ----------------------------------------------------------
    async def record(self, table_id: str) -> JSON:
        table = await self.get(table_id)
        if table.status != OVER or table.state is None:
            raise ServerError("not_over")
        rec = GameRecord(
            game=table.row.game,
            options=dict(table.game.options),
            seed=table.row.seed,
            actions=[n for _, n in moves_in_force(table.row.actions)],
            version=table.game.info.version,
            result=result_of(table.state),
            players=[player_name(s.kind, s.nickname, s.level) for s in table.seats],
            meta={
                "table": table.id,
                "created_at": table.row.created_at.isoformat(),
                "names": table.names(),  # as the table named the seats: a replay says the same
                **({"chat": said} if (said := await self.chat.messages(table)) else {}),
                **({"entries": marks} if (marks := marker_entries(table.row.actions)) else {}),
            },
        )
        return rec.to_json()

    async def replay(self, table_id: str) -> bytes:
        """The finished game as JSON: spectator view after every move, log and record."""
        table = await self.get(table_id)
        if table.status != OVER or table.state is None:
            raise ServerError("not_over")
        if table.replay_cache is None:
            record = await self.record(table_id)
            loop = asyncio.get_running_loop()
            table.replay_cache = await loop.run_in_executor(
                self.pool,
                history.replay_json,
                table.game,
                table.row.seed,
                list(table.row.actions),
                record,
                table.names(),
            )
        return table.replay_cache

    async def suggest(self, table_id: str, token: str) -> JSON:
        """Hint for the seat to move, from its own view only (one search per position)."""
        table = await self.get(table_id)
        seat = table.seat_of_token(token)
        if seat is None:
            raise ServerError("bad_token")
        state = table.state
        if state is None:
            raise ServerError("not_started")
        if state.is_terminal:
            raise stammtisch.GameOverError()
        if state.current_player != seat:
            raise ServerError("not_your_turn", current=state.current_player)
        version = table.version
        pending = table.hints.get(version)
        if pending is None:
            view = copy.deepcopy(table.view(seat))
            assert view is not None
            legal = list(state.legal_actions())
            seed = derive_seed(table.row.seed, seat, version, "suggest")
            pending = asyncio.get_running_loop().run_in_executor(
                self.hint_pool, hints.rank, table.game, view, legal, self.settings.suggest_seconds, seed
            )
            table.hints = {version: pending}  # asking again (or twice at once) shares it
        try:
            ranked = await asyncio.shield(pending)
        except Exception:
            table.hints.pop(version, None)  # a failed search is not remembered
            raise
        # Each ranked action with its words (de and en), as the legal moves carry them.
        by_text = {str(a): a for a in state.legal_actions()}
        descs = [state.describe(by_text[a]) if a in by_text else {"type": "action"} for a, _ in ranked]
        said = moves_words(table.game.name, descs, table.names())
        return {
            "available": True,
            "version": version,
            "code": None,
            "actions": [
                {"action": a, "value": v, "text": {lang: said[lang][i] for lang in said}}
                for i, (a, v) in enumerate(ranked)
            ],
        }


__all__ = ["LEVELS", "NICKNAME_LIMIT", "Hub", "check_level", "check_nickname", "derive_seed"]
