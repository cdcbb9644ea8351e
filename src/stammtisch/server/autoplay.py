"""Everything that moves without a person: bots, stand-ins for absent players, turn timers.

:class:`Autoplay` keeps at most one pending move per table (:meth:`Autoplay.kick` makes sure
whoever must move without a person will), the bot objects of each seat, and the timers that
hand an absent player's seat to a stand-in bot after ``Settings.reconnect_timeout``
seconds. Bots think in worker threads, never on the event loop, and see only their seat's
view and the legal actions; a bot's random generator is seeded from (table seed, seat,
move number), so a restarted server makes the same choice.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from concurrent.futures import Executor

from stammtisch.bots import Bot, make_bot
from stammtisch.core.errors import StammtischError
from stammtisch.core.rng import derive_seed
from stammtisch.server import wire
from stammtisch.server.config import Settings
from stammtisch.server.table import OVER, PLAYING, LiveTable

log = logging.getLogger("stammtisch.server")


class Autoplay:
    def __init__(self, settings: Settings, pool: Executor) -> None:
        self.settings = settings
        self.pool = pool
        self._move_tasks: dict[str, asyncio.Task[None]] = {}
        self._move_keys: dict[str, tuple[int, int, bool]] = {}
        self._away_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._bots: dict[tuple[str, int, str], Bot] = {}

    async def close(self) -> None:
        tasks = [*self._move_tasks.values(), *self._away_tasks.values()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def forget(self, table_id: str) -> None:
        """The table left memory: no pending move, no bots, no away timers."""
        self._cancel_move(table_id)
        for key in [k for k in self._bots if k[0] == table_id]:
            del self._bots[key]
        for akey in [k for k in self._away_tasks if k[0] == table_id]:
            self._away_tasks.pop(akey).cancel()

    def taken_back(self, table: LiveTable) -> None:
        """Moves were taken back: a bot's move in flight is void, and the bots start afresh
        (a bot must not remember what it saw in the moves taken back)."""
        self._cancel_move(table.id)
        for key in [k for k in self._bots if k[0] == table.id]:
            del self._bots[key]
        self.kick(table)

    # --- people coming and going -----------------------------------------------------------
    def started(self, table: LiveTable) -> None:
        """Seats changed (or the game began): absent players get their timers, bots move."""
        if table.status == PLAYING and table.version == 0:
            for s in table.seats:
                if s.kind == "human" and table.connections[s.seat] == 0:
                    self.schedule_away(table, s.seat)
        self.kick(table)

    def connected(self, table: LiveTable, seat: int | None) -> None:
        if seat is None:
            return
        task = self._away_tasks.pop((table.id, seat), None)
        if task is not None:
            task.cancel()
        self.kick(table)  # a stand-in that was to move for a returning player stops

    def schedule_away(self, table: LiveTable, seat: int) -> None:
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

    # --- moves -----------------------------------------------------------------------------
    def kick(self, table: LiveTable) -> None:
        """Make sure whoever must move without a person (bot, stand-in, timer) will.

        A turn timer counts from ``table.turn_started`` (also after a restart). Nobody moves
        while a take-back waits for the people's answers.
        """
        seat = table.current_player
        if table.status == OVER:
            self.forget(table.id)  # the bots (and their search trees) are not needed any more
            table.compact()
            return
        if table.status != PLAYING or seat is None or table.undo_request is not None:
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
        elapsed = time.time() - table.turn_started
        delay = self.settings.bot_delay if by_bot else max(0.0, float(table.row.turn_timer or 0) - elapsed)
        self._move_keys[table.id] = key
        self._move_tasks[table.id] = asyncio.create_task(
            self._move_later(table, seat, table.version, delay, timed_out=not by_bot)
        )

    def _cancel_move(self, table_id: str) -> None:
        task = self._move_tasks.pop(table_id, None)
        self._move_keys.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _move_later(
        self, table: LiveTable, seat: int, version: int, delay: float, timed_out: bool = False
    ) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        try:
            await self.bot_move(table, seat, version, timed_out)
            if timed_out and table.version == version + 2:
                # The turn timer ran out: say so, or the bot's move looks like the player's own.
                notice = wire.dumps({"type": "notice", "kind": "timeout", "seat": seat, "move": version + 2})
                for client in list(table.clients):
                    client.push(notice)
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

    async def bot_move(self, table: LiveTable, seat: int, version: int, timed_out: bool = False) -> None:
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
        await table.submit(seat, str(action), version, timed_out)
