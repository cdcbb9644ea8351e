"""Speed of our PettingZoo AEC loop against PettingZoo's texas_holdem_v4, in one process.

Both environments run the same loop under the same random masked policy (a uniform choice
among the actions whose mask is 1), created by their ``env()`` entry points (PettingZoo's
usual wrappers). Reported: agent steps per second, games per second, the ratio
ours / texas_holdem_v4 (the goals: Dog at least 4x, Himmel and Zwickern 3x), and what the
observation encoding costs per position, on the environments' fast path
(``Codec.encode_state`` straight from the state) and on the reference path (the seat's
view from the engine, then the codec's ``encode``).

The output starts with the command, the commit it ran on and the load average at the
start and the end (the machine is shared: only the side-by-side ratios compare runs).
With ``--cpu`` the slices and rates count this process's CPU time (as
``engine_speed.py --cpu``), which on a loaded shared machine does not count the time other
processes hold the cores; the wall-time rates are printed beside them.

Run: ``PYTHONPATH=src python benchmarks/env_speed.py [--seconds 5]``; texas_holdem_v4 needs
the benchmark extra ``rlcard==1.2.0`` (and ``pygame-ce``, which PettingZoo's classic
environments import). The output of a run is committed as ``benchmarks/env_speed.txt``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import stammtisch
from stammtisch.rl.aec import env as stammtisch_env
from stammtisch.rl.codec import codec_for


def run_loop(make: Callable[[], Any], seconds: float, seed: int = 0) -> tuple[int, int, float, float]:
    """Agent steps and finished games within ``seconds`` of :data:`CLOCK` (whole games
    only), with the wall time and the CPU time they took."""
    clock = CLOCK[0]
    rng = np.random.default_rng(seed)
    env = make()
    steps = games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    start = clock()
    game_seed = seed
    while clock() - start < seconds:
        env.reset(seed=game_seed)
        game_seed += 1
        for agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            env.step(action)
            del agent
        games += 1
    return steps, games, time.perf_counter() - wall, time.process_time() - cpu


def encoding_cost(game: str, options: dict[str, Any], states: int = 3000) -> tuple[float, float, float]:
    """Microseconds per position for ``encode_state``, for ``observe(seat)`` and for the
    codec's ``encode`` of that view, for the seat to move at positions of random games.

    The games are played encoding each position before its move, as an environment does,
    so what a state works out once and keeps (Himmel's knowledge of hidden cards) is
    there for both paths, and a Dog state stays on the compiled core. Then each path
    runs over all positions in one timed loop; the view path on clones (its view takes a
    Dog state off the core, as it did in the environments)."""
    g = stammtisch.load(game, **options)
    codec = codec_for(g)
    rng = random.Random(0)
    out = np.zeros(codec.observation_size, dtype=np.float32)
    sample: list[tuple[Any, int]] = []
    seed = 0
    while len(sample) < states:
        s = g.new_game(seed)
        seed += 1
        while not s.is_terminal and len(sample) < states:
            seat = s.current_player
            codec.encode_state(s, seat, out)
            sample.append((s, seat))
            s = s.apply_unchecked(rng.choice(s.legal_actions()), events=False)
    clones = [(s.clone(), seat) for s, seat in sample]
    t0 = CLOCK[0]()
    for s, seat in sample:
        codec.encode_state(s, seat, out)
    t1 = CLOCK[0]()
    views = [s.observe(seat) for s, seat in clones]
    t2 = CLOCK[0]()
    for v in views:
        codec.encode(v, out)
    t3 = CLOCK[0]()
    return (t1 - t0) / states * 1e6, (t2 - t1) / states * 1e6, (t3 - t2) / states * 1e6


GOALS = {"dog": 4.0, "himmel": 3.0, "zwickern": 3.0}
# What the time slices and the rates count: wall time, or with --cpu this process's CPU time
# (on a shared machine the wall time also counts the time other processes hold the cores).
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def header(argv: list[str]) -> list[str]:
    """The command, the commit it ran on and the load average now."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
        )
        if dirty.stdout.strip():
            commit += " plus uncommitted changes"
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return [
        f"# PYTHONPATH=src python benchmarks/env_speed.py {' '.join(argv)}, at commit {commit}",
        f"# shared 2-core machine; load average at the start: {load()}",
    ]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def options_for(game: str) -> dict[str, Any]:
    return {"players": 4} if game == "zwickern" else {}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="time per environment")
    ap.add_argument("--slices", type=int, default=3, help="alternating time slices per environment")
    ap.add_argument("--cpu", action="store_true", help="measure CPU time instead of wall time")
    args = ap.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    warnings.simplefilter("ignore")
    print("\n".join(header(sys.argv[1:])))

    makers: dict[str, Callable[[], Any]] = {
        f"stammtisch {g} {options_for(g)}": partial(stammtisch_env, g, options=options_for(g))
        for g in stammtisch.games()
    }
    try:
        from pettingzoo.classic import texas_holdem_v4

        makers["pettingzoo texas_holdem_v4"] = texas_holdem_v4.env
    except ImportError as exc:
        print(f"texas_holdem_v4 not available ({exc}); install rlcard==1.2.0 and pygame-ce")

    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    kind = "CPU" if args.cpu else "wall"
    print(
        f"random masked policy, {args.seconds:.0f} s of {kind} time per environment in {args.slices} "
        "alternating slices (so load changes hit all alike), one process\n"
    )
    totals = {name: [0, 0, 0.0, 0.0] for name in makers}
    for k in range(args.slices):
        for name, make in makers.items():
            for i, x in enumerate(run_loop(make, args.seconds / args.slices, seed=1000 * k)):
                totals[name][i] += x
    column = 3 if args.cpu else 2
    rates = {name: t[0] / t[column] for name, t in totals.items()}
    walls = {name: t[0] / t[2] for name, t in totals.items()}
    print("a step is one agent action (for Dog: one token of a turn; see stammtisch.rl.dog)")
    print(f"{'':<36} {'steps/s':>9}  {'games/s':>7}  (per {kind} second; wall: steps/s)")
    for name, t in totals.items():
        print(f"{name:<36} {rates[name]:9.0f}  {t[1] / t[column]:7.1f}  (wall {walls[name]:6.0f})")
    holdem = rates.get("pettingzoo texas_holdem_v4")
    if holdem is None:
        return
    print()
    for game in stammtisch.games():
        name = f"stammtisch {game} {options_for(game)}"
        wall = walls[name] / walls["pettingzoo texas_holdem_v4"]
        print(
            f"ratio {game} / texas_holdem_v4: {rates[name] / holdem:5.2f}x  (goal >= {GOALS.get(game, 3.0):.0f}x)"
            f"  by wall time: {wall:5.2f}x"
        )
    print(
        f"\nobservation encoding per position ({kind} time): the fast path (encode_state, what the environments"
    )
    print("use) against the reference path (view from the engine + codec tensor of the view):")
    for game in stammtisch.games():
        fast_us, view_us, enc_us = encoding_cost(game, options_for(game))
        print(
            f"  {game:<9} encode_state {fast_us:6.1f} us   observe {view_us:6.1f} us + encode {enc_us:6.1f} us"
            f" = {view_us + enc_us:6.1f} us  ({(view_us + enc_us) / fast_us:4.1f}x)"
        )
    print(f"# load average at the end: {load()}")


if __name__ == "__main__":
    main()
