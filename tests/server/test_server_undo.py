"""Take-backs (issue 18): against bots until new hidden information, with people by request.

A take-back is stored as an appended ``!undo N`` entry; the position is rebuilt from seed and
the moves in force, so every seat's view afterwards is the view it had before those moves.
"""

from __future__ import annotations

import asyncio
import copy
import time
from typing import Any

from stammtisch.server.table import LiveTable

from .live import Live, Player, live_server, settings


def table_of(live: Live, table_id: str) -> LiveTable:
    table: LiveTable = live.app.state.hub.tables[table_id]
    return table


def views(table: LiveTable) -> list[Any]:
    """Every seat's view and the spectator's, as the server holds them."""
    assert table.state is not None
    return copy.deepcopy([table.state.observe(s) for s in [*range(len(table.seats)), None]])


async def my_turn(p: Player, seat: int, start: int = 0) -> dict[str, Any]:
    return await p.wait_for(
        lambda m: m["type"] == "state" and m["view"] and m["view"]["current_player"] == seat and m["legal"],
        start,
        timeout=30,
    )


async def play_first(p: Player, msg: dict[str, Any]) -> int:
    """Play the first legal move; the index of the next message."""
    mark = len(p.messages)
    await p.send({"type": "action", "action": msg["legal"][0], "version": msg["version"]})
    return mark


