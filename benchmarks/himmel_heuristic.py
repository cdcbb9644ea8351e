"""The Himmel heuristic's constants against a one-ply greedy player, on the same deals.

    PYTHONPATH=src python benchmarks/himmel_heuristic.py --deals 400 \\
        --candidates "before=WASTE=3,SPECIAL=1;now=" --out benchmarks/himmel_heuristic.md

Why this opponent: OpenSpiel's ``ISMCTSBot`` with the project's evaluator (the match of
``vs_openspiel.py``) keys its tree by the information state of the seat to move, and an
opponent's information state holds a freshly dealt hand in almost every determinization, so
until the last cards it searches one ply deep: it plays a move that adds the fewest cards to
its own penalty pile right away (any fitting number card, else the cheaper of a special card
and the take), and picks at random among equal moves. ``greedy`` below is that player without
the search: it applies each legal move and keeps the best ``evaluate_state`` for its seat, ties
broken at random.

Each candidate is a set of the heuristic module's constants (``name=KEY=value,KEY=value``;
empty: the module as it is). It plays the heuristic's policy (the ``heuristic`` bot: the best
``state_values``, ties at random) against ``greedy`` at a table of ``--players``, every
seating of every deal (in three-player Himmel each side holds two seats and one seat in turn),
and reports its win share (95% interval over deals; parity 0.5) and the paired difference to
the first candidate. Deterministic: same seed, same result.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stammtisch
import stammtisch.bots.heuristics.himmel as himmel
from candidates import command_line, parse_candidates
from seating import seatings
from stammtisch.arena.stats import mean_interval
from stammtisch.bots.heuristic_bot import best_index
from stammtisch.bots.values import win_shares

HERE = Path(__file__).resolve().parent
Policy = Callable[[Any, int, list[Any], random.Random], int]


def greedy(state: Any, seat: int, legal: list[Any], rng: random.Random) -> int:
    heuristic = himmel.HEURISTIC
    values = [heuristic.evaluate_state(state.apply_unchecked(a, events=False))[seat] for a in legal]
    return best_index(values, rng)


def heuristic_policy(state: Any, seat: int, legal: list[Any], rng: random.Random) -> int:
    return best_index(himmel.HEURISTIC.state_values(state, seat, legal), rng)


def play_deal(game: Any, players: int, seed: int, deal: int) -> float:
    """The heuristic's mean win share over every seating of one deal."""
    shares = []
    for rot, lineup in enumerate(seatings(players, False)):
        rng = random.Random((seed * 1000 + deal) * 100 + rot)
        state = game.new_game(seed + deal)
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            policy: Policy = heuristic_policy if lineup[seat] == 0 else greedy
            state = state.apply_unchecked(legal[policy(state, seat, legal, rng)], events=False)
        won = win_shares(state.returns())
        ours = sum(x for x, side in zip(won, lineup, strict=True) if side == 0)
        shares.append(ours / sum(won) if sum(won) > 0 else 0.5)
    return statistics.mean(shares)


def run(values: dict[str, float], args: argparse.Namespace) -> list[float]:
    saved = {k: getattr(himmel, k) for k in values}
    for k, v in values.items():
        setattr(himmel, k, v)
    try:
        game = stammtisch.load("himmel", players=args.players)
        return [play_deal(game, args.players, args.seed, d) for d in range(args.deals)]
    finally:
        for k, v in saved.items():
            setattr(himmel, k, v)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--candidates", required=True, help='"name=KEY=value,...;name2=..." (empty: as is)')
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=str(HERE / "himmel_heuristic.md"))
    args = ap.parse_args(argv)
    if args.deals < 2:
        ap.error("--deals must be at least 2 (the interval is taken over deals)")
    candidates = parse_candidates(
        args.candidates, lambda key: hasattr(himmel, key) and isinstance(getattr(himmel, key), float)
    )
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE)
    rows = []
    base: list[float] | None = None
    for name, values in candidates:
        t0 = time.perf_counter()
        shares = run(values, args)
        minutes = (time.perf_counter() - t0) / 60
        share = mean_interval(shares)
        diff = "–" if base is None else str(mean_interval([a - b for a, b in zip(shares, base, strict=True)]))
        base = base if base is not None else shares
        constants = ", ".join(f"{k}={v:g}" for k, v in values.items()) or "(the module as it is)"
        rows.append(f"| {name} | {constants} | {share} | {diff} | {minutes:.1f} |")
        print(rows[-1], flush=True)
    now = {
        k: getattr(himmel, k) for k in ("WASTE", "MARKED", "SPECIAL", "STEAL_GAIN", "TURN_GAIN", "TAKE_TURN")
    }
    text = "\n".join(
        [
            "# The Himmel heuristic against a one-ply greedy player",
            "",
            "Written by `benchmarks/himmel_heuristic.py` (its docstring says how and why).",
            "",
            "`PYTHONPATH=src python benchmarks/himmel_heuristic.py " + command_line(argv) + "`",
            "",
            f"Commit {commit.stdout.strip() or 'unknown'}; seed {args.seed}; {args.players} players; "
            f"{args.deals} deals per candidate, every seating. The module's constants at this commit: "
            + ", ".join(f"{k}={v:g}" for k, v in now.items())
            + ".",
            "",
            "Win share of the heuristic (parity 0.5), 95% interval over deals; paired difference to the"
            " first candidate, deal by deal.",
            "",
            "| candidate | constants | win share [95%] | paired difference [95%] | minutes |",
            "|---|---|---:|---:|---:|",
            *rows,
            "",
        ]
    )
    Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
