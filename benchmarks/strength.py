"""Strength of the bots: random vs heuristic vs ISMCTS in every registered game.

    PYTHONPATH=src nice python benchmarks/strength.py            # writes benchmarks/strength.md
    PYTHONPATH=src python benchmarks/strength.py --scale 0.1     # a tenth of the games

Each pairing is an arena tournament (duplicate deals, seats rotated, 95% intervals over
deals, see ``stammtisch.arena``). ISMCTS runs with an *iteration* budget, so the results
are reproducible; its time per move is measured separately, on positions from heuristic
self-play, and reported next to the budget. The markdown is rewritten after every pairing,
so an interrupted run still leaves its finished measurements.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import stammtisch
from stammtisch.arena.report import Report
from stammtisch.arena.tournament import (
    GameResult,
    TournamentRun,
    config_from,
    make_game,
    run_tournament,
    schedule,
)
from stammtisch.bots import HARD_ITERATIONS, make_bot


@dataclass(frozen=True)
class Pairing:
    game: str
    bots: tuple[str, str]
    games: int


# ISMCTS at the ``hard`` level's iteration budget (about a second per move; the report
# gives the measured time), written out so that the report names the budget.
ISMCTS = {game: f"ismcts:{n}" for game, n in HARD_ITERATIONS.items()}
# Games per pairing: what the 2 shared cores allow in well under an hour.
PLAN = [
    Pairing("zwickern", ("random", "heuristic"), 1000),
    Pairing("himmel", ("random", "heuristic"), 1000),
    Pairing("dog", ("random", "heuristic"), 100),
    Pairing("zwickern", ("heuristic", ISMCTS["zwickern"]), 80),
    Pairing("dog", ("heuristic", ISMCTS["dog"]), 16),
    Pairing("himmel", ("heuristic", ISMCTS["himmel"]), 40),
    Pairing("zwickern", ("random", ISMCTS["zwickern"]), 20),
]


def time_per_move(game_name: str, kind: str, positions: int, seed: int) -> tuple[float, float]:
    """Mean and max seconds per ISMCTS decision, on positions from heuristic self-play."""
    game = stammtisch.load(game_name)
    rng = random.Random(seed)
    state = game.new_game(seed)
    times: list[float] = []
    heur = [make_bot("heuristic", game, s, seed + s) for s in range(game.num_players)]
    while len(times) < positions and not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        view = state.observe(seat)
        if len(legal) > 1 and rng.random() < 0.5:
            bot = make_bot(kind, game, seat, rng.randrange(1 << 30))
            t0 = time.perf_counter()
            bot.choose(view, legal)
            times.append(time.perf_counter() - t0)
        state = state.apply_unchecked(heur[seat].choose(view, legal))
        if state.is_terminal and len(times) < positions:
            state = game.new_game(rng.randrange(1 << 30))
    return statistics.mean(times), max(times)


def markdown(rows: list[str], timings: list[str], header: str) -> str:
    return "\n".join(
        [
            "# Bot strength",
            "",
            header,
            "",
            "## Time per ISMCTS move",
            "",
            "| game | bot | positions | mean s/move | max s/move |",
            "|---|---|---:|---:|---:|",
            *timings,
            "",
            "## Pairings",
            "",
            "Win share: the part of each game's win that went to the bot's seats (a Dog team's"
            " win is 1 for the bot playing it; in 4-player Himmel each bot holds two seats;"
            " shared wins split), averaged over deals, 95% interval over deals. Parity is"
            " 0.5 for two bots. Score margin: the bot's seats' mean score minus the others'"
            " (Zwickern: card points; Himmel: minus penalty cards; Dog: team pegs in the Himmel).",
            "",
            "| game | bots | games (deals) | win share A [95%] | win share B [95%] | margin B [95%] |"
            " OpenSkill mu A / B | wall s |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scale", type=float, default=1.0, help="Multiply every pairing's games.")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", type=Path, default=Path(__file__).with_name("strength.md"))
    ap.add_argument("--games", default="", help="Comma separated subset of games.")
    ap.add_argument(
        "--ismcts-minutes",
        type=float,
        default=60.0,
        help="Wall minutes after which an ISMCTS pairing starts no new deals (0: skip them).",
    )
    ap.add_argument("--positions", type=int, default=20, help="Positions timed per game.")
    args = ap.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    registered = set(stammtisch.games())
    header = (
        f"Measured with `benchmarks/strength.py --scale {args.scale} --ismcts-minutes"
        f" {args.ismcts_minutes:g}` (seed {args.seed}, {args.workers} worker processes) on"
        f" {platform.machine()} with {os.cpu_count()} cores shared with other work, Python "
        + platform.python_version()
        + ". ISMCTS pairings stop starting new deals after their minutes; the counts below are"
        " what was played."
    )
    rows: list[str] = []
    timings: list[str] = []
    for game_name, kind in ISMCTS.items():
        if game_name not in registered or (wanted and game_name not in wanted):
            continue
        mean, worst = time_per_move(game_name, kind, positions=args.positions, seed=args.seed)
        timings.append(f"| {game_name} | `{kind}` | {args.positions} | {mean:.3f} | {worst:.3f} |")
        args.out.write_text(markdown(rows, timings, header), encoding="utf-8")
    for p in PLAN:
        if p.game not in registered or (wanted and p.game not in wanted):
            continue
        if p.bots[1].startswith("ismcts") and args.ismcts_minutes <= 0:
            continue
        n = max(2, round(p.games * args.scale))
        limit = args.ismcts_minutes * 60 if p.bots[1].startswith("ismcts") else None
        rows.append("")
        for run, wall in run_in_chunks(p, n, args.seed, args.workers, limit):
            rows[-1] = row(p, Report(run), wall, n)
            print(rows[-1], flush=True)
            args.out.write_text(markdown(rows, timings, header), encoding="utf-8")


def run_in_chunks(
    p: Pairing, games: int, seed: int, workers: int, limit: float | None
) -> Iterator[tuple[TournamentRun, float]]:
    """Play the pairing a few deals at a time, yielding the results so far after each chunk.

    Chunk ``k`` is a tournament with seed ``seed + first deal``, so its game seeds are those
    of one long tournament (``seed + deal``); only the bots' seeds differ. With ``limit``
    (seconds) no new chunk starts once it is spent: slow pairings report what they played.
    """
    config = config_from(p.game, p.bots, games=games, seed=seed)
    per_deal = len(schedule(config)) // max(1, len({t.deal for t in schedule(config)}))
    deals = -(-games // per_deal)
    chunk = deals if limit is None else max(1, workers)
    results: list[GameResult] = []
    t0 = time.perf_counter()
    for first in range(0, deals, chunk):
        if limit is not None and first > 0 and time.perf_counter() - t0 >= limit:
            break
        size = min(chunk, deals - first)
        part = config_from(p.game, p.bots, games=size * per_deal, seed=seed + first)
        for r in run_tournament(part, workers=workers).results:
            r.deal += first
            r.index = len(results)
            results.append(r)
        run = TournamentRun(config, make_game(config).num_players, config.option_dict, list(results))
        yield run, time.perf_counter() - t0


def row(p: Pairing, report: Report, wall: float, planned: int) -> str:
    a, b = report.summaries
    ra, rb = report.ratings
    played = len(report.run.results)
    deals = len({r.deal for r in report.run.results})
    m = b.score_margin
    note = "" if played >= planned else f" of {planned} planned"
    return (
        f"| {p.game} | `{p.bots[0]}` vs `{p.bots[1]}` | {played} ({deals}){note} |"
        f" {a.win_share} | {b.win_share} | {m.mean:+.2f} [{m.low:+.2f}, {m.high:+.2f}] |"
        f" {ra.mu:.1f} / {rb.mu:.1f} | {wall:.0f} |"
    )


if __name__ == "__main__":
    main()
