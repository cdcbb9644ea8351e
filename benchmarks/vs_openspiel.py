"""Stammtisch's ``hard`` search against OpenSpiel's own ``ISMCTSBot`` at equal CPU time per move.

    PYTHONPATH=src nice -n 19 timeout 3000 python benchmarks/vs_openspiel.py \\
        --games zwickern=200,himmel=200,dog=60 --minutes zwickern=15,himmel=15,dog=15 \\
        --seconds-per-move 0.05

Both sides search the same way in outline (information-set MCTS over determinizations drawn
from the seat's view) and value leaves with the same evaluation: ours is the ``hard`` bot
(:class:`stammtisch.bots.ismcts.ISMCTSBot` with the game's bot profile); OpenSpiel's is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` playing on stammtisch's OpenSpiel
registration (:mod:`stammtisch.rl.openspiel`) with the project's ``HeuristicEvaluator``
(leaves valued by the game heuristic's ``evaluate_state``, the call our search makes;
uniform priors; UCT with ``--uct-c`` on a [-1, 1] scale, scaled to the game's utility span).
So the comparison is search against search.

CPU time per move: each side gets an iteration budget (no clock inside a search).
Without ``--seconds-per-move`` ours plays the ``hard`` level's iterations; with it, ours plays
the iterations that take that many CPU seconds per move. OpenSpiel's bot gets the number of
simulations per decision that takes as much CPU per move as ours did. Both counts are
calibrated at the start on positions spread over heuristic self-play games
(``time.process_time``); during the match every move with a choice is timed again and the
means are reported per side. As positions from the match cost the two searches differently
than the calibration positions, OpenSpiel's simulations are rescaled after every deal by the
CPU ratio of that deal (``--no-rebalance`` keeps them fixed, so that a game replays exactly). A move
of several tokens (a Dog 7 split) is one move: OpenSpiel's bot searches once per token and
its move's CPU is the sum.

Seating: every deal is played from every seating of the two sides, the same shuffle each time:
in two-player Zwickern each side takes each seat; at a three-player Himmel table the sides
take turns holding two seats and one (six seatings, each seat held by each side equally
often); in Dog each side is one team, and the teams swap seats. Our win share per game is
the part of the game's win that went to our seats (a shared win is split); its 95% interval
is taken over deals (normal approximation over the deal means), since the games of one deal
are not independent. Each game type stops at its games or after its minutes (no deal starts
later). The output (``--out``, default ``benchmarks/vs_openspiel.md``) is rewritten after
every deal, so an interrupted run keeps what it measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts

import stammtisch
from stammtisch.arena.stats import Interval, mean_interval
from stammtisch.bots import Budget, make_bot
from stammtisch.bots.heuristics import SearchSettings
from stammtisch.bots.ismcts import ISMCTSBot
from stammtisch.bots.profile import profile_for
from stammtisch.bots.values import win_shares
from stammtisch.core.game import Game
from stammtisch.rl.openspiel import HeuristicEvaluator, SpielGame, SpielState, register

sys.path.insert(0, str(Path(__file__).resolve().parent))
from seating import seatings

HERE = Path(__file__).resolve().parent
PLAYERS = {"zwickern": 2, "himmel": 3, "dog": 4}
OURS, THEIRS = 0, 1
DONE_MEANS = {"zwickern": 200, "himmel": 200, "dog": 60}  # games, with share >= 0.6, low > 0.5


class StateEvaluator(HeuristicEvaluator):  # type: ignore[misc]
    """``HeuristicEvaluator`` valuing a leaf with ``evaluate_state``: the same numbers as the
    spectator view's ``evaluate`` (and what our search calls), without building the view."""

    def evaluate(self, state: SpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=np.float64)
        values = self.heuristic.evaluate_state(state.core.state)
        return np.asarray([self.lo + self.span * v for v in values], dtype=np.float64)


@dataclass
class Side:
    """How one side searches, and the CPU seconds of its moves with a choice."""

    count: int  # our iterations, or OpenSpiel's simulations per decision
    cpu: list[float] = field(default_factory=list)


