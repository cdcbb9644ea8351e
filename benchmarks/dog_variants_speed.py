"""Dog's variants on the compiled move generator against the pure-Python one, side by side.

The compiled core's move generator serves every table and option (2 to 6 players, teams of
three, the 7 with the partner, the house rules filtered on top; see
``stammtisch.games.dog.backend``). This measures what that buys per variant, in one
process, on both engines:

* random play: player steps (legal moves + apply) per CPU second, in alternating slices
  of ``--slice`` CPU seconds, median of ``--slices``;
* the ``hard`` bot's search (ISMCTS, fixed iterations, same seeds, same positions from
  heuristic self-play): iterations per CPU second, and the CPU seconds one ``hard`` move
  takes at that rate (its iterations are fixed per game, not per engine, so on the pure
  engine a variant's ``hard`` move took that much longer).

With the compiled engine the bots' evaluation is compiled too (``_core.Eval``, the same
doubles as ``dog_eval.DogEval``), with the pure one it runs in Python. The base rules (4
players) are listed for reference. The whole position is compiled too on
every variant but the thefts (two_steals), whose position stays the pure engine's. Run:

    PYTHONPATH=src nice -n 10 python benchmarks/dog_variants_speed.py   # writes the .txt
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots import Budget
from stammtisch.bots.heuristics.dog_eval import evaluator
from stammtisch.bots.ismcts import ISMCTSBot
from stammtisch.bots.profile import profile_for

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ismcts_speed import decisions

OUT = Path(__file__).with_suffix(".txt")
CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3},
    {"players": 5},
    {"players": 6, "teams": 2},
    {"players": 4, "seven_with_partner": True},
    {"players": 6, "teams": 2, "seven_with_partner": True},
    {"players": 4, "no_jack_reswap": True, "last_peg_no_joker": True},
    {"players": 4, "two_steals": True, "no_jack_reswap": True, "last_peg_no_joker": True},
]


@contextmanager
def pure() -> Iterator[None]:
    """``STAMMTISCH_PURE`` set: the pure engine (read when a game is loaded) and the bots'
    evaluation in Python (read when the search asks for it)."""
    old = os.environ.get("STAMMTISCH_PURE")
    os.environ["STAMMTISCH_PURE"] = "1"
    try:
        yield
    finally:
        if old is None:
            del os.environ["STAMMTISCH_PURE"]
        else:
            os.environ["STAMMTISCH_PURE"] = old


def load_pure(options: dict[str, Any]) -> Any:
    """The game on the pure engine."""
    with pure():
        return stammtisch.load("dog", **options)


def random_steps(game: Any, seconds: float, seed: int) -> float:
    """Random play for ``seconds`` of CPU: player steps per CPU second."""
    rng = random.Random(seed)
    steps = 0
    s = game.new_game(seed)
    c0 = time.process_time()
    while True:
        for _ in range(200):
            if s.is_terminal:
                s = game.new_game(rng.randrange(1 << 30))
            legal = s.legal_actions()
            s = s.apply_unchecked(legal[rng.randrange(len(legal))], events=False)
            steps += 1
        spent = time.process_time() - c0
        if spent >= seconds:
            return steps / spent


def positions(game: Any, count: int, every: int, seed: int) -> list[dict[str, Any]]:
    """Play-phase positions with a choice from heuristic self-play, as JSON (every
    ``every``-th; ismcts_speed.decisions)."""
    return [
        state.to_json() for state, _, _ in decisions(game, count, every, seed, lambda s: s.phase == "play")
    ]


def search_rate(game: Any, cases: list[dict[str, Any]], iterations: int) -> tuple[float, list[str]]:
    """ISMCTS iterations per CPU second over ``cases`` (same seeds), and its choices. The
    evaluator's memos start empty (they are shared per board: the engine measured second
    would otherwise find the first one's positions valued already)."""
    evaluator.cache_clear()
    profile_for(game).heuristic._last = None
    done = 0
    cpu = 0.0
    chosen: list[str] = []
    for i, data in enumerate(cases):
        s = game.from_json(data)
        seat = s.current_player
        view, legal = s.observe(seat), s.legal_actions()
        bot = ISMCTSBot(game, seat, random.Random(i), Budget(iterations=iterations))
        c0 = time.process_time()
        action = bot.choose(view, legal)
        cpu += time.process_time() - c0
        done += bot.last_iterations
        chosen.append(str(action))
    return done / cpu, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--slice", type=float, default=1.0, help="CPU seconds per random-play slice")
    ap.add_argument("--slices", type=int, default=3)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    first = stammtisch.load("dog")
    if first.movegen is None:
        sys.exit("the compiled Dog core is not built (or STAMMTISCH_PURE is set): nothing to compare")
    hard = profile_for(first).hard()
    lines = [
        f"$ PYTHONPATH=src nice -n 10 python benchmarks/dog_variants_speed.py {' '.join(sys.argv[1:])}".rstrip(),
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, Python "
        f"{platform.python_version()}, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}",
        f"# random play: median of {args.slices} alternating slices of {args.slice} CPU s per engine; "
        f"search: ISMCTS at {args.iterations} iterations on {args.positions} positions from heuristic "
        f"self-play, same seeds; hard = {hard} iterations per move",
        "",
        "| variant | engine | random play steps/s | search it/s | CPU s per hard move | same choices |",
        "|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    for options in CONFIGS:
        name = ", ".join(f"{k}={v}" for k, v in options.items())
        fast = stammtisch.load("dog", **options)
        pure_game = load_pure(options)
        assert fast.movegen is not None and pure_game.movegen is None
        fast_steps: list[float] = []
        pure_steps: list[float] = []
        random_steps(fast, 0.2, 1)  # warm up both
        random_steps(pure_game, 0.2, 1)
        for k in range(args.slices):
            fast_steps.append(random_steps(fast, args.slice, k))
            pure_steps.append(random_steps(pure_game, args.slice, k))
        cases = positions(fast, args.positions, 7, args.seed)
        fast_rate, fast_choice = search_rate(fast, cases, args.iterations)
        with pure():
            pure_rate, pure_choice = search_rate(pure_game, cases, args.iterations)
        same = sum(a == b for a, b in zip(fast_choice, pure_choice, strict=True))
        fs, ps = statistics.median(fast_steps), statistics.median(pure_steps)
        whole = (
            "compiled position, moves and evaluation"
            if fast.core is not None
            else "compiled moves (filtered and evaluated in Python)"
        )
        rows = [
            f"| {name} | {whole} | {fs:,.0f} ({fs / ps:.1f}x) | {fast_rate:,.0f} ({fast_rate / pure_rate:.1f}x) "
            f"| {hard / fast_rate:.2f} | {same} of {len(cases)} |",
            f"| {name} | pure Python | {ps:,.0f} | {pure_rate:,.0f} | {hard / pure_rate:.2f} | |",
        ]
        print("\n".join(rows), flush=True)
        lines += rows
    text = "\n".join(lines) + "\n"
    if not args.no_write:
        OUT.write_text(text)


if __name__ == "__main__":
    main()
