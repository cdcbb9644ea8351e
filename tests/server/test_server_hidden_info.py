"""Hidden information is a security property: no message tells a seat more than its view.

Complete games of every registered game are streamed with one client per seat (each plays
at random from what it was sent, like a bot in the browser) and spectators. Afterwards the
game is replayed independently from its record and every message is checked:

* structurally: the view is exactly ``observe(recipient)`` at that version, legal actions
  and their descriptions go only to the seat to move, and every log entry is built from the
  recipient's own view after that move, its events included (never from the raw notation);
  an event whose card is private to other seats reaches the recipient without it (DOG-7
  exchange, HAZ-5 steal, draws);
* by card: no card in another seat's hand that the recipient's own views never showed
  appears anywhere in the message (this is what catches a leaking log or table info), and
  spectators never see a hand card.
"""

from __future__ import annotations

import gc
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import stammtisch
from stammtisch.core.game import State
from stammtisch.core.words import entry_words, moves_words
from stammtisch.records.record import GameRecord

from .live import Live, Player, live_server, settings

TOKEN = re.compile(r"[A-Za-z0-9]+")
# A state message's fields, and the log the test client put together (``full_log``).
MESSAGE_KEYS = {
    "type",
    "table",
    "version",
    "seat",
    "view",
    "legal",
    "moves",
    "log_from",
    "log",
    "result",
    "full_log",
    "turn_started",  # a time (checked below)
    "now",  # the server's clock as it sent the message (checked below)
    "undo",  # a pending take-back: only seats and counts (checked below)
    "undo_floor",  # a move number (checked below)
}


def seat_counts(name: str) -> list[int]:
    info = stammtisch.info(name)
    return sorted({info.min_players, info.max_players})


def strings(obj: Any) -> set[str]:
    """Every word that occurs in a string anywhere inside ``obj``."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.update(TOKEN.findall(x))
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def hand_cards(state: State[Any]) -> list[list[str]]:
    """Each seat's hand from the full state, where the game stores hands as text cards."""
    hands = state.to_json().get("hands")
    if not isinstance(hands, list):
        return []
    return [[c for c in h if isinstance(c, str)] if isinstance(h, list) else [] for h in hands]


