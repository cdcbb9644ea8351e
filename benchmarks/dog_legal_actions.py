"""Dog move-generation speed: legal_actions() in the worst positions, and playout speed.

Measures, for fixed positions chosen to be expensive (four pegs on the track with a 7
and a Joker in hand, crowded boards, six players), the time of one ``legal_actions()``
call on a fresh clone (so nothing is cached). Then random-playout steps per second
(legal_actions + apply_unchecked with a seeded random choice), with OpenSpiel ``maedn``
through pyspiel measured the same way when open-spiel is installed.

CPU time (``time.process_time``) is used, and the best of several rounds is reported for
the per-call times, because the machine is shared: wall time there says more about the
neighbours than about the code. Run:

    PYTHONPATH=src python benchmarks/dog_legal_actions.py [--rounds 5] [--out FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import stammtisch
from engine_speed import load_game, maedn_runner

CROWDED: list[list[Any]] = [
    [5, 20, 33, 62],
    [18, 40, 50, "S"],
    [24, 60, 2, 44],
    [11, 28, "H1", "K"],
]
POSITIONS: list[tuple[str, int, list[list[Any]], list[str]]] = [
    ("four pegs on the track, 7 + Joker", 4, [[5, 20, 33, 47]], ["7", "Jo"]),
    ("four pegs bunched up, 7 + Joker", 4, [[3, 5, 8, 10]], ["7", "Jo"]),
    ("crowded board, 7 + Joker", 4, CROWDED, ["7", "Jo"]),
    ("crowded board, 6 cards", 4, CROWDED, ["7", "Jo", "4", "J", "A", "K"]),
    (
        "6 players crowded, 7 + Joker + J + 4",
        6,
        [[5, 30, 90, 95], [20, "S", 50], [40, 60], [10, 70, 85], [82, "H1"], [88]],
        ["7", "Jo", "J", "4"],
    ),
    (
        "helping with 7 + Joker",
        4,
        [[60, "H2", "H3", "H4"], [10, 36], [40, 20, "S"], [50]],
        ["7", "Jo"],
    ),
]


def cpu_per_call(fn: Callable[[], object], calls: int, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for _ in range(calls):
            fn()
        best = min(best, (time.process_time() - t0) / calls)
    return best


def legal_actions_report(rounds: int) -> list[str]:
    """Per position: the compiled core and the pure-Python engine side by side."""
    lines = [f"{'position':42} {'actions':>7} {'core ms':>8} {'pure ms':>8} {'ratio':>6}"]
    for label, players, pegs, hand in POSITIONS:
        rows = [list(r) for r in pegs] + [[] for _ in range(players - len(pegs))]
        hands = [["2"] for _ in range(players)]
        hands[0] = hand
        data = {"pegs": rows, "hands": hands, "current": 0}
        ms = []
        counts = []
        for pure in (False, True):
            state = load_game("dog", pure, players=players).from_json(data)
            counts.append(len(state.legal_actions()))
            ms.append(cpu_per_call(lambda s=state: s.clone().legal_actions(), 200, rounds) * 1000)
        assert counts[0] == counts[1], label
        lines.append(f"{label:42} {counts[0]:7d} {ms[0]:8.3f} {ms[1]:8.3f} {ms[1] / ms[0]:5.1f}x")
    state = stammtisch.load("dog").new_game(1)
    clone_us = cpu_per_call(state.clone, 20000, rounds) * 1e6
    lines.append(f"clone(): {clone_us:.2f} us")
    return lines


def dog_playouts(players: int, seconds: float, pure: bool = False) -> tuple[int, float]:
    game = load_game("dog", pure, players=players)
    rng = random.Random(1)
    steps = 0
    seed = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = game.new_game(seed)
        seed += 1
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply_unchecked(legal[rng.randrange(len(legal))], events=False)
            steps += 1
    return steps, time.process_time() - t0


def maedn_playouts(seconds: float) -> tuple[int, float] | None:
    """OpenSpiel maedn measured like engine_speed.py does, in CPU time."""

    run = maedn_runner(time.process_time)
    return None if run is None else run(seconds)


def playout_report(rounds: int, seconds: float) -> list[str]:
    rates: dict[str, list[float]] = {
        "dog (4p)": [],
        "dog (4p) pure Python": [],
        "dog (6p)": [],
        "dog (6p) pure Python": [],
        "OpenSpiel maedn (4p)": [],
    }
    for _ in range(rounds):
        for players in (4, 6):
            for pure in (False, True):
                steps, used = dog_playouts(players, seconds, pure)
                rates[f"dog ({players}p){' pure Python' if pure else ''}"].append(steps / used)
        m = maedn_playouts(seconds)
        if m is not None:
            rates["OpenSpiel maedn (4p)"].append(m[0] / m[1])
    lines = [f"{'engine':24} {'steps/s (median)':>17}"]
    med = {k: statistics.median(v) for k, v in rates.items() if v}
    for k, v in med.items():
        lines.append(f"{k:24} {v:17,.0f}")
    if "OpenSpiel maedn (4p)" in med:
        ratio = med["dog (4p)"] / med["OpenSpiel maedn (4p)"]
        lines.append(f"ratio dog (4p) / maedn: {ratio:.2f}x (issue 20 goal >= 1.0x)")
    else:
        lines.append("open-spiel not installed: no maedn comparison")
    for players in (4, 6):
        fast, pure = med[f"dog ({players}p)"], med[f"dog ({players}p) pure Python"]
        lines.append(f"ratio dog ({players}p) compiled core / pure Python: {fast / pure:.2f}x")
    return lines


def profile_report(seconds: float) -> list[str]:
    prof = cProfile.Profile()
    prof.enable()
    dog_playouts(4, seconds)
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(12)
    root = str(Path(stammtisch.__file__).resolve().parent.parent) + "/"
    repo = str(Path(__file__).resolve().parent.parent) + "/"
    text = buf.getvalue().replace(root, "").replace(repo, "")
    keep = [ln for ln in text.splitlines() if ln.strip()][-13:]
    return ["profile of 4-player playouts (top functions by own time):", *keep]


# How to read the profile, and what going further would take. Kept here so that the
# committed output carries it; update it when the engine's hot spots change.
NOTES = """\
## reading the figures (compiled core, issue 20)
legal_actions() runs in the compiled core (games/dog/_core.c) for the base rules: a
line-by-line port of moves.py / seven.py / tables.py that returns one packed code per
move (and the 7s packed in one bytes object); the list it gives makes a DogAction only
for the moves that are read. The per-call figures above are a fresh clone's
legal_actions() as the benchmark always measured it; "core" is the compiled generator
plus the codes, "pure" the Python generator with one DogAction per move. On the worst
positions the core's time is now mostly the 7's step search (memo of intermediate
positions, pegs within 7 fields of each other) and the Python int per code; a caller
that reads every action (a search, the server's move list) pays about 0.5 us per action
on top, as before.

In random playouts the whole step runs in the core on the base rules: the state's
legal_actions(), apply_unchecked() (by move code), clone() and is_terminal are C methods
on the position as integers, and the reshuffle is in C; what is left in the profile
below is mostly the driver loop and its random choice.

The pure engine stays the specification (STAMMTISCH_PURE=1 forces it): same moves, same
order, same bodies (benchmarks/dog_core_diff.txt, tests/games/dog/test_dog_core.py).
"""


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="per playout round and engine")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    lines = [
        "# Dog move generation and playout speed (CPU time; best of rounds per call)",
        f"# python {platform.python_version()} on {platform.machine()}, {args.rounds} rounds",
        "",
        "## legal_actions() on a fresh clone (issue 20 goal < 0.2 ms)",
        *legal_actions_report(args.rounds),
        "",
        "## random playouts",
        *playout_report(args.rounds, args.seconds),
        "",
        *profile_report(args.seconds),
        "",
        NOTES,
    ]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(report)


if __name__ == "__main__":
    main()
