"""The live tables of one server process, their bots and timers.

:class:`Hub` owns the registry of :class:`~stammtisch.server.table.LiveTable` objects (loaded
from the database on first use, resumed at start-up, finished ones dropped again when
nobody has used them for ``Settings.finished_ttl`` seconds), the lobby operations (create,
join, leave, fill a seat with a bot, rematch), hints and replays, and everything that moves
without a person: bots, stand-ins for absent players, and turn timers. Bots and hints think
in worker threads, never on the event loop, and see only their seat's view and the legal
actions.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import stammtisch
from stammtisch.bots import LEVELS, Bot, bot_names, make_bot
from stammtisch.core.errors import StammtischError
from stammtisch.core.game import JSON
from stammtisch.records.record import GameRecord, result_of
from stammtisch.server import history
from stammtisch.server import suggest as hints
from stammtisch.server.config import Settings
from stammtisch.server.db import repo
from stammtisch.server.db.repo import SeatRow, TableRow
from stammtisch.server.db.writer import DbWriter
from stammtisch.server.errors import ServerError
from stammtisch.server.shards import new_owned_id, owner
from stammtisch.server.table import OVER, PLAYING, WAITING, LiveTable
from stammtisch.server.tokens import hash_token, new_token

log = logging.getLogger("stammtisch.server")

NICKNAME_LIMIT = 32


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from a table seed and labels (bots get one per seat and move)."""
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_nickname(nickname: Any) -> str:
    if not isinstance(nickname, str) or not (1 <= len(nickname.strip()) <= NICKNAME_LIMIT):
        raise ServerError("bad_nickname", limit=NICKNAME_LIMIT)
    return nickname.strip()


def check_level(level: Any) -> str:
    if not isinstance(level, str) or level not in bot_names():
        raise ServerError("bad_level", level=level, available=", ".join(bot_names()))
    return level


