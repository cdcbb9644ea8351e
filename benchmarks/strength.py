"""Strength of the bots: heuristic vs ISMCTS and random vs heuristic in every registered game.

    PYTHONPATH=src nice python benchmarks/strength.py --workers 1 \\
        --minutes zwickern=35,himmel=27,dog=38          # writes benchmarks/strength.{md,json}
    PYTHONPATH=src python benchmarks/strength.py --scale 0.1 --ismcts-minutes 2   # a quick look

Each pairing is an arena tournament (duplicate deals, seats rotated, 95% intervals over
deals, see ``stammtisch.arena``). ISMCTS runs with an *iteration* budget (the ``hard``
level's), so the results are reproducible; its time per move is measured separately, on
positions from heuristic self-play, and reported next to the budget (wall and CPU time, since
the machine is shared). The ISMCTS pairings come first, as they matter most; each stops
starting new deals after its minutes. The markdown and JSON are rewritten after every deal,
so an interrupted run still leaves its finished measurements.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.arena.report import Report
from stammtisch.arena.stats import Interval
from stammtisch.arena.tournament import (
    GameResult,
    TournamentRun,
    config_from,
    make_game,
    run_tournament,
    schedule,
)
from stammtisch.bots import make_bot
from stammtisch.bots.profile import profile_for
from stammtisch.bots.values import win_shares


@dataclass(frozen=True)
class Pairing:
    game: str
    bots: tuple[str, str]
    games: int


# ISMCTS at the ``hard`` level's iteration budget, written out so that the report names it.
ISMCTS = {game: f"ismcts:{profile_for(game).hard()}" for game in ("zwickern", "himmel", "dog")}
# Most important first: ISMCTS against the heuristic (these stop after their minutes).
PLAN = [
    Pairing("zwickern", ("heuristic", ISMCTS["zwickern"]), 400),
    Pairing("himmel", ("heuristic", ISMCTS["himmel"]), 200),
    Pairing("dog", ("heuristic", ISMCTS["dog"]), 100),
    Pairing("zwickern", ("random", "heuristic"), 1000),
    Pairing("himmel", ("random", "heuristic"), 1000),
    Pairing("dog", ("random", "heuristic"), 100),
]
MIN_DEALS = 10  # fewer deals than this decide no goal (their interval is too rough)
DOG_GOAL = 0.65  # the ISMCTS team's share of Dog games to reach against the heuristic team


@dataclass
class Measured:
    """One pairing's results so far."""

    pairing: Pairing
    report: Report
    wall: float
    cpu: float
    planned: int
    extra: dict[str, Any] = field(default_factory=dict)


def time_per_move(game_name: str, kind: str, positions: int, seed: int) -> tuple[float, float, float]:
    """Mean and max wall seconds and mean CPU seconds per ISMCTS decision, on positions from
    heuristic self-play."""
    game = stammtisch.load(game_name)
    rng = random.Random(seed)
    state = game.new_game(seed)
    walls: list[float] = []
    cpus: list[float] = []
    heur = [make_bot("heuristic", game, s, seed + s) for s in range(game.num_players)]
    while len(walls) < positions and not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        view = state.observe(seat)
        if len(legal) > 1 and rng.random() < 0.5:
            bot = make_bot(kind, game, seat, rng.randrange(1 << 30))
            c0 = time.process_time()
            t0 = time.perf_counter()
            bot.choose(view, legal)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        state = state.apply_unchecked(heur[seat].choose(view, legal), events=False)
        if state.is_terminal and len(walls) < positions:
            state = game.new_game(rng.randrange(1 << 30))
    return statistics.mean(walls), max(walls), statistics.mean(cpus)


