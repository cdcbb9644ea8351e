"""What the move log's events cost a server per move.

Per move a live table applies the action (``State.apply``: with events, one extra clone of
the position), builds every recipient's view (``observe_all``, events filtered per seat
included) and encodes views and log entries. This plays random games of each game and
measures that work in CPU time (``time.process_time``, so that other load on the machine
counts less), once as the server does it and once with the events left out (the action
applied with ``events=False``: the views then carry an empty list). Run:

    python benchmarks/events_cost.py [--moves 3000] [--rounds 3] [--out benchmarks/events_cost.txt]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import orjson

import stammtisch

CASES = (("zwickern", {"players": 4}), ("himmel", {"players": 4}), ("dog", {"players": 4}))


def per_move(name: str, options: dict[str, int], moves: int, events: bool) -> float:
    """CPU microseconds per move: apply, every recipient's view, the encoded log entries."""
    game = stammtisch.load(name, **options)
    recipients = [*range(game.num_players), None]
    rng = random.Random(1)
    seed = 0
    done = 0
    state = game.new_game(seed)
    t0 = time.process_time()
    while done < moves:
        if state.is_terminal:
            seed += 1
            state = game.new_game(seed)
        legal = state.legal_actions()
        state = state.apply_unchecked(legal[rng.randrange(len(legal))], events=events)
        for view in state.observe_all(recipients):
            orjson.dumps(view)
            orjson.dumps({"move": done, "seat": 0, "last": view.get("last"), "events": view.get("events")})
        done += 1
    return (time.process_time() - t0) / moves * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    lines = [
        "# Events: server work per move (apply + observe_all for every seat and a spectator",
        "# + encoding views and log entries), CPU microseconds, best of rounds",
        f"# python {platform.python_version()} on {platform.machine()}, {args.moves} moves x {args.rounds} rounds",
        "",
        f"{'game':<22}{'with events':>14}{'without':>12}{'extra':>9}",
    ]
    for name, options in CASES:
        best = {True: float("inf"), False: float("inf")}
        for _ in range(args.rounds):
            for events in (True, False):  # interleaved: machine noise hurts both alike
                best[events] = min(best[events], per_move(name, options, args.moves, events))
        extra = best[True] / best[False] - 1
        label = f"{name} ({options['players']}p)"
        lines.append(f"{label:<22}{best[True]:>12.1f}us{best[False]:>10.1f}us{extra:>+9.0%}")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
