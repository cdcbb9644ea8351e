"""ISMCTS Dog iterations per CPU second: today's bot code against the bot code of a baseline
commit, on the same engine, the same positions and the same seeds, in one process.

    PYTHONPATH=src nice -n 10 python benchmarks/ismcts_speed.py            # writes ismcts_speed.txt
    PYTHONPATH=src python benchmarks/ismcts_speed.py --positions 6 --no-write  # a quick look

The baseline's ``stammtisch/bots`` package is read from git (``--baseline``, by default the
commit before the bots read the integer state) into a temporary package ``baseline_bots``
(its imports of ``stammtisch.bots`` renamed), so both searches run on the engine of the
working tree: the figure is what the bot code changed, not the engine. The positions come
from heuristic self-play over whole games (every ``--every``-th decision with a choice).
Each bot searches every position with the same iteration budget and seed; the time is the
process's CPU time (the machine is shared). The report also counts the positions where
both chose the same action (the searches are the same algorithm; the search keys and the
faster evaluation change no value, so they should agree everywhere).
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots import Budget, make_bot
from stammtisch.bots.ismcts import ISMCTSBot
from stammtisch.bots.profile import profile_for

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "1418e92"  # main before the bots read the integer state
OUT = Path(__file__).with_suffix(".txt")


def load_baseline(rev: str, where: Path) -> Any:
    """The bots package of ``rev`` as the importable package ``baseline_bots``."""
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev, "src/stammtisch/bots"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in names:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(
            ["git", "show", f"{rev}:{name}"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
        target = where / "baseline_bots" / Path(name).relative_to("src/stammtisch/bots")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text.replace("stammtisch.bots", "baseline_bots"))
    sys.path.insert(0, str(where))
    return importlib.import_module("baseline_bots")


def decisions(
    game: Any, count: int, every: int, seed: int, keep: Callable[[Any], bool] = lambda state: True
) -> list[tuple[Any, dict[str, Any], Any]]:
    """Decisions with a choice from heuristic self-play, as (state, view of the seat to
    move, legal): every ``every``-th of those whose state ``keep`` accepts
    (dog_variants_speed.py takes the play phase only)."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    bots = [make_bot("heuristic", game, s, seed + s) for s in range(game.num_players)]
    out: list[tuple[Any, dict[str, Any], Any]] = []
    k = 0
    while len(out) < count:
        if state.is_terminal:
            state = game.new_game(rng.randrange(1 << 30))
        seat = state.current_player
        legal = state.legal_actions()
        view = state.observe(seat)
        if len(legal) > 1 and keep(state):
            k += 1
            if k % every == 0:
                out.append((state, view, legal))
        state = state.apply_unchecked(bots[seat].choose(view, legal), events=False)
    return out


def positions(game: Any, count: int, every: int, seed: int) -> list[tuple[int, dict[str, Any], Any]]:
    """Decisions with a choice from heuristic self-play: (seat, view, legal)."""
    return [(state.current_player, view, legal) for state, view, legal in decisions(game, count, every, seed)]


def measure(
    make: Any, cases: list[tuple[int, dict[str, Any], Any]], iterations: int
) -> tuple[float, int, list[str]]:
    """CPU seconds, iterations done and the choices of one bot over all positions."""
    chosen: list[str] = []
    done = 0
    cpu = 0.0
    for i, (seat, view, legal) in enumerate(cases):
        bot = make(seat, i, iterations)
        c0 = time.process_time()
        action = bot.choose(view, legal)
        cpu += time.process_time() - c0
        done += bot.last_iterations
        chosen.append(str(action))
    return cpu, done, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--every", type=int, default=25, help="take every n-th decision with a choice")
    ap.add_argument("--iterations", type=int, default=280)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    game = stammtisch.load("dog")
    cases = positions(game, args.positions, args.every, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        old = load_baseline(args.baseline, Path(tmp))
        old_ismcts = importlib.import_module("baseline_bots.ismcts")

        def make_old(seat: int, i: int, n: int) -> Any:
            return old_ismcts.ISMCTSBot(game, seat, random.Random(i), old.Budget(iterations=n))

        def make_new(seat: int, i: int, n: int) -> Any:
            return ISMCTSBot(game, seat, random.Random(i), Budget(iterations=n))

        measure(make_old, cases[:2], 20)  # warm up both (imports, caches)
        measure(make_new, cases[:2], 20)
        old_cpu, old_done, old_choice = measure(make_old, cases, args.iterations)
        new_cpu, new_done, new_choice = measure(make_new, cases, args.iterations)
    old_rate = old_done / old_cpu
    new_rate = new_done / new_cpu
    same = sum(a == b for a, b in zip(old_choice, new_choice, strict=True))
    hard = profile_for(game).hard()
    lines = [
        f"$ PYTHONPATH=src nice -n 10 python benchmarks/ismcts_speed.py {' '.join(sys.argv[1:])}".rstrip(),
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, Python "
        f"{platform.python_version()}, Dog engine: {'compiled core' if game.core is not None else 'pure Python'}",
        f"# {len(cases)} positions from heuristic self-play (every {args.every}th decision with a choice,"
        f" seed {args.seed}), {args.iterations} iterations each, CPU time of this process",
        f"baseline bots ({args.baseline}): {old_done} iterations in {old_cpu:.2f} CPU s = {old_rate:.0f} it/s"
        f" ({old_cpu / len(cases):.3f} CPU s/move)",
        f"bots now:                 {new_done} iterations in {new_cpu:.2f} CPU s = {new_rate:.0f} it/s"
        f" ({new_cpu / len(cases):.3f} CPU s/move)",
        f"speed-up: {new_rate / old_rate:.2f}x",
        f"same choice as the baseline: {same} of {len(cases)} positions",
        f"hard level now: ismcts:{hard} = {hard / new_rate:.2f} CPU s/move at this rate",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if not args.no_write:
        OUT.write_text(text)


if __name__ == "__main__":
    main()
