"""A live table's own work per move, without network or database.

``benchmarks/server_load.py`` measures the whole server (WebSocket frames, database, the
load clients on the same two cores) and moves with the shared machine's speed by a factor
of two. This measures only what :class:`stammtisch.server.table.LiveTable` does for one
accepted move: check and apply the action, build every connected seat's view, its move log
entry (the events in words in both languages), the legal moves in words for the seat to
move, and encode the ``state`` messages. Random games, every seat connected (its messages
are counted and dropped), CPU time (``time.process_time``) per move, after :data:`WARMUP`
moves that are not counted (until 2026-12-07 they were: see table_work.txt).

    PYTHONPATH=src python benchmarks/table_work.py [--game zwickern] [--moves 5000]
    PYTHONPATH=src python benchmarks/table_work.py --against /tmp/old/src [--rounds 8]

``--parts`` measures what each part of a move costs by leaving it out (in separate processes,
alternating, best of ``--rounds``): ``words`` (the log line and the legal moves in words, both
languages), ``moves`` (the legal moves with their descriptions), ``log`` (the log entry).

``--check SRC`` plays a few scripted games (every game, seats connected and not, a seat that
comes back and is caught up, a spectator, a take-back, seats without a name) on this tree and
on another tree's ``src`` with the clock stopped, and compares every message each connection
got, byte for byte: a change to how the messages are built must not change one of them.

``--against SRC`` runs the same measurement on another tree's ``src`` (for example a
``git archive`` of an earlier commit), alternating with this one in separate processes,
and prints the ratio of the best runs: side by side, so the machine's speed cancels out.
The shared machine's other jobs slow single runs by up to a third (seen here), so the
figure to compare is the best of several short runs of each tree, not one long run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SEATS = {"zwickern": 2, "himmel": 4, "dog": 4}
#: Moves played before the measured ones: the first moves of a process read the message
#: catalogue from its files (about 0.25 s, once per server process), which would otherwise
#: count as some 50 us per move of a 5,000-move run.
WARMUP = 500


async def _store(_row: object) -> None:
    return None


def leave_out(part: str) -> None:
    """Replace one part of a move's work with nothing (``--parts``; this process only)."""
    if part == "none":  # also for trees without the modules below (3d46a7e has no tableinfo)
        return
    from stammtisch.server import history, tableinfo, wire

    if part == "words":
        history.entry_text = lambda game, events, lang, names=None: ""  # type: ignore[assignment]
        tableinfo.move_text = lambda game, d, lang, names=None, short=False: ""  # type: ignore[assignment]
    elif part == "moves":
        tableinfo.legal_and_moves = lambda game, state, names: (wire.dumpb(state.legal_notations()), b"[]")  # type: ignore[assignment]
    elif part == "log":
        history.log_entry = lambda *args, **kwargs: b"{}"  # type: ignore[assignment]
    else:
        raise SystemExit(f"unknown part {part!r}")


async def measure(game: str, moves: int, seed: int) -> dict[str, Any]:
    from stammtisch.server.clients import Client
    from stammtisch.server.db.repo import SeatRow, TableRow
    from stammtisch.server.table import LiveTable

    sent = [0, 0]  # messages, bytes

    def sink(item: Any) -> None:
        if item is not None:
            sent[0] += 1
            sent[1] += len(item)

    rng = random.Random(seed)
    seats = SEATS[game]
    done = 0
    cpu = 0.0
    table_seed = seed * 1_000_000
    while done < moves + WARMUP:
        table_seed += 1
        row = TableRow(
            id=f"t{table_seed}",
            game=game,
            options={},
            seed=table_seed,
            status="waiting",
            seats=[
                SeatRow(s, "human", name) for s, name in enumerate(["Anna", "Ben", "Clara", "Dieter"][:seats])
            ],
        )
        table = LiveTable(row, _store)
        for s in range(seats):
            client = Client(s, "de")
            client.push = sink  # type: ignore[method-assign]
            table.clients.add(client)
        table.start_if_full()
        table.broadcast()
        while table.state is not None and not table.state.is_terminal and done < moves + WARMUP:
            state = table.state
            legal = state.legal_actions()
            action = str(legal[rng.randrange(len(legal))])
            if done == WARMUP:
                sent[0] = sent[1] = 0
            if done < WARMUP:  # the first moves load the catalogue and fill the memos
                await table.submit(state.current_player, action, table.version)
            else:
                t0 = time.process_time()
                await table.submit(state.current_player, action, table.version)
                cpu += time.process_time() - t0
            done += 1
    done -= WARMUP
    return {
        "game": game,
        "moves": done,
        "us_per_move": 1e6 * cpu / done,
        "bytes_per_move": sent[1] / done,
        "messages_per_move": sent[0] / done,
    }


