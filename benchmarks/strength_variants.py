"""Bot strength on the Dog variants and house rules (DOG-21 … DOG-26), one line each.

    PYTHONPATH=src nice python benchmarks/strength_variants.py --games 4 --ismcts-games 2

For every variant: the heuristic against random play, and ISMCTS (an iteration budget,
``--iterations``) against the heuristic, as arena tournaments (duplicate deals, seats
rotated, 95% intervals over deals; see ``stammtisch.arena``). Writes
``benchmarks/strength_variants.md`` after every pairing; the game counts are in each line.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.arena.report import Report
from stammtisch.arena.tournament import config_from, lineups, run_tournament

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("2 players (DOG-21)", {"players": 2}),
    ("3 players (DOG-21)", {"players": 3}),
    ("5 players (DOG-21)", {"players": 5}),
    ("6 players, two teams of three (DOG-22)", {"players": 6, "teams": 2}),
    ("seven_with_partner (DOG-23)", {"seven_with_partner": True}),
    ("two_steals (DOG-24)", {"two_steals": True}),
    ("no_jack_reswap (DOG-25)", {"no_jack_reswap": True}),
    ("last_peg_no_joker (DOG-26)", {"last_peg_no_joker": True}),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4, help="games per heuristic-vs-random pairing")
    ap.add_argument("--ismcts-games", type=int, default=2, help="games per ISMCTS-vs-heuristic pairing")
    ap.add_argument(
        "--deals",
        type=int,
        default=0,
        help="deals per ISMCTS-vs-heuristic pairing (each dealt once per seat rotation); "
        "overrides --ismcts-games",
    )
    ap.add_argument("--iterations", type=int, default=60, help="ISMCTS iterations per move")
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--workers", type=int, default=1, help="processes per tournament")
    ap.add_argument("--out", type=Path, default=Path(__file__).with_name("strength_variants.md"))
    ap.add_argument("--only", default="", help="run only variants whose label contains this text")
    args = ap.parse_args()
    lines = [
        "# Bot strength on the Dog variants (benchmarks/strength_variants.py)",
        "",
        f"Command: `PYTHONPATH=src python benchmarks/strength_variants.py --games {args.games} "
        + (f"--deals {args.deals}" if args.deals else f"--ismcts-games {args.ismcts_games}")
        + f" --iterations {args.iterations}`. Win share of the "
        "second bot named, mean [95% interval over deals], game count. Small counts: the "
        "intervals are wide; they show the bots play every variant, not how much better.",
        "",
        "| variant | pairing | win share of the second | games | minutes |",
        "|---|---|---|---|---|",
    ]
    for label, options in VARIANTS:
        if args.only and args.only not in label:
            continue
        ismcts_games = args.ismcts_games
        if args.deals:
            seats = stammtisch.load("dog", **options).num_players
            ismcts_games = args.deals * len(lineups(2, seats))
        for bots, games in (
            (("random", "heuristic"), args.games),
            (("heuristic", f"ismcts:{args.iterations}"), ismcts_games),
        ):
            t = time.time()
            config = config_from("dog", bots, games=games, seed=args.seed, options=options)
            report = Report(run_tournament(config, workers=args.workers))
            second = report.summaries[1]
            minutes = (time.time() - t) / 60
            lines.append(
                f"| {label} | {bots[0]} vs {bots[1]} | {second.win_share} | "
                f"{len(report.run.results)} | {minutes:.1f} |"
            )
            args.out.write_text("\n".join(lines) + "\n")
            print(lines[-1], flush=True)


if __name__ == "__main__":
    main()
