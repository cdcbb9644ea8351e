"""The Zwickern heuristic's constants against the built-in heuristic, on the same deals.

    PYTHONPATH=src python benchmarks/zwickern_heuristic.py --deals 2000 \\
        --candidates "now=;keep6=joker_keep=6" --out benchmarks/zwickern_heuristic.md

Why: the hard bot's search plays its rollouts with the heuristic's best card and takes its
priors from it, and more iterations no longer make it stronger
(``arena_zwickern_140k_vs_30k.md``): what the search can find is bounded by the heuristic.
A heuristic that plays better is a first guess at a search that plays better (measured
afterwards against OpenSpiel's ISMCTSBot with ``tune_search.py``).

Each candidate is a set of ``ZwickernHeuristic`` constants (``name=key=value,key=value``;
empty: the built-in ones; keys: ``ZwickernHeuristic.CONSTANTS``). It plays the heuristic's
best card (ties at random) against the built-in heuristic in a two-player match, each deal
from both seats, and reports its win share (95% interval over deals; parity 0.5), its
margin in match points and the paired difference to the first candidate. Deterministic:
same seed, same result.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stammtisch
from candidates import command_line, parse_candidates
from stammtisch.arena.stats import mean_interval
from stammtisch.bots.heuristic_bot import best_index
from stammtisch.bots.heuristics.zwickern import ZwickernHeuristic
from stammtisch.bots.values import win_shares

HERE = Path(__file__).resolve().parent


def play_deal(
    game: object, ours: ZwickernHeuristic, base: ZwickernHeuristic, seed: int, deal: int
) -> tuple[float, float]:
    """Our mean win share and match-point margin over both seatings of one deal."""
    shares, margins = [], []
    for our_seat in (0, 1):
        rng = random.Random((seed * 100_000 + deal) * 2 + our_seat)
        state = game.new_game(seed + deal)  # type: ignore[attr-defined]
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            k = 0
            if len(legal) > 1:
                h = ours if seat == our_seat else base
                k = best_index(h.state_values(state, seat, legal), rng)
            state = state.apply_unchecked(legal[k], events=False)
        shares.append(win_shares(state.returns())[our_seat])
        scores = state.scores()
        margins.append(scores[our_seat] - scores[1 - our_seat])
    return statistics.mean(shares), statistics.mean(margins)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--candidates", required=True, help='"name=key=value,...;name2=..." (empty: built-in)')
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=str(HERE / "zwickern_heuristic.md"))
    args = ap.parse_args(argv)
    if args.deals < 2:
        ap.error("--deals must be at least 2 (the interval is taken over deals)")
    candidates = parse_candidates(args.candidates, ZwickernHeuristic.CONSTANTS.__contains__)
    game = stammtisch.load("zwickern", players=2)
    base = ZwickernHeuristic()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE)
    rows = []
    first: list[float] | None = None
    for name, values in candidates:
        ours = ZwickernHeuristic(**values)
        t0 = time.perf_counter()
        results = [play_deal(game, ours, base, args.seed, d) for d in range(args.deals)]
        minutes = (time.perf_counter() - t0) / 60
        shares = [r[0] for r in results]
        m = mean_interval([r[1] for r in results])
        margin = f"{m.mean:+.2f} [{m.low:+.2f}, {m.high:+.2f}]"
        diff = (
            "–" if first is None else str(mean_interval([a - b for a, b in zip(shares, first, strict=True)]))
        )
        first = first if first is not None else shares
        constants = ", ".join(f"{k}={v:g}" for k, v in values.items()) or "(built-in)"
        rows.append(f"| {name} | {constants} | {mean_interval(shares)} | {margin} | {diff} | {minutes:.1f} |")
        print(rows[-1], flush=True)
    built_in = ", ".join(f"{n}={getattr(ZwickernHeuristic, n):g}" for n in ZwickernHeuristic.CONSTANTS)
    text = "\n".join(
        [
            "# The Zwickern heuristic's constants against the built-in heuristic",
            "",
            "Written by `benchmarks/zwickern_heuristic.py` (its docstring says how and why).",
            "",
            "`PYTHONPATH=src python benchmarks/zwickern_heuristic.py " + command_line(argv) + "`",
            "",
            f"Commit {commit.stdout.strip()}; seed {args.seed}; {args.deals} deals, each from both seats; "
            f"two-player matches. Built-in: {built_in}.",
            "",
            "| candidate | constants | win share [95%, over deals] | margin (match points) [95%] "
            "| paired difference [95%] | minutes |",
            "|---|---|---:|---:|---:|---:|",
            *rows,
            "",
        ]
    )
    Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