async def scripted(game: str, seed: int, moves: int) -> list[bytes]:
    """Every message of one scripted game, in order, each prefixed with its connection (the
    order between connections follows a set's: compare each connection's messages)."""
    from concurrent.futures import ThreadPoolExecutor

    from stammtisch.server.clients import Client
    from stammtisch.server.db.repo import SeatRow, TableRow
    from stammtisch.server.table import LiveTable

    seats = SEATS[game]
    names = ["Anna", None, "Hans", "Bot (schwer)"][:seats]
    row = TableRow(
        id=f"t{seed}",
        game=game,
        options={},
        seed=seed,
        status="waiting",
        seats=[SeatRow(s, "human", name) for s, name in enumerate(names)],
    )
    row.created_at = row.created_at.replace(
        year=2026, month=12, day=1, hour=0, minute=0, second=0, microsecond=0
    )
    table = LiveTable(row, _store)
    out: list[bytes] = []
    pool = ThreadPoolExecutor(1)

    def connect(seat: int | None, lang: str, tag: str) -> Client:
        client = Client(seat, lang)
        client.push = lambda item: out.append(b"%s%d %s" % (tag.encode(), seed, item))  # type: ignore[method-assign,misc,assignment]
        return client

    clients = [connect(s, "de" if s % 2 else "en", f"seat{s}") for s in range(seats - 1)]
    for client in clients:
        table.clients.add(client)
    table.start_if_full()
    table.broadcast()
    await table.attach(connect(None, "en", "spectator"), pool)
    rng = random.Random(seed)
    for i in range(moves):
        state = table.state
        if state is None or state.is_terminal:
            break
        if i == 10:  # the last seat comes in late: its log is built by replaying
            await table.attach(connect(seats - 1, "de", "late"), pool)
        if i in (20, 35) and table.in_force:
            await table.take_back(row.actions[table.in_force[-1] - 1][0], 1)
            continue
        legal = state.legal_actions()
        await table.submit(state.current_player, str(legal[rng.randrange(len(legal))]), table.version)
    await table.attach(connect(1, "en", "second"), pool)  # a second connection of a seat
    pool.shutdown()
    return out


def messages(seed: int) -> list[bytes]:
    """The scripted games' messages, the clock stopped (``turn_started`` and ``now`` fixed)."""
    time.time = lambda: 1_800_000_000.0
    out: list[bytes] = []
    for game in sorted(SEATS):
        for k in range(3):
            out += [
                game.encode() + m
                for m in asyncio.run(scripted(game, seed + k, 400 if game == "zwickern" else 150))
            ]
    return sorted(out, key=lambda m: m.partition(b" ")[0])  # stable: each connection in order


def check(other: str, seed: int) -> None:
    """Compare the scripted games' messages of this tree and of ``other`` (a ``src``)."""
    lists = []
    for src in (str(ROOT / "src"), other):
        env = dict(os.environ, PYTHONPATH=src)
        command = [sys.executable, __file__, "--messages", "--seed", str(seed)]
        done = subprocess.run(command, env=env, check=True, capture_output=True)
        lists.append(done.stdout.split(b"\n"))
    mine, theirs = lists
    differ = [i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b]
    print(f"messages: this tree {len(mine)}, {other} {len(theirs)}; differing: {len(differ)}")
    for i in differ[:3]:
        print(f"first difference, message {i}:\n  {mine[i][:3000]!r}\n  {theirs[i][:3000]!r}")
    if differ or len(mine) != len(theirs):
        raise SystemExit(1)


def run_tree(src: str, game: str, moves: int, seed: int, without: str = "none") -> dict[str, Any]:
    """One measurement in a fresh process on the tree at ``src`` (``without``: a part left out)."""
    env = dict(os.environ, PYTHONPATH=src)
    command = [sys.executable, __file__, "--game", game, "--moves", str(moves), "--seed", str(seed)]
    out = subprocess.run(
        [*command, "--json", "--without", without],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(SEATS), default="zwickern")
    ap.add_argument("--moves", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=8, help="with --against: pairs of runs")
    ap.add_argument("--against", default=None, help="another tree's src folder, measured alternately")
    ap.add_argument("--json", action="store_true", help="print one JSON line (used by --against)")
    ap.add_argument("--parts", action="store_true", help="what each part costs, by leaving it out")
    ap.add_argument("--without", default="none", help=argparse.SUPPRESS)
    ap.add_argument("--check", default=None, help="another tree's src: compare every message")
    ap.add_argument("--messages", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.messages:
        sys.stdout.buffer.write(b"\n".join(messages(args.seed)))
        return
    if args.check is not None:
        check(args.check, args.seed)
        return
    if args.json:
        leave_out(args.without)
        print(json.dumps(asyncio.run(measure(args.game, args.moves, args.seed))))
        return
    print(
        f"# table work per move, {args.game}, {args.moves} random moves per run, "
        f"python {platform.python_version()} on {platform.machine()}, load average "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    if args.parts:
        here = str(ROOT / "src")
        best: dict[str, float] = {}
        for _ in range(args.rounds):
            for part in ("none", "words", "moves", "log"):
                us = run_tree(here, args.game, args.moves, args.seed, part)["us_per_move"]
                best[part] = min(best.get(part, us), us)
        whole = best["none"]
        print(f"whole move: {whole:.1f} us (best of {args.rounds})")
        for part in ("words", "moves", "log"):
            cost = whole - best[part]
            print(
                f"without {part:5s}: {best[part]:.1f} us, so {part} costs {cost:.1f} us ({cost / whole:.0%})"
            )
        return
    if args.against is None:
        r = asyncio.run(measure(args.game, args.moves, args.seed))
        print(
            f"{r['us_per_move']:.1f} us CPU per move, {r['bytes_per_move']:.0f} bytes in "
            f"{r['messages_per_move']:.1f} messages per move"
        )
        return
    here = str(ROOT / "src")
    mine: list[float] = []
    theirs: list[float] = []
    for i in range(args.rounds):
        a = run_tree(here, args.game, args.moves, args.seed)
        b = run_tree(args.against, args.game, args.moves, args.seed)
        mine.append(a["us_per_move"])
        theirs.append(b["us_per_move"])
        print(
            f"round {i + 1}: this tree {mine[-1]:.1f} us ({a['bytes_per_move']:.0f} bytes), "
            f"{args.against} {theirs[-1]:.1f} us ({b['bytes_per_move']:.0f} bytes)"
        )
    print(
        f"best of {args.rounds}: this tree {min(mine):.1f} us, the other {min(theirs):.1f} us, "
        f"ratio {min(mine) / min(theirs):.2f} (medians {statistics.median(mine):.1f} and "
        f"{statistics.median(theirs):.1f})"
    )


if __name__ == "__main__":
    main()
