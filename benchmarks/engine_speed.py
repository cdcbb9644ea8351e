"""Random-playout speed of every registered game, side by side with reference engines.

Measures player steps per second of random playouts (legal_actions + apply_unchecked with a
seeded random choice, without keeping what the move log's events need, as bots and
simulations play) for each stammtisch game, and in the same run, measured the same way:

* RLCard UNO, rules only (``env.game.init_game()`` / ``env.game.step``), if rlcard is
  installed (``pip install -e .[bench]``);
* OpenSpiel ``maedn`` (4 players) driven from a Python loop through ``pyspiel``, if
  open-spiel is installed.

Rounds alternate between engines so that a noisy machine hurts all of them alike; the
report gives the median of the rounds and the ratios. Run:

    python benchmarks/engine_speed.py [--seconds 2] [--rounds 5] [--out benchmarks/engine_speed.txt]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import stammtisch
from stammtisch.core.game import Game

Runner = Callable[[float], tuple[int, float]]
# The clock of every runner: wall time by default, CPU time with --cpu (on a loaded shared
# machine CPU time says more about the code than about the neighbours).
CLOCK: list[Callable[[], float]] = [time.perf_counter]


def clock() -> float:
    return CLOCK[0]()


def load_game(name: str, pure: bool = False, **options: object) -> Game[Any]:
    """A game; ``pure`` forces the pure-Python engine (STAMMTISCH_PURE, read when a game
    is created) where compiled code would run (the Dog core, the Zwickern table)."""
    if not pure:
        return stammtisch.load(name, **options)
    old = os.environ.get("STAMMTISCH_PURE")
    os.environ["STAMMTISCH_PURE"] = "1"
    try:
        return stammtisch.load(name, **options)
    finally:
        if old is None:
            del os.environ["STAMMTISCH_PURE"]
        else:
            os.environ["STAMMTISCH_PURE"] = old


def compiled_state(name: str, players: int) -> bool:
    """Whether the game's states run on compiled code here (Dog's core, Zwickern's table,
    Himmel's move generator): then the pure engine is measured beside it."""
    game = load_game(name, players=players)
    if type(game.new_game(0)).__name__ == "TableState":
        return True
    legal = getattr(game, "legal_fn", None)  # Himmel: moves.legal_function()
    return legal is not None and legal is not getattr(
        load_game(name, True, players=players), "legal_fn", None
    )


def stammtisch_runner(name: str, check: str = "", pure: bool = False, **options: object) -> Runner:
    """Random playouts of one game. ``check``: "" plays with ``apply_unchecked`` (the
    engine's own speed); "apply" with ``State.apply`` (the legality check by identity
    first); "text" with the check by text comparison that ``apply`` did before.
    ``pure``: the pure-Python engine even where a compiled core would run."""
    game = load_game(name, pure, **options)

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(1)
        steps = 0
        seed = 0
        t0 = clock()
        while clock() - t0 < seconds:
            state = game.new_game(seed)
            seed += 1
            while not state.is_terminal:
                legal = state.legal_actions()
                act = legal[rng.randrange(len(legal))]
                if check == "apply":
                    state = state.apply(act)
                elif check == "text":  # State.apply as it was, with the check by text
                    if state.is_terminal or isinstance(act, str):
                        raise AssertionError("not a move")
                    if act not in state.legal_actions():
                        raise AssertionError("not legal")
                    state = state.apply_unchecked(act)
                else:
                    state = state.apply_unchecked(act, events=False)
                steps += 1
        return steps, clock() - t0

    return run


def rlcard_uno_runner() -> Runner | None:
    try:
        import rlcard  # type: ignore[import-untyped]
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 1})

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(1)
        game = env.game
        steps = 0
        t0 = clock()
        while clock() - t0 < seconds:
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, clock() - t0

    return run


def maedn_runner(clock: Callable[[], float] = clock) -> Runner | None:
    """OpenSpiel maedn driven from Python (chance sampled with the same seeded RNG)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("maedn", {"players": 4})

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(1)
        steps = 0
        t0 = clock()
        while clock() - t0 < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    r = rng.random()
                    acc = 0.0
                    chosen = outcomes[-1][0]
                    for action, p in outcomes:
                        acc += p
                        if r < acc:
                            chosen = action
                            break
                    state.apply_action(chosen)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    steps += 1
        return steps, clock() - t0

    return run


# How Dog meets its goal, kept here so that the committed output says it. The details
# (profile, instruction counts, a compiled trial) are in benchmarks/dog_legal_actions.txt.
DOG_NOTE = """\
Dog and the 1.0x goal (issue 20): a step runs in the compiled core (games/dog/_core.c)
on every table without house rules (2 to 6 players, alone or in teams; dog (2p) is
DOG-21, everyone alone, on the 64-field board): the state's is_terminal,
legal_actions() and apply_unchecked() are C methods (coretable.TableBase) on the
position as integers; legal_actions() is a list of move codes that makes a DogAction
only for the move read (in C), applied by its code; the DOG-6 reshuffle is in C. What is
left is the driver loop and the random choice, as for maedn.