class Hub:
    def __init__(self, settings: Settings, writer: DbWriter) -> None:
        self.settings = settings
        self.writer = writer
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._move_tasks: dict[str, asyncio.Task[None]] = {}
        self._move_keys: dict[str, tuple[int, int, bool]] = {}
        self._away_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.pool = ThreadPoolExecutor(max(1, settings.bot_threads), thread_name_prefix="stammtisch-bot")
        # Hints have their own threads: a hint search never holds up a bot's move.
        self.hint_pool = ThreadPoolExecutor(
            max(1, settings.bot_threads), thread_name_prefix="stammtisch-hint"
        )

    # --- which tables are ours (``serve --workers``) ----------------------------------------
    def owns(self, table_id: str) -> bool:
        return owner(table_id, self.settings.workers) == self.settings.worker

    def new_id(self) -> str:
        """A new table id of this process."""
        return new_owned_id(self.settings.worker, self.settings.workers)

    # --- life cycle ------------------------------------------------------------------------
    async def resume(self) -> int:
        """Load every unfinished table (of this process) and let its bots and timers run again."""
        every = await self.writer.run(lambda c: repo.table_ids(c, (WAITING, PLAYING)))
        ids = [tid for tid in every if self.owns(tid)]
        for tid in ids:
            table = await self.get(tid)
            if table.status == PLAYING:
                for s in table.seats:
                    if s.kind == "human":
                        self._schedule_away(table, s.seat)
            # A turn timer goes on from where it stood (the turn began at the last change).
            elapsed = (repo.now() - table.row.updated_at).total_seconds()
            self.kick(table, elapsed=max(0.0, elapsed))
        self._sweeper = asyncio.create_task(self._sweep_forever())
        return len(ids)

    async def close(self) -> None:
        tasks = [*self._move_tasks.values(), *self._away_tasks.values()]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self.tables.values():
            for client in list(table.clients):
                client.push_none()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.hint_pool.shutdown(wait=False, cancel_futures=True)

    # --- memory ----------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        every = min(60.0, max(0.05, self.settings.finished_ttl / 2))
        while True:
            await asyncio.sleep(every)
            self.sweep()

    def sweep(self, now: float | None = None) -> list[str]:
        """Drop finished tables nobody has used for ``finished_ttl`` seconds.

        They stay in the database and are loaded again on demand (:meth:`get`). A table with
        a connection, or one whose lock is taken, stays.
        """
        now = time.monotonic() if now is None else now
        ttl = self.settings.finished_ttl
        gone = [
            tid
            for tid, t in self.tables.items()
            if t.status == OVER and not t.clients and not t.lock.locked() and now - t.last_used >= ttl
        ]
        for tid in gone:
            del self.tables[tid]
            self._cancel_move(tid)
            self.forget_bots(tid)
        return gone

    # --- registry --------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        if not self.owns(table_id):  # another process is its single writer
            raise ServerError("misrouted", table=table_id)
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                row = await self.writer.run(lambda c: repo.load_table(c, table_id))
                loaded = None
                if row is not None:  # replaying a long game is work: not on the event loop
                    loaded = await asyncio.get_running_loop().run_in_executor(
                        self.pool, LiveTable, row, self.writer.append
                    )
                if loaded is not None:
                    self.tables[table_id] = loaded
                pending.set_result(loaded)
            except BaseException as exc:
                pending.set_exception(exc)
                raise
            finally:
                del self._loading[table_id]
        result = await asyncio.shield(pending)
        if result is None:
            raise ServerError("table_not_found", table=table_id)
        return result

    def open_tables(self) -> list[LiveTable]:
        """The waiting tables of this process, newest first."""
        return sorted(
            (t for t in self.tables.values() if t.status == WAITING),
            key=lambda t: t.row.created_at,
            reverse=True,
        )

    async def open_table_infos(self) -> list[JSON]:
        """Every waiting table's :meth:`LiveTable.info`, newest first.

        With one process these are all in memory. With several, the other processes' tables
        are read from the database (what it does not hold, whether a seated player is
        connected right now, reads as not connected).
        """
        if self.settings.workers <= 1:
            return [t.info() for t in self.open_tables()]

        def job(c: Any) -> list[TableRow]:
            rows = (repo.load_table(c, tid) for tid in repo.table_ids(c, (WAITING,)))
            return [r for r in rows if r is not None and r.status == WAITING]

        infos: list[tuple[Any, JSON]] = []
        for row in await self.writer.run(job):
            live = self.tables.get(row.id)
            if live is not None and live.status != WAITING:
                continue
            table = live if live is not None else LiveTable(row, self.writer.append)
            infos.append((row.created_at, table.info()))
        infos.sort(key=lambda item: item[0], reverse=True)
        return [i for _, i in infos]

    # --- lobby -----------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        nickname: Any,
        seat: int,
        turn_timer: float | None,
    ) -> tuple[LiveTable, int, str]:
        info = stammtisch.info(game)
        opts = dict(options)
        if seats and "players" not in opts and info.option("players") is not None:
            opts["players"] = len(seats)
        g = stammtisch.load(game, **opts)
        n = g.num_players
        specs = list(seats) or [{"type": "open"}] * n
        if len(specs) != n:
            raise ServerError("bad_seats", min=n, max=n, count=len(specs))
        if not 0 <= seat < n:
            raise ServerError("bad_seat", seat=seat, last=n - 1)
        name = check_nickname(nickname)
        token = new_token()
        rows: list[SeatRow] = []
        for i, spec in enumerate(specs):
            kind = spec.get("type")
            if i == seat:
                if kind != "open":
                    raise ServerError("creator_seat_not_open", seat=seat)
                rows.append(SeatRow(i, "human", name, None, hash_token(token)))
            elif kind == "open":
                rows.append(SeatRow(i, "open"))
            elif kind == "bot":
                rows.append(SeatRow(i, "bot", None, check_level(spec.get("level", "easy"))))
            else:
                raise ServerError("bad_request", reason=f"seat {i}: type must be 'open' or 'bot'")
        if turn_timer is not None and not (0.1 <= turn_timer <= 3600):
            raise ServerError("bad_request", reason="turn_timer must be 0.1-3600 seconds or null")
        status = PLAYING if all(r.kind != "open" for r in rows) else WAITING
        row = TableRow(
            id=self.new_id(),
            game=game,
            options=dict(g.options),
            seed=secrets.randbits(62),
            status=status,
            seats=rows,
            turn_timer=turn_timer,
        )
        await self.writer.run(lambda c: repo.insert_table(c, row))
        table = LiveTable(row, self.writer.append)
        self.tables[row.id] = table
        self._started(table)
        return table, seat, token

    async def join(self, table_id: str, nickname: Any, seat: int | None) -> tuple[int, str]:
        table = await self.get(table_id)
        name = check_nickname(nickname)
        async with table.lock:
            free = table.open_seats()
            if table.status != WAITING or not free:
                raise ServerError("table_full")
            if seat is None:
                seat = free[0]
            elif not 0 <= seat < len(table.seats):
                raise ServerError("bad_seat", seat=seat, last=len(table.seats) - 1)
            elif seat not in free:
                raise ServerError("seat_taken", seat=seat)
            token = new_token()
            await self._set_seat(table, SeatRow(seat, "human", name, None, hash_token(token)))
        self._started(table)
        return seat, token

    async def fill_with_bot(self, table_id: str, seat: int, token: str, level: Any) -> LiveTable:
        table = await self.get(table_id)
        lvl = check_level(level)
        async with table.lock:
            if table.seat_of_token(token) is None:
                raise ServerError("bad_token")
            if not 0 <= seat < len(table.seats):
                raise ServerError("bad_seat", seat=seat, last=len(table.seats) - 1)
            if table.seats[seat].kind != "open":
                raise ServerError("seat_taken", seat=seat)
            await self._set_seat(table, SeatRow(seat, "bot", None, lvl))
        self._started(table)
        return table

    async def leave(self, table_id: str, token: str) -> LiveTable:
        """Give up a seat: open again while waiting, a bot takes it over during play."""
        table = await self.get(table_id)
        async with table.lock:
            seat = table.seat_of_token(token)
            if seat is None:
                raise ServerError("bad_token")
            old = table.seats[seat]
            if table.status == WAITING:
                new = SeatRow(seat, "open")
            else:
                new = SeatRow(seat, "bot", old.nickname, self.settings.standin_level)
            await self._set_seat(table, new)
            for client in table.clients:
                if client.seat == seat:
                    client.seat = None  # the link no longer holds a seat: watch only
                    client.log_sent = 0  # ... and is sent the spectator's log afresh
            table.away[seat] = False
        table.broadcast()
        self.kick(table)
        return table

    async def _set_seat(self, table: LiveTable, new: SeatRow) -> None:
        """Persist one seat (and the start of play when it was the last open one)."""
        others_open = [s for s in table.open_seats() if s != new.seat]
        starts = table.status == WAITING and new.kind != "open" and not others_open
        tid = table.id

        def job(c: Any) -> None:
            repo.save_seat(c, tid, new)
            if starts:
                repo.set_status(c, tid, PLAYING)

        await self.writer.run(job)
        table.seats[new.seat] = new
        table.seats_changed()
        table.start_if_full()

    def _started(self, table: LiveTable) -> None:
        if table.status == PLAYING and table.version == 0:
            for s in table.seats:
                if s.kind == "human" and table.connections[s.seat] == 0:
                    self._schedule_away(table, s.seat)
        table.broadcast()
        self.kick(table)

    async def rematch(self, table_id: str, token: str) -> LiveTable:
        """Same game, options and players (same seat tokens), new seed."""
        table = await self.get(table_id)
        async with table.lock:
            if table.seat_of_token(token) is None:
                raise ServerError("bad_token")
            if table.status != OVER:
                raise ServerError("not_over")
            if table.row.rematch_id is not None:
                return await self._get_after_unlock(table.row.rematch_id)
            row = TableRow(
                id=self.new_id(),
                game=table.row.game,
                options=dict(table.row.options),
                seed=secrets.randbits(62),
                status=PLAYING,
                seats=[SeatRow(s.seat, s.kind, s.nickname, s.level, s.token_hash) for s in table.seats],
                turn_timer=table.row.turn_timer,
            )
            old_id = table.id

            def job(c: Any) -> None:
                repo.insert_table(c, row)
                repo.set_rematch(c, old_id, row.id)

            await self.writer.run(job)
            table.row.rematch_id = row.id
            table.seats_changed()
            new = LiveTable(row, self.writer.append)
            self.tables[row.id] = new
        table.broadcast()
        self._started(new)
        return new

    async def _get_after_unlock(self, table_id: str) -> LiveTable:
        return await self.get(table_id)

    async def record(self, table_id: str) -> JSON:
        table = await self.get(table_id)
        if table.status != OVER or table.state is None:
            raise ServerError("not_over")
        rec = GameRecord(
            game=table.row.game,
            options=dict(table.game.options),
            seed=table.row.seed,
            actions=[n for _, n in table.row.actions],
            version=table.game.info.version,
            result=result_of(table.state),
            players=[(s.nickname or "") if s.kind == "human" else f"bot:{s.level}" for s in table.seats],
            meta={"table": table.id, "created_at": table.row.created_at.isoformat()},
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
                self.pool, history.replay_json, table.game, table.row.seed, list(table.row.actions), record
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
        return {
            "available": True,
            "version": version,
            "code": None,
            "actions": [{"action": a, "value": v} for a, v in ranked],
        }

    # --- connections -----------------------------------------------------------------------
    def connected(self, table: LiveTable, seat: int | None) -> None:
        if seat is None:
            return
        table.connections[seat] += 1
        task = self._away_tasks.pop((table.id, seat), None)
        if task is not None:
            task.cancel()
        if table.away[seat]:
            table.away[seat] = False  # the player reclaims the seat from the stand-in bot
            self.kick(table)
        table.seats_changed()
        table.broadcast()

    def disconnected(self, table: LiveTable, seat: int | None) -> None:
        table.last_used = time.monotonic()  # a finished table's idle time starts now
        if seat is None:
            return
        table.connections[seat] = max(0, table.connections[seat] - 1)
        table.seats_changed()
        if table.connections[seat] == 0 and table.seats[seat].kind == "human":
            self._schedule_away(table, seat)
        table.broadcast()

    def _schedule_away(self, table: LiveTable, seat: int) -> None:
        key = (table.id, seat)
        if key in self._away_tasks or table.status == OVER:
            return
        self._away_tasks[key] = asyncio.create_task(self._away_after(table, seat))

    async def _away_after(self, table: LiveTable, seat: int) -> None:
        try:
            await asyncio.sleep(self.settings.reconnect_timeout)
        finally:
            self._away_tasks.pop((table.id, seat), None)
        if table.connections[seat] == 0 and table.seats[seat].kind == "human" and table.status == PLAYING:
            table.away[seat] = True
            table.seats_changed()
            table.broadcast()
            self.kick(table)

    # --- bots and timers -------------------------------------------------------------------
    def kick(self, table: LiveTable, elapsed: float = 0.0) -> None:
        """Make sure whoever must move without a person (bot, stand-in, timer) will.

        ``elapsed``: seconds of the current turn that have already run (after a restart).
        """
        seat = table.current_player
        if table.status != PLAYING or seat is None:
            self._cancel_move(table.id)
            return
        by_bot = table.bot_controls(seat)
        if not by_bot and table.row.turn_timer is None:
            self._cancel_move(table.id)
            return
        key = (table.version, seat, by_bot)
        if self._move_keys.get(table.id) == key and table.id in self._move_tasks:
            return
        self._cancel_move(table.id)
        delay = self.settings.bot_delay if by_bot else max(0.0, float(table.row.turn_timer or 0) - elapsed)
        self._move_keys[table.id] = key
        self._move_tasks[table.id] = asyncio.create_task(self._move_later(table, seat, table.version, delay))

    def _cancel_move(self, table_id: str) -> None:
        task = self._move_tasks.pop(table_id, None)
        self._move_keys.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _move_later(self, table: LiveTable, seat: int, version: int, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        try:
            await self.bot_move(table, seat, version)
        except StammtischError as exc:
            # The game moved on meanwhile (the player came back and moved): nothing to do.
            log.debug("bot move for %s seat %s dropped: %s", table.id, seat, exc)
        except Exception:
            log.exception("bot failed at table %s seat %s", table.id, seat)
            return
        finally:
            if self._move_tasks.get(table.id) is asyncio.current_task():
                self._move_tasks.pop(table.id, None)
                self._move_keys.pop(table.id, None)
        self.kick(table)

    def bot_for(self, table: LiveTable, seat: int) -> Bot:
        s = table.seats[seat]
        level = s.level if s.kind == "bot" and s.level else self.settings.standin_level
        key = (table.id, seat, level)
        bot = self._bots.get(key)
        if bot is None:
            bot = make_bot(level, table.game, seat, derive_seed(table.row.seed, seat))
            self._bots[key] = bot
        return bot

    async def bot_move(self, table: LiveTable, seat: int, version: int) -> None:
        state = table.state
        if state is None or table.version != version or state.current_player != seat:
            return
        bot = self.bot_for(table, seat)
        # Same table, seat and move number: same choice, also after a restart.
        bot.rng.seed(derive_seed(table.row.seed, seat, version))
        view = copy.deepcopy(table.view(seat))
        assert view is not None
        legal = list(state.legal_actions())
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self.pool, bot.choose, view, legal)
        await table.submit(seat, str(action), version)

    def forget_bots(self, table_id: str) -> None:
        for key in [k for k in self._bots if k[0] == table_id]:
            del self._bots[key]


__all__ = ["LEVELS", "Hub", "derive_seed"]