def binomial_interval(wins: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval for a win rate, by bisection on the binomial tail."""
    if n == 0:
        return math.nan, math.nan
    k = round(wins)
    alpha = (1.0 - level) / 2

    def tail_at_least(p: float) -> float:  # P(X >= k)
        return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))

    def tail_at_most(p: float) -> float:  # P(X <= k)
        return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(0, k + 1))

    def solve(f: Any, target: float, increasing: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if (f(mid) < target) == increasing:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = 0.0 if k == 0 else solve(tail_at_least, alpha, increasing=True)
    high = 1.0 if k == n else solve(tail_at_most, alpha, increasing=False)
    return low, high


def ismcts_wins(m: Measured) -> tuple[float, int]:
    """Games won by the second bot (shared wins count by their share) and games played."""
    wins = 0.0
    for r in m.report.run.results:
        mine = [s for s, b in enumerate(r.lineup) if b == 1]
        shares = win_shares(r.returns)  # Dog's returns are +-1 per seat
        total = sum(shares)
        if total > 0:
            wins += sum(shares[s] for s in mine) / total
    return wins, len(m.report.run.results)


def row(m: Measured) -> str:
    p = m.pairing
    a, b = m.report.summaries
    ra, rb = m.report.ratings
    played = len(m.report.run.results)
    deals = len({r.deal for r in m.report.run.results})
    mg = b.score_margin
    note = "" if played >= m.planned else f" of {m.planned} planned"
    share = m.cpu / m.wall if m.wall > 0 else math.nan
    return (
        f"| {p.game} | `{p.bots[0]}` vs `{p.bots[1]}` | {played} ({deals}){note} |"
        f" {a.win_share} | {b.win_share} | {mg.mean:+.2f} [{mg.low:+.2f}, {mg.high:+.2f}] |"
        f" {ra.mu:.1f} / {rb.mu:.1f} | {m.wall:.0f} | {share:.2f} |"
    )


def goals(done: list[Measured]) -> list[str]:
    """The 'Against the goals' rows, computed from the measurements."""
    out: list[str] = []
    by = {(m.pairing.game, m.pairing.bots): m for m in done}
    parts = []
    ok = True
    for game in ("zwickern", "himmel", "dog"):
        m = by.get((game, ("random", "heuristic")))
        if m is None:
            ok = False
            parts.append(f"{game}: not measured")
            continue
        ws = m.report.summaries[1].win_share
        ok = ok and ws.low > 0.5 and ws.n >= MIN_DEALS
        parts.append(f"{game.capitalize()} {ws} over {ws.n} deals")
    out.append(
        "| heuristic clearly beats random in every game | "
        + "; ".join(parts)
        + f" | {'yes' if ok else '**no**'} |"
    )
    for game in ("zwickern", "himmel", "dog"):
        m = by.get((game, ("heuristic", ISMCTS[game])))
        if m is None:
            out.append(
                f"| ISMCTS (hard) beats heuristic, 95% interval excludes 0.5 — {game} | not measured | **no** |"
            )
            continue
        ws: Interval = m.report.summaries[1].win_share
        games = len(m.report.run.results)
        if ws.n < MIN_DEALS:
            verdict = f"**no**: fewer than {MIN_DEALS} deals"
        elif ws.low > 0.5:
            verdict = "yes"
        else:
            verdict = "**no**: ahead on average, not significant" if ws.mean > 0.5 else "**no**"
        out.append(
            f"| ISMCTS (`{ISMCTS[game]}`) beats heuristic, 95% interval excludes 0.5 — {game} |"
            f" {ws} over {games} games ({ws.n} deals) | {verdict} |"
        )
    m = by.get(("dog", ("heuristic", ISMCTS["dog"])))
    if m is None:
        out.append(
            f"| Dog: ISMCTS team wins ≥ {DOG_GOAL:.0%} against the heuristic team | not measured | **no** |"
        )
    else:
        wins, n = ismcts_wins(m)
        low, high = binomial_interval(wins, n)
        rate = wins / n if n else math.nan
        ws = m.report.summaries[1].win_share
        if low >= DOG_GOAL:
            verdict = "yes (the exact interval lies above the goal)"
        elif rate >= DOG_GOAL:
            verdict = "point estimate yes, **not established** (the exact interval reaches below the goal)"
        else:
            verdict = "**no**"
        out.append(
            f"| Dog: ISMCTS team wins ≥ {DOG_GOAL:.0%} against the heuristic team | {wins:g} of {n} games"
            f" ({rate:.3f}); exact binomial 95% interval [{low:.3f}, {high:.3f}]; over deals {ws} | {verdict} |"
        )
    return out


def markdown(done: list[Measured], timings: list[str], header: str) -> str:
    return "\n".join(
        [
            "# Bot strength",
            "",
            header,
            "",
            "## Time per ISMCTS move",
            "",
            "Positions from heuristic self-play; wall time of the niced benchmark process on the"
            " shared machine, and the CPU time it actually got.",
            "",
            "| game | bot | positions | mean wall s/move | max wall s/move | mean CPU s/move |",
            "|---|---|---:|---:|---:|---:|",
            *timings,
            "",
            "## Pairings",
            "",
            "Win share: the part of each game's win that went to the bot's seats (a Dog team's"
            " win is 1 for the bot playing it; in 4-player Himmel each bot holds two seats;"
            " shared wins split), averaged over deals, 95% interval over deals (normal"
            " approximation; with few deals it can cross 0 or 1, and it has zero width when"
            " every deal ended alike). Parity is 0.5 for two bots. Score margin: the bot's"
            " seats' mean score minus the others' (Zwickern: match points; Himmel: minus"
            " penalty cards; Dog: team pegs in the Himmel). Duplicate deals: every deal is"
            " played once from each seat rotation. CPU share: CPU seconds the process got per"
            " wall second.",
            "",
            "| game | bots | games (deals) | win share A [95%] | win share B [95%] | margin B [95%] |"
            " OpenSkill mu A / B | wall s | CPU share |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|",
            *(row(m) for m in done),
            "",
            "## Against the goals",
            "",
            "| goal | result | reached? |",
            "|---|---|---|",
            *goals(done),
            "",
        ]
    )


def to_json(done: list[Measured], timings: list[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    pairings = []
    for m in done:
        data = m.report.to_json()
        if m.pairing.bots[0] == "random":
            data.pop("results")  # thousands of fast games; the summary is enough
        data["wall_seconds"] = round(m.wall, 1)
        data["cpu_seconds"] = round(m.cpu, 1)
        pairings.append(data)
    return {"meta": meta, "time_per_move": timings, "pairings": pairings}


def parse_minutes(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        game, _, minutes = part.partition("=")
        out[game.strip()] = float(minutes)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="Multiply every pairing's games.")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", type=Path, default=Path(__file__).with_name("strength.md"))
    ap.add_argument("--games", default="", help="Comma separated subset of games.")
    ap.add_argument(
        "--ismcts-minutes",
        type=float,
        default=30.0,
        help="Wall minutes after which an ISMCTS pairing starts no new deals (0: skip them).",
    )
    ap.add_argument(
        "--minutes", default="", help="Per game, e.g. zwickern=35,dog=40 (overrides --ismcts-minutes)."
    )
    ap.add_argument("--positions", type=int, default=10, help="Positions timed per game.")
    args = ap.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    registered = set(stammtisch.games())
    per_game = parse_minutes(args.minutes)
    load0 = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    meta: dict[str, Any] = {
        "seed": args.seed,
        "workers": args.workers,
        "scale": args.scale,
        "minutes": {g: per_game.get(g, args.ismcts_minutes) for g in ISMCTS},
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "started": started,
        "load_at_start": [round(x, 2) for x in load0],
    }
    json_path = args.out.with_suffix(".json")

    def header() -> str:
        load = os.getloadavg()
        minutes = ", ".join(f"{g} {meta['minutes'][g]:g}" for g in ISMCTS)
        return (
            f"Measured with `benchmarks/strength.py --workers {args.workers} --positions {args.positions}"
            f" --minutes {args.minutes or '-'} --ismcts-minutes {args.ismcts_minutes:g}` (seed {args.seed},"
            f" scale {args.scale:g}), started {started}, on {platform.machine()} with {os.cpu_count()}"
            f" cores shared with other work, Python {platform.python_version()}. Load average"
            f" (1/5/15 min) at the start {load0[0]:.1f}/{load0[1]:.1f}/{load0[2]:.1f}, at the last"
            f" update {load[0]:.1f}/{load[1]:.1f}/{load[2]:.1f}. ISMCTS pairings stop starting new"
            f" deals after their minutes ({minutes}); the counts below are what was played."
        )

    done: list[Measured] = []
    timings: list[str] = []
    timing_data: list[dict[str, Any]] = []

    # Sections other scripts write into the report (between their markers) are kept.
    previous = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    kept = previous[previous.find("<!-- dog-hard") :] if "<!-- dog-hard" in previous else ""

    def write() -> None:
        args.out.write_text(
            markdown(done, timings, header()) + ("\n" + kept if kept else ""), encoding="utf-8"
        )
        meta["load_at_last_update"] = [round(x, 2) for x in os.getloadavg()]
        json_path.write_text(json.dumps(to_json(done, timing_data, meta), indent=1) + "\n", encoding="utf-8")

    for game_name, kind in ISMCTS.items():
        if game_name not in registered or (wanted and game_name not in wanted):
            continue
        mean, worst, cpu = time_per_move(game_name, kind, positions=args.positions, seed=args.seed)
        timings.append(
            f"| {game_name} | `{kind}` | {args.positions} | {mean:.3f} | {worst:.3f} | {cpu:.3f} |"
        )
        timing_data.append(
            {"game": game_name, "bot": kind, "positions": args.positions, "wall": mean, "cpu": cpu}
        )
        print(timings[-1], flush=True)
        write()
    for p in PLAN:
        if p.game not in registered or (wanted and p.game not in wanted):
            continue
        is_search = p.bots[1].startswith("ismcts")
        minutes = per_game.get(p.game, args.ismcts_minutes) if is_search else None
        if minutes is not None and minutes <= 0:
            continue
        n = max(2, round(p.games * args.scale))
        limit = None if minutes is None else minutes * 60
        measured: Measured | None = None
        for run, wall, cpu in run_in_chunks(p, n, args.seed, args.workers, limit):
            if measured is None:
                measured = Measured(p, Report(run), wall, cpu, n)
                done.append(measured)
            else:
                measured.report, measured.wall, measured.cpu = Report(run), wall, cpu
            write()
        if measured is not None:
            print(row(measured), flush=True)


def run_in_chunks(
    p: Pairing,
    games: int,
    seed: int,
    workers: int,
    limit: float | None,
    done: tuple[list[GameResult], float, float] | None = None,
) -> Iterator[tuple[TournamentRun, float, float]]:
    """Play the pairing a few deals at a time, yielding the results so far after each chunk.

    Chunk ``k`` is a tournament with seed ``seed + first deal``, so its game seeds are those
    of one long tournament (``seed + deal``); only the bots' seeds differ. With ``limit``
    (seconds) no new chunk starts once it is spent: slow pairings report what they played.
    Yields the run so far, its wall seconds and this process's CPU seconds. ``done``: the
    results, wall and CPU seconds of an earlier run of the same pairing and seed, which this
    one goes on from (its whole deals; ``limit`` counts this run's time only).
    """
    config = config_from(p.game, p.bots, games=games, seed=seed)
    per_deal = len(schedule(config)) // max(1, len({t.deal for t in schedule(config)}))
    deals = -(-games // per_deal)
    chunk = deals if limit is None else max(1, workers)
    results: list[GameResult] = []
    wall0 = cpu0 = 0.0
    start = 0
    if done is not None:
        earlier, wall0, cpu0 = done
        per = {d: sum(1 for r in earlier if r.deal == d) for d in {r.deal for r in earlier}}
        while per.get(start) == per_deal:  # the whole deals from the first on
            start += 1
        results = sorted((r for r in earlier if r.deal < start), key=lambda r: r.index)
    t0 = time.perf_counter() - wall0
    c0 = time.process_time() - cpu0
    begun = time.perf_counter()
    for first in range(start, deals, chunk):
        if limit is not None and first > start and time.perf_counter() - begun >= limit:
            break
        size = min(chunk, deals - first)
        part = config_from(p.game, p.bots, games=size * per_deal, seed=seed + first)
        for r in run_tournament(part, workers=workers).results:
            r.deal += first
            r.index = len(results)
            results.append(r)
        run = TournamentRun(config, make_game(config).num_players, config.option_dict, list(results))
        yield run, time.perf_counter() - t0, time.process_time() - c0
    if start >= deals and results:  # an earlier run had played them all: report it again
        run = TournamentRun(config, make_game(config).num_players, config.option_dict, list(results))
        yield run, wall0, cpu0


if __name__ == "__main__":
    main()
