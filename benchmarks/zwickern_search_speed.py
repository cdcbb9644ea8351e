"""Zwickern ISMCTS iterations per CPU second: the compiled search against the Python search,
on the same positions with the same settings and budget, side by side in one process.

    PYTHONPATH=src nice -n 10 python benchmarks/zwickern_search_speed.py   # writes zwickern_search_speed.txt

The positions come from heuristic self-play of the two-player match (every ``--every``-th
decision with a choice). Each search runs ``--iterations`` on every position (the Python
search with ``STAMMTISCH_PURE=1``, which is read per search); the time is the process's CPU
time (the machine is shared, so the ratio is the figure). It then times the ``hard`` level
of each backend (``BotProfile.hard()``): both should be about 0.5 CPU s per move.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots import Budget, make_bot, zwickern_search
from stammtisch.bots.ismcts import ISMCTSBot
from stammtisch.bots.profile import profile_for

OUT = Path(__file__).with_suffix(".txt")


def positions(count: int, every: int, seed: int) -> list[Any]:
    game = stammtisch.load("zwickern")
    found: list[Any] = []
    g = 0
    while len(found) < count:
        bots = [make_bot("heuristic", game, s, seed + 10 * g + s) for s in range(game.num_players)]
        state = game.new_game(seed + g)
        k = 0
        while not state.is_terminal and len(found) < count:
            seat = state.current_player
            legal = list(state.legal_actions())
            if len(legal) > 1:
                if k % every == 0:
                    found.append(state)
                k += 1
            state = state.apply_unchecked(bots[seat].choose(state.observe(seat), legal), events=False)
        g += 1
    return found


def run(states: list[Any], iterations: int, pure: bool) -> tuple[float, int]:
    """CPU seconds for one search of ``iterations`` on every state; iterations done."""
    if pure:
        os.environ["STAMMTISCH_PURE"] = "1"
    try:
        done = 0
        c0 = time.process_time()
        for i, state in enumerate(states):
            seat = state.current_player
            bot = ISMCTSBot(state.game, seat, random.Random(i), Budget(iterations=iterations))
            bot.choose(state.observe(seat), list(state.legal_actions()))
            done += bot.last_iterations
        return time.process_time() - c0, done
    finally:
        os.environ.pop("STAMMTISCH_PURE", None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    if not zwickern_search.in_use():
        sys.exit("the compiled Zwickern search is not built (or STAMMTISCH_PURE is set)")
    states = positions(args.positions, args.every, args.seed)
    profile = profile_for("zwickern")
    lines = [
        "$ PYTHONPATH=src nice -n 10 python benchmarks/zwickern_search_speed.py " + " ".join(sys.argv[1:]),
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()},"
        f" Python {platform.python_version()}",
        f"# {len(states)} positions from heuristic self-play (every {args.every}-th decision with a choice,"
        f" seed {args.seed}), {args.iterations} iterations each, CPU time of this process",
    ]
    slow, n_slow = run(states, args.iterations, pure=True)
    fast, n_fast = run(states, args.iterations, pure=False)
    lines += [
        f"Python search:   {n_slow} iterations in {slow:.2f} CPU s = {n_slow / slow:.0f} it/s",
        f"compiled search: {n_fast} iterations in {fast:.3f} CPU s = {n_fast / fast:.0f} it/s",
        f"speed-up: {(n_fast / fast) / (n_slow / slow):.0f}x",
    ]
    for pure, name, count in ((True, "Python", profile.hard_iterations), (False, "compiled", profile.hard())):
        cpu, _ = run(states, count, pure)
        lines.append(f"hard level, {name} search: ismcts:{count} = {cpu / len(states):.2f} CPU s/move")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if not args.no_write:
        OUT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