async def test_against_bots_a_take_back_restores_every_view(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        me = await live.player(tid, created["token"])
        watcher = await live.player(tid)
        before = await my_turn(me, 0)
        table = table_of(live, tid)
        seen = views(table)
        mark = await play_first(me, before)
        after = await my_turn(me, 0, mark)  # the bot answered: my turn again
        assert after["version"] >= before["version"] + 2
        mark = len(me.messages)
        await me.send({"type": "undo", "version": after["version"]})
        back = await me.state(after["version"] + 1, mark)
        # Every seat (the bot's too) and the spectator see exactly what they saw before.
        assert views(table) == seen
        assert back["view"] == seen[0]
        assert back["legal"] == before["legal"]
        entry = back["full_log"][-1]
        taken = list(range(before["version"] + 1, after["version"] + 1))
        assert entry["undo"] == taken and entry["seat"] == 0 and entry["events"] == []
        assert entry["text"]["en"] == f"↶ Anna takes back {len(taken)} moves."
        assert "Züge zurück" in entry["text"]["de"]
        spectator = await watcher.state(after["version"] + 1)
        assert spectator["view"] == seen[-1]
        # The bot waits: nothing moves until I do.
        await asyncio.sleep(0.3)
        assert table.version == after["version"] + 1
        await me.close()
        await watcher.close()


async def test_no_take_back_after_hidden_cards_reached_the_player(sqlite_url: str) -> None:
    """Dog: once the partner's exchange card has arrived (DOG-7), my give stays."""
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(
            game="dog",
            seats=[{"type": "open"}, *[{"type": "bot", "level": "easy"}] * 3],
        )
        tid = created["table"]["id"]
        me = await live.player(tid, created["token"])
        first = await my_turn(me, 0)
        assert first["moves"][0]["move"]["type"] == "give"
        mark = await play_first(me, first)
        # The bots give too; then every card is received and play begins.
        played = await me.wait_for(
            lambda m: (
                m["type"] == "state"
                and any(e["type"] == "receive" and e["seat"] == 0 for x in m["full_log"] for e in x["events"])
            ),
            mark,
            timeout=30,
        )
        table = table_of(live, tid)
        await asyncio.sleep(0.2)
        version, seen = table.version, views(table)
        mark = len(me.messages)
        await me.send({"type": "undo", "version": table.version})
        err = await me.error(mark)
        assert err["code"] == "undo_hidden" and "new cards" in err["message"]
        assert table.version == version and views(table) == seen
        # The state says so beforehand: nothing before the receipt can be taken back.
        receipt = max(
            x["move"] for x in played["full_log"] if any(e["type"] == "receive" for e in x["events"])
        )
        assert me.last_state()["undo_floor"] >= receipt
        await me.close()


async def test_refusals_out_of_turn_and_bad_requests_change_nothing(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        me = await live.player(tid, created["token"], lang="de")
        watcher = await live.player(tid)
        first = await my_turn(me, 0)
        table = table_of(live, tid)
        version, seen = table.version, views(table)
        if version == 0 or all(seat != 0 for seat, _ in table.row.actions):
            mark = len(me.messages)
            await me.send({"type": "undo", "version": first["version"]})
            err = await me.error(mark)
            assert err["code"] == "undo_nothing" and "noch keinen Zug" in err["message"]
        cases: list[tuple[Player, dict[str, Any], str]] = [
            (watcher, {"type": "undo", "version": version}, "bad_token"),
            (me, {"type": "undo", "version": version + 5}, "stale_version"),
            (me, {"type": "undo", "version": "x"}, "bad_message"),
            (me, {"type": "undo_answer", "accept": True}, "undo_no_request"),
            (me, {"type": "undo_answer", "accept": "yes"}, "bad_message"),
            (watcher, {"type": "undo_answer", "accept": False}, "bad_token"),
        ]
        for who, msg, code in cases:
            mark = len(who.messages)
            await who.send(msg)
            err = await who.error(mark)
            assert err["code"] == code, (msg, err)
            assert err["message"] and "Traceback" not in err["message"]
        assert table.version == version and views(table) == seen
        # A marker sent as a move is no move.
        mark = len(me.messages)
        await me.send({"type": "action", "action": "!undo 1", "version": version})
        assert (await me.error(mark))["code"] != "undo_nothing"
        assert table.version == version
        await me.close()
        await watcher.close()


async def _two_people(live: Live, **kw: Any) -> tuple[str, Player, Player]:
    created = await live.create(seats=[{"type": "open"}, {"type": "open"}], **kw)
    tid = created["table"]["id"]
    joined = await live.join(tid, "Ben")
    anna = await live.player(tid, created["token"])
    ben = await live.player(tid, joined["token"])
    return tid, anna, ben


async def _mover_and_other(anna: Player, ben: Player) -> tuple[Player, Player, int]:
    """Whoever is to move first makes a move; returns (mover, other, mover's seat)."""
    msg = await anna.wait_for(lambda m: m["type"] == "state" and m["view"] is not None)
    seat = msg["view"]["current_player"]
    mover, other = (anna, ben) if seat == 0 else (ben, anna)
    turn = await my_turn(mover, seat)
    mark = await play_first(mover, turn)
    await mover.state(turn["version"] + 1, mark)
    return mover, other, seat


async def test_with_people_a_take_back_is_asked_and_refused_or_accepted(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        tid, anna, ben = await _two_people(live)
        mover, other, seat = await _mover_and_other(anna, ben)
        table = table_of(live, tid)
        version, seen = table.version, views(table)
        before_move = [m for m in mover.messages if m["type"] == "state" and m["version"] == version - 1][-1]

        mark_o = len(other.messages)
        await mover.send({"type": "undo", "version": version})
        asked = await other.wait_for(lambda m: m["type"] == "state" and m["undo"] is not None, mark_o)
        assert asked["undo"]["seat"] == seat and asked["undo"]["waiting"] == [1 - seat]
        assert asked["undo"]["count"] == 1 and asked["version"] == version
        # The asker cannot answer for the others, nor ask twice.
        for msg, code in (
            ({"type": "undo_answer", "accept": True}, "undo_no_request"),
            ({"type": "undo", "version": version}, "undo_pending"),
        ):
            mark = len(mover.messages)
            await mover.send(msg)
            assert (await mover.error(mark))["code"] == code

        # Refused: the game stays as it was.
        mark_m = len(mover.messages)
        await other.send({"type": "undo_answer", "accept": False})
        notice = await mover.wait_for(lambda m: m["type"] == "notice", mark_m)
        assert notice == {"type": "notice", "kind": "undo_refused", "seat": seat, "by": 1 - seat}
        cleared = await mover.wait_for(lambda m: m["type"] == "state" and m["undo"] is None, mark_m)
        assert cleared["version"] == version and views(table) == seen

        # Asked again and accepted: the move is gone, for both.
        await mover.send({"type": "undo", "version": version})
        await other.wait_for(
            lambda m: m["type"] == "state" and m["undo"] is not None, len(other.messages) - 1
        )
        mark_m = len(mover.messages)
        await other.send({"type": "undo_answer", "accept": True})
        back = await mover.state(version + 1, mark_m)
        assert back["undo"] is None
        assert back["view"] == before_move["view"] and back["legal"] == before_move["legal"]
        assert back["full_log"][-1]["undo"] == [version]
        await anna.close()
        await ben.close()


async def test_an_unanswered_request_lapses_and_no_timer_move_comes_between(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, undo_seconds=0.8)) as live:
        tid, anna, ben = await _two_people(live, turn_timer=0.3)
        mover, other, _seat = await _mover_and_other(anna, ben)
        table = table_of(live, tid)
        version, seen = table.version, views(table)
        mark = len(mover.messages)
        await mover.send({"type": "undo", "version": version})
        await other.wait_for(lambda m: m["type"] == "state" and m["undo"] is not None)
        await asyncio.sleep(0.5)  # longer than the turn timer: nobody moves meanwhile
        assert table.version == version and views(table) == seen
        notice = await mover.wait_for(lambda m: m["type"] == "notice" and m["kind"] == "undo_refused", mark)
        assert notice["by"] is None
        assert table.undo_request is None
        await anna.close()
        await ben.close()


async def test_a_move_instead_of_an_answer_voids_the_request(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        tid, anna, ben = await _two_people(live)
        mover, other, _seat = await _mover_and_other(anna, ben)
        table = table_of(live, tid)
        version = table.version
        await mover.send({"type": "undo", "version": version})
        asked = await other.wait_for(lambda m: m["type"] == "state" and m["undo"] is not None)
        mark = len(other.messages)
        await other.send({"type": "action", "action": asked["legal"][0], "version": version})
        moved = await other.state(version + 1, mark)
        assert moved["undo"] is None and table.undo_request is None
        await anna.close()
        await ben.close()


async def test_take_backs_are_in_the_record_and_the_replay(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        me = await live.player(tid, created["token"])
        turn = await my_turn(me, 0)
        start = turn["version"]
        mark = await play_first(me, turn)
        turn = await my_turn(me, 0, mark)
        undone_at = turn["version"] + 1
        mark = len(me.messages)
        await me.send({"type": "undo", "version": turn["version"]})
        await me.state(undone_at, mark)
        while True:  # play the game out
            msg = await me.wait_for(
                lambda m: m["type"] == "state" and (m["result"] is not None or m["legal"]),
                len(me.messages) - 1,
            )
            if msg["result"] is not None:
                break
            mark = await play_first(me, msg)
            seen_version = msg["version"]
            await me.wait_for(
                lambda m, v=seen_version: m["type"] in ("state", "error") and m.get("version") != v, mark
            )
        record = (await live.http.get(f"/api/tables/{tid}/record")).json()
        entries = record["meta"]["entries"]
        assert entries[0]["kind"] == "undo" and entries[0]["entry"] == undone_at and entries[0]["seat"] == 0
        assert len(record["actions"]) == msg["version"] - len(entries) - sum(
            len(e.get("moves", [])) for e in entries
        )
        from stammtisch.records.record import GameRecord

        # The record's moves (those in force) replay to its result.
        rec = GameRecord.from_json(record)
        assert rec.replay().scores() == msg["result"]["scores"]
        replay = (await live.http.get(f"/api/tables/{tid}/replay")).json()
        assert len(replay["views"]) == msg["version"] + 1
        taken = list(range(start + 1, undone_at))
        assert replay["log"][undone_at - 1]["undo"] == taken
        assert len(entries[0]["moves"]) == len(taken) and entries[0]["after"] == start
        # After the take-back the replay shows the position before the moves taken back.
        assert replay["views"][undone_at] == replay["views"][start]
        await me.close()


# --- what counts as hidden news (``stammtisch.core.events.reveals``), on the engines ------------


def _walk(game: str, seed: int, steps: int = 400, **options: Any) -> list[Any]:
    """The states after each move of one seeded game (first legal move each time)."""
    import random

    import stammtisch

    rng = random.Random(seed)
    state = stammtisch.load(game, **options).new_game(seed)
    out = []
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = list(state.legal_actions())
        state = state.apply(legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def test_zwickern_news_is_the_deal() -> None:
    """ZW-6: hands refilled from the pile are news; a card played on the table is not."""
    from stammtisch.core.events import reveals

    states = _walk("zwickern", 7)
    for st in states:
        for seat in (0, 1):
            events = st.events(seat)
            assert reveals(events, seat) == any(e["type"] == "deal" for e in events)
    assert any(reveals(st.events(0), 0) for st in states)
    assert not all(reveals(st.events(0), 0) for st in states)


def test_dog_news_is_the_received_card_not_the_given_one() -> None:
    """DOG-7: giving one's own card tells nothing new; the partner's card arriving does."""
    from stammtisch.core.events import reveals

    quiet = received = 0
    for seed in range(6):
        for st in _walk("dog", seed, steps=4):  # the four exchange cards
            events = st.events(0)
            gives = any(e["type"] == "give" and e["seat"] == 0 for e in events)
            receives = any(e["type"] == "receive" and e["seat"] == 0 for e in events)
            if gives and not receives:
                assert not reveals(events, 0)
                quiet += 1
            if receives:
                assert reveals(events, 0)
                received += 1
    assert quiet and received


def test_himmel_news_is_the_drawn_card_for_the_drawer_only() -> None:
    """HAZ-6: the card drawn is news to the drawer; to the others it is a face-down card."""
    from stammtisch.core.events import reveals

    for st in _walk("himmel", 5, steps=60):
        for ev in st.events(None):
            if ev["type"] != "draw":
                continue
            drawer = ev["seat"]
            assert reveals(st.events(drawer), drawer)
            other = (drawer + 1) % 4
            public = [e for e in st.events(other) if e["type"] in ("deal",) or e.get("revealed")]
            stolen = [e for e in st.events(other) if e["type"] == "steal" and e["seat"] == other]
            if not public and not stolen:
                assert not reveals(st.events(other), other)
            return
    raise AssertionError("no draw in 60 moves")


def test_news_reads_the_same_from_the_raw_events() -> None:
    """The table asks ``reveals`` of the raw events once per move instead of filtering them
    for every seat: the answer is the same for every seat, in every game and variant that
    hides cards (DOG-7 exchange, DOG-21 without partners, HAZ-6 draws, ZW-6 deals)."""
    from stammtisch.core.events import reveals

    cases = [
        ("dog", {}),
        ("dog", {"players": 3}),
        ("himmel", {}),
        ("zwickern", {}),
        ("zwickern", {"players": 4}),
    ]
    news = 0
    for game, options in cases:
        for seed in range(3):
            for st in _walk(game, seed, steps=300, **options):
                raw = st.raw_events()
                for seat in range(st.num_players):
                    expected = reveals(st.events(seat), seat)
                    assert reveals(raw, seat) == expected, (game, options, seed, seat, raw)
                    news += expected
    assert news > 50


def test_news_to_any_seat_is_news_to_one_of_them() -> None:
    """The table asks ``reveals_to_any`` once per move for all its people: the same answer as
    asking ``reveals`` seat by seat, for every group of seats."""
    from itertools import combinations

    from stammtisch.core.events import reveals, reveals_to_any

    for game, options in [("dog", {}), ("dog", {"players": 3}), ("himmel", {}), ("zwickern", {})]:
        for st in _walk(game, 4, steps=300, **options):
            raw = st.raw_events()
            for k in range(st.num_players + 1):
                for seats in combinations(range(st.num_players), k):
                    expected = any(reveals(raw, s) for s in seats)
                    assert reveals_to_any(raw, seats) == expected, (game, options, seats, raw)


async def test_a_pending_request_survives_a_restart(db_url: str) -> None:
    """Kept with the table: after a restart the others are asked again, with the whole
    answer time; a refusal clears it for good, an acceptance after a restart takes back."""
    s = settings(db_url, undo_seconds=60.0)
    async with live_server(s) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
        tid = created["table"]["id"]
        tokens = [created["token"], (await live.join(tid, "Ben"))["token"]]
        anna, ben = await live.player(tid, tokens[0]), await live.player(tid, tokens[1])
        mover, other, seat = await _mover_and_other(anna, ben)
        version = table_of(live, tid).version
        before_move = [m for m in mover.messages if m["type"] == "state" and m["version"] == version - 1][-1]
        await mover.send({"type": "undo", "version": version})
        await other.wait_for(lambda m: m["type"] == "state" and m["undo"] is not None)
    asked = {"seat": seat, "count": 1, "waiting": [1 - seat]}

    async def reconnect(live: Live) -> tuple[Player, Player]:
        players = [await live.player(tid, tok) for tok in tokens]
        for p in players:
            await p.state(version)
        return players[seat], players[1 - seat]

    async with live_server(s) as live:
        mover, other = await reconnect(live)
        for p in (mover, other):
            pending = p.last_state()["undo"]
            assert {k: pending[k] for k in asked} == asked
            assert pending["until"] / 1000 > time.time() + 50, "the whole answer time again"
        mark = len(mover.messages)
        await other.send({"type": "undo_answer", "accept": False})
        notice = await mover.wait_for(lambda m: m["type"] == "notice", mark)
        assert notice["kind"] == "undo_refused" and notice["by"] == 1 - seat
        await mover.wait_for(lambda m: m["type"] == "state" and m["undo"] is None, mark)

    async with live_server(s) as live:
        mover, other = await reconnect(live)
        assert mover.last_state()["undo"] is None and table_of(live, tid).undo_request is None
        await mover.send({"type": "undo", "version": version})
        await other.wait_for(lambda m: m["type"] == "state" and m["undo"] is not None)

    async with live_server(s) as live:
        mover, other = await reconnect(live)
        assert other.last_state()["undo"]["waiting"] == [1 - seat]
        mark = len(mover.messages)
        await other.send({"type": "undo_answer", "accept": True})
        back = await mover.state(version + 1, mark)
        assert back["undo"] is None and back["full_log"][-1]["undo"] == [version]
        assert back["view"] == before_move["view"] and back["legal"] == before_move["legal"]
        for p in (mover, other):
            await p.close()
