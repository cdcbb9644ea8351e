"""Dog ``hard`` now against ``hard`` before the bots read the integer state, at the same CPU
time per move, over seat-swapped duplicate deals.

    PYTHONPATH=src nice -n 10 python benchmarks/dog_hard.py --old 450 --minutes 60

Both sides are ISMCTS with iteration budgets, so every game can be replayed exactly:
today's ``hard`` (``hard_iterations`` of the Dog profile) against ``ismcts:OLD``, where OLD
is what the bot code of the baseline commit searched in the same CPU time (its iterations
per CPU second from ``benchmarks/ismcts_speed.txt`` times today's seconds per move). The
old side is played with today's code: at the same budget and seed both make the same
choice (the evaluation gives the same floats, the tree keys change no statistic;
``ismcts_speed.txt`` counts the positions where they agree), so it is the old ``hard`` in
less of the machine's time. Deals are played in chunks; no chunk starts after
``--minutes``. The result replaces the section between the markers in ``strength.md``
(``strength.py`` keeps that section when it rewrites the file).

After every chunk the games so far are saved to ``--state`` (default
``benchmarks/dog_hard.state.json``); ``--resume`` goes on from there with the next deal, so a
stopped run loses at most one chunk. Both sides search by iterations, so the resumed games
are the ones an unbroken run would have played.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from stammtisch.arena.report import Report
from stammtisch.arena.tasks import GameResult
from stammtisch.bots.profile import profile_for
from strength import Measured, Pairing, binomial_interval, ismcts_wins, run_in_chunks

HERE = Path(__file__).resolve().parent
STRENGTH = HERE / "strength.md"
TITLE = "Dog: `hard` now against `hard` before (same CPU time per move)"


def markers(name: str) -> tuple[str, str]:
    """The lines around a section of strength.md (``--section``; each run its own)."""
    return f"<!-- {name}: written by benchmarks/dog_hard.py -->", f"<!-- /{name} -->"


def section(name: str, title: str, command: str, lines: list[str]) -> str:
    begin, end = markers(name)
    return "\n".join([begin, f"## {title}", "", "```", command, "```", "", *lines, end])


def put_section(name: str, text: str) -> None:
    """Write ``text`` into strength.md between the section's markers (appended the first
    time)."""
    begin, end = markers(name)
    old = STRENGTH.read_text(encoding="utf-8") if STRENGTH.exists() else ""
    if begin in old and end in old:
        head, _, rest = old.partition(begin)
        _, _, tail = rest.partition(end)
        new = head + text + tail
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    STRENGTH.write_text(new, encoding="utf-8")


def run_key(args: argparse.Namespace) -> dict[str, Any]:
    """What must be the same for a resumed run to continue the same match."""
    return {"old": args.old, "new": args.new, "games": args.games, "seed": args.seed}


def save_state(
    path: Path, args: argparse.Namespace, results: list[GameResult], wall: float, cpu: float
) -> None:
    data = {"run": run_key(args), "wall": wall, "cpu": cpu, "results": [r.to_json() for r in results]}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)  # never half a file, even if the run is stopped while writing


def load_state(path: Path, args: argparse.Namespace) -> tuple[list[GameResult], float, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("run") != run_key(args):
        raise SystemExit(f"--resume: {path} holds a run of {data.get('run')}, not {run_key(args)}")
    return [GameResult(**r) for r in data["results"]], float(data["wall"]), float(data["cpu"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", type=int, required=True, help="the old hard's iterations in the same CPU time")
    ap.add_argument("--new", type=int, default=profile_for("dog").hard_iterations)
    ap.add_argument("--games", type=int, default=200, help="planned games (whole deals)")
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--state", type=Path, default=HERE / "dog_hard.state.json", help="the games so far")
    ap.add_argument("--resume", action="store_true", help="go on from --state with the next deal")
    ap.add_argument("--workers", type=int, default=1, help="processes playing deals side by side")
    ap.add_argument("--section", default="dog-hard", help="the section of strength.md to (re)write")
    ap.add_argument("--title", default=TITLE, help="the section's heading")
    args = ap.parse_args()
    done = load_state(args.state, args) if args.resume and args.state.exists() else None
    if args.resume and done is None:
        print(f"--resume: no {args.state} yet, starting from the first deal", flush=True)
    command = f"PYTHONPATH=src nice -n 10 python benchmarks/dog_hard.py {shlex.join(sys.argv[1:])}"
    pairing = Pairing("dog", (f"ismcts:{args.old}", f"ismcts:{args.new}"), args.games)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for run, wall, cpu in run_in_chunks(
        pairing, args.games, args.seed, args.workers, args.minutes * 60, done
    ):
        save_state(args.state, args, run.results, wall, cpu)
        report = Report(run)
        old, new = report.summaries
        wins, games = ismcts_wins(Measured(pairing, report, wall, cpu, args.games))
        low, high = binomial_interval(wins, games)
        deals = len({r.deal for r in run.results})
        load = os.getloadavg()
        workers = "1 worker" if args.workers == 1 else f"{args.workers} worker processes"
        # The worker processes' CPU time is not this process's: only one worker's is known.
        cpu_text = f"{cpu / 60:.0f} CPU minutes" if args.workers == 1 else "CPU time in the workers"
        lines = [
            f"Started {started}, {workers}, seed {args.seed}; {games} games ({deals} deals, each from"
            f" both seatings) of {args.games} planned in {wall / 60:.0f} wall minutes ({cpu_text}; load"
            f" average at the last update {load[0]:.1f}/{load[1]:.1f}/{load[2]:.1f}).",
            "",
            "| bots (old / new) | games (deals) | win share new [95%, over deals] | games won by new"
            " [exact 95%] | margin new (pegs) [95%] |",
            "|---|---:|---:|---:|---:|",
            f"| `ismcts:{args.old}` / `ismcts:{args.new}` | {games} ({deals}) | {new.win_share} |"
            f" {wins:g} of {games} ({wins / games:.3f}) [{low:.3f}, {high:.3f}] |"
            f" {new.score_margin.mean:+.2f} [{new.score_margin.low:+.2f}, {new.score_margin.high:+.2f}] |",
            "",
            f"Old win share {old.win_share}.",
        ]
        text = section(args.section, args.title, command, lines)
        print(lines[-3], flush=True)
        if not args.no_write:
            put_section(args.section, text)


if __name__ == "__main__":
    main()