@dataclass
class Table:
    """One game type's match: the games, both sides and the results so far."""

    name: str
    inner: Game[Any]
    spiel: SpielGame
    uct_c: float
    ours: Side
    theirs: Side
    settings: SearchSettings | None = None  # ours: None plays the profile's search settings
    calibration: dict[str, float] = field(default_factory=dict)
    sims_seen: list[int] = field(default_factory=list)  # OpenSpiel's simulations after each deal
    deal_shares: list[float] = field(default_factory=list)
    games: int = 0
    wins: float = 0.0
    truncated: int = 0
    wall: float = 0.0

    def share(self) -> Interval:
        return mean_interval(self.deal_shares)


def make_table(name: str, uct_scale: float, options: Mapping[str, Any] | None = None) -> Table:
    """Both sides' game: the benchmark's player count and ``options`` (default: the rules')."""
    players = PLAYERS[name]
    inner = stammtisch.load(name, players=players, **(options or {}))
    spiel = pyspiel.load_game(register(name), {"players": players, **(options or {})})
    lo, hi, _ = spiel.codec.returns_range
    return Table(name, inner, spiel, uct_scale * (hi - lo) / 2, Side(0), Side(0))


def their_bot(table: Table, sims: int, seed: int) -> Any:
    bot = os_ismcts.ISMCTSBot(
        table.spiel,
        StateEvaluator(table.spiel),
        uct_c=table.uct_c,
        max_simulations=sims,
        random_state=np.random.RandomState(seed % 2**32),
    )
    rng = random.Random(seed)  # the determinizations, drawn reproducibly
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    return bot


def spiel_state(table: Table, inner_state: Any) -> SpielState:
    state: SpielState = table.spiel.new_initial_state()
    state.core.set_state(inner_state)
    return state


def our_move(table: Table, state: SpielState, seat: int, seed: int) -> float:
    """Play our bot's move in ``state``; its CPU seconds."""
    inner = state.inner
    legal = list(inner.legal_actions())
    budget = Budget(iterations=table.ours.count)
    bot = ISMCTSBot(table.inner, seat, random.Random(seed), budget, table.settings)  # "hard", counted
    c0 = time.process_time()
    action = bot.choose(inner.observe(seat), legal)
    cpu = time.process_time() - c0
    for token in table.spiel.codec.tokens(action, seat):
        state.apply_action(token)
    return cpu


def their_move(table: Table, state: SpielState, seat: int, bot: Any) -> float:
    """Play OpenSpiel's move (all its tokens) in ``state``; its CPU seconds."""
    cpu = 0.0
    while not state.is_terminal() and state.current_player() == seat:
        c0 = time.process_time()
        token = bot.step(state)
        cpu += time.process_time() - c0
        state.apply_action(int(token))
        if not state.core.decoder.prefix:
            break  # the move is complete; the seat may move again (a new decision)
    return cpu