Zwickern's round in play runs on a compiled table as well (games/zwickern/_table.c): the
play, the redeal and the next seat in C, the deals and scoring in Python.
"""

# How Himmel keeps a margin over its 2x goal, likewise kept here for the committed output.
HIMMEL_NOTE = """\
Himmel: the rules run in Python; only the move generator is compiled (games/himmel/_moves.c,
a port of moves.legal_actions, which stays the specification and the fallback). The common
step (a number card from a full hand laid on a pile or as the new target, one card drawn)
is built in one go in apply_unchecked; clone + _apply_in_place is the specification.
"""


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per engine per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument(
        "--checked",
        action="store_true",
        help="also play with State.apply (legality checked by identity first) and with the "
        "text comparison it used before",
    )
    ap.add_argument("--cpu", action="store_true", help="measure CPU time instead of wall time")
    ap.add_argument("--out", default=None, help="also write the report here")
    args = ap.parse_args(argv)
    if args.cpu:
        CLOCK[0] = time.process_time

    runners: dict[str, Runner] = {}
    for name in stammtisch.games():
        info = stammtisch.info(name)
        players = sorted({info.min_players, 4} & set(range(info.min_players, info.max_players + 1)))
        for p in players:
            runners[f"{name} ({p}p)"] = stammtisch_runner(name, players=p)
            if compiled_state(name, p):
                runners[f"{name} ({p}p) pure Python"] = stammtisch_runner(name, pure=True, players=p)
        if args.checked:
            # Dog on the pure engine: the core's list is searched by identity either way.
            p = players[-1]
            label = f"{name} ({p}p){' pure Python' if name == 'dog' else ''}"
            pure = name == "dog"
            runners[f"{label} apply"] = stammtisch_runner(name, "apply", pure, players=p)
            runners[f"{label} apply, text check"] = stammtisch_runner(name, "text", pure, players=p)
    uno = rlcard_uno_runner()
    if uno:
        runners["RLCard UNO (rules only)"] = uno
    maedn = maedn_runner()
    if maedn:
        runners["OpenSpiel maedn (4p, pyspiel)"] = maedn

    rates: dict[str, list[float]] = {k: [] for k in runners}
    for r in range(args.rounds):
        for label, run in runners.items():
            steps, elapsed = run(args.seconds)
            rates[label].append(steps / elapsed)
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)

    med = {k: statistics.median(v) for k, v in rates.items()}
    lines = [
        "# Engine speed: random-playout player steps per second (median of rounds)",
        f"# python {platform.python_version()} on {platform.machine()}, "
        f"{args.rounds} rounds x {args.seconds:g} s {'CPU' if args.cpu else 'wall'} time per engine, "
        "engines interleaved",
        f"# load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (shared machine)",
        "",
        f"{'engine':34} {'steps/s':>12} {'min':>12} {'max':>12}",
    ]
    for k, v in rates.items():
        lines.append(f"{k:34} {med[k]:12,.0f} {min(v):12,.0f} {max(v):12,.0f}")
    lines.append("")
    uno_rate = med.get("RLCard UNO (rules only)")
    maedn_rate = med.get("OpenSpiel maedn (4p, pyspiel)")
    for k in runners:
        if " apply" in k:
            continue
        if uno_rate and not k.startswith(("RLCard", "OpenSpiel")) and not k.startswith("dog"):
            lines.append(f"ratio {k} / RLCard UNO: {med[k] / uno_rate:.2f}x (goal >= 2x)")
        if maedn_rate and k.startswith("dog"):
            lines.append(f"ratio {k} / OpenSpiel maedn: {med[k] / maedn_rate:.2f}x (goal >= 1.0x)")
    if uno_rate is None:
        lines.append("RLCard not installed: pip install -e .[bench] for the UNO comparison")
    if maedn_rate is None:
        lines.append("open-spiel not installed: pip install -e .[bench] for the maedn comparison")
    for k in runners:
        if k.endswith(" pure Python"):
            fast = k.removesuffix(" pure Python")
            lines.append(f"ratio {fast} compiled / pure Python: {med[fast] / med[k]:.2f}x")
        if k.endswith(" apply"):
            before = med[k + ", text check"]
            lines.append(f"ratio {k} / {k}, text check: {med[k] / before:.2f}x")
    dog_low = [k for k in runners if k.startswith("dog") and maedn_rate and med[k] / maedn_rate < 1.0]
    if dog_low:
        lines += ["", DOG_NOTE.rstrip("\n")]
    if any(k.startswith("himmel") and k.endswith(" pure Python") for k in runners):
        lines += ["", HIMMEL_NOTE.rstrip("\n")]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(report)


if __name__ == "__main__":
    main()
