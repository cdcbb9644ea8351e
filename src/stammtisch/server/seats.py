"""The lobby: open a table, take or leave a seat, fill one with a bot, ask for a rematch.

Every change is persisted first and then applied to the live table, under the table's own
lock (:meth:`~stammtisch.server.table.LiveTable.exclusive`), so it never interleaves with
a move. Seat tokens are handed out here once; only their hashes are kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import stammtisch
from stammtisch.bots import bot_names
from stammtisch.bots.names import bot_name
from stammtisch.core.game import GameInfo
from stammtisch.server.autoplay import Autoplay
from stammtisch.server.db import repo
from stammtisch.server.db.repo import SeatRow, TableRow
from stammtisch.server.errors import ServerError
from stammtisch.server.registry import Registry
from stammtisch.server.table import OVER, PLAYING, WAITING, LiveTable
from stammtisch.server.tokens import hash_token, new_token

NICKNAME_LIMIT = 32


def check_nickname(nickname: Any) -> str:
    if not isinstance(nickname, str) or not (1 <= len(nickname.strip()) <= NICKNAME_LIMIT):
        raise ServerError("bad_nickname", limit=NICKNAME_LIMIT)
    return nickname.strip()


def check_level(level: Any) -> str:
    if not isinstance(level, str) or level not in bot_names():
        raise ServerError("bad_level", level=level, available=", ".join(bot_names()))
    return level


def strict_options(info: GameInfo, options: Mapping[str, Any]) -> None:
    """Option values of their exact JSON type: ``"2"`` is no number, ``"yes"`` and ``1`` no
    truth value (the command line's text conversion is not for the API)."""
    for name, value in options.items():
        spec = info.option(name)
        if spec is None:
            continue  # the game refuses it by name
        want = spec.type
        if want is bool:
            ok = isinstance(value, bool)
        elif want is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif want is float:
            ok = isinstance(value, int | float) and not isinstance(value, bool)
        else:
            ok = isinstance(value, want)
        if not ok:
            raise spec.error(info.name, value)


def seat_rows(specs: Sequence[Mapping[str, Any]], seat: int, name: str, token: str) -> list[SeatRow]:
    """The seats of a new table: the creator's, open ones and bots (each with a name)."""
    rows: list[SeatRow] = []
    names: list[str | None] = [name]
    for i, spec in enumerate(specs):
        kind = spec.get("type")
        if i == seat:
            if kind != "open":
                raise ServerError("creator_seat_not_open", seat=seat)
            rows.append(SeatRow(i, "human", name, None, hash_token(token)))
        elif kind == "open":
            rows.append(SeatRow(i, "open"))
        elif kind == "bot":
            level = check_level(spec.get("level", "easy"))
            names.append(bot_name(names))
            rows.append(SeatRow(i, "bot", names[-1], level))
        else:
            raise ServerError("bad_request", reason=f"seat {i}: type must be 'open' or 'bot'")
    return rows


class Seats:
    def __init__(self, registry: Registry, autoplay: Autoplay) -> None:
        self.registry = registry
        self.autoplay = autoplay
        self.settings = registry.settings
        self.writer = registry.writer

    def _started(self, table: LiveTable) -> None:
        table.broadcast()
        self.autoplay.started(table)

    async def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        nickname: Any,
        seat: int,
        turn_timer: float | None,
        chat: bool = True,
    ) -> tuple[LiveTable, int, str]:
        info = stammtisch.info(game)
        strict_options(info, options)
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
        token = new_token()
        rows = seat_rows(specs, seat, check_nickname(nickname), token)
        if turn_timer is not None and not (0.1 <= turn_timer <= 3600):
            raise ServerError("bad_request", reason="turn_timer must be 0.1-3600 seconds or null")
        row = TableRow(
            id=self.registry.new_id(),
            game=game,
            options=dict(g.options),
            seed=secrets.randbits(62),
            status=PLAYING if all(r.kind != "open" for r in rows) else WAITING,
            seats=rows,
            turn_timer=turn_timer,
            chat=chat,
        )
        await self.writer.run(lambda c: repo.insert_table(c, row))
        table = self.registry.add(row)
        self._started(table)
        return table, seat, token

    async def join(self, table_id: str, nickname: Any, seat: int | None) -> tuple[int, str]:
        table = await self.registry.get(table_id)
        name = check_nickname(nickname)
        async with table.exclusive():
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
        table = await self.registry.get(table_id)
        lvl = check_level(level)
        async with table.exclusive():
            if table.seat_of_token(token) is None:
                raise ServerError("bad_token")
            if not 0 <= seat < len(table.seats):
                raise ServerError("bad_seat", seat=seat, last=len(table.seats) - 1)
            if table.seats[seat].kind != "open":
                raise ServerError("seat_taken", seat=seat)
            name = bot_name([s.nickname for s in table.seats])
            await self._set_seat(table, SeatRow(seat, "bot", name, lvl))
        self._started(table)
        return table

    async def leave(self, table_id: str, token: str) -> LiveTable:
        """Give up a seat: open again while waiting, a bot takes it over during play."""
        table = await self.registry.get(table_id)
        async with table.exclusive():
            seat = table.seat_of_token(token)
            if seat is None:
                raise ServerError("bad_token")
            old = table.seats[seat]
            if table.status == WAITING:
                new = SeatRow(seat, "open")
            else:
                new = SeatRow(seat, "bot", old.nickname, self.settings.standin_level)
            await self._set_seat(table, new)
            table.unseat(seat)
        table.broadcast()
        self.autoplay.kick(table)
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

    async def rematch(self, table_id: str, token: str) -> LiveTable:
        """Same game, options and players (same seat tokens), new seed."""
        table = await self.registry.get(table_id)
        async with table.exclusive():
            if table.seat_of_token(token) is None:
                raise ServerError("bad_token")
            if table.status != OVER:
                raise ServerError("not_over")
            follow_up = table.row.rematch_id
            if follow_up is None:
                new = await self._rematch_table(table)
        if follow_up is not None:
            return await self.registry.get(follow_up)
        table.broadcast()
        self._started(new)
        return new

    async def _rematch_table(self, table: LiveTable) -> LiveTable:
        row = TableRow(
            id=self.registry.new_id(),
            game=table.row.game,
            options=dict(table.row.options),
            seed=secrets.randbits(62),
            status=PLAYING,
            seats=[SeatRow(s.seat, s.kind, s.nickname, s.level, s.token_hash) for s in table.seats],
            turn_timer=table.row.turn_timer,
            chat=table.row.chat,
        )
        old_id = table.id

        def job(c: Any) -> None:
            repo.insert_table(c, row)
            repo.set_rematch(c, old_id, row.id)

        await self.writer.run(job)
        table.row.rematch_id = row.id
        table.seats_changed()
        return self.registry.add(row)
