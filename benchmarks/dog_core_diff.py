"""Differential check of the compiled Dog core against the pure-Python engine, at scale.

The default test suite (tests/games/dog/test_dog_core.py) compares a few thousand
sampled positions; this script compares many more: positions from random games (every
5th play-phase position) on 4 and 6 players and on every variant of
tests/games/dog/dog_positions.py (2, 3, 5 players, teams of three, the 7 with the
partner, the house rules), move for move (text, body, resulting position, in order);
the same positions made late (some seats home, teammates helping: DOG-19, DOG-22); and a
share of them per card against the brute-force generator of
tests/games/dog/dog_bruteforce.py (tables without house rules). Run:

    PYTHONPATH=src python benchmarks/dog_core_diff.py [--positions 10000] [--brute-every 20]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.games.dog import house_rules
from stammtisch.games.dog.coretable import TableState
from stammtisch.games.dog.moves import MoveGen, hand_ranks
from stammtisch.games.dog.state import DogState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "games" / "dog"))
from dog_bruteforce import Brute
from dog_positions import VARIANTS, late

HOUSE_RULES = {"two_steals", "no_jack_reswap", "last_peg_no_joker"}


def compare(s: DogState) -> tuple[bool, int]:
    assert s.current is not None
    ranks, counts = hand_ranks(s.hands[s.current])
    pure = MoveGen(s.pos, s.fresh, s.current, s.board, None, s.game.partner7).actions(ranks, counts)
    if s.game.house_rules:
        pure = house_rules.filter_plays(s, s.current, ranks, pure)
    core = s.legal_actions()
    if len(core) == 1 and core[0].text == "fold":
        core = []
    same = (
        [a.text for a in core] == [a.text for a in pure]
        and [a.body for a in core] == [a.body for a in pure]
        and [a.result for a in core] == [a.result for a in pure]
    )
    return same, len(core)


def brute_check(s: DogState, brute: Brute) -> bool:
    count, per_card = brute.count(s.to_json())
    acts = [a for a in s.legal_actions() if a.text != "fold"]
    if (len(acts) or 1) != count:
        return False
    got: dict[str, set[Any]] = {}
    for a in acts:
        card = a.text.split(":")[0].split("=")[0]
        got.setdefault(card, set()).add(brute.key(*brute.read(s.apply_unchecked(a).to_json()["pegs"])))
    return got == {card: outs for card, outs in per_card.items() if outs}


def table_games(options: dict[str, Any], games: int) -> str:
    """Seeded games on the core's table and on the pure engine, compared move for move."""
    name = ", ".join(f"{k}={v}" for k, v in options.items())
    fast_game = stammtisch.load("dog", **options)
    old = os.environ.get("STAMMTISCH_PURE")
    os.environ["STAMMTISCH_PURE"] = "1"
    try:
        pure_game = stammtisch.load("dog", **options)
    finally:
        if old is None:
            del os.environ["STAMMTISCH_PURE"]
        else:
            os.environ["STAMMTISCH_PURE"] = old
    if not isinstance(fast_game.new_game(0), TableState):
        return f"{name}, table: the compiled core's table is not in use (not built, or forced off)"
    steps = bad = ended_apart = 0
    for seed in range(games):
        rng = random.Random(seed)
        fast = fast_game.new_game(seed)
        pure = pure_game.new_game(seed)
        while not pure.is_terminal:
            if fast.is_terminal:
                ended_apart += 1
                break
            fl = fast.legal_actions()
            pl = pure.legal_actions()
            same = fast.clone().to_json() == pure.to_json() and [a.text for a in fl] == [a.text for a in pl]
            bad += not same
            k = rng.randrange(len(pl))
            fast = fast.apply_unchecked(fl[k], events=False)
            pure = pure.apply_unchecked(pl[k], events=False)
            steps += 1
        bad += fast.clone().to_json() != pure.to_json()
    return (
        f"{name}, table: {games} seeded games, {steps:,} moves applied on both engines, "
        f"whole position and legal moves compared after every move: {bad} disagreements, "
        f"{ended_apart} games ended apart"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10_000, help="per table size and variant")
    ap.add_argument("--every", type=int, default=5, help="compare every n-th play position")
    ap.add_argument("--brute-every", type=int, default=20, help="brute-force every n-th position")
    ap.add_argument("--games", type=int, default=40, help="whole games on the table, per table size")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    lines = ["# Compiled Dog core vs the pure-Python engine (benchmarks/dog_core_diff.py)", ""]
    t0 = time.time()
    for options in [{"players": 4}, {"players": 6}, *VARIANTS]:
        players = options["players"]
        name = ", ".join(f"{k}={v}" for k, v in options.items())
        game = stammtisch.load("dog", **options)
        if getattr(game, "movegen", None) is None:
            lines.append(f"{name}: the compiled core is not in use (not built, or forced off)")
            continue
        rng = random.Random(players)
        teams = options.get("teams", 0)
        brute = (
            None
            if HOUSE_RULES & options.keys()
            else Brute(players, players // teams if teams else 0, options.get("seven_with_partner", False))
        )
        done = moves = bad = bchecked = bbad = step = 0
        lated = late_moves = late_bad = 0
        seed = 0
        while done < args.positions:
            s = game.new_game(seed)
            seed += 1
            while not s.is_terminal and done < args.positions:
                step += 1
                if s.phase == "play" and step % args.every == 0:
                    same, n = compare(s)
                    done += 1
                    moves += n
                    bad += not same
                    t = late(s, rng)
                    if isinstance(t, DogState) and t.phase == "play" and not t.is_terminal:
                        same, n = compare(t)
                        lated += 1
                        late_moves += n
                        late_bad += not same
                    if brute is not None and done % args.brute_every == 0:
                        bchecked += 1
                        bbad += not brute_check(s, brute)
                legal = s.legal_actions()
                s = s.apply_unchecked(legal[rng.randrange(len(legal))])
        versus = (
            f"per card vs the brute-force generator: {bchecked} positions, {bbad} disagreements"
            if brute is not None
            else "(house rules: no brute-force check)"
        )
        lines.append(
            f"{name}: {done:,} positions from {seed} games, {moves:,} moves compared: {bad} disagreements; "
            f"made late: {lated:,} positions, {late_moves:,} moves, {late_bad} disagreements; {versus}"
        )
    for options in [{"players": 4}, {"players": 6}, *VARIANTS]:
        if not options.get("two_steals"):  # the table holds every variant but the thefts
            lines.append(table_games(options, args.games))
    lines.append(f"({time.time() - t0:.0f} s)")
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
