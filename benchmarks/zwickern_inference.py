"""How much the plays since the deal tell about the other hand in Zwickern.

    PYTHONPATH=src nice -n 10 python benchmarks/zwickern_inference.py   # writes zwickern_inference.txt

The search's inference (``SearchSettings.infer_temperature``, bots/heuristics/zwickern_infer.py)
weighs each dealing of the other hand by the chance of the other player's plays since the
deal with it. This measures what those weights know, on two-player matches in which the
other player is the model itself (the ``heuristic`` bot, which plays the heuristic's best
card: the most the model can read) or the ``hard`` bot (a search, which the model only
approximates).

At every decision where the other player has played since the deal and still holds cards,
it draws ``--dealings`` dealings of the unseen cards that fit the mover's view (uniform, as
the search draws them) and reports, per likelihood temperature:

* **gain**: the log of how much more weight the true hand gets than the average dealing
  (nats; 0 means the plays tell nothing, and knowing the hand outright is about
  ``log(number of possible hands)``, printed beside it);
* **true rank**: the share of the dealings that get less weight than the true hand (0.5:
  no better than chance).
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import stammtisch
from stammtisch.bots import make_bot, zwickern_search
from stammtisch.bots.heuristics.zwickern_infer import worth_weighing

OUT = Path(__file__).with_suffix(".txt")
TEMPERATURES = (0.5, 1.0, 2.0, 4.0)


def _full(state: Any, game: Any) -> tuple[Any, ...]:
    return zwickern_search.position(state.observe(None), state.hands, state.deck, game)


def measure(opponent: str, games: int, dealings: int, seed: int) -> dict[str, Any]:
    ext = zwickern_search.compiled()
    game = stammtisch.load("zwickern", players=2)
    gains: dict[float, list[float]] = {t: [] for t in TEMPERATURES}
    ranks: dict[float, list[float]] = {t: [] for t in TEMPERATURES}
    hands_log: list[float] = []
    for g in range(games):
        # Seat 0 reads; seat 1 is the player read.
        bots = [make_bot("heuristic", game, 0, seed + 10 * g), make_bot(opponent, game, 1, seed + 10 * g + 1)]
        state = game.new_game(seed + g)
        rng = random.Random(seed + g)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = state.observe(seat)
            if seat == 0 and worth_weighing(view):
                plays = [(s, c, list(t)) for s, c, t in state.plays]
                dealt = [game.sample_state(view, rng) for _ in range(dealings)]
                unseen = len(dealt[0].deck) + len(dealt[0].hands[1])
                hands_log.append(math.log(math.comb(unseen, len(state.hands[1]))))
                for t in TEMPERATURES:
                    true = ext.likelihood(_full(state, game), plays, 0, t)
                    others = [ext.likelihood(_full(d, game), plays, 0, t) for d in dealt]
                    top = max(others)
                    mean = top + math.log(sum(math.exp(x - top) for x in others) / len(others))
                    gains[t].append(true - mean)
                    ranks[t].append(sum(x < true for x in others) / len(others))
            state = state.apply(bots[seat].choose(view, state.legal_actions()))
    return {
        "positions": len(hands_log),
        "hands_log": statistics.mean(hands_log),
        "gains": gains,
        "ranks": ranks,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--hard-games", type=int, default=8, help="matches against the hard bot (slower)")
    ap.add_argument("--dealings", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if zwickern_search.compiled() is None:
        raise SystemExit("the compiled Zwickern search is not built")
    started = time.time()
    lines = [
        "# Zwickern: what the plays since the deal tell about the other hand",
        f"# {' '.join(['python', *sys.argv])}",
        f"# {platform.machine()}, Python {platform.python_version()}; seed {args.seed}; "
        f"{args.dealings} dealings per position",
        "",
    ]
    for opponent, games in (("heuristic", args.games), ("hard", args.hard_games)):
        r = measure(opponent, games, args.dealings, args.seed)
        lines.append(
            f"other player `{opponent}`: {games} matches, {r['positions']} positions; knowing the hand "
            f"outright: {r['hands_log']:.2f} nats (log of the possible hands)"
        )
        lines.append(f"{'temperature':>12} {'gain (nats)':>12} {'x weight':>9} {'true rank':>10}")
        for t in TEMPERATURES:
            gain = statistics.mean(r["gains"][t])
            sd = statistics.stdev(r["gains"][t]) / math.sqrt(len(r["gains"][t]))
            rank = statistics.mean(r["ranks"][t])
            lines.append(f"{t:>12} {gain:>7.3f} ±{1.96 * sd:.3f} {math.exp(gain):>9.2f} {rank:>10.3f}")
        lines.append("")
    lines.append(f"# {time.time() - started:.0f} s")
    text = "\n".join(lines) + "\n"
    args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
