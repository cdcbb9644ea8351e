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
