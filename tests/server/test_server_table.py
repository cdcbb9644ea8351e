"""LiveTable's cached encodings say exactly what the plain objects say."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from stammtisch.server import wire
from stammtisch.server.db.repo import SeatRow, TableRow
from stammtisch.server.table import WAITING, LiveTable


async def _stored(_row: Any) -> None:
    return None


def _table(game: str, players: int, turn_timer: float | None = None) -> LiveTable:
    row = TableRow(
        id="t1",
        game=game,
        options={"players": players},
        seed=7,
        status=WAITING,
        seats=[SeatRow(0, "human", "Anna", None, "h")] + [SeatRow(i, "open") for i in range(1, players)],
        turn_timer=turn_timer,
    )
    return LiveTable(row, _stored)


def _check(table: LiveTable) -> None:
    assert table.info_json() == wire.dumpb(table.info())


def test_info_json_is_the_encoded_info_through_a_whole_table_life() -> None:
    async def play() -> None:
        for game, players, timer in (("zwickern", 2, None), ("dog", 4, 12.5), ("himmel", 3, None)):
            table = _table(game, players, timer)
            _check(table)  # waiting: no position, no current player
            for i in range(1, players):
                table.seats[i] = SeatRow(i, "bot", None, "easy") if i % 2 else SeatRow(i, "human", f"P{i}")
                table.seats_changed()
                _check(table)
            assert table.start_if_full()
            _check(table)
            rng = random.Random(1)
            moves = 0
            while table.state is not None and not table.state.is_terminal and moves < 300:
                seat = table.state.current_player
                assert seat is not None
                await table.submit(seat, rng.choice(table.state.legal_notations()), table.version)
                moves += 1
                _check(table)
                if moves == 5:  # a connection comes and goes, a player is away
                    table.connections[0] += 1
                    table.seats_changed()
                    _check(table)
                    table.away[0] = True
                    table.seats_changed()
                    _check(table)
            table.row.rematch_id = "t2"
            table.seats_changed()
            _check(table)

    asyncio.run(play())


def test_a_table_that_moved_away_takes_no_connection_and_no_move() -> None:
    """Node mode: a connection that comes in while its table is handed over (or its lease
    lost) would join an object that is no longer the table and wait forever; it is closed
    with 4409 instead, so that it reconnects to where the table is, and a move that was on
    its way is refused as table_moved, never written by the old object."""
    from concurrent.futures import ThreadPoolExecutor

    import pytest

    from stammtisch.server.clients import Client
    from stammtisch.server.errors import ServerError
    from stammtisch.server.table import MOVED_CLOSE

    async def run() -> None:
        table = _table("zwickern", 2)
        table.seats[1] = SeatRow(1, "bot", None, "easy")
        assert table.start_if_full()
        table.moved = True  # what Leases.give_up and Leases.lost do
        client = Client(0, "en")
        assert await table.attach(client, ThreadPoolExecutor(1)) is False
        assert client.close_code == MOVED_CLOSE and client not in table.clients
        assert table.connections[0] == 0
        seat = table.state.current_player if table.state is not None else None
        assert seat is not None
        with pytest.raises(ServerError) as refused:
            await table.submit(seat, table.state.legal_notations()[0], table.version)  # type: ignore[union-attr]
        assert refused.value.code == "table_moved" and table.version == 0

    asyncio.run(run())