def norm(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


class Truth:
    """What one recipient may be sent at each version, from an independent replay."""

    def __init__(self, states: list[State[Any]], recipient: int | None) -> None:
        self.states = states
        self.recipient = recipient
        self.views = [norm(s.observe(recipient)) for s in states]
        # A card seen in an earlier view stays known (it may lie in another hand after a
        # new deal, and the log may name it). So do the words of the seat's own legal
        # moves: Dog names cards by rank alone, and a move like "7:p4 2-9" names fields
        # whose numbers are also ranks.
        self.known: list[set[str]] = []
        for state, view in zip(states, self.views, strict=True):
            words = strings(view)
            if recipient is not None and state.current_player == recipient:
                words |= strings(state.legal_notations())
                words |= strings([state.describe(a) for a in state.legal_actions()])
            self.known.append((self.known[-1] if self.known else set()) | words)
        seats = [s.current_player for s in states[:-1]]
        self.log = [
            {
                "move": i,
                "seat": seats[i - 1],
                "last": self.views[i].get("last"),
                "events": self.views[i]["events"],
            }
            for i in range(1, len(states))
        ]

    def check(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "chat":
            # Table chat carries what people wrote and nothing of the game (none here).
            assert set(msg) == {"type", "enabled", "from", "messages"} and msg["messages"] == []
            return
        v = msg["version"]
        state = self.states[v]
        r = self.recipient
        # The words ride along with the events and move descriptions they are made of (a
        # function of those and the seats' names alone): checked equal, then set aside.
        game = msg["table"]["game"]
        names = [s.get("nickname") for s in msg["table"]["seats"]]
        msg = dict(msg)
        msg["log"] = [dict(e) for e in msg["log"]]
        for entry in msg["log"]:
            assert entry.pop("text") == entry_words(game, entry["events"], names)
        msg["moves"] = [dict(m) for m in msg["moves"]]
        if msg["moves"]:
            said = moves_words(game, [m["move"] for m in msg["moves"]], names)
            for i, move in enumerate(msg["moves"]):
                assert move.pop("text") == {lang: said[lang][i] for lang in said}
        assert set(msg) == MESSAGE_KEYS  # nothing else rides along unchecked
        assert isinstance(msg["turn_started"], int)
        assert isinstance(msg["now"], int) and msg["now"] >= msg["turn_started"]
        assert msg["undo"] is None  # nobody asks to take back in these games
        assert isinstance(msg["undo_floor"], int) and 0 <= msg["undo_floor"] <= msg["version"]
        assert msg["seat"] == r
        assert msg["view"] == self.views[v]
        if r is not None and state.current_player == r:
            assert msg["legal"] == state.legal_notations()
            moves = [{"action": str(a), "move": state.describe(a)} for a in state.legal_actions()]
            assert msg["moves"] == norm(moves)
        else:
            assert msg["legal"] == [] and msg["moves"] == []
        for entry in msg["log"]:
            for event in entry["events"]:
                if "private_to" in event and r not in event["private_to"]:
                    assert event.get("card") is None and not any(event.get("cards") or ())
        # Only the entries the connection does not have yet: the Player checked that they
        # continue what it has, so checked message by message they add up to the log.
        assert msg["log"] == self.log[msg["log_from"] : v]
        # The table's random id and its creation time are words too, and may spell a card
        # by chance (Himmel's cards are numbers): they are checked as what they are. The
        # view is exactly the recipient's own (above), so its words are known already.
        info = dict(msg["table"])
        assert isinstance(info.pop("id"), str) and isinstance(info.pop("created_at"), str)
        sent = strings([info, msg["legal"], msg["moves"], msg["log"], msg["result"]])
        for owner, hand in enumerate(hand_cards(state)):
            if owner == r:
                continue
            for card in hand:
                if card not in self.known[v]:
                    assert card not in sent, f"card {card} of seat {owner} leaked to {r} at version {v}"
        if r is None:
            assert "hand" not in msg["view"]


async def stream_game(
    live: Live, name: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> GameRecord:
    """Play a whole game with random legal moves through the server and check every message
    each client got against the truth; returns the game's record."""
    opts = {"players": players, **(options or {})}
    created = await live.create(game=name, options=opts, seats=[{"type": "open"}] * players)
    tid = created["table"]["id"]
    tokens = [created["token"]] + [(await live.join(tid, f"p{i}", i))["token"] for i in range(1, players)]
    clients: list[Player] = [await live.player(tid, t) for t in tokens]
    spectator = await live.player(tid)
    rng = random.Random(seed)
    version = 0
    seen = [0] * players  # where each client's messages of the current version begin
    while True:
        msgs = [await c.state(version, start=i) for c, i in zip(clients, seen, strict=True)]
        seen = [len(c.messages) - 1 for c in clients]
        if msgs[0]["result"] is not None:
            break
        mover = next(i for i, m in enumerate(msgs) if m["legal"])
        await clients[mover].send(
            {"type": "action", "action": rng.choice(msgs[mover]["legal"]), "version": version}
        )
        version += 1
    await spectator.state(version)
    record = GameRecord.from_json((await live.http.get(f"/api/tables/{tid}/record")).json())
    states = list(record.states())
    assert len(states) == version + 1
    checked = 0
    for recipient, client in [*enumerate(clients), (None, spectator)]:
        truth = Truth(states, recipient)
        for msg in client.messages:
            assert msg["type"] in ("state", "chat"), msg
            truth.check(msg)
            checked += 1
    assert checked > version * (players + 1) / 2
    for c in [*clients, spectator]:
        await c.close()
    return record


@pytest.fixture
def no_gc_pauses() -> Iterator[None]:
    """The test keeps every message of a long game: a million objects that the cyclic
    garbage collector would walk again and again (it made a Dog game take a minute)."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.usefixtures("no_gc_pauses")
@pytest.mark.parametrize(("name", "players"), [(g, n) for g in stammtisch.games() for n in seat_counts(g)])
async def test_no_message_leaks_hidden_cards(
    transport: str, sqlite_url: str, name: str, players: int
) -> None:
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        await stream_game(live, name, players, seed=players)


@pytest.mark.usefixtures("no_gc_pauses")
async def test_dog24_stolen_card_reaches_thief_and_victim_only(transport: str, sqlite_url: str) -> None:
    # Option two_steals: a 2 may take a random card from an opponent (DOG-24); with three
    # players alone the third player must never learn the card.
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        record = await stream_game(live, "dog", 3, seed=24, options={"two_steals": True})
    # The seeded game must really contain a theft, or the test proves nothing.
    thefts = [a for a in record.actions if ":steal " in a]
    assert thefts, "the seeded game played no 2 as a theft"


async def test_bots_in_every_seat_spectator_sees_no_hand(transport: str, sqlite_url: str) -> None:
    """A table of server bots: the spectator stream shows no hand card at any point."""
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        for name in stammtisch.games():
            n = stammtisch.info(name).max_players
            created = await live.create(
                game=name,
                options={"players": n},
                seats=[{"type": "open"}] + [{"type": "bot", "level": "easy"}] * (n - 1),
            )
            tid = created["table"]["id"]
            spectator = await live.player(tid)
            await live.http.post(f"/api/tables/{tid}/leave", json={"token": created["token"]})
            final = await spectator.wait_for(
                lambda m: m["type"] == "state" and m["result"] is not None, timeout=60
            )
            record = GameRecord.from_json((await live.http.get(f"/api/tables/{tid}/record")).json())
            states = list(record.states())
            assert final["version"] == len(states) - 1
            truth = Truth(states, None)
            for msg in spectator.messages:
                truth.check(msg)
            await spectator.close()
