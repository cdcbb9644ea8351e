"""How often the cards decide: per run, the deals our side won in every seating, the deals it
won in some seatings and lost in others, and the deals it lost in every seating.

    python benchmarks/deal_outcomes.py benchmarks/tune_zwickern_0.1_*.json \\
        benchmarks/vs_openspiel_hard_zwickern*.json > benchmarks/deal_outcomes.md

Reads the JSON beside the outputs of ``tune_search.py`` (a list of candidates) and
``vs_openspiel.py`` (one run). ``--pool`` adds a row for all the deals of the files together,
with the 95% interval over deals: for runs of one setting on disjoint deals (``vs_openspiel.py
--seed``), played side by side to use both cores. Every deal is played from every seating, so a deal whose share
is exactly 0.5 in a two-player game went to the same seat both times: the cards, not the
players, decided it. Only the other deals can show which side plays better.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def runs(path: Path) -> list[tuple[str, list[float], int]]:
    """(candidate, share per deal, games) of each run in ``path``."""
    data: Any = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, list):
        return [(str(c["name"]), [float(x) for x in c["deal_shares"]], int(c["games"])) for c in data]
    return [("(run)", [float(x) for x in data["deal_shares"]], int(data["games"]))]


def row(label: str, name: str, shares: list[float], mean: str) -> str:
    won = sum(x == 1.0 for x in shares)
    lost = sum(x == 0.0 for x in shares)
    split = sum(x == 0.5 for x in shares)
    other = len(shares) - won - lost - split
    return f"| {label} | {name} | {len(shares)} | {won} | {lost} | {split} | {other} | {mean} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pool", action="store_true", help="a row for all the deals together, with its interval")
    ap.add_argument("runs", nargs="+", type=Path, help="the JSON of a tune_search.py or vs_openspiel.py run")
    args = ap.parse_args()
    pool, paths = args.pool, args.runs
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        ap.error(f"no such file: {', '.join(missing)}")
    print("# Deals decided by the cards\n")
    print(f"`python benchmarks/deal_outcomes.py {' '.join(sys.argv[1:])}`\n")
    print("Won: our share 1 (every seating won); lost: 0; split: the same seat won whoever sat there")
    print("(share exactly 0.5); other: anything else (a shared win, or three or more seatings).\n")
    print("| run | candidate | deals | won | lost | split | other | win share |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    # Pooled per candidate (by name; a single-candidate run's "(run)" pools with the others),
    # and each candidate's paired difference from the first candidate of its file, deal by deal.
    pooled: dict[str, list[float]] = {}
    diffs: dict[str, list[float]] = {}
    games: dict[str, int] = {}
    for path in paths:
        found = runs(path)
        for name, shares, played in found:
            key = name if len({n for n, _, _ in found}) > 1 else ""
            games[key] = games.get(key, 0) + played
            mean = sum(shares) / len(shares) if shares else float("nan")
            print(row(f"`{path.name}`", name, shares, f"{mean:.3f}"))
            pooled.setdefault(key, []).extend(shares)
            first = found[0][1]
            if key and name != found[0][0] and len(first) == len(shares):
                diffs.setdefault(key, []).extend(x - y for x, y in zip(shares, first, strict=True))
    if pool:
        from stammtisch.arena.stats import mean_interval

        for key, shares in pooled.items():
            print(row("**all together**", key, shares, f"{mean_interval(shares)} over {games[key]} games"))
        for key, d in diffs.items():
            print(
                f"\nPaired difference of `{key}` from the first candidate of each run, deal by deal over {len(d)} deals: {mean_interval(d)}"
            )


if __name__ == "__main__":
    main()