def positions(table: Table, count: int, seed: int) -> list[Any]:
    """``count`` positions with a choice, spread evenly over two games of heuristic self-play
    (from the opening to the end: a search's cost per iteration changes as a game goes on)."""
    game = table.inner
    heur = [make_bot("heuristic", game, s, seed + s) for s in range(game.num_players)]
    found: list[Any] = []
    for g in range(2):
        state = game.new_game(seed + g)
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state)
            state = state.apply_unchecked(heur[seat].choose(state.observe(seat), list(legal)), events=False)
    return [found[(2 * i + 1) * len(found) // (2 * count)] for i in range(count)]


def cpu_per_move(table: Table, spots: list[Any], side: int, count: int) -> float:
    cpus: list[float] = []
    for i, inner in enumerate(spots):
        state = spiel_state(table, inner)
        seat = inner.current_player
        if side == OURS:
            table.ours.count = count
            cpus.append(our_move(table, state, seat, 7 + i))
        else:
            cpus.append(their_move(table, state, seat, their_bot(table, count, 7 + i)))
    return statistics.mean(cpus)


def calibrate(table: Table, seconds: float | None, count: int, seed: int) -> None:
    """Set both sides' counts to the CPU per move asked for (ours: the hard level's if None)."""
    spots = positions(table, count, seed)
    iterations = profile_for(table.name).hard()
    cpu = cpu_per_move(table, spots, OURS, iterations)
    if seconds is not None:
        for _ in range(2):
            iterations = max(1, round(iterations * seconds / cpu))
            cpu = cpu_per_move(table, spots, OURS, iterations)
    table.ours.count = iterations
    sims = 20
    for _ in range(3):
        their = cpu_per_move(table, spots, THEIRS, sims)
        sims = max(1, round(sims * cpu / their))
    their = cpu_per_move(table, spots, THEIRS, sims)
    table.theirs.count = sims
    table.calibration = {"positions": len(spots), "ours": cpu, "theirs": their, "sims": sims}


def rebalance(table: Table, ours_from: int, theirs_from: int, ratio: float = 1.0) -> None:
    """Scale OpenSpiel's simulations by the CPU per move the last deal gave each side, so
    that ours stays ``ratio`` times theirs."""
    ours, theirs = table.ours.cpu[ours_from:], table.theirs.cpu[theirs_from:]
    if ours and theirs:
        factor = min(1.5, max(2 / 3, statistics.mean(ours) / ratio / statistics.mean(theirs)))
        table.theirs.count = max(1, round(table.theirs.count * factor))
    table.sims_seen.append(table.theirs.count)


def play_game(table: Table, deal_seed: int, lineup: tuple[int, ...], bot_seed: int) -> tuple[float, bool]:
    """One game from ``deal_seed`` with the sides seated as ``lineup``: our win share."""
    state = spiel_state(table, table.inner.new_game(deal_seed))
    bots = {s: their_bot(table, table.theirs.count, bot_seed + s) for s, side in enumerate(lineup) if side}
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        choice = len(state.inner.legal_actions()) > 1
        if lineup[seat] == OURS:
            cpu = our_move(table, state, seat, bot_seed * 7919 + moves)
            side = table.ours
        else:
            cpu = their_move(table, state, seat, bots[seat])
            side = table.theirs
        if choice:
            side.cpu.append(cpu)
        moves += 1
    shares = win_shares(state.returns())
    total = sum(shares)
    ours = sum(x for x, side in zip(shares, lineup, strict=True) if side == OURS)
    return (ours / total if total > 0 else 0.5), bool(state.truncated)


def play_next_deal(
    table: Table, seed: int, deal: int, balance: bool = True, ratio: float = 1.0
) -> list[float]:
    """``play_deal``, then (with ``balance``) ``rebalance`` by what it cost each side."""
    before = len(table.ours.cpu), len(table.theirs.cpu)
    shares = play_deal(table, seed, deal)
    if balance:
        rebalance(table, *before, ratio)
    return shares


def play_deal(table: Table, seed: int, deal: int) -> list[float]:
    lus = seatings(table.inner.num_players, table.name == "dog")
    out: list[float] = []
    for rot, lu in enumerate(lus):
        share, truncated = play_game(table, seed + deal, lu, (seed * 1000 + deal) * 100 + rot * 10)
        out.append(share)
        table.games += 1
        table.wins += share
        table.truncated += truncated
    table.deal_shares.append(statistics.mean(out))
    return out


@functools.cache
def git_commit() -> str:
    """HEAD when the run started (the first call; later commits do not change the report)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, cwd=HERE).stdout.strip()

    dirty = " (with uncommitted changes)" if git("status", "--porcelain", "--", "src", "benchmarks") else ""
    return (git("rev-parse", "--short", "HEAD") or "unknown") + dirty


def mean_or_nan(xs: list[float]) -> float:
    return statistics.mean(xs) if xs else float("nan")


def sims_text(t: Table) -> str:
    """OpenSpiel's calibrated simulations, and where rebalancing took them (last, range)."""
    first = int(t.calibration["sims"])
    seen = t.sims_seen
    if not seen:
        return str(first)
    return f"{first} → {seen[-1]} ({min(*seen, first)}–{max(*seen, first)})"


def result_row(t: Table, seconds: float | None) -> str:
    share = t.share()
    budget = "hard level" if seconds is None else f"{seconds:g} s"
    ours, theirs = mean_or_nan(t.ours.cpu), mean_or_nan(t.theirs.cpu)
    return (
        f"| {t.name} | {t.inner.num_players} | {budget} | {t.ours.count} / {sims_text(t)} |"
        f" {t.calibration['ours']:.3f} / {t.calibration['theirs']:.3f} | {ours:.3f} / {theirs:.3f}"
        f" ({theirs / ours:.2f}) | {t.games} ({len(t.deal_shares)}) | {t.wins:g} | {share} |"
        f" {t.truncated} | {t.wall / 60:.1f} |"
    )


def verdict(t: Table, seconds: float | None) -> str:
    share = t.share()
    need = DONE_MEANS[t.name]
    met = seconds is None and t.games >= need and share.mean >= 0.6 and share.low > 0.5
    why = [] if met else ["not at the hard level's budget"] if seconds is not None else []
    if t.games < need:
        why.append(f"{t.games} of {need} games")
    if not (share.mean >= 0.6 and share.low > 0.5):
        why.append(f"share {share.mean:.3f}, interval from {share.low:.3f}")
    return f"- {t.name}: " + ("met" if met else "not met (" + "; ".join(why) + ")")


def report(tables: list[Table], args: argparse.Namespace, command: str, started: str, load0: str) -> str:
    load = "{:.1f}/{:.1f}/{:.1f}".format(*os.getloadavg())
    lines = [
        "# `hard` against OpenSpiel's ISMCTSBot (equal CPU per move)",
        "",
        "Written by `benchmarks/vs_openspiel.py` (its docstring says how it plays); rewritten after every deal.",
        "",
        f"`{command}`",
        "",
        f"Commit {git_commit()}; started {started}; seed {args.seed}; {platform.machine()} with"
        f" {os.cpu_count()} cores shared with other work, Python {platform.python_version()},"
        f" open-spiel {version('open_spiel')}; `nice -n 19`. Load average (1/5/15 min) at the start"
        f" {load0}, at the last update {load}. OpenSpiel's UCT constant: {args.uct_c:g} on a [-1, 1]"
        " scale, i.e. " + ", ".join(f"{t.name} {t.uct_c:g}" for t in tables) + ".",
        "",
        "Counts: our iterations / OpenSpiel's simulations per decision (calibrated → after the last deal,"
        " range in brackets, when rebalanced). CPU s/move: calibrated on"
        f" {args.calibration} positions from heuristic self-play, then measured over every move with a"
        " choice in the match (ours / OpenSpiel's; in brackets OpenSpiel's as a multiple of ours). Win share: ours, 95% interval"
        " over deals; wins: games won by our side (shared wins split).",
        "",
        "| game | players | budget per move | counts | calibrated CPU s/move | match CPU s/move |"
        " games (deals) | wins | win share [95%] | truncated | wall min |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *[result_row(t, args.seconds_per_move) for t in tables],
        "",
        "Issue 20's done-means (at the `hard` level's CPU per move: share >= 0.6 with its interval"
        " above 0.5 over >= 200 games per card game and >= 60 Dog games):",
        "",
        *[verdict(t, args.seconds_per_move) for t in tables],
    ]
    return "\n".join(lines) + "\n"


def _flag(text: str) -> bool:
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


def parse_settings(text: str, base: SearchSettings) -> SearchSettings:
    """``"exploration=0.7,rollout_depth=0"`` -> ``base`` with those fields (``none`` for None).

    >>> parse_settings("exploration=0.5,rollout_depth=none", SearchSettings()).rollout_depth is None
    True
    """
    known = [f.name for f in dataclasses.fields(SearchSettings)]
    changes: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = (part.strip() for part in item.partition("="))
        if key not in known:
            raise SystemExit(f"--search: unknown setting {key!r} (known: {', '.join(known)})")
        cast: Callable[[str], Any] = {"rollout": str, "rollout_depth": int, "split_hands": _flag}.get(
            key, float
        )
        try:
            changes[key] = None if value.lower() == "none" else cast(value)
        except ValueError:
            raise SystemExit(f"--search: {key} needs a number or none, not {value!r}") from None
    return dataclasses.replace(base, **changes)


def settings_text(t: Table) -> str:
    settings = t.settings or profile_for(t.name).search
    origin = "the profile's" if t.settings is None else "overridden with --search"
    return f"{t.name}: {settings} ({origin})"


def run_key(table: Table, args: argparse.Namespace) -> dict[str, Any]:
    """What must be the same for a resumed run to continue the same match."""
    settings = table.settings or profile_for(table.name).search
    return {
        "seed": args.seed,
        "seconds": args.seconds_per_move,
        "uct_c": args.uct_c,
        "settings": str(settings),
    }


def save_state(table: Table, path: Path, args: argparse.Namespace) -> None:
    """What a run measured so far, so that ``--resume`` can go on from the next deal."""
    data = {
        "run": run_key(table, args),
        "ours": table.ours.count,
        "theirs": table.theirs.count,
        "ours_cpu": table.ours.cpu,
        "theirs_cpu": table.theirs.cpu,
        "calibration": table.calibration,
        "sims_seen": table.sims_seen,
        "deal_shares": table.deal_shares,
        "games": table.games,
        "wins": table.wins,
        "truncated": table.truncated,
        "wall": table.wall,
    }
    path.write_text(json.dumps(data), encoding="utf-8")


def load_state(table: Table, path: Path, args: argparse.Namespace) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("run") != run_key(table, args):
        raise SystemExit(f"--resume: {path} was measured with {data.get('run')}, not {run_key(table, args)}")
    table.ours.count, table.theirs.count = data["ours"], data["theirs"]
    table.ours.cpu, table.theirs.cpu = data["ours_cpu"], data["theirs_cpu"]
    table.calibration, table.sims_seen = data["calibration"], data["sims_seen"]
    table.deal_shares, table.games, table.wins = data["deal_shares"], data["games"], data["wins"]
    table.truncated, table.wall = data["truncated"], data["wall"]


def per_game(text: str, cast: Callable[[str], Any]) -> dict[str, Any]:
    """``"zwickern=200,dog=60"`` -> ``{"zwickern": 200, "dog": 60}``; a bare value is for all."""
    if "=" not in text:
        return dict.fromkeys(PLAYERS, cast(text))
    pairs = (item.split("=", 1) for item in text.split(",") if item)
    return {k.strip(): cast(v) for k, v in pairs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="zwickern=200,himmel=200,dog=60", help="games per game type")
    ap.add_argument("--minutes", default="600", help="no deal starts later (per game type)")
    ap.add_argument("--seconds-per-move", type=float, default=None, help="default: the hard level's")
    ap.add_argument("--calibration", type=int, default=10, help="positions to calibrate CPU per move on")
    ap.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's UCT constant on a [-1, 1] scale")
    ap.add_argument(
        "--no-rebalance",
        dest="rebalance",
        action="store_false",
        help="keep OpenSpiel's calibrated simulations (default: rescale them after every deal by the"
        " CPU per move the deal gave each side, so the match's CPU per move stays matched)",
    )
    ap.add_argument(
        "--search",
        default="",
        help="our search settings instead of the profile's, e.g. exploration=0.7,rollout_depth=0",
    )
    ap.add_argument(
        "--resume",
        action="store_true",
        help="go on from the deals a run with the same --out saved (OUT.<game>.json): its counts and"
        " results are kept, the next deal is the first one it did not play",
    )
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=HERE / "vs_openspiel.md")
    args = ap.parse_args()
    git_commit()  # the commit the run starts from
    games, minutes = per_game(args.games, int), per_game(args.minutes, float)
    command = "PYTHONPATH=src nice -n 19 python benchmarks/vs_openspiel.py " + " ".join(sys.argv[1:])
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = "{:.1f}/{:.1f}/{:.1f}".format(*os.getloadavg())
    tables: list[Table] = []
    for name in games:
        table = make_table(name, args.uct_c)
        if args.search:
            table.settings = parse_settings(args.search, profile_for(name).search)
        saved = args.out.with_name(f"{args.out.stem}.{name}.json")
        if args.resume and saved.exists():
            load_state(table, saved, args)
            print(f"{name}: resumed after {len(table.deal_shares)} deals ({table.games} games)", flush=True)
        else:
            calibrate(table, args.seconds_per_move, args.calibration, args.seed)
        print(f"{name}: ours {table.ours.count} iterations, OpenSpiel {table.theirs.count} simulations,"
              f" calibrated CPU s/move {table.calibration['ours']:.3f} / {table.calibration['theirs']:.3f}",
              flush=True)  # fmt: skip
        tables.append(table)
        t0 = time.perf_counter()
        wall0 = table.wall
        deal = len(table.deal_shares)
        while table.games < games[name] and time.perf_counter() - t0 < minutes[name] * 60:
            shares = play_next_deal(table, args.seed, deal, args.rebalance)
            deal += 1
            table.wall = wall0 + time.perf_counter() - t0
            print(f"{name} deal {deal}: ours {' '.join(f'{s:.2f}' for s in shares)} | {table.games} games,"
                  f" share {table.share()}, CPU s/move {mean_or_nan(table.ours.cpu):.3f} /"
                  f" {mean_or_nan(table.theirs.cpu):.3f}, OpenSpiel {table.theirs.count} simulations,"
                  f" {table.wall / 60:.1f} min", flush=True)  # fmt: skip
            save_state(table, saved, args)
            args.out.write_text(report(tables, args, command, started, load0), encoding="utf-8")


if __name__ == "__main__":
    main()
